"""Legal actions in a player's words: the helpers every rule system's labels share.

Each rule system labels its own actions (:meth:`~greatwar.engine.system.RuleSystem.labels`)
from a table of label functions, one per action type (``greatwar.rules.<system>.labels``);
the view sends the labels with the actions (``view["labels"]``, in the order of
``view["legal_actions"]``), so that the page and the terminal show the same words and
the actions a seat submits stay exactly the legal ones.

A label names units by the names the seat's own view gives them (never an id), so it
tells a seat nothing its view does not: a unit the view does not name is "an unseen
unit".
"""

from __future__ import annotations

import marshal
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from greatwar.engine.phases import Action

#: what a unit the seat's view does not name is called
UNSEEN = "an unseen unit"


@dataclass(frozen=True)
class LabelContext:
    """What a label may draw on: the names the seat's view gives units (and pieces)."""

    names: Mapping[str, str] = field(default_factory=dict)

    def unit(self, uid: Any) -> str:
        """A unit by its name (never its id)."""
        if not isinstance(uid, str):
            return UNSEEN
        return self.names.get(uid, UNSEEN)

    def units(self, uids: Sequence[Any]) -> str:
        """Units by name: "A", "A and B", "A, B and C"."""
        return joined([self.unit(u) for u in uids])


#: a label function: the context and the action -> the label
Labeler = Callable[[LabelContext, Action], str]


def names_of(view: Mapping[str, Any]) -> dict[str, str]:
    """Unit id -> name, as a seat's view gives them (shared: not to be changed)."""
    return kept_names(view.get("units", []), _names, local=True)


