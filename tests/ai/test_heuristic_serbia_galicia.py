"""The heuristic agent on Serbia/Galicia's teaching maps: towns whose points are signed
for the side that scores them (serbia-galicia 25.11), two maps (2.1), and lines of
supply into an Enemy zone the moving unit will occupy (7.24)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import greatwar
from greatwar.ai.heuristic_gwite import front, supply_gap
from greatwar.engine.state import State

SG_KIT = Path(__file__).parents[1] / "rules" / "gwite" / "serbia_galicia" / "conftest.py"


def _position(tmp_path: Path, units: dict[str, str], **kw: Any) -> State:
    """A Serbia/Galicia teaching position (tests/rules/gwite/serbia_galicia/conftest.py)."""
    spec = importlib.util.spec_from_file_location("sg_positions", SG_KIT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = module.write_sg_position(tmp_path, units, **kw)
    return greatwar.load(path).new_state(1)


def test_a_town_the_enemy_scores_is_guarded_and_taken_not_shunned(tmp_path: Path) -> None:
    # Lubin (g0602) scores -5 for Austria-Hungary (25.11); the Russians hold it with an
    # Austro-Hungarian corps three hexes off
    st = _position(tmp_path, {"R-XIK": "g0702", "AH-1K": "g0605"}, control={"g0602": "allied"})
    allied = front(st, "allied")
    assert ("g0602", 5.0) in [(h, worth) for _, h, worth in allied.guard]
    assert allied.hex_value("R-XIK", "g0602", "g0702") > allied.hex_value("R-XIK", "g0703", "g0702")
    central = front(st, "central")
    # for Austria-Hungary it is a place to take: it pulls (a negative worth pushed away)
    assert central.objective_pull(central.coord("g0603")) > central.objective_pull(
        central.coord("g0605")
    )


def test_places_on_the_other_map_pull_nothing(tmp_path: Path) -> None:
    # the Allies' only places to take are the Carpathian passes on the Galician map
    st = _position(tmp_path, {"R-XIK": "g0702", "S-1MD": "s0905", "AH-1K": "g0605"})
    allied = front(st, "allied")
    assert allied.objective_pull(allied.coord("g0508")) > 0
    assert allied.objective_pull(allied.coord("s0905")) == 0
    assert allied.objective_pull(allied.coord("s0102")) == 0


def test_an_empty_hex_in_an_enemy_zone_is_in_supply_once_the_unit_stands_there(
    tmp_path: Path,
) -> None:
    # g0604 is next to the Austro-Hungarian corps in g0605: an Enemy zone (7.24 a unit
    # there negates it for its own line), one hex beyond g0603
    st = _position(tmp_path, {"R-XIK": "g0602", "AH-1K": "g0605"})
    f = front(st, "allied")
    assert supply_gap(f, "R-XIK", "g0604") == supply_gap(f, "R-XIK", "g0603") + 1
    assert supply_gap(f, "R-XIK", "g0604") <= 0
    # an Enemy-occupied hex stays beyond every line
    assert supply_gap(f, "R-XIK", "g0605") > 50
