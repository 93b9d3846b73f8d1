"""19.0 Victory conditions (victory.py): automatic victories (19.2) and victory points
(19.3), with the FICTIONAL teaching scenario's numbers (``[special.victory_points]``,
``[[special.automatic_victory]]`` in scenarios/teaching.toml): Russians score towns'
vp, 10/6/3 for 6 units in Germany after stages 2/3/4, 5/7/10 per German unit / corps
HQ / army HQ eliminated, 5 per German fort hex with a garrison captured, 4 per German
unit without supply after the last stage; Germans score 6/8/10 per Russian unit /
corps HQ / army HQ eliminated, 4 per Russian fort, 10 if Germany is clear of Russians
after the last stage (10 stages).
"""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg import victory

#: Russian brigades and German units used as pieces
RUSSIAN_BRIGADES = [
    "R-1-25-III",
    "R-2-25-III",
    "R-1-27-III",
    "R-2-27-III",
    "R-1-28-XX",
    "R-2-28-XX",
]


def _at(at_phase: Any, units: dict[str, str], **kw: Any) -> Any:
    return at_phase(units, phase="clash", **kw)


# --- 19.1 the result --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vp", "winner", "level"),
    [(5, "russian", "Russian victory"), (-3, "german", "German victory"), (0, None, "Draw")],
)
def test_19_1_the_winner_on_points(at_phase: Any, vp: int, winner: Any, level: str) -> None:
    st = _at(at_phase, {})
    st.data["vp"] = vp
    result = victory.result(st)
    assert (result["winner"], result["level"], result["vp"]) == (winner, level, vp)


# --- 19.2 automatic victory ---------------------------------------------------------------


def test_19_2_1_three_russian_units_west_of_the_vistula(at_phase: Any) -> None:
    west = {"R-1-25-III": "A2 B15", "R-2-25-III": "A2 B16"}
    st = _at(at_phase, west)
    assert not victory.check_automatic(st)  # two are not enough
    st = _at(at_phase, {**west, "R-1-27-III": "A3 B15"})
    assert victory.check_automatic(st)
    assert st.data["over"]
    result = st.data["result"]
    assert (result["winner"], result["level"], result["case"]) == (
        "russian",
        "automatic victory",
        "tannenberg 19.2.1",
    )


def test_19_2_1_the_fortress_and_the_town_itself(at_phase: Any) -> None:
    # two fort hexes of Nordheim (A10 B22, A11 B22) but not the town (A10 B23): no;
    # the town (itself a fort hex) and one more fort hex: yes.  The forts with their own
    # garrison were destroyed when the Russians came in (12.3.4)
    captured = {h: "captured" for h in ("A10 B22", "A11 B22", "A10 B23")}
    forts = {"state": {"fortifications": captured}}
    st = _at(at_phase, {"R-1-25-III": "A10 B22", "R-2-25-III": "A11 B22"}, **forts)
    assert victory.automatic_winner(st) is None
    st = _at(at_phase, {"R-1-25-III": "A10 B23", "R-2-25-III": "A11 B22"}, **forts)
    assert victory.automatic_winner(st)["side"] == "russian"  # type: ignore[index]


def test_19_2_2_german_infantry_on_the_russian_railway(at_phase: Any) -> None:
    st = _at(at_phase, {"G-1-8-kaw": "A21 B12"})
    assert victory.automatic_winner(st) is None  # cavalry does not count: infantry only
    st = _at(at_phase, {"G-1-1-I": "A21 B12"})
    assert victory.automatic_winner(st)["side"] == "german"  # type: ignore[index]


def test_19_2_2_four_german_units_deep_in_russia(at_phase: Any) -> None:
    three = {"G-1-1-I": "A24 B15", "G-2-1-I": "A24 B16", "G-3-2-I": "A24 B17"}
    st = _at(at_phase, {**three, "G-HQ-I": "A24 B14"})
    assert victory.automatic_winner(st) is None  # an HQ is no unit here
    st = _at(at_phase, {**three, "G-4-2-I": "A24 B13"})
    assert victory.automatic_winner(st)["side"] == "german"  # type: ignore[index]


def test_19_2_automatic_victory_ends_the_game_when_the_movement_ends(position: Any) -> None:
    # the rest phase (after both movement phases) checks 19.2 first: the game is over
    st = position(
        {"R-1-25-III": "A2 B15", "R-2-25-III": "A2 B16", "R-1-27-III": "A3 B15"}, phase="rest"
    )
    assert st.is_over()
    assert st.result()["winner"] == "russian"  # type: ignore[index]
    assert st.active_roles() == []


# --- 19.3 victory points ------------------------------------------------------------------


def test_19_3_example_the_index_counts_russian_points_up_german_down(at_phase: Any) -> None:
    # 19.3's example: the Russians lead by 15; the Germans score 6: the index shows 9
    st = _at(at_phase, {}, vp=15)
    victory.award(st, "german", 6, "example")
    assert st.data["vp"] == 9


