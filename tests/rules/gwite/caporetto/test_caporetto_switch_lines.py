"""Caporetto Appendix C (optional, cited "caporetto C"): units of either player in the
old switch lines add 1 to their Defense Strength.

The FICTIONAL teaching map's switch lines: "switch line west" (0806-0811, west of the
Taglia) and "switch line rail" (1109, 1209, 1309).  Game-Turn 2 (no surprise shift).
The Combat Results Table, TCR 1 row (the Germans), TCR 2 row (the Italians)::

    die 3: 1-1 -> 1/1, 2-1 -> 1/2   (provisional table entries)
"""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite.caporetto.switch_lines import SWITCH_LINES
from tests.rules.gwite.kit import COMBAT, attack, numbers, resolve_with

ON = {SWITCH_LINES: True}


def fight(make: Any, units: dict[str, Any], phasing: str = "central", **kw: Any) -> Any:
    return make(units, turn=2, phasing=phasing, **COMBAT, **kw)


def test_appendix_c_italian_unit_in_a_switch_line_defends_with_1_more(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the 12th Stosstruppen (4) attacks the reduced 46th (1 + 1) in 1309 from 1409: 4 to
    # 2, 2-1 (4 to 1 without the line: 4-1)
    reduced = {"hex": "1309", "steps_lost": 1}
    st = fight(caporetto_position, {"I-46": reduced, "G-12": "1409"}, options=ON)
    shown = attack(st, "central", "1309", ["G-12"])
    assert shown["defenders"][0]["modifiers"] == [
        {"why": "in an old switch line: +1", "case": "caporetto C"}
    ]
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["defense"] == 2 and numbers(entry)["odds"] == "2-1"
    assert "1/2" in entry["text"]


def test_appendix_c_central_powers_unit_in_a_switch_line_defends_with_1_more(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # "units of either Player": the German 5th (4 + 1) in 1209 attacked by the IV Corps (4)
    st = fight(caporetto_position, {"G-5": "1209", "I-IV": "1109"}, phasing="allied", options=ON)
    attack(st, "allied", "1209", ["I-IV"])
    entry = resolve_with(st, "allied", fixed_dice, 3)
    assert numbers(entry)["defense"] == 5


def test_appendix_c_no_bonus_outside_the_lines_or_without_the_option(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = fight(caporetto_position, {"I-46": "1309", "G-12": "1409"})  # option off
    attack(st, "central", "1309", ["G-12"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["defense"] == 3 and numbers(entry)["odds"] == "1-1"
    assert "1/1" in entry["text"]
    st = fight(caporetto_position, {"I-46": "1310", "G-12": "1410"}, options=ON)  # 1310: none
    shown = attack(st, "central", "1310", ["G-12"])
    assert shown["defenders"][0]["modifiers"] == []


def test_appendix_c_switch_lines_must_be_regions_of_the_map(caporetto_position: Any) -> None:
    with pytest.raises(ScenarioError) as info:
        caporetto_position({"I-46": "0808"}, special={"switch_lines": ["no such line"]})
    assert "special.switch_lines" in str(info.value) or "switch_lines" in str(info.value)
    assert "no such line" in str(info.value)
