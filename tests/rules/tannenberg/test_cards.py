"""9.3 Combat cards: laid down together and secretly (9.1.9 a), and what each pairing
makes of a clash (9.3.1-9.3.6; encounter battles, 9.3.7, in test_encounter.py).
FICTIONAL teaching map; arena in clash_kit."""

from __future__ import annotations

import pytest

from greatwar.rules.tannenberg import cards, initiative, supply
from tests.rules.tannenberg.clash_kit import (
    act,
    at_clash,
    fight,
    form,
    hex_of,
    lost,
    pairing,
    play_cards,
    previewed,
    resolution,
    stand,
    texts,
    top_kind,
)
from tests.rules.tannenberg.masking_kit import masked

# A15 B20 and A16 B20, clear ground; A16 B20's neighbours: A16 B21, A17 B20, A17 B19,
# A16 B19, A15 B20, A15 B21.  A German in HERE controls A16 B19 and A15 B21.
HERE = "A15 B20"
EAST = "A16 B20"
DUEL = {"G-1-1-I": HERE, "R-1-25-III": EAST}


def test_9_1_9_both_cards_are_laid_down_at_once_and_secretly(position, refuse) -> None:
    st = at_clash(position, DUEL)
    form(st, HERE)
    assert set(st.active_roles()) == {"german", "russian"}
    st.apply("german", {"type": "card", "card": "assault"})
    # the Russian sees neither the card in his view nor a word of it in his log
    view = st.view("russian")
    assert view["clash"]["current"]["cards"] == {}
    assert not any("ASSAULT" in t for t in texts(st, "russian"))
    assert st.view("german")["clash"]["current"]["cards"] == {"german": "assault"}
    assert st.legal_actions("russian") == [
        {"type": "card", "card": c} for c in ("defence", "retreat", "attack", "assault")
    ]
    # a card once down is not laid again
    assert refuse(st, "german", {"type": "card", "card": "attack"}).case
    st.apply("russian", {"type": "card", "card": "defence"})
    # the reveal is public and final
    assert (
        "Clash 1: the cards are revealed: Germans ASSAULT, Russians DEFENCE: Germans attack."
        in (texts(st, "russian"))
    )
    assert not st.can_undo("russian")


def test_9_1_9_a_card_may_be_taken_back_before_the_other_is_down(position) -> None:
    st = at_clash(position, DUEL)
    form(st, HERE)
    st.apply("german", {"type": "card", "card": "attack"})
    assert st.can_undo("german")
    st.undo("german")
    assert set(st.active_roles()) == {"german", "russian"}


@pytest.mark.parametrize(
    ("german", "russian", "kind", "rule"),
    [
        ("defence", "defence", cards.NONE, "9.3.1"),
        ("defence", "retreat", cards.FREE_RETREAT, "9.3.2"),
        ("retreat", "retreat", cards.BOTH_RETREAT, "9.3.3"),
        ("defence", "attack", cards.CLASH, "9.3.4"),
        ("defence", "assault", cards.CLASH, "9.3.5"),
        ("attack", "retreat", cards.RETREAT_ATTEMPT, "9.3.6"),
        ("assault", "attack", cards.ENCOUNTER, "9.3.7"),
    ],
)
def test_9_3_pairings(german: str, russian: str, kind: str, rule: str) -> None:
    result = cards.outcome({"german": german, "russian": russian}, "russian", ("german", "russian"))
    assert (result.kind, result.case) == (kind, f"tannenberg {rule}")
    if kind == cards.BOTH_RETREAT:
        assert result.retreating == ("russian", "german")  # 9.3.3 the holder first


def test_9_3_1_defence_against_defence(position) -> None:
    st = at_clash(position, DUEL)
    form(st, HERE)
    play_cards(st, "defence", "defence")
    assert st.is_over()
    assert (hex_of(st, "G-1-1-I"), hex_of(st, "R-1-25-III")) == (HERE, EAST)
    assert lost(st, "G-1-1-I") == lost(st, "R-1-25-III") == ("on_map", 0, 0)


