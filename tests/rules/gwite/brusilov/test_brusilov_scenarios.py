"""The Brusilov Offensive's scenarios (26.1, 26.2), its variations (26.3), its unit
designations (27.0) and the game's scale (15.0): the FICTIONAL teaching scenarios played,
the historical ones loaded as far as the rulebook gives them, with what they still lack."""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.model.loader import Scenario
from greatwar.rules import load_scenario
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import replacement as R
from greatwar.rules.gwite.brusilov import data as D
from greatwar.rules.gwite.brusilov.scenario import GLOSSARY, designation, expand
from tests.rules.gwite.kit import play_until

TEACHING = "gwite/brusilov-teaching"
SCHEDULE = "gwite/brusilov-teaching-schedule"
HISTORICAL = "gwite/brusilov-historical"
ON_SCHEDULE = "gwite/brusilov-attack-on-schedule"
BRUSILOV = (TEACHING, SCHEDULE, HISTORICAL, ON_SCHEDULE)
VARIATIONS = ("special_guards", "west_front", "increased_supply", "better_commanders")


def start(scenario: str, **options: Any) -> State:
    game = greatwar.load(scenario, options)
    game.checking = True
    return game.new_state(1)


def status(st: State, uid: str) -> str:
    return str(st.data["units"][uid]["status"])


def arrival(st: State, uid: str) -> int | None:
    return st.game.static.units[uid].arrive_turn


def may_enter(st: State, uid: str) -> bool:
    role = st.active_roles()[0]
    return any(a["type"] == "enter" and a.get("unit") == uid for a in st.legal_actions(role))


def turn_it_may_enter(st: State, uid: str) -> int:
    """Play passively until ``uid`` may enter the map; the Game-Turn it may."""
    play_until(st, lambda s: may_enter(s, uid), limit=3000)
    return int(st.data["turn"])


# --- 15.0 the game ----------------------------------------------------------------------


@pytest.mark.parametrize("scenario", BRUSILOV)
def test_15_0_every_scenario_states_the_game_scale(scenario: str) -> None:
    info = load_scenario(scenario).info
    assert info.game == "brusilov"
    assert "Brusilov Offensive" in info.description
    assert "14 km from hexside to hexside" in info.description
    assert "72 hours per Game-Turn (15.0)" in info.description


def test_15_0_the_teaching_scenarios_say_they_are_fictional() -> None:
    for scenario in (TEACHING, SCHEDULE):
        sc = load_scenario(scenario)
        assert sc.fictional and sc.board.info.fictional
        assert "(fictional)" in sc.info.name and "FICTIONAL" in sc.info.description
        st = start(scenario)
        assert "FICTIONAL" in st.data["log"][0]["text"]
    for scenario in (HISTORICAL, ON_SCHEDULE):
        assert not load_scenario(scenario).fictional


def test_15_0_the_teaching_scenario_is_complete_and_gives_every_brusilov_datum() -> None:
    sc = load_scenario(TEACHING)
    assert sc.lacks == [] and sc.blocking == []
    params = sc.file.parameters
    assert params.stacking_limit == 8  # 16.0
    assert params.tcr == {"germany": 1, "austria-hungary": 4, "russia": 3}  # 17.0
    assert params.rail_capacity == {"allied": 6, "central": 8}  # 18.21, 18.22
    assert params.supply_range == {"russia": 3, "austria-hungary": 3, "germany": 5}  # 19.1
    assert params.track_limit["single"] == {"allied": 2, "central": 4}  # 18.31
    assert params.track_limit["double"] == {"allied": 8, "central": 8}
    depots = [c for c in sc.counters.values() if c.type == "supply_depot"]
    assert depots and all(c.stacking == 2 for c in depots)  # 18.24
    (car,) = [c for c in sc.counters.values() if c.type == "armored_car"]
    assert car.stacking == 0 and len(car.steps) == 1  # 24.31, 24.32
    special = D.parse(sc)
    assert special.forage_region in sc.board.regions  # 19.41
    assert all(sc.counters[u].nationality == "austria-hungary" for u in special.panic_exempt)
    tracks = {line.track for line in sc.board.rails}
    assert tracks == {"single", "double"}
    assert set(sc.board.country.values()) == {"central-side", "start-line", "russian-side"}
    assert sc.board.trenches and any(c.vp for c in sc.board.cities.values())  # 25.11


