"""4.5 Reserve movement: designation in phase 4 (4.5.1-4.5.3), reactions during the
enemy's movement (4.5.4-4.5.6), no own movement for RESERVE units (4.5.7); and 15.5.2,
the isolated units' roll at the end of phase 4.

Positions are on the FICTIONAL teaching map.  The rulebook's example of 4.5.6 (its
diagram is lost) is laid out here so: German unit 1 (G-1-1-I, 5 MP) moves from
A10 B18 through w = A10 B17 (clear, 1), x = A9 B17 (forest, 2) and y = A8 B17
(forest, 2); the Russian RESERVE unit A (R-1-25-III) waits in A7 B19.  A's
neighbours are A7 B20, A8 B19, A8 B18, A7 B18, A6 B19 and A6 B20.  Unit 1's zone
in w (A10 B18, A11 B17, A11 B16, A10 B16, A9 B17, A9 B18) holds none of them: no
reaction at w.  In x its zone holds A8 B18 (z); in y it holds A8 B18 and A7 B18.
A is on its second level (3 MP): z, a forest on a hill (3) in unit 1's zone (+1),
would cost it 4, but a reserve move costs nothing (4.5.4).
"""

from __future__ import annotations

from typing import Any

from movement_kit import GERMAN, RUSSIAN, Refuse, frame_of, hex_of, move, moving, selectable

from greatwar.refusals import why_not
from greatwar.rules.tannenberg import reserve
from greatwar.rules.tannenberg import units as U

W, X, Y, Z = "A10 B17", "A9 B17", "A8 B17", "A8 B18"
EXAMPLE = {
    "G-HQ-8A": "A10 B20",
    "G-1-1-I": "A10 B18",
    "R-HQ-1A": "A6 B21",  # commands A (range 5)
    "R-1-25-III": {"hex": "A7 B19", "markers": ["reserve"]},
}


def example(position: Any) -> Any:
    """The example's position, A on its second level, in the German movement phase."""
    st = moving(position, EXAMPLE, paused=True)
    U.record(st, "R-1-25-III")["level"] = 1
    st._settle()
    return st


def reactions(st: Any) -> list[dict[str, Any]]:
    return [a for a in st.legal_actions(RUSSIAN) if a["type"] == "react"]


# --- 4.5.1-4.5.3 designation in phase 4 ----------------------------------------------------


def at_reserve_phase(position: Any, units: dict[str, Any], **kw: Any) -> Any:
    return position(units, phase="reserve", **kw)


PHASE_4 = {
    "G-HQ-8A": "A10 B20",
    "G-1-1-I": "A10 B18",
    "G-I-art": "A10 B18",
    "R-HQ-1A": "A13 B20",  # range 5
    "R-1-25-III": "A15 B21",  # commanded, in no German zone
    "R-2-25-III": "A22 B5",  # no HQ near: uncommanded
}


def test_4_5_1_commanded_units_may_be_designated(position: Any) -> None:
    st = at_reserve_phase(position, PHASE_4)
    assert st.top()["kind"] == "reserve_phase"
    assert sorted(st.active_roles()) == [GERMAN, RUSSIAN]
    german = [a["unit"] for a in st.legal_actions(GERMAN) if a["type"] == "reserve"]
    # our reading: only units with a control zone (not artillery or HQs) may stop an enemy
    assert german == ["G-1-1-I"]


def test_4_5_2_uncommanded_units_and_units_in_an_enemy_zone_may_not(
    position: Any, refuse: Refuse
) -> None:
    # R-1-27-III in A11 B18, commanded (3 hexes from its army HQ) but in G-1-1-I's zone
    st = at_reserve_phase(position, {**PHASE_4, "R-1-27-III": "A11 B18"})
    russian = [a["unit"] for a in st.legal_actions(RUSSIAN) if a["type"] == "reserve"]
    assert russian == ["R-1-25-III"]
    err = refuse(st, RUSSIAN, {"type": "reserve", "unit": "R-1-27-III"})
    assert err.case == "tannenberg 4.5.2"
    err = refuse(st, RUSSIAN, {"type": "reserve", "unit": "R-2-25-III"})
    assert err.case == "tannenberg 4.5.2"


def test_4_5_3_a_mask_not_placed_is_refused_by_its_name(position: Any, refuse: Refuse) -> None:
    # a masking counter still on its card (16.1.2) has no anonymous id on the map: asking
    # to designate it (a click on it in the Units list) once crashed looking that id up
    st = at_reserve_phase(position, PHASE_4)
    mask = next(
        u["id"]
        for u in st.view(GERMAN)["units"]
        if u["type"] == "mask" and u["side"] == "german" and u["status"] == "card"
    )
    err = refuse(st, GERMAN, {"type": "reserve", "unit": mask})
    name = U.info(st, mask).name
    assert (err.reason, err.case) == (f"{name} is not a piece on the map", "tannenberg 4.5.3")
    answer = why_not(st, GERMAN, unit=mask)
    assert answer.refused and answer.reason == err.reason


