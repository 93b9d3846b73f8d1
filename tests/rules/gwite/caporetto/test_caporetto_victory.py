"""Caporetto 1917, 24.0 Victory Conditions: two totals (24.11-24.23), the Player with more
wins (24.31), Decisive Victories (24.32, 24.33) and the optional Rommel points (24.4).

Positions on the FICTIONAL teaching map.  The Central Powers score their supplied
steps in "beyond the taglia" (west of the Taglia, rows 06-15; an Austro-Hungarian
depot in 1207 supplies 0806-0908); the Allies theirs in "behind the austro-hungarian
lines" (columns 15-20 and the Tyrol salient: an Italian depot in 1411 supplies
1912-1913), and 40 for a supplied unit in Tergeste 1913 or Tridentum 0301 (``[special]
allied_vp_cities``).  Forte Alto (0807) is the one Italian fortress.  Units in the
Austro-Hungarian mountains (1801-2002) or the forests 0311/0312 are out of supply and
roll for attrition (9.22): with one step left, a roll of 1 eliminates them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import victory as V
from tests.rules.gwite.caporetto.conftest import COUNTERS, MAP, SCENARIO
from tests.rules.gwite.game_position import write_game_position
from tests.rules.gwite.kit import attack, choose, logged, play_until, resolve
from tests.rules.toml_text import toml_value

#: sixes for whatever the game rolls after the die rolls a test fixes
SIXES = [6] * 80
#: an Austro-Hungarian depot supplying the Central Powers' units in 0806-0908 (9.16)
CP_DEPOT = {"AH-D1": "1207"}
#: an Italian depot supplying the Allied units in 1912-1913 (9.16)
ALLIED_DEPOT = {"I-D1": "1411"}
FORTE_ALTO = "0807"
END = {"phase": "combat", "segment": "combat_resolution", "turn": 15}
#: a fifth German Stosstruppen division (the teaching counters have four), for 24.33
FIFTH_STOSS = {
    "id": "G-TEST-STOSS",
    "name": "Test Stosstruppen Division (fictional)",
    "side": "central",
    "nationality": "germany",
    "type": "infantry",
    "size": "division",
    "movement": 8,
    "tcr": 1,
    "stosstruppen": True,
    "steps": [[4, 5], [2, 3]],
    "setup": "1508",
}


def counters_with_fifth_stoss(directory: Path) -> Path:
    """The teaching counters with a fifth German Stosstruppen division."""
    path = directory / "counters-five-stoss.toml"
    extra = "\n[[counter]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in FIFTH_STOSS.items())
    path.write_text(COUNTERS.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path


@pytest.fixture
def position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Like ``caporetto_position``, with ``fortress_lost`` (fortress hex -> steps lost,
    11.13) and ``five_stoss`` (the counters with a fifth Stosstruppen division)."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, Any],
        seed: int = 1,
        options: dict[str, Any] | None = None,
        fortress_lost: dict[str, int] | None = None,
        five_stoss: bool = False,
        phasing: str = "central",
        **kw: Any,
    ) -> State:
        counters = counters_with_fifth_stoss(tmp_path) if five_stoss else COUNTERS
        path = write_game_position(tmp_path, SCENARIO, MAP, counters, units, phasing=phasing, **kw)
        if fortress_lost:
            text = "[position.fortress_steps_lost]\n"
            text += "".join(f'"{h}" = {n}\n' for h, n in fortress_lost.items())
            path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
        game = greatwar.load(path, options or {})
        game.checking = True
        return game.new_state(seed)

    return make


def totals(st: State) -> dict[str, int]:
    return V.totals(st)


def line(st: State, case: str) -> dict[str, Any]:
    return next(entry for entry in st.view("allied")["vp"]["lines"] if entry["case"] == case)


def to_the_end(st: State) -> dict[str, Any]:
    play_until(st, lambda s: s.is_over(), limit=400)
    result = st.result()
    assert result is not None
    return result  # type: ignore[no-any-return]


def one_left(hex_label: str, lost: int = 1) -> dict[str, Any]:
    return {"hex": hex_label, "steps_lost": lost}


def attrition(
    position: Any, fixed_dice: Any, units: dict[str, Any], side: str, *dice: int, **kw: Any
) -> State:
    """``side``'s Attrition Segment of Game-Turn 3 (or ``turn``) with the first dice fixed."""
    fixed_dice(*dice, *SIXES)
    kw.setdefault("turn", 3)
    return position(  # type: ignore[no-any-return]
        units, phasing=side, phase="movement", segment="attrition", **kw
    )


