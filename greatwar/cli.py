"""The ``greatwar`` command."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from greatwar.model.problems import ScenarioError

if TYPE_CHECKING:
    from greatwar.ai.base import Agent
    from greatwar.engine.system import RuleSystem

DEFAULT_SCENARIO = "gwite/teaching"

app = typer.Typer(
    help="First World War hex-and-counter wargames with every rule enforced.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


def _fail(message: str) -> typer.Exit:
    err.print(Text.assemble(("error: ", "bold red"), message), highlight=False)
    return typer.Exit(1)


def _load(scenario: str, options: list[str] | None = None):
    from greatwar.api import load

    try:
        return load(scenario, _parse_options(options or []))
    except ScenarioError as exc:
        for p in exc.problems:
            err.print(str(p), highlight=False, markup=False)
        raise _fail(f"cannot load scenario {scenario}") from None
    except ValueError as exc:
        raise _fail(str(exc)) from None


def _parse_options(pairs: list[str]) -> dict[str, bool | int | str]:
    out: dict[str, bool | int | str] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            out[name] = True
            continue
        low = raw.lower()
        out[name] = (
            low in ("1", "true", "yes", "on")
            if low in ("1", "0", "true", "false", "yes", "no", "on", "off")
            else int(raw)
            if raw.lstrip("-").isdigit()
            else raw
        )
    return out


def _agents(chosen: dict[str, str], roles: list[str], seed: int) -> dict[str, Agent]:
    """Agents by role; each seeded from the game seed and its role's place."""
    from greatwar.ai import make_agent

    try:
        return {r: make_agent(chosen[r], seed + i) for i, r in enumerate(roles) if r in chosen}
    except ValueError as exc:
        raise _fail(str(exc)) from None


#: the batch commands' (simulate, ladder) shared options
RayAddress = Annotated[
    str | None, typer.Option(help="Play on Ray: auto, local, or a cluster address.")
]
ThinkSeconds = Annotated[
    str | None,
    typer.Option(
        help="Seconds per decision (agents that think): S for every agent, or an agent's own "
        "by name or label, e.g. 'rollout=2,planner=5' (with S alone for the rest)."
    ),
]
Iterations = Annotated[
    str | None,
    typer.Option(
        help="Iterations per decision: N for every agent, or an agent's own by name or "
        "label, e.g. 'planner=40,rollout=16' (with N alone for the rest)."
    ),
]
OptionList = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Rule option NAME=VALUE (repeatable).")
]


@app.command()
def scenarios() -> None:
    """List the scenarios shipped with greatwar."""
    from greatwar.api import load
    from greatwar.model.loader import scenario_ids

    table = Table("id", "name", "turns", "fictional", "playable")
    for sid in scenario_ids():
        sc = load(sid).scenario
        playable = "yes" if not sc.blocking else "not yet"  # `greatwar validate` says why
        table.add_row(
            sid, sc.info.name, str(sc.info.turns), "yes" if sc.fictional else "", playable
        )
    console.print(table)


@app.command()
def autoplay(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")] = DEFAULT_SCENARIO,
    seed: Annotated[int, typer.Option(help="Game seed (dice and agents).")] = 1,
    agents: Annotated[str, typer.Option(help="Agent per side, comma-separated.")] = "random,random",
    out: Annotated[Path, typer.Option(help="Directory for the game record.")] = Path("games"),
    option: OptionList = None,
) -> None:
    """Play one whole computer-vs-computer game in the terminal and save its record."""
    from greatwar.sim.play import GameFailure, play_game

    game = _load(scenario, option)
    roles = game.roles()
    names = [a.strip() for a in agents.split(",")]
    if len(names) == 1:
        names *= len(roles)
    if len(names) != len(roles):
        raise _fail(f"give one agent per side ({', '.join(roles)})")
    players = _agents(dict(zip(roles, names, strict=True)), roles, seed)
    sc = game.scenario
    matchup = " vs ".join(f"{r} ({n})" for r, n in zip(roles, names, strict=True))
    console.print(f"[bold]{sc.info.name}[/] — {matchup}")
    if sc.fictional:
        console.print("[yellow]A FICTIONAL teaching scenario, not a historical one.[/]")
    start = time.perf_counter()
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
        task = progress.add_task("Game-Turn", total=sc.info.turns, status="")

        def step(state, role, action):
            turn = state.data.get("turn", 1)
            progress.update(
                task,
                completed=min(turn - 1, sc.info.turns),
                status=f"{state.version} actions · {state.prompt()[:60]}",
            )

        try:
            played = play_game(game, seed, players, on_step=step)
        except GameFailure as failure:
            raise _fail(f"the game failed: {failure}") from None
        progress.update(task, completed=sc.info.turns, status=f"{played.steps} actions")
    seconds = time.perf_counter() - start
    state = played.state
    result = state.result() or {}
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{scenario.replace('/', '-').removesuffix('.toml')}-seed{seed}.json"
    path.write_text(json.dumps(state.record(), indent=1), encoding="utf-8")
    table = Table(title="Result", show_header=False)
    table.add_row("result", str(result.get("summary", "")))
    table.add_row("winner", str(result.get("winner") or "none"))
    table.add_row("actions", f"{played.steps} in {seconds:.1f} s")
    table.add_row("record", str(path))
    console.print(table)