def test_4_5_3_reserve_counters_go_on_when_both_have_chosen(position: Any) -> None:
    st = at_reserve_phase(position, PHASE_4)
    st.apply(GERMAN, {"type": "reserve", "unit": "G-1-1-I"})
    st.apply(GERMAN, {"type": "end_reserve"})
    # the Russians have not ended: the German choice is still secret
    assert st.active_roles() == [RUSSIAN]
    russian_view = {u["id"]: u for u in st.view(RUSSIAN)["units"]}
    assert "reserve" not in russian_view["G-1-1-I"]["markers"]
    assert not any("reserve movement" in e["text"] for e in st.view(RUSSIAN)["log"])
    assert st.view(GERMAN)["reserve"]["chosen"] == ["G-1-1-I"]
    st.apply(RUSSIAN, {"type": "reserve", "unit": "R-1-25-III"})
    st.apply(RUSSIAN, {"type": "unreserve", "unit": "R-1-25-III"})
    st.apply(RUSSIAN, {"type": "reserve", "unit": "R-1-25-III"})
    st.apply(RUSSIAN, {"type": "end_reserve"})
    assert reserve.is_reserve(st, "G-1-1-I") and reserve.is_reserve(st, "R-1-25-III")
    assert st.top()["kind"] == "movement_phase"
    texts = [e["text"] for e in st.view(RUSSIAN)["log"]]
    assert any("designates for reserve movement: 1/1/I" in t for t in texts)


def test_15_5_2_isolated_units_roll_at_the_end_of_phase_4(at_phase: Any, fixed_dice: Any) -> None:
    # G-1-1-I in the corner hex A24 B1: both its neighbours (A24 B2, A23 B2) lie in the
    # zone of R-1-6-XV (A23 B3): no supply line at all (15.5.1).  A 5 costs it 4 points.
    fixed_dice(5)
    st = at_phase({"G-1-1-I": "A24 B1", "R-1-6-XV": "A23 B3"}, phase="reserve")
    frame = st.top()
    assert frame["kind"] == "reserve_phase"
    assert st.active_roles() == []  # nobody may designate: the phase ends at once
    st.handler(frame).run(st, frame)
    assert U.record(st, "G-1-1-I")["lost"] == 4
    assert any(e.get("case") == "tannenberg 15.5.2" for e in st.data["log"])


# --- 4.5.4-4.5.6 reactions --------------------------------------------------------------------


def test_4_5_6_example_no_reaction_when_unit_1_enters_w(position: Any) -> None:
    st = example(position)
    move(st, GERMAN, "G-1-1-I", W)
    assert st.active_roles() == [GERMAN]
    assert hex_of(st, "G-1-1-I") == W


def test_4_5_6_example_a_reaction_at_x_stops_unit_1(position: Any) -> None:
    st = example(position)
    move(st, GERMAN, "G-1-1-I", Y)  # the path runs w, x, y
    # unit 1 has entered x: the move waits for the Russian's answer
    assert hex_of(st, "G-1-1-I") == X
    assert st.active_roles() == [RUSSIAN]
    assert st.legal_actions(GERMAN) == []
    assert reactions(st) == [{"type": "react", "unit": "R-1-25-III", "to": Z}]
    assert st.view(RUSSIAN)["reserve"]["window"] == {"mover": "G-1-1-I", "hex": X}
    st.apply(RUSSIAN, reactions(st)[0])
    # 4.5.4 whatever the cost: z would cost A 3 + 1 = 4, and A has 3
    assert hex_of(st, "R-1-25-III") == Z
    # 4.5.6 unit 1 stops in x with 2 points unused
    assert hex_of(st, "G-1-1-I") == X
    assert "G-1-1-I" in frame_of(st)["done"]
    cases = [e.get("case") for e in st.data["log"]]
    assert "tannenberg 4.5.5" in cases and "tannenberg 4.5.6" in cases


def test_4_5_6_example_or_later_a_reaction_at_y(position: Any) -> None:
    st = example(position)
    move(st, GERMAN, "G-1-1-I", Y)
    st.apply(RUSSIAN, {"type": "let_pass"})
    # the move goes on: unit 1 enters y, where A may go to z or to A7 B18
    assert hex_of(st, "G-1-1-I") == Y
    assert sorted(a["to"] for a in reactions(st)) == ["A7 B18", Z]
    st.apply(RUSSIAN, {"type": "react", "unit": "R-1-25-III", "to": "A7 B18"})
    assert hex_of(st, "G-1-1-I") == Y and "G-1-1-I" in frame_of(st)["done"]


