"""15.0 Supply in the views: each role sees the supply state of its own units (views.py,
supply.supply_state), never the enemy's, and a spectator sees none.

Positions on the FICTIONAL teaching map (see test_supply.py for its supply network).
German units stand on the three Russian bases (A24 B11, A12 B7, A24 B5), so the
Russians draw supply only from the fortification of Kowal (A22 B12, garrisoned,
15.1.2: two units at most) and, with both Vistula bridges destroyed, nothing reaches
the west bank (A2 B15, A2 B16: 15.5.1).
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.tannenberg import supply
from tests.rules.tannenberg.masking_kit import masked, piece
from tests.rules.tannenberg.supply_kit import VISTULA_BRIDGES, with_rail

SUPPLY_KEYS = ("supply", "supply_from")

SIEGE = {
    "G-1-1-I": "A24 B11",
    "G-2-1-I": "A12 B7",
    "G-3-2-I": "A24 B5",
    "G-4-2-I": "A12 B18",  # two hexes from the Ostbahn (A12 B20): in supply, 15.2.5
    "G-70-35-XVII": "A12 B17",  # three hexes from every German network hex
    "R-1-25-III": "A22 B12",  # in Kowal: fed by it first
    "R-2-25-III": "A22 B13",  # one hex from Kowal: fed second
    "R-1-27-III": "A22 B14",  # two hexes from Kowal: it would be the third unit
    "R-1-6-XV": "A2 B15",  # west of the Vistula
    "R-HQ-XV": "A2 B16",  # west of the Vistula: an HQ has no endurance to lose
}


def states(view: dict[str, Any]) -> dict[str, str]:
    """Unit id -> the supply state a view gives it (the units it gives one)."""
    return {u["id"]: u["supply"] for u in view["units"] if "supply" in u}


def holders(value: Any) -> list[Any]:
    """Every dict anywhere in ``value`` with a supply key."""
    found = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if any(k in item for k in SUPPLY_KEYS):
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def siege(position: Any, **kw: Any) -> Any:
    return with_rail(position(SIEGE, **kw), bridges=VISTULA_BRIDGES)


def test_15_0_the_owner_sees_each_supply_state_of_his_units(position: Any) -> None:
    st = siege(position)
    assert states(st.view("german")) == {
        "G-1-1-I": supply.OUT_OF_SUPPLY,
        "G-2-1-I": supply.OUT_OF_SUPPLY,
        "G-3-2-I": supply.OUT_OF_SUPPLY,
        "G-4-2-I": supply.IN_SUPPLY,
        "G-70-35-XVII": supply.OUT_OF_SUPPLY,
    }
    russian = st.view("russian")
    assert states(russian) == {
        "R-1-25-III": supply.FORTIFICATION_SUPPLY,  # 15.1.2
        "R-2-25-III": supply.FORTIFICATION_SUPPLY,
        "R-1-27-III": supply.OUT_OF_SUPPLY,  # 15.4: a line of some length exists
        "R-1-6-XV": supply.ISOLATED,  # 15.5.1: none at all
        "R-HQ-XV": supply.OUT_OF_SUPPLY,  # isolation acts on units with endurance only
    }
    assert piece(russian, "R-1-25-III")["supply_from"] == "A22 B12"
    assert "supply_from" not in piece(russian, "R-1-27-III")


def test_15_0_units_off_the_map_have_no_supply_state(position: Any) -> None:
    st = siege(position)
    german = st.view("german")
    off = [u for u in german["units"] if u["side"] == "german" and u["status"] != "on_map"]
    assert off and not holders(off)


def test_15_0_the_enemy_and_a_spectator_see_no_supply_state(position: Any) -> None:
    st = siege(position)
    for side in ("german", "russian"):  # a side's one role is named after it
        assert {u["side"] for u in holders(st.view(side))} == {side}
    assert holders(st.game.system.public_view(st)) == []


def test_15_5_1_the_view_follows_the_supply_lines_as_they_change(position: Any) -> None:
    # A18 B17 draws on the Ostbahn (15.2.7); a cut at A14 B19 leaves its eastern end
    # joined to no base (15.2.8); with no way to any base the unit west of the Vistula
    # is isolated once the bridges are gone (15.5.1)
    st = position({"G-1-1-I": "A18 B17", "R-1-6-XV": "A2 B15"})
    assert states(st.view("german"))["G-1-1-I"] == supply.IN_SUPPLY
    assert states(st.view("russian"))["R-1-6-XV"] != supply.ISOLATED
    with_rail(st, cut=("A14 B19",), bridges=VISTULA_BRIDGES)
    assert states(st.view("german"))["G-1-1-I"] == supply.OUT_OF_SUPPLY
    assert states(st.view("russian"))["R-1-6-XV"] == supply.ISOLATED


def test_16_2_1_a_masked_unit_s_supply_state_is_its_owner_s(position: Any) -> None:
    st = masked(
        position,
        {"G-70-35-XVII": "A12 B17", "G-4-2-I": "A12 B18"},
        {"mask-german-1": ("A12 B17", ["G-70-35-XVII"])},
        phase="orders",
    )
    german = st.view("german")
    assert piece(german, "G-70-35-XVII")["masked_by"] == "mask-german-1"
    assert states(german)["G-70-35-XVII"] == supply.OUT_OF_SUPPLY
    assert not holders(piece(german, "mask-german-1"))  # a mask has no state of its own
    russian = st.view("russian")
    assert holders(russian) == []
    assert "G-70-35-XVII" not in {u["id"] for u in russian["units"]}


def test_1_0_each_russian_seat_sees_its_partner_s_supply_states(position: Any) -> None:
    # three seats: russian-1 plays the 1st Army (III Corps), russian-2 the 2nd (XV Corps)
    st = siege(position, options={"three_players": True})
    first, second = states(st.view("russian-1")), states(st.view("russian-2"))
    assert first == second
    assert first["R-1-25-III"] == supply.FORTIFICATION_SUPPLY
    assert first["R-1-6-XV"] == supply.ISOLATED
    assert {u["side"] for u in holders(st.view("german"))} == {"german"}
    assert holders(st.game.system.public_view(st)) == []
