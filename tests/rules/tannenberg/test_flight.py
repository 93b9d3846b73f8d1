"""9.5 Flight and 9.6 Pursuit, on the FICTIONAL teaching map.

The German defender stands in HERE (A15 B20, clear), the Russian attacker in EAST
(A16 B20).  HERE's neighbours: A15 B21, A16 B20, A16 B19, A15 B19, A14 B20, A14 B21;
the Russian in EAST controls A15 B21 and A16 B19.  6 against 6 is 1:1, where the
provisional COMBAT RESULTS give "1/3" for a die of 1.
"""

from __future__ import annotations

from greatwar.rules.tannenberg import initiative
from tests.rules.tannenberg.clash_kit import (
    act,
    at_clash,
    at_clash_with,
    attempt_resolution,
    form,
    hex_of,
    lost,
    masked_clash,
    pairing,
    play_cards,
    texts,
    top_kind,
)

HERE = "A15 B20"
EAST = "A16 B20"
DUEL = {"G-1-1-I": HERE, "R-1-25-III": EAST}


def distance(st, a: str, b: str) -> int:  # type: ignore[no-untyped-def]
    return st.game.scenario.board.distance(a, b)  # type: ignore[no-any-return]


def steps(st, role: str = "german") -> set[str]:  # type: ignore[no-untyped-def]
    return {a["to"] for a in st.legal_actions(role) if a["type"] == "step"}


def attacked(position, fixed_dice, units, dice=(1, 1), **kw):  # type: ignore[no-untyped-def]
    """The Russian in EAST attacks the German in HERE (DEFENCE): the clash's die and the
    9.5.9 die are ``dice``."""
    fixed_dice(*dice)
    st = at_clash(position, units, **kw)
    form(st, HERE)
    play_cards(st, "defence", "attack")
    return st


def test_9_5_1_flight_instead_of_losses(position, fixed_dice) -> None:
    # "1/3": fleeing 2 hexes leaves 1 point to lose
    st = attacked(position, fixed_dice, DUEL)
    assert [a["hexes"] for a in st.legal_actions("german")] == [0, 1, 2, 3]
    st.apply("german", {"type": "flee", "hexes": 2})
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert top_kind(st) == "withdrawal"
    for _ in range(2):
        st.apply("german", {"type": "step", "to": sorted(steps(st))[0]})
    assert distance(st, HERE, hex_of(st, "G-1-1-I")) == 2
    assert initiative.clash_outcomes(st, 10, "russian")[initiative.FLIGHT] == 1


def test_9_5_1_all_defenders_flee_the_same_distance(position, fixed_dice) -> None:
    # two Germans in HERE flee together: one choice of distance for both
    st = attacked(position, fixed_dice, {**DUEL, "G-3-2-I": HERE})
    st.apply("german", {"type": "flee", "hexes": 1})
    assert st.legal_actions("german")[:1] == [{"type": "select", "pieces": ["G-1-1-I", "G-3-2-I"]}]
    st.apply("german", {"type": "select", "pieces": ["G-3-2-I"]})
    st.apply("german", {"type": "step", "to": "A14 B20"})
    # the other is the only one left to move: selected at once
    st.apply("german", {"type": "step", "to": "A15 B19"})
    assert distance(st, HERE, hex_of(st, "G-3-2-I")) == distance(st, HERE, hex_of(st, "G-1-1-I"))


def test_9_5_2_worked_example_flee_four_lose_two(position, fixed_dice) -> None:
    # 9.5.2's example: a defending infantry unit gets 1/6 (9.3.5's assault, 4:1, die 2),
    # flees the most it may, 4 hexes, and takes the 2 points left.  G-33L has one level of
    # 4 points: standing would eliminate it (2.3.6); fleeing 4 leaves it with 2 lost.
    fixed_dice(2, 1)
    st = at_clash(position, {"R-1-25-III": EAST, "G-33L": HERE})
    form(st, HERE)
    play_cards(st, "defence", "assault")
    assert [a["hexes"] for a in st.legal_actions("german")] == [0, 1, 2, 3, 4]
    st.apply("german", {"type": "flee", "hexes": 4})
    assert lost(st, "G-33L") == ("on_map", 0, 2)
    for _ in range(4):
        st.apply("german", {"type": "step", "to": sorted(steps(st))[0]})
    assert distance(st, HERE, hex_of(st, "G-33L")) == 4


