"""Rules of thumb for Von Hindenburg's hidden Gruppen (18.0), as the Central Powers.

A simple policy, in this order within each Movement Segment:

* at its start, each Gruppe holding units moves as one, to the hex its strongest unit
  would like best (:meth:`Front.best_move`), once;
* then the units in view move as the other rules of thumb move them;
* then, while fewer than :data:`DUMMIES` dummies stand on the map, a dummy is placed
  with the German stack nearest the enemy, and each dummy moves once toward the nearest
  Russian unit (never into his zones: 18.42 keeps them out);
* last, every German unit in view that no Russian unit stands next to goes under a
  marker (joining one in its hex, or forming one): what the Russian sees at the end of
  the segment is markers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import gruppen as G
from greatwar.rules.gwite.hindenburg import gruppen_moves as M

if TYPE_CHECKING:
    from greatwar.ai.heuristic import Choice, Turn
    from greatwar.ai.heuristic_moves import Front
    from greatwar.engine.state import State

Action = dict[str, Any]
#: how many dummies the policy keeps on the map
DUMMIES = 2


def active(turn: Turn) -> bool:
    """Gruppen actions are open: the Central Powers Movement Segment under 18.0."""
    return any(a["type"] in M.ACTIONS for a in turn.legal)


def first(turn: Turn, front: Front) -> Choice | None:
    """At the start of the segment: each Gruppe of units moves once, as one."""
    st = turn.state
    for box in _markers(st, with_units=True):
        if not turn.memory_has(("gruppe", box)):
            choice = _move_marker(turn, box, lambda m, b=box: _best_for_units(front, st, b, m))
            if choice is not None:
                return choice
    return None


def last(turn: Turn) -> Choice | None:
    """Once the units in view have moved: dummies forward, then the units under markers."""
    st = turn.state
    if len(_markers(st, with_units=False)) < DUMMIES:
        place = _dummy_place(turn)
        if place is not None:
            return place
    for box in _markers(st, with_units=False):
        if not turn.memory_has(("gruppe", box)):
            choice = _move_marker(turn, box, lambda m: _toward_enemy(st, m))
            if choice is not None:
                return choice
    return _conceal(turn)


# --- markers ------------------------------------------------------------------------------


def _markers(st: State, with_units: bool) -> list[str]:
    """The markers on the map holding units (or the dummies), in box order."""
    return sorted(
        (box for box in G.markers(st) if bool(G.contents(st, box)) == with_units), key=int
    )


def _move_marker(turn: Turn, box: str, pick: Any) -> Choice | None:
    """Select the marker, then move it where ``pick`` says, once a phase; None when it
    stays where it is."""
    select = next((a for a in turn.of_type("gruppe_select") if a["gruppe"] == box), None)
    if select is not None:
        return turn.pick(select, f"takes Gruppe {box} in hand")
    moves = [a for a in turn.of_type("gruppe_move") if a["gruppe"] == box]
    turn.remember(("gruppe", box))
    best = pick(moves) if moves else None
    return None if best is None else turn.pick(best, f"moves Gruppe {box} to {best['to']}")


def _best_for_units(front: Front, st: State, box: str, moves: list[Action]) -> Action | None:
    """The Gruppe goes where its strongest unit would go."""
    units = G.contents(st, box)
    strongest = max(units, key=lambda u: (U.printed_attack(st, u) + U.printed_defense(st, u), u))
    here = G.markers(st)[box]["hex"]
    return front.best_move(strongest, moves, here)


def _toward_enemy(st: State, moves: list[Action]) -> Action | None:
    """The move that ends nearest a Russian unit (then the shortest)."""
    enemy = [U.record(st, uid)["hex"] for uid in U.on_map(st, U.enemy_of(st, G.side(st)))]
    if not enemy:
        return None
    board = st.game.scenario.board

    def near(a: Action) -> tuple[int, int, str]:
        return (min(board.distance(a["to"], e) for e in enemy), a["cost"], a["to"])

    return min(moves, key=near)


def _dummy_place(turn: Turn) -> Choice | None:
    """A dummy with the German stack nearest the enemy."""
    st = turn.state
    places = turn.of_type("gruppe_dummy")
    enemy = [U.record(st, uid)["hex"] for uid in U.on_map(st, U.enemy_of(st, G.side(st)))]
    if not places or not enemy:
        return None
    board = st.game.scenario.board
    best = min(places, key=lambda a: (min(board.distance(a["hex"], e) for e in enemy), a["hex"]))
    return turn.pick(best, f"places a dummy in {best['hex']}")


def _conceal(turn: Turn) -> Choice | None:
    """A German unit in view that no Russian unit stands next to goes under a marker."""
    st = turn.state
    board = st.game.scenario.board
    enemy = {U.record(st, uid)["hex"] for uid in U.on_map(st, U.enemy_of(st, G.side(st)))}
    hidden = G.concealed(st)
    for a in [*turn.of_type("gruppe_join"), *turn.of_type("gruppe_form")]:
        uid = a["unit"]
        here = U.record(st, uid)["hex"]
        if uid in hidden or any(n in enemy for n in board.neighbours[here]):
            continue
        return turn.pick(a, f"hides {U.info(st, uid).name} under a Gruppe marker")
    return None