def test_9_3_2_defence_against_retreat_is_a_free_retreat(position) -> None:
    st = at_clash(position, DUEL)
    form(st, HERE)
    play_cards(st, "defence", "retreat")
    assert top_kind(st) == "withdrawal"
    assert st.legal_actions("russian") == [
        {"type": "select", "pieces": ["R-1-25-III"]},
        {"type": "stay"},
    ]
    st.apply("russian", {"type": "select", "pieces": ["R-1-25-III"]})
    # never into the German zone while another way is open (A17 B20 and A16 B22 are in it)
    steps = {a["to"] for a in st.legal_actions("russian") if a["type"] == "step"}
    assert steps == {"A16 B21", "A17 B20", "A17 B19"}
    # allowance 4, less 1 (9.3.2), less 1 more: deep in Germany it has no supply (15.4.1):
    # two clear hexes, and the retreat stops by itself
    assert not supply.supplied(st, "R-1-25-III")
    assert st.top()["mp"] == {"R-1-25-III": 4}  # in half points (4.3.2)
    for h in ("A17 B20", "A18 B20"):
        st.apply("russian", {"type": "step", "to": h})
    assert hex_of(st, "R-1-25-III") == "A18 B20"
    assert lost(st, "R-1-25-III") == ("on_map", 0, 0)
    assert st.is_over()  # no pursuit after DEFENCE (9.3.2)


HEMMED = {**DUEL, "G-3-2-I": "A17 B21", "G-4-2-I": "A17 B19"}


def test_9_3_2_through_an_enemy_zone_only_when_there_is_no_other_way(position) -> None:
    # the Russian in EAST is hemmed in by Germans in HERE, A17 B21 and A17 B19: every open
    # neighbour of EAST (A16 B21, A17 B20, A16 B19, A15 B21) is in a German zone, so he may
    # enter one, at one endurance point
    st = at_clash(position, HEMMED)
    form(st, EAST)
    play_cards(st, "defence", "retreat")
    act(st, "russian", "select", pieces=["R-1-25-III"])
    steps = {a["to"] for a in st.legal_actions("russian") if a["type"] == "step"}
    assert steps == {"A16 B21", "A17 B20", "A16 B19", "A15 B21"}
    st.apply("russian", {"type": "step", "to": "A16 B21"})
    assert lost(st, "R-1-25-III") == ("on_map", 0, 1)
    # from A16 B21 a way out of the zones is open again (A15 B22): only that one
    assert [a["to"] for a in st.legal_actions("russian") if a["type"] == "step"] == ["A15 B22"]


def test_9_3_2_a_friendly_unit_frees_a_hex_of_the_zone(position) -> None:
    # as above, with a second Russian in A16 B21 (it fights the German in A17 B21 first):
    # that hex is neutralised (8.1.4), so it is the only way, and costs nothing
    st = at_clash(position, {**HEMMED, "R-1-27-III": "A16 B21"})
    form(st, "A16 B21")
    play_cards(st, "defence", "defence")
    form(st, EAST)
    play_cards(st, "defence", "retreat")
    act(st, "russian", "select", pieces=["R-1-25-III"])
    assert [a["to"] for a in st.legal_actions("russian") if a["type"] == "step"] == ["A16 B21"]
    st.apply("russian", {"type": "step", "to": "A16 B21"})
    assert lost(st, "R-1-25-III") == ("on_map", 0, 0)


def test_9_3_3_both_retreat_the_holder_first(position) -> None:
    st = at_clash(position, DUEL, first_side="russian")
    form(st, HERE, role="russian")
    play_cards(st, "retreat", "retreat")
    assert top_kind(st) == "withdrawal" and st.top()["side"] == "russian"
    st.apply("russian", {"type": "stay"})
    assert top_kind(st) == "withdrawal" and st.top()["side"] == "german"


