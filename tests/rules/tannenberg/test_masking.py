"""16.1-16.2 Masking, on the FICTIONAL teaching map.

German units stand in A10 B20 (clear, far from the Russians, who stand in
A20 B10).  A10 B20's neighbours: A10 B21, A11 B20, A11 B19, A10 B19, A9 B20,
A9 B21.
"""

from __future__ import annotations

import pytest

from greatwar.rules.tannenberg import masking, stacking, supply, zoc
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.masking_kit import end_orders, masked, piece, unit_ids

HERE = "A10 B20"
NEIGHBOURS = {"A10 B21", "A11 B20", "A11 B19", "A10 B19", "A9 B20", "A9 B21"}
FAR_RUSSIAN = {"R-1-25-III": "A20 B10"}
GERMANS = {"G-1-1-I": HERE, "G-2-1-I": HERE, "G-HQ-I": HERE, **FAR_RUSSIAN}


def test_16_1_1_each_side_has_masking_counters_on_its_card(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    # The teaching scenario gives no number: 8 a side (masking.DEFAULT_MASKS, provisional).
    for side in ("german", "russian"):
        ids = masking.mask_ids(st, side)
        assert ids == [f"mask-{side}-{n}" for n in range(1, 9)]
        assert all(U.record(st, m)["status"] == masking.CARD for m in ids)
    assert st.view("russian")["masks"] == {
        "german": {"total": 8, "on_map": 0, "provisional": True},
        "russian": {"total": 8, "on_map": 0, "provisional": True},
    }
    # In the orders phase both players may mask, at the same time (3.1 phase 1).
    assert set(st.active_roles()) == {"german", "russian"}
    offered = st.legal_actions("german")
    assert {"type": "mask", "unit": "G-1-1-I"} in offered
    assert {"type": "empty_mask", "hex": HERE} in offered


def test_16_1_2_a_masking_counter_is_not_itself_masked(position):  # type: ignore[no-untyped-def]
    # a click on a masking counter still on its card probes "mask" naming it: it is told
    # what to choose instead (it once answered "there is no unit 'mask-german-1'")
    st = position(GERMANS)
    reason, case = masking.explain_masking_action(
        st, "german", {"type": "mask", "unit": "mask-german-1"}
    )
    assert case == "tannenberg 16.1.2"
    assert reason == (
        "Masking counter 1 is a masking counter: choose a unit or HQ to hide under a mask,"
        " or an empty mask's hex"
    )


def test_16_1_2_masked_unit_keeps_its_hex_under_a_mask(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    # The choice is secret until every player has ended his orders: nothing moved yet.
    assert not masking.is_masked(st, "G-1-1-I")
    assert "G-1-1-I" in unit_ids(st.view("russian"))
    end_orders(st)
    mask = masking.mask_of(st, "G-1-1-I")
    assert mask == "mask-german-1"  # the first free counter
    assert U.record(st, mask)["hex"] == HERE
    assert U.record(st, "G-1-1-I")["hex"] == HERE  # the unit keeps its hex
    assert U.record(st, "G-1-1-I")["status"] == "on_map"
    assert masking.contents(st, mask) == ["G-1-1-I"]
    assert piece(st.view("german"), "G-1-1-I")["masked_by"] == mask
    seen = st.view("russian")
    assert "G-1-1-I" not in unit_ids(seen)
    assert [u["hex"] for u in seen["units"] if u["type"] == "mask" and u["side"] == "german"] == [
        HERE
    ]


def test_16_1_2_one_mask_may_hide_several_units_of_a_hex(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    joining = {"type": "mask", "unit": "G-2-1-I", "mask": "mask-german-1"}
    assert joining in st.legal_actions("german")
    st.apply("german", joining)
    end_orders(st)
    assert masking.contents(st, "mask-german-1") == ["G-1-1-I", "G-2-1-I"]
    assert masking.on_map_masks(st, "german") == ["mask-german-1"]


def test_16_1_2_a_planned_mask_may_be_cancelled(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    st.apply("german", {"type": "cancel_mask", "mask": "mask-german-1"})
    end_orders(st)
    assert masking.on_map_masks(st, "german") == []
    assert not masking.is_masked(st, "G-1-1-I")


def test_16_1_2_owner_may_lift_his_mask_in_the_orders_phase(position):  # type: ignore[no-untyped-def]
    st = masked(position, GERMANS, {"mask-german-3": (HERE, ["G-1-1-I"])}, phase="orders")
    assert masking.is_masked(st, "G-1-1-I")
    st.apply("german", {"type": "lift_mask", "mask": "mask-german-3"})
    end_orders(st)
    assert not masking.is_masked(st, "G-1-1-I")
    assert U.record(st, "mask-german-3")["status"] == masking.CARD
    assert "G-1-1-I" in unit_ids(st.view("russian"))
    assert any("lifted: 1/1/I now unmasked" in e["text"] for e in st.view("russian")["log"])


def test_16_2_1_the_enemy_sees_masks_only_as_anonymous_pieces(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    st.apply("german", {"type": "empty_mask", "hex": HERE})
    end_orders(st)
    seen = [u for u in st.view("russian")["units"] if u["type"] == "mask" and u["side"] == "german"]
    assert len(seen) == 2
    for entry in seen:
        # no number, no contents, no emptiness: only a public id, its hex and counters on it
        assert set(entry) == {"id", "name", "side", "type", "status", "hex", "markers"}
        assert entry["id"].startswith("german-masked-")
        assert entry["name"] == "Masking counter"
    public = {e["id"] for e in seen}
    assert public == {masking.handle(st, m) for m in masking.on_map_masks(st, "german")}
    text = str([*seen, *st.view("russian")["log"]])
    assert "mask-german-" not in text and "Masking counter" not in text.replace(
        "'Masking counter'", ""
    )
    # the owner sees which is which
    own = {u["id"]: u for u in st.view("german")["units"] if u["type"] == "mask"}
    assert own["mask-german-1"]["hides"] == ["G-1-1-I"]
    assert own["mask-german-2"]["empty"] is True


def test_16_2_1_a_mask_gets_a_new_public_id_at_every_placement(position):  # type: ignore[no-untyped-def]
    st = masked(position, GERMANS, {"mask-german-1": (HERE, ["G-1-1-I"])}, phase="orders")
    before = masking.handle(st, "mask-german-1")
    st.apply("german", {"type": "lift_mask", "mask": "mask-german-1"})
    st.apply("german", {"type": "mask", "unit": "G-2-1-I"})
    end_orders(st)
    # mask-german-1 came off and went down again (the first free counter): a new public id
    assert masking.contents(st, "mask-german-1") == ["G-2-1-I"]
    assert masking.handle(st, "mask-german-1") != before


def test_16_2_2_a_unit_in_an_enemy_zone_may_not_be_masked(position, refuse):  # type: ignore[no-untyped-def]
    # A Russian brigade next door puts A10 B20 in a Russian control zone (6L, far
    # away, may still be masked: the German player is asked).
    st = position({**GERMANS, "G-6L": "A7 B20", "R-2-25-III": "A11 B20"})
    assert HERE in zoc.controlled_by(st, "russian")
    offered = st.legal_actions("german")
    assert {a.get("unit", a.get("hex")) for a in offered if "mask" in a["type"]} == {
        "G-6L",
        "A7 B20",
    }
    why = refuse(st, "german", {"type": "mask", "unit": "G-1-1-I"})
    assert why.case == "tannenberg 16.2.2"
    # reading: no empty mask may go down there either (it would go at once, 16.2.7)
    why = refuse(st, "german", {"type": "empty_mask", "hex": HERE})
    assert why.case == "tannenberg 16.2.2"


def test_16_2_3_empty_masks_go_only_on_own_units_or_hqs(position, refuse):  # type: ignore[no-untyped-def]
    st = position({**GERMANS, "G-HQ-XVII": "A9 B13"})
    offered = {a["hex"] for a in st.legal_actions("german") if a["type"] == "empty_mask"}
    assert offered == {HERE, "A9 B13"}  # the units' hex, and the lone HQ's
    why = refuse(st, "german", {"type": "empty_mask", "hex": "A12 B20"})
    assert why.case == "tannenberg 16.2.3"
    st.apply("german", {"type": "empty_mask", "hex": "A9 B13"})
    end_orders(st)
    (mask,) = masking.on_map_masks(st, "german")
    assert U.record(st, mask)["hex"] == "A9 B13"
    assert masking.is_empty(st, mask)


def test_16_2_4_any_number_of_masks_may_share_a_hex(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    st.apply("german", {"type": "mask", "unit": "G-2-1-I"})
    st.apply("german", {"type": "empty_mask", "hex": HERE})
    st.apply("german", {"type": "empty_mask", "hex": HERE})
    end_orders(st)
    assert len(masking.masks_in(st, HERE, "german")) == 4
    # the stacking limit still counts the units, never the masks: two brigades (the HQ
    # does not count either, 7.1.3)
    assert sorted(stacking.counted_units(st, HERE)) == ["G-1-1-I", "G-2-1-I"]


def test_16_2_5_every_mask_has_a_control_zone(position):  # type: ignore[no-untyped-def]
    # An empty mask on a lone HQ: the HQ has no zone (8.1.2), the mask has (16.2.5).
    # (The garrisoned forts of Nordheim nearby have zones of their own, 12.3.2.)
    units = {"G-HQ-I": HERE, **FAR_RUSSIAN}
    forts = zoc.controlled_by(position(units), "german")
    assert not forts >= NEIGHBOURS
    st = masked(position, units, {"mask-german-1": (HERE, [])}, phase="orders")
    assert zoc.controlled_by(st, "german") == forts | NEIGHBOURS
    st2 = masked(position, units, {"mask-german-1": (HERE, ["G-HQ-I"])}, phase="orders")
    assert zoc.controlled_by(st2, "german") == forts | NEIGHBOURS


def test_16_2_6_a_mask_moves_four_points(position, monkeypatch):  # type: ignore[no-untyped-def]
    st = masked(
        position,
        GERMANS,
        {"mask-german-1": (HERE, ["G-1-1-I"]), "mask-german-2": (HERE, [])},
        phase="orders",
    )
    # the brigade's own allowance is 5; under a mask it moves 4, and so does an empty mask
    assert U.values(st, "G-1-1-I").movement == 5
    assert masking.movement_allowance(st, "mask-german-1") == 4
    assert masking.movement_allowance(st, "mask-german-2") == 4
    # 15.4.1 (the "unless" of 16.2.6): a mask hiding an unsupplied unit moves 4 - 1 = 3
    found = supply.supplied
    monkeypatch.setattr(supply, "supplied", lambda s, uid: uid != "G-1-1-I" and found(s, uid))
    assert masking.movement_allowance(st, "mask-german-1") == 3
    assert masking.movement_allowance(st, "mask-german-2") == 4


def test_16_2_6_a_moving_mask_carries_its_units(position):  # type: ignore[no-untyped-def]
    st = masked(position, GERMANS, {"mask-german-1": (HERE, ["G-1-1-I", "G-2-1-I"])})
    masking.place_piece(st, "mask-german-1", "A11 B20")
    assert U.record(st, "G-1-1-I")["hex"] == "A11 B20"
    assert U.record(st, "G-2-1-I")["hex"] == "A11 B20"
    assert U.record(st, "G-HQ-I")["hex"] == HERE
    assert masking.contents(st, "mask-german-1") == ["G-1-1-I", "G-2-1-I"]


def test_16_2_7_empty_mask_in_enemy_zone_goes_at_the_start_of_reconnaissance(position):  # type: ignore[no-untyped-def]
    # Two German masks in A10 B20, next to a Russian brigade in A11 B20: the empty one
    # is removed when the reconnaissance phase begins, the other stays.
    units = {**GERMANS, "R-2-25-III": "A11 B20"}
    masks = {"mask-german-1": (HERE, []), "mask-german-2": (HERE, ["G-1-1-I"])}
    st = masked(position, units, masks, phase="reconnaissance")
    assert U.record(st, "mask-german-1")["status"] == masking.CARD
    assert masking.contents(st, "mask-german-2") == ["G-1-1-I"]
    removed = [e for e in st.view("russian")["log"] if e.get("case") == "tannenberg 16.2.7"]
    assert len(removed) == 1 and "empty" in removed[0]["text"]


def test_16_2_7_empty_mask_goes_when_an_enemy_unit_enters_its_zone(position):  # type: ignore[no-untyped-def]
    units = {**GERMANS, "R-2-25-III": "A13 B20"}
    masks = {"mask-german-1": (HERE, []), "mask-german-2": (HERE, ["G-1-1-I"])}
    st = masked(position, units, masks, phase="movement_2")
    # the Russian brigade steps into A11 B20, next to A10 B20 (as the movement module does)
    U.place(st, "R-2-25-III", "A11 B20")
    assert masking.enemy_entered_zone(st, "A11 B20", "russian") is True
    assert U.record(st, "mask-german-1")["status"] == masking.CARD
    assert masking.contents(st, "mask-german-2") == ["G-1-1-I"]  # a brigade: not revealed
    # a hex the masks' zones do not reach changes nothing
    assert masking.enemy_entered_zone(st, "A13 B20", "russian") is False


def test_16_2_8_a_mask_hiding_a_lone_hq_is_revealed_and_the_hq_rolls(position, fixed_dice):  # type: ignore[no-untyped-def]
    units = {"G-HQ-I": HERE, "G-1-1-I": "A7 B20", "R-2-25-III": "A13 B20"}
    st = masked(position, units, {"mask-german-1": (HERE, ["G-HQ-I"])}, phase="movement_2")
    U.place(st, "R-2-25-III", "A11 B20")
    fixed_dice(6)  # 13.1.5: a German HQ escapes on 4-6
    masking.enemy_entered_zone(st, "A11 B20", "russian")
    assert U.record(st, "mask-german-1")["status"] == masking.CARD
    assert not masking.is_masked(st, "G-HQ-I")
    cases = [e.get("case") for e in st.view("russian")["log"]]
    assert "tannenberg 16.2.8" in cases and "tannenberg 13.1.5" in cases
    # it escaped to the nearest hex of its corps: 1/1/I's
    assert U.record(st, "G-HQ-I")["hex"] == "A7 B20"


def test_16_2_8_a_mask_hiding_lone_artillery_is_revealed(position, fixed_dice):  # type: ignore[no-untyped-def]
    units = {"G-I-art": HERE, "R-2-25-III": "A13 B20"}
    st = masked(position, units, {"mask-german-1": (HERE, ["G-I-art"])}, phase="movement_2")
    U.place(st, "R-2-25-III", "A11 B20")
    fixed_dice(1, 1, 1, 1)
    masking.enemy_entered_zone(st, "A11 B20", "russian")
    assert not masking.is_masked(st, "G-I-art")
    revealed = [e for e in st.view("russian")["log"] if e.get("case") == "tannenberg 16.2.8"]
    assert revealed and "I art." in revealed[0]["text"]


def test_16_2_8_a_mask_beside_infantry_is_not_revealed(position):  # type: ignore[no-untyped-def]
    # The HQ is hidden, but its hex also holds a brigade (under another mask): not lone.
    units = {"G-HQ-I": HERE, "G-1-1-I": HERE, "R-2-25-III": "A13 B20"}
    masks = {"mask-german-1": (HERE, ["G-HQ-I"]), "mask-german-2": (HERE, ["G-1-1-I"])}
    st = masked(position, units, masks, phase="movement_2")
    U.place(st, "R-2-25-III", "A11 B20")
    masking.enemy_entered_zone(st, "A11 B20", "russian")
    assert masking.is_masked(st, "G-HQ-I") and masking.is_masked(st, "G-1-1-I")


def test_16_2_9_a_clash_reveals_a_mask_by_it_or_by_a_unit_it_hides(position):  # type: ignore[no-untyped-def]
    masks = {"mask-german-1": (HERE, ["G-1-1-I", "G-2-1-I"]), "mask-german-2": (HERE, [])}
    st = masked(position, GERMANS, masks, phase="orders")
    revealed = masking.reveal(st, "G-2-1-I", "tannenberg 16.2.9", "clash")
    assert revealed == ["G-1-1-I", "G-2-1-I"]
    assert not masking.is_masked(st, "G-1-1-I")
    assert masking.reveal(st, "mask-german-2", "tannenberg 16.2.9", "clash") == []
    assert U.record(st, "mask-german-2")["status"] == masking.CARD
    texts = [e["text"] for e in st.view("russian")["log"] if e.get("case") == "tannenberg 16.2.9"]
    assert len(texts) == 2
    assert "1/1/I, 2/1/I" in texts[0] and "empty" in texts[1]
    # a reveal is final: nothing before it can be undone
    assert not st.can_undo("german") and not st.can_undo("russian")


@pytest.mark.parametrize("how", ["eliminated", "isolated"])
def test_16_2_1_a_masked_units_losses_are_told_to_its_owner_only(position, how):  # type: ignore[no-untyped-def]
    st = masked(position, GERMANS, {"mask-german-1": (HERE, ["G-1-1-I"])}, phase="orders")
    if how == "eliminated":
        U.eliminate_unit(st, "G-1-1-I", "tannenberg 15.5.2", "isolated")
        assert masking.is_empty(st, "mask-german-1")
        assert "mask" not in U.record(st, "G-1-1-I")
    else:
        U.lose_endurance(st, "G-1-1-I", 2, "tannenberg 15.5.2", "isolated")
    # (the victory points the enemy scores are another module's entry: views.unit_name)
    mine = ("tannenberg 15.5.2", "tannenberg 2.3.5")
    russian = [e["text"] for e in st.view("russian")["log"] if e.get("case") in mine]
    german = [e["text"] for e in st.view("german")["log"] if e.get("case") in mine]
    assert not any("1/1/I" in t for t in russian)
    assert any("1/1/I" in t for t in german)
    if how == "eliminated":
        assert russian == ["A masked german unit is eliminated."]


def test_16_2_1_a_unit_masked_again_at_once_is_not_shown(position):  # type: ignore[no-untyped-def]
    # Lifting a mask and masking its unit again in the same orders phase tells the
    # enemy only that a mask came off (not what it hid, nor that it was not empty).
    st = masked(position, GERMANS, {"mask-german-3": (HERE, ["G-1-1-I"])}, phase="orders")
    st.apply("german", {"type": "lift_mask", "mask": "mask-german-3"})
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    end_orders(st)
    assert masking.is_masked(st, "G-1-1-I")
    lifted = [e["text"] for e in st.view("russian")["log"] if "lifted" in e["text"]]
    assert len(lifted) == 1 and lifted[0].endswith("is lifted.")
    assert "1/1/I" not in str(st.view("russian"))


#: a Russian brigade in A12 B19 commanded by its army HQ (13.2.4), free to move
RUSSIAN_MARCH = {"R-2-25-III": "A12 B19", "R-HQ-III": "A12 B19", "R-HQ-1A": "A14 B20"}


def _move(st, role, unit, to):  # type: ignore[no-untyped-def]
    """Select ``unit`` and move it to ``to`` by the movement module's own action."""
    st.apply(role, {"type": "select", "unit": unit})
    st.apply(role, next(a for a in st.legal_actions(role) if a.get("to") == to))


def test_16_2_7_the_enemy_unit_goes_on_after_the_empty_mask_is_removed(position):  # type: ignore[no-untyped-def]
    # An empty German mask stands alone in A10 B20 (its units have marched off).  The
    # Russian brigade moves A12 B19 -> A11 B20 into its zone (1 MP + 1 for the zone,
    # 8.2.2): the mask goes, no zone is left to stop the brigade, and it may go on with
    # its remaining 2 MP.
    units = {"G-1-1-I": "A7 B20", **RUSSIAN_MARCH}
    st = masked(position, units, {"mask-german-1": (HERE, [])}, phase="movement_2")
    _move(st, "russian", "R-2-25-III", "A11 B20")
    assert U.record(st, "mask-german-1")["status"] == masking.CARD
    onward = [a for a in st.legal_actions("russian") if a["type"] == "move"]
    assert onward and all(a["unit"] == "R-2-25-III" for a in onward)


def test_16_2_7_a_move_next_to_a_real_mask_stops_there(position):  # type: ignore[no-untyped-def]
    # The same move beside an empty mask and a mask hiding a brigade: the empty one
    # goes, the other's zone stops the Russian brigade (8.2.1).
    units = {**GERMANS, **RUSSIAN_MARCH}
    masks = {"mask-german-1": (HERE, []), "mask-german-2": (HERE, ["G-1-1-I"])}
    st = masked(position, units, masks, phase="movement_2")
    _move(st, "russian", "R-2-25-III", "A11 B20")
    assert U.record(st, "mask-german-1")["status"] == masking.CARD
    assert masking.contents(st, "mask-german-2") == ["G-1-1-I"]
    assert not any(a["type"] == "move" for a in st.legal_actions("russian"))


def test_16_1_1_the_scenario_gives_the_number_of_masking_counters(position):  # type: ignore[no-untyped-def]
    extra = "[special]\nmasking_counters = { german = 3, russian = 5 }\n"
    st = position(GERMANS, extra=extra)
    assert masking.mask_ids(st, "german") == ["mask-german-1", "mask-german-2", "mask-german-3"]
    assert len(masking.mask_ids(st, "russian")) == 5
    assert st.view("german")["masks"]["german"] == {"total": 3, "on_map": 0}
    for _ in range(3):
        st.apply("german", {"type": "empty_mask", "hex": HERE})
    # all three planned: no counter is left for a fourth (a unit may still join one)
    offered = st.legal_actions("german")
    assert not any(a["type"] == "empty_mask" for a in offered)
    assert {a.get("mask") for a in offered if a["type"] == "mask"} == {
        "mask-german-1",
        "mask-german-2",
        "mask-german-3",
    }
