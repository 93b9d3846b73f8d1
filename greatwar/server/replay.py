"""Replays, downloads, and whole-game export and import.

**Replay.**  A game's history is its stored submissions; step ``k`` is the game after
the first ``k`` of them (step 0: the start).  A seat sees each step as it saw the game
then: its own view (without legal actions: nothing can be done in a replay), the
spectator's public view, and, once the game is over, everything (every side's pieces
as their owners see them, the whole log).  The list of steps names each step's role,
phase and turn; an action of another seat is given only where nothing is hidden from
the asking seat (a game without hidden information, or one that is over) — otherwise
it is marked ``hidden`` and only the log lines that seat may read are given.

The states are rebuilt from the stored actions; a :class:`Timeline` per game keeps a
copy every :data:`CHECKPOINT_EVERY` steps, so a step is at most that many actions
away, and grows as the game does (its actions are only ever appended).

Every read works from the game as stored at one version (:class:`Moment`, taken under
the game's lock), never from the live state an action being applied changes meanwhile.

**Download.**  A seat's download is the game as that seat may know it: its steps, its
view and its log — never the seed, never another seat's hidden actions.

**Export and import** (the server owner's ``greatwar games export|import``): the full
record with seed, actions, digests, notes and token hashes; an import is replayed and
each stored digest checked before anything is written (:class:`ImportRefused`).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Header, Query
from fastapi.responses import JSONResponse

import greatwar
from greatwar.model.problems import ScenarioError
from greatwar.server.dice_commitment import DiceCommitment, Discrepancy, check_commitment
from greatwar.server.games import (
    ApiError,
    GameService,
    LiveGame,
    Moment,
    played_path,
    replay_submission,
)
from greatwar.server.storage import (
    GameRecord,
    Note,
    SQLiteStorage,
    StoredAction,
)
from greatwar.server.upgrades import code_of, code_version
from greatwar.server.views import UNDO, public_view, seat_view

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State

#: a copy of the state is kept every this many steps
CHECKPOINT_EVERY = 25
#: timelines kept in memory (least recently used let go)
TIMELINES_KEPT = 8
DOWNLOAD_FORMAT = "greatwar-download/1"
EXPORT_FORMAT = "greatwar-game-export/1"


def start_state(record: GameRecord, editor_root: Path | None) -> State:
    """The game's state before any action."""
    source: str | Path = played_path(editor_root, record.scenario) or record.scenario
    return greatwar.load(source, record.options).new_state(record.seed)


# --- the steps ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """What the ``k``-th submission was, from the state before and after it."""

    k: int
    role: str
    action: dict[str, Any]
    #: the phase track (outermost first, the game itself left out) when it was taken
    track: list[str]
    turn: Any
    #: the log entries it wrote (none for an undo, which takes entries back)
    entries: list[dict[str, Any]]
    #: the track as a seat (None: a spectator) saw it, where the state it may know differs
    seen_tracks: dict[str | None, list[str]] = field(default_factory=dict)

    def track_for(self, role: str | None, everything: bool) -> list[str]:
        """The track ``role`` saw (the true one once everything is shown)."""
        return self.track if everything else self.seen_tracks.get(role, self.track)


def phase_titles(state: State) -> list[str]:
    """The titles of the steps of play in progress, outermost first (not the game)."""
    return [state.handler(frame).title(state, frame) for frame in state.data["stack"][1:]]


def step_of(k: int, stored: StoredAction, before: State, log_before: int) -> tuple[Step, State]:
    """Apply the ``k``-th submission to ``before`` (changed in place) and describe it."""
    track = phase_titles(before)
    seen_tracks: dict[str | None, list[str]] = {}
    for viewer in [*before.game.roles(), None]:
        seen = before.seen_by(viewer)
        if seen is not before:
            seen_tracks[viewer] = phase_titles(seen)
    turn = before.data.get("turn", before.data.get("stage"))
    replay_submission(before, stored.role, stored.action)
    log = before.data["log"]
    entries = list(log[log_before:]) if len(log) >= log_before else []
    return Step(k, stored.role, stored.action, track, turn, entries, seen_tracks), before


