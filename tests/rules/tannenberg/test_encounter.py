"""9.3.7 Encounter battles: both sides laid down ATTACK or ASSAULT (FICTIONAL teaching map).

The German (1/1/I: strength 6, effectiveness 4) in HERE (A15 B20) and the Russian
(1/25/III: 6, effectiveness 3) in EAST (A16 B20), clear ground.  The Germans hold the
initiative (the scenario's first side) and add 1 to the encounter roll.
"""

from __future__ import annotations

from tests.rules.tannenberg.clash_kit import (
    at_clash,
    form,
    hex_of,
    lost,
    play_cards,
    texts,
    top_kind,
)

HERE = "A15 B20"
EAST = "A16 B20"
DUEL = {"G-1-1-I": HERE, "R-1-25-III": EAST}


def encounter(position, fixed_dice, dice, german="attack", russian="attack", units=None):  # type: ignore[no-untyped-def]
    fixed_dice(*dice)
    st = at_clash(position, units or DUEL)
    form(st, HERE)
    play_cards(st, german, russian)
    return st


def test_9_3_7_the_encounter_roll_decides_who_attacks(position, fixed_dice) -> None:
    # German 2 + 4 + 1 (initiative) = 7, Russian 4 + 3 = 7: a tie, again; German 1 + 5 = 6,
    # Russian 5 + 3 = 8: the Russians attack.  6 to 6 is 1:1, +2 for the winner of the roll:
    # 3:1; a die of 3 gives "1/3" (provisional); then the rolls after the battle
    st = encounter(position, fixed_dice, (2, 4, 1, 5, 3, 5, 2))
    log = texts(st)
    assert "Clash 1, encounter battle: Germans 7, Russians 7: a tie, both roll again." in log
    assert "Clash 1: Russians win the encounter roll and attack." in log
    report = st.data["stack"][-2]["report"]
    assert report["attacker"] == "russian"
    assert [(m["value"], m["case"]) for m in report["modifiers"]] == [(2, "tannenberg 9.3.7")]
    assert report["column"] == "3:1"


def test_9_3_7_full_losses_and_no_flight(position, fixed_dice) -> None:
    # as above: "1/3", the German defender takes all 3 points, no flight is offered
    st = encounter(position, fixed_dice, (2, 4, 1, 5, 3, 5, 2))
    assert lost(st, "R-1-25-III")[2] == 1
    assert lost(st, "G-1-1-I")[2] == 3
    assert not any(a["type"] == "flee" for r in st.active_roles() for a in st.legal_actions(r))


def test_9_3_7_assault_shifts_and_doubles_losses(position, fixed_dice) -> None:
    # German ASSAULT, Russian ATTACK; the German wins the roll (6 + 4 + 1 against 1 + 3):
    # 1:1 +2 (winner) +2 (the attacker's ASSAULT) = 5:1; a die of 3 gives "1/5"
    # (provisional): the assaulting German loses 2, the Russian 5
    st = encounter(position, fixed_dice, (6, 1, 3, 6, 1), german="assault")
    report = st.data["stack"][-2]["report"]
    assert report["attacker"] == "german"
    assert report["column"] == "5:1"
    assert lost(st, "G-1-1-I")[2] == 2
    assert lost(st, "R-1-25-III")[1:] == (1, 1)  # 5 points: to its second level, 1 there


def test_9_3_7_the_defenders_assault_counts_against_the_attacker(position, fixed_dice) -> None:
    # the German wins the roll but the Russian laid down ASSAULT: 1:1 +2 -2 = 1:1; die 1:
    # "1/3": the German loses 1, the assaulting Russian 3 doubled to 6
    st = encounter(position, fixed_dice, (6, 1, 1, 6, 1), russian="assault")
    report = st.data["stack"][-2]["report"]
    assert [m["value"] for m in report["modifiers"]] == [2, -2]
    assert report["column"] == "1:1"
    assert lost(st, "G-1-1-I")[2] == 1
    assert lost(st, "R-1-25-III")[1:] == (1, 2)


def test_9_3_7_no_terrain_in_an_encounter_battle(position, fixed_dice) -> None:
    # the German stands in forest (A9 B18, -1 in a clash, 9.7.3); the Russian in A10 B18
    # wins the roll: only the encounter's +2 shifts the ratio
    units = {"G-1-1-I": "A9 B18", "R-1-25-III": "A10 B18"}
    fixed_dice(1, 6, 3, 5, 2)
    st = at_clash(position, units)
    form(st, "A9 B18")
    play_cards(st, "attack", "attack")
    report = st.data["stack"][-2]["report"]
    assert report["attacker"] == "russian"
    assert [m["case"] for m in report["modifiers"]] == ["tannenberg 9.3.7"]


def test_9_3_7_the_loser_withdraws_one_hex_and_the_winner_may_enter(position, fixed_dice) -> None:
    # after the battle German 5 + 4 = 9 (the 3 points lost leave it on its first level),
    # Russian 2 + 3 = 5: the Russians lose and withdraw one hex
    st = encounter(position, fixed_dice, (2, 4, 1, 5, 3, 5, 2))
    assert "Clash 1: Russians lose the encounter battle." in texts(st)
    assert top_kind(st) == "withdrawal" and st.top()["length"] == 1
    # one hex from EAST, outside the German zone: A16 B21, A17 B20 or A17 B19
    options = {a["to"] for a in st.legal_actions("russian") if a["type"] == "step"}
    assert options == {"A16 B21", "A17 B20", "A17 B19"}
    st.apply("russian", {"type": "step", "to": "A17 B20"})
    assert top_kind(st) == "pursuit"
    st.apply("german", {"type": "pursue", "unit": "G-1-1-I", "to": EAST})
    assert (hex_of(st, "G-1-1-I"), hex_of(st, "R-1-25-III")) == (EAST, "A17 B20")


def test_9_7_2_terrain_counts_in_a_clash_against_defence(position, fixed_dice) -> None:
    # the same forest as above, but the German defends with DEFENCE (9.3.4): the forest's
    # -1 counts (9.7.2): 6 to 6 is 1:1, shifted to 1:2
    fixed_dice(6)
    st = at_clash(position, {"G-1-1-I": "A9 B18", "R-1-25-III": "A10 B18"})
    form(st, "A9 B18")
    play_cards(st, "defence", "attack")
    assert any("(1:1), terrain forest (A9 B18) -1: column 1:2" in t for t in texts(st))
    # a die of 6 there is "4/-": the attacking Russian loses 4, the German nothing
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 0)
