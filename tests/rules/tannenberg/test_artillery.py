"""11.0 Artillery on the FICTIONAL teaching map.

The arena A16 B21 is clear with six clear neighbours (N A16 B22, NE A17 B21, SE
A17 B20, S A16 B20, SW A15 B21, NW A15 B22); A16 B19 is two hexes south of it,
A16 B18 three.

Teaching artillery (front level): G-I-art (I Corps) attack fire 4, defence fire 3,
effectiveness 4; G-XVII-art (XVII Corps) the same; G-1-schw-art (army artillery, no
corps) 6 / 4, effectiveness 4; R-III-art (III Corps) 3 / 3, effectiveness 3;
R-XX-art (XX Corps) 3 / 3; R-2-tyazh-art (army artillery of the 2nd Army) 5 / 4.
Infantry brigades: G-1-1-I, G-2-1-I (I Corps), R-1-25-III, R-2-25-III (III Corps),
strength 6.

Command and supply are other sections' rules: these tests fix them (every unit
commanded and supplied) unless a test is about them.
"""

from __future__ import annotations

import pytest

from greatwar.engine.state import State
from greatwar.rules.tannenberg import artillery as A
from greatwar.rules.tannenberg import command, modifiers, supply, zoc
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.clash_kit import (
    Numbers,
    at_clash,
    fight,
    form,
    lost,
    play_cards,
    resolution,
    stand,
    top_kind,
)

ARENA = "A16 B21"
N, NE, SE, S, SW, NW = "A16 B22", "A17 B21", "A17 B20", "A16 B20", "A15 B21", "A15 B22"
TWO_SOUTH, THREE_SOUTH = "A16 B19", "A16 B18"
MINE = frozenset({"trench_building", "artillery_displacement"})


@pytest.fixture(autouse=True)
def commanded_and_supplied(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "commanded", lambda st, uid: True)
    monkeypatch.setattr(supply, "supplied", lambda st, uid: True)


@pytest.fixture
def mine_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settle only this section's frames: the phase below them stays paused."""

    def settle(self: State) -> None:
        while True:
            top = self.top()
            if top is None or top["kind"] not in MINE:
                return
            handler = self.handler(top)
            if handler.actors(self, top):
                return
            handler.run(self, top)

    monkeypatch.setattr(State, "_settle", settle)


def units_of(options: list[dict]) -> list[str]:
    return [o["unit"] for o in options]


def german_attack(st: State, role: str = "german", **kw) -> list[dict]:
    return A.support_options(
        st, role, attackers=["G-1-1-I"], defenders=["R-1-25-III"], attacking=True, **kw
    )


def russian_defence(st: State, role: str = "russian", **kw) -> list[dict]:
    return A.support_options(
        st, role, attackers=["G-1-1-I"], defenders=["R-1-25-III"], attacking=False, **kw
    )


def clash_at(position, **units: str) -> State:
    base = {"G-1-1-I": N, "R-1-25-III": ARENA}
    return position(base | units, phase="clash", paused=True)


# --- 11.1 general rules ------------------------------------------------------------------------


def test_11_1_1_one_action_a_combat_phase(position) -> None:
    st = clash_at(position, **{"G-I-art": TWO_SOUTH})
    assert units_of(german_attack(st)) == ["G-I-art"]
    A.spend_ammunition(st, ["G-I-art"])
    assert A.fired_this_stage(st, "G-I-art")
    assert german_attack(st) == []
    assert A.fire_refusal(st, "G-I-art")[1] == "tannenberg 11.1.1"
    # the next stage it may fire again
    st.data["stage"] += 1
    assert A.fire_refusal(st, "G-I-art") is None


def test_11_1_2_range_of_two_hexes(position) -> None:
    st = clash_at(position, **{"G-I-art": TWO_SOUTH, "G-XVII-art": THREE_SOUTH})
    # G-XVII-art is of another corps and too far anyway; G-1-schw-art of no corps
    U.place(st, "G-1-schw-art", THREE_SOUTH)
    assert units_of(german_attack(st)) == ["G-I-art"]
    assert A.may_support(st, "G-1-schw-art", ["G-1-1-I"], [ARENA])[1] == "tannenberg 11.1.2"