# --- 24.11 the Central Powers' supplied steps ------------------------------------------------


def test_24_11_central_powers_score_10_per_supplied_division_corps_or_artillery_step(
    position: Any,
) -> None:
    # in the region, supplied: a division (2 steps), a corps with one step lost (3), an
    # artillery brigade (1): 6 steps, 60; the Edelweiss brigade counts nothing (AC10); a
    # division out of supply in 0113 and one outside the region (1508) count nothing
    st = position(
        {
            **CP_DEPOT,
            "G-5": "0907",
            "AH-XV": one_left("0908"),
            "AH-A1": "0907",
            "AH-EDW": "0908",
            "AH-22S": "0113",
            "G-12": "1508",
        },
        phasing="allied",
        **END,
    )
    assert totals(st) == {"central": 60, "allied": 0}
    result = to_the_end(st)
    assert result["totals"] == {"central": 60, "allied": 0} and result["vp"] == 60
    assert result["winner"] == "central" and result["level"] == "Central Powers Victory"
    scored = next(x for x in result["lines"] if x["case"] == "caporetto 24.11")
    assert scored["points"] == 60
    assert scored["text"].startswith("6 supplied division, corps or artillery steps")
    assert result["summary"] == (
        "Central Powers Victory (Central Powers 60, Allies 0: difference +60 for the Central"
        " Powers): Central Powers +60 for 6 supplied division, corps or artillery steps in"
        " beyond the taglia at 10 each (caporetto 24.11)"
    )
    assert st.data["log"][-1]["text"] == f"The game is over: {result['summary']}"


def test_24_11_steps_out_of_supply_at_the_end_count_nothing(position: Any) -> None:
    # no depot: the same units are out of supply at the end of the game
    st = position({"G-5": "0907", "AH-A1": "0907"}, phasing="allied", **END)
    result = to_the_end(st)
    assert result["totals"] == {"central": 0, "allied": 0}
    assert result["winner"] is None and result["level"] == "Draw"


# --- 24.12 Italian fortresses destroyed ------------------------------------------------------


def fortress_attack(position: Any, fixed_dice: Any, **kw: Any) -> State:
    """Three Stosstruppen divisions (12 against the fortress's 3 with one step left:
    4-1) attack Forte Alto; die 6: 1/1."""
    st = position(
        {**CP_DEPOT, "G-12": "0806", "G-117": "0806", "G-200": "0808"},
        phase="combat",
        segment="combat_resolution",
        fortress_lost={FORTE_ALTO: 3},
        **kw,
    )
    assert totals(st) == {"central": 60, "allied": 0}  # 24.11: 6 supplied steps
    attack(st, "central", FORTE_ALTO, ["G-12", "G-117", "G-200"])
    fixed_dice(6, *SIXES)
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # half the affected steps: its last step
    return st


def test_24_12_central_powers_score_20_for_an_italian_fortress_destroyed(
    position: Any, fixed_dice: Any
) -> None:
    st = fortress_attack(position, fixed_dice, turn=3)
    assert logged(st, "11.15") == ["Forte Alto (fictional) (0807) is destroyed."]
    assert logged(st, "caporetto 24.12") == [
        "Central Powers score 20 Victory Points: the Italian fortress Forte Alto (fictional)"
        " (0807) is destroyed (totals: Central Powers 80, Allies 0)."
    ]
    assert line(st, "caporetto 24.12")["points"] == 20
    assert st.view("allied")["vp"]["italian_fortresses_destroyed"] == [FORTE_ALTO]


def test_24_12_a_fortress_not_destroyed_scores_nothing(position: Any) -> None:
    st = position({}, fortress_lost={FORTE_ALTO: 3})
    assert line(st, "caporetto 24.12")["points"] == 0 and totals(st)["central"] == 0


# --- 24.13 French and British steps, Italian units eliminated --------------------------------


