"""The numbers the exclusive rules give, as data (R8): values by side or nationality and by
Game-Turn, entry letters naming several hexes, and what a game's options change.

Positions on the FICTIONAL teaching map and counters.  Entry C is 2006 on the east edge
(neighbours 2005, 2007, 1905, 1906; 2007's are 2006, 2008, 1906, 1907), where the test
counter X-R1 (a Russian corps) arrives on Game-Turn 2.  The teaching parameters: Rail
Capacity Allies 6, Central Powers 8; Supply Range Russia 3, Germany 5, Austria-Hungary 3.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.engine.system import OptionSpec
from greatwar.model.schema import Parameters, side_value
from greatwar.rules import validate_file
from greatwar.rules.gwite import games, rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.rules import StandardRules
from tests.rules.gwite.conftest import MAP, write_position

PENDING = {"status": "pending"}


def with_parameters(path: Path, **lines: str) -> Path:
    """The scenario at ``path`` with these ``[parameters]`` lines (TOML values) set."""
    text = path.read_text(encoding="utf-8")
    for key, value in lines.items():
        line = f"{key} = {value}"
        text, found = re.subn(rf"^{key} = .*$", line, text, count=1, flags=re.M)
        if not found:
            text = text.replace("[parameters]\n", f"[parameters]\n{line}\n", 1)
    path.write_text(text, encoding="utf-8")
    return path


def game_at(path: Path, options: dict[str, Any] | None = None, seed: int = 1) -> State:
    game = greatwar.load(path, options)
    game.checking = True
    return game.new_state(seed)


def problems_of(path: Path) -> list[str]:
    return [f"{p.field}: {p.message}" for p in validate_file(path).problems]


# --- values by side or nationality, optionally by Game-Turn --------------------------------


def test_a_value_by_nationality_wins_over_its_side() -> None:
    table = Parameters.model_validate({"supply_range": {"central": 5, "germany": 6}}).supply_range
    assert side_value(table, ("germany", "central"), 1) == 6
    assert side_value(table, ("austria-hungary", "central"), 1) == 5
    assert side_value(table, ("russia", "allied"), 1) is None


def test_a_value_by_game_turn_reads_the_range_of_the_turn() -> None:
    table = Parameters.model_validate(
        {
            "rail_capacity": {
                "allied": [
                    {"to_turn": 2, "value": 18},
                    {"from_turn": 3, "to_turn": 4, "value": 13},
                    {"from_turn": 6, "value": 9},
                ]
            }
        }
    ).rail_capacity
    assert [side_value(table, ("allied",), t) for t in range(1, 8)] == [18, 18, 13, 13, None, 9, 9]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "[{ to_turn = 3, value = 2 }, { from_turn = 3, value = 5 }]",
            "ranges in Game-Turn order without overlap (Game-Turn 3 is given twice",
        ),
        ("[{ from_turn = 4, to_turn = 2, value = 2 }]", "ranges that end after they start"),
        ("[]", "at least one range of Game-Turns"),
        ("-1", "greater than or equal to 0"),
    ],
)
def test_a_malformed_value_by_game_turn_is_refused_clearly(
    tmp_path: Path, value: str, message: str
) -> None:
    path = with_parameters(write_position(tmp_path, {}), rail_capacity=f"{{ allied = {value} }}")
    found = problems_of(path)
    assert any("rail_capacity.allied" in p and message in p for p in found), found


def test_a_table_keyed_by_neither_side_nor_nationality_is_refused(tmp_path: Path) -> None:
    path = with_parameters(
        write_position(tmp_path, {}), rail_capacity="{ allies = 6, central = 8 }"
    )
    (found,) = [p for p in problems_of(path) if "allies" in p]
    assert "'allies' is neither a side nor a nationality of this scenario" in found


def test_5_31_rail_capacity_by_game_turn(tmp_path: Path) -> None:
    capacity = (
        "{ central = 8, allied = [{ to_turn = 1, value = 6 }, { from_turn = 2, value = 2 }] }"
    )
    for turn, expected in ((1, 6), (2, 2)):
        path = with_parameters(
            write_position(tmp_path, {"R-XIX": "1707"}, turn=turn), rail_capacity=capacity
        )
        st = game_at(path)
        assert rail.capacity_left(st, "allied") == {"allied": expected}
        assert st.view("allied")["rail"]["capacity"] == {"allied": expected}


def test_5_31_railroad_movement_rate_by_side(tmp_path: Path) -> None:
    path = with_parameters(
        write_position(tmp_path, {"R-XIX": "1707", "G-I": "0305"}),
        rail_rate="{ allied = 7, germany = 25, central = 4 }",
    )
    st = game_at(path)
    assert rail.rail_rate(st, "R-XIX") == 7  # by its side
    assert rail.rail_rate(st, "G-I") == 25  # by its nationality, not its side's 4


# --- entry letters naming several hexes ----------------------------------------------------


def area_map(tmp_path: Path) -> Path:
    """The teaching map whose entry C names two hexes, 2006 and 2007."""
    text = MAP.read_text(encoding="utf-8")
    text = text.replace('letter = "C"\nhex = "2006"', 'letter = "C"\nhexes = ["2006", "2007"]')
    path = tmp_path / "area-map.toml"
    path.write_text(text, encoding="utf-8")
    return path


def arriving_at_area(position: Any, tmp_path: Path, **units: Any) -> State:
    return position(
        {"R-HQ-5A": "1906", "X-R1": PENDING, **units},
        turn=2,
        segment="reinforcement",
        test_counters=True,
        map_path=area_map(tmp_path),
    )


def test_14_11_an_entry_of_several_hexes_is_entered_by_any_of_them(
    position: Any, tmp_path: Path
) -> None:
    st = arriving_at_area(position, tmp_path)
    enter = [a["hex"] for a in st.legal_actions("allied") if a["type"] == "enter"]
    assert enter == ["2006", "2007"]
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": "2007"})
    assert U.record(st, "X-R1")["hex"] == "2007"
    arrivals = [e["text"] for e in st.data["log"] if e.get("case") == "14.11"]
    assert arrivals[-1].endswith("arrives at 2007.")  # at its entry, not an alternative (14.22)


def test_14_22_an_entry_area_is_blocked_only_when_every_hex_of_it_is(
    position: Any, tmp_path: Path
) -> None:
    # a German unit in 1905 controls 2006 but not 2007: X-R1 enters by 2007, no delay
    st = arriving_at_area(position, tmp_path, **{"G-I": "1905"})
    kinds = {(a["type"], a.get("hex")) for a in st.legal_actions("allied") if a["unit"] == "X-R1"}
    assert kinds == {("enter", "2007"), ("withhold", None)}
    # one in 2008 as well (controlling 2007): the whole area is blocked, delay is offered
    st = arriving_at_area(position, tmp_path, **{"G-I": "1905", "G-XVII": "2008"})
    kinds = {a["type"] for a in st.legal_actions("allied") if a["unit"] == "X-R1"}
    assert kinds == {"delay", "withhold"}


def test_an_entry_names_one_hex_or_several_not_both(tmp_path: Path) -> None:
    text = MAP.read_text(encoding="utf-8")
    text = text.replace(
        'letter = "C"\nhex = "2006"', 'letter = "C"\nhex = "2006"\nhexes = ["2007"]'
    )
    path = tmp_path / "bad-map.toml"
    path.write_text(text, encoding="utf-8")
    assert any("its hex (hex = ...) or its hexes" in p for p in problems_of(path))


def test_the_tannenberg_rules_refuse_an_entry_of_several_hexes(tmp_path: Path) -> None:
    tannenberg = Path(greatwar.__file__).parent / "data" / "tannenberg"
    text = (tannenberg / "maps" / "teaching.toml").read_text(encoding="utf-8")
    text = text.replace(
        'letter = "A"\nhex = "A1 B23"', 'letter = "A"\nhexes = ["A1 B23", "A1 B22"]'
    )
    (tmp_path / "map.toml").write_text(text, encoding="utf-8")
    scenario = (tannenberg / "scenarios" / "teaching.toml").read_text(encoding="utf-8")
    scenario = re.sub(r'^map = ".*"$', 'map = "map.toml"', scenario, count=1, flags=re.M)
    scenario = scenario.replace('"../', f'"{tannenberg}/')
    path = tmp_path / "scenario.toml"
    path.write_text(scenario, encoding="utf-8")
    assert any("a Tannenberg reinforcement enters by one hex" in p for p in problems_of(path))


# --- what a game's options change ----------------------------------------------------------


class VariationRules(StandardRules):
    """A FICTIONAL test game with two on/off variations (as Brusilov 26.3 will have)."""

    options: ClassVar[dict[str, OptionSpec]] = {
        **StandardRules.options,
        "more_rail": OptionSpec(False, "More Allied Rail Capacity (test variation)"),
        "late_enemy": OptionSpec(False, "Central Powers arrive later (test variation)"),
    }


EFFECTS = """
[option_effects.more_rail]
parameters = { rail_capacity = { allied = 9 }, supply_range = { russia = 4 } }
arrivals = { "X-R1" = { turn = 3 } }
vp = -6
excludes = ["late_enemy"]
source = "a test variation"

