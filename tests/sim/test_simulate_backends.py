"""The same seed and agents give the same records and summary on every backend and worker
count: this process, a pool of one or two processes, and Ray on a local cluster."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray

from greatwar.sim.backends import Backend, PoolBackend, RayBackend, SerialBackend
from greatwar.sim.simulate import GAMES, Plan, read_results, simulate

PLANS = {
    "gwite": Plan("gwite/teaching", 3, ("random",), seed=11, max_actions=600),
    "tannenberg": Plan("tannenberg/teaching", 2, ("random",), seed=11, max_actions=150),
}


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray for the module (it is slow to start), with the machine's CPUs."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _machine_free(outcome: dict[str, Any]) -> dict[str, Any]:
    """An outcome without what depends on the machine (times)."""
    seats = {r: {k: v for k, v in s.items() if k != "seconds"} for r, s in outcome["seats"].items()}
    return {**{k: v for k, v in outcome.items() if k != "seconds"}, "seats": seats}


def _run(plan: Plan, backend: Backend, out: Path) -> dict[str, Any]:
    run = simulate(plan, backend, out)
    summary = {k: v for k, v in run.summary.items() if k not in ("speed", "out")}
    records = {p.name: p.read_bytes() for p in sorted((out / GAMES).iterdir())}
    results = [_machine_free(o) for o in read_results(out / "results.jsonl")]
    return {"summary": summary, "records": records, "results": results}


@pytest.mark.parametrize("system", sorted(PLANS))
def test_every_backend_gives_the_same_records_and_summary(
    system: str, tmp_path: Path, local_ray: None
) -> None:
    plan = PLANS[system]
    backends: dict[str, Backend] = {
        "serial": SerialBackend(),
        "pool1": PoolBackend(1),
        "pool2": PoolBackend(2),
        "ray": RayBackend("auto"),
    }
    runs = {name: _run(plan, b, tmp_path / name) for name, b in backends.items()}
    reference = runs["serial"]
    assert len(reference["records"]) == plan.games
    assert any(o["actions"] > 0 for o in reference["results"])
    for name, run in runs.items():
        assert run == reference, f"{name} differs from playing in this process"


def test_ray_already_running_is_used_and_left_running(tmp_path: Path, local_ray: None) -> None:
    plan = Plan("gwite/teaching", 1, ("random",), seed=2, max_actions=50)
    run = simulate(plan, RayBackend("auto"), tmp_path)
    assert run.outcomes[0]["status"] == "unfinished"
    assert ray.is_initialized()
    assert json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))["backend"] == (
        "ray (auto)"
    )


def test_cli_simulate_on_ray(tmp_path: Path, local_ray: None) -> None:
    from typer.testing import CliRunner

    from greatwar.cli import app

    args = ["simulate", "gwite/teaching", "--games", "2", "--seed", "3", "--max-actions", "40"]
    result = CliRunner().invoke(app, [*args, "--ray", "auto", "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["unfinished"] == 2 and summary["failed"] == 0
    assert ray.is_initialized()


def _backend(name: str) -> Backend:
    return {"serial": SerialBackend(), "pool": PoolBackend(2), "ray": RayBackend("auto")}[name]


def _caught(job: object, exc: BaseException) -> tuple[str, object, bool]:
    return ("failed", job, isinstance(exc, ValueError))


@pytest.mark.parametrize("name", ["serial", "pool", "ray"])
def test_a_job_that_raises_goes_to_on_error_and_the_rest_go_on(name: str, local_ray: None) -> None:
    results = list(_backend(name).map(math.sqrt, [4.0, -1.0, 9.0], on_error=_caught))
    assert sorted(results, key=repr) == [("failed", -1.0, True), 2.0, 3.0]


@pytest.mark.parametrize("name", ["pool", "ray"])
def test_a_worker_that_dies_is_reported_not_waited_for(name: str, local_ray: None) -> None:
    results = list(_backend(name).map(os._exit, [3], on_error=lambda job, exc: ("lost", job)))
    assert results == [("lost", 3)]


def test_a_pool_stopped_part_way_ends_its_workers_without_waiting_for_their_games() -> None:
    """A run stopped (Ctrl-C, ``kill``, the results no longer wanted) leaves no worker
    playing on by itself, and does not wait for the games in play to end."""
    others = set(multiprocessing.active_children())
    started = time.perf_counter()
    results = PoolBackend(2).map(time.sleep, [0.0, 120.0, 120.0])
    assert next(results) is None  # the first game ends at once; two are still in play
    results.close()
    assert time.perf_counter() - started < 60
    assert set(multiprocessing.active_children()) <= others
