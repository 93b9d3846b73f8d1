"""9.1 The clash phase: who must fight, how the holder of the initiative forms clashes,
and 9.4 the results (FICTIONAL teaching map; arena in clash_kit)."""

from __future__ import annotations

from typing import Any

from greatwar.rules.tannenberg import clash, combatants
from tests.rules.tannenberg.clash_kit import (
    at_clash,
    at_clash_with,
    attempt_resolution,
    fight,
    form,
    lost,
    play_cards,
    resolution,
    retreat_under,
    stand,
    texts,
    top_kind,
    wear,
)

HERE = "A16 B21"
EAST = "A17 B21"
NORTH = "A16 B22"
SOUTH = "A16 B20"
SOUTH_EAST = "A17 B20"


def test_9_1_1_combat_only_in_the_clash_phase(position) -> None:
    # units far apart: nothing to fight, the phase ends at once and so does the game
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": "A20 B15"})
    assert st.is_over()
    assert "The clash phase ends: every unit that had to fight has fought." in texts(st)


def test_9_1_1_no_clash_in_the_movement_phase(at_movement) -> None:
    st = at_movement({"G-1-1-I": HERE, "R-1-25-III": EAST})
    frame = st.top()
    assert frame["kind"] == "movement_phase"
    actions = st.handler(frame).legal(st, frame, "german")
    assert all(a["type"] not in ("clash", "card") for a in actions)


def test_9_1_2_units_in_enemy_zones_must_fight(position) -> None:
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": EAST, "R-1-27-III": "A20 B15"})
    phase = st.top()
    assert phase["must"] == ["G-1-1-I", "R-1-25-III"]  # R-1-27-III is in no German zone
    assert st.active_roles() == ["german"]
    assert {a["hex"] for a in st.legal_actions("german") if a["type"] == "clash"} == {HERE, EAST}


def test_9_1_2_a_clash_may_not_leave_a_unit_without_opponent(position, refuse) -> None:
    # R2 at SOUTH_EAST has only HERE's German in front of it: leaving it out of the clash at
    # HERE would leave it unable to fight (9.1.2)
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": EAST, "R-1-27-III": SOUTH_EAST})
    st.apply("german", {"type": "clash", "hex": HERE})
    assert st.top()["forming"]["opposing"] == [SOUTH_EAST, EAST]
    st.apply("german", {"type": "drop_hex", "hex": SOUTH_EAST})
    error = refuse(st, "german", {"type": "fight"})
    assert error.case == "tannenberg 9.1.2"
    st.apply("german", {"type": "add_hex", "hex": SOUTH_EAST})
    st.apply("german", {"type": "fight"})
    assert top_kind(st) == "clash_cards"


def test_9_1_3_the_phase_is_a_series_of_clashes(position) -> None:
    st = at_clash(
        position,
        {"G-1-1-I": HERE, "R-1-25-III": EAST, "G-3-2-I": "A10 B20", "R-1-27-III": "A11 B20"},
    )
    form(st, HERE)
    play_cards(st, "defence", "defence")
    assert top_kind(st) == "clash_phase"
    form(st, "A10 B20")
    play_cards(st, "defence", "defence")
    log = texts(st)
    assert any(t.startswith("Clash 1: Germans name A16 B21") for t in log)
    assert any(t.startswith("Clash 2: Germans name A10 B20") for t in log)
    assert st.is_over()


def test_9_1_4_clash_only_between_adjacent_units(position, refuse) -> None:
    st = at_clash(
        position,
        {"G-1-1-I": HERE, "R-1-25-III": EAST, "G-3-2-I": "A10 B20", "R-1-27-III": "A11 B20"},
    )
    st.apply("german", {"type": "clash", "hex": HERE})
    error = refuse(st, "german", {"type": "add_hex", "hex": "A11 B20"})
    assert error.case == "tannenberg 9.1.6"
    assert [a for a in st.legal_actions("german") if a["type"] == "add_hex"] == []


