"""Combat modifiers (9.2, 9.7, 9.8) on the FICTIONAL teaching map.

Places used (see ``python`` on the map file, or the map's comments):

* the arena A16 B21: clear, six clear neighbours, no hexside features;
* the forests west of the Angerbach: A9 B18 forest, A8 B18 forest on a hill, A9 B17
  forest next to both, A10 B18 clear;
* the Angerbach (small river) east of A12 B20 (clear, on the railway): A13 B20 and
  A13 B19 lie across it, A12 B21 does not;
* the Drewe (large river) between A9 B14 (clear) and A10 B13;
* the Vistula rail bridge A5 B21 / A4 B22;
* the Lötzau strait A15 B15 / A14 B14's neighbour A14 B15 (Feste Lötzau, a town);
* the swamp A12 B15 south of the clear A12 B16.

Strengths of the teaching counters on their front level: German infantry brigades 6,
German cavalry brigades 3, Russian infantry brigades 6, Russian cavalry 3.
"""

from __future__ import annotations

import pytest

from greatwar.rules.tannenberg import modifiers, supply
from tests.rules.tannenberg.clash_kit import (
    act,
    at_clash,
    attempt_resolution,
    fight,
    form,
    lost,
    masked_clash,
    pairing,
    play_cards,
    resolution,
    retreat_under,
    stand,
)

ARENA = "A16 B21"
N, NE, SE, S, SW, NW = "A16 B22", "A17 B21", "A17 B20", "A16 B20", "A15 B21", "A15 B22"


def values(mods: list[dict], case: str) -> list[int]:
    return [m["value"] for m in mods if m["case"] == case]


def only(mods: list[dict], case: str) -> dict:
    (found,) = [m for m in mods if m["case"] == case]
    return found


# --- 9.2 flanking, surrounding, cavalry ----------------------------------------------------


def test_9_2_1_attack_from_three_to_six_hexes(position) -> None:
    germans = ["G-1-1-I", "G-2-1-I", "G-3-2-I", "G-4-2-I", "G-70-35-XVII", "G-87-35-XVII"]
    around = [N, NE, SE, S, SW, NW]
    units = dict(zip(germans, around, strict=True)) | {"R-1-25-III": ARENA}
    st = position(units, paused=True)
    # two hexes: no flank; three to six hexes: +1 .. +4 (9.2.1)
    for n, expected in ((2, []), (3, [1]), (4, [2]), (5, [3]), (6, [4])):
        mods = modifiers.clash_modifiers(st, germans[:n], ["R-1-25-III"], around[:n])
        assert values(mods, "tannenberg 9.2.1") == expected, n


