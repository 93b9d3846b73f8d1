"""Stored games across versions of greatwar.

A stored game is rebuilt by replaying its submissions after its newest snapshot
(:func:`greatwar.server.games.restore`), and the state this gives must hash to the
digest stored with the last of them.  A later version of greatwar may word a log entry
or an option otherwise, or rule otherwise after a fix, and then gives another digest:
the game is not corrupt, it was stored by another version.

So every game notes which version stored each run of its submissions
(:meth:`Storage.mark_code`: the digest of the package's code and data,
:func:`code_version`).  A game that does not replay to its digest is refused as
corrupt only when this version stored every submission replayed; a game another
version stored is *carried over*: replayed by this version (an option worded otherwise
is the same option, :meth:`State.replay`), its replayed submissions' digests set to
those this version gives (they are what later rebuilds check), marked as this
version's, and its log told so, where every player reads it.  A submission this
version refuses (a rule that now forbids it) cannot be carried over: the game is
refused, and the server's log says why.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from greatwar.engine.state import State

#: the files whose contents make a version of greatwar for stored games: the code and the
#: scenarios, tables and rules data it reads
_CODE_SUFFIXES = (".py", ".toml")


@cache
def code_version() -> str:
    """This version of greatwar, as stored games know it: a digest of the package's code
    and data (:func:`tree_digest` of the package)."""
    return tree_digest(Path(__file__).resolve().parent.parent)


def tree_digest(root: Path) -> str:
    """A digest of every ``.py`` and ``.toml`` file under ``root``, by path and contents."""
    hasher = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.suffix in _CODE_SUFFIXES and "__pycache__" not in path.parts and path.is_file():
            hasher.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
            hasher.update(path.read_bytes() + b"\0")
    return hasher.hexdigest()[:16]


def code_of(marks: list[tuple[int, str]], n: int) -> str | None:
    """The version that stored the ``n``-th submission (the mark with the greatest
    ``first_n`` at or before it), or None for a submission no mark covers (stored before
    versions were marked)."""
    found = None
    for first, code in marks:
        if first <= n:
            found = code
    return found


def all_ours(marks: list[tuple[int, str]], first: int, last: int) -> bool:
    """Whether this version stored every submission from ``first`` to ``last``."""
    ours = code_version()
    return all(code_of(marks, n) == ours for n in range(first, last + 1))


@dataclass(frozen=True)
class CarriedOver:
    """A game another version stored, replayed by this one from submission ``first`` on:
    the digests this version gives those submissions (n -> digest)."""

    first: int
    digests: dict[int, str]


def notice(first: int, last: int) -> str:
    """The log entry of a carried-over game, which every player reads (the versions, digests
    that mean nothing to a player, go to the server's log: :func:`others_of`)."""
    span = f"action {first}" if first == last else f"actions {first} to {last}"
    told = (
        "This game was stored by another version of greatwar; this version replayed"
        f" {span} and words or rules them as it does now."
    )
    return told + (" The log before them is as the other version wrote it." if first > 1 else "")


def others_of(marks: list[tuple[int, str]], first: int, last: int) -> list[str]:
    """The versions other than this one that stored submissions ``first`` to ``last``
    ("unmarked": stored before versions were marked)."""
    ours = code_version()
    found = {code_of(marks, n) for n in range(first, last + 1)}
    return sorted(c if c is not None else "unmarked" for c in found if c != ours)


def tell(state: State, carried: CarriedOver) -> None:
    """Log the carrying over in the game's own log (a public entry, no rule case)."""
    state.log(notice(carried.first, max(carried.digests)))
