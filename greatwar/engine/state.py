"""Games and game states: the public surface of the engine.

A :class:`Game` is a loaded scenario with its options and rule system: static
and shared.  A :class:`State` is one game in progress: plain JSON-able data
(``state.data``) plus a reference to its game.  Everything about the game in
progress is in ``data`` — units, markers, turn, the phase stack and its
locals, the dice counter, the log and the actions taken — so a state can be
saved, cloned, hashed, sent and restored exactly.
"""

from __future__ import annotations

import gc
import hashlib
import json
import marshal
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson

from greatwar.engine import dice
from greatwar.engine.errors import IllegalAction, InvariantViolation
from greatwar.engine.phases import Action, Frame, Handler

if TYPE_CHECKING:
    from greatwar.engine.system import RuleSystem
    from greatwar.model.loader import Scenario

STATE_FORMAT = "greatwar-state/1"
RECORD_FORMAT = "greatwar-record/1"
VIEW_FORMAT = "greatwar-view/1"
SETTLE_LIMIT = 100_000
# Derived values are memoised under keys that name what they depend on (the
# action count, or a rule system's revision counters), so they stay valid
# across actions.  The memo keeps two generations: when the young one grows
# past this size it becomes the old one (the old one is dropped), and an entry
# read from the old generation moves back to the young one; so the tables in
# use survive and the memo stays bounded (about twice this size).
CACHE_LIMIT = 512

#: the garbage collector's thresholds while games are played (issue 18): the forward model
#: makes many short-lived objects (actions, memo keys, search frontiers) beside tables kept
#: for a whole game, and with Python's defaults (700, 10, 10) the collector scanned those
#: tables so often that random play and rollouts spent a tenth of their time in it (the
#: docs/performance.md).  Raised once, when the engine is loaded, never lowered.
GC_THRESHOLDS = (20_000, 50, 100)
gc.set_threshold(
    *(max(now, ours) for now, ours in zip(gc.get_threshold(), GC_THRESHOLDS, strict=True))
)

#: the fields of an action that only word it for the player (an option's ``text``, 8.7): a
#: recorded action that a later version words otherwise is still the same action
#: (:meth:`State.replay`)
WORDING_FIELDS = frozenset({"text"})

# Lists that only ever grow and whose entries are never changed once written:
# a clone may share their entries instead of copying them.
_APPEND_ONLY = ("log", "actions")


class Game:
    """A scenario loaded with options, ready to start states from."""

    def __init__(
        self, scenario: Scenario, options: dict[str, Any], system: RuleSystem, ref: str
    ) -> None:
        self.scenario = scenario
        self.options = options
        self.system = system
        self.ref = ref
        #: static look-up tables the rule system builds once (neighbours, costs, ...)
        self.static: Any = system.prepare(self)
        #: set by the fuzzer: check invariants at the moments rules name (end of phase, ...)
        self.checking = False
        #: set by the fuzzer and the replay checker: told when a ruling takes its numbers
        #: (see :meth:`State.taking_numbers` and :mod:`greatwar.sim.rulings`)
        self.ruling_observer: Callable[[State, str], None] | None = None

    @property
    def id(self) -> str:
        return self.ref

    @property
    def hidden_information(self) -> bool:
        """Whether a seat may not see everything (masks, cards, hidden groups)."""
        return self.system.hides_information(self)

    def roles(self) -> list[str]:
        return self.system.roles(self)

    def new_state(self, seed: int = 0) -> State:
        """A new game at its start (or at the scenario's mid-game position)."""
        data: dict[str, Any] = {
            "format": STATE_FORMAT,
            "scenario": self.ref,
            "options": dict(self.options),
            "dice": dice.new_dice(seed),
            "stack": [],
            "actions": [],
            "undo_floor": 0,
            "log": [],
            "over": False,
            "result": None,
        }
        data.update(self.system.initial_data(self))
        st = State(self, data)
        self.system.start(st)
        st._settle()
        return st

    def __repr__(self) -> str:
        return f"Game({self.ref!r})"