@app.command()
def fuzz(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")] = DEFAULT_SCENARIO,
    games: Annotated[int, typer.Option(help="How many games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Master seed.")] = 0,
    max_steps: Annotated[
        int, typer.Option(help="Actions after which a game is a runaway.")
    ] = 20_000,
    out: Annotated[Path, typer.Option(help="Directory for records of failed games.")] = Path(
        "fuzz-failures"
    ),
    option: OptionList = None,
) -> None:
    """Play random games; fail on a crash, dead end, broken invariant or runaway game."""
    from greatwar.sim.fuzz import FuzzReport
    from greatwar.sim.fuzz import fuzz as run_fuzz

    _load(scenario, option)  # clear errors for a bad scenario before starting
    with Progress(
        TextColumn("fuzz"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeRemainingColumn(),
        console=err,
    ) as progress:
        task = progress.add_task("fuzz", total=games, status="")

        def tick(done: int, report: FuzzReport) -> None:
            progress.update(
                task,
                completed=done,
                status=f"{report.actions} actions, {len(report.failures)} failures",
            )

        report = run_fuzz(
            scenario,
            games,
            seed,
            max_steps=max_steps,
            out_dir=out,
            options=_parse_options(option or []),
            progress=tick,
        )
    for f in report.failures:
        console.print(
            f"game {f.game} (seed {f.seed}): {f.kind}: {f.message}", highlight=False, markup=False
        )
        console.print(
            f"  record: {f.record}  (greatwar replay {f.record})", highlight=False, markup=False
        )
    console.print(
        f"{report.games} games, {len(report.failures)} failures;"
        f" {report.rulings} rulings resolved as previewed",
        highlight=False,
        markup=False,
    )
    if report.failures:
        raise typer.Exit(1)


@app.command()
def simulate(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")] = DEFAULT_SCENARIO,
    games: Annotated[int, typer.Option(help="How many games (pairs with --swap-sides).")] = 10,
    agents: Annotated[
        str, typer.Option(help="Agents per side (or per seat), comma-separated.")
    ] = "random,random",
    swap_sides: Annotated[
        bool, typer.Option(help="Play every game twice, the second with the agents reversed.")
    ] = False,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: CPU count; 0: this process).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Master seed; game i's seed derives from it.")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Directory for records (default simulations/<time>).")
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="Draw VP and win rates to this file.")] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON line, last.")
    ] = False,
    ray: RayAddress = None,
    think: ThinkSeconds = None,
    iterations: Iterations = None,
    max_actions: Annotated[
        int | None, typer.Option(help="Cut a game after this many actions (unfinished).")
    ] = None,
    option: OptionList = None,
) -> None:
    """Play many games between agents and summarise them: win rates, victory points, length."""
    from greatwar.sim import report
    from greatwar.sim.backends import BackendError, make_backend
    from greatwar.sim.simulate import GAMES, RESULTS, Plan, PlanError, check_out_dir, plan_jobs
    from greatwar.sim.simulate import simulate as run_simulation

    think_all, think_own = _budgets("think", think, float)
    iterations_all, iterations_own = _budgets("iterations", iterations, int)
    _check_positive(
        games=games, think=think_all, iterations=iterations_all, max_actions=max_actions
    )
    if workers is not None and workers < 0:
        raise _fail(f"--workers must be 0 (this process) or more, not {workers}")
    _load(scenario, option)  # clear errors for a bad scenario before starting
    plan = Plan(
        scenario=scenario,
        games=games,
        agents=tuple(a.strip() for a in agents.split(",")),
        seed=seed,
        swap_sides=swap_sides,
        options=_parse_options(option or []),
        think=think_all,
        iterations=iterations_all,
        max_actions=max_actions,
        agent_think=think_own,
        agent_iterations=iterations_own,
    )
    out_dir = out or Path("simulations") / time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    backend = make_backend(workers, ray)
    try:
        jobs = plan_jobs(plan)
        check_out_dir(out_dir)
        backend.start()  # a cluster that cannot be reached is refused before anything is written
        with _stoppable(), _game_progress(len(jobs)) as on_game:
            run = run_simulation(plan, backend, out_dir, on_game=on_game, jobs=jobs)
    except (PlanError, BackendError) as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:
        err.print(
            f"stopped: the games played are in {out_dir / RESULTS} and {out_dir / GAMES}",
            highlight=False,
        )
        raise typer.Exit(130) from None
    finally:
        backend.stop()
    summary = run.summary
    console.print(report.win_table(summary))
    console.print(report.games_table(summary))
    for line in report.failure_lines(summary):
        console.print(line, highlight=False, markup=False, style="red")
    if plot is not None:
        from greatwar.sim.plot import plot_summary

        console.print(f"plot: {plot_summary(run.outcomes, summary, plot)}", highlight=False)
    if json_out:
        console.out(json.dumps(summary, separators=(",", ":")), highlight=False)
    if summary["failed"]:
        raise typer.Exit(1)