def test_9_5_2_cavalry_flees_up_to_five(position, fixed_dice) -> None:
    # German cavalry (3, halved to 2 against infantry, 9.2.3) against Russian infantry 6:
    # 6 to 2 is 3:1, +2 for the assault is 5:1; a die of 1 gives "-/8" (provisional):
    # cavalry may flee 5 hexes of the 8 points, no more
    fixed_dice(1)
    st = at_clash(position, {"R-1-25-III": EAST, "G-1-8-kaw": HERE})
    form(st, HERE)
    play_cards(st, "defence", "assault")
    assert st.data["stack"][-2]["report"]["column"] == "5:1"
    assert [a["hexes"] for a in st.legal_actions("german")] == [0, 1, 2, 3, 4, 5]


def test_9_5_3_attackers_never_flee(position, fixed_dice) -> None:
    # 6 to 6, die 5: "3/-" — the attacker (ATTACK) takes his 3 points, no choice is offered
    fixed_dice(5)
    st = at_clash(position, DUEL)
    form(st, HERE)
    play_cards(st, "attack", "defence")
    assert lost(st, "G-1-1-I") == ("on_map", 0, 3)
    assert st.is_over()


def test_9_5_4_each_hex_one_farther_from_the_start(position, fixed_dice) -> None:
    st = attacked(position, fixed_dice, DUEL)
    st.apply("german", {"type": "flee", "hexes": 3})
    # the first hex: a neighbour outside the Russian's zone (A15 B21 and A16 B19 are in it)
    assert steps(st) == {"A15 B19", "A14 B20", "A14 B21"}
    st.apply("german", {"type": "step", "to": "A14 B20"})
    assert all(distance(st, HERE, h) == 2 for h in steps(st))
    st.apply("german", {"type": "step", "to": sorted(steps(st))[0]})
    st.apply("german", {"type": "step", "to": sorted(steps(st))[0]})
    assert distance(st, HERE, hex_of(st, "G-1-1-I")) == 3


# Russians in A14 B19 and A13 B21 (in no German zone: they need not fight) put every
# neighbour of HERE in a Russian zone: the German is surrounded (9.2.2), the Russian's 6
# doubled to 12 against 6 is 2:1, where a die of 1 gives "-/4" (provisional).
RINGED = {**DUEL, "R-1-27-III": "A14 B19", "R-1-28-XX": "A13 B21"}


def test_9_5_6_ending_in_an_enemy_zone_only_when_there_is_no_other_way(
    position, fixed_dice
) -> None:
    st = attacked(position, fixed_dice, RINGED)
    st.apply("german", {"type": "flee", "hexes": 1})
    assert steps(st) == {"A15 B21", "A16 B19", "A15 B19", "A14 B20", "A14 B21"}
    st.apply("german", {"type": "step", "to": "A14 B21"})
    # 4 points, 1 fled instead, 1 for the zone entered (9.5.7)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 4)


def test_9_5_7_worked_example_a_friendly_unit_neutralises_the_zone(position, fixed_dice) -> None:
    # 9.5.7's example: fleeing into X (A14 B20, a Russian zone) costs a point; on into Y
    # (A13 B20, a Russian zone where another German stands) costs none.  The German in Y
    # must fight the Russians next to it later.
    st = attacked(position, fixed_dice, {**RINGED, "G-3-2-I": "A13 B20"})
    st.apply("german", {"type": "flee", "hexes": 2})
    assert lost(st, "G-1-1-I") == ("on_map", 0, 2)  # 4 points less 2 fled
    st.apply("german", {"type": "step", "to": "A14 B20"})
    # from X the only hex two from the start is Y (A14 B19 and A13 B21 hold Russians): the
    # second step is made at once; X cost a point, Y none
    assert hex_of(st, "G-1-1-I") == "A13 B20"
    assert "1/1/I flees into A13 B20 (no other way)." in texts(st)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 3)


