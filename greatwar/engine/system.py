"""What a rule system provides to the engine: the interface the engine plays games by.

A rule system (``gwite``, ``tannenberg``, in :mod:`greatwar.rules`) knows its
sequence of play as frame handlers, builds a game's initial data, validates
its scenarios and says what each role may see.  The engine knows nothing of
any game: it knows only this interface, which the rule systems subclass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.engine.errors import OptionError, shown_name
from greatwar.engine.labels import plain_label
from greatwar.engine.phases import Action, Frame, Handler

if TYPE_CHECKING:
    import random

    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems


@dataclass(frozen=True)
class OptionSpec:
    """A switch a player may set when starting a game."""

    default: bool | int | str
    description: str
    case: str = ""

    def type_problem(self, name: str, value: object) -> str | None:
        """Why ``value`` is not of the option's declared type (its default's), or None: an
        on/off option takes true or false only (not ``"false"``, ``"no"`` or ``2``)."""
        if type(value) is type(self.default):
            return None
        expected = _TYPE_WORDS[type(self.default)]
        return f"option {name} takes {expected}, not {_kind_of(value)}"


#: an option's declared type in a player's words
_TYPE_WORDS: dict[type, str] = {
    bool: "true or false (on or off)",
    int: "a whole number",
    str: "text (a string)",
}


def _kind_of(value: object) -> str:
    """What a value is, in a player's words (never the value itself: it is not echoed)."""
    words = {bool: "true or false", int: "a whole number", float: "a decimal number"}
    words |= {str: "text (a string)", list: "a list", dict: "an object", type(None): "null"}
    return words.get(type(value), type(value).__name__)