def test_15_0_the_teaching_russians_can_attack_on_the_surprise_turn() -> None:
    # 18.1: only Russian HQs move on Game-Turn 1, so the assault divisions set up on the
    # start line next to the Austro-Hungarian trench, where the surprise (23.0) strikes
    st = start(TEACHING)
    board = st.game.scenario.board
    start_line = sorted(h for h, c in board.country.items() if c == "start-line")
    assert start_line and all(h[:2] == "07" for h in start_line)
    assert all(h in board.trenches for h in board.country if h[:2] in ("06", "08"))

    def declarable(s: State) -> set[str]:
        role = s.active_roles()[0]
        return {a["target"] for a in s.legal_actions(role) if a["type"] == "declare"}

    play_until(st, lambda s: bool(declarable(s)), limit=500)
    assert st.data["turn"] == 1 and st.data["phasing"] == "allied"
    targets = declarable(st)
    units = st.data["units"]
    defenders = {units[u]["hex"] for u in ("AH-11", "AH-12", "AH-13", "AH-54", "AH-VI")}
    assert defenders <= targets


def test_15_0_the_teaching_scenario_plays_to_its_end() -> None:
    from greatwar.ai.random_agent import RandomAgent
    from greatwar.sim.play import play_game

    game = greatwar.load(TEACHING, {"better_commanders": True, "special_guards": True})
    agents = {role: RandomAgent(7 + n) for n, role in enumerate(game.roles())}
    played = play_game(game, 7, agents, check_invariants=True)
    assert played.state.is_over()


# --- 26.1 The Glorious Fourth of June ----------------------------------------------------


def test_26_11_reinforcements_arrive_on_the_turn_printed_on_their_counters() -> None:
    st = start(TEACHING)
    assert status(st, "G-11B") == "pending" and arrival(st, "G-11B") == 2
    assert turn_it_may_enter(st, "G-11B") == 2


def test_26_11_the_historical_scenario_lacks_the_printed_arrivals() -> None:
    lacks = "\n".join(load_scenario(HISTORICAL).lacks)
    assert "Russians' reinforcements and their Game-Turns of arrival" in lacks
    assert "Central Powers' reinforcements and their Game-Turns of arrival" in lacks
    assert "(brusilov 26.11)" in lacks


def test_26_12_the_historical_game_runs_turns_1_to_14_russians_first_from_0_vp() -> None:
    sc = load_scenario(HISTORICAL)
    assert sc.info.turns == 14 and sc.info.first_side == "allied"
    assert sc.file.position is None
    st = start(HISTORICAL)
    assert st.data["turn"] == 1 and st.data["phasing"] == "allied"
    assert st.data["vp"] == 0
    assert D.data(st).surprise_turn == 1 and D.surprise_turn(st)


def test_26_12_the_teaching_game_starts_at_0_vp() -> None:
    assert start(TEACHING).data["vp"] == 0


# --- 26.2 Attack On Schedule ------------------------------------------------------------


def test_26_21_the_russian_additions_set_up_where_printed() -> None:
    st = start(ON_SCHEDULE)
    printed = {
        "R-95": "0907",
        "R-105": "0907",
        "R-45": "1007",
        "R-46": "1007",
        "R-NC": "0907",
        "R-AOS-D1": "0908",
        "R-AOS-D2": "2110",
    }
    for uid, hex_label in printed.items():
        assert st.data["units"][uid]["hex"] == hex_label, uid
        assert st.game.static.units[uid].side == "allied"
    counters = st.game.scenario.counters
    assert [counters[u].movement for u in ("R-95", "R-NC", "R-AOS-D1")] == [4, 6, 3]
    assert "2-4-4" in counters["R-95"].name and "1-2-6" in counters["R-NC"].name
    assert "Native Cossack" in counters["R-NC"].name  # 27.12 NC
    assert "R-95" not in load_scenario(HISTORICAL).counters  # only in 26.2