def test_9_1_4_no_clash_across_a_lake(position) -> None:
    # the Schmalsee lies along the hexside A16 B11 / A17 B11 (8.1.6): no zone, no clash
    st = at_clash(position, {"G-1-1-I": "A16 B11", "R-1-25-III": "A17 B11"})
    assert combatants.fronts(st, "A16 B11").count("A17 B11") == 0
    assert st.is_over()


def test_9_1_5_a_unit_fights_once_a_stage(position) -> None:
    # G1 in HERE faces R1 (EAST) and R2 (SOUTH_EAST); R2 also faces G2 (SOUTH)
    st = at_clash(
        position,
        {"G-1-1-I": HERE, "R-1-25-III": EAST, "R-1-27-III": SOUTH_EAST, "G-3-2-I": SOUTH},
    )
    form(st, HERE, drop=[SOUTH_EAST])
    play_cards(st, "defence", "defence")
    assert combatants.has_fought(st, "G-1-1-I") and combatants.has_fought(st, "R-1-25-III")
    focals = clash.focal_hexes(st, st.top())
    assert HERE not in focals and EAST not in focals
    assert focals == {SOUTH: [SOUTH_EAST], SOUTH_EAST: [SOUTH]}


def test_9_1_6_one_side_on_one_hex(position, refuse) -> None:
    # the German in HERE against two Russian hexes: one clash; a second German hex (next to
    # HERE, A15 B22) may not join it
    st = at_clash(
        position,
        {"G-1-1-I": HERE, "G-3-2-I": "A15 B22", "R-1-25-III": EAST, "R-1-27-III": SOUTH_EAST},
    )
    st.apply("german", {"type": "clash", "hex": HERE})
    assert st.top()["forming"]["opposing"] == [SOUTH_EAST, EAST]
    error = refuse(st, "german", {"type": "add_hex", "hex": "A15 B22"})
    assert error.case == "tannenberg 9.1.6"
    st.apply("german", {"type": "fight"})
    sides = st.data["stack"][-2]["sides"]
    assert sides["german"]["hexes"] == [HERE]
    assert sides["russian"]["hexes"] == [SOUTH_EAST, EAST]


def test_9_1_7_the_holder_forms_the_clashes(position, refuse) -> None:
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": EAST}, first_side="russian")
    assert st.active_roles() == ["russian"]
    error = refuse(st, "german", {"type": "clash", "hex": HERE})
    assert error.case == "tannenberg 9.1.7"
    # the holder names the opponent's hex as readily as his own
    st.apply("russian", {"type": "clash", "hex": HERE})
    st.apply("russian", {"type": "fight"})
    assert st.data["stack"][-2]["focal"] == HERE


def test_9_1_8_a_stack_fights_whole(position) -> None:
    st = at_clash(
        position, {"G-1-1-I": HERE, "R-1-25-III": EAST, "R-1-27-III": EAST, "G-3-2-I": "A10 B20"}
    )
    form(st, HERE)
    sides = st.data["stack"][-2]["sides"]
    assert sides["russian"]["units"] == ["R-1-25-III", "R-1-27-III"]
    assert all(a["type"] == "card" for a in st.legal_actions("russian"))


def test_9_4_1_results_are_endurance_points(position, fixed_dice) -> None:
    # 6 against 6 is 1:1; the provisional column 1:1 gives "1/3" for a die of 1
    fixed_dice(1)
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": EAST})
    form(st, HERE)
    play_cards(st, "attack", "defence")
    st.apply("russian", {"type": "flee", "hexes": 0})
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 3)