@app.command()
def ladder(
    ctx: typer.Context,
    scenario: Annotated[str, typer.Argument(help="Scenario id or file (two sides).")],
    agents: Annotated[
        str, typer.Option(help="Agents of the round robin, comma-separated (a name may repeat).")
    ] = "random,heuristic",
    games: Annotated[int, typer.Option(help="Games a pairing, half on each side (even).")] = 100,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: CPU count; 0: this process).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Master seed; every game's seed derives from it.")] = 1,
    out: Annotated[
        Path, typer.Option(help="Results file (JSON); refused if it exists, unless --replace.")
    ] = Path("ladder.json"),
    replace: Annotated[
        bool,
        typer.Option(
            "--replace", help="Write over an existing results file (once every game is played)."
        ),
    ] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Play only the games not yet in the journal (OUT's -games.jsonl) of a "
            "ladder stopped part way, or with more --games, then rate them all.",
        ),
    ] = False,
    plot: Annotated[Path | None, typer.Option(help="Draw ratings and win matrix here.")] = None,
    ray: RayAddress = None,
    think: ThinkSeconds = None,
    iterations: Iterations = None,
    max_actions: Annotated[
        int | None, typer.Option(help="Cut a game after this many actions (unfinished, unrated).")
    ] = None,
    prior_draws: Annotated[
        float, typer.Option(help="Virtual draws a pairing (keeps a clean sweep finite).")
    ] = 1.0,
    option: OptionList = None,
) -> None:
    """Round robin with swapped sides, rated by Bradley–Terry with 95% intervals."""
    from greatwar.sim import ladder as round_robin
    from greatwar.sim import ladder_report
    from greatwar.sim.backends import BackendError, make_backend
    from greatwar.sim.simulate import PlanError

    think_all, think_own = _budgets("think", think, float)
    iterations_all, iterations_own = _budgets("iterations", iterations, int)
    _check_positive(
        games=games, think=think_all, iterations=iterations_all, max_actions=max_actions
    )
    if workers is not None and workers < 0:
        raise _fail(f"--workers must be 0 (this process) or more, not {workers}")
    if out.exists() and not (replace or resume):
        raise _fail(f"{out} exists; choose another --out, or --replace to write over it")
    journal = round_robin.Journal(round_robin.journal_path(out))
    if journal.path.exists() and not (replace or resume):
        raise _fail(
            f"{journal.path} holds the games of a ladder stopped part way: --resume to play"
            " the rest, or --replace to start anew"
        )
    _load(scenario, option)  # clear errors for a bad scenario before starting
    plan = round_robin.LadderPlan(
        scenario=scenario,
        agents=tuple(a.strip() for a in agents.split(",")),
        games=games,
        seed=seed,
        options=_parse_options(option or []),
        think=think_all,
        iterations=iterations_all,
        max_actions=max_actions,
        agent_think=think_own,
        agent_iterations=iterations_own,
        prior_draws=prior_draws,
    )
    backend = make_backend(workers, ray)
    code = round_robin.code_version()  # the commit that plays, taken before the games
    try:
        jobs = round_robin.plan_ladder(plan)
        played = journal.played(plan, code) if resume and journal.path.exists() else {}
        jobs, kept = round_robin.still_to_play(jobs, played)
        if not played:
            journal.start(plan, code)
        elif kept:
            console.print(f"resumed: {len(kept)} games kept in {journal.path}", highlight=False)
        failures = out.with_name(f"{out.stem}-failures")
        with _stoppable(), _game_progress(len(jobs)) as on_game:
            outcomes, wall = round_robin.play_ladder(
                plan, backend, jobs=jobs, on_game=on_game, failures=failures, journal=journal
            )
        outcomes = sorted(kept + outcomes, key=lambda o: o["index"])
        results = round_robin.summarize_ladder(
            plan,
            outcomes,
            command=_command_line(ctx),
            backend=backend.describe(),
            wall_seconds=wall,
            code=code,
            resumed=len(kept),
        )
    except (PlanError, BackendError) as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:
        err.print(
            f"stopped: the games played are kept in {journal.path};"
            " the same command with --resume plays the rest",
            highlight=False,
        )
        raise typer.Exit(130) from None
    console.print(ladder_report.ratings_table(results))
    for table in ladder_report.matrix_tables(results):
        console.print(table)
    console.print(ladder_report.counts_line(results), highlight=False)
    for line in ladder_report.failure_lines(results):
        console.print(line, highlight=False, markup=False, style="red")
    console.print(f"results: {round_robin.write_results(results, out)}", highlight=False)
    if plot is not None:
        console.print(f"plot: {ladder_report.plot_ladder(results, plot)}", highlight=False)
    if results["counts"]["failed"] or results["fit_error"]:
        raise typer.Exit(1)