SCHEDULE_26_22 = {
    7: ["CP-BI", "CP-JA", "CP-HQ-BH"],
    8: ["CP-1", "CP-108"],
    9: ["CP-3"],
    10: ["CP-61", "CP-GR"],
    11: ["CP-105"],
    12: ["CP-HQ-10", "CP-19", "CP-20", "CP-107"],
    13: ["CP-48", "CP-11B", "CP-43R"],
    14: ["CP-44", "CP-1R", "CP-59", "CP-119"],
    15: ["CP-37", "CP-22"],
}


def test_26_22_the_central_powers_reinforcements_arrive_on_the_printed_schedule() -> None:
    st = start(ON_SCHEDULE)
    scheduled = {uid: turn for turn, uids in SCHEDULE_26_22.items() for uid in uids}
    central = {
        uid: ui.arrive_turn
        for uid, ui in st.game.static.units.items()
        if ui.side == "central" and ui.arrive_turn is not None
    }
    assert central == scheduled
    assert all(status(st, uid) == "pending" for uid in scheduled)
    counters = st.game.scenario.counters
    assert counters["CP-HQ-BH"].type == "hq" and "Bernhardi" in counters["CP-HQ-BH"].name
    assert counters["CP-108"].movement == 5 and "4-6-5" in counters["CP-108"].name
    # their entry hexes are not in the rulebook: '?' and listed as lacking
    assert all(counters[u].arrive.entry == "?" for u in scheduled)  # type: ignore[union-attr]
    assert any("22 reinforcements whose entry hex" in lack for lack in st.game.scenario.lacks)


def test_20_12_reinforcements_with_no_entry_hex_yet_wait_off_the_map() -> None:
    # the 26.22 reinforcements' entries are '?' and the map has no Friendly entry hexes
    # yet (20.12): random play goes on past their Game-Turns without a fault (14.11)
    from greatwar.ai.random_agent import RandomAgent
    from greatwar.sim.fuzz import game_seed
    from greatwar.sim.play import play_game

    game = greatwar.load(ON_SCHEDULE)
    seed = game_seed(3, 0)  # the fuzz run that stopped on '?' at its first arrival
    agents = {role: RandomAgent(seed + n) for n, role in enumerate(game.roles())}
    st = play_game(game, seed, agents, max_steps=3000, check_invariants=True).state
    assert st.is_over() and st.data["turn"] > 7  # past the first arrivals (26.22)
    assert status(st, "CP-BI") == "pending"
    said = [e for e in st.data["log"] if e["text"].startswith("BI: Biss (2-3-5) cannot arrive")]
    assert said and said[0]["case"] == "14.11" and "not yet entered" in said[0]["text"]


def test_26_22_the_west_front_delays_the_schedule_one_turn() -> None:
    st = start(ON_SCHEDULE, west_front=True)
    assert arrival(st, "CP-BI") == 8 and arrival(st, "CP-22") == 16


def special_schedule(scenario: str) -> dict[str, Any]:
    """The depot schedule, caps and withholding rows of a scenario's ``[special]`` data,
    as the Brusilov rules read them (20.21-20.23, 25.2)."""
    return D.parse(load_scenario(scenario)).model_dump(exclude_none=True)