def test_9_4_2_every_unit_of_the_clash_loses_the_result(position, fixed_dice) -> None:
    # two Germans from HERE and SOUTH (6 + 6) against two Russians of different divisions in
    # SOUTH_EAST (6 + 6): 12 to 12 is 1:1, two attacking hexes give no flank bonus (9.2.1),
    # no division is whole (14.1); die 1 gives "1/3": each German loses 1, each Russian 3
    fixed_dice(1)
    st = at_clash(
        position,
        {"G-1-1-I": HERE, "G-3-2-I": SOUTH, "R-1-25-III": SOUTH_EAST, "R-1-27-III": SOUTH_EAST},
    )
    form(st, SOUTH_EAST)
    play_cards(st, "attack", "defence")
    st.apply("russian", {"type": "flee", "hexes": 0})
    assert [lost(st, u)[2] for u in ("G-1-1-I", "G-3-2-I")] == [1, 1]
    assert [lost(st, u)[2] for u in ("R-1-25-III", "R-1-27-III")] == [3, 3]
    assert st.is_over()


# --- declarations, garrisons, shelling, three players ----------------------------------------

# A15 B20 / A16 B20, clear ground (as in test_cards); the German I Corps artillery two hexes
# from A16 B20, its HQ and the army HQ behind it so that it is commanded (13.2.4, 13.4.1).
GUNS = {"G-I-art": "A14 B20", "G-HQ-I": "A13 B20", "G-HQ-8A": "A12 B21"}


def test_9_1_9_the_attacker_declares_his_artillery_before_the_defender_is_revealed(
    position, fixed_dice
) -> None:
    from tests.rules.tannenberg.masking_kit import masked

    fixed_dice(6)
    st = masked(
        position,
        {"G-1-1-I": "A15 B20", "R-1-25-III": "A16 B20", **GUNS},
        {"mask-russian-1": ("A16 B20", ["R-1-25-III"])},
        phase="clash",
        stage=10,
    )
    form(st, "A15 B20")
    play_cards(st, "attack", "defence")
    # 16.2.9: the German declares his fire while the Russian stack is still masked
    assert top_kind(st) == "artillery_support"
    from greatwar.rules.tannenberg import masking

    assert masking.is_masked(st, "R-1-25-III")
    st.apply("german", {"type": "fire", "unit": "G-I-art", "triple": False})
    st.apply("german", {"type": "done"})
    log = texts(st)
    fired = next(i for i, t in enumerate(log) if t.startswith("Germans: artillery firing: "))
    shown = next(i for i, t in enumerate(log) if "is revealed" in t)
    assert fired < shown
    report = st.data["stack"][-2]["report"]
    assert report["attack"] == 6 + 4  # 1/1/I and the attack fire of the artillery (11.2.1)


def test_9_1_2_a_garrison_in_an_enemy_zone_fights(position, fixed_dice) -> None:
    # Fort Sud (A10 B22, garrison 2) and a Russian in its forefield (A10 B21, across a
    # fortified edge): they must fight; the garrison alone lays down only DEFENCE (12.3.3)
    fixed_dice(1)
    st = at_clash(position, {"R-1-25-III": "A10 B21"})
    assert st.top()["must_forts"] == ["A10 B22"]
    form(st, "A10 B22", drop=[])
    assert st.legal_actions("german") == [{"type": "card", "card": "defence"}]
    play_cards(st, "defence", "attack")
    # the garrison's own strength, 2 (12.3.7); the fortification's -2 (12.2.4)
    assert any(t.startswith("Clash 1: Russians attack 6 to 2 (3:1)") for t in texts(st))


def test_9_7_7_units_counted_across_a_strait_are_chosen_by_their_owners(
    position, fixed_dice
) -> None:
    # three Germans in A15 B15 attack three Russians in A14 B15 only across the Lotzau
    # strait: two of each side count (12 against 12), all three suffer the result
    germans = {"G-1-1-I": "A15 B15", "G-3-2-I": "A15 B15", "G-70-35-XVII": "A15 B15"}
    russians = {"R-1-25-III": "A14 B15", "R-1-27-III": "A14 B15", "R-1-28-XX": "A14 B15"}
    fixed_dice(1)
    st = at_clash(position, {**germans, **russians})
    form(st, "A15 B15")
    play_cards(st, "attack", "defence")
    assert top_kind(st) == "strait_choice"
    st.apply("german", {"type": "count", "unit": "G-1-1-I"})
    st.apply("german", {"type": "count", "unit": "G-3-2-I"})
    st.apply("russian", {"type": "count", "unit": "R-1-25-III"})
    st.apply("russian", {"type": "count", "unit": "R-1-27-III"})
    report = st.data["stack"][-2]["report"]
    assert (report["attack"], report["defence"]) == (12, 12)
    st.apply("russian", {"type": "flee", "hexes": 0})
    assert resolution(st).numbers == (12, 12, "1:1", (-1,), "1:2")  # Lötzau is a town
    a_loss, d_loss = (int(x) if x != "-" else 0 for x in report["result"].split("/"))
    assert lost(st, "G-70-35-XVII")[2] == a_loss
    assert lost(st, "R-1-28-XX")[2] == d_loss


