"""The evaluation's weights file (issue 19): loaded, checked, and read per rule system."""

from __future__ import annotations

from pathlib import Path

import pytest

from greatwar.ai import evaluate
from greatwar.ai.evaluate import (
    FEATURES,
    SUMMED,
    WEIGHTS_FILE,
    Features,
    WeightsError,
    load_weights,
    weights_for,
)

GOOD = """
[default]
vp = 0.45
material = 0.3
supply = 0.1
objectives = 0.15
automatic = 0.3
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "weights.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_weights_file_loads_with_every_feature_and_the_summed_ones_adding_to_1() -> (
    None
):
    tables = load_weights(WEIGHTS_FILE)
    assert "default" in tables
    for table in tables.values():
        assert set(table) == set(FEATURES)
        assert sum(table[f] for f in SUMMED) == pytest.approx(1.0, abs=1e-3)
    assert tables["default"] == evaluate.WEIGHTS


def test_a_rule_system_with_a_table_of_its_own_is_scored_with_it(tmp_path: Path) -> None:
    own = GOOD + "\n[tannenberg]\nvp = 0.5\nmaterial = 0.2\nsupply = 0.1\nobjectives = 0.2\n"
    tables = load_weights(write(tmp_path, own + "automatic = 0.4\n"))
    assert tables["tannenberg"]["vp"] == 0.5
    assert tables["tannenberg"]["automatic"] == 0.4
    assert tables["default"]["vp"] == 0.45


def test_weights_for_a_system_without_a_table_are_the_default() -> None:
    assert weights_for("no-such-system") == evaluate.WEIGHTS_BY_SYSTEM["default"]


def test_the_total_is_the_weighted_sum_with_the_weights_given() -> None:
    f = Features(vp=1.0, material=-1.0, supply=0.0, objectives=0.5, automatic=0.0)
    weights = {"vp": 0.5, "material": 0.25, "supply": 0.0, "objectives": 0.25, "automatic": 0.0}
    assert f.total(weights) == pytest.approx(0.5 - 0.25 + 0.125)


@pytest.mark.parametrize(
    ("text", "place", "expected"),
    [
        (GOOD.replace("vp = 0.45", 'vp = "high"'), "[default] vp", "a number from 0 to 1"),
        (GOOD.replace("vp = 0.45", "vp = 1.45"), "[default] vp", "a number from 0 to 1"),
        (GOOD.replace("vp = 0.45", "vp = true"), "[default] vp", "a number from 0 to 1"),
        (GOOD.replace("vp = 0.45", "vp = 0.55"), "[default]", "to add up to 1, got 1.1"),
        (GOOD.replace("supply = 0.1\n", ""), "[default]", "missing supply"),
        (GOOD + "morale = 0.1\n", "[default]", "unknown morale"),
        (GOOD.replace("[default]", "[gwite]"), "", "expected a [default] table"),
        (GOOD + "[gwtie]\n", "[gwtie]", "expected a table named one of default, gwite"),
        (GOOD + "[gwite]\nvp = 1\n", "[gwite]", "missing material"),
        (GOOD.replace("vp = 0.45", "vp = "), "line 3", "Invalid value"),
    ],
)
def test_a_malformed_weights_file_names_the_file_the_place_and_what_was_expected(
    tmp_path: Path, text: str, place: str, expected: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(WeightsError) as raised:
        load_weights(path)
    message = str(raised.value)
    assert message.startswith(str(path))
    assert place in message
    assert expected in message


def test_a_missing_weights_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(WeightsError, match=r"nowhere\.toml"):
        load_weights(path)