def _command_line(ctx: typer.Context) -> str:
    """The command that was run, ``greatwar NAME`` with every parameter that has a value,
    defaults spelt out (so that it means the same if a default changes)."""
    import shlex

    words = ["greatwar", ctx.command.name or ""]
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        if value is None or value == [] or value is False:
            continue
        if value is True:  # a flag: its name alone
            words.append(param.opts[0])
            continue
        if param.param_type_name == "argument":
            words.append(str(value))
            continue
        flag = param.opts[0]
        values = value if isinstance(value, list | tuple) else [value]
        for each in values:
            words += [flag, str(each)]
    return shlex.join(words)


Number = TypeVar("Number", int, float)


def _budgets(
    flag: str, text: str | None, kind: type[Number]
) -> tuple[Number | None, dict[str, Number]]:
    """A budget option: the value for every agent (or None) and each agent's own, by name
    or label: ``40``, ``planner=40,rollout=16``, ``8,planner=40``."""
    every: Number | None = None
    own: dict[str, Number] = {}
    if text is None:
        return every, own
    for item in text.split(","):
        who, _, number = item.rpartition("=")
        try:
            value = kind(number.strip())
        except ValueError:
            raise _fail(
                f"--{flag}: expected a number, or AGENT=number for an agent's own"
                f" (comma-separated), not {item.strip()!r}"
            ) from None
        if not who.strip():
            if every is not None:
                raise _fail(f"--{flag}: one value for every agent, not two ({text!r})")
            every = value
        else:
            own[who.strip()] = value
    return every, own


def _check_positive(**values: float | None) -> None:
    """Refuse a count or budget below one (``None``: not given)."""
    for name, value in values.items():
        if value is not None and value <= 0:
            flag = name.replace("_", "-")
            raise _fail(f"--{flag} must be positive, not {value}")


@contextmanager
def _stoppable() -> Iterator[None]:
    """A termination signal (``kill``) stops the run as Ctrl-C does (KeyboardInterrupt),
    so that its worker processes are ended and what was played is kept."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(signal.Signals(signum).name)

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


@contextmanager
def _game_progress(total: int) -> Iterator[Callable[[Any, int, int], None]]:
    """A progress bar of games done, rate and time left (on stderr); yields its callback."""
    with Progress(
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err,
    ) as progress:
        task = progress.add_task("games", total=total, status="")
        start = time.perf_counter()
        failed = 0

        def on_game(outcome: Any, done: int, total: int) -> None:
            nonlocal failed
            failed += outcome["status"] == "failed"
            rate = done / max(time.perf_counter() - start, 1e-9)
            status = f"{rate:.2f} games/s" + (f", {failed} failed" if failed else "")
            progress.update(task, completed=done, status=status)

        yield on_game


@app.command()
def validate(
    files: Annotated[
        list[Path],
        typer.Argument(help="Scenario, map, counter or table files, or scenario ids."),
    ],
) -> None:
    """Check data files; list every problem, or what a valid scenario still lacks."""
    from greatwar.model.loader import resolve
    from greatwar.model.problems import ScenarioError
    from greatwar.rules import validate_file

    bad = 0
    for path in files:
        target = path
        if not path.exists() and path.suffix != ".toml":  # a scenario id: gwite/teaching
            try:
                target = resolve(str(path))[1]
            except ScenarioError:
                target = path
        report = validate_file(target)
        if report.problems:
            bad += 1
            for p in report.problems:
                console.print(str(p), highlight=False, markup=False)
            console.print(
                f"{path}: {len(report.problems)} problem(s)", highlight=False, markup=False
            )
            continue
        console.print(
            f"{path}: valid {report.kind}. {report.summary}", highlight=False, markup=False
        )
        for note in report.notes:
            console.print(f"  note: {note}", highlight=False, markup=False)
        for lack in report.lacks:
            console.print(f"  still lacks: {lack}", highlight=False, markup=False)
    if bad:
        raise typer.Exit(1)


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    verbose: Annotated[bool, typer.Option(help="Print the game log.")] = False,
) -> None:
    """Replay a game record, checking every action and invariant on the way."""
    from greatwar.engine.errors import IllegalAction, InvariantViolation
    from greatwar.sim.rulings import RulingCheck

    try:
        data = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise _fail(f"cannot read {record}: {exc}") from None
    if not isinstance(data, dict) or "actions" not in data or "scenario" not in data:
        raise _fail(f"{record} is not a game record")
    game = _load(data["scenario"], [f"{k}={v}" for k, v in (data.get("options") or {}).items()])
    game.checking = True
    rulings = RulingCheck(game).attach()  # every ruling is the one its preview showed
    state = game.new_state(int(data.get("seed", 0)))
    for n, (role, action) in enumerate(data["actions"], start=1):
        try:
            rulings.before(state, role)
            state.replay(role, action)  # (an option a later version words otherwise)
            broken = game.system.invariants(state, "any") + rulings.after(state)
            if broken:
                raise InvariantViolation("; ".join(broken))
        except IllegalAction as exc:
            rule = f" — {exc.case}: {exc.summary}" if exc.summary else ""
            raise _fail(
                f"action {n} ({role} {json.dumps(action)}) is illegal: {exc}{rule}"
            ) from None
        except Exception as exc:  # report any failure with its step
            raise _fail(
                f"action {n} ({role} {json.dumps(action)}) fails: {type(exc).__name__}: {exc}"
            ) from None
    if verbose:
        for entry in state.data["log"]:
            console.print(_log_line(game.system, entry), highlight=False, markup=False)
    console.print(
        f"{len(data['actions'])} actions replayed; digest {state.digest()};"
        f" {rulings.checked} attacks and clashes resolved as their previews showed",
        highlight=False,
    )
    if state.is_over():
        console.print(
            f"result: {(state.result() or {}).get('summary')}", highlight=False, markup=False
        )
    else:
        console.print(f"game in progress: {state.prompt()}", highlight=False, markup=False)
    if "failure" in data:
        raise _fail(f"the recorded failure ({data['failure'].get('kind')}) did not reproduce")


@app.command()
def verify(
    record: Annotated[
        Path, typer.Argument(help="A finished game's record (JSON), or a `games export` file.")
    ],
    commitment: Annotated[
        str | None, typer.Option(help="The commitment the game showed you, to compare.")
    ] = None,
) -> None:
    """Check a remote game's dice: the commitment, the seed, every roll and the digest."""
    from greatwar.server.dice_commitment import Discrepancy
    from greatwar.server.verify import verify as check

    try:
        doc = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _fail(f"cannot read {record}: {exc}") from None
    try:
        verdict = check(doc, commitment)
    except Discrepancy as exc:
        raise _fail(f"{record} does NOT verify: {exc}") from None
    mixed = ", ".join(verdict.contributors) or "no seat (the server's seed alone)"
    lines = [
        f"{record} verifies: {verdict.scenario}, {verdict.actions} actions, {verdict.rolls} rolls",
        f"  commitment {verdict.commitment}: the revealed salt and server seed hash to it",
        f"  dice seed {verdict.seed}: the server seed mixed with the entropy of {mixed}",
        f"  every roll is the die the seed gives; final digest {verdict.digest}",
    ]
    lines += [f"  result: {verdict.result}"] if verdict.result else []
    lines += [f"  note: {note}" for note in verdict.notes]
    for line in lines:
        console.print(line, highlight=False, markup=False)