def test_24_13_anglo_french_steps_and_italian_eliminations(position: Any, fixed_dice: Any) -> None:
    # every unit out of supply rolls 1 for attrition (9.22): each loses half its steps
    units = {
        "I-IV": one_left("2001", 3),  # a corps eliminated: 2
        "I-19": one_left("2002", 2),  # the 19th Division, a corps (2.3): 2
        "I-46": one_left("1901"),  # a division eliminated: 1
        "I-A2": "1901",  # an artillery brigade eliminated: 1
        "I-1C": one_left("1902"),  # a cavalry division eliminated: 1
        "I-BERS": "1902",  # a brigade (not artillery) eliminated: nothing
        "I-43": "1803",  # an Italian division losing a step: nothing
        "F-64": "1801",  # a French step lost: 5
        "B-23": one_left("1802"),  # a British division eliminated: its step, 5
    }
    st = attrition(position, fixed_dice, units, "allied", *[1] * len(units))
    for uid in ("I-IV", "I-19", "I-46", "I-A2", "I-1C", "I-BERS", "B-23"):
        assert U.record(st, uid)["status"] == "eliminated", uid
    assert U.record(st, "F-64")["lost"] == 1 and U.record(st, "I-43")["lost"] == 1
    assert totals(st) == {"central": 2 + 2 + 1 + 1 + 1 + 5 + 5, "allied": 0}
    texts = logged(st, "caporetto 24.13")
    assert len(texts) == 7
    assert any(t.startswith("Central Powers score 2 Victory Points: IV Corps") for t in texts)
    assert any(
        t.startswith("Central Powers score 1 Victory Point: 46th Infantry Division") for t in texts
    )
    assert any("French 64th Division (fictional) lost 1 step at 5 each" in t for t in texts)
    assert any("British 23rd Division (fictional) lost 1 step at 5 each" in t for t in texts)
    assert not any("Bersaglieri" in t or "43rd" in t for t in texts)


def test_24_13_steps_lost_in_combat_by_a_british_unit(position: Any, fixed_dice: Any) -> None:
    # the Germans attack the British division (full strength) in 1010 at 3-1; die 1:
    # -/2, and the Allies choose to lose half the affected steps: one
    st = position(
        {
            "B-23": "1010",
            "G-12": "1009",
            "G-117": "1109",
            "G-200": "0909",
            "AH-D1": "1107",
        },
        phase="combat",
        segment="combat_resolution",
        turn=3,
    )
    attack(st, "central", "1010", ["G-12", "G-117", "G-200"])
    fixed_dice(1, *SIXES)
    resolve(st, "central")
    assert totals(st) == {"central": 20, "allied": 0}  # 24.11: the 200th in 0909
    choose(
        st,
        "allied",
        "option",
        text="Half the affected steps are eliminated; the survivors retreat one hex.",
    )
    assert U.record(st, "B-23")["lost"] == 1
    assert totals(st) == {"central": 25, "allied": 0}
    assert logged(st, "caporetto 24.13") == [
        "Central Powers score 5 Victory Points: British 23rd Division (fictional) lost 1 step"
        " at 5 each (totals: Central Powers 25, Allies 0)."
    ]


# --- 24.21 the Allies' supplied steps --------------------------------------------------------


def test_24_21_allies_score_5_per_supplied_step_two_brigade_steps_as_one(position: Any) -> None:
    # in the region, supplied: a division (2), a corps with two steps lost (2), an
    # artillery brigade (1): 5 steps; brigades of 2 and 1 steps: 3 brigade steps count as
    # one division step (the odd one nothing, AC10); the HQ nothing; a division out of
    # supply in 1902 nothing: 6 steps, 30
    st = position(
        {
            "I-46": "1509",
            "I-IV": one_left("1510", 2),
            "I-A2": "1509",
            "I-ALP-1": "1511",
            "I-BERS": "1511",
            "I-HQ-2A": "1509",
            "I-43": "1902",
        },
        phasing="allied",
        **END,
    )
    assert totals(st) == {"central": 0, "allied": 30}
    assert line(st, "caporetto 24.21")["text"].startswith(
        "5 supplied division, corps or artillery steps and 3 brigade steps (two count as one)"
    )
    result = to_the_end(st)
    assert result["totals"] == {"central": 0, "allied": 30} and result["vp"] == -30
    assert result["winner"] == "allied" and result["level"] == "Allied Victory"


