"""Spectator views: only what every role's view shows alike (``RuleSystem.public_view``)."""

from __future__ import annotations

import greatwar
from greatwar.ai import make_agent
from greatwar.ai.base import decide
from greatwar.engine.system import common_part
from greatwar.rules.tannenberg import masking
from greatwar.server.views import UNDO, public_view, seat_view


def test_common_part_keeps_what_all_show_alike() -> None:
    german = {"stage": 2, "cards": {"german": "attack"}, "mine": [1, 2], "x": {"y": 1, "z": 2}}
    russian = {"stage": 2, "cards": {}, "mine": [2, 3], "x": {"y": 1, "z": 3}, "only": True}
    assert common_part([german, russian]) == {"stage": 2, "cards": {}, "mine": [2], "x": {"y": 1}}


def test_common_part_matches_listed_entries_by_id() -> None:
    own = [{"id": "u1", "hex": "A1", "masked_by": "mask-1"}, {"id": "u2", "hex": "A2"}]
    enemy = [{"id": "u2", "hex": "A2"}, {"id": "h-7", "hex": "A1"}]
    assert common_part([own, enemy]) == [{"id": "u2", "hex": "A2"}]
    assert common_part([3, 4]) is None


def test_a_gwite_spectator_sees_the_board_but_acts_for_nobody() -> None:
    state = greatwar.load("gwite/teaching").new_state(1)
    seen = public_view(state)
    allied = state.view("allied")
    assert seen["units"] == allied["units"]  # nothing is hidden in this system
    assert seen["legal_actions"] == [] and seen["role"] is None and seen["can_undo"] is False
    assert seen["prompt"].startswith("Waiting for")


def test_16_2_1_a_tannenberg_spectator_sees_masks_as_the_enemy_does() -> None:
    game = greatwar.load("tannenberg/teaching")
    state = game.new_state(7_340_021_119)
    agents = {r: make_agent("random", 1000 + i) for i, r in enumerate(game.roles())}
    while not any(masking.is_masked(state, u) for u in state.data["units"]):
        role = state.active_roles()[0]
        state.apply(role, decide(agents[role], state, role))
    seen = public_view(state)
    shown = {u["id"] for u in seen["units"]}
    for uid in state.data["units"]:
        if masking.is_masked(state, uid) or masking.is_mask(state, uid):
            assert uid not in shown
    assert all("to" not in entry for entry in seen["log"])
    # each side's masks are on the board as anonymous masking counters, where they stand
    on_map = [m for m in state.data["units"] if masking.is_mask(state, m)]
    on_map = [m for m in on_map if state.data["units"][m]["status"] == "on_map"]
    anonymous = [u for u in seen["units"] if u["type"] == "mask" and u["status"] == "on_map"]
    assert on_map
    assert sorted(u["hex"] for u in anonymous) == sorted(
        state.data["units"][m]["hex"] for m in on_map
    )


def test_a_seat_view_offers_undo_only_when_it_may_undo() -> None:
    state = greatwar.load("gwite/teaching").new_state(1)
    role = state.active_roles()[0]
    assert UNDO not in seat_view(state, role)["legal_actions"]
    state.apply(role, state.legal_actions(role)[0])
    assert state.can_undo(role)
    assert seat_view(state, role)["legal_actions"][-1] == UNDO
