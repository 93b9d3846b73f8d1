"""Serbia/Galicia, supply (serbia-galicia 9.0, 9.1): Friendly map edges by country and the
Galician East edge, Serbians always in supply in Serbia and never across a major river.

FICTIONAL positions on the teaching maps (see their headers).  Austro-Hungarian sources:
the Carl Ludwig-Bahn (g0108-g0808) and the Karpatenbahn (g0508-g0510) in Galicia, the
Ungarische Staatsbahn (s0102-s0702) and the Bosnian line on the Serbian map; Russian: the
Weichselbahn (g0601-g0702) and the Kowel and Podolian lines (g1203-g1407); Serbian: the
Morava (s0704-s0710) and Nis lines (s0708-s1208).  g1410 is an Austro-Hungarian map edge
on the East edge of the Galician map (a Bukovina corner, 9.0).  The Dunav, a major river,
runs between rows 03 and 04 of the Serbian map (columns 03-12).
"""

from __future__ import annotations

from typing import Any

from kit import logged

from greatwar import State
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia.supply import galician_east_edge


def supplied(st: State, *uids: str) -> list[bool]:
    return [supply.in_supply(st, uid) for uid in uids]


def edges_of(st: State, uid: str) -> frozenset[str]:
    """The Friendly map edges of the unit's supply class."""
    cls = U.rules(st).supply_class(st, uid)
    return supply.class_network(st, cls).edges


def distance(st: State, a: str, b: str) -> int:
    return U.static(st).scenario.board.distance(a, b)  # type: ignore[no-any-return]


# --- 9.0 Friendly map edges ------------------------------------------------------------


def test_9_0_map_edges_are_friendly_to_each_country_behind_its_own_border(
    sg_position: Any,
) -> None:
    # the western edge of the Serbian map is Austro-Hungarian (the rail exits s0102 and
    # s0107, Bosnia), its southern and eastern edges Serbian (s0710, s1208); the north and
    # east of the Galician map are Russian (g0601; g1403, g1407), its west and south
    # Austro-Hungarian (g0108, g0510)
    st = sg_position({"AH-12D": "g0806", "R-XIK": "g1206", "S-1DD": "s0405"})
    assert edges_of(st, "AH-12D") == {"g0108", "g0510", "s0102", "s0107"}
    assert edges_of(st, "R-XIK") == {"g0601", "g1403", "g1407"}
    assert edges_of(st, "S-1DD") == {"s0710", "s1208"}


def test_9_0_austro_hungarians_may_not_use_the_galician_east_edge(sg_position: Any) -> None:
    # g1410 is in Austria-Hungary and a map-edge source of the map; on the East edge of the
    # Galician map it is never Friendly to the Austro-Hungarian Player: a division next to
    # it, far from any other source, is out of supply
    st = sg_position({"AH-12D": "g1310"})
    board = U.static(st).scenario.board
    assert board.country["g1410"] == "austria-hungary" and "g1410" in galician_east_edge(st)
    assert distance(st, "g1310", "g1410") == 1
    assert "g1410" not in edges_of(st, "AH-12D")
    assert supplied(st, "AH-12D") == [False]
    # the same division by an Austro-Hungarian edge elsewhere (g0510, South edge) is
    st = sg_position({"AH-12D": "g0709"})
    assert distance(st, "g0709", "g0510") <= 3
    assert supplied(st, "AH-12D") == [True]


def test_9_0_the_east_edge_stays_friendly_to_the_russians(sg_position: Any) -> None:
    # the Russian map edge g1403 on the same East edge is a Russian source (9.0 bars
    # only the Austro-Hungarian Player)
    st = sg_position({"R-9KD": "g1402"})
    assert "g1403" in galician_east_edge(st) and "g1403" in edges_of(st, "R-9KD")
    assert supplied(st, "R-9KD") == [True]


