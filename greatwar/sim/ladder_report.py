"""A ladder's results as terminal tables (Rich) and a picture (matplotlib, off-screen):
the Bradley–Terry ratings with their 95% intervals and the win matrix by side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.table import Table


def _elo(value: float) -> str:
    return f"{round(value):+d}"  # rounded first: no "-0"


def _span(interval: list[float]) -> str:
    low, high = interval
    return f"{_elo(low)}…{_elo(high)}"


def ranked_labels(results: dict[str, Any]) -> list[str]:
    """The agents' labels, strongest first (as entered if there are no ratings)."""
    return [row["label"] for row in results["ratings"]] or list(results["labels"])


def ratings_table(results: dict[str, Any]) -> Table:
    """Rank, agent, Elo with its 95% interval, and the lead over the next agent down with
    that lead's own interval; the side's advantage and the method below."""
    c = results["counts"]
    side = results["side_advantage"]
    prior = results["prior_draws"]
    table = Table(
        title=f"{results['scenario']}: Bradley–Terry ratings (Elo, mean 0)",
        caption=(
            f"{side['side']}'s side advantage over {side['over']}: {_elo(side['elo'])} "
            f"({_span(side['elo_ci95'])}).  "
            if side
            else f"No ratings: {results['fit_error']}.  "
        )
        + f"{c['finished']} rated games, "
        f"{results['games_per_pairing']} a pairing; 95% Wald intervals from the Fisher "
        "information; a draw counts half"
        + (f"; {prior:g} virtual draw(s) a pairing" if prior else ""),
    )
    table.add_column("#", justify="right")
    table.add_column("agent")
    for column in ("Elo", "95% CI", "lead", "lead 95% CI", "budget", "s/game"):
        table.add_column(column, justify="right", no_wrap=True)
    thought = results.get("thinking") or {}
    for row in results["ratings"]:
        lead = row["above_next"]
        mind = thought.get(row["label"]) or {}
        table.add_row(
            str(row["rank"]),
            row["label"],
            _elo(row["elo"]),
            _span(row["elo_ci95"]),
            _elo(lead["elo"]) if lead else "",
            _span(lead["elo_ci95"]) if lead else "",
            budget_text(mind),
            f"{mind['seconds_per_game']:.1f}" if mind.get("seconds_per_game") is not None else "",
        )
    return table


def budget_text(mind: dict[str, Any]) -> str:
    """An agent's budget in short: ``40 it``, ``2 s``, ``40 it, 2 s``, or ``—``."""
    parts = []
    if mind.get("iterations") is not None:
        parts.append(f"{mind['iterations']} it")
    if mind.get("think") is not None:
        parts.append(f"{mind['think']:g} s")
    return ", ".join(parts) or "—"


def _cell_text(cell: dict[str, float]) -> str:
    if not cell["games"]:
        return "—"
    share = 100 * cell["score"] / cell["games"]
    return f"{cell['won']:.0f}-{cell['drawn']:.0f}-{cell['lost']:.0f} ({share:.0f}%)"


def matrix_tables(results: dict[str, Any]) -> list[Table]:
    """One table per side: the row agent's won-drawn-lost (score share) playing that side
    against the column agent."""
    labels = ranked_labels(results)
    tables = []
    for side, rows in results["matrix"].items():
        table = Table(title=f"row agent as {side} against column agent: won-drawn-lost (score)")
        table.add_column(f"as {side}", no_wrap=True)
        for label in labels:
            table.add_column(label, justify="right", no_wrap=True)
        for row in labels:
            cells = rows[row]
            table.add_row(row, *(_cell_text(cells[col]) if col in cells else "" for col in labels))
        tables.append(table)
    return tables


def counts_line(results: dict[str, Any]) -> str:
    c = results["counts"]
    wall = results.get("wall_seconds")
    return (
        f"{c['games']} games: {c['finished']} finished ({c['draws']} drawn), "
        f"{c['unfinished']} unfinished, {c['failed']} failed"
        + (f"; {wall:.0f} s on {results['backend']}" if wall is not None else "")
    )