def test_4_5_5_a_reaction_ends_in_the_zone_of_the_unit_that_moved(
    position: Any, refuse: Refuse
) -> None:
    st = example(position)
    move(st, GERMAN, "G-1-1-I", Y)
    # A7 B18 is next to A but not in unit 1's zone while unit 1 is in x
    err = refuse(st, RUSSIAN, {"type": "react", "unit": "R-1-25-III", "to": "A7 B18"})
    assert err.case == "tannenberg 4.5.5"


def test_4_5_5_no_reaction_before_the_unit_has_moved_a_hex(position: Any) -> None:
    # unit 1 starts in x: selecting it opens no window; it moves to y and one opens
    st = moving(position, {**EXAMPLE, "G-1-1-I": X})
    st.apply(GERMAN, {"type": "select", "unit": "G-1-1-I"})
    assert st.active_roles() == [GERMAN]
    move(st, GERMAN, "G-1-1-I", Y)
    assert st.active_roles() == [RUSSIAN]


def test_4_5_4_never_across_a_hexside_no_unit_may_cross(position: Any) -> None:
    # A (RESERVE) in A4 B21 west of the Vistula; unit 1 moves A7 B20 -> A6 B20, whose
    # zone reaches A5 B20 and A5 B21, next to A but across the river: no window opens
    st = moving(
        position,
        {
            "G-HQ-8A": "A7 B21",
            "G-1-1-I": "A7 B20",
            "R-HQ-1A": "A3 B23",
            "R-1-25-III": {"hex": "A4 B21", "markers": ["reserve"]},
        },
    )
    move(st, GERMAN, "G-1-1-I", "A6 B20")
    assert st.active_roles() == [GERMAN]
    assert reserve.reaction_options(st, "G-1-1-I", "A6 B20") == []


def test_4_5_2_a_reserve_unit_in_an_enemy_zone_may_not_react(position: Any) -> None:
    # G-2-1-I in A8 B19 holds A (A7 B19) in its zone: no reaction when unit 1 enters x
    st = moving(position, {**EXAMPLE, "G-2-1-I": "A8 B19"})
    assert not reserve.may_react(st, "R-1-25-III")
    move(st, GERMAN, "G-1-1-I", X)
    assert st.active_roles() == [GERMAN]


def test_4_5_4_a_unit_reacts_once(position: Any) -> None:
    st = example(position)
    move(st, GERMAN, "G-1-1-I", X)
    st.apply(RUSSIAN, reactions(st)[0])
    assert U.has_marker(st, "R-1-25-III", reserve.USED)
    assert not reserve.may_react(st, "R-1-25-III")


# --- 4.5.7 ------------------------------------------------------------------------------------


def test_4_5_7_reserve_units_do_not_move_in_their_own_phase(position: Any, refuse: Refuse) -> None:
    st = moving(
        position,
        {
            "R-HQ-1A": "A16 B21",
            "R-1-25-III": {"hex": "A15 B21", "markers": ["reserve"]},
            "R-2-25-III": "A15 B20",
        },
        side=RUSSIAN,
    )
    assert selectable(st, RUSSIAN) == ["R-2-25-III"]
    err = refuse(st, RUSSIAN, {"type": "select", "unit": "R-1-25-III"})
    assert err.case == "tannenberg 4.5.7"


def test_3_1_unused_reserve_counters_are_removed_after_the_clash_phase(position: Any) -> None:
    st = position(
        {
            "G-HQ-8A": "A10 B20",
            "G-1-1-I": {"hex": "A10 B18", "markers": ["reserve"]},
            "R-HQ-1A": "A16 B21",
            "R-1-25-III": {"hex": "A15 B21", "markers": ["reserve", "reserve_used"]},
        },
        phase="clash",
    )
    assert st.data["stage"] == 2
    assert not reserve.is_reserve(st, "G-1-1-I")
    assert U.record(st, "R-1-25-III")["markers"] == []


def test_4_5_4_a_window_tells_the_reacting_side_nothing_hidden(position: Any) -> None:
    # unit 1 moves under a mask (16.2.5: masks have zones, so they may be stopped too)
    from masking_kit import masked

    st = masked(
        position,
        EXAMPLE,
        {"mask-german-1": ("A10 B18", ["G-1-1-I"])},
        phase="movement_1",
        first_side=GERMAN,
    )
    move(st, GERMAN, "mask-german-1", X)
    assert st.active_roles() == [RUSSIAN]
    window = st.view(RUSSIAN)["reserve"]["window"]
    assert window["hex"] == X
    assert window["mover"] not in ("G-1-1-I", "mask-german-1")
    seen = str(st.view(RUSSIAN)["log"]) + str(st.legal_actions(RUSSIAN))
    assert "G-1-1-I" not in seen and "1/1/I" not in seen and "mask-german-1" not in seen
    st.apply(RUSSIAN, reactions(st)[0])
    assert hex_of(st, "G-1-1-I") == X and hex_of(st, "mask-german-1") == X