def test_9_3_4_defence_against_attack(position, fixed_dice) -> None:
    # 6 to 6, 1:1, die 3: "2/1" (provisional); the defender may flee the 1 point instead
    fixed_dice(3)
    st = at_clash(position, DUEL)
    form(st, HERE)
    play_cards(st, "defence", "attack")
    clash_frame = st.data["stack"][-2]
    assert (clash_frame["attacker"], clash_frame["defender"]) == ("russian", "german")
    assert st.legal_actions("german") == [
        {"type": "flee", "hexes": 0},
        {"type": "flee", "hexes": 1},
    ]
    st.apply("german", {"type": "flee", "hexes": 0})
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert resolution(st).numbers == (6, 6, "1:1", (), "1:1")


def test_9_3_5_assault_worked_example(position, fixed_dice) -> None:
    # The rulebook's example: an assault of 6 against 3 is 2:1, +2 for the assault is 4:1;
    # a die of 2 gives 1/6 and the assaulting side's loss is doubled: 2/6.  (9.5.2's example
    # goes on: the defender flees 4 hexes and takes the other 2 points.)
    fixed_dice(2, 1)  # the clash's die, then 9.5.9's die (1: no further hex)
    st = at_clash(position, {"R-1-25-III": EAST, "G-33L": HERE})
    form(st, HERE)
    play_cards(st, "defence", "assault")
    report = st.data["stack"][-2]["report"]
    assert (report["attack"], report["defence"], report["ratio"]) == (6, 3, "2:1")
    assert [m["value"] for m in report["modifiers"]] == [2]
    assert report["column"] == "4:1"
    assert report["result"] == "2/6"
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)
    assert st.legal_actions("german")[-1] == {"type": "flee", "hexes": 4}


def test_9_3_6_retreat_under_attack(position, fixed_dice) -> None:
    # the Russian (effectiveness 3) retreats from the German (4): column 3 - 4 = -1; clear
    # ground, no river, not isolated: no modifier; a die of 1 gives 2 points (printed row 1)
    fixed_dice(1)
    st = at_clash(position, DUEL)
    form(st, HERE)
    play_cards(st, "attack", "retreat")
    assert top_kind(st) == "retreat_route"
    act(st, "russian", "first_step", to="A17 B20")
    report = st.data["stack"][-2]["report"]
    assert (report["column"], report["modified"], report["loss"]) == ("-1", 1, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)
    assert initiative.clash_outcomes(st, 10, "german")[initiative.RETREAT_WITH_LOSSES] == 1
    # the retreat begins with the hex named before the roll (no other choice: made at once)
    act(st, "russian", "select", pieces=["R-1-25-III"])
    assert hex_of(st, "R-1-25-III") == "A17 B20"
    assert "1/25/III retreats into A17 B20 (no other way)." in texts(st)


def test_9_3_6_the_attacker_may_enter_the_hex_left(position, fixed_dice) -> None:
    fixed_dice(6)
    st = at_clash(position, DUEL)
    form(st, HERE)
    play_cards(st, "attack", "retreat")
    act(st, "russian", "first_step", to="A17 B20")
    act(st, "russian", "select", pieces=["R-1-25-III"])
    st.apply("russian", {"type": "stop"})
    assert top_kind(st) == "pursuit"
    assert st.legal_actions("german") == [
        {"type": "pursue", "unit": "G-1-1-I", "to": EAST},
        {"type": "end_pursuit"},
    ]
    st.apply("german", {"type": "pursue", "unit": "G-1-1-I", "to": EAST})
    assert hex_of(st, "G-1-1-I") == EAST


def test_9_3_only_defence_for_units_on_rail_transport(position, refuse) -> None:
    st = at_clash(
        position, {"G-1-1-I": {"hex": HERE, "markers": ["entrained"]}, "R-1-25-III": EAST}
    )
    form(st, HERE)
    assert st.legal_actions("german") == [{"type": "card", "card": "defence"}]
    assert refuse(st, "german", {"type": "card", "card": "attack"}).case == "tannenberg 5.3.2"