def test_9_5_8_a_unit_with_no_way_to_flee_is_eliminated(position, fixed_dice) -> None:
    # the German on the west edge (A1 B20) with Russians on its three neighbours on the map
    # (A1 B21, A2 B19, A1 B19) and A2 B20: no hex to flee to
    units = {
        "G-1-1-I": "A1 B20",
        "R-1-25-III": "A2 B20",
        "R-1-27-III": "A1 B21",
        "R-1-28-XX": "A2 B19",
        "R-1-6-XV": "A1 B19",
    }
    fixed_dice(1)
    st = at_clash(position, units)
    form(st, "A1 B20")
    play_cards(st, "defence", "attack")
    st.apply("german", {"type": "flee", "hexes": 1})
    assert lost(st, "G-1-1-I")[0] == "eliminated"
    assert any(e.get("case") == "tannenberg 9.5.8" for e in st.data["log"])


def test_9_5_9_a_high_die_after_the_flight_means_one_hex_more(position, fixed_dice) -> None:
    # after fleeing 1 hex the die is 5, above the German's effectiveness 4: one hex more,
    # ending two hexes from the start
    st = attacked(position, fixed_dice, DUEL, dice=(1, 5))
    st.apply("german", {"type": "flee", "hexes": 1})
    st.apply("german", {"type": "step", "to": "A14 B20"})
    assert top_kind(st) == "withdrawal"
    assert all(distance(st, HERE, h) == 2 for h in steps(st))
    st.apply("german", {"type": "step", "to": sorted(steps(st))[0]})
    assert distance(st, HERE, hex_of(st, "G-1-1-I")) == 2
    assert lost(st, "G-1-1-I") == ("on_map", 0, 2)  # the extra hex costs nothing


# A flees from HERE to A13 B20 (two hexes west, through A14 B20), where B stands next
# to a Russian in A13 B19; then B's clash is fought.
JOINED = {**DUEL, "G-3-2-I": "A13 B20", "R-1-27-III": "A13 B19"}


def _flee_to_b(position, fixed_dice, dice):  # type: ignore[no-untyped-def]
    st = attacked(position, fixed_dice, JOINED, dice=dice)
    st.apply("german", {"type": "flee", "hexes": 2})
    st.apply("german", {"type": "step", "to": "A14 B20"})
    st.apply("german", {"type": "step", "to": "A13 B20"})
    st.apply("russian", {"type": "end_pursuit"})
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    form(st, "A13 B20")
    return st


def test_9_5_5_a_fled_unit_shares_the_losses_of_its_new_stack(position, fixed_dice) -> None:
    st = _flee_to_b(position, fixed_dice, (1, 1, 1))
    clash = st.data["stack"][-2]
    assert clash["sides"]["german"]["units"] == ["G-3-2-I"]  # A may not fight again
    assert clash["sides"]["german"]["passengers"] == ["G-1-1-I"]
    play_cards(st, "defence", "attack")
    st.apply("german", {"type": "flee", "hexes": 0})
    assert lost(st, "G-3-2-I") == ("on_map", 0, 3)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 4)  # 1 before, 3 now


def test_9_5_5_a_fled_unit_fleeing_again_loses_a_point_a_hex(position, fixed_dice) -> None:
    st = _flee_to_b(position, fixed_dice, (1, 1, 1, 1))
    play_cards(st, "defence", "attack")
    st.apply("german", {"type": "flee", "hexes": 1})
    # B: 3 - 1 fled = 2; A: the same 2, and 1 for the hex it flees again
    assert lost(st, "G-3-2-I") == ("on_map", 0, 2)
    assert st.legal_actions("german")[0] == {"type": "select", "pieces": ["G-3-2-I", "G-1-1-I"]}
    st.apply("german", {"type": "select", "pieces": ["G-3-2-I", "G-1-1-I"]})
    st.apply("german", {"type": "step", "to": sorted(steps(st))[0]})
    assert lost(st, "G-1-1-I") == ("on_map", 0, 4)  # 1 + 2 + 1