def test_9_2_1_artillery_does_not_count_as_a_flank(position) -> None:
    units = {"G-1-1-I": N, "G-2-1-I": NE, "G-I-art": SE, "R-1-25-III": ARENA}
    st = position(units, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I", "G-2-1-I", "G-I-art"], ["R-1-25-III"], [])
    # the artillery's hex is the third, but artillery only fires: two hexes, no flank
    assert values(mods, "tannenberg 9.2.1") == []


def test_9_2_2_surrounded_defender_doubles_the_attack(position) -> None:
    # G-1-1-I north and G-3-2-I south of the arena: each of the arena's other four
    # neighbours is in the zone of one of them (N controls NE and NW, S controls SE and
    # SW), so the Russian brigade has no way out.  Only G-1-1-I attacks: the surrounding
    # units need not all take part (9.2.2).  6 doubled is 12.
    units = {"G-1-1-I": N, "G-3-2-I": S, "R-1-25-III": ARENA}
    st = position(units, paused=True)
    assert modifiers.surrounded(st, ARENA, "russian")
    strengths = modifiers.clash_strengths(st, ["G-1-1-I"], ["R-1-25-III"])
    assert strengths["attacker"]["total"] == 12
    assert strengths["defender"]["total"] == 6
    assert any(p.get("case") == "tannenberg 9.2.2" for p in strengths["attacker"]["parts"])


def test_9_2_2_a_way_out_is_no_encirclement(position) -> None:
    # a Russian unit south-east of the arena frees that hex (8.1.4): a way out
    units = {"G-1-1-I": N, "G-3-2-I": S, "R-1-25-III": ARENA, "R-2-25-III": SE}
    st = position(units, paused=True)
    assert not modifiers.surrounded(st, ARENA, "russian")
    assert modifiers.clash_strengths(st, ["G-1-1-I"], ["R-1-25-III"])["attacker"]["total"] == 6


def test_9_2_3_cavalry_against_infantry_halved_rounding_up(position) -> None:
    # 9.2.3's example: a cavalry unit of strength 3 attacking infantry counts 3:2 = 1.5,
    # rounded up to 2
    st = position({"G-1-8-kaw": N, "R-1-25-III": ARENA}, paused=True)
    strengths = modifiers.clash_strengths(st, ["G-1-8-kaw"], ["R-1-25-III"])
    assert strengths["attacker"]["total"] == 2
    assert strengths["defender"]["total"] == 6


def test_9_2_3_cavalry_total_halved_and_defending_cavalry_too(position) -> None:
    units = {"G-1-8-kaw": N, "G-2-8-kaw": N, "G-3-8-kaw": N, "R-1-1G-kaw": ARENA}
    st = position(units, paused=True)
    cavalry = ["G-1-8-kaw", "G-2-8-kaw", "G-3-8-kaw"]
    # cavalry against cavalry: full strength, 3 + 3 + 3 = 9 against 3
    strengths = modifiers.clash_strengths(st, cavalry, ["R-1-1G-kaw"])
    assert (strengths["attacker"]["total"], strengths["defender"]["total"]) == (9, 3)
    # defending cavalry against infantry: 3 halved, rounded up, is 2
    st = position({"G-1-1-I": N, "R-1-1G-kaw": ARENA}, paused=True)
    assert modifiers.clash_strengths(st, ["G-1-1-I"], ["R-1-1G-kaw"])["defender"]["total"] == 2
    # mixed: infantry 6 plus the cavalry's total 3 + 3 = 6 halved to 3 is 9
    st = position({"G-1-1-I": N, "G-1-8-kaw": N, "G-2-8-kaw": N, "R-1-25-III": ARENA}, paused=True)
    both = modifiers.clash_strengths(st, ["G-1-1-I", "G-1-8-kaw", "G-2-8-kaw"], ["R-1-25-III"])
    assert both["attacker"]["total"] == 9


# --- 9.7 terrain --------------------------------------------------------------------------------


def test_9_7_1_terrain_modifier_from_the_terrain_table(position) -> None:
    st = position({"G-1-1-I": "A10 B18", "R-1-25-III": "A9 B18"}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A10 B18"])
    forest = only(mods, "tannenberg 9.7.3")
    # the defender stands in forest: -1, a printed value (9.7.3)
    assert forest["value"] == -1
    assert "provisional" not in forest


def test_9_7_2_only_the_defenders_terrain_counts(position) -> None:
    # the attacker stands in forest, the defender in the clear: no terrain modifier
    st = position({"G-1-1-I": "A9 B18", "R-1-25-III": "A10 B18"}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A9 B18"])
    assert values(mods, "tannenberg 9.7.3") == []


def test_9_7_2_no_terrain_in_an_encounter_battle(position) -> None:
    st = position({"G-1-1-I": "A10 B18", "R-1-25-III": "A9 B18"}, paused=True)
    cards = {"attacker": "attack", "defender": "assault"}
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A10 B18"], cards=cards)
    assert values(mods, "tannenberg 9.7.3") == []
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A10 B18"], encounter=True)
    assert values(mods, "tannenberg 9.7.3") == []


def test_9_7_3_hill_and_forest_add_up_to_minus_two(position) -> None:
    # A8 B18 is a forest on a hill: hill -1 and forest -1 make -2 (9.7.3's example)
    st = position({"G-1-1-I": "A9 B17", "R-1-25-III": "A8 B18"}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A9 B17"])
    assert values(mods, "tannenberg 9.7.3") == [-2]
    # and a plain hill is -1
    st = position({"G-1-1-I": "A7 B24", "R-1-25-III": "A6 B24"}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A7 B24"])
    assert values(mods, "tannenberg 9.7.3") == [-1]


def test_9_7_4_river_counts_only_when_every_attacker_is_across(position) -> None:
    units = {"G-1-1-I": "A13 B20", "G-2-1-I": "A13 B19", "G-3-2-I": "A12 B21"}
    st = position(units | {"R-1-25-III": "A12 B20"}, paused=True)
    both_across = modifiers.clash_modifiers(
        st, ["G-1-1-I", "G-2-1-I"], ["R-1-25-III"], ["A13 B20", "A13 B19"]
    )
    river = only(both_across, "tannenberg 9.7.4")
    # the small river's modifier is a supplied value (the printed table is lost)
    assert river["value"] == -1 and river["provisional"] is True
    # one attacker on the defender's bank: the river does not count
    mixed = modifiers.clash_modifiers(
        st, ["G-1-1-I", "G-3-2-I"], ["R-1-25-III"], ["A13 B20", "A12 B21"]
    )
    assert values(mixed, "tannenberg 9.7.4") == []


def test_9_7_4_large_river_and_bridge(position) -> None:
    st = position({"G-1-1-I": "A10 B13", "R-1-25-III": "A9 B14"}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A10 B13"])
    assert values(mods, "tannenberg 9.7.4") == [-2]
    # across the Vistula's bridge: the bridge's modifier, not the great river's
    st = position({"G-1-1-I": "A5 B21", "R-1-25-III": "A4 B22"}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A5 B21"])
    bridge = only(mods, "tannenberg 9.7.4")
    assert bridge["value"] == -1 and "bridge" in bridge["why"]


def test_9_7_5_the_most_favourable_hex_for_the_defender(position) -> None:
    # one German hex attacks a Russian brigade in forest (-1) and one on the forested
    # hill (-2): the -2 is taken
    units = {"G-1-1-I": "A9 B17", "R-1-25-III": "A9 B18", "R-2-25-III": "A8 B18"}
    st = position(units, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III", "R-2-25-III"], ["A9 B17"])
    terrain = only(mods, "tannenberg 9.7.3")
    assert terrain["value"] == -2 and "9.7.5" in terrain["why"]


def test_9_7_6_roads_and_railways_do_nothing(position) -> None:
    # A12 B20 is clear with a railway through it; A12 B21 is clear: no modifier at all
    st = position({"G-1-1-I": "A12 B21", "R-1-25-III": "A12 B20"}, paused=True)
    board = st.game.scenario.board
    assert any("A12 B20" in line.hexes for line in board.rails)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A12 B21"])
    assert mods == []


def test_9_7_7_two_units_a_side_across_a_strait(position) -> None:
    # 9.7.7's example: units 1, 2, 3 attack A, B, C across the Lötzau strait: the
    # attacker chooses two that count, the defender two; all suffer the result
    attackers = ["G-1-1-I", "G-2-1-I", "G-3-2-I"]
    defenders = ["R-1-25-III", "R-2-25-III", "R-1-27-III"]
    units = dict.fromkeys(attackers, "A15 B15") | dict.fromkeys(defenders, "A14 B15")
    st = position(units, paused=True)
    choices = modifiers.strait_choices(st, attackers, defenders)
    assert choices == [
        {"side": "attacker", "hex": "A15 B15", "units": attackers, "count": 2},
        {"side": "defender", "hex": "A14 B15", "units": defenders, "count": 2},
    ]
    # the chosen ones count: 6 + 6 against 6 + 6 (the Lötzau fort doubles the Russians
    # only for its own side, the Germans; so no fortification here)
    counted = ["G-1-1-I", "G-2-1-I", "R-1-25-III", "R-2-25-III"]
    strengths = modifiers.clash_strengths(st, attackers, defenders, counted=counted)
    assert (strengths["attacker"]["total"], strengths["defender"]["total"]) == (12, 12)


def test_9_7_7_a_second_strait_edge_lets_all_three_defend(position) -> None:
    # The example's unit 4 attacks across another strait edge.  The teaching map has
    # one strait, so this test makes A14 B14 / A14 B15 a strait too (its own game only).
    attackers = ["G-1-1-I", "G-2-1-I", "G-3-2-I"]
    defenders = ["R-1-25-III", "R-2-25-III", "R-1-27-III"]
    units = dict.fromkeys(attackers, "A15 B15") | dict.fromkeys(defenders, "A14 B15")
    st = position(units | {"G-4-2-I": "A14 B14"}, paused=True)
    board = st.game.scenario.board
    key = board.side_key("A14 B14", "A14 B15")
    board.side_features[key] = board.side_features.get(key, frozenset()) | {"strait"}
    choices = modifiers.strait_choices(st, [*attackers, "G-4-2-I"], defenders)
    # two strait edges: up to four defenders count, so all three do; the attackers of
    # A15 B15 still count two
    assert [c["side"] for c in choices] == ["attacker"]
    assert choices[0]["count"] == 2


# --- 9.8 retreat -----------------------------------------------------------------------------


def test_9_8_1_least_favourable_of_several_hexes(position) -> None:
    # retreating from forest (+1) and from the forested hill (+2): +1 counts; one route
    # crosses the small river (-1), the other the large one (-2): -2 counts
    units = {"R-1-25-III": "A9 B18", "R-2-25-III": "A8 B18", "G-1-1-I": "A9 B17"}
    st = position(units, paused=True)
    mods = modifiers.retreat_die_modifiers(st, ["R-1-25-III", "R-2-25-III"], ["G-1-1-I"])
    assert values(mods, "tannenberg 9.8.2") == [1]
    units = {"R-1-25-III": "A12 B20", "R-2-25-III": "A9 B14", "G-1-1-I": "A12 B21"}
    st = position(units, paused=True)
    routes = {"A12 B20": ["A13 B20"], "A9 B14": ["A10 B13"]}
    mods = modifiers.retreat_die_modifiers(
        st, ["R-1-25-III", "R-2-25-III"], ["G-1-1-I"], routes=routes
    )
    assert values(mods, "tannenberg 9.8.4") == [-2]


def test_9_8_2_start_terrain_with_its_sign_reversed(position) -> None:
    st = position({"R-1-25-III": "A8 B18", "G-1-1-I": "A9 B17"}, paused=True)
    # the forest on a hill is -2 for combat, so +2 to the retreat's die
    mods = modifiers.retreat_die_modifiers(st, ["R-1-25-III"], ["G-1-1-I"])
    assert values(mods, "tannenberg 9.8.2") == [2]
    st = position({"R-1-25-III": "A10 B18", "G-1-1-I": "A9 B18"}, paused=True)
    assert modifiers.retreat_die_modifiers(st, ["R-1-25-III"], ["G-1-1-I"]) == []


def test_9_8_3_swamp_as_the_first_hex(position) -> None:
    st = position({"R-1-25-III": "A12 B16", "G-1-1-I": "A12 B17"}, paused=True)
    mods = modifiers.retreat_die_modifiers(
        st, ["R-1-25-III"], ["G-1-1-I"], routes={"A12 B16": ["A12 B15", "A12 B14"]}
    )
    assert values(mods, "tannenberg 9.8.3") == [-2]
    # a swamp later on the route is not the first hex
    mods = modifiers.retreat_die_modifiers(
        st, ["R-1-25-III"], ["G-1-1-I"], routes={"A12 B16": ["A13 B15", "A12 B15"]}
    )
    assert values(mods, "tannenberg 9.8.3") == []


def test_9_8_4_small_and_large_rivers(position) -> None:
    st = position({"R-1-25-III": "A12 B20", "G-1-1-I": "A12 B21"}, paused=True)
    small = modifiers.retreat_die_modifiers(
        st, ["R-1-25-III"], ["G-1-1-I"], routes={"A12 B20": ["A13 B20"]}
    )
    assert values(small, "tannenberg 9.8.4") == [-1]
    st = position({"R-1-25-III": "A9 B14", "G-1-1-I": "A8 B15"}, paused=True)
    large = modifiers.retreat_die_modifiers(
        st, ["R-1-25-III"], ["G-1-1-I"], routes={"A9 B14": ["A10 B13"]}
    )
    assert values(large, "tannenberg 9.8.4") == [-2]
    # over a bridge no river is crossed
    st = position({"R-1-25-III": "A5 B21", "G-1-1-I": "A6 B21"}, paused=True)
    bridge = modifiers.retreat_die_modifiers(
        st, ["R-1-25-III"], ["G-1-1-I"], routes={"A5 B21": ["A4 B22"]}
    )
    assert values(bridge, "tannenberg 9.8.4") == []


def test_9_3_6_printed_retreat_modifications(position, monkeypatch: pytest.MonkeyPatch) -> None:
    st = position({"R-1-1G-kaw": ARENA, "G-1-1-I": N, "G-1-8-kaw": NE}, paused=True)
    # cavalry retreating from infantry only: +2; against an ASSAULT: -1
    mods = modifiers.retreat_die_modifiers(st, ["R-1-1G-kaw"], ["G-1-1-I"], assault=True)
    assert sorted(values(mods, "tannenberg 9.3.6")) == [-1, 2]
    # German cavalry among the attackers: no +2
    mods = modifiers.retreat_die_modifiers(st, ["R-1-1G-kaw"], ["G-1-1-I", "G-1-8-kaw"])
    assert values(mods, "tannenberg 9.3.6") == []
    # an isolated retreating unit: -2
    monkeypatch.setattr(supply, "isolated", lambda st, uid: uid == "R-1-1G-kaw")
    mods = modifiers.retreat_die_modifiers(st, ["R-1-1G-kaw"], ["G-1-8-kaw"])
    assert values(mods, "tannenberg 9.3.6") == [-2]


# --- at resolution: the clash played through with fixed dice -------------------------------
#
# Each modifier above is checked again where it changes a result: both sides lay down their
# cards, the die is fixed, and the test reads the logged ratio, modifiers and column and the
# endurance the units lost (clash_kit.resolution); the German card matrix's numbers for the
# cards played must be those resolved.  Provisional COMBAT RESULTS (the printed table is
# lost): die 1 gives 1:3 "2/1", 1:2 "1/2", 1:1 "1/3", 2:1 "-/4", 3:1 "-/5", 4:1 "-/7";
# die 2 gives 1:3 "3/-", 1:2 "2/1", 1:1 "1/2", 2:1 "1/3", 3:1 "1/4", 4:1 "1/6".


def test_9_2_1_an_attack_from_three_hexes_is_resolved_one_column_right(
    position, fixed_dice
) -> None:
    # three brigades of three divisions (no concentration, 14.1) attack from N, NE and SE;
    # SW stays open, so the Russian is not surrounded: 18 to 6 is 3:1, +1 is 4:1, where a
    # die of 2 gives "1/6" (3:1 would give "1/4")
    fixed_dice(2)
    units = {"G-1-1-I": N, "G-3-2-I": NE, "G-70-35-XVII": SE, "R-1-25-III": ARENA}
    st = at_clash(position, units)
    shown = fight(st, ARENA, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.ratio, got.column) == (18, 6, "3:1", "4:1")
    assert got.modifiers == (("attack from 3 hexes", 1),)
    assert (got.attacker_loss, got.defender_loss) == (1, 6)
    assert [lost(st, u) for u in ("G-1-1-I", "G-3-2-I", "G-70-35-XVII")] == [("on_map", 0, 1)] * 3
    assert lost(st, "R-1-25-III") == ("on_map", 1, 2)  # 6 points: to its back, 2 there (2.3.5)


def test_9_2_2_a_surrounded_defender_is_attacked_at_double_strength(position, fixed_dice) -> None:
    # the Germans in A17 B19 and A15 B20 are not next to the Russian in the arena but close
    # its ways out (SE, S, SW); the German in N closes NW and NE and attacks alone (9.2.2:
    # not all surrounding units need take part): 6 doubled, 12 to 6 is 2:1; a die of 1
    # gives "-/4" (1:1 would give "1/3")
    fixed_dice(1)
    units = {"G-1-1-I": N, "G-3-2-I": "A17 B19", "G-70-35-XVII": "A15 B20", "R-1-25-III": ARENA}
    st = at_clash(position, units)
    shown = fight(st, ARENA, "attack", "defence")
    assert st.data["stack"][-2]["sides"]["german"]["units"] == ["G-1-1-I"]
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.ratio, got.modifiers, got.column) == (
        12,
        6,
        "2:1",
        (),
        "2:1",
    )
    assert (got.attacker_loss, got.defender_loss) == (0, 4)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 0)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)


def test_9_2_2_an_empty_mask_that_closed_the_ring_is_gone_at_resolution(
    position, fixed_dice
) -> None:
    # the German in N and an empty German mask in S surround the Russian (their zones close
    # every way out); the mask is in the clash, revealed first and removed: 6 to 6 is 1:1,
    # a die of 1 "1/3".  The German knew the mask was empty.
    fixed_dice(1)
    st = masked_clash(position, {"G-1-1-I": N, "R-1-25-III": ARENA}, {"mask-german-1": (S, [])})
    shown = fight(st, ARENA, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert (got.attack, got.defence, got.ratio, got.column) == (6, 6, "1:1", "1:1")
    assert lost(st, "R-1-25-III") == ("on_map", 0, 3)
    assert got.numbers == shown


def test_9_2_3_attacking_cavalry_is_halved_against_infantry(position, fixed_dice) -> None:
    # 9.2.3's example: cavalry of 3 attacking infantry counts 2; 2 to 6 is 1:3, where a die
    # of 2 gives "3/-" (3 to 6, 1:2, would give "2/1")
    fixed_dice(2)
    st = at_clash(position, {"G-1-8-kaw": N, "R-1-25-III": ARENA})
    shown = fight(st, ARENA, "attack", "defence")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.ratio, got.column) == (2, 6, "1:3", "1:3")
    assert (got.attacker_loss, got.defender_loss) == (3, 0)
    assert lost(st, "G-1-8-kaw") == ("on_map", 0, 3)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 0)


def test_9_2_3_defending_cavalry_is_halved_against_infantry(position, fixed_dice) -> None:
    # the Russian cavalry's 3 counts 2 against the German infantry: 6 to 2 is 3:1, where a
    # die of 1 gives "-/5" (6 to 3, 2:1, would give "-/4")
    fixed_dice(1)
    st = at_clash(position, {"G-1-1-I": N, "R-1-1G-kaw": ARENA})
    shown = fight(st, ARENA, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.ratio, got.column) == (6, 2, "3:1", "3:1")
    assert (got.attacker_loss, got.defender_loss) == (0, 5)
    assert lost(st, "R-1-1G-kaw") == ("on_map", 1, 1)


def _defended(position, fixed_dice, units, focal, die=1):  # type: ignore[no-untyped-def]
    """The German attacks (ATTACK) the Russian's DEFENCE at ``focal``; the Russian stands.
    Returns the state and the German card matrix's numbers for that pairing."""
    fixed_dice(die)
    st = at_clash(position, units)
    shown = fight(st, focal, "attack", "defence")
    stand(st, "russian")
    return st, shown


def test_9_7_3_forest_on_a_hill_shifts_the_resolution_two_columns(position, fixed_dice) -> None:
    # the Russian in A8 B18 (forest on a hill, -2): 6 to 6 is 1:1, shifted to 1:3, where a
    # die of 1 gives "2/1" (1:1 would give "1/3")
    units = {"G-1-1-I": "A9 B17", "R-1-25-III": "A8 B18"}
    st, shown = _defended(position, fixed_dice, units, "A8 B18")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.ratio, got.column) == ("1:1", "1:3")
    assert got.modifier("terrain forest on a hill") == -2
    assert (got.attacker_loss, got.defender_loss) == (2, 1)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 1)


def test_9_7_4_an_attack_across_a_small_river_is_resolved_one_column_left(
    position, fixed_dice
) -> None:
    # both Germans attack the Russian in A12 B20 across the Angerbach: 12 to 6 is 2:1,
    # -1 (provisional) is 1:1, where a die of 1 gives "1/3" (2:1 would give "-/4")
    units = {"G-1-1-I": "A13 B20", "G-3-2-I": "A13 B19", "R-1-25-III": "A12 B20"}
    st, shown = _defended(position, fixed_dice, units, "A12 B20")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.ratio, got.column) == (12, "2:1", "1:1")
    assert got.modifiers == (("every attacker across small river (A12 B20)", -1),)
    assert (got.attacker_loss, got.defender_loss) == (1, 3)
    assert lost(st, "G-3-2-I") == ("on_map", 0, 1)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 3)