def test_5_3_2_a_unit_on_rail_transport_is_halved_at_resolution(position, fixed_dice) -> None:
    # the entrained German defends with 6 halved to 3: 6 to 3 is 2:1, die 1 "-/4" (6 to 6,
    # 1:1, would give "1/3"); its card matrix showed the same
    fixed_dice(1)
    units = {"G-1-1-I": {"hex": HERE, "markers": ["entrained"]}, "R-1-25-III": EAST}
    st = at_clash(position, units)
    shown = fight(st, HERE, "defence", "attack")
    stand(st, "german")
    got = resolution(st)
    assert got.numbers == shown == (6, 3, "2:1", (), "2:1")
    assert lost(st, "G-1-1-I") == ("on_map", 0, 4)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 0)


def test_9_3_each_side_sees_what_each_pairing_would_give(position) -> None:
    st = at_clash(position, DUEL)
    form(st, HERE)
    pairings = st.view("german")["clash"]["current"]["pairings"]
    assert len(pairings) == 16
    attack = next(p for p in pairings if (p["mine"], p["theirs"]) == ("assault", "defence"))
    assert attack["ratio"]["attack"] == 6 and attack["ratio"]["defence"] == 6
    assert attack["ratio"]["column"] == "3:1"  # 1:1, +2 for the assault
    retreat = next(p for p in pairings if (p["mine"], p["theirs"]) == ("attack", "retreat"))
    assert retreat["retreat_attempt"]["column"] == "-1"


def test_9_3_a_masked_stack_stays_unknown_before_the_cards(position) -> None:
    st = masked(
        position,
        {"G-1-1-I": HERE, "R-1-25-III": EAST},
        {"mask-russian-1": (EAST, ["R-1-25-III"])},
        phase="clash",
        stage=10,
    )
    form(st, HERE)
    seen = st.view("german")["clash"]["current"]
    assert seen["sides"]["russian"]["units"] == []
    assert [m["hex"] for m in seen["sides"]["russian"]["masks"]] == [EAST]
    assert "R-1-25-III" not in str(seen)
    attack = next(p for p in seen["pairings"] if (p["mine"], p["theirs"]) == ("attack", "defence"))
    assert "ratio" not in attack and attack["own_strength"] == 6
    # the Russian knows his own stack
    mine = st.view("russian")["clash"]["current"]
    assert [u["id"] for u in mine["sides"]["russian"]["units"]] == ["R-1-25-III"]


MASKED_DUEL = {
    "mask-german-1": (HERE, ["G-1-1-I"]),
    "mask-russian-1": (EAST, ["R-1-25-III"]),
}


def test_9_1_9_masks_are_revealed_the_attackers_first(position, fixed_dice) -> None:
    # 16.2.9: the Russian attacks; his mask is revealed before the German's
    fixed_dice(6)
    st = masked(position, DUEL, MASKED_DUEL, phase="clash", stage=10)
    form(st, HERE)
    play_cards(st, "defence", "attack")
    revealed = [t for t in texts(st) if "is revealed" in t]
    assert len(revealed) == 2
    assert "R-1-25-III" not in revealed[0] and "1/25/III" in revealed[0]
    assert "1/1/I" in revealed[1]


def test_9_3_1_no_clash_no_reveal(position) -> None:
    # both defend: no clash occurs, the masks stay masked
    from greatwar.rules.tannenberg import masking

    st = masked(position, DUEL, MASKED_DUEL, phase="clash", stage=10)
    form(st, HERE)
    play_cards(st, "defence", "defence")
    assert masking.is_masked(st, "G-1-1-I") and masking.is_masked(st, "R-1-25-III")
    assert not any("is revealed" in t for t in texts(st))


def test_9_8_2_the_start_hexs_terrain_helps_the_retreat(position, fixed_dice) -> None:
    # the Russian retreats from forest (A9 B18, -1 in a clash) away from the German in
    # A10 B18: +1 on the die (9.8.2); column 3 - 4 = -1; die 1 + 1 = 2: "1" (provisional)
    fixed_dice(1)
    st = at_clash(position, {"G-1-1-I": "A10 B18", "R-1-25-III": "A9 B18"})
    form(st, "A10 B18")
    play_cards(st, "attack", "retreat")
    act(st, "russian", "stay", **{"from": "A9 B18"})
    attempt = next(t for t in texts(st) if t.startswith("Clash 1: retreat attempt"))
    assert attempt.startswith("Clash 1: retreat attempt, column -1, die 1 +1 (")
    assert "= 2: each retreating unit loses 1" in attempt
    assert lost(st, "R-1-25-III") == ("on_map", 0, 1)