def test_9_1_7_with_three_players_each_russian_plays_his_own_armys_cards(position) -> None:
    # R-1-6-XV belongs to the 2nd Army: its player lays down the Russian card
    st = at_clash(
        position, {"G-1-1-I": "A15 B20", "R-1-6-XV": "A16 B20"}, options={"three_players": True}
    )
    form(st, "A15 B20")
    assert set(st.active_roles()) == {"german", "russian-2"}
    st.apply("german", {"type": "card", "card": "attack"})
    assert not any("ATTACK" in t for t in texts(st, "russian-1"))
    assert not any("ATTACK" in t for t in texts(st, "russian-2"))


def test_9_1_7_the_holder_may_shell_with_artillery_alone(position, fixed_dice) -> None:
    # no unit is next to an enemy: the Germans may still shell A16 B20 from A14 B20 (11.4),
    # or end the phase
    fixed_dice(6)
    st = at_clash(position, {"R-1-25-III": "A16 B20", **GUNS})
    assert st.legal_actions("german") == [
        {"type": "shell", "hex": "A16 B20"},
        {"type": "end_clashes"},
    ]
    st.apply("german", {"type": "shell", "hex": "A16 B20"})
    st.apply("german", {"type": "add_gun", "unit": "G-I-art", "triple": False})
    st.apply("german", {"type": "fire"})
    # ATTACK against DEFENCE without cards: 4 (attack fire) against 6
    assert any(t.startswith("Clash 1: Germans attack 4 to 6 (1:2)") for t in texts(st))
    assert st.data["units"]["R-1-25-III"][combatants.CLASH_NOTE] == 10  # fought in stage 10


def test_11_4_the_shelling_shows_its_ratio_before_the_holder_fires(position, fixed_dice) -> None:
    # the ratio of the guns added so far is in the view before "fire" (none before a gun
    # is added), and the shelling is resolved at that column: 4 against 6, 1:2, and the
    # I Corps HQ's +2 (13.5) makes it 2:1
    st = at_clash(position, {"R-1-25-III": "A16 B20", **GUNS})
    st.apply("german", {"type": "shell", "hex": "A16 B20"})
    assert "preview" not in st.view("german")["clash"]["shelling"]
    st.apply("german", {"type": "add_gun", "unit": "G-I-art", "triple": False})
    shown = st.view("german")["clash"]["shelling"]["preview"]
    assert (shown["attack"], shown["defence"], shown["ratio"]) == (4, 6, "1:2")
    fixed_dice(1)
    st.apply("german", {"type": "fire"})
    entry = next(e for e in st.data["log"] if e.get("ruling"))
    assert entry["ruling"]["numbers"]["column"] == shown["column"]
    assert entry["ruling"]["numbers"]["ratio"] == "1:2"
    assert f"column {shown['column']}, die 1" in entry["text"]
    # the brigade stands (no flight): it loses the 4 points the 2:1 column gives on a 1
    assert "defender 4" in entry["text"]
    st.apply("russian", {"type": "flee", "hexes": 0})
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)


