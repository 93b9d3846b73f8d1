"""Rules of thumb for Tannenberg 1914 (the heuristic agent's Tannenberg knowledge).

* Orders (13.2, 16.1): attach units of no corps to HQs; no masking (hidden
  information buys nothing against an opponent that does not look).
* Reserves (4.5): none designated; reactions let the enemy pass.
* Movement (4.0): one piece at a time (masks carry the units they hide), each
  to the destination the :class:`~greatwar.ai.heuristic_moves.Front` values
  most, stopping when nothing improves on where it stands; the steps and the
  phase end when every piece has had its turn. No rail, track cutting or
  bridge demolition.
* Trenches (12.1): dig in where the enemy is close, facing him.
* Clashes (9.0): the clashes the rules force are formed as offered; the combat
  card follows the strength of the two sides (9.3): ATTACK when clearly
  stronger, RETREAT when hopelessly weaker and holding nothing of value,
  DEFENCE otherwise; artillery always supports; pursuit always follows.
  Units holding a hex where one enemy unit would win him the game (19.2: the
  Kowal railway) always stand on the DEFENCE and never flee (9.5): an
  encounter battle lost (9.3.7) or a retreat lets him in; a firm rule, which
  the rollout search keeps.
* Reinforcements (17.0) enter as soon as they may.

Small choices left over (flight, retreat routes ...) go to the agent's
one-ply look-ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from greatwar.ai import tables
from greatwar.ai.evaluate import automatic_regions
from greatwar.ai.heuristic_moves import Front
from greatwar.rules.tannenberg import masking, stacking
from greatwar.rules.tannenberg import units as U

if TYPE_CHECKING:
    from greatwar.ai.heuristic import Choice, Turn
    from greatwar.engine.state import State

Action = dict[str, Any]
#: strength ratios for the combat card (9.3)
ATTACK_RATIO = 1.4
RETREAT_RATIO = 0.35
#: the pull of a region where one unit wins the game at once (19.2)
AUTOMATIC_WORTH = 12.0
#: a Tannenberg action takes some 15 ms to try on a copy: look ahead on few choices only
LOOKAHEAD_LIMIT = 5
#: action types this agent leaves alone (tricks whose worth it cannot judge)
SHUNNED = frozenset(
    {
        "mask",
        "empty_mask",
        "lift_mask",
        "cancel_mask",
        "reserve",
        "unreserve",
        "load",
        "unload",
        "rail_select",
        "rail_move",
        "cut_track",
        "destroy_bridge",
        "repair_track",
        "leave_map",
        "destroy_trench",
        "cancel_trench",
        "drop_gun",
        "drop_hex",
        "add_hex",
        "delay_entry",
        "react",
        "detach",
        "cancel",
        "hold_fire",
    }
)
#: what to do first when it is offered, in order, with the reason
FIRST_CHOICES: tuple[tuple[str, str], ...] = (
    ("attach", "puts a unit under an HQ's command"),
    ("enter", "brings a reinforcement on"),
    ("rail_enter", "brings a reinforcement on by rail"),
    ("place_hq", "places an HQ"),
    ("fire", "supports the clash with its artillery"),
    ("add_gun", "adds a gun to the clash"),
    ("done", "has committed its artillery"),
    ("pursue", "pursues into the ground the enemy gave up"),
    ("stay", "holds its ground"),
    ("stop", "stops its withdrawal"),
    ("let_pass", "keeps its reserves where they are"),
    ("end_orders", "has given its orders"),
    ("end_reserve", "keeps no reserves"),
)


def strength(st: State, uid: str) -> float:
    """A fighting unit's weight: its strength on its current level, less its endurance
    lost (2.3)."""
    rec = U.record(st, uid)
    key = (uid, rec["level"], rec["lost"])  # printed values: kept per game
    known = tables.kept(st.game, "ai-strength", None, dict)
    value = known.get(key)
    if value is None:
        base = float(U.strength(st, uid) or 1)
        value = known[key] = base * (1.0 - 0.1 * rec["lost"])
    return value  # type: ignore[no-any-return]


def carried(st: State, uid: str) -> float | None:
    """What a moving piece brings to a fight: a mask the units it hides (16.1); HQs and
    supply trains nothing."""
    if masking.is_mask(st, uid):
        inside = [u for u in masking.contents(st, uid) if U.info(st, u).level_count]
        return sum(strength(st, u) for u in inside) if inside else None
    if not U.info(st, uid).level_count:
        return None
    return strength(st, uid)


def stack_room(st: State, uid: str, h: str) -> bool:
    """Whether the pieces ``uid`` brings fit in ``h`` (7.1.2)."""
    moving = masking.contents(st, uid) if masking.is_mask(st, uid) else [uid]
    counted = [u for u in moving if stacking.counts(st, u)]
    if not counted:
        return True
    there = [u for u in stacking.counted_units(st, h) if u not in counted]
    together = there + counted
    return len(together) <= stacking.limit(st, together)


def _stack_room_in(st: State) -> Callable[[State, str, str], bool]:
    """:func:`stack_room` for one decision in ``st``: what each moving piece brings is
    counted once, and so is whether it fits in an empty hex (most destinations are)."""
    bringing: dict[str, list[str]] = {}
    alone: dict[str, bool] = {}

    def room(st: State, uid: str, h: str) -> bool:
        counted = bringing.get(uid)
        if counted is None:
            moving = masking.contents(st, uid) if masking.is_mask(st, uid) else [uid]
            counted = bringing[uid] = [u for u in moving if stacking.counts(st, u)]
        if not counted:
            return True
        there = [u for u in stacking.counted_units(st, h) if u not in counted]
        if not there:
            fits = alone.get(uid)
            if fits is None:
                fits = alone[uid] = len(counted) <= stacking.limit(st, counted)
            return fits
        together = there + counted
        return len(together) <= stacking.limit(st, together)

    return room


def goals(st: State, side: str) -> list[tuple[list[str], float]]:
    """19.2 the regions of ``side``'s automatic victories, worth more the fewer units they
    need (the scenario's: kept per game)."""
    return tables.kept(st.game, "ai-goals", side, _goals, st, side)  # type: ignore[no-any-return]


def _goals(st: State, side: str) -> list[tuple[list[str], float]]:
    return [
        (list(clause.hexes), AUTOMATIC_WORTH / clause.needed)
        for clause in automatic_regions(st, side)
        if clause.hexes
    ]


def threats(st: State, side: str) -> list[tuple[list[str], float]]:
    """19.2 the small regions where a single enemy unit wins (or half wins) the game for
    him: a garrison in each of their hexes keeps him out (the scenario's: kept per game)."""
    return tables.kept(st.game, "ai-threats", side, _threats, st, side)  # type: ignore[no-any-return]


def _threats(st: State, side: str) -> list[tuple[list[str], float]]:
    enemy = st.game.static.enemy[side]
    return [
        (list(clause.hexes), AUTOMATIC_WORTH)
        for clause in automatic_regions(st, enemy)
        if clause.garrisoned()
    ]


def front(st: State, side: str) -> Front:
    return Front(
        st, side, strength, _stack_room_in(st), carried=carried, goals=goals, threats=threats
    )


def choose(turn: Turn) -> Choice | None:
    """The Tannenberg rules of thumb for this decision, or None to leave it to look-ahead."""
    kinds = turn.kinds
    if "card" in kinds:
        return _card(turn)
    if "flee" in kinds:
        return _flight(turn)
    if kinds & {"clash", "fight", "add_hex", "drop_hex"}:
        return _form_clash(turn)
    if kinds & {"build_trench", "trench_facing", "end_trenches"}:
        return _trenches(turn)
    if kinds & {"move", "finish"} or kinds & {"end_step", "end_phase"}:
        return _movement(turn)
    for kind, reason in FIRST_CHOICES:
        action = turn.first(kind)
        if action is not None:
            return turn.pick(action, reason)
    plain = [a for a in turn.legal if a["type"] not in SHUNNED]
    if plain and len(plain) < len(turn.legal):
        turn.legal = plain  # leave the rest to look-ahead, without the tricks
    return None


# --- combat cards ---------------------------------------------------------------------------


def _clash_strengths(st: State, side: str) -> tuple[float, float]:
    clash = _clash_frame(st)
    if clash is None:
        return 1.0, 1.0
    enemy = st.game.static.enemy[side]
    mine = sum(strength(st, u) for u in clash["sides"][side]["units"])
    theirs = sum(strength(st, u) for u in clash["sides"][enemy]["units"])
    mine += 2.0 * len(clash["sides"][side].get("garrisons", []))
    theirs += 2.0 * len(clash["sides"][enemy].get("garrisons", []))
    return mine, theirs


def _clash_frame(st: State) -> dict[str, Any] | None:
    return next((f for f in reversed(st.data["stack"]) if f["kind"] == "clash"), None)


def _gate_held(st: State, side: str) -> str | None:
    """19.2 the hex of a region where one enemy unit wins him the game (:func:`threats`)
    that ``side``'s units in the clash hold, if any."""
    clash = _clash_frame(st)
    if clash is None:
        return None
    gates = {h for hexes, _ in threats(st, side) for h in hexes}
    records = st.data["units"]
    return next(
        (records[u]["hex"] for u in clash["sides"][side]["units"] if records[u]["hex"] in gates),
        None,
    )


def _card(turn: Turn) -> Choice:
    from greatwar.ai.evaluate import side_of

    side = side_of(turn.state, turn.role)
    cards = {a["card"]: a for a in turn.of_type("card")}
    gate = _gate_held(turn.state, side)
    if gate is not None and "defence" in cards:  # 9.3.7: the loser of an encounter withdraws
        return turn.insist(
            cards["defence"],
            f"stands on the defence in {gate}: one enemy unit there wins him the game (19.2)",
        )
    mine, theirs = _clash_strengths(turn.state, side)
    ratio = mine / max(theirs, 0.5)
    if ratio >= ATTACK_RATIO and "attack" in cards:
        return turn.pick(cards["attack"], f"attacks: {mine:.0f} against {theirs:.0f}")
    if ratio < RETREAT_RATIO and "retreat" in cards:
        return turn.pick(cards["retreat"], f"falls back: {mine:.0f} against {theirs:.0f}")
    card = cards.get("defence") or next(iter(cards.values()))
    return turn.pick(card, f"stands on the defence: {mine:.0f} against {theirs:.0f}")


def _flight(turn: Turn) -> Choice | None:
    """9.5.1 units holding a hex where one enemy unit wins him the game take their losses
    rather than flee (firm); elsewhere flight is left to look-ahead."""
    from greatwar.ai.evaluate import side_of

    gate = _gate_held(turn.state, side_of(turn.state, turn.role))
    stand = next((a for a in turn.of_type("flee") if a.get("hexes") == 0), None)
    if gate is None or stand is None:
        return None
    return turn.insist(
        stand, f"takes its losses in {gate} rather than flee: one enemy unit there wins (19.2)"
    )


# --- forming clashes -----------------------------------------------------------------------

FORMING = ("add_hex", "drop_hex")
#: how many hexes may be added or left out, at most, to make a clash that may be fought
FORMING_DEPTH = 3


def _form_clash(turn: Turn) -> Choice:
    """9.1.7: form the clashes the rules call for, one that may be fought each time: the
    hexes to add or leave out are found by trying them on the sample."""
    fight = turn.first("fight")
    if fight is not None:
        return turn.pick(fight, "fights the clash as formed")
    plan = [a for a in turn.legal if a in _planned(turn)]
    if plan:
        return turn.pick(plan[0], f"{plan[0]['type'].replace('_', 's ')} {plan[0]['hex']}")
    for action in turn.of_type("clash"):
        if turn.memory_has(("no_clash", action["hex"])):
            continue
        steps = _fightable(turn.state, turn.role, action)
        turn.remember(("no_clash", action["hex"]))  # each focal hex is tried once
        if steps is not None:
            turn.remember(("plan", tuple(_key(a) for a in steps)))
            return turn.pick(action, f"forms a clash on {action['hex']}")
    other = turn.first("end_clashes") or turn.first("cancel")
    if other is not None:
        return turn.pick(other, "finds no clash it can form")
    return turn.pick(turn.rng.choice(turn.legal), "forms the clash as it may")


def _key(action: Action) -> tuple[str, str]:
    return (action["type"], action.get("hex", ""))


def _planned(turn: Turn) -> list[Action]:
    keys = {k for item in turn.memory if item[0] == "plan" for k in item[1]}
    return [a for a in turn.legal if a["type"] in FORMING and _key(a) in keys]


def _fightable(st: State, role: str, clash: Action) -> list[Action] | None:
    """The hexes to add or leave out (at most :data:`FORMING_DEPTH`) after ``clash`` so
    that the clash may be fought, or None."""
    trial = st.clone()
    trial.apply(role, clash)
    frontier: list[tuple[State, list[Action]]] = [(trial, [])]
    for _ in range(FORMING_DEPTH + 1):
        following: list[tuple[State, list[Action]]] = []
        for world, steps in frontier:
            legal = world.legal_actions(role)
            if {"type": "fight"} in legal:
                return steps
            for a in legal:
                if a["type"] in FORMING and len(following) < 8:
                    nxt = world.clone()
                    nxt.apply(role, a)
                    following.append((nxt, [*steps, a]))
        frontier = following
    return None


# --- trenches -------------------------------------------------------------------------------


def _trenches(turn: Turn) -> Choice:
    st = turn.state
    f = turn.front(front)
    facings = [a for a in turn.of_type("trench_facing") if "toward" in a]  # not off the map
    if facings:
        best = max(facings, key=lambda a: f.enemy.get(a["toward"], 0.0) + _near_enemy(f, a))
        return turn.pick(best, f"faces its trench toward {best['toward']}")
    if turn.first("trench_facing") is not None:
        return turn.pick(turn.first("trench_facing"), "faces its trench as it may")
    for a in turn.of_type("build_trench"):
        if f.enemy_next_to(a["hex"]) or _enemy_within(f, a["hex"], 2):
            name = U.info(st, a["unit"]).name
            return turn.pick(a, f"has {name} dig in at {a['hex']}")
    return turn.pick(turn.first("end_trenches"), "digs no more trenches")


def _near_enemy(f: Front, action: Action) -> float:
    toward = action["toward"]
    return -min((f.state.game.scenario.board.distance(toward, e) for e in f.enemy), default=9)


def _enemy_within(f: Front, h: str, radius: int) -> bool:
    board = f.state.game.scenario.board
    return any(board.distance(h, e) <= radius for e in f.enemy)


# --- movement -------------------------------------------------------------------------------


def _movement(turn: Turn) -> Choice:
    st = turn.state
    moves = turn.of_type("move")
    selected = next((a["unit"] for a in turn.legal if a["type"] in ("move", "finish")), None)
    if selected is not None:
        return _move_piece(turn, selected, moves)
    entries = turn.of_type("enter") + turn.of_type("rail_enter")
    if entries:
        f = turn.front(front)
        best = max(entries, key=lambda a: f.hex_value(a["unit"], a["hex"]))
        return turn.pick(best, f"brings {_name(st, best['unit'])} on at {best['hex']}")
    selects = [a for a in turn.of_type("select") if not turn.memory_has(("moved", a["unit"]))]
    if selects:  # a piece that carries a fighting weight (Front.weight) first
        fighting = [a for a in selects if carried(st, a["unit"]) is not None]
        chosen = (fighting or selects)[0]
        turn.remember(("moved", chosen["unit"]))  # one turn in hand per phase
        return turn.pick(chosen, f"takes {_name(st, chosen['unit'])} in hand")
    end = turn.first("end_step") or turn.first("end_phase")
    return turn.pick(end, "has moved every piece it wants to")


def _move_piece(turn: Turn, uid: str, moves: list[Action]) -> Choice:
    st = turn.state
    f = turn.front(front)
    here = U.record(st, uid)["hex"]
    best = f.best_move(uid, moves, here)
    if best is not None:
        return turn.pick(best, f"moves {_name(st, uid)} to {best['to']}")
    stop = turn.first("finish") or turn.first("end_step") or turn.first("end_phase")
    return turn.pick(stop, f"keeps {_name(st, uid)} in {here}")


def _name(st: State, uid: str) -> str:
    if masking.is_mask(st, uid):
        return "a masked stack"
    return str(U.info(st, uid).name)
