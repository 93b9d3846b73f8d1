"""Schemathesis' contract checks against the game server's API, in-process (issue 20,
defect 6): every phase (examples, coverage, fuzzing, stateful) and every check, with the
settings of ``schemathesis.toml``, against a fresh server (its ASGI application on a
temporary database):

    python benchmarks/contract.py --examples 100 --seconds 600

prints each deviation (a 5xx, a status or body the API's description does not
document, a schema-valid request refused as malformed, a malformed one accepted) and
exits 1 if there is one.  ``tests/server/test_api_contract.py`` runs it briefly.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema

from greatwar.server.app import create_app

#: the project's schemathesis settings (also read by ``st run``)
SETTINGS = Path(__file__).resolve().parents[1] / "schemathesis.toml"
#: a seated run plays this scenario's seat
SCENARIO = "gwite/teaching"
SEATED_ROLE = "allied"


@dataclass
class Report:
    """What a run tried and what deviated from the API's description."""

    requests: int = 0
    operations: set[str] = field(default_factory=set)
    deviations: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def settings(
    examples: int, seconds: float | None, seed: int, seat: tuple[str, str] | None = None
) -> SchemathesisConfig:
    """The project's settings, bounded: examples per operation, time, one worker, a seed;
    with ``seat`` (game id, token), every request names that game and holds that seat."""
    bounds = f"seed = {seed}\nworkers = 1\n"
    if seconds is not None:
        bounds += f"max-time = {seconds}\n"
    text = bounds + SETTINGS.read_text(encoding="utf-8")
    text += f"\n[generation]\nmax-examples = {examples}\n"
    if seat is not None:
        game_id, token = seat
        text += f'\n[parameters]\n"path.game_id" = "{game_id}"\n"query.token" = "{token}"\n'
        text += f'"header.X-Greatwar-Token" = "{token}"\n'
    return SchemathesisConfig.from_str(text)


def record(report: Report, event: events.ScenarioFinished) -> None:
    """Count a scenario's requests and keep its failed checks, one line each."""
    recorder = event.recorder
    report.requests += len(recorder.interactions)
    if event.label:
        report.operations.add(event.label)
    for checks in recorder.checks.values():
        for check in checks:
            if check.status == Status.FAILURE and check.failure_info is not None:
                failure = check.failure_info.failure
                report.deviations.append(
                    f"{failure.code} {failure.operation}: {failure.title}\n"
                    f"    {failure.message}\n    {check.failure_info.code_sample}"
                )


def run_contract(
    data_dir: Path,
    *,
    examples: int = 10,
    seconds: float | None = None,
    seed: int = 1,
    seated: bool = False,
) -> Report:
    """Run the checks against a server keeping its games under ``data_dir``; ``seated``:
    as a player of a game of :data:`SCENARIO` (its routes answer, not only refuse)."""
    app = create_app(data_dir / "games.sqlite3", think_time=0)
    seat = None
    if seated:
        created = app.state.service.create(SCENARIO, {}, seed, {}, False)
        seat = (created.game_id, created.tokens[SEATED_ROLE])
    config = settings(examples, seconds, seed, seat)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config)
    report = Report()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for event in from_schema(schema).execute():
            if isinstance(event, events.ScenarioFinished):
                record(report, event)
            elif isinstance(event, events.NonFatalError | events.FatalError):
                report.errors.append(str(getattr(event, "info", None) or event))
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100, help="examples per operation")
    parser.add_argument("--seconds", type=float, default=None, help="time budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seated", action="store_true", help=f"as a player of a {SCENARIO} game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="greatwar-contract-") as data:
        report = run_contract(
            Path(data),
            examples=args.examples,
            seconds=args.seconds,
            seed=args.seed,
            seated=args.seated,
        )
    for line in report.deviations + report.errors:
        print(line)
    print(
        f"{report.requests} requests to {len(report.operations)} operations:"
        f" {len(report.deviations)} deviations, {len(report.errors)} errors"
    )
    return 1 if report.deviations or report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
