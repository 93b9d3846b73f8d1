"""Pictures of a simulation (matplotlib, drawn off-screen): victory-point distributions
per side and per agent, and win rates with their 95% confidence intervals."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from greatwar.sim.stats import Outcome, agent_sides, side_vp


def vp_groups(outcomes: Sequence[Outcome], summary: dict[str, Any]) -> dict[str, list[float]]:
    """Victory points of the finished games, from each side's and each agent's point of
    view (an agent's games: those in which it played one side)."""
    finished = [o for o in outcomes if o["status"] == "finished" and o["vp"] is not None]
    groups = {f"side {s}": [side_vp(o, s) for o in finished] for s in summary["sides"]}
    for label in summary["agents"]:
        sides = [(o, agent_sides(o).get(label, set())) for o in finished]
        groups[f"agent {label}"] = [side_vp(o, next(iter(s))) for o, s in sides if len(s) == 1]
    return {name: values for name, values in groups.items() if values}


def rate_bars(summary: dict[str, Any]) -> list[tuple[str, float, float, float]]:
    """``(name, rate, low, high)`` per side and per agent that has games."""
    records = [(f"side {s}", r) for s, r in summary["sides"].items()]
    records += [(f"agent {a}", r) for a, r in summary["agents"].items()]
    return [(name, r["rate"], *r["ci95"]) for name, r in records if r["games"]]


def plot_summary(outcomes: Sequence[Outcome], summary: dict[str, Any], path: Path) -> Path:
    """Draw the run's victory points and win rates into ``path`` (PNG, SVG or PDF)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(11, 4.5), layout="constrained")
    FigureCanvasAgg(figure)
    vp_axes, rate_axes = figure.subplots(1, 2)
    _draw_vp(vp_axes, vp_groups(outcomes, summary))
    _draw_rates(rate_axes, rate_bars(summary), summary)
    figure.suptitle(
        f"{summary['scenario']}: {' vs '.join(summary['matchup'])}, "
        f"{summary['finished']} finished games (seed {summary['seed']})"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=110)
    return path


def _draw_vp(axes: Any, groups: dict[str, list[float]]) -> None:
    axes.set_title("Victory points (each from its own side's view)")
    if not groups:
        axes.text(0.5, 0.5, "no finished game", ha="center", va="center")
        return
    names = list(groups)
    axes.boxplot(
        [groups[n] for n in names], orientation="horizontal", tick_labels=names, showmeans=True
    )
    for y, name in enumerate(names, start=1):
        values = groups[name]
        jitter = [y + 0.15 * ((i * 0.618) % 1 - 0.5) for i in range(len(values))]
        axes.scatter(values, jitter, s=8, alpha=0.4, color="black")
    axes.invert_yaxis()
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("victory points")


def _draw_rates(
    axes: Any, bars: list[tuple[str, float, float, float]], summary: dict[str, Any]
) -> None:
    axes.set_title("Win rate with 95% Wilson interval")
    axes.set_xlim(0, 1)
    if not bars:
        axes.text(0.5, 0.5, "no finished game", ha="center", va="center")
        return
    names = [b[0] for b in bars]
    rates = [b[1] for b in bars]
    errors = [[r - low for _, r, low, _ in bars], [high - r for _, r, _, high in bars]]
    ys = range(len(bars))
    colours = ["#6f8fb0" if n.startswith("side") else "#b0906f" for n in names]
    axes.barh(ys, rates, xerr=errors, capsize=4, color=colours)
    axes.set_yticks(list(ys), names)
    axes.invert_yaxis()
    axes.axvline(0.5, color="grey", linewidth=0.8, linestyle="--")
    draws = summary["draws"]
    axes.set_xlabel(f"share of finished games won (draws: {draws})")