def test_9_3_6_a_unit_that_fled_onto_the_stack_leaves_the_previewed_column_alone(
    position, fixed_dice
) -> None:
    # The German cavalry (effectiveness 5) in HERE flees 2 hexes (9.5.1) onto G-3-2-I
    # (effectiveness 4) in A13 B20: 6 to 2 (9.2.3) is 3:1, a die of 4 gives "1/2".  In
    # the next clash the stack retreats from R-1-27-III (3).  The German's card matrix
    # shows column 4 - 3 = +1: the cavalry may not take part in combat again (9.5.5),
    # though it shares the stack's fate.  A die of 1 at +1 is "1" each.
    st = attacked(
        position,
        fixed_dice,
        {"G-1-8-kaw": HERE, "R-1-25-III": EAST, "G-3-2-I": "A13 B20", "R-1-27-III": "A13 B19"},
        dice=(4, 1, 1),
    )
    st.apply("german", {"type": "flee", "hexes": 2})
    st.apply("german", {"type": "step", "to": "A14 B20"})
    st.apply("german", {"type": "step", "to": "A13 B20"})
    st.apply("russian", {"type": "end_pursuit"})
    form(st, "A13 B20")
    assert st.data["stack"][-2]["sides"]["german"]["passengers"] == ["G-1-8-kaw"]
    shown = pairing(st, "german", "retreat", "attack")["retreat_attempt"]
    assert shown["column"] == "+1"
    status, level, cavalry_lost = lost(st, "G-1-8-kaw")
    play_cards(st, "retreat", "attack")
    act(st, "german", "first_step", to="A13 B21")
    got = attempt_resolution(st, 2)
    assert got.column == shown["column"]
    assert (got.modified, got.loss) == (1, 1)
    assert lost(st, "G-3-2-I") == ("on_map", 0, 1)
    # the cavalry shares the stack's loss of 1 (9.5.5)
    assert lost(st, "G-1-8-kaw") == (status, level, cavalry_lost + 1)


def test_9_6_1_pursuit_only_after_flight(position, fixed_dice) -> None:
    st = attacked(position, fixed_dice, DUEL)
    st.apply("german", {"type": "flee", "hexes": 0})
    assert st.is_over()  # the German stood: no pursuit
    assert not any(e.get("case") == "tannenberg 9.6.2" for e in st.data["log"])


def test_9_6_2_pursuit_by_the_attacking_units_into_the_hexes_held(position, fixed_dice) -> None:
    # the Russian artillery in EAST takes no part in the pursuit (it is no unit of the clash)
    st = attacked(position, fixed_dice, {**DUEL, "R-III-art": EAST})
    st.apply("german", {"type": "flee", "hexes": 1})
    st.apply("german", {"type": "step", "to": "A14 B20"})
    assert top_kind(st) == "pursuit"
    assert st.legal_actions("russian") == [
        {"type": "pursue", "unit": "R-1-25-III", "to": HERE},
        {"type": "end_pursuit"},
    ]
    st.apply("russian", {"type": "pursue", "unit": "R-1-25-III", "to": HERE})
    assert hex_of(st, "R-1-25-III") == HERE
    assert hex_of(st, "R-III-art") == EAST


def test_9_6_3_pursuit_after_a_retreat_under_attack(position, fixed_dice) -> None:
    fixed_dice(6)
    st = at_clash(position, DUEL)
    form(st, HERE)
    play_cards(st, "retreat", "attack")
    act(st, "german", "first_step", to="A14 B20")
    act(st, "german", "select", pieces=["G-1-1-I"])
    st.apply("german", {"type": "stop"})
    assert top_kind(st) == "pursuit"
    st.apply("russian", {"type": "pursue", "unit": "R-1-25-III", "to": HERE})
    assert hex_of(st, "R-1-25-III") == HERE


def test_9_6_4_pursuit_when_the_defenders_are_eliminated(position, fixed_dice) -> None:
    # G-33L (one level of 4 points) stands against 1/6: eliminated; the Russian may enter
    fixed_dice(2)
    st = at_clash(position, {"R-1-25-III": EAST, "G-33L": HERE})
    form(st, HERE)
    play_cards(st, "defence", "assault")
    st.apply("german", {"type": "flee", "hexes": 0})
    assert lost(st, "G-33L")[0] == "eliminated"
    assert top_kind(st) == "pursuit"
    st.apply("russian", {"type": "pursue", "unit": "R-1-25-III", "to": HERE})
    assert "1/25/III pursues from A16 B20 into A15 B20." in texts(st)