def test_24_21_two_one_step_brigades_count_as_a_division_step(position: Any) -> None:
    st = position({"I-BERS": "1511", "I-ALP-1": one_left("1511")})
    assert line(st, "caporetto 24.21")["points"] == 5


# --- 24.22 Stosstruppen steps lost -----------------------------------------------------------


def test_24_22_allies_score_5_per_stosstruppen_step_lost(position: Any, fixed_dice: Any) -> None:
    # the 12th (one step left) and the 117th (full) are out of supply in the forest of
    # 0311 and roll 1 for attrition: the 12th is eliminated, the 117th loses a step; the
    # 5th Division (no Stosstruppen) loses a step and scores nothing
    st = attrition(
        position,
        fixed_dice,
        {"G-12": one_left("0311"), "G-117": "0311", "G-5": "0312"},
        "central",
        1,
        1,
        1,
    )
    assert U.record(st, "G-12")["status"] == "eliminated"
    assert U.record(st, "G-117")["lost"] == 1 and U.record(st, "G-5")["lost"] == 1
    assert totals(st) == {"central": 0, "allied": 10}
    assert logged(st, "caporetto 24.22") == [
        "Allies score 5 Victory Points: 12th Division (Stosstruppen, fictional) lost 1 step"
        " at 5 each (totals: Central Powers 0, Allies 5).",
        "Allies score 5 Victory Points: 117th Division (Stosstruppen, fictional) lost 1 step"
        " at 5 each (totals: Central Powers 0, Allies 10).",
    ]


def test_24_22_attacker_step_lost_against_a_fortress(position: Any, fixed_dice: Any) -> None:
    st = fortress_attack(position, fixed_dice, turn=3)
    choose(st, "central", "lose", unit="G-200")
    assert U.record(st, "G-200")["lost"] == 1
    # 24.11: 5 supplied steps now, 24.12 the fortress; 24.22 the step lost
    assert totals(st) == {"central": 50 + 20, "allied": 5}


# --- 24.23 Trieste and Trent -----------------------------------------------------------------


def test_24_23_allies_score_40_for_a_supplied_unit_in_trieste(position: Any) -> None:
    # the 34th Division in Tergeste (1913), supplied by the depot in 1411: 40, and its
    # two steps in the region (24.21): 10
    st = position({**ALLIED_DEPOT, "I-34": "1913"}, phasing="allied", **END)
    assert line(st, "caporetto 24.23")["points"] == 40
    result = to_the_end(st)
    assert result["totals"] == {"central": 0, "allied": 50}
    scored = next(x for x in result["lines"] if x["case"] == "caporetto 24.23")
    assert scored["text"] == "a supplied unit in Tergeste (fictional Trieste)"


def test_24_23_an_unsupplied_unit_or_an_hq_in_trieste_scores_nothing(position: Any) -> None:
    st = position({"I-34": "1913", "I-HQ-2A": "1913"}, phasing="allied", **END)
    result = to_the_end(st)
    assert result["totals"] == {"central": 0, "allied": 0}
    st = position({**ALLIED_DEPOT, "I-HQ-2A": "1913"}, phasing="allied", **END)
    assert line(st, "caporetto 24.23")["points"] == 0


def test_24_23_units_in_both_cities_score_40_once(position: Any) -> None:
    # AC11 (a): 40, not 80.  The teaching map's two cities are too far apart for the one
    # Italian depot, so a second city stands in at 1912 for this test
    st = position(
        {**ALLIED_DEPOT, "I-34": "1913", "I-46": "1912"},
        special={"allied_vp_cities": ["1913", "1912"]},
    )
    assert V.held_cities(st) == ["1913", "1912"]
    assert line(st, "caporetto 24.23")["points"] == 40
    assert totals(st)["allied"] == 40 + 10 + 10


# --- 24.31 more Victory Points wins, equal draws ---------------------------------------------


