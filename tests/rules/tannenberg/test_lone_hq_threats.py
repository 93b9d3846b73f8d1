"""13.1.5, 8.2.4 the HQs alone and threatened, asked on every hex a piece enters: whether
an HQ is in an enemy zone is read from the memoised zone or, when it is not memoised, from
the hex's neighbours (:func:`zoc.controls`).  On positions of random games of the
FICTIONAL teaching scenario, and with enemy units placed next to lone HQs (the enemy's zone
known or not), the HQs found equal those the rule lists, HQ by HQ: alone in its hex (no
friendly infantry, cavalry, artillery or mask, no friendly garrison) and next to an enemy
unit that is not an HQ, a supply train or a mask, or in an enemy control zone."""

from __future__ import annotations

import random

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.rules.tannenberg import command, fortified, zoc
from greatwar.rules.tannenberg import units as U


def _listed(st: State) -> list[str]:
    """The rule, asked of each HQ from the occupancy of its hex and of its neighbours."""
    stat = U.static(st)
    occupancy = U.occupancy(st)
    neighbours = stat.scenario.board.neighbours
    pending = command._pending_escapes(st)
    found = []
    for side in stat.side_ids:
        enemy = U.enemy_of(st, side)
        for hq in command.hqs_of(st, side):
            here = U.record(st, hq)["hex"]
            alone = here not in fortified.garrisoned_hexes(st, side) and not any(
                stat.units[u].side == side and stat.units[u].type in command.ESCORT_TYPES
                for u in occupancy.get(here, ())
            )
            next_to = any(
                stat.units[u].side == enemy and stat.units[u].type not in command.HARMLESS_TYPES
                for n in neighbours[here]
                for u in occupancy.get(n, ())
            )
            if hq not in pending and alone and (next_to or zoc.controls(st, enemy, here)):
                found.append(hq)
    return found


def test_13_1_5_the_board_s_neighbours_are_mutual() -> None:
    """(What finding the threatened hexes from the enemy units' side relies on.)"""
    board = greatwar.load("tannenberg/teaching").scenario.board
    for h, ns in board.neighbours.items():
        for n in ns:
            assert h in board.neighbours[n], (h, n)


@pytest.mark.parametrize("seed", [1, 6, 11])
def test_13_1_5_8_2_4_lone_threatened_hqs_equal_those_listed_on_random_games(seed: int) -> None:
    game = greatwar.load("tannenberg/teaching", {"three_players": seed == 6})
    st = game.new_state(seed)
    rng = random.Random(seed)
    for n in range(1200):
        if st.is_over():
            break
        if n % 4 == 0:
            assert command.lone_hqs_in_danger(st) == _listed(st)
        role = rng.choice([r for r in st.active_roles() if st.legal_actions(r)])
        st.apply(role, rng.choice(st.legal_actions(role)))


@pytest.mark.parametrize(
    ("enemy_unit", "kind"),
    [
        ("R-1-27-III", "infantry"),
        ("R-HQ-III", "hq"),
        ("R-Train-2", "supply_train"),
        ("mask-russian-1", "mask"),  # 16.2.5 harmless next to it, but its zone reaches
    ],
)
@pytest.mark.parametrize("zone_known", [False, True])
def test_13_1_5_an_hq_next_to_an_enemy_unit_is_in_danger_unless_the_unit_is_harmless(
    enemy_unit: str, kind: str, zone_known: bool
) -> None:
    """(``zone_known``: the enemy's control zone already worked out when the HQs are
    first asked, else read from the hex's neighbours.)"""
    st = greatwar.load("tannenberg/teaching").new_state(1)
    hq = "G-HQ-I"
    here = U.record(st, hq)["hex"]
    assert U.info(st, enemy_unit).type == kind
    assert hq not in command.lone_hqs_in_danger(st)  # (memoised before the enemy moves)
    board = st.game.scenario.board
    free = next(n for n in board.neighbours[here] if not U.units_in(st, n))
    U.place(st, enemy_unit, free)
    if zone_known:
        zoc.controlled_by(st, "russian")
    found = command.lone_hqs_in_danger(st)
    assert found == _listed(st)
    # (an HQ alone in its hex is threatened by a Russian unit next to it: infantry; a
    # mask by its zone (8.2.4); an HQ or a train only in another Russian unit's zone)
    assert (hq in found) == (kind in ("infantry", "mask") or zoc.controls(st, "russian", here))
    if kind == "mask":
        assert hq in found
    U.place(st, "G-1-1-I", here)  # an escort joins it: no longer alone
    assert hq not in command.lone_hqs_in_danger(st)
    assert command.lone_hqs_in_danger(st) == _listed(st)