class _Memo(dict):
    """A state's memo (:meth:`State.memo`): the young generation is the dict itself, the
    old one :attr:`old`.  ``clear()`` empties both (rules that change a state outside an
    action clear it).  The slots of :meth:`State.kept` (:attr:`slots`: one entry each,
    a table updated from its last value) are carried from generation to generation
    rather than dropped with the old one: a table dropped is built afresh."""

    __slots__ = ("old", "slots")

    def __init__(self) -> None:
        super().__init__()
        self.old: dict[Any, Any] = {}
        self.slots: set[Any] = set()

    def clear(self) -> None:
        super().clear()
        self.old = {}
        self.slots = set()

    def aged(self) -> _Memo:
        """A new memo whose old generation is this one's young (this one's old dropped,
        but for the slots it alone holds): nothing else copied."""
        dropped = self.old
        for slot in self.slots:
            if slot not in self:
                value = dropped.get(slot)
                if value is not None:
                    self[slot] = value
        young = _Memo()
        young.old = self
        young.slots = self.slots
        self.old = {}
        return young

    def find(self, key: Any) -> Any:
        """The value under ``key`` in either generation (moved to the young one), or None."""
        value = self.get(key)
        if value is None:
            value = self.old.get(key)
            if value is not None:
                self[key] = value
        return value