def test_24_31_equal_totals_are_a_draw(position: Any) -> None:
    # the Central Powers' artillery brigade (1 step: 10) against an Italian division (2
    # steps: 10); the brigade stands 3 hexes from the Veneto line, which supplies the
    # Italians (within 2 it would cut the line, caporetto 9.19)
    st = position(
        {**CP_DEPOT, "AH-A1": "0906", "I-46": "1509"},
        phasing="allied",
        **END,
    )
    result = to_the_end(st)
    assert result["totals"] == {"central": 10, "allied": 10} and result["vp"] == 0
    assert result["winner"] is None and result["level"] == "Draw"
    assert result["case"] == "caporetto 24.31" and result["decisive"] is None


def test_24_31_the_view_shows_both_totals_and_their_lines(position: Any) -> None:
    st = position({**CP_DEPOT, "G-5": "0907", "I-46": "1509"})
    shown = st.view("central")["vp"]
    assert shown["totals"] == {"central": 20, "allied": 10}
    assert shown["difference"] == 10 and shown["difference_for"] == "central"
    cases = [entry["case"] for entry in shown["lines"]]
    assert cases == ["caporetto 24.11", "caporetto 24.12", "caporetto 24.21", "caporetto 24.23"]
    assert U.rules(st).projected_vp(st) == 10.0


# --- 24.32 Central Powers Decisive Victory ---------------------------------------------------


def test_24_32_central_powers_decisive_victory_when_every_italian_fortress_is_destroyed(
    position: Any, fixed_dice: Any
) -> None:
    st = fortress_attack(position, fixed_dice, turn=15)
    result = to_the_end(st)
    assert result["winner"] == "central" and result["decisive"] == "caporetto 24.32"
    assert result["level"] == "Central Powers Decisive Victory"
    assert result["summary"].startswith("Central Powers Decisive Victory (caporetto 24.32)")


def test_24_32_no_decisive_victory_while_a_fortress_stands(position: Any) -> None:
    st = position(
        {**CP_DEPOT, "G-5": "0907"}, phasing="allied", fortress_lost={FORTE_ALTO: 3}, **END
    )
    result = to_the_end(st)
    assert result["winner"] == "central" and result["level"] == "Central Powers Victory"
    assert result["decisive"] is None


def test_24_32_a_destroyed_fortress_without_more_points_is_no_victory(position: Any) -> None:
    # every Italian fortress destroyed (20), but the Allies have more (30): 24.31 first
    st = position(
        {"I-46": "1509", "I-IV": one_left("1510", 2), "I-A2": "1509"},
        phasing="allied",
        fortress_lost={FORTE_ALTO: 4},
        **END,
    )
    result = to_the_end(st)
    assert result["totals"] == {"central": 20, "allied": 25}
    assert result["winner"] == "allied" and result["level"] == "Allied Victory"


# --- 24.33 Allied Decisive Victory -----------------------------------------------------------


STOSS = ("G-12", "G-117", "G-200", "G-BA", "G-TEST-STOSS")


def stoss_attrition(position: Any, fixed_dice: Any, divisions: tuple[str, ...]) -> State:
    """The Central Powers' last Attrition Segment: the Stosstruppen divisions named, one
    step left each, out of supply in the forests of 0311/0312, roll 1 and are eliminated."""
    hexes = ("0311", "0311", "0311", "0312", "0312")
    units = {uid: one_left(h) for uid, h in zip(divisions, hexes, strict=False)}
    return attrition(
        position, fixed_dice, units, "central", *[1] * len(units), turn=15, five_stoss=True
    )


def test_24_33_allied_decisive_victory_for_five_stosstruppen_divisions_eliminated(
    position: Any, fixed_dice: Any
) -> None:
    st = stoss_attrition(position, fixed_dice, STOSS)
    assert sorted(st.view("allied")["vp"]["stosstruppen_divisions_eliminated"]) == sorted(STOSS)
    assert logged(st, "caporetto 24.33")[-1] == (
        "Test Stosstruppen Division (fictional) is the 5th German Stosstruppen division"
        " eliminated (5 make an Allied Decisive Victory)."
    )
    result = to_the_end(st)
    assert result["totals"] == {"central": 0, "allied": 25}
    assert result["winner"] == "allied" and result["decisive"] == "caporetto 24.33"
    assert result["level"] == "Allied Decisive Victory"