def test_9_7_4_an_attack_across_a_large_river_is_resolved_two_columns_left(
    position, fixed_dice
) -> None:
    # across the Drewe (-2): 1:1 to 1:3, die 1 "2/1"
    st, shown = _defended(
        position, fixed_dice, {"G-1-1-I": "A10 B13", "R-1-25-III": "A9 B14"}, "A9 B14"
    )
    got = resolution(st)
    assert got.numbers == shown
    assert (got.column, got.shifts) == ("1:3", [-2])
    assert (lost(st, "G-1-1-I")[2], lost(st, "R-1-25-III")[2]) == (2, 1)


def test_9_7_4_a_bridge_counts_instead_of_the_vistula(position, fixed_dice) -> None:
    # across the Vistula's bridge: the bridge's -1, not the great river's -2: 1:1 to 1:2,
    # where a die of 1 gives "1/2"
    units = {"G-1-1-I": "A5 B21", "R-1-25-III": "A4 B22"}
    st, shown = _defended(position, fixed_dice, units, "A4 B22")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.column, got.shifts) == ("1:2", [-1])
    assert "bridge" in got.modifiers[0][0]
    assert (lost(st, "G-1-1-I")[2], lost(st, "R-1-25-III")[2]) == (1, 2)


def test_9_7_5_the_most_favourable_hex_decides_the_resolution(position, fixed_dice) -> None:
    # the German attacks the Russians in forest (-1) and on the forested hill (-2): the -2
    # is taken for both; 6 to 12 is 1:2, shifted to 1:4, read in the 1:3 column, where a
    # die of 1 gives "2/1"
    units = {"G-1-1-I": "A9 B17", "R-1-25-III": "A9 B18", "R-1-27-III": "A8 B18"}
    st, shown = _defended(position, fixed_dice, units, "A9 B17")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.ratio, got.column) == (6, 12, "1:2", "1:3")
    assert got.modifier("the most favourable hex (9.7.5)") == -2
    assert lost(st, "G-1-1-I") == ("on_map", 0, 2)
    assert [lost(st, u)[2] for u in ("R-1-25-III", "R-1-27-III")] == [1, 1]


