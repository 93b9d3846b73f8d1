"""What each seat may see: the board view and the hooks of hidden information.

The standard rules hide nothing: every seat sees the whole board (units, control, the
supply overlay, the attack being put together), and only the parts that are a seat's
own (its HQs' radii) differ between seats.  A game that hides something (Von
Hindenburg's hidden Gruppen, 18.0) overrides the methods of :class:`VisibilityRules`:
the rule system (:mod:`.system`) asks them for the view of a seat and a spectator,
for the state a seat's choices are worked out on (the engine's ``perspective``), for
what the truth makes of a choice (``perform``), for the readers of each log entry as
it is written (``logged``) and for the determinizations of the computer players.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.rules.gwite import combat, command, rail, sequence, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    import random

    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import Game, State


def unit_entries(st: State) -> list[dict[str, Any]]:
    """Every counter of the game with its state (the board is open information): fresh
    entries, which the caller may change."""
    return [_unit_entry(st, uid) for uid in st.game.static.units]


def _unit_entry(st: State, uid: str) -> dict[str, Any]:
    """One counter of :func:`unit_entries`."""
    ui = st.game.static.units[uid]
    u = st.data["units"][uid]
    return {
        "id": uid,
        "name": ui.name,
        "side": ui.side,
        "status": u["status"],
        "hex": u["hex"],
        "steps_lost": u["lost"],
        "markers": list(u["markers"]),
    }


# A view is built after every action (the server, the agents' views), and most of what it
# shows changes only when a unit does: those parts are kept under the units' revisions
# (every change of a unit's record bumps its side's, :mod:`greatwar.rules.pieces`), with
# whatever else they read, and handed out shared: a caller must not change them in place
# (a game whose rules redact the view gets fresh counters, :func:`_counters`).


def _shared_entries(st: State) -> list[dict[str, Any]]:
    """:func:`unit_entries`, kept while no unit changes (the entries are shared); after a
    change, the last list with the changed units' entries made again (an entry reads only
    its own unit's record)."""

    def since(then: tuple[tuple[str, int], ...], entries: list[dict[str, Any]]) -> Any:
        changed = U.changed_between(st, then)
        if changed is None:
            return None
        order = U.order(st)
        updated = list(entries)
        for uid in changed:
            updated[order[uid]] = _unit_entry(st, uid)
        return updated

    return st.kept(("view:units",), U.counts(st), unit_entries, st, update=since)  # type: ignore[no-any-return]


def _counters(st: State, shared: bool) -> list[dict[str, Any]]:
    """The view's counters: shared entries, or fresh ones for rules that redact the view
    (they may change entries in place)."""
    return list(_shared_entries(st)) if shared else unit_entries(st)


def _out_of_supply(st: State) -> list[str]:
    """9.1 the supply overlay (:func:`supply.out_of_supply_units`), kept while nothing it
    reads changes: the supply tables' own key (the units' revisions and the Game-Turn)
    and what feeding off a fortress reads besides (11.22: the fortresses' losses and the
    choice of the unit fed)."""
    data = st.data
    key = (
        U.revision(st),
        data["turn"],
        _items(data.get("fortress_lost")),
        _items(data.get(supply.FORTRESS_FED)),
    )
    return list(st.kept(("view:out_of_supply",), key, supply.out_of_supply_units, st))


def _items(table: dict[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(table.items())) if table else ()


def _command(st: State, role: str) -> dict[str, Any]:
    """10.33 the viewer's HQ radii and the units out of command (:func:`command.view`),
    kept while no unit changes (the radii are traced on the units alone, and Out of
    Command is a marker)."""
    return dict(st.kept(("view:command", role), U.revision(st), command.view, st, role))


def board_view(st: State, role: str | None) -> dict[str, Any]:
    """The rule system's part of a view of ``st`` by ``role`` (None: a spectator), before a
    game's rules redact it (:meth:`VisibilityRules.redact_view`)."""
    shared = not redacts(U.rules(st))
    return {
        "system": "gwite",
        "turn": st.data["turn"],
        "turns": st.game.scenario.info.turns,
        "phasing": st.data["phasing"],
        "phase_track": sequence.phase_track(st),
        "sides": [{"id": s.id, "name": s.name} for s in st.game.scenario.sides],
        "units": _counters(st, shared),
        "control": dict(st.data["control"]),
        "vp": U.rules(st).vp_view(st),
        "waiting_for": [side_name(st, r) for r in st.active_roles()],
        "out_of_supply": _out_of_supply(st) if shared else supply.out_of_supply_units(st),
        "combat": combat.view(st, role or ""),
        "command": _command(st, role or "") if shared else command.view(st, role or ""),
        "rail": rail.view(st, role or ""),  # 5.31 Rail Capacity left, 5.38 units off the map
    }


def redacts(rules: VisibilityRules) -> bool:
    """Whether a game's rules take something out of a seat's view (they override
    :meth:`VisibilityRules.redact_view`)."""
    return U.overridden(rules, VisibilityRules, "redact_view")


class VisibilityRules:
    """The variation points of what each seat may see (a game's rules class may override
    them); the standard rules hide nothing, and each method says so."""

    #: whether a seat may not see everything whatever the options (a game whose hiding is
    #: an optional rule overrides :meth:`hides_information` instead)
    hidden_information: ClassVar[bool] = False

    def hides_information(self, game: Game) -> bool:
        """Whether a seat of this game may not see everything (hotseat play hands the screen
        over, the computer's reasons wait for the end)."""
        return self.hidden_information

    def perspective(self, st: State, role: str | None) -> State:
        """The state as ``role`` (None: a spectator) may know it: ``st`` itself."""
        return st

    def actors(self, st: State, frame: Frame) -> list[str]:
        """Who must act on the top ``frame`` now: its handler's actors."""
        return list(st.handler(frame).actors(st, frame))

    def perform(self, st: State, frame: Frame, role: str, action: Action) -> None:
        """Carry out a legal action on the true state: its handler's ``apply``."""
        st.handler(frame).apply(st, frame, role, action)

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why ``action`` is refused to ``role`` (on the state as it may know it): the
        handler's reason and case."""
        return st.handler(frame).explain(st, frame, role, action)

    def logged(self, st: State, entry: dict[str, Any]) -> None:
        """A log entry was just written: every seat reads it (nothing to address)."""

    def redact_view(self, st: State, role: str | None, view: dict[str, Any]) -> dict[str, Any]:
        """The view of ``role`` (None: a spectator) of ``st`` (the state as it may know it),
        with what it may not see taken out: nothing in the standard rules."""
        return view

    def public_view(self, st: State, common: Callable[[State], dict[str, Any]]) -> dict[str, Any]:
        """A spectator's view: ``common(st)``, what every seat's view shows alike."""
        return common(st)

    def determinize(self, world: State, role: str, rng: random.Random) -> State:
        """Redraw in ``world`` (a clone with its dice reseeded) what ``role`` may not see:
        nothing in the standard rules."""
        return world