def _log_line(system: RuleSystem, entry: dict[str, Any]) -> str:
    """A log entry as ``   12 text [5.4: our summary of 5.4]``."""
    line = f"{entry['n']:>5} {entry['text']}"
    case = entry.get("case")
    if case:
        summary = system.case_summary(case)
        line += f" [{case}: {summary}]" if summary else f" [{case}]"
    return line


@app.command()
def render(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")] = DEFAULT_SCENARIO,
    out: Annotated[Path, typer.Option(help="SVG file to write.")] = Path("map.svg"),
    record: Annotated[
        Path | None, typer.Option(help="Draw the units as after this record.")
    ] = None,
    hex_size: Annotated[float, typer.Option(help="Hex radius in SVG units.")] = 30.0,
) -> None:
    """Draw the map with its counters as an SVG picture."""
    from greatwar.api import replay as replay_record
    from greatwar.render import render_svg

    game = _load(scenario)
    state = None
    if record is not None:
        state = replay_record(record)
    out.write_text(render_svg(game.scenario, state, hex_size=hex_size), encoding="utf-8")
    console.print(f"wrote {out}", highlight=False, markup=False)


@app.command()
def terminal(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")] = DEFAULT_SCENARIO,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: random).")] = None,
    computer: Annotated[
        list[str] | None, typer.Option(help="A side the computer plays (repeatable).")
    ] = None,
    agent: Annotated[str, typer.Option(help="The computer's agent.")] = "heuristic",
    out: Annotated[Path, typer.Option(help="Directory for the game record.")] = Path("games"),
    option: OptionList = None,
    resume: Annotated[
        Path | None, typer.Option(help="Go on with a game the terminal saved (its record).")
    ] = None,
) -> None:
    """Play in the terminal: two people taking turns at one keyboard, or against the computer."""
    from greatwar.terminal import TerminalGame
    from greatwar.terminal.resume import random_seed, read_saved, record_path

    if resume is not None:
        try:
            state, seats = read_saved(resume)
        except ValueError as exc:
            raise _fail(str(exc)) from None
        path = resume
    else:
        if seed is None:
            seed = random_seed()
        state, path = _load(scenario, option).new_state(seed), record_path(out, scenario, seed)
        seats = {"computer": {}}
    roles = state.game.roles()
    if computer:
        seats["computer"] = {c: agent for c in computer}
    unknown = [c for c in seats["computer"] if c not in roles]
    if unknown:
        raise _fail(f"no side {', '.join(unknown)}; sides: {', '.join(roles)}")
    seed = int(state.record().get("seed", 0))
    console.print(f"seed {seed} (play this game again: --seed {seed})", highlight=False)
    agents = _agents(seats["computer"], roles, seed)
    game = TerminalGame(state, set(roles) - set(agents), agents, path, console, seats=seats)
    if resume is not None:
        console.print(f"resumed {resume}", highlight=False, markup=False)
        game.mark_log_seen()
    game.play()


