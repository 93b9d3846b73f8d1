"""The game server under load (issue 20): many games played at once on loopback.

Starts ``greatwar serve`` in a subprocess on a temporary database and drives
``--games`` games at once (default 100) for ``--seconds``: hotseat games where
the client plays both seats with the table token, and (``--computer``, a share
of them) games against the computer, where the client plays the human seat and
learns of the computer's moves over the seat's WebSocket, as the browser does.
Each client picks a random legal action from its own view (never undo) and
submits it; a finished game is replaced by a new one.  At most ``--clients``
requests are in flight at once.  Like the game page, a client sends back the
``log_key`` of the last payload it read, so the server sends only the log entries
after it; ``--whole-logs`` sends no key (the page before that change, and the only
way to measure a server from before it, which refuses the field).

Reports (measured, never asserted): accepted actions per second (the computer's
included) and the latency of the action submissions (p50/p95/p99, from sending the
request to reading the answer), both within the ``--seconds`` of play that begin
once the first games are made; errors by kind, and the server's resident
memory (``/proc``) and CPU time, and how the machine's CPU time went meanwhile (busy,
idle, disk wait, and the *steal* a shared host's hypervisor takes: the same code
measures slower when neighbours load the host).  ``--json`` prints the report as one JSON
object.  ``--profile FILE`` runs the server under cProfile (written when it
stops).  The server is whatever ``greatwar`` the interpreter imports: run with
``PYTHONPATH=<tree>`` to measure another checkout.

    python benchmarks/load.py --games 100 --seconds 60 --clients 32
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import orjson

SCENARIOS = ("gwite/teaching", "tannenberg/teaching")
UNDO = {"type": "undo"}
_ids = itertools.count(1)


# --- the server ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``greatwar serve`` in a subprocess (under cProfile when ``profile`` names a file)."""

    def __init__(
        self, folder: Path, db: str, extra: list[str], profile: Path | None, name: str = "server"
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = ["serve", "--port", str(self.port), "--db", db]
        args += ["--think-time", "0", *extra]
        runner = ["-m", "cProfile", "-o", str(profile.resolve())] if profile else []
        self.log_path = folder / f"{name}.log"
        self.log = self.log_path.open("wb")
        # started in its own folder: ``python -m`` puts the working directory first on
        # the import path, ahead of PYTHONPATH, so a server started from a checkout would
        # run that checkout's greatwar whatever PYTHONPATH names
        self.process = subprocess.Popen(
            [sys.executable, *runner, "-m", "greatwar.cli", *args],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            cwd=folder,
        )

    async def wait_ready(self, http: aiohttp.ClientSession) -> None:
        for _ in range(600):
            if self.process.poll() is not None:
                raise SystemExit("the server did not start:\n" + self.log_path.read_text())
            with contextlib.suppress(aiohttp.ClientConnectionError):
                async with http.get(self.url + "/api/scenarios") as response:
                    await response.read()
                return
            await asyncio.sleep(0.1)
        raise SystemExit("the server never answered")

    def rss_kib(self) -> int | None:
        """The server's resident memory now, in KiB (None where /proc has no answer)."""
        return _proc_status(self.process.pid, "VmRSS")

    def peak_rss_kib(self) -> int | None:
        return _proc_status(self.process.pid, "VmHWM")

    def cpu_seconds(self) -> float | None:
        """User and system CPU time the server has used so far."""
        return _cpu_of(self.process.pid)

    def workers_cpu_seconds(self) -> float:
        """User and system CPU time of the server's worker processes now running (the
        computer players think in them)."""
        return sum(_cpu_of(pid) or 0.0 for pid in _children(self.process.pid))

    def stop(self) -> None:
        """Ctrl-C (so that cProfile writes its file), then kill if it lingers."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (None when unreadable)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _cpu_of(pid: int) -> float | None:
    fields = _stat(pid)
    if fields is None:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and fields[1] == str(pid):
            found.append(int(entry.name))
    return found


def _proc_status(pid: int, key: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


# --- the clients ----------------------------------------------------------------------


@dataclass
class Stats:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    versions: dict[str, int] = field(default_factory=dict)
    games_started: int = 0
    games_finished: int = 0

    def seen(self, game_id: str, version: int) -> None:
        self.versions[game_id] = max(version, self.versions.get(game_id, 0))


class Load:
    """The games played at once, until the deadline."""

    def __init__(
        self, http: aiohttp.ClientSession, servers: list[Server], args: argparse.Namespace
    ) -> None:
        self.http = http
        #: the server processes; a game is played on the one that made it (as a load
        #: balancer that keeps each game on one process would)
        self.servers = servers
        self.home: dict[str, Server] = {}
        #: the WebSockets' own session: they hold their connections, the requests' pool not
        self.sockets = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        self.args = args
        self.gate = asyncio.Semaphore(args.clients)
        self.stats = Stats()
        self.deadline = 0.0
        self.rng = random.Random(args.seed)
        self.scenarios: dict[str, dict[str, Any]] = {}
        self.setup_seconds = 0.0
        #: the server's and the client's CPU seconds when the play began
        self.cpu_at_start = (0.0, 0.0)
        self.host_at_start: list[int] = []
        self.workers_at_start = 0.0
        self.ended: dict[str, Any] = {}

    def running(self) -> bool:
        return time.monotonic() < self.deadline

    def seen(self, game_id: str, version: int) -> None:
        """A game's version as seen by its client (only until the deadline)."""
        if self.running():
            self.stats.seen(game_id, version)

    def url(self, game_id: str) -> str:
        """The address of the server process that plays the game."""
        return self.home[game_id].url

    async def request(self, method: str, url: str, **kw: Any) -> tuple[int, Any]:
        """One request (at most ``--clients`` in flight): its status and its JSON body."""
        async with self.gate:
            return await self._send(method, url, **kw)

    async def _send(self, method: str, url: str, **kw: Any) -> tuple[int, Any]:
        if "json" in kw:
            kw["data"] = orjson.dumps(kw.pop("json"))
            kw["headers"] = {"content-type": "application/json"}
        async with self.http.request(method, url, **kw) as response:
            return response.status, orjson.loads(await response.read())

    async def create(self, computer: bool, server: Server) -> dict[str, Any]:
        scenario = self.rng.choice(SCENARIOS)
        body: dict[str, Any] = {"scenario": scenario, "seed": self.rng.randrange(2**53)}
        if computer:
            roles = [r["id"] for r in self.scenarios[scenario]["roles"]]
            body["seats"] = {self.rng.choice(roles): "computer"}
        else:
            body["hotseat"] = True
        status, answer = await self.request("POST", server.url + "/api/games", json=body)
        if status != 200:
            raise aiohttp.ClientResponseError(None, (), status=status)  # type: ignore[arg-type]
        self.home[answer["game_id"]] = server
        self.stats.games_started += 1
        return answer  # type: ignore[no-any-return]

    async def run(self, games: int) -> float:
        """Create the games, then play until the deadline; the seconds of play."""
        listed = (await self.request("GET", self.servers[0].url + "/api/scenarios"))[1]
        self.scenarios = {s["id"]: s for s in listed}
        computers = round(games * self.args.computer)
        kinds = [i < computers for i in range(games)]
        homes = [self.servers[i % len(self.servers)] for i in range(games)]
        self.deadline = float("inf")
        created = time.monotonic()
        made = await asyncio.gather(*map(self.create, kinds, homes))
        start = time.monotonic()
        self.setup_seconds = start - created
        self.deadline = start + self.args.seconds
        self.cpu_at_start = (self.server_cpu(), client_cpu())
        self.host_at_start = host_ticks()
        self.workers_at_start = sum(s.workers_cpu_seconds() for s in self.servers)
        players = [
            self.keep_playing(computer, random.Random(n), game, home)
            for n, (computer, game, home) in enumerate(zip(kinds, made, homes, strict=True))
        ]
        await asyncio.gather(self.at_deadline(), *players)  # (some end after the deadline)
        return self.args.seconds  # type: ignore[no-any-return]

    async def at_deadline(self) -> None:
        """The server's memory and both CPU times when the play ends."""
        await asyncio.sleep(max(0.0, self.deadline - time.monotonic()))
        servers = self.servers
        self.ended = {
            "server_rss_mib": mib(sum(s.rss_kib() or 0 for s in servers)),
            "server_peak_rss_mib": mib(sum(s.peak_rss_kib() or 0 for s in servers)),
            "server_cpu_seconds": round(self.server_cpu() - self.cpu_at_start[0], 1),
            "workers_cpu_seconds": round(
                sum(s.workers_cpu_seconds() for s in servers) - self.workers_at_start, 1
            ),
            "client_cpu_seconds": round(client_cpu() - self.cpu_at_start[1], 1),
            "host_cpu_percent": host_shares(self.host_at_start, host_ticks()),
        }

    def server_cpu(self) -> float:
        """The CPU seconds the server processes have used so far (together)."""
        return sum(s.cpu_seconds() or 0.0 for s in self.servers)

    async def keep_playing(
        self, computer: bool, rng: random.Random, made: dict[str, Any], home: Server
    ) -> None:
        """The game made, then one game after another, until the deadline."""
        while self.running():
            try:
                if computer:
                    await self.against_computer(made, rng)
                else:
                    await self.hotseat(made, rng)
                if self.running():
                    made = await self.create(computer, home)
            except (aiohttp.ClientError, OSError) as exc:
                self.stats.errors[type(exc).__name__] += 1
                await asyncio.sleep(0.1)

    def held(self, payload: dict[str, Any] | None) -> str | None:
        """The log key to send after reading ``payload`` (none with ``--whole-logs``)."""
        if payload is None or self.args.whole_logs:
            return None
        return payload.get("log_key")

    async def view(
        self, game_id: str, token: str, role: str | None = None, log_key: str | None = None
    ) -> dict[str, Any]:
        params = {"token": token} | ({"role": role} if role else {})
        if log_key is not None:
            params["log_key"] = log_key
        url = f"{self.url(game_id)}/api/games/{game_id}"
        status, payload = await self.request("GET", url, params=params)
        if status != 200:
            raise aiohttp.ClientResponseError(None, (), status=status)  # type: ignore[arg-type]
        self.seen(game_id, payload["version"])
        return payload  # type: ignore[no-any-return]

    async def submit(
        self,
        game_id: str,
        token: str,
        role: str | None,
        version: int,
        action: dict[str, Any],
        log_key: str | None = None,
    ) -> dict[str, Any] | None:
        """The answer to one submission (None when refused: the refusal is counted)."""
        body: dict[str, Any] = {
            "token": token,
            "version": version,
            "action": action,
            "submission_id": f"load-{next(_ids)}",
        }
        if role is not None:
            body["role"] = role
        if log_key is not None:
            body["log_key"] = log_key
        async with self.gate:
            sent = time.perf_counter()
            url = f"{self.url(game_id)}/api/games/{game_id}/actions"
            status, answer = await self._send("POST", url, json=body)
            elapsed = time.perf_counter() - sent
        if status != 200:
            code = (answer.get("error") or {}).get("code", str(status))
            (self.stats.errors if status >= 500 else self.stats.refused)[code] += 1
            return None
        if self.running():  # what ends after the deadline is not counted
            self.stats.latencies.append(elapsed)
        self.seen(game_id, answer["version"])
        return answer  # type: ignore[no-any-return]

    async def hotseat(self, made: dict[str, Any], rng: random.Random) -> None:
        """Both seats played at one table (the table token names the seat that acts)."""
        game_id, token = made["game_id"], made["table"]["token"]
        payload = await self.view(game_id, token)
        version, view = payload["version"], payload["view"]
        while self.running() and not view["over"]:
            role = view["active_roles"][0]
            if view["role"] != role:
                payload = await self.view(game_id, token, role, self.held(payload))
                version, view = payload["version"], payload["view"]
                continue
            action = choose(view, rng)
            answer = await self.submit(game_id, token, role, version, action, self.held(payload))
            if answer is None:  # refused: read the game again
                payload = await self.view(game_id, token, role, self.held(payload))
            else:
                payload = answer
            version, view = payload["version"], payload["view"]
        if view["over"]:
            self.stats.games_finished += 1

    async def against_computer(self, made: dict[str, Any], rng: random.Random) -> None:
        """The human seat, told of the computer's moves over its WebSocket (read all along,
        as a page does: a socket left unread stops answering the server's pings)."""
        game_id = made["game_id"]
        role, seat = next(iter(made["seats"].items()))
        token = seat["token"]
        ws_url = self.url(game_id).replace("http", "ws") + f"/api/games/{game_id}/ws?token={token}"
        async with self.sockets.ws_connect(ws_url, max_msg_size=0) as socket_:
            pushed = Pushed(socket_, lambda version: self.seen(game_id, version))
            reader = asyncio.create_task(pushed.read())
            try:
                latest = await pushed.at_least(0, self.deadline)
                while self.running() and not latest["view"]["over"]:
                    view = latest["view"]
                    if role not in view["active_roles"]:
                        latest = await pushed.at_least(latest["version"] + 1, self.deadline)
                        continue
                    action = choose(view, rng)
                    key = self.held(latest)
                    answer = await self.submit(game_id, token, None, latest["version"], action, key)
                    if answer is None:
                        latest = await self.view(game_id, token, log_key=key)
                    else:
                        latest = answer
            finally:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader
            pushed.check()
            if latest["view"]["over"]:
                self.stats.games_finished += 1


class Pushed:
    """A seat's WebSocket, read as the messages come: the latest state payload pushed."""

    def __init__(self, socket_: aiohttp.ClientWebSocketResponse, seen: Any) -> None:
        self.socket = socket_
        self.seen = seen
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.ended: str | None = None

    async def read(self) -> None:
        async for frame in self.socket:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            message = orjson.loads(frame.data)
            if message.get("type") == "state":
                self.seen(message["version"])
                self.latest = message
                self.changed.set()
        self.ended = f"the WebSocket ended: {self.socket.close_code}"
        self.changed.set()

    def check(self) -> None:
        """Raise if the socket ended before the client let it go."""
        if self.ended is not None:
            raise aiohttp.ClientConnectionError(self.ended)

    async def at_least(self, version: int, deadline: float) -> dict[str, Any]:
        """The latest payload once it is at ``version`` or later (or the deadline's)."""
        while self.latest is None or self.latest["version"] < version:
            self.check()
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(deadline - time.monotonic(), 0.01))
            except TimeoutError:
                return {"version": version, "view": {"over": False, "active_roles": []}}
        return self.latest


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action of the view, never undo."""
    actions = [a for a in view["legal_actions"] if a != UNDO]
    return rng.choice(actions)


# --- the report ----------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float | None:
    """The ``p``-th percentile (nearest rank) of ``values``, or None when there are none."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def report(
    stats: Stats, seconds: float, args: argparse.Namespace, memory: dict[str, Any]
) -> dict[str, Any]:
    actions = sum(stats.versions.values())

    def ms(p: float) -> float | None:
        value = percentile(stats.latencies, p)
        return None if value is None else round(value * 1000, 1)

    return {
        "games": args.games,
        "clients": args.clients,
        "seconds": round(seconds, 2),
        "games_started": stats.games_started,
        "games_finished": stats.games_finished,
        "actions": actions,
        "actions_per_second": round(actions / seconds, 1) if seconds else 0.0,
        "submissions": len(stats.latencies),
        "latency_ms": {"p50": ms(50), "p95": ms(95), "p99": ms(99)},
        "errors": dict(stats.errors),
        "refused": dict(stats.refused),
        **memory,
    }