def test_11_1_3_each_player_decides_for_his_own_artillery(position) -> None:
    units = {"G-I-art": TWO_SOUTH, "R-III-art": "A17 B19", "R-2-tyazh-art": "A15 B20"}
    st = clash_at(position, **units)
    assert units_of(german_attack(st)) == ["G-I-art"]
    assert units_of(russian_defence(st)) == ["R-III-art", "R-2-tyazh-art"]
    # the holder of the initiative decides nothing for the other's artillery
    assert (
        A.support_options(
            st, "german", attackers=["G-1-1-I"], defenders=["R-1-25-III"], attacking=False
        )
        == []
    )
    # three seats: each Russian player decides for his own army's artillery
    st = position(
        {"G-1-1-I": N, "R-1-25-III": ARENA} | units,
        phase="clash",
        paused=True,
        options={"three_players": True},
    )
    assert units_of(russian_defence(st, "russian-1")) == ["R-III-art"]
    assert units_of(russian_defence(st, "russian-2")) == ["R-2-tyazh-art"]


def test_11_1_4_no_combat_results_for_artillery(position) -> None:
    st = clash_at(position, **{"G-I-art": N})
    assert not A.takes_combat_results(st, "G-I-art")
    assert A.takes_combat_results(st, "G-1-1-I")


def test_11_1_5_russian_ammunition(position, monkeypatch: pytest.MonkeyPatch) -> None:
    st = clash_at(position, **{"R-III-art": "A17 B19", "R-XX-art": "A15 B20"})
    monkeypatch.setattr(supply, "supplied", lambda st, uid: uid != "R-XX-art")
    A.spend_ammunition(st, ["R-III-art", "R-XX-art"])
    # 1 point supplied, 2 without supply
    assert U.record(st, "R-III-art")["lost"] == 1
    assert U.record(st, "R-XX-art")["lost"] == 2


