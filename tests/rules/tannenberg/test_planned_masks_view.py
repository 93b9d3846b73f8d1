"""16.1.2 a mask planned in the orders phase shows on its owner's map at once (issue 17),
while the enemy learns of it only when the masking step carries the plans out."""

from __future__ import annotations

from typing import Any

from tests.rules.tannenberg.masking_kit import end_orders, piece, unit_ids

HERE = "A10 B20"
GERMANS = {"G-1-1-I": HERE, "G-2-1-I": HERE, "G-HQ-I": HERE, "R-1-25-III": "A20 B10"}


def _german_masks(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [u for u in view["units"] if u["type"] == "mask" and u["side"] == "german"]


def test_the_owner_sees_his_planned_mask_during_orders(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    own = piece(st.view("german"), "mask-german-1")
    assert own["status"] == "on_map"
    assert own["hex"] == HERE
    assert own["planned"] is True
    assert own["hides"] == ["G-1-1-I"]
    assert piece(st.view("german"), "G-1-1-I")["masked_by"] == "mask-german-1"
    # the enemy sees no mask yet, and still the unit itself (nothing changed on the map)
    enemy = st.view("russian")
    assert _german_masks(enemy) == []
    assert "G-1-1-I" in unit_ids(enemy)
    assert "mask-german-1" not in str(enemy)


def test_an_empty_planned_mask_and_a_cancelled_one(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "empty_mask", "hex": HERE})
    assert piece(st.view("german"), "mask-german-1")["empty"] is True
    st.apply("german", {"type": "cancel_mask", "mask": "mask-german-1"})
    assert piece(st.view("german"), "mask-german-1")["status"] == "card"


def test_after_orders_the_mask_is_placed_and_no_longer_planned(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    end_orders(st)
    own = piece(st.view("german"), "mask-german-1")
    assert own["status"] == "on_map"
    assert "planned" not in own
    assert [m["hex"] for m in _german_masks(st.view("russian"))] == [HERE]