def print_report(result: dict[str, Any]) -> None:
    lat = result["latency_ms"]
    print(
        f"{result['games']} games, {result['clients']} clients, {result['seconds']} s:"
        f" {result['actions']} actions, {result['actions_per_second']} actions/s"
        f" ({result['submissions']} submissions by the clients)"
    )
    print(f"submission latency: p50 {lat['p50']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms")
    print(f"errors: {result['errors'] or 'none'}; refusals: {result['refused'] or 'none'}")
    print(
        f"server: RSS {result['server_rss_mib']} MiB (peak {result['server_peak_rss_mib']} MiB),"
        f" CPU {result['server_cpu_seconds']} s (its workers {result['workers_cpu_seconds']} s);"
        f" client CPU {result['client_cpu_seconds']} s;"
        f" {result['setup_seconds']} s to create the first games;"
        f" games started {result['games_started']}, finished {result['games_finished']}"
    )
    host = result.get("host_cpu_percent")
    if host:
        print(
            f"host CPU: busy {host['busy']}%, idle {host['idle']}%, waiting for the disk"
            f" {host['iowait']}%, steal {host['steal']}% (taken by the hypervisor)"
        )


def mib(kib: int | None) -> float | None:
    return None if kib is None else round(kib / 1024, 1)


def start_servers(args: argparse.Namespace, folder: Path, db: str) -> list[Server]:
    """``--processes`` servers sharing the database ``db``."""
    extra = args.server_arg or []
    if args.processes == 1:
        return [Server(folder, db, extra, args.profile)]
    profiles = [
        args.profile.with_suffix(f".{i}{args.profile.suffix}") if args.profile else None
        for i in range(args.processes)
    ]
    return [Server(folder, db, extra, profile, f"server-{i}") for i, profile in enumerate(profiles)]


