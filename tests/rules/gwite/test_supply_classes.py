"""Supply by class (R5): the variation points of 9.0 that a game's rules override, shown
with FICTIONAL test games on the FICTIONAL teaching map, and Friendly rail by nationality.

The standard rules trace each side's units as one class; the test games split them (by
nationality, with depots serving their own nationality only), give a class links of its
own (no crossing of the Sereth, as Serbia/Galicia 9.1 forbids major rivers to Serbian
lines), keep units in supply without a line (as Serbia/Galicia 9.1's Serbians in Serbia)
and make a rail hex that changed hands usable only from the next Game-Turn (as
Hindenburg 17.52).  Supply Ranges: Russia 3, Germany 5, Austria-Hungary 3.

Places used: 0602 (Germany) is four hexes or more from every Central Powers rail hex;
0604 is two hexes from it and next to the Königsfeld branch (0505, 0606).  1102 lies west
of the Sereth (a Minor River along the west side of column 12), two hexes from Wolnowo
(1302, the end of a Russian line), four from 1106 on the Nordbahn.  1916 is four hexes
or more from every Russian rail hex.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit import SPARE

import greatwar
from greatwar import IllegalAction, State
from greatwar.rules.gwite import rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.rules import StandardRules
from greatwar.rules.gwite.supply import SupplyClass
from greatwar.rules.gwite.victory import CONTROL_TURN

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]


def supplied(st: State, *uids: str) -> list[bool]:
    return [supply.in_supply(st, uid) for uid in uids]


class NationalDepotRules(StandardRules):
    """A test game: each nationality traces supply as a class of its own, and a depot
    supplies units of its own nationality only (as Hindenburg 16.0 will)."""

    def supply_class(self, st: State, uid: str) -> SupplyClass:
        ui = U.info(st, uid)
        return SupplyClass(ui.side, ui.nationality)

    def depot_serves(self, st: State, depot: str, cls: SupplyClass) -> bool:
        return U.info(st, depot).nationality == cls.nationality


class NoSerethRules(StandardRules):
    """A test game: Russian lines of supply may not cross the Sereth (its hexsides are
    minor rivers on the teaching map)."""

    def supply_class(self, st: State, uid: str) -> SupplyClass:
        ui = U.info(st, uid)
        return SupplyClass(ui.side, name="no-sereth" if ui.nationality == "russia" else "")

    def supply_links(self, st: State, cls: SupplyClass) -> dict[str, tuple[str, ...]]:
        links = super().supply_links(st, cls)
        if cls.name != "no-sereth":
            return links
        board = U.static(st).scenario.board
        return {
            a: tuple(b for b in near if "minor_river" not in board.features(a, b))
            for a, near in links.items()
        }


class HomelandRules(StandardRules):
    """A test game: Russian units in Russia are always in supply."""

    def always_supplied(self, st: State, uid: str) -> bool:
        ui = U.info(st, uid)
        here = U.record(st, uid)["hex"]
        return ui.nationality == "russia" and U.static(st).scenario.board.country[here] == "russia"


class WaitingRailRules(StandardRules):
    """A test game: a rail hex that becomes Friendly serves rail movement and supply only
    from the next Game-Turn."""

    def control_wait_case(self, st: State) -> str | None:
        return "test 17.52"


# --- classes, their sources, links and depots -------------------------------------------


def test_9_13_one_class_per_side_in_the_standard_rules(position: Any) -> None:
    st = position({"G-I": "0305", "AH-13": "0611", "R-1G": "1607", **SPARE})
    assert set(supply.table(st, "central").classes) == {SupplyClass("central")}
    assert set(supply.table(st, "allied").classes) == {SupplyClass("allied")}


def test_9_16_a_depot_serves_the_classes_the_game_says(position: Any) -> None:
    units = {"AH-13": "0602", "G-35R": "0601", "G-D1": "0604", **SPARE}
    st = position(units)
    assert supplied(st, "G-D1", "AH-13", "G-35R") == [True, True, True]  # 9.16 any Friendly
    st = position(units, rules=NationalDepotRules())
    # the German depot is in supply and feeds the German division, not the Austrians
    assert supplied(st, "G-D1", "AH-13", "G-35R") == [True, False, True]
    classes = supply.table(st, "central").classes
    assert "0604" in classes[SupplyClass("central", "germany")].sources
    assert "0604" not in classes[SupplyClass("central", "austria-hungary")].sources


def test_9_12_a_class_traces_along_its_own_links(position: Any) -> None:
    # R-1G in 1102 reaches Wolnowo (1302) in two hexes, across the Sereth
    st = position({"R-1G": "1102", **SPARE})
    assert supplied(st, "R-1G") == [True]
    st = position({"R-1G": "1102", **SPARE}, rules=NoSerethRules())
    assert supplied(st, "R-1G") == [False]  # around the river it is more than 3 hexes
    assert supply.table(st, "allied").classes[SupplyClass("allied", name="no-sereth")].rail


def test_9_12_a_game_may_keep_units_in_supply_without_a_line(position: Any) -> None:
    st = position({"R-1G": "1916", **SPARE})
    assert supplied(st, "R-1G") == [False]
    st = position({"R-1G": "1916", **SPARE}, rules=HomelandRules())
    assert supplied(st, "R-1G") == [True]
    assert "R-1G" not in supply.out_of_supply_units(st)


def test_9_12_supply_range_by_side(position: Any, tmp_path: Path) -> None:
    # the Austrians' range given by their side: AH-13 in 0602 reaches the rail at 0505
    st = position({"AH-13": "0602", **SPARE})
    assert supplied(st, "AH-13") == [False]
    path = tmp_path / "position.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(
        r"^supply_range = .*$",
        "supply_range = { germany = 5, central = 4, russia = 3 }",
        text,
        count=1,
        flags=re.M,
    )
    path.write_text(text, encoding="utf-8")
    st = greatwar.load(path).new_state(1)
    assert supply.supply_range(st, "AH-13") == 4
    assert supplied(st, "AH-13") == [True]


# --- Friendly rail by nationality (5.32, 9.15) ------------------------------------------

OWN_COUNTRY = (
    'friendly_countries = { allied = ["russia"], central = ["germany", "austria-hungary"],'
    ' "austria-hungary" = ["austria-hungary"] }'
)


def own_country(position: Any, tmp_path: Path, units: dict[str, Any], **kw: Any) -> State:
    """Austro-Hungarian units use only the railroads of Austria-Hungary (as Serbia/Galicia
    5.3 "their own country"); the Germans those of both."""
    position(units, **kw)
    path = tmp_path / "position.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^friendly_countries = .*$", OWN_COUNTRY, text, count=1, flags=re.M)
    path.write_text(text, encoding="utf-8")
    game = greatwar.load(path)
    game.checking = True
    return game.new_state(1)


def test_9_15_friendly_rail_by_nationality_for_supply(position: Any, tmp_path: Path) -> None:
    # 0305 is next to 0304 (the Königsfeld branch, in Germany), far from the Südbahn
    units = {"AH-13": "0305", "G-35R": "0303", **SPARE}
    st = position(units, phasing="central")
    assert supplied(st, "AH-13", "G-35R") == [True, True]
    st = own_country(position, tmp_path, {**units})
    assert supplied(st, "AH-13", "G-35R") == [False, True]
    classes = supply.table(st, "central").classes
    assert set(classes) == {SupplyClass("central"), SupplyClass("central", "austria-hungary")}
    assert "0304" not in classes[SupplyClass("central", "austria-hungary")].rail
    assert "0114" in classes[SupplyClass("central", "austria-hungary")].rail


def test_5_32_friendly_rail_by_nationality_for_movement(
    position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    # 0304 and 0405 are on the Königsfeld branch, in Germany
    units = {"AH-13": "0304", "G-35R": "0405", **SPARE}
    st = own_country(position, tmp_path, units, phasing="central")
    err = refuse(st, "central", {"type": "entrain", "unit": "AH-13", "cost": 4})
    assert (err.case, err.reason) == ("5.32", "0304 is not a hex of a Friendly railroad line")
    st.apply("central", {"type": "select", "unit": "G-35R"})
    assert {"type": "entrain", "unit": "G-35R", "cost": 1} in st.legal_actions("central")
    assert rail.unit_rail_hex(st, "AH-13", "0412")  # the Südbahn in Austria-Hungary


# --- control stamped with the Game-Turn -------------------------------------------------


def test_5_33_the_standard_rules_use_a_rail_hex_at_once_and_stamp_nothing(
    position: Any,
) -> None:
    st = position({"R-1G": "1708", **SPARE}, control={"1707": "central"})
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    move = next(a for a in st.legal_actions("allied") if a.get("to") == "1707")
    st.apply("allied", move)
    assert st.data["control"]["1707"] == "allied"
    assert CONTROL_TURN not in st.data
    assert any(a["type"] == "entrain" for a in st.legal_actions("allied"))


def test_5_33_a_game_may_make_a_rail_hex_wait_a_turn_after_it_changes_hands(
    position: Any, refuse: Refuse
) -> None:
    st = position({"R-1G": "1708", **SPARE}, control={"1707": "central"}, rules=WaitingRailRules())
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    move = next(a for a in st.legal_actions("allied") if a.get("to") == "1707")
    st.apply("allied", move)
    assert st.data[CONTROL_TURN] == {"1707": 1}
    assert not any(a["type"] == "entrain" for a in st.legal_actions("allied"))
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-1G", "cost": 3})
    assert err.case == "test 17.52"
    assert "1707 became Friendly this Game-Turn" in err.reason
    assert "1707" not in supply.table(st, "allied").rail  # nor a source of supply (9.15)
    st.data["turn"] = 2  # the next Game-Turn: usable
    assert rail.unit_rail_hex(st, "R-1G", "1707")
    assert "1707" in supply.table(st, "allied").rail