def test_9_8_3_a_swamp_as_the_first_hex_hinders_the_retreat(position, fixed_dice) -> None:
    # Russian cavalry (effectiveness 4, 7 movement points) in A12 B16 retreats from the
    # German in A12 B17 into the swamp of A12 B15: -2 (9.8.3), +2 for cavalry retreating
    # before infantry (the table's list); column 4 - 4 = 0; die 3 + 0 = 3: "1" (provisional)
    fixed_dice(3)
    st = at_clash(position, {"G-1-1-I": "A12 B17", "R-1-1G-kaw": "A12 B16"})
    form(st, "A12 B17")
    play_cards(st, "attack", "retreat")
    act(st, "russian", "first_step", to="A12 B15")
    report = st.data["stack"][-2]["report"]
    assert sorted(int(m["value"]) for m in report["die_modifiers"]) == [-2, 2]
    assert (report["column"], report["modified"]) == ("0", 3)
    assert lost(st, "R-1-1G-kaw") == ("on_map", 0, 1)


def test_9_1_9_a_masked_hq_supports_without_being_named(position, fixed_dice) -> None:
    # the Russian III Corps HQ, under a mask two hexes behind its unit, gives the defence its
    # modifier (13.5.1); the log (public) and the German's previews do not name it (16.2.1)
    fixed_dice(6)
    st = masked(
        position,
        {**DUEL, "R-HQ-III": "A18 B20"},
        {"mask-russian-1": ("A18 B20", ["R-HQ-III"])},
        phase="clash",
        stage=10,
    )
    form(st, HERE)
    preview = str(st.view("german")["clash"]["current"]["pairings"])
    assert "III Corps HQ" not in preview and "a hidden headquarters supports" in preview
    assert "III Corps HQ supports" in str(st.view("russian")["clash"]["current"]["pairings"])
    play_cards(st, "attack", "defence")
    result = next(t for t in texts(st) if t.startswith("Clash 1: Germans attack"))
    assert "a hidden headquarters supports the defending units -1" in result
    assert "III Corps HQ" not in result


def test_16_2_9_a_revealed_stack_fights_with_everything_it_hid(position, fixed_dice) -> None:
    # the German sees only a mask before the cards; revealed, it hides two Russian brigades
    # (of two divisions): 6 to 12 is 1:2, die 1 "1/2"; each Russian loses 2.  The Russian,
    # who knew his stack, was shown those numbers in his card matrix.
    fixed_dice(1)
    st = masked(
        position,
        {**DUEL, "R-1-27-III": EAST},
        {"mask-russian-1": (EAST, ["R-1-25-III", "R-1-27-III"])},
        phase="clash",
        stage=10,
    )
    form(st, HERE)
    assert "ratio" not in pairing(st, "german", "attack", "defence")
    shown = previewed(st, "attack", "defence", role="russian")
    play_cards(st, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown == (6, 12, "1:2", (), "1:2")
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert [lost(st, u) for u in ("R-1-25-III", "R-1-27-III")] == [("on_map", 0, 2)] * 2


def test_16_2_1_a_masked_hq_shifts_the_resolution_unnamed(position, fixed_dice) -> None:
    # the hidden III Corps HQ's -1 (13.5.1) moves 1:1 to 1:2, die 1 "1/2"; the Russian's
    # card matrix, which names it, gave the same numbers
    fixed_dice(1)
    st = masked(
        position,
        {**DUEL, "R-HQ-III": "A18 B20"},
        {"mask-russian-1": ("A18 B20", ["R-HQ-III"])},
        phase="clash",
        stage=10,
    )
    shown = fight(st, HERE, "attack", "defence", role="russian")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown == (6, 6, "1:1", (-1,), "1:2")
    assert got.modifiers == (("a hidden headquarters supports the defending units", -1),)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)