def test_11_1_6_german_ammunition_only_without_supply(
    position, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = clash_at(position, **{"G-I-art": TWO_SOUTH, "G-XVII-art": "A17 B19"})
    monkeypatch.setattr(supply, "supplied", lambda st, uid: uid != "G-XVII-art")
    A.spend_ammunition(st, ["G-I-art", "G-XVII-art"])
    assert U.record(st, "G-I-art")["lost"] == 0
    assert U.record(st, "G-XVII-art")["lost"] == 1


def test_11_1_7_artillery_has_no_control_zone(position) -> None:
    st = position({"G-I-art": ARENA, "R-1-25-III": N}, phase="clash", paused=True)
    # the Russian brigade next to the lone German artillery is in no German zone
    assert not U.info(st, "G-I-art").has_zoc
    assert not zoc.controlled_by(st, "german") & {ARENA, N, NE, SE, S, SW, NW}
    assert not zoc.in_enemy_zoc(st, "R-1-25-III")


def test_11_1_8_lone_artillery_failing_its_roll(position, mine_only, fixed_dice) -> None:
    st = position({"R-III-art": ARENA, "G-1-1-I": "A18 B20"}, phase="movement_1")
    U.place(st, "G-1-1-I", N)  # a German brigade enters the hex north of the artillery
    fixed_dice(5)  # 5 > effectiveness 3: 4 endurance points and four hexes
    A.check_lone_artillery(st, N, "german")
    st._settle()
    assert U.record(st, "R-III-art")["lost"] == 4
    board = st.game.scenario.board
    while st.top()["kind"] == "artillery_displacement":
        step = len(st.top()["current"]["path"]) + 1
        options = st.legal_actions("russian")
        # each hex one farther from the start (9.5.4); never into the German zone
        # while another way exists (9.5.6); a single way is taken at once
        for option in options:
            assert board.distance(ARENA, option["hex"]) == step
            assert option["hex"] not in zoc.enemy_controlled(st, "russian")
        st.apply("russian", options[0])
    assert st.top()["kind"] != "artillery_displacement"
    assert board.distance(ARENA, U.record(st, "R-III-art")["hex"]) == 4
    assert U.record(st, "R-III-art")["lost"] == 4


def test_11_1_8_lone_artillery_passing_its_roll(position, mine_only, fixed_dice) -> None:
    st = position({"R-III-art": ARENA, "G-1-1-I": N}, phase="movement_1")
    fixed_dice(3)  # 3 <= effectiveness 3: one point, still four hexes
    A.check_lone_artillery(st, N, "german")
    # a second call for the same entry (masking's 16.2.8 and movement both call it)
    # queues nothing more
    A.check_lone_artillery(st, N, "german")
    assert [f["kind"] for f in st.data["stack"]].count("artillery_displacement") == 1
    st._settle()
    assert U.record(st, "R-III-art")["lost"] == 1
    assert st.top()["kind"] == "artillery_displacement"


def test_11_1_8_covered_or_not_by_infantry_and_cavalry(position, mine_only) -> None:
    # a Russian brigade with the artillery: not lone
    st = position({"R-III-art": ARENA, "R-1-25-III": ARENA, "G-1-1-I": N}, phase="movement_1")
    A.check_lone_artillery(st, N, "german")
    assert st.top()["kind"] != "artillery_displacement"
    # German artillery entering the next hex displaces nothing
    st = position({"R-III-art": ARENA, "G-I-art": N}, phase="movement_1")
    A.check_lone_artillery(st, N, "german")
    assert st.top()["kind"] != "artillery_displacement"
    # artillery in its own garrisoned fortification (Kowal, A22 B12) is not lone: the
    # garrison is treated as a unit (12.3.3)
    st = position({"R-III-art": "A22 B12", "G-1-1-I": "A23 B12"}, phase="movement_1")
    A.check_lone_artillery(st, "A23 B12", "german")
    assert st.top()["kind"] != "artillery_displacement"


def test_11_1_8_no_way_out_eliminates(position, mine_only, fixed_dice) -> None:
    germans = ["G-1-1-I", "G-2-1-I", "G-3-2-I", "G-4-2-I", "G-70-35-XVII", "G-87-35-XVII"]
    units = dict(zip(germans, [N, NE, SE, S, SW, NW], strict=True))
    st = position(units | {"R-III-art": ARENA}, phase="movement_1")
    fixed_dice(1)
    A.check_lone_artillery(st, N, "german")
    st._settle()
    assert U.record(st, "R-III-art")["status"] == "eliminated"
    assert any(e.get("case") == "tannenberg 9.5.8" for e in st.data["log"])


def test_11_1_8_displaced_in_the_combat_phase_may_not_fight(
    position, mine_only, fixed_dice
) -> None:
    st = position({"R-III-art": ARENA, "G-1-1-I": N}, phase="clash")
    fixed_dice(1)
    A.check_lone_artillery(st, N, "german")
    st._settle()
    while st.top()["kind"] == "artillery_displacement":
        st.apply("russian", st.legal_actions("russian")[0])
    assert A.displaced_this_stage(st, "R-III-art")
    assert A.fire_refusal(st, "R-III-art")[1] == "tannenberg 11.1.8"


def test_11_1_9_triple_fire(position, monkeypatch: pytest.MonkeyPatch) -> None:
    st = clash_at(position, **{"G-I-art": TWO_SOUTH, "R-III-art": "A17 B19"})
    (option,) = german_attack(st)
    # attack fire 4, tripled 12; German triple fire costs 3 points
    assert (option["fire"], option["triple_fire"]) == (4, 12)
    assert (option["ammunition"], option["triple_ammunition"]) == (0, 3)
    strengths = modifiers.clash_strengths(
        st,
        ["G-1-1-I"],
        ["R-1-25-III"],
        attacker_artillery=[{"unit": "G-I-art", "triple": True}],
    )
    assert strengths["attacker"]["total"] == 6 + 12
    # Russian triple fire: 4 points; doubled without supply: 8
    assert A.ammunition_cost(st, "R-III-art", triple=True) == 4
    monkeypatch.setattr(supply, "supplied", lambda st, uid: False)
    assert A.ammunition_cost(st, "R-III-art", triple=True) == 8
    assert A.ammunition_cost(st, "G-I-art", triple=True) == 6
    A.spend_ammunition(st, [{"unit": "R-III-art", "triple": True}])
    # 8 points: more than the 4 of its first level, so it drops to its second (2.3.5)
    assert (U.record(st, "R-III-art")["level"], U.record(st, "R-III-art")["lost"]) == (1, 4)


# --- 11.2 supporting an attack -------------------------------------------------------------------


def test_11_2_1_attack_fire_added_to_the_attackers(position) -> None:
    st = clash_at(position, **{"G-I-art": TWO_SOUTH, "G-1-schw-art": TWO_SOUTH})
    strengths = modifiers.clash_strengths(
        st, ["G-1-1-I"], ["R-1-25-III"], attacker_artillery=["G-I-art", "G-1-schw-art"]
    )
    # 6 + attack fire 4 + 6
    assert strengths["attacker"]["total"] == 16


def test_11_2_2_one_target_in_range_is_enough(position) -> None:
    # the Germans in N attack the arena and NE; the artillery two hexes south of the
    # arena is three from NE
    units = {"G-I-art": TWO_SOUTH, "R-2-25-III": NE}
    st = clash_at(position, **units)
    options = A.support_options(
        st,
        "german",
        attackers=["G-1-1-I"],
        defenders=["R-1-25-III", "R-2-25-III"],
        attacking=True,
    )
    assert units_of(options) == ["G-I-art"]


def test_11_2_3_same_corps_or_army_artillery(position) -> None:
    units = {"G-I-art": TWO_SOUTH, "G-XVII-art": TWO_SOUTH, "G-1-schw-art": TWO_SOUTH}
    st = clash_at(position, **units)
    # G-1-1-I is of I Corps: the XVII Corps artillery may not support it
    assert units_of(german_attack(st)) == ["G-I-art", "G-1-schw-art"]
    assert A.may_support(st, "G-XVII-art", ["G-1-1-I"], [ARENA])[1] == "tannenberg 11.2.3"


def test_11_2_4_only_the_artillery_indicated_fires(position) -> None:
    st = clash_at(position, **{"G-I-art": TWO_SOUTH})
    # support is the attacker's choice: none named, none added
    assert modifiers.clash_strengths(st, ["G-1-1-I"], ["R-1-25-III"])["attacker"]["total"] == 6


# --- 11.3 supporting a defence ---------------------------------------------------------------


def test_11_3_1_defence_fire_added_to_the_defenders(position) -> None:
    st = clash_at(position, **{"R-III-art": "A17 B19"})
    strengths = modifiers.clash_strengths(
        st, ["G-1-1-I"], ["R-1-25-III"], defender_artillery=["R-III-art"]
    )
    assert strengths["defender"]["total"] == 6 + 3


def test_11_3_2_encounter_battle_uses_attack_fire(position) -> None:
    st = clash_at(position, **{"R-2-tyazh-art": "A17 B19"})
    # heavy artillery: attack fire 5, defence fire 4
    defence = modifiers.clash_strengths(
        st, ["G-1-1-I"], ["R-1-25-III"], defender_artillery=["R-2-tyazh-art"]
    )
    encounter = modifiers.clash_strengths(
        st, ["G-1-1-I"], ["R-1-25-III"], defender_artillery=["R-2-tyazh-art"], encounter=True
    )
    assert (defence["defender"]["total"], encounter["defender"]["total"]) == (10, 11)
    (option,) = russian_defence(st, encounter=True)
    assert option["mode"] == "attack" and option["fire"] == 5


def test_11_3_3_the_defended_unit_within_range(position) -> None:
    st = clash_at(position, **{"R-III-art": "A16 B18"})  # three hexes from the arena
    assert russian_defence(st) == []
    assert A.may_support(st, "R-III-art", ["R-1-25-III"], [ARENA], "defence")[1] == (
        "tannenberg 11.1.2"
    )


def test_11_3_4_several_artillery_units_add_up(position) -> None:
    st = clash_at(position, **{"R-III-art": "A17 B19", "R-2-tyazh-art": "A15 B20"})
    strengths = modifiers.clash_strengths(
        st, ["G-1-1-I"], ["R-1-25-III"], defender_artillery=["R-III-art", "R-2-tyazh-art"]
    )
    assert strengths["defender"]["total"] == 6 + 3 + 4


def test_11_3_5_one_defender_in_range_is_enough(position) -> None:
    # the Russians defend the arena and S; the artillery is two hexes from S only
    st = clash_at(position, **{"R-2-25-III": S, "R-III-art": "A16 B18"})
    options = A.support_options(
        st,
        "russian",
        attackers=["G-1-1-I"],
        defenders=["R-1-25-III", "R-2-25-III"],
        attacking=False,
    )
    assert units_of(options) == ["R-III-art"]


def test_11_3_6_same_corps_for_a_defence(position) -> None:
    st = clash_at(position, **{"R-XX-art": "A17 B19", "R-2-tyazh-art": "A15 B20"})
    # R-1-25-III is of III Corps: the XX Corps artillery may not support it
    assert units_of(russian_defence(st)) == ["R-2-tyazh-art"]
    assert A.may_support(st, "R-XX-art", ["R-1-25-III"], [ARENA], "defence")[1] == (
        "tannenberg 11.3.6"
    )


# --- 11.4 independent attacks ----------------------------------------------------------------


def test_11_4_1_only_the_holder_of_the_initiative(position) -> None:
    st = position(
        {"G-I-art": TWO_SOUTH, "R-III-art": "A13 B22", "R-1-25-III": ARENA},
        phase="clash",
        paused=True,
    )
    st.data["initiative"] = "german"
    assert A.independent_attackers(st, "german") == ["G-I-art"]
    assert A.independent_attackers(st, "russian") == []
    assert A.independent_refusal(st, "R-III-art")[1] == "tannenberg 11.4.1"


def test_11_4_2_not_from_an_enemy_zone_at_the_start_of_the_phase(position) -> None:
    units = {"G-I-art": N, "G-1-1-I": N, "G-1-schw-art": TWO_SOUTH, "R-1-25-III": ARENA}
    st = position(units, phase="clash", paused=True)
    st.data["initiative"] = "german"
    A.begin_clash_phase(st)
    # G-I-art stood in the Russian brigade's zone when the phase began
    assert A.independent_attackers(st, "german") == ["G-1-schw-art"]
    assert A.independent_refusal(st, "G-I-art")[1] == "tannenberg 11.4.2"
    # it stays barred even if the zone is gone later in the phase
    U.place(st, "R-1-25-III", "A18 B18")
    assert A.independent_refusal(st, "G-I-art")[1] == "tannenberg 11.4.2"


def test_11_4_3_one_hex_a_unit(position) -> None:
    units = {"G-I-art": TWO_SOUTH, "R-1-25-III": ARENA, "R-2-25-III": NE}
    st = position(units, phase="clash", paused=True)
    st.data["initiative"] = "german"
    # the arena is two hexes away, NE three: one target hex
    assert A.independent_targets(st, "german") == [ARENA]
    assert units_of(A.independent_options(st, "german", ARENA)) == ["G-I-art"]
    assert A.independent_options(st, "german", NE) == []


def test_11_4_4_several_artillery_units_may_join(position) -> None:
    units = {"G-I-art": TWO_SOUTH, "G-XVII-art": "A17 B19", "R-1-25-III": ARENA}
    st = position(units, phase="clash", paused=True)
    st.data["initiative"] = "german"
    # no corps condition for an independent attack (no unit is supported)
    assert units_of(A.independent_options(st, "german", ARENA)) == ["G-I-art", "G-XVII-art"]
    strengths = modifiers.clash_strengths(
        st, [], ["R-1-25-III"], attacker_artillery=["G-I-art", "G-XVII-art"]
    )
    assert strengths["attacker"]["total"] == 8


def test_11_4_5_no_defensive_fire_against_artillery_alone(position) -> None:
    st = clash_at(position, **{"R-III-art": "A17 B19"})
    assert units_of(russian_defence(st)) == ["R-III-art"]
    assert russian_defence(st, independent=True) == []


# --- 11.5 direct combat ---------------------------------------------------------------------------


def test_11_5_1_artillery_in_contact_supports_its_own_stack(position) -> None:
    units = {"G-I-art": N, "G-2-1-I": NE}
    st = clash_at(position, **units)
    A.begin_clash_phase(st)
    # in the Russian zone with G-1-1-I: it may support its own stack's clash...
    assert units_of(german_attack(st)) == ["G-I-art"]
    # ...but not a clash of the brigade next door (11.5's note)
    options = A.support_options(
        st, "german", attackers=["G-2-1-I"], defenders=["R-1-25-III"], attacking=True
    )
    assert options == []
    assert A.may_support(st, "G-I-art", ["G-2-1-I"], [ARENA])[1] == "tannenberg 11.5.1"


def test_11_5_2_only_the_ammunition_is_lost(position) -> None:
    st = clash_at(position, **{"R-III-art": ARENA})
    A.spend_ammunition(st, ["R-III-art"])
    # whatever the result, the artillery loses only its ammunition point
    assert not A.takes_combat_results(st, "R-III-art")
    assert U.record(st, "R-III-art")["lost"] == 1


def test_11_5_3_the_stack_flees_the_artillery_is_displaced(position, mine_only, fixed_dice) -> None:
    st = position({"R-III-art": ARENA, "R-XX-art": ARENA, "G-1-1-I": N}, phase="clash")
    # the Russian brigade that stood with them has fled: both guns go through 11.1.8,
    # the one that did not fire too
    fixed_dice(6, 1)
    A.stack_fled(st, ARENA, "russian")
    st._settle()
    assert U.record(st, "R-III-art")["lost"] == 4
    while st.top()["kind"] == "artillery_displacement":
        st.apply("russian", st.legal_actions("russian")[0])
    assert U.record(st, "R-XX-art")["lost"] == 1
    board = st.game.scenario.board
    assert board.distance(ARENA, U.record(st, "R-III-art")["hex"]) == 4
    assert board.distance(ARENA, U.record(st, "R-XX-art")["hex"]) == 4


# --- command and rail transport ----------------------------------------------------------------


def test_13_4_1_uncommanded_artillery_does_not_fight(
    position, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = clash_at(position, **{"G-I-art": TWO_SOUTH})
    monkeypatch.setattr(command, "commanded", lambda st, uid: uid != "G-I-art")
    assert german_attack(st) == []
    assert A.fire_refusal(st, "G-I-art")[1] == "tannenberg 13.4.1"


def test_5_3_3_artillery_on_rail_takes_no_part(position) -> None:
    st = clash_at(position, **{"G-I-art": {"hex": TWO_SOUTH, "markers": ["entrained"]}})
    assert german_attack(st) == []
    assert A.fire_refusal(st, "G-I-art")[1] == "tannenberg 5.3.3"


def test_15_4_3_artillery_without_supply_spends_more(
    position, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = clash_at(position, **{"R-III-art": "A17 B19", "G-I-art": TWO_SOUTH})
    # supplied: Russian 1, German 0; unsupplied: Russian 2, German 1 (11.1.5, 11.1.6)
    assert (A.ammunition_cost(st, "R-III-art"), A.ammunition_cost(st, "G-I-art")) == (1, 0)
    monkeypatch.setattr(supply, "supplied", lambda st, uid: False)
    assert (A.ammunition_cost(st, "R-III-art"), A.ammunition_cost(st, "G-I-art")) == (2, 1)


# --- at resolution: the clash played through with fixed dice --------------------------------
#
# The guns are declared as in play (the attacker's first, 16.2.9), the die is fixed, and the
# test reads the logged strengths, column and losses (clash_kit.resolution) and the
# endurance the guns spent.  The card matrix is shown before any gun is declared, so its
# strengths are those of the units alone.  Provisional COMBAT RESULTS, die 1: 1:2 "1/2",
# 1:1 "1/3", 2:1 "-/4", 3:1 "-/5".


def _declare(st: State, role: str, *guns: tuple[str, bool]) -> None:
    """``role`` declares its guns (unit, triple fire) and is done (11.1.3)."""
    assert top_kind(st) == "artillery_support" and st.top()["role"] == role
    for unit, triple in guns:
        st.apply(role, {"type": "fire", "unit": unit, "triple": triple})
    st.apply(role, {"type": "done"})


def _german_attack(position, fixed_dice, guns: dict[str, str], *dice: int) -> tuple[State, Numbers]:  # type: ignore[no-untyped-def]
    """G-1-1-I in N attacks R-1-25-III in the arena (ATTACK against DEFENCE)."""
    fixed_dice(*dice)
    st = at_clash(position, {"G-1-1-I": N, "R-1-25-III": ARENA, **guns})
    return st, fight(st, ARENA, "attack", "defence")


def test_11_2_1_the_attack_fire_is_added_at_resolution(position, fixed_dice) -> None:
    # the army's heavy artillery (attack fire 6) two hexes away: 6 + 6 to 6 is 2:1: "-/4"
    # (1:1 alone would give "1/3"); a supplied German gun spends nothing (11.1.6)
    st, shown = _german_attack(position, fixed_dice, {"G-1-schw-art": TWO_SOUTH}, 1)
    _declare(st, "german", ("G-1-schw-art", False))
    stand(st, "russian")
    got = resolution(st)
    assert shown[:2] == (6, 6)  # the units alone
    assert (got.attack, got.defence, got.ratio, got.column) == (12, 6, "2:1", "2:1")
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)
    assert lost(st, "G-1-schw-art") == ("on_map", 0, 0)
    assert A.fired_stage(st, "G-1-schw-art") == 10  # it has acted this combat phase (11.1.1)


def test_11_1_9_triple_fire_at_resolution_and_its_cost(position, fixed_dice) -> None:
    # I Corps artillery fires three times its 4: 6 + 12 to 6 is 3:1: "-/5"; the German gun
    # then loses 3 endurance points for the ammunition
    st, _ = _german_attack(position, fixed_dice, {"G-I-art": TWO_SOUTH}, 1)
    _declare(st, "german", ("G-I-art", True))
    stand(st, "russian")
    got = resolution(st)
    assert (got.attack, got.ratio, got.column) == (18, "3:1", "3:1")
    assert lost(st, "R-1-25-III") == ("on_map", 1, 1)  # 5 points: to its back, 1 there
    assert lost(st, "G-I-art") == ("on_map", 0, 3)


def test_11_3_1_the_defence_fire_is_added_at_resolution(position, fixed_dice) -> None:
    # III Corps artillery two hexes from the arena fires for its brigade's defence: 6 to
    # 6 + 3 is 1:2: "1/2" (1:1 would give "1/3"); the Russian gun spends 1 point (11.1.5)
    # and suffers nothing of the result (11.1.4)
    st, _ = _german_attack(position, fixed_dice, {"R-III-art": "A17 B19"}, 1)
    _declare(st, "russian", ("R-III-art", False))
    stand(st, "russian")
    got = resolution(st)
    assert (got.attack, got.defence, got.ratio, got.column) == (6, 9, "1:2", "1:2")
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)
    assert lost(st, "R-III-art") == ("on_map", 0, 1)


def test_11_5_2_guns_in_the_defending_stack_lose_only_their_ammunition(
    position, fixed_dice
) -> None:
    # the same with the gun in the brigade's own hex (11.5 note: it supports its stack):
    # the brigade loses 2, the gun only its 1 point of ammunition
    st, _ = _german_attack(position, fixed_dice, {"R-III-art": ARENA}, 1)
    _declare(st, "russian", ("R-III-art", False))
    stand(st, "russian")
    got = resolution(st)
    assert (got.defence, got.column, got.defender_loss) == (9, "1:2", 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)
    assert lost(st, "R-III-art") == ("on_map", 0, 1)


def test_11_5_3_the_stack_flees_at_resolution_and_its_gun_is_displaced(
    position, fixed_dice
) -> None:
    # the gun does not fire; the brigade flees one hex of its 3 points ("1/3"); 9.5.9's die
    # is 1; then the gun goes through 11.1.8: a 6 is above its effectiveness 3: it loses 4
    # points and withdraws 4 hexes
    st, _ = _german_attack(position, fixed_dice, {"R-III-art": ARENA}, 1, 1, 6)
    _declare(st, "russian")
    st.apply("russian", {"type": "flee", "hexes": 1})
    assert resolution(st).defender_loss == 3
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)  # 3 points less 1 hex fled
    st.apply("russian", {"type": "step", "to": SW})
    assert lost(st, "R-III-art") == ("on_map", 0, 4)
    assert top_kind(st) == "artillery_displacement"
    while top_kind(st) == "artillery_displacement":
        st.apply("russian", st.legal_actions("russian")[0])
    board = st.game.scenario.board
    assert board.distance(ARENA, U.record(st, "R-III-art")["hex"]) == 4


