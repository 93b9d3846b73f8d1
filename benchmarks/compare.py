"""``benchmarks/run.py --baseline REF``: the figures of issue 18, side by side with a
baseline commit, as ratios.

The baseline is a git worktree of REF in the temporary folder (made once, reused while
REF names the same commit).  Every figure runs in its own subprocess
(``benchmarks/figures.py``, CPU time), the baseline then the current tree, for several
rounds (A B A B ...), so that both meet the same load on a shared machine; each figure is
printed with both trees' medians and the ratio of the current tree's speed to the
baseline's (per round: its median, lowest and highest).  The generated big scenario
(``big_scenario.py``) is written once and measured by both trees.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from big_scenario import generate
from figures import FIGURES
from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FIGURES_SCRIPT = HERE / "figures.py"
console = Console(stderr=True)
#: the results (wide enough for the table when written to a file or a pipe)
out_console = Console(width=None if sys.stdout.isatty() else 120)


def git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def baseline_tree(ref: str) -> Path:
    """A worktree of ``ref`` in the temporary folder: reused when it is there already."""
    commit = git("rev-parse", "--verify", f"{ref}^{{commit}}")
    path = Path(tempfile.gettempdir()) / f"greatwar-baseline-{commit[:12]}"
    if (path / ".git").exists():
        if git("rev-parse", "HEAD", cwd=path) == commit:
            return path
        git("worktree", "remove", "--force", str(path))  # moved off REF: made afresh
    git("worktree", "prune")  # forgets a worktree whose folder was deleted
    git("worktree", "add", "--detach", str(path), commit)
    return path


@dataclass
class Series:
    """One figure's values in each tree, round by round."""

    name: str
    baseline: list[float] = field(default_factory=list)
    current: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: each tree's digest of the games it played, round by round
    games: dict[str, set[str]] = field(default_factory=dict)

    def same_games(self) -> bool:
        """Whether both trees played the same games (else the ratio compares unlike work)."""
        return len(set().union(*self.games.values())) <= 1 if self.games else True

    @property
    def higher_is_better(self) -> bool:
        return FIGURES[self.name][2]

    def ratios(self) -> list[float]:
        """The current tree's speed over the baseline's, round by round."""
        pairs = [(b, c) for b, c in zip(self.baseline, self.current, strict=False) if b and c]
        return [c / b if self.higher_is_better else b / c for b, c in pairs]


def measure(tree: Path, figure: str, scale: float, big: Path, profile: int = 0) -> dict[str, Any]:
    """One run of ``figure`` by the code in ``tree``, in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(FIGURES_SCRIPT), figure, "--scale", str(scale)]
    command += ["--big", str(big), "--profile", str(profile)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if Path(result["greatwar"]).resolve() != (tree / "greatwar").resolve():
        return {"error": f"measured {result['greatwar']}, not {tree}"}
    return result


def run_rounds(
    trees: dict[str, Path], names: list[str], rounds: int, scale: float, big: Path
) -> list[Series]:
    series = [Series(name) for name in names]
    with console.status("measuring") as status:
        for n in range(rounds):
            for one in series:
                for label, tree in trees.items():
                    status.update(f"round {n + 1}/{rounds}: {one.name} ({label})")
                    result = measure(tree, one.name, scale, big)
                    if "error" in result:
                        one.errors.append(f"{label}: {result['error']}")
                        continue
                    getattr(one, label).append(float(result["value"]))
                    one.games.setdefault(label, set()).add(str(result.get("games")))
    return series


def number(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def table(series: list[Series], ref: str, rounds: int) -> Table:
    out = Table(title=f"greatwar: current tree against {ref} ({rounds} rounds, CPU time)")
    for column in ("figure", "unit", "baseline", "current", "speed ratio", "spread", "issue 18"):
        out.add_column(column, justify="left" if column in ("figure", "unit") else "right")
    for one in series:
        unit, target = FIGURES[one.name][1], FIGURES[one.name][3]
        ratios = one.ratios()
        base = number(statistics.median(one.baseline)) if one.baseline else "-"
        cur = number(statistics.median(one.current)) if one.current else "-"
        ratio = f"{statistics.median(ratios):.2f}x" if ratios else "-"
        spread = f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else "; ".join(one.errors)
        if not one.same_games():
            spread += " DIFFERENT GAMES"
        out.add_row(one.name, unit, base, cur, ratio, spread, target)
    return out


def profiles(tree: Path, names: list[str], scale: float, big: Path, top: int) -> None:
    """Each figure once more under cProfile in ``tree``: its top functions by self time."""
    for name in names:
        result = measure(tree, name, scale, big, profile=top)
        summary = Table(title=f"profile of {name} ({tree.name}): top {top} by self time")
        for column in ("function", "self time", "calls"):
            summary.add_column(column, justify="left" if column == "function" else "right")
        for row in result.get("profile", []):
            summary.add_row(row["function"], f"{row['self_share']:.1%}", f"{row['calls']:,}")
        out_console.print(summary if "error" not in result else f"{name}: {result['error']}")


def compare(ref: str, names: list[str], rounds: int, scale: float, profile: int) -> None:
    trees = {"baseline": baseline_tree(ref), "current": ROOT}
    console.print(f"baseline {ref}: {trees['baseline']}; current: {ROOT}")
    big = generate(Path(tempfile.mkdtemp(prefix="greatwar-big-")), seed=1)
    series = run_rounds(trees, names, rounds, scale, big)
    out_console.print(table(series, ref, rounds))
    for name in names:
        out_console.print(f"  {name}: {FIGURES[name][0]}", highlight=False)
    out_console.print(
        "speed ratio: the current tree's speed over the baseline's (above 1: faster), the"
        " median of the rounds; spread: its lowest and highest round. 'x teaching': the"
        " cost on the generated 2,500-hex, 300-unit map over the same on gwite/teaching."
        " DIFFERENT GAMES: the two trees' games took other actions or ended in other"
        " positions (a rule changed, or a speed-up changed the games; the log's words are"
        " not compared): their ratio compares unlike work."
    )
    if profile:
        profiles(ROOT, names, scale, big, profile)