@dataclass(eq=False)
class Timeline:
    """A game's history in memory: its steps and a copy of the state every
    :data:`CHECKPOINT_EVERY` steps (see the module docstring)."""

    record: GameRecord
    editor_root: Path | None
    steps: list[Step] = field(default_factory=list)
    checkpoints: dict[int, State] = field(default_factory=dict)
    actions: list[StoredAction] = field(default_factory=list)
    last: State | None = None

    def extend(self, actions: list[StoredAction]) -> None:
        """Take in the submissions not yet seen (``actions`` is every one, in order)."""
        if self.last is None:
            self.last = start_state(self.record, self.editor_root)
            self.checkpoints[0] = self.last.clone()
        for stored in actions[len(self.actions) :]:
            k = len(self.actions) + 1
            step, self.last = step_of(k, stored, self.last, len(self.last.data["log"]))
            self.steps.append(step)
            self.actions.append(stored)
            if k % CHECKPOINT_EVERY == 0:
                self.checkpoints[k] = self.last.clone()

    def state_at(self, k: int) -> State:
        """The game after its first ``k`` submissions (a fresh copy)."""
        base = max(c for c in self.checkpoints if c <= k)
        state = self.checkpoints[base].clone()
        for stored in self.actions[base:k]:
            replay_submission(state, stored.role, stored.action)
        return state


def may_read(game: Game, entry: dict[str, Any], role: str | None) -> bool:
    """Whether ``role`` (None: a spectator, who reads what every role may) may read it."""
    system = game.system
    roles = [role] if role is not None else game.roles()
    return all(system.log_visible(entry, r) for r in roles)


def step_seen(step: Step, game: Game, role: str | None, everything: bool) -> dict[str, Any]:
    """A step as ``role`` may know it: its action only where nothing of it is hidden."""
    lines = [e["text"] for e in step.entries if everything or may_read(game, e, role)]
    shown: dict[str, Any] = {
        "k": step.k,
        "role": step.role,
        "phase": " › ".join(step.track_for(role, everything)),
        "turn": step.turn,
        "log": lines,
    }
    open_to_all = everything or not game.hidden_information
    if open_to_all or step.role == role or step.action == UNDO:
        shown["action"] = step.action
    else:
        shown["hidden"] = True
    return shown


# --- the views ---------------------------------------------------------------------------


def own_side(role: str, sides: set[str]) -> str | None:
    """The side a role plays (``russian-1`` plays ``russian``), if the units say."""
    if role in sides:
        return role
    return next((s for s in sorted(sides) if role.startswith(s)), None)


def owners_units(state: State) -> list[dict[str, Any]]:
    """Every piece as its owner sees it (a side no seat plays: as any seat sees it)."""
    views = {role: state.view(role).get("units", []) for role in state.game.roles()}
    sides = {u["side"] for units in views.values() for u in units}
    units: dict[str, dict[str, Any]] = {}
    owned: set[str] = set()
    for role, seen in views.items():
        side = own_side(role, sides)
        if side is not None:
            owned.add(side)
        units.update({u["id"]: u for u in seen if u["side"] == side and u["id"] not in units})
    for seen in views.values():
        for u in seen:
            if u["side"] not in owned:
                units.setdefault(u["id"], u)
    return list(units.values())


def revealed_view(state: State) -> dict[str, Any]:
    """Everything (a game that is over): the public view with every side's pieces as their
    owners see them, and the whole log."""
    view = public_view(state)
    units = owners_units(state)
    if units:
        view["units"] = units
    system = state.game.system
    log = []
    for i, entry in enumerate(state.data["log"], 1):
        shown = {k: v for k, v in entry.items() if k != "to"} | {"n": i}
        summary = system.case_summary(entry["case"]) if entry.get("case") else None
        if summary is not None:
            shown.update(rule=summary, rule_title=system.case_title(entry["case"]))
        log.append(shown)
    view["log"] = log
    view["revealed"] = True
    return view


def historical_view(state: State, role: str | None, everything: bool) -> dict[str, Any]:
    """What ``role`` saw of ``state`` (nothing to act on), or everything."""
    if everything:
        view = revealed_view(state)
    elif role is None:
        view = public_view(state)
    else:
        view = seat_view(state, role)
    view["legal_actions"] = []
    view["can_undo"] = False
    return view