#: 9.1.7's example (its diagram is lost; this layout fits its text): German units 1, 2, 3
#: and Russian units A, B; 2 stands next to both A and B, 1 only next to A, 3 only next to B
EXAMPLE_9_1_7 = {
    "G-1-1-I": NORTH,  # unit 1
    "G-2-1-I": EAST,  # unit 2
    "G-3-2-I": "A18 B20",  # unit 3
    "R-1-25-III": HERE,  # unit A
    "R-1-27-III": SOUTH_EAST,  # unit B
}


def _first_clash(st: Any) -> dict[str, list[str]]:
    frame = st.data["stack"][-2]
    return {side: sorted(entry["units"]) for side, entry in frame["sides"].items()}


def test_9_1_7_example_units_1_2_and_a_then_3_and_b(position) -> None:
    st = at_clash(position, EXAMPLE_9_1_7)
    form(st, HERE)  # A's hex: 1 and 2 are both next to it
    assert _first_clash(st) == {"german": ["G-1-1-I", "G-2-1-I"], "russian": ["R-1-25-III"]}


def test_9_1_7_example_or_units_1_and_a_then_2_3_and_b(position) -> None:
    st = at_clash(position, EXAMPLE_9_1_7)
    form(st, HERE, drop=[EAST])  # the holder leaves unit 2 for the clash against B
    assert _first_clash(st) == {"german": ["G-1-1-I"], "russian": ["R-1-25-III"]}
    # and B's clash takes both units next to it, 2 and 3
    st = at_clash(position, EXAMPLE_9_1_7)
    form(st, SOUTH_EAST)
    assert _first_clash(st) == {"german": ["G-2-1-I", "G-3-2-I"], "russian": ["R-1-27-III"]}


# --- 2.3 at resolution: endurance and levels as they feed the clash ---------------------------


def test_2_3_4_endurance_lost_does_not_weaken_a_unit_in_a_clash(position, fixed_dice) -> None:
    # 2.3's note: the German has lost 3 points on its front level and still fights with 6:
    # 6 to 6 is 1:1, die 1 "1/3"; the German's point fills its level (4), the Russian's
    # 3 points on top of 3 already lost turn it over with 2 marked there (2.3.5)
    fixed_dice(1)
    worn = {"G-1-1-I": (0, 3), "R-1-25-III": (0, 3)}
    st = at_clash_with(position, {"G-1-1-I": HERE, "R-1-25-III": EAST}, lambda s: wear(s, worn))
    shown = fight(st, HERE, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown == (6, 6, "1:1", (), "1:1")
    assert lost(st, "G-1-1-I") == ("on_map", 0, 4)
    assert lost(st, "R-1-25-III") == ("on_map", 1, 2)


def test_2_3_5_a_unit_on_its_second_level_fights_with_its_back(position, fixed_dice) -> None:
    # the German is on its back (strength 4): 4 to 6 is 1:2, die 1 "1/2" (1:1 would give
    # "1/3"); a last-level unit that loses more than its 4 points is eliminated (2.3.6)
    fixed_dice(1)
    worn = {"G-1-1-I": (1, 4)}
    st = at_clash_with(position, {"G-1-1-I": HERE, "R-1-25-III": EAST}, lambda s: wear(s, worn))
    shown = fight(st, HERE, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown == (4, 6, "1:2", (), "1:2")
    assert lost(st, "G-1-1-I")[0] == "eliminated"
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)


def test_2_3_5_the_second_levels_effectiveness_sets_the_retreat_column(
    position, fixed_dice
) -> None:
    # the Russian on its back (effectiveness 2) retreats from the German (4): column -2; a
    # die of 2 there is "2" (at -1 it would be "1"): 2 more on its last level
    fixed_dice(2)
    worn = {"R-1-25-III": (1, 0)}
    st = at_clash_with(position, {"G-1-1-I": HERE, "R-1-25-III": EAST}, lambda s: wear(s, worn))
    shown = retreat_under(st, HERE, "attack", "retreat", "A18 B21")
    got = attempt_resolution(st)
    assert got.column == shown["column"] == "-2"
    assert (got.modified, got.loss) == (2, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 1, 2)
