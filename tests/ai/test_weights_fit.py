"""benchmarks/fit_weights.py's arithmetic (issue 19): the logistic fit recovers weights
that made synthetic data, and fitted weights are put on the evaluation's scale."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import fit_weights  # benchmarks/ is a folder of scripts, not a package

from greatwar.ai import evaluate

TRUE = np.array([2.0, 1.0, 0.5, -0.7])


def synthetic(rows: int, games: int, seed: int = 3) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Features in [-1, 1] and outcomes drawn from sigmoid(features @ TRUE)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, size=(rows, len(TRUE)))
    y = (rng.uniform(size=rows) < fit_weights.sigmoid(x @ TRUE)).astype(float)
    return x, y, [f"g{i % games}" for i in range(rows)]


def test_the_fit_recovers_the_weights_that_made_the_data() -> None:
    x, y, groups = synthetic(20_000, 2_000)
    fit = fit_weights.fit_logistic(x, y, groups, l2=1.0)
    assert fit.weights == pytest.approx(TRUE, abs=0.1)
    # each weight within three of its standard errors, which shrink with more data
    assert np.all(np.abs(fit.weights - TRUE) < 3 * fit.se_clustered)
    assert np.all(fit.se < 0.05)


def test_the_standard_errors_shrink_as_the_games_grow() -> None:
    small = fit_weights.fit_logistic(*synthetic(1_000, 100))
    large = fit_weights.fit_logistic(*synthetic(16_000, 1_600))
    assert np.all(large.se_clustered < small.se_clustered / 2)


def test_rows_of_one_game_that_repeat_each_other_widen_the_clustered_errors() -> None:
    x, y, _ = synthetic(1_000, 1_000)
    # every game's row recorded ten times over: no more information than once
    x10, y10 = np.repeat(x, 10, axis=0), np.repeat(y, 10)
    groups = [f"g{i // 10}" for i in range(len(y10))]
    fit = fit_weights.fit_logistic(x10, y10, groups, l2=0.0)
    assert np.all(fit.se_clustered > 2.5 * fit.se)


def test_soft_outcomes_of_draws_are_fitted_as_halves() -> None:
    x = np.array([[1.0], [-1.0]] * 50)
    y = np.full(100, 0.5)
    fit = fit_weights.fit_logistic(x, y, l2=0.0)
    assert fit.weights == pytest.approx([0.0], abs=1e-9)


def test_the_log_loss_of_a_coin_is_log_2() -> None:
    assert fit_weights.log_loss(np.full(4, 0.5), np.array([1, 0, 1, 0.5])) == pytest.approx(
        np.log(2)
    )


def test_fitted_weights_are_scaled_so_the_summed_ones_add_up_to_1() -> None:
    guessed = evaluate.WEIGHTS_BY_SYSTEM["default"]
    fitted = {"vp": 3.0, "material": 1.0, "objectives": -0.5, "automatic": 2.0}
    out = fit_weights.normalised(fitted, guessed)
    # supply was not fitted: it keeps its guessed share, the rest share what is left
    assert out["supply"] == guessed["supply"]
    assert out["objectives"] == 0.0  # a negative weight is not one the evaluation takes
    assert sum(out[f] for f in evaluate.SUMMED) == pytest.approx(1.0, abs=2e-3)
    assert out["vp"] == pytest.approx(3 * out["material"], abs=2e-3)
    assert out["automatic"] == pytest.approx(2 * out["material"], abs=2e-3)


def test_the_weights_file_written_loads(tmp_path: Path) -> None:
    guessed = evaluate.WEIGHTS_BY_SYSTEM["default"]
    x, y, groups = synthetic(2_000, 200)
    fit = fit_weights.fit_logistic(x, y, groups)
    result = fit_weights.SystemFit(
        "gwite",
        ["vp", "material", "supply", "objectives"],
        2_000,
        200,
        40,
        fit,
        fit,
        {"fitted": 0.5},
        fit_weights.normalised(dict(zip(evaluate.SUMMED, fit.weights, strict=True)), guessed),
    )
    path = tmp_path / "weights.toml"
    fit_weights.write_weights(path, [result], guessed)
    tables = evaluate.load_weights(path)
    assert tables["default"] == guessed
    assert tables["gwite"] == result.weights
    assert "fitted on" in path.read_text(encoding="utf-8")
