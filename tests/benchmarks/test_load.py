"""benchmarks/load.py runs the server under load and reports its figures (their shape here;
their values are measured, never asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "load.py"


def run_load(*args: str) -> dict[str, Any]:
    """The script's JSON report of a short run (it must succeed)."""
    env = {**os.environ, "PYTHONPATH": str(SCRIPT.parents[1])}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_load_script_reports_throughput_latency_errors_and_memory() -> None:
    report = run_load("--games", "3", "--seconds", "3", "--clients", "4", "--computer", "0.34")
    assert report["games"] == 3 and report["clients"] == 4
    assert report["games_started"] >= 3
    assert report["seconds"] == 3
    assert report["actions"] >= report["submissions"] >= 0  # (a busy machine may play none)
    assert report["actions_per_second"] == round(report["actions"] / report["seconds"], 1)
    latency = report["latency_ms"]
    assert set(latency) == {"p50", "p95", "p99"}
    if report["submissions"]:
        assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"]
    assert report["errors"] == {}
    assert isinstance(report["refused"], dict)
    assert (
        report["server_rss_mib"] > 0 and report["server_peak_rss_mib"] >= report["server_rss_mib"]
    )
    assert report["server_cpu_seconds"] >= 0 and report["client_cpu_seconds"] > 0
    host = report["host_cpu_percent"]  # (Linux: /proc/stat)
    assert set(host) == {"busy", "idle", "iowait", "steal"}
    assert all(0 <= share <= 100 for share in host.values())
    assert abs(sum(host.values()) - 100) <= 0.5  # every tick is one of them (rounded)


def test_the_server_runs_in_its_own_folder_so_that_pythonpath_picks_the_tree(
    tmp_path: Path,
) -> None:
    """``python -m`` puts the working directory first on the import path, before
    PYTHONPATH: started from a checkout, the server ran that checkout's greatwar whatever
    tree PYTHONPATH named (every before-and-after run measured one tree twice)."""
    sys.path.insert(0, str(SCRIPT.parent))
    import load

    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "greatwar").symlink_to(SCRIPT.parents[1] / "greatwar")
    probe = subprocess.run(
        [sys.executable, "-c", "import greatwar; print(greatwar.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tree)},
        timeout=120,
    )
    assert probe.stdout.strip() == str(tree / "greatwar" / "__init__.py")
    server = load.Server(tmp_path, str(tmp_path / "games.sqlite3"), [], None)
    try:
        assert Path(f"/proc/{server.process.pid}/cwd").resolve() == tmp_path.resolve()
    finally:
        server.stop()


def test_the_host_shares_are_the_ticks_spent_between_two_readings() -> None:
    sys.path.insert(0, str(SCRIPT.parent))
    import load

    before = [100, 0, 20, 500, 10, 0, 0, 50]
    after = [160, 0, 40, 600, 10, 0, 0, 70]  # user 60, system 20, idle 100, steal 20
    assert load.host_shares(before, after) == {
        "busy": 40.0,
        "idle": 50.0,
        "iowait": 0.0,
        "steal": 10.0,
    }
    assert load.host_shares([], after) == {}


def test_the_load_script_runs_several_server_processes_on_one_postgresql_database() -> None:
    """``--processes 2``: two servers on a private PostgreSQL server (the tests' own), each
    game played on the process that made it, their CPU and memory summed."""
    sys.path.insert(0, str(SCRIPT.parents[1] / "tests" / "server"))
    import pg_cluster

    if pg_cluster.binaries() is None:
        pg_cluster.unavailable("PostgreSQL's server binaries are not installed")
    report = run_load("--games", "4", "--seconds", "3", "--clients", "4", "--processes", "2")
    assert report["processes"] == 2 and report["db"] == "postgresql"
    assert report["games_started"] >= 4 and report["errors"] == {}
    assert report["server_rss_mib"] > 0 and report["workers_cpu_seconds"] >= 0