def test_11_3_2_in_an_encounter_battle_the_defenders_guns_fire_their_attack_fire(
    position, fixed_dice
) -> None:
    # both attack; the Russians (59R/XXVII: 5, effectiveness 2) win the encounter roll
    # (1 + 4 + 1 against 6 + 2) and attack the German brigade, whose heavy artillery in
    # its own hex fires its attack fire, 6, not its defence fire, 4: 5 to 12 is 1:3, +2 is
    # 1:1: "1/3" (5 to 10, 1:2, +2 would be 2:1, "-/4"); then the rolls after the battle
    fixed_dice(1, 6, 1, 6, 1)
    st = at_clash(position, {"G-1-1-I": S, "G-1-schw-art": S, "R-1-59R-XXVII": ARENA})
    form(st, ARENA)
    play_cards(st, "attack", "attack")
    _declare(st, "german", ("G-1-schw-art", False))
    got = resolution(st)
    assert got.attacker == "Russians"
    assert (got.attack, got.defence, got.ratio, got.shifts, got.column) == (
        5,
        12,
        "1:3",
        [2],
        "1:1",
    )
    assert lost(st, "R-1-59R-XXVII") == ("on_map", 0, 1)
    assert lost(st, "G-1-1-I") == ("on_map", 0, 3)
    assert lost(st, "G-1-schw-art") == ("on_map", 0, 0)