ThinkTime = Annotated[
    float,
    typer.Option(help="Seconds the computer waits before each move (the page animates its moves)."),
]
DbOption = Annotated[
    str | None,
    typer.Option(
        help="The games' database: an SQLite file (default: greatwar-data/games.sqlite3)"
        " or a postgresql:// URL."
    ),
]


def _db(db: str | None) -> str | Path:
    """The database ``--db`` names: a PostgreSQL URL as given, else an SQLite file's path."""
    from greatwar.server.run import DEFAULT_DB
    from greatwar.server.storage import is_postgres

    if db is None:
        return DEFAULT_DB
    return db if is_postgres(db) else Path(db)


def _app(create_app: Callable[..., Any], db: str | Path, **options: Any) -> Any:
    """The server application on ``db``; a database that cannot be opened is a clear error."""
    from greatwar.server.storage import StorageUnavailable

    try:
        return create_app(db, **options)
    except (ImportError, StorageUnavailable) as exc:  # no psycopg; an unreachable database
        raise _fail(str(exc)) from None


def _shown_db(db: str | Path) -> str:
    """The database for messages (a URL's password never shown)."""
    from greatwar.server.storage import is_postgres

    if not is_postgres(db):
        return str(db)
    from greatwar.server.storage_postgres import shown_url

    return shown_url(str(db))


#: the port ``greatwar play`` listens on, so its printed link keeps working after a restart
PLAY_PORT = 8914


@app.command()
def play(
    scenario: Annotated[str, typer.Argument(help="Scenario id.")] = DEFAULT_SCENARIO,
    side: Annotated[str | None, typer.Option(help="Your side (default: the first).")] = None,
    agent: Annotated[str | None, typer.Option(help="The computer's agent.")] = None,
    level: Annotated[
        str | None,
        typer.Option(
            help="The computer's level: easy (heuristic), normal (rollout), hard (planner)."
        ),
    ] = None,
    port: Annotated[
        int, typer.Option(help=f"Port (default {PLAY_PORT}, so the link stays; 0: any free port).")
    ] = PLAY_PORT,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open a browser.")] = (
        False
    ),
    new: Annotated[
        bool, typer.Option("--new", help="Start a fresh game (default: resume the last one).")
    ] = False,
    db: DbOption = None,
    seed: Annotated[int | None, typer.Option(help="Dice seed (default: random).")] = None,
    think_time: ThinkTime = 0.0,
    option: OptionList = None,
) -> None:
    """Play in the browser against the computer: starts a local server and opens the game.

    Resumes your last unfinished game of SCENARIO as SIDE (the same link as before) unless
    --new, --seed, --option, --agent or --level is given.  Levels: easy (the heuristic agent,
    moves at once), normal (the rollout agent, about 2 s a decision it thinks about), hard
    (the turn planner, about 5 s a player-turn)."""
    import webbrowser

    from greatwar.server.app import create_app
    from greatwar.server.local_play import local_router, resume, seats_path
    from greatwar.server.run import address, listen, run

    agent = _level_agent(level, agent)
    roles = _load(scenario, option).roles()
    you = side or roles[0]
    if you not in roles:
        raise _fail(f"no side {you}; sides: {', '.join(roles)}")
    path = _db(db)
    sock = _listen_play(port, listen)
    app_ = _app(create_app, path, think_time=think_time, editor=True)
    service = app_.state.service
    seats = seats_path(path)
    app_.include_router(local_router(service, seats))
    # a seed, options or an agent describe a new game: they are not resumed
    fresh = new or seed is not None or bool(option) or agent is not None
    kept = None if fresh else resume(service, seats, scenario, you)
    if kept is None:
        game_id, token = _new_play_game(service, seats, scenario, you, agent, seed, option)
        console.print(f"A new game of {scenario}.", highlight=False, markup=False)
    else:
        game_id, token = kept.game_id, kept.token
        console.print(
            f"Resuming your last game of {scenario} (--new starts a fresh one).",
            highlight=False,
            markup=False,
        )
    url = f"{address(sock)}/game/{game_id}?token={token}"
    console.print(f"Your game ({you}): {url}", highlight=False, markup=False)
    console.print("Keep this address to come back to the game. Ctrl-C stops the server.")
    if not no_browser:
        webbrowser.open(url)
    run(app_, sock)


def _level_agent(level: str | None, agent: str | None) -> str | None:
    """The agent ``--level`` names (or ``--agent``, not both)."""
    from greatwar.ai import LEVELS

    if level is None:
        return agent
    if agent is not None:
        raise _fail("give --level or --agent, not both")
    chosen = LEVELS.get(level)
    if chosen is None:
        raise _fail(f"no level {level}; levels: {', '.join(LEVELS)}")
    console.print(f"Level {level}: the {chosen.agent} agent, {chosen.think}.", highlight=False)
    return chosen.agent