# --- 9.3.6 and 9.8 at resolution: the retreat attempt rolled ------------------------------------
#
# The Russian (effectiveness 3) lays down RETREAT against the German's ATTACK or ASSAULT
# (effectiveness 4): column 3 - 4 = -1.  Its entries by modified roll: -1 "4", 0 "4", 1 "2"
# (printed); 2 "1", 3 "1" (provisional).


def test_9_8_4_a_small_river_on_the_route_lowers_the_retreat_die(position, fixed_dice) -> None:
    # the Russian in A12 B20 retreats from the German in A12 B21 across the Angerbach into
    # A13 B19: -1; a die of 2 is 1: "2" (2 would be "1")
    units = {"G-1-1-I": "A12 B21", "R-1-25-III": "A12 B20"}
    fixed_dice(2)
    st = at_clash(position, units)
    shown = retreat_under(st, "A12 B21", "attack", "retreat", "A13 B19")
    got = attempt_resolution(st)
    assert got.column == shown["column"] == "-1"
    assert got.modifiers == (("the retreat crosses a river", -1),)
    assert (got.die, got.modified, got.loss) == (2, 1, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)


def test_9_8_4_a_large_river_on_the_route_lowers_the_retreat_die_by_two(
    position, fixed_dice
) -> None:
    # from A9 B14 across the Drewe into A9 B13 (along the railway, which has no bridge
    # hexside): -2; a die of 3 is 1: "2" (3 would be "1")
    units = {"G-1-1-I": "A8 B15", "R-1-25-III": "A9 B14"}
    fixed_dice(3)
    st = at_clash(position, units)
    retreat_under(st, "A8 B15", "attack", "retreat", "A9 B13")
    got = attempt_resolution(st)
    assert (got.column, got.shifts, got.modified, got.loss) == ("-1", [-2], 1, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)


