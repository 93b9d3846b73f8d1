"""Games the fuzzer once failed, replayed with every action, invariant and ruling
checked (``greatwar replay``): each record ends just after the action that failed.

* ``tannenberg-shelling-by-a-masked-gun``: a gun under a mask shelled a hex (11.4);
  firing revealed it (16.2.9), the mask's control zone went, and the defending corps
  HQ's range reached the target (13.5.1), but the preview the holder saw had been
  worked out with the mask still there.
* ``tannenberg-shelling-formed-again-on-a-masked-hex``: the holder formed a shelling on
  one hex, saw its preview, then formed it on a hex whose units a mask hides (no
  preview: 16.2.1); the check held the resolution to the first hex's stale preview,
  which had the same key (a defect of the check, :mod:`greatwar.sim.rulings`).
* ``tannenberg-flight-past-an-eliminated-piece``: a piece eliminated on the first hex
  of a flight (9.5.5, 2.3.6) was left waiting to move on, and the flight crashed when
  its turn came.

A record replays only while the rules play its game the same way: a rule change that
alters it makes the test fail with the action that no longer applies; such a record is
then replaced by a rules test of its defect (the flight's has one already:
``test_9_5_5_a_unit_eliminated_on_the_way_goes_no_further_and_the_rest_flee_on``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from greatwar.cli import app

RECORDS = Path(__file__).resolve().parents[1] / "fixtures" / "regressions"


@pytest.mark.parametrize("record", sorted(p.name for p in RECORDS.glob("*.json")))
def test_a_game_the_fuzzer_once_failed_replays_clean(record: str) -> None:
    result = CliRunner().invoke(app, ["replay", str(RECORDS / record)])
    assert result.exit_code == 0, result.output
    assert "resolved as their previews showed" in result.output
