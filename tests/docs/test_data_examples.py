"""The README's examples of numbers by side, nationality and Game-Turn, of an entry area and
of an option's effects are valid data."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from greatwar.model.schema import EntryHex, OptionEffects, Parameters, side_value

README = Path(__file__).resolve().parents[2] / "README.md"


def examples() -> list[str]:
    """The TOML blocks of the README's section on numbers by side and options."""
    text = README.read_text(encoding="utf-8")
    section = text.split("### Numbers by side", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"```toml\n(.*?)```", section, flags=re.S)


def test_the_parameters_example_is_valid() -> None:
    params_example, _ = examples()
    params = Parameters.model_validate(tomllib.loads(params_example)["parameters"])
    assert side_value(params.rail_capacity, ("austria-hungary", "central"), 3) == 18
    assert side_value(params.rail_capacity, ("austria-hungary", "central"), 4) == 13
    assert side_value(params.supply_range, ("austria-hungary", "central"), 1) == 4
    assert side_value(params.track_limit["single"], ("russia", "allied"), 1) == 2


def test_the_option_effects_example_is_valid() -> None:
    _, effects_example = examples()
    effects = tomllib.loads(effects_example)["option_effects"]["west_front"]
    parsed = OptionEffects.model_validate(effects)
    assert (parsed.vp, parsed.delay, parsed.excludes) == (-6, {"central": 1}, ["more_capacity"])
    assert parsed.substitute == {"R-HQ-KA": "R-HQ-KL"}
    assert parsed.with_option["guards"].substitute == {"R-HQ-GBZ": "R-HQ-GGU"}
    assert EntryHex.model_validate({"letter": "C", "hexes": ["2006", "2007"]}).hexes