def test_26_23_the_depot_schedule_of_attack_on_schedule() -> None:
    rows = special_schedule(ON_SCHEDULE)

    def received(side: str, turn: int, *options: str) -> int:
        count = 0
        for row in rows["depots"]:
            due = row["from_turn"] <= turn <= row.get("to_turn", 99)
            if row["side"] == side and due and row.get("option") in (None, *options):
                count = row["count"]
        return count

    assert [received("allied", t) for t in (5, 6, 12, 18)] == [0, 1, 1, 1]
    assert [received("central", t) for t in (5, 6, 7, 18)] == [1, 1, 2, 2]
    assert received("allied", 6, "increased_supply") == 2  # 26.33
    assert rows["depot_caps"] == {"allied": 11, "central": 10}  # 20.23
    assert rows["withholding"] == [{"from_turn": 5, "vp": -4, "source": "brusilov 26.22"}]
    historical = special_schedule(HISTORICAL)["depots"]
    assert {(r["side"], r["from_turn"], r["count"]) for r in historical if "option" not in r} == {
        ("allied", 2, 1),
        ("central", 1, 1),
        ("central", 3, 2),
    }  # 20.21


@pytest.mark.parametrize(
    ("nationality", "turn", "success"),
    [
        ("austria-hungary", 5, []),
        ("austria-hungary", 6, []),
        ("austria-hungary", 7, [1]),
        ("austria-hungary", 8, [1]),
        ("austria-hungary", 9, [1, 2]),
        ("austria-hungary", 11, [1, 2]),
        ("austria-hungary", 12, [1, 2, 3]),
        ("austria-hungary", 18, [1, 2, 3]),
        ("russia", 5, []),
        ("russia", 6, []),
        ("russia", 7, [1, 2, 3]),
        ("russia", 9, [1, 2, 3]),
        ("russia", 10, [1, 2]),
        ("russia", 18, [1, 2]),
        ("germany", 5, [1, 2, 3]),  # 22.12 throughout the game
    ],
)
def test_26_24_the_step_replacement_tables_of_attack_on_schedule(
    nationality: str, turn: int, success: list[int]
) -> None:
    st = start(ON_SCHEDULE)
    uid = {"austria-hungary": "AH-54", "russia": "R-95", "germany": "CP-108"}[nationality]
    st.data["turn"] = turn
    assert R.success_rolls(st, uid) == success


@pytest.mark.parametrize(
    ("nationality", "turn", "success"),
    [
        ("austria-hungary", 2, []),
        ("austria-hungary", 3, [1]),
        ("austria-hungary", 5, [1, 2]),
        ("austria-hungary", 8, [1, 2, 3]),
        ("russia", 2, []),
        ("russia", 3, [1, 2, 3]),
        ("russia", 6, [1, 2]),
        ("germany", 1, [1, 2, 3]),
    ],
)
def test_26_24_the_historical_tables_of_22_1_and_22_2_are_the_other_scenarios(
    nationality: str, turn: int, success: list[int]
) -> None:
    st = start(TEACHING)
    uid = {"austria-hungary": "AH-11", "russia": "R-1S", "germany": "G-1"}[nationality]
    st.data["turn"] = turn
    assert R.success_rolls(st, uid) == success


def test_26_24b_the_first_turn_rules_apply_to_game_turn_5() -> None:
    st = start(ON_SCHEDULE)
    assert st.data["turn"] == 5 and st.data["phasing"] == "allied"
    assert D.data(st).surprise_turn == 5 and D.surprise_turn(st)
    st.data["turn"] = 6
    assert not D.surprise_turn(st)


def test_26_24b_the_teaching_schedule_has_its_surprise_on_its_first_turn() -> None:
    st = start(SCHEDULE)
    assert st.data["turn"] == 3 and D.surprise_turn(st)
    play_until(st, lambda s: s.data["turn"] == 4, limit=3000)
    assert not D.surprise_turn(st)


def test_26_25_attack_on_schedule_starts_at_minus_8() -> None:
    sc = load_scenario(ON_SCHEDULE)
    assert sc.info.turns == 18 and sc.info.first_side == "allied"
    st = start(ON_SCHEDULE)
    assert st.data["vp"] == -8
    assert start(SCHEDULE).data["vp"] == -4  # the teaching variant's own (25.15)


# --- 26.3 the variations -------------------------------------------------------------------