async def measure(args: argparse.Namespace, folder: Path, db: str) -> dict[str, Any]:
    servers = start_servers(args, folder, db)
    connector = aiohttp.TCPConnector(limit=args.clients)
    timeout = aiohttp.ClientTimeout(total=120)
    try:
        async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
            for server in servers:
                await server.wait_ready(http)
            load = Load(http, servers, args)
            try:
                seconds = await load.run(args.games)
            finally:
                await load.sockets.close()
            memory = {"setup_seconds": round(load.setup_seconds, 2), **load.ended}
            return report(load.stats, seconds, args, memory)
    finally:
        for server in servers:
            server.stop()


def private_postgres(on_exit: contextlib.ExitStack) -> str:
    """A new database on a private PostgreSQL server started for the run (fsync on, as a
    server's would be), stopped when the run ends: the tests' own (tests/server/pg_cluster.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))
    # (found on the path just added)
    import pg_cluster  # type: ignore[import-not-found]

    try:
        cluster = pg_cluster.start_cluster(durable=True)
    except BaseException as exc:  # pytest's skip: no PostgreSQL server binaries here
        raise SystemExit(f"no private PostgreSQL server: {exc}; give --db") from None
    on_exit.callback(shutil.rmtree, cluster.root, True)
    on_exit.callback(cluster.stop)
    return cluster.new_database()  # type: ignore[no-any-return]


#: the columns of /proc/stat's cpu line, in order
HOST_COLUMNS = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")


def host_ticks() -> list[int]:
    """The machine's CPU time so far by kind (/proc/stat; empty where there is none)."""
    try:
        first = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return []
    return [int(v) for v in first[1 : 1 + len(HOST_COLUMNS)]]