class RuleSystem:
    """Base class of the rule systems; each method is a hook a system fills in."""

    name: str = ""
    handlers: dict[str, Handler]
    options: dict[str, OptionSpec]

    #: whether a seat may not see everything (masks, cards): hotseat play hands over
    hidden_information = False

    #: whether a clone starts with its parent's memo (:meth:`State.clone`): true only if
    #: every memo key names everything its value depends on in terms that never come back
    #: once left (revision counters, the action count, the data itself), and no memoised
    #: value is changed in place afterwards but those :meth:`unshared_memo` names
    clones_share_memo = False

    def __init__(self) -> None:
        self.handlers = {}
        self.options = {}

    def register(self, *handlers: Handler) -> None:
        for h in handlers:
            if h.kind in self.handlers:
                raise ValueError(f"two handlers for frame kind {h.kind!r}")
            self.handlers[h.kind] = h

    # --- scenarios ----------------------------------------------------------

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """Add problems a scenario has under this system's rules."""

    def lacks(self, scenario: Scenario) -> list[str]:
        """What a valid scenario still lacks under this system."""
        return []

    def spare_counters(self, scenario: Scenario) -> dict[str, str]:
        """Counters printed with neither set-up nor arrival that the system's rules
        substitute for others in play, each with the case: they lack nothing."""
        return {}

    def deployed_counters(self, scenario: Scenario) -> dict[str, str]:
        """Counters printed with neither set-up nor arrival that a Player sets up before
        the first Game-Turn under the system's rules, each with the case: they lack
        nothing."""
        return {}

    def check_options(self, scenario: Scenario, problems: Problems) -> None:
        """A scenario's ``[options]`` must name options of its game (an accepted value is
        a value the game uses)."""
        specs = self.options_for(scenario)
        for name in sorted(set(scenario.file.options) - set(specs)):
            known = ", ".join(sorted(specs)) or "none"
            problems.add(("options", name), f"unknown option {name!r}; options: {known}")
        for name, value in scenario.file.options.items():
            wrong = specs[name].type_problem(name, value) if name in specs else None
            if wrong:
                problems.add(("options", name), wrong)

    def options_for(self, scenario: Scenario) -> dict[str, OptionSpec]:
        """The options a player may set for this scenario (a system's games may differ)."""
        return self.options

    def hides_information(self, game: Game) -> bool:
        """Whether a seat of this game may not see everything (hotseat play hands over)."""
        return self.hidden_information

    def resolve_options(self, scenario: Scenario, options: dict[str, Any]) -> dict[str, Any]:
        """Scenario defaults overlaid with the player's options; an unknown name or a value
        not of the option's declared type is an :class:`OptionError` (issue 20, defect 3)."""
        specs = self.options_for(scenario)
        unknown = sorted(set(options) - set(specs), key=str)
        if unknown:
            known = ", ".join(sorted(specs)) or "none"
            names = ", ".join(shown_name(name) for name in unknown)
            raise OptionError(f"unknown option(s) {names}; {self.name} options: {known}")
        wrong = [specs[n].type_problem(n, v) for n, v in sorted(options.items(), key=str)]
        if any(wrong):
            raise OptionError("; ".join(w for w in wrong if w))
        resolved = {name: spec.default for name, spec in specs.items()}
        resolved.update({k: v for k, v in scenario.file.options.items() if k in specs})
        resolved.update(options)
        return resolved

    # --- games --------------------------------------------------------------

    def prepare(self, game: Game) -> Any:
        """Static tables for a game, built once and shared by all its states."""
        return None

    def roles(self, game: Game) -> list[str]:
        raise NotImplementedError

    def role_name(self, game: Game, role: str) -> str:
        return role

    def initial_data(self, game: Game) -> dict[str, Any]:
        raise NotImplementedError

    def start(self, st: State) -> None:
        """Push the first frames of a new state."""
        raise NotImplementedError

    def result(self, st: State) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, st: State, role: str) -> dict[str, Any]:
        return {}

    def labels(self, st: State, role: str, view: dict[str, Any]) -> list[str]:
        """Each of ``view["legal_actions"]`` in a player's words, in order (``st``: the
        state as ``role`` may know it; ``view``: what it may see, whose names a label
        uses).  A system fills in its own table of labels; by default an action's type."""
        return [plain_label(a) for a in view.get("legal_actions", [])]

    def label_view(self, st: State, role: str) -> dict[str, Any]:
        """The parts of :meth:`view` that :meth:`labels` reads (``st``: the state as
        ``role`` may know it), each equal to the view's: by default the whole view.  A
        lean view (what agents are handed, :meth:`State.lean_view`) labels with these."""
        return self.view(st, role)

    def public_view(self, st: State) -> dict[str, Any]:
        """The rule system's part of the view of someone who plays no role (a spectator).

        The safe default shows only what every role's :meth:`view` shows alike
        (:func:`common_part`), so nothing one seat alone may know can reach it; a system
        may override it with a richer public view (an enemy's masks as anonymous pieces).
        """
        return common_part([self.view(st, role) for role in st.game.roles()])  # type: ignore[no-any-return]

    def case_summary(self, case: str) -> str | None:
        """Our own one-line summary of the rule case ``case`` (never the rulebook's words).

        Views add it to log entries and refusals carry it; None when unknown.
        """
        return None

    def case_title(self, case: str) -> str | None:
        """A short title of the rule case ``case``; None when unknown."""
        return None

    def unshared_memo(self, game: Game) -> list[Any]:
        """Memo keys a clone must not take from its parent (values a rule changes in place,
        such as a log read incrementally): see :attr:`clones_share_memo`."""
        return []

    def perspective(self, st: State, role: str | None) -> State:
        """The state as ``role`` (None: a spectator) may know it, on which its view, legal
        actions, prompt and refusals are worked out: the true state itself where nothing is
        hidden from it (the default); else a stand-in without what it may not know (the
        contents of Von Hindenburg's hidden Gruppen), so that what it is offered and shown
        is the same whatever those are.  Never changed, never acted on: actions are
        carried out on the true state (:meth:`perform`)."""
        return st

    def actors(self, st: State, frame: Frame) -> list[str]:
        """The roles who must act on the top ``frame`` now (none: it runs by itself): its
        handler's.  A system whose roles choose on a stand-in (:meth:`perspective`) also
        waits for a role its stand-in gives a choice, so that whether it is asked does
        not tell what it may not know."""
        return list(st.handler(frame).actors(st, frame))

    def perform(self, st: State, frame: Frame, role: str, action: Action) -> None:
        """Carry out ``role``'s legal ``action`` on the top ``frame`` of the true state: its
        handler's ``apply``.  A system whose roles choose on a stand-in
        (:meth:`perspective`) settles here what the truth makes of an action it does not
        allow (a rule reveals what forbids it)."""
        st.handler(frame).apply(st, frame, role, action)

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why ``action`` is refused to ``role`` on the top ``frame`` of ``st`` (the state as
        the role may know it): its handler's reason and case."""
        return st.handler(frame).explain(st, frame, role, action)

    def logged(self, st: State, entry: dict[str, Any]) -> None:
        """A log entry was just written (before anyone could read it): a system may address
        it (``to``) to the roles that may read what it names.  Nothing by default."""

    def log_visible(self, entry: dict[str, Any], role: str) -> bool:
        """Whether a log entry may be shown to ``role`` (entries may name their readers)."""
        readers = entry.get("to")
        return readers is None or role in readers

    def determinize(self, st: State, role: str, rng: random.Random) -> State:
        """A state ``role`` cannot tell from ``st``: a clone whose future dice are drawn
        afresh from ``rng``; systems with hidden information also redraw what ``role``
        may not see. Used by searching agents (never shown to a player); its past
        cannot be undone by replay."""
        world = st.clone()
        world.data["dice"]["seed"] = rng.getrandbits(64)
        return world

    def invariants(self, st: State, moment: str) -> list[str]:
        """Broken invariants (empty when all hold) at ``moment``: ``any`` or ``end_of_phase``."""
        return []

    def projected_vp(self, st: State) -> float:
        """The victory points as they would stand if the game ended now (index side
        positive), for the computer players' evaluation."""
        return float(st.data.get("vp") or 0)

    def vp_swing(self, st: State) -> float | None:
        """The typical swing of :meth:`projected_vp` in this game, the scale on which the
        computer players weigh it; None: the scenario's levels of victory give it."""
        return None

    def scoring_places(self, st: State, side: str) -> list[tuple[list[str], float]]:
        """The places where ``side``'s units score at the end of the game beyond the
        cities' points (a region, a city held by a unit), each with the points one of its
        units (a step) there scores, for the computer players; none by default."""
        return []

    def previews(self, st: State, role: str) -> dict[str, dict[str, dict[str, Any]]]:
        """The numbers of every ruling ``role``'s view previews now (an attack being put
        together, a clash's card matrix): ruling key -> condition (e.g. the pair of cards
        that would give them; "" when there is none) -> numbers.  The numbers are built
        by the same function as the ``numbers`` of the ruling a resolution logs, so the
        fuzzer can hold one to the other (:mod:`greatwar.sim.rulings`)."""
        return {}


