"""1.0 Seats: two players, or three (two Russian players, one for each army, and one
German), on the FICTIONAL teaching scenario.  Its Russian 1st Army (army "1") stands in
the east, the 2nd (army "2") in the south."""

from __future__ import annotations

import greatwar
from greatwar.rules.tannenberg import masking, seats, views
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.masking_kit import end_orders, masked, piece, unit_ids

THREE = {"three_players": True}
#: III Corps (1st Army) in the east, XV Corps (2nd Army) in the south, Germans far away
ARMIES = {
    "R-1-25-III": "A21 B16",
    "R-2-25-III": "A21 B16",
    "R-HQ-1A": "A23 B12",
    "R-1-6-XV": "A12 B9",
    "R-HQ-2A": "A14 B6",
    "G-1-1-I": "A10 B20",
}


def test_1_0_two_players_by_default() -> None:
    game = greatwar.load("tannenberg/teaching")
    assert game.roles() == ["german", "russian"]
    st = game.new_state(1)
    assert seats.role_of_unit(st, "R-1-6-XV") == "russian"
    assert seats.deciding_role(st, "russian", ["R-1-25-III", "R-1-6-XV"]) == "russian"


def test_1_0_three_players_one_for_each_russian_army() -> None:
    game = greatwar.load("tannenberg/teaching", THREE)
    assert game.roles() == ["german", "russian-1", "russian-2"]
    assert seats.role_name(game, "russian-2") == "Russians (2nd Army)"
    assert seats.roles_of_side(game, "russian") == ["russian-1", "russian-2"]
    assert seats.senior_role(game, "russian") == "russian-1"
    st = game.new_state(1)
    assert seats.role_of_unit(st, "R-1-25-III") == "russian-1"
    assert seats.role_of_unit(st, "R-Train-1") == "russian-1"
    assert seats.role_of_unit(st, "R-1-6-XV") == "russian-2"
    assert seats.role_of_unit(st, "G-1-1-I") == "german"
    # the orders phase asks all three at once
    assert st.active_roles() == ["german", "russian-1", "russian-2"]


def test_1_0_the_russian_side_decides_as_a_whole_by_whose_units(position) -> None:  # type: ignore[no-untyped-def]
    st = position(ARMIES, options=THREE)
    assert seats.deciding_role(st, "russian", ["R-1-6-XV"]) == "russian-2"
    assert seats.deciding_role(st, "russian", ["R-1-25-III", "R-2-25-III"]) == "russian-1"
    # both armies in one clash: the 1st Army's player decides (its card, 9.3)
    assert seats.deciding_role(st, "russian", ["R-1-6-XV", "R-1-25-III"]) == "russian-1"
    # German units in the group do not count
    assert seats.deciding_role(st, "russian", ["R-1-6-XV", "G-1-1-I"]) == "russian-2"


def test_1_0_each_russian_player_masks_his_own_army(position, refuse) -> None:  # type: ignore[no-untyped-def]
    st = position(ARMIES, options=THREE)
    first = {a["unit"] for a in st.legal_actions("russian-1") if a["type"] == "mask"}
    second = {a["unit"] for a in st.legal_actions("russian-2") if a["type"] == "mask"}
    assert first == {"R-1-25-III", "R-2-25-III", "R-HQ-1A"}
    assert second == {"R-1-6-XV", "R-HQ-2A"}
    why = refuse(st, "russian-1", {"type": "mask", "unit": "R-1-6-XV"})
    assert why.case == "tannenberg 16.1.1"
    st.apply("russian-2", {"type": "mask", "unit": "R-1-6-XV"})
    end_orders(st)
    mask = masking.mask_of(st, "R-1-6-XV")
    assert seats.role_of_unit(st, mask) == "russian-2"  # a mask is its placer's


def test_1_0_the_russian_players_share_their_masking_counters(position) -> None:  # type: ignore[no-untyped-def]
    st = position(ARMIES, options=THREE)
    for _ in range(8):  # the side's eight counters, all planned by the 1st Army's player
        st.apply("russian-1", {"type": "empty_mask", "hex": "A21 B16"})
    assert not any(a["type"] == "mask" for a in st.legal_actions("russian-2"))
    st.apply("russian-1", {"type": "cancel_mask", "mask": "mask-russian-8"})
    assert {"type": "mask", "unit": "R-1-6-XV"} in st.legal_actions("russian-2")


def test_1_0_partners_see_each_others_masked_units(position) -> None:  # type: ignore[no-untyped-def]
    masks = {"mask-russian-1": ("A21 B16", ["R-1-25-III"])}
    st = masked(position, ARMIES, masks, phase="orders", options=THREE)
    partner = st.view("russian-2")
    assert piece(partner, "R-1-25-III")["masked_by"] == "mask-russian-1"
    assert piece(partner, "mask-russian-1")["hides"] == ["R-1-25-III"]
    assert "R-1-25-III" not in unit_ids(st.view("german"))
    # what only the Russian side may read reaches both Russian players
    views.log_hidden(st, "russian", "a mask", "1/25/III is under mask 1", "tannenberg 16.1.2")
    for role in ("russian-1", "russian-2"):
        assert "1/25/III is under mask 1" in [e["text"] for e in st.view(role)["log"]]
    assert "a mask" in [e["text"] for e in st.view("german")["log"]]
    # and an entry addressed to the side by name reaches both too
    st.log("to the Russian side", case="tannenberg 1.0", to=["russian"])
    assert "to the Russian side" in [e["text"] for e in st.view("russian-2")["log"]]
    assert "to the Russian side" not in [e["text"] for e in st.view("german")["log"]]


def test_1_0_each_russian_player_reconnoitres_with_his_cavalry(position) -> None:  # type: ignore[no-untyped-def]
    # The 1st Army's 1/1G kaw. in A19 B16 sees the German mask in A17 B17 (2 away); the
    # 2nd Army's Don cavalry in A12 B10 sees the one in A12 B12 (2 away).
    units = {
        "R-1-1G-kaw": "A19 B16",
        "R-1-Don-kaw": "A12 B10",
        "G-1-1-I": "A17 B17",
        "G-2-1-I": "A12 B12",
    }
    masks = {"mask-german-1": ("A17 B17", ["G-1-1-I"]), "mask-german-2": ("A12 B12", ["G-2-1-I"])}
    st = masked(position, units, masks, phase="reconnaissance", options=THREE)
    assert st.active_roles() == ["russian-1", "russian-2"]
    assert [a.get("unit") for a in st.legal_actions("russian-1")] == ["R-1-1G-kaw", None]
    assert [a.get("unit") for a in st.legal_actions("russian-2")] == ["R-1-Don-kaw", None]
    assert U.record(st, "mask-german-1")["status"] == "on_map"
