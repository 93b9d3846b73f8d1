"""Why a seat cannot act on what it points at: a unit, or a hex (issue 17).

A player clicks (or types) a unit or a hex he expects to act on; when no legal action
is about it, he is told why and by which rule case.  The answer is the rule system's
own refusal (:meth:`~greatwar.engine.system.RuleSystem.explain`) of the action the
player most likely meant (a *probe*: the commonest kind of action of this step that
names a unit, or a hex), worked out on the state as the seat may know it
(:meth:`~greatwar.engine.state.State.seen_by`), exactly as a submitted action would be
refused.

Hidden information: a unit is known only by an id the seat's own view lists, so an id
hidden from the seat (a masked unit, a hidden Gruppe) is answered like an id that does
not exist; an enemy piece is described only by what the view shows of it (its name
there, a mask's "Masking counter"), never by the rule system's reasons about it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from greatwar.server.views import seat_view

if TYPE_CHECKING:
    from greatwar.engine.phases import Action
    from greatwar.engine.state import State

#: the fields an action names its hex by (as the browser client reads them, actions.js)
HEX_KEYS = ("to", "hex", "target")
#: the fields an action names a piece by (``actionUnit`` in actions.js): a unit, or a
#: masking counter (Tannenberg 16.1: lifting or taking back a mask names the mask)
PIECE_KEYS = ("unit", "mask")


@dataclass(frozen=True)
class Why:
    """The answer: whether the seat may act there, and if not why (reason, rule case)."""

    refused: bool
    reason: str
    case: str | None = None
    #: the project's one-line summary of the case (the rule system's case index)
    summary: str | None = None
    unit: str | None = None
    hex: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def text(self) -> str:
        """One line for a player: the reason and its case."""
        return f"{self.reason} [{self.case}]" if self.case else self.reason


def why_not(state: State, role: str, unit: str | None = None, hex_label: str | None = None) -> Why:
    """Why ``role`` cannot act on ``unit`` (an id its view lists) or ``hex_label``."""
    view = seat_view(state, role)
    units = {u["id"]: u for u in view.get("units", [])}
    if unit is not None and unit not in units:
        return _answer(state, f"you see no unit {unit!r}", None, hex_label=hex_label)
    if hex_label is not None and not state.game.scenario.board.on_map(hex_label):
        return _answer(state, f"there is no hex {hex_label!r} on this map", None, unit)
    if state.is_over():
        return _answer(state, "the game is over", None, unit, hex_label)
    if role not in state.active_roles():
        return _not_your_move(state, role, unit, hex_label)
    actions = [a for a in view["legal_actions"] if a.get("type") != "undo"]
    seen_unit = units.get(unit) if unit else None
    if seen_unit is not None and hex_label is None:
        hex_label = seen_unit.get("hex")
    if seen_unit is not None and seen_unit.get("side") == own_side(view, role):
        return _about_own_unit(state, role, actions, seen_unit, hex_label)
    if hex_label is not None and any(_hex_of(a) == hex_label for a in actions):
        return _answer(
            state, f"{hex_label}: an action is offered there", None, unit, hex_label, False
        )
    if seen_unit is not None and not _aimed_past_enemies(view, role, actions):
        return _enemy(state, role, view, seen_unit)
    if hex_label is not None:
        own = _own_units_at(view, role, hex_label)
        if own and not _hex_actions(actions):
            return _about_own_unit(state, role, actions, own[0], hex_label)
        return _about_hex(state, role, view, actions, hex_label, unit)
    return _answer(state, "point at a unit or a hex", None)


def own_side(view: dict[str, Any], role: str) -> str | None:
    """The side ``role`` plays: the role itself, or the side its name begins with (a
    Tannenberg army commander's seat)."""
    sides = [s["id"] if isinstance(s, dict) else s for s in view.get("sides", [])]
    if role in sides:
        return role
    return next((s for s in sides if role.startswith(s)), None)


# --- the answers ------------------------------------------------------------------------


def _answer(
    state: State,
    reason: str,
    case: str | None,
    unit: str | None = None,
    hex_label: str | None = None,
    refused: bool = True,
) -> Why:
    summary = state.game.system.case_summary(case) if case else None
    return Why(refused, reason, case, summary, unit, hex_label)


def _step_case(state: State) -> str | None:
    """The case of the step the game is in (its handler's)."""
    frame = state.top()
    return state.handler(frame).case_of(state, frame) if frame is not None else None


def _not_your_move(state: State, role: str, unit: str | None, hex_label: str | None) -> Why:
    """The refusal :meth:`State.apply` gives a role that is not to move."""
    frame = state.top()
    assert frame is not None
    names = " and ".join(state.game.system.role_name(state.game, r) for r in state.active_roles())
    title = state.handler(frame).title(state, frame)
    reason = f"it is not your move: the game waits for {names} ({title})"
    return _answer(state, reason, _step_case(state), unit, hex_label)


def _explain(state: State, role: str, probe: Action) -> tuple[str, str | None]:
    """The rule system's refusal of ``probe``, on the state as ``role`` may know it."""
    seen = state.seen_by(role)
    frame = seen.top()
    assert frame is not None
    return state.game.system.explain(seen, frame, role, probe)


def _unit_types(actions: list[Action]) -> list[str]:
    """The kinds of action of this step that name a unit and no hex, commonest first
    (``select`` first: what a click on a counter means in a movement step)."""
    counts = Counter(a["type"] for a in actions if "unit" in a and _hex_of(a) is None)
    return sorted(counts, key=lambda t: (t != "select", -counts[t]))


def _hex_actions(actions: list[Action]) -> list[Action]:
    return [a for a in actions if _hex_of(a) is not None]


def _aimed_past_enemies(view: dict[str, Any], role: str, actions: list[Action]) -> bool:
    """Whether a click on an enemy piece may mean a hex action of this step: one that moves
    the selected unit (all name the same unit), or one aimed at enemy-held hexes (an
    attack); else (a mask placed on one's own hex ...) it is a click on the enemy."""
    aimed = _hex_actions(actions)
    if len({a.get("unit") for a in aimed} - {None}) == 1:
        return True
    side = own_side(view, role)
    enemy_hexes = {
        u.get("hex") for u in view.get("units", []) if u.get("side") != side and u.get("hex")
    }
    return any(_hex_of(a) in enemy_hexes for a in aimed)


def _hex_of(action: Action) -> str | None:
    for key in HEX_KEYS:
        value = action.get(key)
        if isinstance(value, str):
            return value
    return None


def _hex_key(action: Action) -> str:
    return next(k for k in HEX_KEYS if isinstance(action.get(k), str))


def _about_own_unit(
    state: State, role: str, actions: list[Action], unit: dict[str, Any], hex_label: str | None
) -> Why:
    uid = unit["id"]
    if any(a.get(key) == uid for a in actions for key in PIECE_KEYS):
        return _answer(state, f"{unit['name']} may act now", None, uid, hex_label, False)
    kinds = _unit_types(actions)
    if not kinds:
        prompt = state.prompt(role)
        reason = f"{unit['name']}: nothing to do with it in this step. {prompt}"
        return _answer(state, reason.strip(), _step_case(state), uid, hex_label)
    reason, case = _explain(state, role, {"type": kinds[0], "unit": uid})
    return _answer(state, reason, case, uid, hex_label)


def _enemy(state: State, role: str, view: dict[str, Any], unit: dict[str, Any]) -> Why:
    """An enemy piece: only what the view shows of it (its name there, its side)."""
    sides = {s["id"]: s.get("name", s["id"]) for s in view.get("sides", []) if isinstance(s, dict)}
    side = str(sides.get(unit.get("side", ""), unit.get("side") or "enemy"))
    whose = f"{side}'" if side.endswith("s") else f"{side}'s"
    reason = f"{unit['name']} is the {whose} piece: you act only on your own"
    return _answer(state, reason, _step_case(state), unit["id"], unit.get("hex"))


def _own_units_at(view: dict[str, Any], role: str, hex_label: str) -> list[dict[str, Any]]:
    side = own_side(view, role)
    return [
        u
        for u in view.get("units", [])
        if u.get("hex") == hex_label and u.get("side") == side and u.get("status") == "on_map"
    ]


def _about_hex(
    state: State,
    role: str,
    view: dict[str, Any],
    actions: list[Action],
    hex_label: str,
    unit: str | None,
) -> Why:
    """A hex no action is about: the refusal of the commonest hex action of this step,
    for the unit those actions move (the selected one), aimed at this hex."""
    aimed = _hex_actions(actions)
    if not aimed:
        prompt = state.prompt(role)
        reason = f"nothing to do at {hex_label} in this step. {prompt}"
        return _answer(state, reason.strip(), _step_case(state), unit, hex_label)
    counts = Counter(a["type"] for a in aimed)
    kind = max(counts, key=lambda t: counts[t])
    model = next(a for a in aimed if a["type"] == kind)
    probe: Action = {"type": kind, _hex_key(model): hex_label}
    if isinstance(model.get("unit"), str):
        probe["unit"] = model["unit"]
    reason, case = _explain(state, role, probe)
    return _answer(state, reason, case, unit, hex_label)


# --- the terminal ------------------------------------------------------------------------


def why_typed(state: State, role: str, typed: str) -> str | None:
    """Why a hex or unit typed in the terminal (a hex label, a unit's id or name as the
    seat's view shows it) cannot act, as one line; None when ``typed`` names neither."""
    text = typed.strip()
    if not text:
        return None
    if state.game.scenario.board.on_map(text):
        return f"cannot act at {text}: {why_not(state, role, None, text).text()}"
    wanted = text.casefold()
    for unit in seat_view(state, role).get("units", []):
        if wanted in (str(unit["id"]).casefold(), str(unit.get("name", "")).casefold()):
            return f"cannot act on {unit['name']}: {why_not(state, role, unit['id']).text()}"
    return None