def test_19_3_towns_at_the_end_of_each_stage(at_phase: Any) -> None:
    # Russian control of Weichselburg (3) and Kreuzau (2); German control of Allstein (3)
    st = _at(at_phase, {})
    st.data["control"].update({"A3 B22": "russian", "A7 B21": "russian", "A9 B13": "german"})
    victory.end_of_stage(st)
    assert st.data["vp"] == 5
    victory.end_of_stage(st)  # and again at the end of the next stage
    assert st.data["vp"] == 10


def test_19_3_control_is_the_last_side_to_enter(at_phase: Any) -> None:
    st = _at(at_phase, {"R-1-25-III": "A14 B19"})  # Seeburg, vp 2
    victory.end_of_stage(st)
    assert st.data["control"]["A14 B19"] == "russian"
    assert st.data["vp"] == 2
    victory.passed_through(st, "german", ["A13 B19", "A14 B19"])
    assert st.data["control"]["A14 B19"] == "german"


def test_19_3_russian_units_in_germany_after_stage_2(at_phase: Any) -> None:
    # six Russian brigades in Germany (A13 B20 .. A13 B23 and A12 B21, B22) after stage 2:
    # 10 points; their HQ does not count
    hexes = ["A13 B20", "A13 B21", "A13 B22", "A13 B23", "A12 B21", "A12 B22"]
    units = dict(zip(RUSSIAN_BRIGADES, hexes, strict=True))
    st = _at(at_phase, units, stage=2)
    victory.end_of_stage(st)
    assert st.data["vp"] == 10
    five = dict(list(units.items())[:5])
    st = _at(at_phase, {**five, "R-HQ-III": "A12 B22"}, stage=2)
    victory.end_of_stage(st)
    assert st.data["vp"] == 0


def test_19_3_the_award_is_only_for_its_stage(at_phase: Any) -> None:
    hexes = ["A13 B20", "A13 B21", "A13 B22", "A13 B23", "A12 B21", "A12 B22"]
    st = _at(at_phase, dict(zip(RUSSIAN_BRIGADES, hexes, strict=True)), stage=5)
    victory.end_of_stage(st)
    assert st.data["vp"] == 0


@pytest.mark.parametrize(
    ("uid", "points"),
    [
        ("G-1-1-I", 5),
        ("G-HQ-I", 7),
        ("G-HQ-8A", 10),
        ("R-1-25-III", -6),
        ("R-HQ-III", -8),
        ("R-HQ-1A", -10),
    ],
)
def test_19_3_eliminated_units_and_headquarters(at_phase: Any, uid: str, points: int) -> None:
    st = _at(at_phase, {uid: "A18 B16", "G-2-1-I": "A18 B15", "R-2-25-III": "A22 B16"})
    U.eliminate_unit(st, uid, "tannenberg 9.4.1")
    assert st.data["vp"] == points


def test_19_3_a_fortification_with_a_garrison_captured_scores_once(at_phase: Any) -> None:
    # a Russian unit in Fort Ost (A11 B22, garrison 2, destroyed so that it could enter,
    # 12.3.4): 5; Feste Loetzau (no garrison): 0
    units = {"R-1-25-III": "A11 B22", "R-2-25-III": "A14 B15"}
    st = _at(at_phase, units, state={"fortifications": {"A11 B22": "destroyed"}})
    victory.end_of_movement(st)  # the units' hexes are noted as entered, then scored
    victory.end_of_movement(st)
    assert st.data["vp"] == 5
    assert st.data["victory"]["captured"] == ["A11 B22"]


def test_19_3_after_the_last_stage(at_phase: Any) -> None:
    # stage 10 of 10: one German brigade without supply (A12 B17, three hexes from the
    # network) gives the Russians 4; no Russian unit in Germany gives the Germans 10
    st = _at(at_phase, {"G-2-1-I": "A12 B17", "G-1-1-I": "A12 B18"}, stage=10)
    victory.end_of_stage(st)
    assert st.data["vp"] == 4 - 10
    # a Russian unit left in Germany spoils the German award
    st = _at(at_phase, {"G-2-1-I": "A12 B17", "R-1-25-III": "A15 B22"}, stage=10)
    victory.end_of_stage(st)
    assert st.data["vp"] == 4


def test_19_3_stage_end_scores_in_the_game(position: Any) -> None:
    # a whole stage end from the phase stack: the clash phase passes (no contact), the
    # stage ends and Seeburg (vp 2) under Russian control scores
    st = position({"R-1-25-III": "A14 B19", "G-HQ-8A": "A7 B21"}, phase="clash")
    assert st.data["stage"] == 2
    assert st.data["vp"] == 2
