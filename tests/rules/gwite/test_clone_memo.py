"""Issue 18: a GWitE clone starts with its parent's memo (``clones_share_memo``).

Clones are taken along random games; the clone and its parent are each played on a few
actions, and at every step the clone's tables (and its parent's) must equal those of a
fresh state with the same data and an empty memo: the legal actions, every seat's view
(supply, command, the log), both sides' supply, zones of control and command, where the
units stand, and the movable units or ready attackers of the segment in hand; and no
table the two share is changed in place by either.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.ai import RandomAgent, decide
from greatwar.rules import pieces
from greatwar.rules.gwite import command, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import ready_attackers
from greatwar.rules.gwite.hindenburg import gruppen
from greatwar.rules.gwite.movement import MovementSegment
from greatwar.rules.gwite.movement_extension import blocked_for


def fresh(st: State) -> State:
    """The same data, copied, without any memoised table."""
    return State(st.game, copy.deepcopy(st.data))


def tables(st: State) -> dict[str, Any]:
    """What the rules derive from ``st`` (asked in this order on both states)."""
    out: dict[str, Any] = {}
    for role in st.game.roles():
        out[f"legal {role}"] = st.legal_actions(role)
        out[f"view {role}"] = st.view(role)
    out["active"] = st.active_roles()
    out["occupancy"] = pieces.occupancy(st)
    out["hex sides"] = pieces.hex_side(st)
    for side in U.static(st).side_ids:
        out[f"on map {side}"] = pieces.on_map(st, side)
        out[f"zoc {side}"] = zoc.controlled_by(st, side)
        out[f"supply {side}"] = supply.table(st, side)
        out[f"radii {side}"] = command.radii(st, side)
        out[f"cover {side}"] = command.covering(st, side)
        out[f"hq only {side}"] = command.hq_only_hexes(st, side)
    for uid in U.on_map(st):
        out[f"blocked {uid}"] = blocked_for(st, uid)
    frame = st.top()
    if frame is not None and frame["kind"] == "movement":
        out["movable"] = MovementSegment().movable(st, frame)
    if frame is not None and frame["kind"] == "combat" and "attacked" in frame:
        out["ready attackers"] = ready_attackers(st, frame)
    return out


def same_as_fresh(st: State, where: str) -> None:
    mine, theirs = tables(st), tables(fresh(st))
    for name in mine:
        assert mine[name] == theirs[name], f"{where}: {name}"


def snapshot(st: State) -> dict[Any, tuple[Any, bytes]]:
    """The memoised values a clone shares with its parent, each with its bytes (the
    stand-in states Hindenburg's perspective keeps are left out: their own memo fills as
    they are read)."""
    return {k: (v, pickle.dumps(v)) for k, v in st._cache.old.items() if not isinstance(v, State)}


def step(st: State, agents: dict[str, Any]) -> None:
    role = next(r for r in st.active_roles() if st.legal_actions(r))
    st.apply(role, decide(agents[role], st, role))


def agents_for(st: State, seed: int) -> dict[str, Any]:
    return {r: RandomAgent(seed + n) for n, r in enumerate(st.game.roles())}


@pytest.mark.parametrize(
    ("scenario", "options", "seed"),
    [
        ("gwite/teaching", {}, 3),
        ("gwite/hindenburg-teaching", {gruppen.OPTION: True}, 5),
        ("gwite/brusilov-teaching", {}, 7),
        ("gwite/caporetto-teaching", {}, 9),
        ("gwite/serbia-galicia-teaching", {}, 11),
    ],
)
def test_clones_share_the_memo_and_keep_the_tables_of_fresh_states(
    scenario: str, options: dict[str, Any], seed: int
) -> None:
    game = greatwar.load(scenario, options)
    assert game.system.clones_share_memo
    st = game.new_state(seed)
    agents = agents_for(st, seed)
    rng = random.Random(seed)
    clones = 0
    for n in range(160):
        if st.is_over():
            break
        if n % 11 == 0:
            tables(st)  # the parent's memo warm with the tables a clone may take
            twin = st.clone()
            assert twin._cache.old  # its parent's tables
            shared = snapshot(twin)
            clones += 1
            twin_agents = agents_for(twin, rng.randrange(1000))
            for k in range(6):
                if twin.is_over():
                    break
                same_as_fresh(twin, f"clone at {n}, step {k}")
                step(twin, twin_agents)
            for _ in range(3):  # the parent played on after its clone
                if st.is_over():
                    break
                step(st, agents)
            same_as_fresh(st, f"parent after its clone at {n}")
            for key, (value, text) in shared.items():  # no shared table changed in place
                assert pickle.dumps(value) == text, (n, key)
            continue
        step(st, agents)
    assert clones >= 5