class Replays:
    """The timelines of the games being replayed (see the module docstring)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._timelines: OrderedDict[str, Timeline] = OrderedDict()
        self._lock = threading.Lock()

    def timeline(self, moment: Moment) -> Timeline:
        """The game's timeline, up to date with its stored submissions."""
        game_id = moment.record.game_id
        with self._lock:
            found = self._timelines.get(game_id)
            if found is None or found.record != moment.record:  # or reseeded (entropy)
                found = Timeline(moment.record, self.service.editor_root)
                self._timelines[game_id] = found
            self._timelines.move_to_end(game_id)
            while len(self._timelines) > TIMELINES_KEPT:
                self._timelines.popitem(last=False)
            if found.last is None or len(found.actions) < moment.version:
                found.extend(self.service.storage.actions(game_id))
            return found

    def steps(self, moment: Moment, role: str | None) -> list[dict[str, Any]]:
        """Every step as ``role`` may know it."""
        line = self.timeline(moment)
        count = min(moment.version, len(line.steps))
        return [step_seen(s, moment.game, role, moment.over) for s in line.steps[:count]]

    def view_at(self, moment: Moment, role: str | None, k: int) -> dict[str, Any]:
        """``role``'s view of the game after ``k`` submissions."""
        if not 0 <= k <= moment.version:
            raise ApiError(404, "no_step", f"the game has steps 0 to {moment.version}, not {k}")
        line = self.timeline(moment)
        with self._lock:
            state = line.state_at(k)
        return historical_view(state, role, moment.over)


# --- the routes -----------------------------------------------------------------------------

TokenQuery = Annotated[str | None, Query(description="Seat token")]
RoleQuery = Annotated[str | None, Query(description="Seat viewed (table token)")]
TokenHeader = Annotated[str | None, Header(alias="X-Greatwar-Token")]


def replay_router(service: GameService) -> APIRouter:
    """``/api/games/{id}/replay`` (the steps), ``/replay/{k}`` (a step's view) and
    ``/download`` (the game so far as the seat may know it)."""
    router = APIRouter()
    replays = Replays(service)

    async def seat_and_role(
        game_id: str, token: str | None, role: str | None
    ) -> tuple[LiveGame, Moment, str, str | None]:
        """The game, as stored now (read at once under its lock), the seat and its role."""
        seat = service.seat(game_id, token)
        live = await service.game(game_id)
        viewed = service.viewed_role(live, seat, role)
        return live, await service.moment(live), seat, viewed

    def notes_until(moment: Moment, k: int) -> list[dict[str, Any]]:
        return [asdict(n) for n in moment.notes if n.n <= k]

    @router.get("/api/games/{game_id}/replay")
    async def replay_steps(
        game_id: str,
        token: TokenQuery = None,
        role: RoleQuery = None,
        x_greatwar_token: TokenHeader = None,
    ) -> dict[str, Any]:
        """The game's steps as the seat may know them (step 0 is the start)."""
        _, moment, seat, viewed = await seat_and_role(game_id, token or x_greatwar_token, role)
        steps = await asyncio.to_thread(replays.steps, moment, viewed)
        return {
            "game_id": game_id,
            "seat": seat,
            "role": viewed,
            "count": len(steps),
            "over": moment.over,
            "steps": steps,
        }

    @router.get("/api/games/{game_id}/replay/{k}")
    async def replay_step(
        game_id: str,
        k: int,
        token: TokenQuery = None,
        role: RoleQuery = None,
        x_greatwar_token: TokenHeader = None,
    ) -> dict[str, Any]:
        """The seat's view of the game after ``k`` submissions (nothing to act on)."""
        live, moment, seat, viewed = await seat_and_role(game_id, token or x_greatwar_token, role)
        return {
            "game_id": game_id,
            "scenario": moment.record.scenario,
            "seat": seat,
            "role": viewed,
            "step": k,
            "count": moment.version,
            "seats": service.seats_info(live),
            "view": await asyncio.to_thread(replays.view_at, moment, viewed, k),
            "notes": notes_until(moment, k),
        }

    @router.get("/api/games/{game_id}/download")
    async def download(
        game_id: str,
        token: TokenQuery = None,
        role: RoleQuery = None,
        x_greatwar_token: TokenHeader = None,
    ) -> JSONResponse:
        """The game so far as the seat may know it: its steps, view and log (no seed)."""
        _, moment, seat, viewed = await seat_and_role(game_id, token or x_greatwar_token, role)
        document = {
            "format": DOWNLOAD_FORMAT,
            "game_id": game_id,
            "scenario": moment.record.scenario,
            "name": moment.game.scenario.info.name,
            "seat": seat,
            "role": viewed,
            "downloaded": time.time(),
            "version": moment.version,
            "over": moment.over,
            "steps": await asyncio.to_thread(replays.steps, moment, viewed),
            "view": await asyncio.to_thread(replays.view_at, moment, viewed, moment.version),
            "notes": notes_until(moment, moment.version),
        }
        name = f"greatwar-{game_id}-{viewed or seat}-{moment.version}.json"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return JSONResponse(document, headers=headers)

    return router


# --- export and import (the server owner's) ---------------------------------------------------