[option_effects.late_enemy]
delay = { central = 1 }
vp = -2
"""


@pytest.fixture
def variations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test game stands in for the standard rules while the test runs."""
    monkeypatch.setitem(games.GAMES, "standard", VariationRules)


def variation_scenario(tmp_path: Path, extra: str = EFFECTS) -> Path:
    return write_position(
        tmp_path, {"R-XIX": "1707", "X-R1": PENDING}, test_counters=True, extra=extra
    )


def test_an_option_that_is_on_changes_parameters_arrivals_and_initial_vp(
    tmp_path: Path, variations: None
) -> None:
    path = variation_scenario(tmp_path)
    off = game_at(path)
    assert (off.data["vp"], rail.capacity(off, "allied"), rail.capacity(off, "central")) == (
        0,
        6,
        8,
    )
    assert U.info(off, "X-R1").arrive_turn == 2
    on = game_at(path, {"more_rail": True})
    assert on.data["vp"] == -6
    assert (rail.capacity(on, "allied"), rail.capacity(on, "central")) == (9, 8)  # merged
    assert U.rules(on).supply_range(on, "R-XIX") == 4
    assert U.rules(on).supply_range(on, "G-I") == 5  # the tables merge key by key
    assert U.info(on, "X-R1").arrive_turn == 3


