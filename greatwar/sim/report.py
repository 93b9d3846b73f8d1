"""A simulation's summary as tables for the terminal (Rich)."""

from __future__ import annotations

from typing import Any

from rich.table import Table


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _spread(spread: dict[str, Any], digits: int = 1) -> str:
    """``mean ± sd (min–max)``, or a dash when there are no values."""
    if not spread["n"]:
        return "—"
    return (
        f"{_num(spread['mean'], digits)} ± {_num(spread['sd'], digits)} "
        f"({_num(spread['min'], 0)}–{_num(spread['max'], 0)})"
    )


def _interval(record: dict[str, Any]) -> str:
    low, high = record["ci95"]
    return f"{100 * low:.0f}–{100 * high:.0f}%" if record["games"] else "—"


def _record_row(name: str, record: dict[str, Any]) -> list[str]:
    vp = record["vp"]
    return [
        name,
        str(record["games"]),
        str(record["wins"]),
        _pct(record["rate"]),
        _interval(record),
        _num(vp["mean"], 2),
        _num(vp["sd"], 2),
        _num(vp["min"], 0),
        _num(vp["max"], 0),
    ]


def win_table(summary: dict[str, Any]) -> Table:
    """Win rate (95% Wilson interval) and victory points (from the row's side) per side
    and per agent; an agent that played both sides also gets a row for each side."""
    table = Table(title=f"{summary['scenario']}: {summary['finished']} finished games")
    table.add_column("side / agent", no_wrap=True)
    for column in ("games", "won", "win %", "95% CI", "VP mean", "sd", "min", "max"):
        table.add_column(column, justify="right", no_wrap=True)
    for side, record in summary["sides"].items():
        table.add_row(*_record_row(side, record))
    if summary["agents"]:
        table.add_section()
    for label, record in summary["agents"].items():
        table.add_row(*_record_row(label, record), style="bold")
        if len(record["sides"]) > 1:
            for side, on_side in record["sides"].items():
                table.add_row(*_record_row(f" as {side}", on_side))
    return table


def games_table(summary: dict[str, Any]) -> Table:
    """Counts, game length and speed."""
    table = Table(title="Games", show_header=False)
    table.add_column(justify="left")
    table.add_column(justify="right")
    speed = summary["speed"]
    rows = [
        ("games", str(summary["games"])),
        ("finished", str(summary["finished"])),
        ("draws", str(summary["draws"])),
        ("unfinished (cut at --max-actions)", str(summary["unfinished"])),
        ("failed", str(summary["failed"])),
        ("actions per game", _spread(summary["length"]["actions"])),
        ("turns per game", _spread(summary["length"]["turns"])),
        ("decisions per second (per worker)", _num(speed["decisions_per_second"])),
    ]
    rows += [
        (f"  {label}", _num(agent["decisions_per_second"]))
        for label, agent in speed["agents"].items()
    ]
    rows += [
        ("wall time", f"{_num(speed['wall_seconds'])} s"),
        ("games per second", _num(speed["games_per_second"], 2)),
        ("records", summary["out"]),
    ]
    for name, value in rows:
        table.add_row(name, value)
    return table


def failure_lines(summary: dict[str, Any]) -> list[str]:
    """One line per failed game, with the record that reproduces it."""
    return [
        f"game {f['game']} (seed {f['seed']}) failed: {f['kind']}: {f['message']}"
        + (f"  — greatwar replay {summary['out']}/{f['record']}" if f["record"] else "")
        for f in summary["failures"]
    ]
