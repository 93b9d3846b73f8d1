"""Austro-Hungarian intermap transfer (serbia-galicia 17.4, 17.41, 17.42) on the FICTIONAL
teaching maps: the off-map link g0108 (Galicia) <-> s0102 (Serbia), 8 Movement Points
(provisional)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from tests.rules.gwite.kit import choose, logged
from tests.rules.gwite.serbia_galicia.conftest import write_sg_position

ENTRAINED = {"markers": ["entrained"]}


def select(st: State, role: str, uid: str) -> None:
    st.apply(role, {"type": "select", "unit": uid})


def off_map_offered(st: State, role: str, uid: str) -> bool:
    return any(a["type"] == "off_map" and a["unit"] == uid for a in st.legal_actions(role))


def test_17_4_an_austro_hungarian_unit_transfers_like_off_map_movement(
    sg_position: Any,
) -> None:
    st = sg_position(
        {"AH-1K": {"hex": "g0108", **ENTRAINED}, "AH-HQ-1A": "g0207"},
        phasing="central",
    )
    select(st, "central", "AH-1K")
    choose(st, "central", "off_map", unit="AH-1K", to="s0102")
    assert rail.off_map(st, "AH-1K")
    assert rail.journey(st, "AH-1K")["to"] == "s0102"
    assert logged(st, "5.37")
    st.apply("central", {"type": "end_segment"})
    # 5 MP of the 8 the link costs are carried to the next Game-Turn (5.38)
    assert rail.journey(st, "AH-1K")["mp"] == 5


def test_17_4_a_transferred_unit_reenters_the_other_map_entrained(
    sg_position: Any,
) -> None:
    trip = {"from": "g0108", "to": "s0102", "mp": 5}
    st = sg_position(
        {"AH-1K": {"status": "off_map", "rail": trip, **ENTRAINED}},
        phasing="central",
    )
    select(st, "central", "AH-1K")
    choose(st, "central", "reenter", unit="AH-1K")
    assert U.record(st, "AH-1K")["hex"] == "s0102"
    assert rail.entrained(st, "AH-1K")


def test_17_4_the_allies_may_not_transfer(sg_position: Any, refuse: Any) -> None:
    st = sg_position(
        {"R-XIVK": {"hex": "g0108", **ENTRAINED}, "R-HQ-4A": "g0208"},
        control={"g0108": "allied"},
    )
    select(st, "allied", "R-XIVK")
    assert not off_map_offered(st, "allied", "R-XIVK")
    why = refuse(st, "allied", {"type": "off_map", "unit": "R-XIVK", "to": "s0102"})
    assert why.case == "serbia-galicia 17.4"


def test_17_41_balkan_army_units_hqs_and_depots_never_transfer(
    sg_position: Any, refuse: Any
) -> None:
    units = {
        "AH-XVK": {"hex": "s0102", **ENTRAINED},
        "AH-HQ-5A": {"hex": "s0102", **ENTRAINED},
        "AH-D2": {"hex": "s0102", **ENTRAINED},
        "AH-HQ-6A": "s0103",
    }
    for uid, army in (("AH-XVK", "6A"), ("AH-HQ-5A", "5A"), ("AH-D2", "5A")):
        st = sg_position(units, phasing="central", turn=5)
        select(st, "central", uid)
        assert not off_map_offered(st, "central", uid)
        why = refuse(st, "central", {"type": "off_map", "unit": uid, "to": "g0108"})
        assert why.case == "serbia-galicia 17.41" and army in why.reason


def test_17_42_the_second_army_leaves_the_serbian_map_from_game_turn_3(
    sg_position: Any, refuse: Any
) -> None:
    units = {"AH-IVK": {"hex": "s0102", **ENTRAINED}, "AH-HQ-2A": {"hex": "s0102", **ENTRAINED}}
    for uid in ("AH-IVK", "AH-HQ-2A"):
        early = sg_position(units, phasing="central", turn=2)
        select(early, "central", uid)
        assert not off_map_offered(early, "central", uid)
        why = refuse(early, "central", {"type": "off_map", "unit": uid, "to": "g0108"})
        assert why.case == "serbia-galicia 17.42" and "Game-Turn 3" in why.reason
    late = sg_position(units, phasing="central", turn=3)
    select(late, "central", "AH-IVK")
    choose(late, "central", "off_map", unit="AH-IVK", to="g0108")
    assert rail.off_map(late, "AH-IVK")


def test_17_2_a_transferred_unit_stays_entrained_in_galicia(sg_position: Any) -> None:
    """17.2 concerns entering reinforcements only, not units transferred (17.4)."""
    trip = {"from": "s0102", "to": "g0108", "mp": 5}
    st = sg_position(
        {"AH-IVK": {"status": "off_map", "rail": trip, **ENTRAINED}},
        phasing="central",
        turn=4,
    )
    select(st, "central", "AH-IVK")
    choose(st, "central", "reenter", unit="AH-IVK")
    st.apply("central", {"type": "end_segment"})
    assert U.record(st, "AH-IVK")["hex"] == "g0108" and rail.entrained(st, "AH-IVK")
    assert not logged(st, "serbia-galicia 17.2")


def test_17_41_17_42_special_names_armies_of_the_counters(tmp_path: Path) -> None:
    path = write_sg_position(
        tmp_path, {}, special={"balkan_armies": ["5A", "9A"], "late_army": "7A"}
    )
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    text = str(err.value)
    assert "balkan_armies" in text and "'9A'" in text and "17.41" in text
    assert "late_army" in text and "'7A'" in text and "17.42" in text
    assert "'5A'" not in text.split("the armies")[0]