def test_26_3_every_variation_is_an_option_off_by_default() -> None:
    for scenario in BRUSILOV:
        game = greatwar.load(scenario)
        specs = game.system.options_for(game.scenario)
        for name in VARIATIONS:
            assert specs[name].default is False and specs[name].case.startswith("brusilov 26.3")
            assert game.options[name] is False


def test_26_31_the_special_guards_arrive_on_game_turn_6() -> None:
    plain = start(TEACHING)
    assert [arrival(plain, u) for u in ("R-1GD", "R-2GD", "R-HQ-GBZ")] == [8, 8, 8]
    st = start(TEACHING, special_guards=True)
    assert [arrival(st, u) for u in ("R-1GD", "R-2GD", "R-HQ-GBZ")] == [6, 6, 6]
    assert arrival(st, "R-OR") == 2  # other units as printed
    assert st.data["vp"] == -6
    assert start(ON_SCHEDULE, special_guards=True).data["vp"] == -8 - 6


def test_26_31_the_historical_scenario_lacks_the_sga_list() -> None:
    for scenario in (HISTORICAL, ON_SCHEDULE):
        assert any("marked SGA" in lack for lack in load_scenario(scenario).lacks)


def test_26_32_every_central_powers_reinforcement_is_one_turn_later() -> None:
    st = start(TEACHING, west_front=True)
    assert [arrival(st, u) for u in ("G-11B", "AH-20", "G-HQ-BH", "G-GR")] == [3, 3, 4, 5]
    assert [arrival(st, u) for u in ("R-OR", "R-NC")] == [2, 3]  # Russians as printed
    assert st.data["vp"] == -6
    assert turn_it_may_enter(st, "G-11B") == 3


def test_26_32_the_west_front_may_not_be_used_with_increased_supply() -> None:
    with pytest.raises(ValueError, match="may not be on with"):
        greatwar.load(TEACHING, {"west_front": True, "increased_supply": True})


def test_26_33_russian_rail_capacity_is_8() -> None:
    st = start(TEACHING)
    assert rail.capacity(st, "allied") == 6 and rail.capacity(st, "central") == 8
    more = start(TEACHING, increased_supply=True)
    assert rail.capacity(more, "allied") == 8 and rail.capacity(more, "central") == 8
    assert more.data["vp"] == -6
    assert rail.capacity(start(HISTORICAL, increased_supply=True), "allied") == 8


def test_26_33_it_cannot_be_used_with_the_west_front() -> None:
    with pytest.raises(ValueError, match=r"brusilov 26\.3[23]"):
        greatwar.load(HISTORICAL, {"increased_supply": True, "west_front": True})


def test_26_34_8_kl_replaces_8_ka_at_the_start() -> None:
    plain = start(TEACHING)
    assert status(plain, "R-HQ-KA") == "on_map" and status(plain, "R-HQ-KL") == "out_of_play"
    st = start(TEACHING, better_commanders=True)
    assert status(st, "R-HQ-KA") == "out_of_play" and st.data["units"]["R-HQ-KA"]["hex"] is None
    assert status(st, "R-HQ-KL") == "on_map" and st.data["units"]["R-HQ-KL"]["hex"] == "0904"
    assert st.data["vp"] == -1
    said = [e for e in st.data["log"] if e.get("case") == "brusilov 26.34"]
    assert len(said) == 1 and "8 KL: Klembowski" in said[0]["text"]
    assert "8 KA: Kaledin" in said[0]["text"] and "out of play" in said[0]["text"]
    # GBZ stays: GGU replaces it only with the Special Guards option
    assert status(st, "R-HQ-GBZ") == "pending" and status(st, "R-HQ-GGU") == "out_of_play"


def test_26_34_with_the_special_guards_ggu_replaces_gbz_too() -> None:
    st = start(TEACHING, better_commanders=True, special_guards=True)
    assert status(st, "R-HQ-GBZ") == "out_of_play" and arrival(st, "R-HQ-GBZ") is None
    assert status(st, "R-HQ-GGU") == "pending" and arrival(st, "R-HQ-GGU") == 6
    assert st.data["vp"] == -6 - 1 - 1
    assert len([e for e in st.data["log"] if e.get("case") == "brusilov 26.34"]) == 2