def _new_play_game(
    service: Any,
    seats_file: Path,
    scenario: str,
    you: str,
    agent: str | None,
    seed: int | None,
    option: list[str] | None,
) -> tuple[str, str]:
    """A new game of ``play`` (you against the computer), its seat kept in ``seats_file``."""
    from greatwar.ai import DEFAULT_AGENT
    from greatwar.server.games import ApiError
    from greatwar.server.local_play import new_seat, remember_seat

    computer = f"computer:{agent or DEFAULT_AGENT}"
    roles = _load(scenario, option).roles()
    seats = {r: "human" if r == you else computer for r in roles}
    try:
        created = service.create(scenario, _parse_options(option or []), seed, seats, False)
    except ApiError as exc:
        raise _fail(exc.message) from None
    token = created.tokens[you]
    remember_seat(seats_file, new_seat(created.game_id, scenario, you, token))
    return created.game_id, token


def _listen_play(port: int, listen: Any) -> Any:
    """The socket of ``play``; a taken port says how to choose another."""
    try:
        return listen("127.0.0.1", port)
    except OSError as exc:
        raise _fail(
            f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}. Is greatwar play"
            " already running there? Stop it (Ctrl-C), or choose another port with"
            " --port N (--port 0: any free port)."
        ) from None


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (0: any free port).")] = 8000,
    db: DbOption = None,
    think_time: ThinkTime = 0.0,
    editor: Annotated[
        bool,
        typer.Option(
            "--editor", help="Also serve the scenario editor (it writes files: not for strangers)."
        ),
    ] = False,
    log_level: Annotated[
        str,
        typer.Option(
            help="critical, error, warning, info, debug or trace (no token or seed is logged)."
        ),
    ] = "info",
    cache_mib: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Memory (MiB, estimated) the games kept in memory may take; idle games"
            " beyond it are let go and rebuilt from their snapshots when asked for"
            " (default 512)",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Run the game server for others to join (games are kept in an SQLite file, or in a
    PostgreSQL database that several servers may share: --db postgresql://...)."""
    from uvicorn.config import LOG_LEVELS

    from greatwar.server.app import create_app
    from greatwar.server.run import address, data_dir, listen, run

    if log_level.lower() not in LOG_LEVELS:
        raise _fail(f"--log-level is one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
    path = _db(db)
    budget = {} if cache_mib is None else {"cache_mib": cache_mib}  # None: the server's own
    app_ = _app(create_app, path, think_time=think_time, editor=editor, **budget)
    sock = _listen(host, port, listen)
    shown = _shown_db(path)
    console.print(f"greatwar server on {address(sock)}/ (games in {shown})", highlight=False)
    if editor:
        projects = data_dir(path) / "editor"
        console.print(f"Scenario editor: {address(sock)}/edit (projects in {projects})")
        if host not in ("127.0.0.1", "localhost", "::1"):
            err.print("warning: the editor writes files on this machine; anyone who can reach")
            err.print(f"{host}:{port} can use it. Serve it on 127.0.0.1 unless you trust them.")
    run(app_, sock, log_level=log_level)


@app.command()
def edit(
    scenario: Annotated[
        str | None,
        typer.Argument(
            help="Scenario to edit: a shipped id, or a scenario .toml file (default: the chooser)."
        ),
    ] = None,
    project: Annotated[str | None, typer.Option(help="Project id to open (or create).")] = None,
    port: Annotated[int, typer.Option(help="Port (0: any free port).")] = 0,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open a browser.")] = (
        False
    ),
    db: DbOption = None,
) -> None:
    """Enter a map, a counter sheet and a scenario in the browser's scenario editor.

    With SCENARIO, opens the project made from it (made now if there is none yet);
    projects are kept in editor/ beside the games' SQLite file."""
    import webbrowser

    from greatwar.server.app import create_app
    from greatwar.server.run import address, data_dir, listen, run

    path = _db(db)
    project_id = _editor_project(data_dir(path), scenario, project)
    app_ = _app(create_app, path, editor=True)
    sock = _listen("127.0.0.1", port, listen)
    url = f"{address(sock)}/edit" + (f"/{project_id}" if project_id else "")
    console.print(f"Scenario editor: {url}", highlight=False, markup=False)
    console.print(f"Projects are kept in {data_dir(path) / 'editor'}. Ctrl-C stops the server.")
    if not no_browser:
        webbrowser.open(url)
    run(app_, sock)


def _editor_project(data_dir: Path, scenario: str | None, project: str | None) -> str | None:
    """The project ``greatwar edit`` opens: ``project`` (made from ``scenario`` when it
    does not exist yet), else the latest one made from ``scenario``, else a new one."""
    from greatwar.editor.project import EditorError, Project
    from greatwar.model.loader import scenario_ids
    from greatwar.server.editor_routes import PROJECT_ID

    on_disk = scenario is not None and scenario.endswith(".toml") and Path(scenario).is_file()
    if scenario is not None and scenario not in scenario_ids() and not on_disk:
        raise _fail(
            f"no scenario {scenario!r}: a shipped one ({', '.join(scenario_ids())})"
            " or a scenario .toml file"
        )
    if on_disk and scenario is not None:
        scenario = str(Path(scenario).resolve())
    if project is not None and not PROJECT_ID.fullmatch(project):
        raise _fail(f"a project id is 1 to 60 of a-z, 0-9 and '-', not {project!r}")
    try:
        if project is not None:
            if (data_dir / "editor" / project / "project.json").is_file():
                return Project.open(data_dir, project).id
            if scenario is None:
                raise _fail(f"no project {project!r} in {data_dir / 'editor'}")
            return Project.create_from(data_dir, scenario, project).id
        if scenario is None:
            return None
        made = [p for p in Project.summaries(data_dir) if p.get("source") == scenario]
        if made:
            return str(max(made, key=lambda p: str(p.get("updated", "")))["id"])
        return Project.create_from(data_dir, scenario).id
    except EditorError as exc:
        for p in getattr(exc, "problems", None) or []:
            err.print(p.get("message", p), highlight=False, markup=False)
        raise _fail(str(exc)) from None


games_app = typer.Typer(help="The server owner's whole games: export and import.")
app.add_typer(games_app, name="games")


def _games_storage(db: str | None, *, new: bool = False) -> Any:
    """The storage ``--db`` names; an SQLite file must exist unless ``new``."""
    from greatwar.server.storage import StorageUnavailable, open_storage

    path = _db(db)
    if isinstance(path, Path) and not new and not path.is_file():
        raise _fail(f"no games database {path}")
    try:
        return open_storage(path)
    except (ImportError, StorageUnavailable) as exc:  # no psycopg; an unreachable database
        raise _fail(str(exc)) from None


@games_app.command("export")
def games_export(
    game_id: Annotated[str, typer.Argument(help="The game's id.")],
    file: Annotated[Path, typer.Argument(help="The JSON file to write.")],
    db: DbOption = None,
) -> None:
    """Write a whole game (record with seed, actions, notes, seat token hashes) to FILE."""
    from greatwar.server.replay import ImportRefused, export_game

    storage = _games_storage(db)
    try:
        doc = export_game(storage, game_id)
    except ImportRefused as exc:
        raise _fail(str(exc)) from None
    finally:
        storage.close()
    file.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    console.print(f"game {game_id}: {len(doc['actions'])} actions written to {file}")


@games_app.command("import")
def games_import(
    file: Annotated[Path, typer.Argument(help="A file written by `greatwar games export`.")],
    db: DbOption = None,
) -> None:
    """Add an exported game to the server's database, once every action replays (to the
    digests stored with them, where this version of greatwar stored them)."""
    from greatwar.server.replay import ImportRefused, import_game, read_export
    from greatwar.server.run import data_dir
    from greatwar.server.upgrades import all_ours

    try:
        doc = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _fail(f"cannot read {file}: {exc}") from None
    path = _db(db)
    storage = _games_storage(db, new=True)
    try:
        game_id = import_game(storage, doc, data_dir(path) / "editor")
    except ImportRefused as exc:
        raise _fail(f"{file} refused: {exc}") from None
    finally:
        storage.close()
    console.print(f"game {game_id} imported into {_shown_db(path)}")
    _, actions, _, _, marks = read_export(doc)
    if actions and not all_ours(marks, 1, len(actions)):
        console.print(
            "another version of greatwar stored some of its actions: it is carried over"
            " when first served (its log will say so)"
        )


@app.command()
def backup(
    file: Annotated[Path, typer.Argument(help="The backup file to write (gzip JSON lines).")],
    db: DbOption = None,
) -> None:
    """Write the whole games database to FILE, as of one moment, while the server runs on.

    The file is the same for SQLite and PostgreSQL: a backup of either restores into either."""
    from greatwar.server.backup import write_backup

    storage = _games_storage(db)
    try:
        rows = write_backup(storage, file)
    finally:
        storage.close()
    console.print(f"{rows} rows of {_shown_db(_db(db))} written to {file}", highlight=False)


@app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="A file written by `greatwar backup`.")],
    db: DbOption = None,
) -> None:
    """Fill an EMPTY games database from a backup FILE: all of it, or nothing."""
    from greatwar.server.backup import BackupError, read_backup
    from greatwar.server.storage import DumpRefused, NotEmpty

    storage = _games_storage(db, new=True)
    shown = _shown_db(_db(db))
    try:
        storage.load_dump(read_backup(file))
        games = len(storage.game_ids())
    except NotEmpty as exc:
        raise _fail(f"{shown} refused the backup: {exc}") from None
    except (BackupError, DumpRefused) as exc:
        raise _fail(f"{file} refused, nothing restored: {exc}") from None
    finally:
        storage.close()
    console.print(f"{games} games restored from {file} into {shown}", highlight=False)


def _listen(host: str, port: int, listen: Any) -> Any:
    try:
        return listen(host, port)
    except OSError as exc:
        raise _fail(f"cannot listen on {host}:{port}: {exc}") from None


def main() -> None:
    app()


if __name__ == "__main__":
    main()
