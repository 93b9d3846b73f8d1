"""Rulings as shown: the fuzzer and the replay checker hold every resolved attack and
clash to the preview the acting role saw (greatwar.sim.rulings)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.rules.gwite import attack, combat
from greatwar.rules.tannenberg import clash, strength
from greatwar.sim.fuzz import fuzz

runner = CliRunner()


@pytest.mark.parametrize(("scenario", "games"), [("gwite/teaching", 4), ("tannenberg/teaching", 2)])
def test_short_fuzz_resolves_every_ruling_as_its_preview_showed(
    scenario: str, games: int, tmp_path: Path
) -> None:
    report = fuzz(scenario, games, seed=11, out_dir=tmp_path)
    assert report.failures == []
    assert report.rulings > 0  # attacks or clashes were resolved and compared


def test_a_shift_spent_before_the_odds_fails_the_fuzzer_naming_the_attack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # plant the defect once seen (10.21): the HQs' shifts spent before the odds are taken
    original = attack._attrition

    def spend_first(st: Any, frame: Any, key: str) -> None:
        combat.segment(st)["shifts_used"].extend(frame["shifts"])
        original(st, frame, key)

    monkeypatch.setattr(attack, "_attrition", spend_first)
    report = fuzz("gwite/teaching", 30, seed=1, out_dir=tmp_path)
    assert report.failures, "no game of the run used an HQ's shift"
    failure = report.failures[0]
    assert failure.kind == "broken invariant"
    assert " attack " in failure.message and "shown" in failure.message
    assert "shifts: shown" in failure.message and "column" in failure.message
    # the record reproduces it: replay checks the same promise
    result = runner.invoke(app, ["replay", str(failure.record)])
    assert result.exit_code == 1
    assert "the resolution differs from the preview" in result.output


def test_a_clash_resolved_in_another_column_fails_the_fuzzer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # plant a defect in the clash's resolution only: its column read one to the right
    def shifted(st: Any, frame: Any, **kw: Any) -> dict[str, Any]:
        report = strength.assess(st, frame, **kw)
        columns = strength.columns()
        i = columns.index(report["column"])
        return {**report, "column": columns[min(i + 1, len(columns) - 1)]}

    fake = SimpleNamespace(**{k: getattr(strength, k) for k in dir(strength) if k[0] != "_"})
    fake.assess = shifted
    monkeypatch.setattr(clash, "strength", fake)
    report = fuzz("tannenberg/teaching", 3, seed=11, out_dir=tmp_path)
    assert report.failures
    message = report.failures[0].message
    assert "clash" in message and "column: shown" in message


def test_replay_checks_each_ruling_of_a_clean_record(tmp_path: Path) -> None:
    # the game the defect was seen in: heuristic players use their HQs' shifts
    args = ["--seed", "9", "--agents", "heuristic,heuristic", "--out", str(tmp_path)]
    result = runner.invoke(app, ["autoplay", "gwite/teaching", *args])
    assert result.exit_code == 0, result.output
    (record,) = tmp_path.glob("*.json")
    data = json.loads(record.read_text(encoding="utf-8"))
    shifted = [a for _, a in data["actions"] if a["type"] == "add_shift"]
    assert shifted, "the heuristic players used no HQ shift in this game"
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 0, result.output
    checked = int(result.output.split(" attacks and clashes resolved")[0].rsplit(" ", 1)[1])
    assert checked > 0