def test_24_33_four_stosstruppen_divisions_are_not_enough(position: Any, fixed_dice: Any) -> None:
    st = stoss_attrition(position, fixed_dice, STOSS[:4])
    result = to_the_end(st)
    assert result["winner"] == "allied" and result["level"] == "Allied Victory"
    assert result["decisive"] is None


# --- 24.4 Special Rommel Victory Points (optional) -------------------------------------------


def rommel_falls(position: Any, fixed_dice: Any, options: dict[str, Any]) -> State:
    """The Italians attack the Alpenkorps (one step left) and Rommel in 1010; die 1: the
    Central Powers eliminate the affected units, and Rommel with the Alpenkorps (21.11)."""
    st = position(
        {
            "G-BA": one_left("1010"),
            "G-ROMMEL": "1010",
            "I-IV": "1011",
            "I-XXVII": "0910",
            "I-19": "1110",
            "I-46": "1009",
        },
        phasing="allied",
        phase="combat",
        segment="combat_resolution",
        turn=3,
        options=options,
    )
    attack(st, "allied", "1010", ["I-IV", "I-XXVII", "I-19", "I-46"])
    fixed_dice(1, *SIXES)
    resolve(st, "allied")
    options_offered = [a for a in st.legal_actions("central") if a["type"] == "option"]
    eliminate = next(a for a in options_offered if a["text"].startswith("All affected"))
    st.apply("central", eliminate)
    assert U.record(st, "G-ROMMEL")["status"] == "eliminated"
    return st


def test_24_4_rommel_eliminated_central_powers_lose_20_allies_gain_20(
    position: Any, fixed_dice: Any
) -> None:
    st = rommel_falls(position, fixed_dice, {"heroic_leaders": True, "rommel_victory_points": True})
    # AC9 (a): Central Powers -20; Allies -20 (Italy) +20 (Britain) +20 (France); and
    # the Alpenkorps' last step (24.22): 5
    assert totals(st) == {"central": -20, "allied": 25}
    assert logged(st, "caporetto 24.4") == [
        "Central Powers lose 20 Victory Points: Rommel eliminated (the Germans -20)"
        " (totals: Central Powers -20, Allies 5).",
        "Allies score 20 Victory Points: Rommel eliminated (the Italians -20, the British"
        " +20, the French +20) (totals: Central Powers -20, Allies 25).",
    ]


def test_24_4_without_the_option_rommel_scores_nothing(position: Any, fixed_dice: Any) -> None:
    st = rommel_falls(position, fixed_dice, {"heroic_leaders": True})  # 21.0: Rommel in play
    assert totals(st) == {"central": 0, "allied": 5}  # only the Alpenkorps' step (24.22)
    assert not logged(st, "caporetto 24.4")
    assert V.OPTIONS["rommel_victory_points"].default is False


# --- the scenario's data ---------------------------------------------------------------------


def test_24_11_a_region_the_map_lacks_is_refused_by_name(tmp_path: Path) -> None:
    path = write_game_position(
        tmp_path,
        SCENARIO,
        MAP,
        COUNTERS,
        {},
        phasing="central",
        special={"central_vp_region": "nowhere"},
    )
    with pytest.raises(ScenarioError) as err:
        greatwar.load(path)
    assert "central_vp_region" in str(err.value) and "'nowhere'" in str(err.value)


def test_24_13_points_per_stacking_point_are_refused(tmp_path: Path) -> None:
    # destroyed units score by 24.13 and 24.22 only, never by Stacking Points
    path = write_game_position(tmp_path, SCENARIO, MAP, COUNTERS, {}, phasing="central")
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("[victory]\n", "[victory]\nper_stacking_point_eliminated = 1\n", 1),
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as err:
        greatwar.load(path)
    assert "per_stacking_point_eliminated" in str(err.value)


def test_24_23_a_city_off_the_map_is_refused_by_name(tmp_path: Path) -> None:
    path = write_game_position(
        tmp_path,
        SCENARIO,
        MAP,
        COUNTERS,
        {},
        phasing="central",
        special={"allied_vp_cities": ["1913", "4040"]},
    )
    with pytest.raises(ScenarioError) as err:
        greatwar.load(path)
    assert "allied_vp_cities" in str(err.value) and "'4040'" in str(err.value)