def test_26_34_an_out_of_play_hq_never_arrives() -> None:
    st = start(TEACHING, better_commanders=True)
    play_until(st, lambda s: s.data["turn"] == 3, limit=3000)
    assert status(st, "R-HQ-KA") == "out_of_play" and status(st, "R-HQ-GGU") == "out_of_play"


def test_26_34_the_historical_scenario_swaps_its_hqs() -> None:
    sc = load_scenario(HISTORICAL)
    eff = sc.file.option_effects["better_commanders"]
    assert eff.substitute == {"R-HQ-8KA": "R-HQ-8KL"} and eff.vp == -1
    guards = eff.with_option["special_guards"]
    assert guards.substitute == {"R-HQ-GBZ": "R-HQ-GGU"} and guards.vp == -1
    game = greatwar.load(ON_SCHEDULE, {"better_commanders": True, "special_guards": True})
    assert game.new_state(1).data["vp"] == -8 - 6 - 1 - 1


def test_26_3_all_variations_lower_the_initial_total() -> None:
    st = start(TEACHING, special_guards=True, increased_supply=True, better_commanders=True)
    assert st.data["vp"] == -6 - 6 - 1 - 1


# --- 27.0 unit designations ---------------------------------------------------------------

PRINTED_27 = {
    "27.11": "B: Bavarian; BI: Biss; GR: Gruppe; JA: Jachmann; R: reserve; PL: Polish Legion;"
    " RF: Rifle",
    "27.12": "AC: armored car; C: Cossack; DC: Don Cossack; F: Finnish; GD: guard; NC: Native"
    " Cossack; OR: Orenburg; RF: rifle; S: Siberian; SI: Sarat; TBC: Trans-Baikal Cossack;"
    " TR: Transumer; TRF: Terek rifle; TU: Turkostan; UC: Ussuri Cossack; VOL: volunteer;"
    " Z: combined",
    "27.21": "BH: Bernhardi; SA: Sud Armee; BA: Baltin; BE: Boehm-Ermolli; FE: Archduke Ferdinand",
    "27.22": "GBZ: Guards Army, Bezob; GGU: Guards Army, Gurko; KA: Kaledin; KL: Klembowski;"
    " LE: Lech; SA: Sakharov; SH: Shscherbachev",
}


def printed(case: str) -> dict[str, str]:
    return dict(item.split(": ", 1) for item in PRINTED_27[case].split("; "))


def shown_names(scenario: str) -> str:
    st = start(scenario)
    return "\n".join(u["name"] for u in st.view("allied")["units"])


def test_27_11_central_powers_abbreviations_expand() -> None:
    assert GLOSSARY["27.11"] == printed("27.11")
    for abbr, meaning in printed("27.11").items():
        assert expand(abbr, "central") == meaning
    assert designation("11B", "central") == "11B (11 Bavarian)"
    assert designation("43R", "central") == "43R (43 reserve)"
    names = shown_names(TEACHING)
    for words in ("Bavarian (B)", "reserve (R)", "Gruppe (GR)", "Jachmann (JA)", "Polish Legion"):
        assert words.lower() in names.lower()


def test_27_12_russian_abbreviations_expand() -> None:
    assert GLOSSARY["27.12"] == printed("27.12")
    for abbr, meaning in printed("27.12").items():
        assert expand(abbr, "allied") == meaning
    assert expand("RF", "allied") == "rifle" and expand("RF", "central") == "Rifle"
    names = shown_names(TEACHING)
    for abbr, meaning in printed("27.12").items():
        if abbr == "C":
            continue  # "Cossack (C)" stands in "Orenburg (OR) Cossack (C)"
        assert f"{meaning} ({abbr})".lower() in names.lower() or f"{abbr}: {meaning}" in names