def test_11_4_a_shelling_is_resolved_without_defensive_fire(position, fixed_dice) -> None:
    # I Corps artillery shells the arena alone with triple fire (11.1.9): 12 to 6 is 2:1:
    # "-/4"; the Russian gun in range may not fire for the defence (11.4.5); the brigade
    # stands; the German gun spends 3 points
    fixed_dice(1)
    st = at_clash(position, {"R-1-25-III": ARENA, "R-III-art": "A17 B19", "G-I-art": TWO_SOUTH})
    st.apply("german", {"type": "shell", "hex": ARENA})
    st.apply("german", {"type": "add_gun", "unit": "G-I-art", "triple": True})
    st.apply("german", {"type": "fire"})
    assert top_kind(st) == "flight_choice"  # no artillery_support frame for the Russian
    stand(st, "russian")
    got = resolution(st)
    assert (got.attacker, got.attack, got.defence, got.ratio, got.column) == (
        "Germans",
        12,
        6,
        "2:1",
        "2:1",
    )
    assert (got.attacker_loss, got.defender_loss) == (0, 4)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)
    assert lost(st, "R-III-art") == ("on_map", 0, 0)
    assert lost(st, "G-I-art") == ("on_map", 0, 3)


def test_13_5_1_firing_guns_in_their_hqs_range_bring_its_modifier_to_the_attack(
    position, fixed_dice
) -> None:
    # G-1-1-I is beyond I Corps HQ's range (4; A16 B16 to N is 6), its artillery within it
    # (3): the supporting gun takes part in the clash, so the HQ's +2 counts (13.5.1):
    # 6 + 4 to 6 is 1:1, +2 is 3:1: "-/5"
    st, shown = _german_attack(position, fixed_dice, {"G-I-art": TWO_SOUTH, "G-HQ-I": "A16 B16"}, 1)
    assert shown[3] == ()  # the units alone are beyond the HQ's range
    _declare(st, "german", ("G-I-art", False))
    stand(st, "russian")
    got = resolution(st)
    assert got.modifiers == (("I Corps HQ supports the attacking units", 2),)
    assert (got.attack, got.ratio, got.column) == (10, "1:1", "3:1")
    assert lost(st, "R-1-25-III") == ("on_map", 1, 1)