def failure_lines(results: dict[str, Any]) -> list[str]:
    """One line per failed game, with the record that reproduces it (if saved)."""
    return [
        f"game {g['index']} (seed {g['seed']}) failed: {g['failure']['kind']}: "
        f"{g['failure']['message']}" + (f"  — greatwar replay {g['record']}" if g["record"] else "")
        for g in results["games"]
        if g["status"] == "failed"
    ]


# --- the picture ----------------------------------------------------------------------


def plot_ladder(results: dict[str, Any], path: Path) -> Path:
    """The ratings with their 95% intervals and the score matrix by side, into ``path``
    (PNG, SVG or PDF by its suffix)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    sides = list(results["matrix"])
    agents = len(results["ratings"])
    figure = Figure(figsize=(4.5 + 3.2 * len(sides), 1.2 + 0.55 * max(agents, 3)))
    figure.set_layout_engine("constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(1, 1 + len(sides), width_ratios=[1.5] + [1] * len(sides))
    _draw_ratings(axes[0], results)
    for side_axes, side in zip(axes[1:], sides, strict=True):
        image = _draw_matrix(side_axes, results, side)
    figure.colorbar(image, ax=list(axes[1:]), shrink=0.8, label="score share of the row agent")
    c = results["counts"]
    figure.suptitle(
        f"{results['scenario']}: {', '.join(results['labels'])}; "
        f"{results['games_per_pairing']} games a "
        f"pairing, {c['finished']} rated (seed {results['seed']})"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=110)
    return path


def _draw_ratings(axes: Any, results: dict[str, Any]) -> None:
    rows = results["ratings"]
    axes.set_title("Bradley–Terry rating, 95% interval (Fisher)")
    if not rows:
        axes.text(
            0.5, 0.5, f"no ratings:\n{results['fit_error']}", ha="center", va="center", wrap=True
        )
        return
    elos = [r["elo"] for r in rows]
    errors = [
        [r["elo"] - r["elo_ci95"][0] for r in rows],
        [r["elo_ci95"][1] - r["elo"] for r in rows],
    ]
    ys = range(len(rows))
    axes.errorbar(elos, ys, xerr=errors, fmt="o", capsize=5, color="#33557a")
    axes.set_yticks(list(ys), [r["label"] for r in rows])
    axes.invert_yaxis()
    axes.axvline(0, color="grey", linewidth=0.8)
    side = results["side_advantage"]
    axes.set_xlabel(
        f"Elo (mean 0); {side['side']}'s side advantage {side['elo']:+.0f} "
        f"({side['elo_ci95'][0]:+.0f} to {side['elo_ci95'][1]:+.0f})"
    )


def _draw_matrix(axes: Any, results: dict[str, Any], side: str) -> Any:
    """The score shares of the row agent playing ``side`` (white text on dark cells)."""
    labels = ranked_labels(results)
    cells = results["matrix"][side]
    shares = [[_share(cells[row].get(col)) for col in labels] for row in labels]
    image = axes.imshow(
        [[float("nan") if s is None else s for s in line] for line in shares],
        cmap="RdBu",
        vmin=0,
        vmax=1,
    )
    for y, row in enumerate(labels):
        for x, col in enumerate(labels):
            share = shares[y][x]
            if share is not None:
                games = cells[row][col]["games"]
                colour = "white" if abs(share - 0.5) > 0.3 else "black"
                text = f"{100 * share:.0f}%\nn={games:.0f}"
                axes.text(x, y, text, ha="center", va="center", fontsize=8, color=colour)
    axes.set_xticks(range(len(labels)), labels, rotation=30, ha="right")
    axes.set_yticks(range(len(labels)), labels)
    axes.set_title(f"row agent as {side} v column\nscore share, draws half")
    return image


def _share(cell: dict[str, float] | None) -> float | None:
    if not cell or not cell["games"]:
        return None
    return cell["score"] / cell["games"]