def test_27_21_central_powers_hq_abbreviations_expand() -> None:
    assert GLOSSARY["27.21"] == printed("27.21")
    for abbr, meaning in printed("27.21").items():
        assert expand(abbr, "central", hq=True) == meaning
    names = shown_names(TEACHING)
    for abbr, meaning in printed("27.21").items():
        if abbr != "FE":  # the teaching front has no Archduke's army
            assert f"{abbr}: {meaning}" in names
    assert "FE: Archduke Ferdinand" in shown_names(HISTORICAL)


def test_27_22_russian_hq_abbreviations_expand() -> None:
    assert GLOSSARY["27.22"] == printed("27.22")
    for abbr, meaning in printed("27.22").items():
        assert expand(abbr, "allied", hq=True) == meaning
    assert designation("8 KA", "allied", hq=True) == "8 KA (8 Kaledin)"
    assert expand("KA", "allied") is None  # a unit's, not an HQ's, abbreviation
    for scenario in (TEACHING, HISTORICAL):
        names = shown_names(scenario)
        for abbr, meaning in printed("27.22").items():
            assert f"{abbr}: {meaning}" in names, (scenario, abbr)


# --- what the historical scenarios lack -------------------------------------------------


def lacking(scenario: Scenario) -> list[str]:
    return [lack.split(":", 1)[0] if lack[0].isdigit() else lack for lack in scenario.lacks]


def test_26_1_the_historical_scenario_lists_exactly_what_it_lacks() -> None:
    sc = load_scenario(HISTORICAL)
    assert lacking(sc) == [
        "104 hexes without terrain",
        "6 counters without strengths",
        "17 counters without a movement allowance",
        "10 counters with neither set-up hex nor arrival",
        "the start line (brusilov 18.27, 19.1): the map's [countries] grid naming the sides"
        " of the start line that parameters.friendly_countries makes Friendly",
        "the trench lines of the map (brusilov 18.27, 23.11, 23.51)",
        "the rail lines of the map, single and double track (brusilov 18.2, 18.3)",
        "the Friendly entry hexes of the map (brusilov 20.12)",
        "the towns with Victory Points printed on the map (brusilov 25.11)",
        "the hexes south of both the Dniester and hex row 1900 (brusilov 19.41): a map"
        " [[region]] named by [special] forage_region",
        "11 HQ counters without command values",
        "the Russians' reinforcements and their Game-Turns of arrival printed on the counters"
        " (brusilov 26.11)",
        "the Central Powers' reinforcements and their Game-Turns of arrival printed on the"
        " counters (brusilov 26.11)",
        "3 counters with provisional data (each source says which)",
        "the units marked SGA on the counters, which the Special Guards option brings on"
        " Game-Turn 6 (brusilov 26.31)",
    ]
    assert sc.blocking and not sc.fictional
    # what the rulebook does give is there: 23.42's hexes, the HQs of 27.2
    assert sc.counters["AH-55"].setup == "2013" and sc.counters["AH-38"].setup == "1914"
    assert sc.counters["AH-32"].setup == "1812"


def test_26_1_greatwar_validate_lists_what_the_historical_scenario_lacks() -> None:
    typer_testing = pytest.importorskip("typer.testing")
    from greatwar.cli import app

    result = typer_testing.CliRunner().invoke(app, ["validate", HISTORICAL, ON_SCHEDULE])
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"{HISTORICAL}: valid scenario." in out and f"{ON_SCHEDULE}: valid scenario." in out
    for lack in load_scenario(HISTORICAL).lacks + load_scenario(ON_SCHEDULE).lacks:
        assert f"  still lacks: {lack}" in out
    assert out.count("still lacks:") == len(load_scenario(HISTORICAL).lacks) + len(
        load_scenario(ON_SCHEDULE).lacks
    )


def test_26_1_validate_of_the_teaching_scenario_lacks_nothing() -> None:
    typer_testing = pytest.importorskip("typer.testing")
    from greatwar.cli import app

    result = typer_testing.CliRunner().invoke(app, ["validate", TEACHING, SCHEDULE])
    assert result.exit_code == 0 and "still lacks" not in result.output