def _names(units: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    return {u["id"]: str(u.get("name") or UNSEEN) for u in units if "id" in u}


#: how many views' names :func:`kept_names` keeps per way of naming (one a seat, a few
#: seats at once)
KEPT_NAMES = 4
#: per way of naming: the entries last named, most recent first (kept, so that they stay
#: the same objects), each with the names worked out from them
_named: dict[Callable[..., Any], list[tuple[list[Any], dict[str, str]]]] = {}


def kept_names(
    units: Sequence[Mapping[str, Any]],
    build: Callable[[Sequence[Mapping[str, Any]]], dict[str, str]],
    local: bool = False,
) -> dict[str, str]:
    """``build(units)``, the names of a view's pieces, worked out again only when the entries
    are not the very ones named lately (each seat's view shares its entries while the board
    does not change, and a view's entries are never changed once made; the names are
    shared too: a caller must not change them).  ``local``: an entry's name reads that
    entry alone, so entries made anew (a unit moved) that name as the old ones did keep
    the names too."""
    recent = _named.get(build)
    if recent is None:
        recent = _named[build] = []
    for i, (entries, names) in enumerate(recent):
        if len(entries) != len(units):
            continue
        if all(map(operator.is_, entries, units)):
            return names
        if local and _named_alike(entries, units, build):
            recent[i] = (list(units), names)
            return names
    names = build(units)
    recent.insert(0, (list(units), names))
    del recent[KEPT_NAMES:]
    return names


def _named_alike(
    entries: Sequence[Mapping[str, Any]],
    units: Sequence[Mapping[str, Any]],
    build: Callable[[Sequence[Mapping[str, Any]]], dict[str, str]],
) -> bool:
    """Whether the few entries of ``units`` that are not ``entries``' own objects name as
    those did (an entry-local ``build``; many changed: not worth asking)."""
    differ = [k for k, same in enumerate(map(operator.is_, entries, units)) if not same]
    if len(differ) * 4 > len(units):
        return False
    return all(build([entries[k]]) == build([units[k]]) for k in differ)


def joined(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def path_text(hexes: Sequence[Any]) -> str:
    """A route hex by hex: "0503→0403" ("A20 B7 → A19 B7" where hexes have spaces)."""
    try:
        text = "→".join(hexes)
    except TypeError:  # (a hex not named by a string)
        hexes = [str(h) for h in hexes]
        text = "→".join(hexes)
    return " → ".join(hexes) if " " in text else text


def cost_text(cost: Any, provisional: bool = False, unit: str = "MP") -> str:
    """A cost in brackets: "(2 MP)"; a cost from a provisional table entry is starred."""
    star = "*" if provisional else ""
    return f"({cost}{star} {unit})"


def sentence(text: str) -> str:
    """``text`` with its first letter a capital, its spaces tidied."""
    if not _tidy(text):
        text = " ".join(text.split())
    first = text[:1]
    capital = first.upper()
    return text if capital == first else capital + text[1:]


def _tidy(text: str) -> bool:
    """Whether ``text``'s spaces need no tidying: its only white space single ASCII
    spaces between words (a printable text has no other white space)."""
    return text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " "


def fixed(text: str) -> Labeler:
    """A label that is the same whatever the action's details."""
    return lambda ctx, action: text


def with_unit(template: str, key: str = "unit") -> Labeler:
    """A label naming the action's unit: ``template`` with ``{unit}`` (from ``key``)."""
    return lambda ctx, action: template.format(unit=ctx.unit(action.get(key)))


def label_of(view: Mapping[str, Any], action: Action) -> str | None:
    """``action``'s label in ``view`` (None when the view does not list it or has none)."""
    labels = view.get("labels") or []
    for legal, label in zip(view.get("legal_actions") or [], labels, strict=False):
        if legal == action:
            return str(label)
    return None


def plain_label(action: Action) -> str:
    """The label of an action no table names: its type in words (a last resort)."""
    return sentence(str(action.get("type", "?")).replace("_", " "))


def label_with(table: Mapping[str, Labeler], ctx: LabelContext, action: Action) -> str:
    """``action``'s label by its type's function in ``table`` (a capital first letter;
    an action from a provisional table entry says so)."""
    labeler = table.get(str(action.get("type")))
    text = labeler(ctx, action) if labeler is not None else plain_label(action)
    return sentence(text)


#: how many labels :func:`labels_with` keeps for one table and one set of names
KEPT_LABELS = 4096
#: per table of label functions (its id; the table is kept with it): the sets of names
#: labels were lately worked out with (up to :data:`KEPT_NAMES`, most recent first: a
#: seat's names differ from another's where pieces are hidden), each with its labels by
#: action (its contents as marshal writes them: equal actions built alike, one key)
_said: dict[
    int, tuple[Mapping[str, Labeler], list[tuple[Mapping[str, str], dict[bytes, str]]]]
] = {}


def _labels_kept(table: Mapping[str, Labeler], names: Mapping[str, str]) -> dict[bytes, str]:
    """The labels kept for ``table`` and these names (an empty dict to fill if none)."""
    kept = _said.get(id(table))
    if kept is None or kept[0] is not table:
        kept = _said[id(table)] = (table, [])
    recent = kept[1]
    for i, (known, said) in enumerate(recent):
        if known is names or known == names:
            if i:
                recent.insert(0, recent.pop(i))
            if len(said) > KEPT_LABELS:
                said.clear()
            return said
    said = {}
    recent.insert(0, (names, said))
    del recent[KEPT_NAMES:]
    return said


def labels_with(
    table: Mapping[str, Labeler], ctx: LabelContext, actions: Sequence[Action]
) -> list[str]:
    """Every action's label, in order.  A label depends only on the action and the names
    the view gives units (label functions read nothing else), so the labels of the latest
    names are kept: an action offered again (most are, from one view to the next) is not
    worded again."""
    said = _labels_kept(table, ctx.names)
    out = []
    for action in actions:
        key = marshal.dumps(action, 2)  # (its contents, written without references)
        label = said.get(key)
        if label is None:
            label = said[key] = label_with(table, ctx, action)
        out.append(label)
    return out