def host_shares(before: list[int], after: list[int]) -> dict[str, float]:
    """How the machine's CPU time went between two :func:`host_ticks`, in percent: busy
    (user, nice, system, irq, softirq), idle, waiting for the disk, and *steal* (taken by
    the hypervisor for other machines: a shared host's load, which no code here causes)."""
    if len(before) != len(HOST_COLUMNS) or len(after) != len(HOST_COLUMNS):
        return {}
    spent = dict(
        zip(HOST_COLUMNS, (b - a for a, b in zip(before, after, strict=True)), strict=True)
    )
    total = sum(spent.values()) or 1
    busy = sum(spent[k] for k in ("user", "nice", "system", "irq", "softirq"))
    return {
        "busy": round(100 * busy / total, 1),
        "idle": round(100 * spent["idle"] / total, 1),
        "iowait": round(100 * spent["iowait"] / total, 1),
        "steal": round(100 * spent["steal"] / total, 1),
    }


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games played at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play")
    parser.add_argument("--clients", type=int, default=32, help="requests in flight at most")
    parser.add_argument(
        "--computer", type=float, default=0.25, help="share of games against the computer"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the games and the choices")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile into FILE")
    parser.add_argument(
        "--server-arg", action="append", help="an extra argument of greatwar serve (repeatable)"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes sharing one PostgreSQL database (more than 1: --db, or a"
        " private PostgreSQL server started for the run)",
    )
    parser.add_argument("--db", help="the database (default: a new SQLite file)")
    parser.add_argument(
        "--whole-logs",
        action="store_true",
        help="send no log_key: every payload carries the whole log (a server before keys)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.clients < 1 or args.seconds <= 0 or not 0 <= args.computer <= 1:
        parser.error(
            "--games and --clients must be at least 1, --seconds positive,"
            " --computer between 0 and 1"
        )
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    with (
        tempfile.TemporaryDirectory(prefix="greatwar-load-") as tmp,
        contextlib.ExitStack() as on_exit,
    ):
        db = args.db or str(Path(tmp) / "games.sqlite3")
        if "://" not in db:  # (the servers run in the temporary folder)
            db = str(Path(db).resolve())
        if args.processes > 1 and not args.db:
            db = private_postgres(on_exit)
        result = asyncio.run(measure(args, Path(tmp), db))
        result["processes"] = args.processes
        result["db"] = "postgresql" if db.startswith("postgresql") else "sqlite"
    if args.json:
        print(json.dumps(result))
    else:
        print_report(result)


if __name__ == "__main__":
    main()
