"""14.0 Concentration of divisions, on the FICTIONAL teaching map.

Divisions of the teaching counters: German 1 (G-1-1-I, G-2-1-I) and 2 (G-3-2-I,
G-4-2-I) of I Corps, German 8th Cavalry of no corps (three brigades G-1/2/3-8-kaw),
Russian 25 (R-1-25-III, R-2-25-III) and 27 (R-1-27-III, R-2-27-III) of III Corps.
The arena A16 B21 is clear with six clear neighbours and no hexside features, so
no terrain modifier gets in the way.
"""

from __future__ import annotations

from greatwar.rules.tannenberg import concentration, modifiers
from tests.rules.tannenberg.clash_kit import at_clash, fight, lost, resolution, stand

ARENA = "A16 B21"
NORTH, NORTH_EAST, SOUTH_EAST, SOUTH = "A16 B22", "A17 B21", "A17 B20", "A16 B20"


def _concentration_values(mods: list[dict]) -> list[int]:
    return [m["value"] for m in mods if m["case"] == "tannenberg 14.2.1"]


def test_14_1_1_divisions_come_from_the_counters(position) -> None:
    st = position({}, paused=True)
    divisions = concentration.divisions(st)
    # two brigades a division, three for the German 8th Cavalry Division (14.1.1)
    assert divisions["german/I/1"] == ("G-1-1-I", "G-2-1-I")
    assert divisions["german//8"] == ("G-1-8-kaw", "G-2-8-kaw", "G-3-8-kaw")
    assert divisions["russian/III/25"] == ("R-1-25-III", "R-2-25-III")
    # a brigade of no division belongs to none
    assert concentration.division_key(st, "G-6L") is None


def test_14_2_1_attacking_division_concentrated_is_plus_one(position) -> None:
    st = position({"G-1-1-I": NORTH, "G-2-1-I": NORTH, "R-1-25-III": ARENA}, paused=True)
    mods = concentration.concentration_modifiers(st, ["G-1-1-I", "G-2-1-I"], ["R-1-25-III"])
    # both brigades of the German 1st Division attack: +1; the Russian 25th has only
    # one of its two brigades in the clash: nothing
    assert _concentration_values(mods) == [1]
    assert "1 Division" in mods[0]["why"]


