"""2.2 counters and the combat table modifier; 20.0 the auxiliary tables.

The rulebook's worked example of 2.2: a ratio of 1:1 shifted +3 reads 4:1, and
shifted -2 reads 1:3.  Of 20.0's tables only RETREAT ATTEMPT survives in the
transcription; its printed rows are encoded exactly and every other value is
marked provisional.
"""

from __future__ import annotations

import pytest

from greatwar.model.loader import DATA_ROOT, parse_file
from greatwar.model.schema import CounterFile, TerrainCharacteristics
from greatwar.rules.tannenberg.strength import column_for, label_ordinal, ratio_label
from greatwar.rules.tannenberg.tables import TABLE_FILES, lookup, table

ROOT = DATA_ROOT / "tannenberg"


@pytest.mark.parametrize(
    ("ratio", "shift", "expected"),
    [("1:1", 3, "4:1"), ("1:1", -2, "1:3"), ("2:1", -1, "1:1"), ("1:2", 1, "1:1")],
)
def test_2_2_modifier_shifts_the_ratio_by_positions(ratio: str, shift: int, expected: str) -> None:
    """2.2 worked example: 1:1 with +3 gives 4:1, with -2 gives 1:3 (one position a point)."""
    assert ratio_label(label_ordinal(ratio) + shift) == expected
    assert column_for(label_ordinal(ratio) + shift) == expected


def test_2_2_positions_run_through_the_printed_sequence() -> None:
    """2.2: the positions read 1:3 1:2 1:1 2:1 3:1 4:1, neighbours one shift apart."""
    sequence = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1"]
    ordinals = [label_ordinal(r) for r in sequence]
    assert ordinals == list(range(ordinals[0], ordinals[0] + len(sequence)))
    assert [ratio_label(o) for o in ordinals] == sequence


def _counters(name: str) -> CounterFile:
    sheet, problems = parse_file(ROOT / "counters" / f"{name}.toml", CounterFile)
    assert sheet is not None, problems.items
    return sheet


def test_2_2_counters_carry_the_values_of_their_type() -> None:
    """2.2: units have strength, mobility and effectiveness on each level; artillery
    adds attack and defence fire; corps commanders carry an activity A, B or N.
    (The historical sheet's values await the printed counters.)"""
    counters = _counters("teaching").counter
    assert counters
    for c in counters:
        levels = c.steps
        if c.type in ("infantry", "cavalry"):
            assert 1 <= len(levels) <= 2, c.id  # 2.3.1 one or two levels
            for lv in levels:
                assert lv.strength is not None, c.id
                assert (lv.movement or c.movement) is not None, c.id
                assert (lv.effectiveness or c.effectiveness) is not None, c.id
        if c.type == "artillery":
            assert all(lv.attack_fire is not None and lv.defence_fire is not None for lv in levels)
        if c.type == "hq" and c.hq is not None and c.hq.level == "corps":
            assert c.hq.activity in ("A", "B", "N"), c.id


def test_2_2_unit_names_give_their_affiliation() -> None:
    """2.2: 5/3/RG is the 5th brigade of the 3rd division of the Guards Reserve Corps; a
    counter's name and its corps and division fields tell the same story."""
    named = [c for c in _counters("teaching").counter if len(c.name.split("/")) == 3]
    assert named
    for c in named:
        _, division, corps = c.name.split("/")
        assert (division, corps) == (c.division, c.corps), c.id


PRINTED_RETREAT_ROWS = {
    -1: ["6", "5", "4", "3", "2", "1", "1"],
    0: ["4", "4", "4", "2", "1", "1", "1"],
    1: ["2", "2", "2", "1", "1", "-", "-"],
}


def test_20_0_retreat_attempt_rows_are_the_printed_ones() -> None:
    """20.0: the RETREAT ATTEMPT table's printed rows, exact and not provisional."""
    grid = table("retreat_attempt")
    assert grid.columns == ["-3", "-2", "-1", "0", "+1", "+2", "+3"]
    for key, values in PRINTED_RETREAT_ROWS.items():
        for column, value in zip(grid.columns, values, strict=True):
            assert lookup("retreat_attempt", key, column) == (value, False)


def test_20_0_supplied_retreat_rows_are_provisional_and_monotone() -> None:
    """20.0: the rows the transcription lacks are ours, marked provisional, and losses never
    rise as the pips or the retreating side's effectiveness rise."""
    grid = table("retreat_attempt")
    supplied = [r for r in grid.rows if r.key not in PRINTED_RETREAT_ROWS]
    assert supplied
    assert all(r.provisional == list(range(len(grid.columns))) for r in supplied)

    def loss(text: str) -> int:
        return 0 if text == "-" else int(text)

    for upper, lower in zip(grid.rows, grid.rows[1:], strict=False):
        assert all(loss(b) <= loss(a) for a, b in zip(upper.values, lower.values, strict=True))
    for row in grid.rows:
        losses = [loss(v) for v in row.values]
        assert losses == sorted(losses, reverse=True), row.key


@pytest.mark.parametrize("name", ["combat_results", "independence"])
def test_20_0_lost_tables_are_wholly_provisional(name: str) -> None:
    """20.0: COMBAT RESULTS and INDEPENDENCE OF COMMAND were not transcribed; every entry
    of ours says it is provisional."""
    assert name in TABLE_FILES
    grid = table(name)
    for row in grid.rows:
        assert row.provisional == list(range(len(grid.columns))), (name, row.key)


def test_20_0_terrain_characteristics_mark_supplied_values() -> None:
    """20.0: the TERRAIN CHARACTERISTICS table was not transcribed; entries the project
    supplied say "provisional" in their source."""
    terrain, problems = parse_file(ROOT / "terrain.toml", TerrainCharacteristics)
    assert terrain is not None, problems.items
    entries = [*terrain.terrain.values(), *terrain.hexside.values()]
    assert entries
    assert all("provisional" in e.source or "tannenberg" in e.source for e in entries)
    assert any("provisional" in e.source for e in entries)