def test_9_0_an_unsupplied_unit_by_the_east_edge_rolls_for_attrition(
    sg_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(1, 6)  # 6: the Allies' Serbian Supply Points roll that follows (20.2)
    st = sg_position(
        {"AH-12D": "g1310"}, phasing="central", phase="movement", segment="attrition", turn=2
    )
    assert U.record(st, "AH-12D")["lost"] == 1
    assert "Die roll 1: attrition of 12th Division (fictional) (out of supply)" in logged(
        st, "9.22"
    )


# --- 9.1 ranges, Serbians in Serbia, major rivers --------------------------------------


def test_9_1_supply_range_is_three_hexes_for_all(sg_position: Any) -> None:
    # Russian and Austro-Hungarian: three hexes; along row 08 east of the Carl
    # Ludwig-Bahn's end (g0808): g1108 is 3 hexes away, g1208 beyond the Dniestr 4
    st = sg_position({"AH-12D": "g1108", "AH-XIK": "g1208", "R-XIK": "g1407", "S-KD": "s0905"})
    assert [supply.supply_range(st, u) for u in ("AH-12D", "R-XIK", "S-KD")] == [3, 3, 3]
    assert (distance(st, "g1108", "g0808"), distance(st, "g1208", "g0808")) == (3, 4)


def test_9_1_austro_hungarian_range_reaches_three_hexes_not_four(sg_position: Any) -> None:
    st = sg_position({"AH-12D": "g1107"})
    assert distance(st, "g1107", "g0808") == 3
    assert supplied(st, "AH-12D") == [True]
    st = sg_position({"AH-12D": "g1207"})
    assert distance(st, "g1207", "g0808") == 4
    assert supplied(st, "AH-12D") == [False]


def test_9_1_serbian_units_are_always_in_supply_in_serbia(sg_position: Any) -> None:
    # in the west of Serbia, four hexes and more from every Serbian source and surrounded
    # by Austro-Hungarian units: still in supply
    units = {"S-1DD": "s0306", "AH-IVK": "s0406", "AH-29D": "s0305", "AH-XVK": "s0307"}
    st = sg_position(units)
    assert U.static(st).scenario.board.country["s0306"] == "serbia"
    assert distance(st, "s0306", "s0707") == 4
    assert supplied(st, "S-1DD") == [True]


def test_9_1_serbians_in_serbia_suffer_no_attrition(sg_position: Any, fixed_dice: Any) -> None:
    fixed_dice(1, 1)
    units = {"S-1DD": "s0306", "AH-IVK": "s0406", "AH-29D": "s0305", "AH-XVK": "s0307"}
    st = sg_position(units, phasing="allied", phase="movement", segment="attrition", turn=2)
    assert U.record(st, "S-1DD")["lost"] == 0
    assert "Attrition Segment: no Allies unit is out of supply." in logged(st, "9.22")


def test_9_1_serbian_supply_never_crosses_a_major_river(sg_position: Any) -> None:
    # north of the Dunav, in Austria-Hungary, one hex from the Morava line's end (s0704)
    # across the river: out of supply
    st = sg_position({"S-1DD": "s0703"})
    board = U.static(st).scenario.board
    assert board.country["s0703"] == "austria-hungary"
    assert "major_river" in board.features("s0703", "s0704")
    assert supplied(st, "S-1DD") == [False]


def test_9_1_other_nationalities_trace_across_a_major_river(sg_position: Any) -> None:
    # an Austro-Hungarian division in Beograd (s0704) traces across the Dunav to the
    # Staatsbahn (s0702), two hexes away
    st = sg_position({"AH-29D": "s0704"})
    assert supplied(st, "AH-29D") == [True]


def test_9_1_serbians_outside_serbia_have_a_normal_range(sg_position: Any) -> None:
    # in Bosnia (Austria-Hungary, column 02), across the Drinica (a minor river): the
    # Serbian range counts as any other's (5 here, to reach the Morava line at s0707)
    ranges = {"austria-hungary": 3, "russia": 3, "serbia": 5}
    st = sg_position({"S-1DD": "s0207"}, parameters={"supply_range": ranges})
    assert distance(st, "s0207", "s0707") == 5
    assert supplied(st, "S-1DD") == [True]
    st = sg_position({"S-1DD": "s0107"}, parameters={"supply_range": ranges})
    assert distance(st, "s0107", "s0707") == 6
    assert supplied(st, "S-1DD") == [False]


def test_9_1_an_unsupplied_serbian_outside_serbia_rolls_for_attrition(
    sg_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(1)
    st = sg_position(
        {"S-1DD": "s0703"}, phasing="allied", phase="movement", segment="attrition", turn=2
    )
    assert U.record(st, "S-1DD")["lost"] == 1