class State:
    """One game in progress.  See ARCHITECTURE.md, "The public surface"."""

    __slots__ = ("_cache", "_logs", "_texts", "data", "game")

    def __init__(self, game: Game, data: dict[str, Any]) -> None:
        self.game = game
        self.data = data
        self._cache = _Memo()
        #: each role's log view, built incrementally (:meth:`_log_view`)
        self._logs: dict[str, _LogView] = {}
        #: the JSON text of each append-only list, built incrementally (:meth:`to_json`)
        self._texts: dict[str, _ListText] = {}

    # --- whose move, and what may be done -------------------------------------------

    @property
    def version(self) -> int:
        """Number of actions applied so far."""
        return len(self.data["actions"])

    def top(self) -> Frame | None:
        stack = self.data["stack"]
        return stack[-1] if stack else None

    def handler(self, frame: Frame) -> Handler:
        return self.game.system.handlers[frame["kind"]]

    def active_roles(self) -> list[str]:
        """Roles who must act now (two at once where the rules make choices simultaneous)."""
        if self.data["over"]:
            return []
        key = ("active", self.version)
        cached = self._cache.find(key)
        if cached is None:
            frame = self.top()
            cached = [] if frame is None else list(self.game.system.actors(self, frame))
            self._cache[key] = cached
        return list(cached)

    def legal_actions(self, role: str) -> list[Action]:
        """Every action ``role`` may take now, as plain JSON-able dicts."""
        if role not in self.active_roles():
            return []
        key = ("legal", self.version, role)
        cached = self._cache.find(key)
        if cached is None:
            cached = self._legal_seen(role)
            self._cache[key] = cached
        return list(cached)

    def seen_by(self, role: str | None) -> State:
        """The state as ``role`` may know it (the rule system's
        :meth:`~greatwar.engine.system.RuleSystem.perspective`: this state itself unless
        something is hidden from ``role``)."""
        return self.game.system.perspective(self, role)

    def _legal_seen(self, role: str) -> list[Action]:
        """``role``'s legal actions worked out on the state as it may know it; where that
        stand-in offers nothing while the true state does, the true state's (a seat is never
        left without a move)."""
        seen = self.seen_by(role)
        frame = seen.top()
        assert frame is not None
        found = seen.handler(frame).legal(seen, frame, role)
        if not found and seen is not self:
            top = self.top()
            assert top is not None
            found = self.handler(top).legal(self, top, role)
        return found

    def prompt(self, role: str | None = None) -> str:
        """What the game waits for, and from whom."""
        if self.data["over"]:
            return "The game is over."
        frame = self.top()
        if frame is None:
            return ""
        actors = self.active_roles()
        if role is not None and role in actors:
            seen = self.seen_by(role)
            return seen.handler(frame).prompt(seen, seen.top() or frame, role)
        names = " and ".join(self.game.system.role_name(self.game, r) for r in actors)
        return f"Waiting for {names}: {self.handler(frame).title(self, frame)}."

    # --- acting -----------------------------------------------------------------

    def apply(self, role: str, action: Action) -> None:
        """Apply a legal action; raise :class:`IllegalAction` and change nothing otherwise."""
        frame = self.top()
        if self.data["over"] or frame is None:
            raise IllegalAction("the game is over")
        actors = self.active_roles()
        if role not in actors:
            waiting = ", ".join(actors)
            handler = self.handler(frame)
            raise self._refusal(
                f"it is not {role}'s move: the game waits for {waiting}"
                f" ({handler.title(self, frame)})",
                handler.case_of(self, frame),
            )
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a JSON object, not {type(action).__name__}")
        if action not in self.legal_actions(role):
            seen = self.seen_by(role)  # a refusal says only what the role may know
            reason, case = self.game.system.explain(seen, seen.top() or frame, role, action)
            raise self._refusal(reason, case)
        system = self.game.system
        self._commit(lambda: system.perform(self, frame, role, action), role, action)

    def replay(self, role: str, action: Action) -> None:
        """Apply a recorded action (a stored game's, a record's, this state's own on undo):
        as :meth:`apply`, but an action that differs from exactly one legal action only in
        its wording (:data:`WORDING_FIELDS`: a version since has reworded an option) is
        that action, applied as it is worded now — unless another legal action carries its
        words (the options were reordered, not reworded: which one was meant is not
        known).  Anything else is refused as by :meth:`apply`, and changes nothing."""
        try:
            self.apply(role, action)
        except IllegalAction:
            if not isinstance(action, dict) or not WORDING_FIELDS.intersection(action):
                raise
            legal = self.legal_actions(role)
            meant = _unworded(action)
            same = [a for a in legal if _unworded(a) == meant]
            words = {k: v for k, v in action.items() if k in WORDING_FIELDS}
            if len(same) != 1 or any(_worded_so(a, words) for a in legal):
                raise
            self.apply(role, same[0])

    def _refusal(self, reason: str, case: str | None) -> IllegalAction:
        """A refusal carrying the rule system's own summary of the case that forbids it."""
        summary = self.game.system.case_summary(case) if case else None
        return IllegalAction(reason, case, summary)

    def _commit(self, change: Callable[[], None], role: str, action: Action) -> None:
        self.data["actions"].append([role, _plain(action)])
        if len(self._cache) > CACHE_LIMIT:
            self._age_memo()
        try:
            change()
            actors = self._settle()
        except BaseException:
            self._restore(self.data["actions"][:-1])
            raise
        if actors:  # who acts now, as :meth:`active_roles` would find them again
            self._cache[("active", self.version)] = actors

    def _restore(self, actions: list[list[Any]]) -> None:
        """Rebuild this state from its record (used by undo and to roll back a failure)."""
        fresh = self.game.new_state(self.data["dice"]["seed"])
        for r, a in actions:
            fresh.replay(r, a)
        self.data = fresh.data
        self._cache.clear()

    def _settle(self) -> list[str]:
        """Run automatic frames until someone must decide, or the game ends; the roles who
        must (none once the game is over)."""
        stack = self.data["stack"]
        for _ in range(SETTLE_LIMIT):
            if self.data["over"]:
                stack.clear()
                return []
            if not stack:
                self.finish()
                return []
            frame = stack[-1]
            actors = self.game.system.actors(self, frame)
            if actors:
                return actors
            self.handler(frame).run(self, frame)
        raise RuntimeError("the phase stack did not settle (automatic frames loop)")

    def finish(self) -> None:
        """End the game and record its result."""
        self.data["stack"].clear()
        self.data["over"] = True
        self.data["result"] = self.game.system.result(self)
        self.log(f"The game is over: {self.data['result'].get('summary', '')}".rstrip(": "))

    # --- undo ---------------------------------------------------------------

    def can_undo(self, role: str) -> bool:
        """True if ``role`` took the last action and no die roll or reveal followed it."""
        actions = self.data["actions"]
        return len(actions) > self.data["undo_floor"] and actions[-1][0] == role  # type: ignore[no-any-return]

    def undo(self, role: str) -> None:
        """Take back ``role``'s last action (never past a die roll or a reveal)."""
        if not self.can_undo(role):
            actions = self.data["actions"]
            if len(actions) <= self.data["undo_floor"]:
                raise IllegalAction("nothing to undo: a die roll or reveal cannot be taken back")
            raise IllegalAction(f"the last action was not {role}'s")
        self._restore(self.data["actions"][:-1])

    def mark_irreversible(self) -> None:
        """Nothing before this point may be undone (a die was rolled, a card revealed)."""
        self.data["undo_floor"] = len(self.data["actions"])

    # --- tools for rules ----------------------------------------------------

    def push(self, frame: Frame) -> None:
        self.handler(frame).setup(self, frame)
        self.data["stack"].append(frame)

    def pop(self) -> Frame:
        return self.data["stack"].pop()  # type: ignore[no-any-return]

    def log(self, text: str, case: str | None = None, **extra: Any) -> None:
        """Add a log entry; ``case`` is the rule case the ruling applied."""
        entry: dict[str, Any] = {"n": len(self.data["log"]) + 1, "text": text}
        if "turn" in self.data:
            entry["turn"] = self.data["turn"]
        if case:
            entry["case"] = case
        entry.update({k: _plain(v) for k, v in extra.items() if v is not None})
        self.data["log"].append(entry)
        self.game.system.logged(self, entry)  # may address it to its readers (``to``)

    def roll(self, purpose: str, case: str | None = None, sides: int = 6) -> int:
        """Roll the game's die, log it and make everything before it final."""
        value = dice.roll(self.data["dice"], sides)
        self.mark_irreversible()
        self.log(f"Die roll {value}: {purpose}", case=case, roll=value)
        return value

    def taking_numbers(self, key: str) -> None:
        """A ruling (an attack, a clash) is about to take its numbers: every rule that acts
        between commitment and the die has acted, and nothing is spent yet.  Rules call
        this just before they compute the numbers with the preview's own function; the
        fuzzer and the replay checker recompute the preview here (:mod:`greatwar.sim.rulings`)."""
        observer = self.game.ruling_observer
        if observer is not None:
            observer(self, key)

    def memo(self, key: Any, build: Callable[..., Any], *args: Any) -> Any:
        """A value derived from this state, memoised under ``key``: ``build(*args)``
        (arguments spare the caller a closure on the hot path).

        The key must name everything the value depends on (e.g. a revision
        counter that every change bumps): entries outlive actions.
        """
        cache = self._cache
        value = cache.get(key)
        if value is None:
            value = cache.old.get(key)
            if value is None:
                value = build(*args)
            cache[key] = value
        return value

    def _age_memo(self) -> None:
        """The memo's young generation becomes the old one; the old one is dropped."""
        self._cache = self._cache.aged()

    def recall(self, key: Any) -> Any:
        """The value memoised under ``key`` (see :meth:`memo`), or None."""
        return self._cache.find(key)

    def remember(self, key: Any, value: Any) -> None:
        """Memoise ``value`` under ``key`` (see :meth:`memo`)."""
        self._cache[key] = value

    def kept(
        self,
        slot: Any,
        key: Any,
        build: Callable[..., Any],
        *args: Any,
        update: Callable[[Any, Any], Any] | None = None,
    ) -> Any:
        """``build(*args)``, kept in the memo's ``slot`` while ``key`` (what it depends on)
        stays the same: one entry a slot, replaced when the key changes, so that values
        asked for after every action (the views' parts) do not fill the memo.  When the key
        has changed, ``update(old_key, old_value)`` may work out the new value from the old
        one (None: it cannot, and ``build`` runs)."""
        found = self._cache.find(slot)
        if found is not None:
            if found[0] == key:
                return found[1]
            if update is not None:
                value = update(found[0], found[1])
                if value is not None:
                    self._cache[slot] = (key, value)
                    return value
        value = build(*args)
        self._cache[slot] = (key, value)
        self._cache.slots.add(slot)
        return value

    def checkpoint(self, moment: str) -> None:
        """Check the invariants the rules require at ``moment`` (only when fuzzing)."""
        if self.game.checking:
            broken = self.game.system.invariants(self, moment)
            if broken:
                raise InvariantViolation(f"at {moment}: " + "; ".join(broken))

    # --- results and views ----------------------------------------------------

    def is_over(self) -> bool:
        return bool(self.data["over"])

    def result(self) -> dict[str, Any] | None:
        """Winner, victory points and level of victory once the game is over."""
        return self.data["result"]  # type: ignore[no-any-return]

    def view(self, role: str) -> dict[str, Any]:
        """What ``role`` may know, with its legal actions and prompt (never the dice seed)."""
        system = self.game.system
        view: dict[str, Any] = {
            "format": VIEW_FORMAT,
            "scenario": self.game.ref,
            "name": self.game.scenario.info.name,
            "fictional": self.game.scenario.fictional,
            "role": role,
            "version": self.version,
            "active_roles": self.active_roles(),
            "prompt": self.prompt(role),
            "legal_actions": self.legal_actions(role),
            "can_undo": self.can_undo(role),
            "over": self.is_over(),
            "result": self.result(),
        }
        seen = self.seen_by(role)
        view.update(system.view(seen, role))
        view["labels"] = system.labels(seen, role, view)
        if "log" not in view:  # a system may place it among its own parts (Tannenberg)
            view["log"] = self.log_view(role)
        return view

    def lean_view(self, role: str) -> dict[str, Any]:
        """What an agent reads of ``role``'s view: its role, the version, its legal actions
        and their labels, each equal to the full :meth:`view`'s (the labels are worked out
        from only the parts of the view they read: :meth:`RuleSystem.label_view`)."""
        system = self.game.system
        seen = self.seen_by(role)
        legal = self.legal_actions(role)
        parts = {**system.label_view(seen, role), "legal_actions": legal}
        return {
            "role": role,
            "version": self.version,
            "legal_actions": legal,
            "labels": system.labels(seen, role, parts),
        }

    def log_view(self, role: str) -> list[dict[str, Any]]:
        """The log entries ``role`` may see, as its view shows them (:meth:`_log_view`)."""
        return self._log_view(role)

    def _log_view(self, role: str) -> list[dict[str, Any]]:
        """The log entries ``role`` may see, numbered in its own sequence (so that gaps never
        betray entries it may not read); an entry citing a case also gets the rule
        system's own summary of it (``rule``) and its title (``rule_title``).

        Built incrementally: the log only grows and its entries never change once written
        (their readers are set as they are written), so each role's shown entries are kept
        and only those written since are added; a log that is not the one last read (undo
        rebuilds the state's data) starts afresh.  The entries are shared between calls:
        a caller must not change them in place.
        """
        log = self.data["log"]
        shown = self._logs.get(role)
        if shown is None or shown.log is not log or shown.size > len(log):
            shown = self._logs[role] = _LogView(log)
        if shown.size < len(log):
            shown.extend(self.game.system, role)
        return list(shown.entries)

    def record(self) -> dict[str, Any]:
        """The game record: scenario, options, seed and every action taken."""
        return {
            "format": RECORD_FORMAT,
            "scenario": self.game.ref,
            "options": dict(self.game.options),
            "seed": self.data["dice"]["seed"],
            "actions": [[r, a] for r, a in self.data["actions"]],
        }

    # --- copies and serialisation -------------------------------------------

    def clone(self) -> State:
        """An independent copy (shares the game and the append-only log entries)."""
        data = self.data
        rest = {k: v for k, v in data.items() if k not in _APPEND_ONLY}
        copied = marshal.loads(marshal.dumps(rest))
        for key in _APPEND_ONLY:
            copied[key] = list(data[key])
        twin = State(self.game, copied)
        for key, kept in self._texts.items():  # the same entries: their text holds
            if kept.items is data[key]:
                twin._texts[key] = kept.copy_for(copied[key])
        system = self.game.system
        if system.clones_share_memo:  # the same data: the parent's tables hold for it
            cache = self._cache
            shared = {**cache.old, **cache}
            for key in system.unshared_memo(self.game):
                shared.pop(key, None)
            twin._cache.old = shared
            twin._cache.slots = cache.slots & shared.keys()
        return twin

    def to_json(self) -> str:
        """The state's canonical JSON text: ``json.dumps(data, sort_keys=True,
        separators=(",", ":"))``, byte for byte (its digest hashes it).  The append-only
        lists (the log, the actions: most of a long game's text) are written
        incrementally, each entry once, since their entries never change once written."""
        return self.text_bytes().decode("ascii")  # ensure_ascii: the text is ASCII

    def text_and_digest(self) -> tuple[str, str]:
        """:meth:`to_json` and :meth:`digest`, the text written once for both."""
        text = self.text_bytes()
        return text.decode("ascii"), self._hash_of(text)

    def _hash_of(self, text: bytes) -> str:
        """The SHA-256 of ``text``, this state's :meth:`text_bytes`: the text of the first
        key's list, when it is an append-only one (the actions), is hashed as it is
        written, each entry once; only the rest of the text is hashed now."""
        hasher, covered = hashlib.sha256(), 0
        data = self.data
        first = min(data) if data else None
        kept = self._texts.get(first) if first is not None else None
        if (
            first is not None
            and kept is not None
            and kept.items is data[first]
            and kept.size == len(data[first])
        ):
            hasher, covered = kept.hashed(b"{" + _canonical_bytes([first])[0] + b":")
        hasher.update(memoryview(text)[covered:])
        return hasher.hexdigest()

    def text_bytes(self) -> bytes:
        """:meth:`to_json` as bytes, put together in one piece (a long game's text is
        hundreds of kB: copied once, not once a part)."""
        data = self.data
        keys = sorted(data)
        listed = [k for k in keys if k in _APPEND_ONLY and isinstance(data[k], list)]
        others = [k for k in keys if k not in listed]
        texts: dict[str, list[bytes]] = {
            k: [text]
            for k, text in zip(others, _canonical_bytes([data[k] for k in others]), strict=True)
        }
        texts.update((k, self._list_text(k, data[k])) for k in listed)
        pieces = [b"{"]
        for name, key in zip(_canonical_bytes(keys), keys, strict=True):
            pieces += (name, b":", *texts[key], b",")
        pieces[-1] = b"}"
        return b"".join(pieces)

    def _list_text(self, key: str, items: list[Any]) -> list[bytes]:
        """The canonical text of an append-only list in pieces, its entries written once
        each (a list that is not the one last written, undo having rebuilt the state,
        afresh)."""
        kept = self._texts.get(key)
        if kept is None or kept.items is not items or kept.size > len(items):
            kept = self._texts[key] = _ListText(items)
        return kept.pieces()

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        """A state read back from :meth:`to_json`; its game is loaded by the loader the
        library registered (:func:`set_game_loader`: ``greatwar.load``)."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise ValueError(f"not a {STATE_FORMAT} document")
        if _game_loader is None:
            raise RuntimeError("no game loader is registered (import greatwar)")
        game = _game_loader(data["scenario"], data.get("options") or {})
        return cls(game, data)

    def digest(self) -> str:
        """Stable hash of the full state (equal states, equal digests, on any platform):
        the SHA-256 of :meth:`text_bytes`."""
        return self._hash_of(self.text_bytes())

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State) and self.game.ref == other.game.ref and self.data == other.data
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<State {self.game.ref} v{self.version}{' over' if self.is_over() else ''}>"


def _unworded(action: Action) -> Action:
    """The action without its wording (:data:`WORDING_FIELDS`)."""
    return {k: v for k, v in action.items() if k not in WORDING_FIELDS}


def _worded_so(action: Action, words: dict[str, Any]) -> bool:
    """Whether ``action`` carries these words (:data:`WORDING_FIELDS` and their values)."""
    return all(action.get(k) == v for k, v in words.items())


def content_key(value: Any) -> bytes:
    """A memo key for a part of a state's data (plain JSON data: dicts, lists, strings,
    numbers): its bytes as ``marshal`` writes them (version 2: no back-references, which
    later versions write as the objects' reference counts happen to be), several times
    cheaper than ``repr``.  Equal bytes, equal values (marshal reads back what it
    wrote); equal values may give other bytes (the order of a dict's keys): a miss at
    worst."""
    return marshal.dumps(value, 2)


def _canonical(value: Any) -> str:
    """``json.dumps(value, sort_keys=True, separators=(",", ":"))``, byte for byte."""
    return _canonical_bytes([value])[0].decode("ascii")


def _canonical_bytes(values: list[Any]) -> list[bytes]:
    """:func:`_canonical` of each value (as ASCII bytes), written by orjson (ten times
    faster: the state's text is hashed after every action) wherever its text is the
    standard library's: all but non-ASCII text, DEL, floats, keys that are not strings
    and integers beyond 64 bits, which the standard library writes.  (A float is told by
    a digit before a point or an exponent, looked for once in all the texts; a
    non-finite float, which is not JSON, orjson writes as null: the fuzzer checks every
    game's end against :func:`stdlib_text`.)"""
    if not values:
        return []
    try:
        texts = [orjson.dumps(value, option=_ORJSON_OPTIONS) for value in values]
    except TypeError:  # a key not a string, an integer beyond 64 bits, an unknown type
        return [_stdlib_canonical(value).encode("ascii") for value in values]
    if _as_stdlib_writes(b"\x00".join(texts)):  # orjson escapes NUL: a safe separator
        return texts
    if len(values) == 1:
        return [_stdlib_canonical(values[0]).encode("ascii")]
    return [_canonical_bytes([value])[0] for value in values]


def _as_stdlib_writes(text: bytes) -> bool:
    """Whether orjson's ``text`` is the standard library's: ASCII without DEL (which
    ``ensure_ascii`` escapes) and without a float."""
    if not text.isascii() or b"\x7f" in text:
        return False
    return not _float_in(text.translate(_DIGITS_AS_ZERO), b"0.")


def _float_in(numbers: bytes, mark: bytes) -> bool:
    """Whether a number of ``numbers`` (a text with its digits and minus signs as 0, its
    exponent marks as points) has ``mark``, a point: a float, when the number is a value
    (at the start, after a key, in a list, after the NUL that parts texts); in a string (a
    case number's "8.63") it is preceded by a letter or a quote instead.  Text in a string
    that looks like a value (":1.5") only costs the slower writer."""
    at = numbers.find(mark)
    while at >= 0:
        start = at
        while start > 0 and numbers[start - 1] == _ZERO:
            start -= 1
        if start == 0 or numbers[start - 1] in _BEFORE_A_VALUE:
            return True
        at = numbers.find(mark, at + 2)
    return False


def _stdlib_canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def stdlib_text(state: State) -> str:
    """The state's canonical text as the standard library writes it: what
    :meth:`State.to_json` must equal (the fuzzer checks it at every game's end)."""
    return _stdlib_canonical(state.data)


#: sorted keys; types the standard library does not write (dataclasses, dates, subclasses
#: of str, int, dict and list) raise, to be written (or refused) as it does
_ORJSON_OPTIONS = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)
#: every digit and minus sign as 0, an exponent's mark as a point: a float's text then
#: has a "0." (one search for both)
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789-eE", b"0000000000..")
_ZERO = ord("0")
#: what comes just before a value in JSON text without spaces (and the NUL parting texts)
_BEFORE_A_VALUE = b":,[\x00"


class _ListText:
    """The canonical JSON text of one append-only list, extended as it grows: the
    entries' texts in chunks (comma-separated, without the brackets; each chunk after the
    first begins with a comma), one chunk for the entries written at once, joined into
    one now and then.  A clone's text shares the
    chunks list with its parent's; each uses the first ``count`` chunks, and one that
    grows while the other has added to the list takes a copy of its own first."""

    __slots__ = ("chunks", "count", "fed", "hasher", "items", "prefix", "size")

    def __init__(self, items: list[Any]) -> None:
        self.items = items
        self.size = 0
        self.chunks: list[bytes] = []
        self.count = 0
        #: the hash of ``prefix``, "[" and the first ``fed`` chunks (:meth:`hashed`)
        self.hasher: Any = None
        self.prefix = b""
        self.fed = 0

    def pieces(self) -> list[bytes]:
        items = self.items
        if self.size < len(items):
            new = b",".join(_canonical_bytes(items[self.size :]))
            if self.size:
                new = b"," + new  # each chunk after the first begins with its comma
            if self.count != len(self.chunks):  # the shared list grew for the other text
                self.chunks = self.chunks[: self.count]
            if self.count >= _CHUNKS_JOINED:
                self.chunks = [b"".join(self.chunks)]
                if self.hasher is not None and self.fed < self.count:
                    self.hasher = None  # chunks joined before they were all hashed
                self.fed = min(self.fed, 1)
            self.chunks.append(new)
            self.count = len(self.chunks)
            self.size = len(items)
        return [b"[", *self.chunks[: self.count], b"]"] if self.size else [b"[]"]

    def hashed(self, prefix: bytes) -> tuple[Any, int]:
        """A SHA-256 hasher fed with ``prefix`` (the text before the list), "[" and the
        list's text so far without its closing bracket, and how many bytes that is: what
        the state's digest continues from when the list opens its text (call
        :meth:`pieces` first; the list is not empty).  Kept, and fed each chunk once."""
        if self.hasher is None or self.prefix != prefix or self.fed > self.count:
            self.hasher, self.prefix, self.fed = hashlib.sha256(prefix + b"["), prefix, 0
        for chunk in self.chunks[self.fed : self.count]:
            self.hasher.update(chunk)
        self.fed = self.count
        covered = len(prefix) + 1 + sum(len(c) for c in self.chunks[: self.count])
        return self.hasher.copy(), covered

    def copy_for(self, items: list[Any]) -> _ListText:
        """The same text for a copy of the list that shares its entries."""
        twin = _ListText(items)
        twin.chunks, twin.count, twin.size = self.chunks, self.count, self.size
        if self.hasher is not None:
            twin.hasher, twin.prefix, twin.fed = self.hasher.copy(), self.prefix, self.fed
        return twin


#: chunks of a list's text joined into one when there are this many
_CHUNKS_JOINED = 32


class _LogView:
    """One role's log view of one log: the entries shown so far and how much of the log
    they cover."""

    __slots__ = ("entries", "log", "size")

    def __init__(self, log: list[dict[str, Any]]) -> None:
        self.log = log
        self.size = 0
        self.entries: list[dict[str, Any]] = []

    def extend(self, system: RuleSystem, role: str) -> None:
        """Add the entries written since the last call that ``role`` may read."""
        entries = self.entries
        for entry in self.log[self.size :]:
            if not system.log_visible(entry, role):
                continue
            shown = {**entry, "n": len(entries) + 1}
            case = entry.get("case")
            summary = system.case_summary(case) if case else None
            if case and summary is not None:
                shown.update(rule=summary, rule_title=system.case_title(case))
            entries.append(shown)
        self.size = len(self.log)


#: how a state read back from JSON finds its game: set by :mod:`greatwar.api`, so that
#: the engine need not know how scenarios are loaded
_game_loader: Callable[[str, dict[str, Any]], Game] | None = None


def set_game_loader(loader: Callable[[str, dict[str, Any]], Game]) -> None:
    """Register how :meth:`State.from_json` loads a state's game (scenario, options)."""
    global _game_loader
    _game_loader = loader


def _plain(value: Any) -> Any:
    """A JSON round-trip-stable copy: tuples become lists, keys become strings."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