def test_9_5_1_a_supply_train_may_flee_with_the_units_of_its_hex(position, fixed_dice) -> None:
    # 15.3.5: the Russian supply train in A16 B20 may flee with the Russian unit there, or
    # stay; the German attacks from A15 B20 (6 to 6, die 1: "1/3")
    fixed_dice(1, 1)
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": EAST, "R-Train-1": EAST})
    form(st, EAST)
    play_cards(st, "attack", "defence")
    st.apply("russian", {"type": "flee", "hexes": 1})
    assert st.legal_actions("russian") == [
        {"type": "select", "pieces": ["R-1-25-III", "R-Train-1"]},
        {"type": "select", "pieces": ["R-1-25-III"]},
        {"type": "select", "pieces": ["R-Train-1"]},
    ]
    st.apply("russian", {"type": "select", "pieces": ["R-1-25-III"]})
    st.apply("russian", {"type": "step", "to": "A17 B20"})
    # only the train is left: it may follow or stay
    assert {"type": "stay"} in st.legal_actions("russian")
    st.apply("russian", {"type": "select", "pieces": ["R-Train-1"]})
    st.apply("russian", {"type": "step", "to": "A17 B20"})
    assert hex_of(st, "R-Train-1") == "A17 B20"
    assert lost(st, "R-Train-1")[0] == "on_map"  # no endurance to lose (2.3.2)


def test_9_6_4_an_empty_mask_revealed_leaves_its_hex_to_the_attacker(position) -> None:
    # the Russian "unit" in EAST is an empty mask: revealed, it is removed (16.3.1); the
    # German attacker may enter the hex, as after an elimination
    st = masked_clash(position, {"G-1-1-I": HERE}, {"mask-russian-1": (EAST, [])})
    form(st, HERE)
    play_cards(st, "attack", "defence")
    assert "Clash 1: the Russians side has nothing to fight with." in texts(st)
    st.apply("german", {"type": "pursue", "unit": "G-1-1-I", "to": EAST})
    assert hex_of(st, "G-1-1-I") == EAST


def test_9_6_2_an_unrevealed_mask_pursues_with_what_it_hides(position) -> None:
    # an encounter battle reveals the holder's (German) masks first: the German mask is
    # empty, so the battle ends; the Russian mask, never revealed, enters HERE with its unit
    from greatwar.rules.tannenberg import masking

    st = masked_clash(
        position,
        {"R-1-25-III": EAST, "G-HQ-I": HERE},
        {"mask-german-1": (HERE, []), "mask-russian-1": (EAST, ["R-1-25-III"])},
    )
    form(st, HERE)
    play_cards(st, "attack", "attack")
    # the German HQ, left alone next to the Russians, has rolled first (13.1.5)
    assert top_kind(st) == "pursuit"
    assert st.legal_actions("russian")[0] == {
        "type": "pursue",
        "unit": "mask-russian-1",
        "to": HERE,
    }
    st.apply("russian", {"type": "pursue", "unit": "mask-russian-1", "to": HERE})
    assert hex_of(st, "R-1-25-III") == HERE
    assert masking.is_masked(st, "R-1-25-III")


def test_9_5_5_a_unit_eliminated_on_the_way_goes_no_further_and_the_rest_flee_on(
    position, fixed_dice
) -> None:
    # A (G-1-1-I) on its last level with 3 points lost flees onto B (losing its 4th),
    # then B's stack flees 3 hexes on a "3": no loss for the stack, but A loses a point a
    # hex (9.5.5): eliminated in the first hex (2.3.6).  B flees on alone, and the flight
    # ends without A (a found defect: the eliminated piece was left waiting to move).
    def last_level(st) -> None:  # type: ignore[no-untyped-def]
        record = st.data["units"]["G-1-1-I"]
        record["level"] = st.game.static.units["G-1-1-I"].level_count - 1
        record["lost"] = 3

    fixed_dice(1, 1, 1, 1)
    st = at_clash_with(position, JOINED, last_level)
    form(st, HERE)
    play_cards(st, "defence", "attack")
    st.apply("german", {"type": "flee", "hexes": 2})
    st.apply("german", {"type": "step", "to": "A14 B20"})
    st.apply("german", {"type": "step", "to": "A13 B20"})
    st.apply("russian", {"type": "end_pursuit"})
    form(st, "A13 B20")
    play_cards(st, "defence", "attack")
    st.apply("german", {"type": "flee", "hexes": 3})
    st.apply("german", {"type": "select", "pieces": ["G-3-2-I", "G-1-1-I"]})
    for _ in range(3):
        if top_kind(st) != "withdrawal" or not steps(st):
            break
        st.apply("german", {"type": "step", "to": sorted(steps(st))[0]})
    assert lost(st, "G-1-1-I")[0] == "eliminated"
    assert distance(st, "A13 B20", hex_of(st, "G-3-2-I")) == 3
    assert top_kind(st) != "withdrawal"