def test_an_option_delays_every_arrival_of_a_side(tmp_path: Path, variations: None) -> None:
    st = game_at(variation_scenario(tmp_path), {"late_enemy": True})
    assert U.info(st, "G-3R").arrive_turn == 3  # printed: Game-Turn 2
    assert U.info(st, "X-R1").arrive_turn == 2  # an Allied unit: not delayed
    assert st.data["vp"] == -2


def test_options_that_exclude_each_other_are_refused(tmp_path: Path, variations: None) -> None:
    path = variation_scenario(tmp_path)
    with pytest.raises(ValueError, match="more_rail may not be on with late_enemy"):
        greatwar.load(path, {"more_rail": True, "late_enemy": True})


def test_effects_of_an_unknown_option_are_refused(tmp_path: Path, variations: None) -> None:
    path = variation_scenario(tmp_path, EFFECTS + "\n[option_effects.no_such]\nvp = 1\n")
    assert any("'no_such' is not an option of this game" in p for p in problems_of(path))


def test_an_arrival_change_needs_a_counter_of_the_scenario(
    tmp_path: Path, variations: None
) -> None:
    extra = EFFECTS.replace(
        '"X-R1" = { turn = 3 }', '"X-NONE" = { turn = 3 }, "R-XIX" = {turn = 3}'
    )
    found = problems_of(variation_scenario(tmp_path, extra))
    assert any("no counter with id 'X-NONE'" in p for p in found), found
    assert any("counter R-XIX sets up on the map" in p for p in found), found