def test_9_3_6_retreating_from_an_assault_lowers_the_die(position, fixed_dice) -> None:
    # the table's list: -1 when the opponent plays ASSAULT; clear ground; a die of 2 is 1:
    # "2" (2 would be "1").  The card matrix showed the same column and modifier.
    units = {"G-1-1-I": "A15 B20", "R-1-25-III": "A16 B20"}
    fixed_dice(2)
    st = at_clash(position, units)
    shown = retreat_under(st, "A15 B20", "assault", "retreat", "A17 B20")
    got = attempt_resolution(st)
    assert got.column == shown["column"] == "-1"
    assert got.shifts == [int(m["value"]) for m in shown["die_modifiers"]] == [-1]
    assert (got.modified, got.loss) == (1, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)


def test_9_3_6_an_isolated_retreating_unit_lowers_the_die_by_two(
    position, fixed_dice, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the table's list: -2 when a retreating unit is isolated (15.5; fixed here); a die of
    # 2 is 0: "4" (2 would be "1")
    monkeypatch.setattr(supply, "isolated", lambda st, uid: uid == "R-1-25-III")
    units = {"G-1-1-I": "A15 B20", "R-1-25-III": "A16 B20"}
    fixed_dice(2)
    st = at_clash(position, units)
    shown = retreat_under(st, "A15 B20", "attack", "retreat", "A17 B20")
    got = attempt_resolution(st)
    assert got.shifts == [int(m["value"]) for m in shown["die_modifiers"]] == [-2]
    assert (got.column, got.modified, got.loss) == ("-1", 0, 4)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)


def test_9_8_1_stacks_on_several_hexes_take_the_least_favourable_start(
    position, fixed_dice
) -> None:
    # Russians in forest (A9 B18, +1 to the retreat's die) and on the forested hill
    # (A8 B18, +2) retreat from the German in A9 B17; both stay: the +1 counts for both.
    # A die of 1 is 2: "1" each (1 + 2 = 3 would also be "1"; 1 alone would be "2").
    units = {"G-1-1-I": "A9 B17", "R-1-25-III": "A9 B18", "R-1-27-III": "A8 B18"}
    fixed_dice(1)
    st = at_clash(position, units)
    form(st, "A9 B17")
    shown = pairing(st, "russian", "retreat", "attack")["retreat_attempt"]
    play_cards(st, "attack", "retreat")
    act(st, "russian", "stay", **{"from": "A8 B18"})
    act(st, "russian", "stay", **{"from": "A9 B18"})
    got = attempt_resolution(st)
    assert got.shifts == [int(m["value"]) for m in shown["die_modifiers"]] == [1]
    assert (got.column, got.modified, got.loss) == ("-1", 2, 1)
    assert [lost(st, u) for u in ("R-1-25-III", "R-1-27-III")] == [("on_map", 0, 1)] * 2