def test_13_5_1_a_defending_gun_in_its_hqs_range_counts_for_the_hq(position) -> None:
    # what modifiers gives when told of the defending guns (the clash must tell it: below)
    units = {"R-III-art": "A18 B20", "R-HQ-III": "A20 B19"}
    st = clash_at(position, **units)
    alone = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], [N])
    assert [m for m in alone if m["case"] == "tannenberg 13.5.1"] == []
    firing = modifiers.clash_modifiers(
        st, ["G-1-1-I"], ["R-1-25-III"], [N], defender_artillery=[{"unit": "R-III-art"}]
    )
    assert [(m["why"], m["value"]) for m in firing if m["case"] == "tannenberg 13.5.1"] == [
        ("III Corps HQ supports the defending units", -1)
    ]


def test_13_5_1_firing_guns_in_their_hqs_range_bring_its_modifier_to_the_defence(
    position, fixed_dice
) -> None:
    # the mirror of the test above: R-1-25-III is beyond III Corps HQ's range (3; A20 B19 to
    # the arena is 4), its supporting artillery within it (2): 6 to 6 + 3 is 1:2, -1 is
    # 1:3: "2/1" (without the HQ, 1:2 "1/2")
    units = {"R-III-art": "A18 B20", "R-HQ-III": "A20 B19"}
    st, shown = _german_attack(position, fixed_dice, units, 1)
    assert shown[3] == ()
    _declare(st, "russian", ("R-III-art", False))
    stand(st, "russian")
    got = resolution(st)
    assert got.modifiers == (("III Corps HQ supports the defending units", -1),)
    assert (got.defence, got.ratio, got.column) == (9, "1:2", "1:3")
    assert lost(st, "R-1-25-III") == ("on_map", 0, 1)
