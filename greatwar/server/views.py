"""The views the server sends: a seat's (``state.view(role)``) and a spectator's.

A seat's view is exactly the engine's ``state.view(role)``, with one addition:
when the seat may take back its last action (``can_undo``), ``legal_actions``
also holds :data:`UNDO`, the action that does so (and ``labels``, the actions in a
player's words in the same order, :data:`UNDO_LABEL`).

A spectator plays no role, so it sees only what every role may see: the
engine part of a view without legal actions, with the log entries every role
may read (numbered in their own sequence), and the rule system's
:meth:`~greatwar.engine.system.RuleSystem.public_view`.

A view's log is sent only from where the page has it (issue 20: the log grows all game
long, and sending it whole with every action made the answers cost more as games aged).
Every payload carries a ``log_key`` naming its whole log: how many entries it has and a
hash chained over them (:class:`LogChain`), so two keys are equal only for the same
entries, whichever server process made them.  A page that sends back the key of the log
it holds is sent only the entries after it: ``log_after`` says how many it keeps and
``log_base`` names the log they continue.  A key the server cannot find in the seat's
log as it is now (an undo took those entries back, or no key) gets the whole log,
``log_after`` 0 and ``log_base`` null.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

import orjson

from greatwar.engine.state import VIEW_FORMAT

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the action that takes back the seat's last action (``state.undo``)
UNDO: dict[str, Any] = {"type": "undo"}
#: its label
UNDO_LABEL = "Undo your last action"


class LogChain:
    """The keys of a seat's log, one for each of its lengths: entry by entry, a hash
    chained over the entries shown so far (each one hashed once, as it is added)."""

    def __init__(self) -> None:
        self.links: list[bytes] = []

    def extend(self, shown: list[dict[str, Any]]) -> None:
        """Take in the entries of ``shown`` (the seat's log now) after those taken in."""
        if len(self.links) > len(shown):  # a log that shrank is another log
            self.links.clear()
        for entry in shown[len(self.links) :]:
            last = self.links[-1] if self.links else b""
            data = last + orjson.dumps(entry, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
            self.links.append(hashlib.blake2b(data, digest_size=9).digest())

    def key(self, count: int | None = None) -> str:
        """The key of the log's first ``count`` entries (all of them by default)."""
        count = len(self.links) if count is None else count
        return f"{count}-{self.links[count - 1].hex()}" if count else "0"

    def held(self, key: str | None) -> int:
        """How many entries the holder of ``key`` has of this log: the count it names when
        its hash is this log's at that count, else 0 (another log, or no key)."""
        count, _, _ = (key or "").partition("-")
        if not count.isdigit() or len(count) > 9:
            return 0
        kept = int(count)
        return kept if 0 < kept <= len(self.links) and self.key(kept) == key else 0


def with_log_after(view: dict[str, Any], kept: int) -> dict[str, Any]:
    """``view`` with only the log entries after the first ``kept`` (a shallow copy; the
    view itself is shared and left as it is)."""
    if not kept:
        return view
    return {**view, "log": view["log"][kept:]}


def seat_view(state: State, role: str) -> dict[str, Any]:
    """What ``role`` may know, with its legal actions (and :data:`UNDO` when allowed)."""
    view = state.view(role)
    if view.get("can_undo"):
        view["legal_actions"] = [*view["legal_actions"], dict(UNDO)]
        view["labels"] = [*view.get("labels", []), UNDO_LABEL]
    return view


def public_log(state: State) -> list[dict[str, Any]]:
    """The log entries every role may read, numbered 1, 2, ... in that order."""
    system = state.game.system
    roles = state.game.roles()
    out: list[dict[str, Any]] = []
    for entry in state.data["log"]:
        if not all(system.log_visible(entry, role) for role in roles):
            continue
        shown = {k: v for k, v in entry.items() if k != "to"}
        shown["n"] = len(out) + 1
        case = entry.get("case")
        summary = system.case_summary(case) if case else None
        if summary is not None:
            shown["rule"] = summary
            shown["rule_title"] = system.case_title(case)
        out.append(shown)
    return out


def public_view(state: State) -> dict[str, Any]:
    """What someone who plays no role may see of ``state`` (a spectator)."""
    system = state.game.system
    view: dict[str, Any] = dict(system.public_view(state))
    view.update(
        {
            "format": VIEW_FORMAT,
            "scenario": state.game.ref,
            "name": state.game.scenario.info.name,
            "fictional": state.game.scenario.fictional,
            "role": None,
            "version": state.version,
            "active_roles": state.active_roles(),
            "prompt": state.prompt(),
            "legal_actions": [],
            "labels": [],
            "can_undo": False,
            "over": state.is_over(),
            "result": state.result(),
            "log": public_log(state),
        }
    )
    return view