class ImportRefused(Exception):
    """A file that is not a whole game that replays to its stored digests."""


def export_game(storage: SQLiteStorage, game_id: str) -> dict[str, Any]:
    """The whole game: record (seed included), actions with digests, notes, token hashes
    and the commitment to its dice, revealed (``greatwar verify`` checks it)."""
    record = storage.load_game(game_id)
    if record is None:
        raise ImportRefused(f"no game {game_id!r} in {storage.path}")
    doc = {
        "format": EXPORT_FORMAT,
        "record": asdict(record),
        "actions": [asdict(a) for a in storage.actions(game_id)],
        "notes": [asdict(n) for n in storage.notes(game_id)],
        "tokens": storage.token_hashes(game_id),
        # which version of greatwar stored each run of its actions (greatwar.server.upgrades)
        "code_marks": [list(mark) for mark in storage.code_marks(game_id)],
    }
    dice = storage.dice_of(game_id)
    if dice is not None:
        doc["dice"] = dice.revealed(list(record.seats))
    return doc


def check_replays(
    record: GameRecord,
    actions: list[StoredAction],
    editor_root: Path | None,
    marks: list[tuple[int, str]] | None = None,
) -> None:
    """Replay the actions, checking each stored digest; ImportRefused at the first fault.
    The digests of actions another version of greatwar stored (by the export's ``marks``;
    every action of an export without them) are not checked: this version may word or
    rule them otherwise, and carries the game over when it first serves it
    (:mod:`greatwar.server.upgrades`); each must still replay."""
    ours = code_version()
    try:
        state = start_state(record, editor_root)
    except (ScenarioError, ValueError, TypeError) as exc:
        raise ImportRefused(f"its scenario {record.scenario!r} cannot be loaded: {exc}") from None
    for i, stored in enumerate(actions, 1):
        if stored.n != i:
            raise ImportRefused(f"action {i} is numbered {stored.n}")
        try:
            replay_submission(state, stored.role, stored.action)
        except Exception as exc:  # refused by the rules, or not even an action
            raise ImportRefused(
                f"it does not replay: action {i} ({stored.role}: {stored.action}) is refused: {exc}"
            ) from None
        if code_of(marks or [], i) == ours and state.digest() != stored.digest:
            raise ImportRefused(
                f"it does not replay: after action {i} the game's digest is"
                f" {state.digest()[:12]}, the file says {stored.digest[:12]}"
            )


def read_export(
    doc: Any,
) -> tuple[GameRecord, list[StoredAction], list[Note], dict[str, str], list[tuple[int, str]]]:
    """The parts of an export document (its code marks: none in an export made before
    versions were marked); ImportRefused when it is not one."""
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise ImportRefused(f"not a {EXPORT_FORMAT} document")
    try:
        record = GameRecord(**doc["record"])
        actions = [StoredAction(**a) for a in doc["actions"]]
        notes = [Note(**n) for n in doc.get("notes", [])]
        tokens = {str(h): str(s) for h, s in doc.get("tokens", {}).items()}
        marks = [(int(first), str(code)) for first, code in doc.get("code_marks", [])]
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ImportRefused(f"a part of the document is missing or malformed: {exc}") from None
    return record, actions, notes, tokens, sorted(marks)


def import_game(storage: SQLiteStorage, doc: Any, editor_root: Path | None = None) -> str:
    """Store an exported game after replaying it; its id.  Nothing is written when refused."""
    record, actions, notes, tokens, marks = read_export(doc)
    if storage.load_game(record.game_id) is not None:
        raise ImportRefused(f"a game {record.game_id} is in {storage.path} already")
    dice = imported_dice(doc, record)
    check_replays(record, actions, editor_root, marks)
    storage.import_game(record, tokens, actions, notes)
    for first, code in marks:  # (none: stored before versions were marked)
        storage.mark_code(record.game_id, first, code)
    if dice is not None:
        storage.save_dice(record.game_id, dice, record.seed)
    return record.game_id


def imported_dice(doc: dict[str, Any], record: GameRecord) -> DiceCommitment | None:
    """The export's dice commitment, checked like ``greatwar verify`` does (its hash, and
    the seed it gives); None for a game made before commitments."""
    if "dice" not in doc:
        return None
    try:
        dice = check_commitment(doc["dice"], None)
    except Discrepancy as exc:
        raise ImportRefused(str(exc)) from None
    if dice.seed(list(record.seats)) != record.seed:
        raise ImportRefused("its dice seed is not the one its commitment and entropy give")
    return dice