def test_14_2_1_defending_division_concentrated_is_minus_one(position) -> None:
    st = position({"G-1-1-I": NORTH, "R-1-25-III": ARENA, "R-2-25-III": ARENA}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III", "R-2-25-III"], [NORTH])
    assert _concentration_values(mods) == [-1]


def test_14_2_1_part_of_a_division_gives_nothing(position) -> None:
    units = {"G-1-8-kaw": NORTH, "G-2-8-kaw": NORTH, "G-3-8-kaw": SOUTH, "R-1-25-III": ARENA}
    st = position(units, paused=True)
    # two of the cavalry division's three brigades are not a concentration
    assert concentration.concentrated(st, ["G-1-8-kaw", "G-2-8-kaw"]) == []
    assert concentration.concentrated(st, ["G-1-8-kaw", "G-2-8-kaw", "G-3-8-kaw"]) == ["german//8"]


def test_14_2_2_brigades_need_not_share_a_hex(position) -> None:
    st = position({"G-1-1-I": NORTH, "G-2-1-I": SOUTH, "R-1-25-III": ARENA}, paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I", "G-2-1-I"], ["R-1-25-III"], [NORTH, SOUTH])
    assert _concentration_values(mods) == [1]


def test_14_2_3_an_eliminated_brigade_ends_the_division(position) -> None:
    st = position(
        {
            "G-1-8-kaw": NORTH,
            "G-2-8-kaw": NORTH,
            "G-3-8-kaw": {"status": "eliminated"},
            "R-1-25-III": ARENA,
        },
        paused=True,
    )
    assert concentration.broken(st, "german//8")
    # the two brigades left can never concentrate
    assert concentration.concentrated(st, ["G-1-8-kaw", "G-2-8-kaw"]) == []


def test_14_2_4_several_divisions_add_up(position) -> None:
    units = {
        "G-1-1-I": NORTH,
        "G-2-1-I": NORTH,
        "G-3-2-I": NORTH_EAST,
        "G-4-2-I": SOUTH_EAST,
        "R-1-25-III": ARENA,
        "R-2-25-III": ARENA,
    }
    st = position(units, paused=True)
    attackers = ["G-1-1-I", "G-2-1-I", "G-3-2-I", "G-4-2-I"]
    mods = modifiers.clash_modifiers(
        st, attackers, ["R-1-25-III", "R-2-25-III"], [NORTH, NORTH_EAST, SOUTH_EAST]
    )
    # German 1st and 2nd Divisions +1 each, Russian 25th -1: +1 in all (and the attack
    # from three hexes is the flank's +1, 9.2.1)
    assert sorted(_concentration_values(mods)) == [-1, 1, 1]
    assert sum(m["value"] for m in mods if m["case"] == "tannenberg 9.2.1") == 1


# --- at resolution: the clash played through with fixed dice ---------------------------------
#
# The logged modifiers and column, the endurance lost, and the German card matrix's numbers
# for the cards played (clash_kit).  Provisional COMBAT RESULTS, die 1: 1:2 "1/2", 1:1
# "1/3", 2:1 "-/4", 3:1 "-/5", 4:1 "-/7".


def _fought(position, fixed_dice, units):  # type: ignore[no-untyped-def]
    """The Germans attack the arena's Russians, who defend and stand; die 1."""
    fixed_dice(1)
    st = at_clash(position, units)
    shown = fight(st, ARENA, "attack", "defence")
    stand(st, "russian")
    return st, shown


def test_14_2_1_an_attacking_division_shifts_the_resolution_right(position, fixed_dice) -> None:
    # both brigades of the German 1st Division: 12 to 6 is 2:1, +1 is 3:1: "-/5"
    st, shown = _fought(
        position, fixed_dice, {"G-1-1-I": NORTH, "G-2-1-I": NORTH, "R-1-25-III": ARENA}
    )
    got = resolution(st)
    assert got.numbers == shown
    assert got.modifiers == (("1 Division (I Corps) concentrated, attacking", 1),)
    assert (got.ratio, got.column) == ("2:1", "3:1")
    assert lost(st, "R-1-25-III") == ("on_map", 1, 1)  # 5 points: to its back, 1 there


def test_14_2_1_a_defending_division_shifts_the_resolution_left(position, fixed_dice) -> None:
    # both brigades of the Russian 25th Division defend against two German brigades of
    # two divisions: 12 to 12 is 1:1, -1 is 1:2: "1/2"
    units = {"G-1-1-I": NORTH, "G-3-2-I": NORTH, "R-1-25-III": ARENA, "R-2-25-III": ARENA}
    st, shown = _fought(position, fixed_dice, units)
    got = resolution(st)
    assert got.numbers == shown
    assert got.modifiers == (("25 Division (III Corps) concentrated, defending", -1),)
    assert got.column == "1:2"
    assert [lost(st, u)[2] for u in ("G-1-1-I", "G-3-2-I")] == [1, 1]
    assert [lost(st, u)[2] for u in ("R-1-25-III", "R-2-25-III")] == [2, 2]


def test_14_2_4_divisions_add_up_at_resolution(position, fixed_dice) -> None:
    # the German 1st and 2nd Divisions (+1 each) against the Russian 25th (-1), from three
    # hexes (+1, 9.2.1): 24 to 12 is 2:1, +2 is 4:1: "-/7"
    units = {
        "G-1-1-I": NORTH,
        "G-2-1-I": NORTH,
        "G-3-2-I": NORTH_EAST,
        "G-4-2-I": SOUTH_EAST,
        "R-1-25-III": ARENA,
        "R-2-25-III": ARENA,
    }
    st, shown = _fought(position, fixed_dice, units)
    got = resolution(st)
    assert got.numbers == shown
    assert sorted(got.shifts) == [-1, 1, 1, 1]
    assert (got.attack, got.defence, got.ratio, got.column) == (24, 12, "2:1", "4:1")
    assert [lost(st, u) for u in ("R-1-25-III", "R-2-25-III")] == [("on_map", 1, 3)] * 2


def test_14_2_3_a_broken_division_is_resolved_without_the_shift(position, fixed_dice) -> None:
    # two brigades of the German 8th Cavalry Division, the third eliminated: no +1; cavalry
    # against cavalry at full strength (9.2.3): 6 to 3 is 2:1: "-/4" (3:1 would be "-/5")
    units = {
        "G-1-8-kaw": NORTH,
        "G-2-8-kaw": NORTH,
        "G-3-8-kaw": {"status": "eliminated"},
        "R-1-1G-kaw": ARENA,
    }
    st, shown = _fought(position, fixed_dice, units)
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.modifiers, got.column) == (6, 3, (), "2:1")
    assert lost(st, "R-1-1G-kaw") == ("on_map", 0, 4)
