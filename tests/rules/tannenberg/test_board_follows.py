"""The pieces a view shows, kept between calls (issue 18), follow every input they
read: a unit's own record, its supply state (15.0: changed by the enemy's moves too,
15.1.2 a fortification named), its mask (16.1.2) and, for an enemy unit, whether a
mask hides it (16.2.1).  Each test asks the board on a state whose memo is warm,
changes one thing, and checks the board against one made by a state with nothing
kept.  Positions are the FICTIONAL teaching scenario's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import greatwar
from greatwar.ai import RandomAgent
from greatwar.ai.base import decide
from greatwar.engine.state import State
from greatwar.rules.tannenberg import fortified, labels, masking, masks, seats, supply, views
from greatwar.rules.tannenberg import units as U

GERMAN, RUSSIAN = "german", "russian"


def fresh(st: State) -> State:
    """The same data without any memoised table."""
    return State(st.game, st.data)


def same_as_fresh(st: State) -> None:
    for role in st.game.roles():
        for with_supply in (True, False):
            kept = views.units_view(st, role, with_supply)
            assert kept == views.units_view(fresh(st), role, with_supply), (role, with_supply)


def _start() -> State:
    return greatwar.load("tannenberg/teaching").new_state(1)


def _entry(st: State, role: str, uid: str) -> dict[str, Any] | None:
    return next((e for e in views.units_view(st, role) if e["id"] == uid), None)


def test_15_0_a_unit_s_supply_shown_follows_an_enemy_move_that_cuts_its_line() -> None:
    st = _start()
    same_as_fresh(st)
    assert _entry(st, GERMAN, "G-1-1-I")["supply"] == supply.IN_SUPPLY  # type: ignore[index]
    U.place(st, "R-1-6-XV", "A10 B21")  # a Russian across the Germans' lines
    same_as_fresh(st)
    assert _entry(st, GERMAN, "G-1-1-I")["supply"] == supply.OUT_OF_SUPPLY  # type: ignore[index]
    # 15.1.2 a unit fed by a fortification only names it
    assert _entry(st, GERMAN, "G-33L")["supply"] == supply.FORTIFICATION_SUPPLY  # type: ignore[index]
    assert _entry(st, GERMAN, "G-33L")["supply_from"]  # type: ignore[index]
    assert "supply" not in (_entry(st, RUSSIAN, "G-1-1-I") or {})  # never the enemy's
    U.place(st, "R-1-6-XV", "A12 B9")  # gone again
    same_as_fresh(st)
    assert _entry(st, GERMAN, "G-1-1-I")["supply"] == supply.IN_SUPPLY  # type: ignore[index]


def test_2_3_a_unit_s_entry_follows_its_own_record() -> None:
    st = _start()
    same_as_fresh(st)
    U.place(st, "G-1-1-I", "A15 B18")
    U.add_marker(st, "G-2-1-I", "reserve")
    same_as_fresh(st)
    assert _entry(st, GERMAN, "G-1-1-I")["hex"] == "A15 B18"  # type: ignore[index]
    assert "reserve" in _entry(st, RUSSIAN, "G-2-1-I")["markers"]  # type: ignore[index]
    U.set_status(st, "G-3-2-I", "eliminated")
    same_as_fresh(st)
    assert _entry(st, GERMAN, "G-3-2-I")["status"] == "eliminated"  # type: ignore[index]


def _mask(st: State, mask: str, hex_label: str, hidden: list[str]) -> None:
    side = st.game.static.units[mask].side
    role = seats.role_of_unit(st, hidden[0]) if hidden else seats.senior_role(st.game, side)
    masking.put_mask(st, mask, hex_label, hidden, role)


def test_16_2_1_an_enemy_unit_a_mask_hides_is_not_shown_until_it_leaves_the_mask() -> None:
    st = _start()
    same_as_fresh(st)
    here = U.record(st, "G-1-1-I")["hex"]
    _mask(st, "mask-german-1", here, ["G-1-1-I"])
    same_as_fresh(st)
    assert _entry(st, RUSSIAN, "G-1-1-I") is None
    assert _entry(st, GERMAN, "G-1-1-I")["masked_by"] == "mask-german-1"  # type: ignore[index]
    hides = _entry(st, GERMAN, "mask-german-1")["hides"]  # type: ignore[index]
    assert hides == ["G-1-1-I"]
    U.place(st, "G-2-1-I", "A15 B18")  # another unit moves: the hidden one stays hidden
    same_as_fresh(st)
    assert _entry(st, RUSSIAN, "G-1-1-I") is None
    U.place(st, "G-1-1-I", "A15 B18")  # it leaves its mask's hex: seen again
    same_as_fresh(st)
    assert _entry(st, RUSSIAN, "G-1-1-I") is not None
    assert _entry(st, GERMAN, "mask-german-1")["empty"]  # type: ignore[index]


def test_16_1_1_a_lifted_mask_shows_what_it_hid() -> None:
    st = _start()
    here = U.record(st, "G-1-1-I")["hex"]
    _mask(st, "mask-german-1", here, ["G-1-1-I"])
    same_as_fresh(st)
    assert _entry(st, RUSSIAN, "G-1-1-I") is None
    masking.lift(st, "mask-german-1")  # the mask alone changes
    same_as_fresh(st)
    assert _entry(st, RUSSIAN, "G-1-1-I") is not None
    assert "masked_by" not in _entry(st, GERMAN, "G-1-1-I")  # type: ignore[operator]


def test_15_1_2_a_unit_fed_by_a_fortification_names_the_one_feeding_it() -> None:
    st = _start()
    U.place(st, "R-1-6-XV", "A10 B21")
    same_as_fresh(st)
    assert _entry(st, GERMAN, "G-33L")["supply_from"] == "A10 B23"  # type: ignore[index]
    fortified.lose_levels(st, "A10 B23", fortified.DESTROYED, "tannenberg 12.2.7")
    same_as_fresh(st)


def test_16_2_1_a_mask_moved_off_a_unit_no_longer_hides_it() -> None:
    """The mask alone changes (moved by hand, its unit left behind): the unit is seen."""
    st = _start()
    here = U.record(st, "G-1-1-I")["hex"]
    _mask(st, "mask-german-1", here, ["G-1-1-I"])
    same_as_fresh(st)
    U.place(st, "mask-german-1", "A15 B18")
    same_as_fresh(st)
    assert _entry(st, RUSSIAN, "G-1-1-I") is not None


def test_16_1_2_a_mask_s_contents_follow_its_side_s_units() -> None:
    st = _start()
    here = U.record(st, "G-1-1-I")["hex"]
    _mask(st, "mask-german-1", here, ["G-1-1-I"])
    same_as_fresh(st)
    U.set_status(st, "G-1-1-I", "eliminated")  # the mask alone is unchanged
    same_as_fresh(st)
    assert _entry(st, GERMAN, "mask-german-1")["hides"] == []  # type: ignore[index]


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (2, {}), (3, {"three_players": True})])
def test_the_board_follows_every_step_of_a_random_game(seed: int, options: dict[str, Any]) -> None:
    """Every step of a random game (orders, masks placed and lifted, moves, clashes,
    supply): each seat's board, kept and updated, is the one a state with nothing kept
    makes."""
    game = greatwar.load("tannenberg/teaching", options)
    st = game.new_state(seed)
    agents: dict[str, Any] = {r: RandomAgent(seed * 10 + n) for n, r in enumerate(game.roles())}
    rng = random.Random(seed)
    steps = 0
    while not st.is_over() and steps < 600:
        if rng.random() < 0.5:  # (not at every step: the board is then updated over several)
            same_as_fresh(st)
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agents[role], st, role))
        steps += 1
    same_as_fresh(st)
    assert steps >= 300


def test_16_2_1_the_names_of_the_pieces_follow_a_mask_that_hides_other_units() -> None:
    """The seat's names of its pieces (the labels' words, kept while the view's entries are
    the same) follow the board: a unit moved keeps its name; a mask that comes to hide
    another unit names it."""
    st = _start()
    here = U.record(st, "G-1-1-I")["hex"]
    _mask(st, "mask-german-1", here, ["G-1-1-I"])
    names = labels.piece_names(st.view(GERMAN))
    assert names["mask-german-1"] == f"masking counter 1 (hiding {U.info(st, 'G-1-1-I').name})"
    U.place(st, "G-2-1-I", "A15 B18")  # another unit moves: the names stand
    view = st.view(GERMAN)
    assert labels.piece_names(view) == names
    U.set_note(st, "G-2-1-I", masks.NOTE, "mask-german-1")  # the mask now hides two
    U.place(st, "G-2-1-I", here)
    view = st.view(GERMAN)
    assert labels.piece_names(view) == labels._piece_names(view["units"])
    assert U.info(st, "G-2-1-I").name in labels.piece_names(view)["mask-german-1"]