_NOTHING = object()


def common_part(values: list[Any]) -> Any:
    """What ``values`` (one view part per role) all show alike.

    Dicts keep the keys all of them have, each with its common part; lists equal in all
    are kept, lists of entries with an ``id`` keep the ids all of them list (each entry's
    common part), other lists keep the elements all of them hold; scalars are kept when
    equal.  Anything not common is left out (an empty list stays an empty list).
    """
    found = _common(values)
    return None if found is _NOTHING else found


def _common(values: list[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        out = {}
        for key in first:
            if all(key in v for v in values[1:]):
                part = _common([v[key] for v in values])
                if part is not _NOTHING:
                    out[key] = part
        return out
    if all(isinstance(v, list) for v in values):
        return _common_list(values)
    return _NOTHING


def _common_list(lists: list[list[Any]]) -> list[Any]:
    def by_id(items: list[Any]) -> dict[Any, Any] | None:
        if not all(isinstance(i, dict) and "id" in i for i in items):
            return None
        return {i["id"]: i for i in items}

    keyed = [by_id(items) for items in lists]
    if all(k is not None for k in keyed) and all(lists):
        out = []
        for ident, entry in keyed[0].items():  # type: ignore[union-attr]
            if all(ident in k for k in keyed[1:]):  # type: ignore[operator]
                part = _common([entry, *(k[ident] for k in keyed[1:])])  # type: ignore[index]
                if part is not _NOTHING:
                    out.append(part)
        return out
    return [item for item in lists[0] if all(item in other for other in lists[1:])]
