"""Rulings as shown: what a preview promised is what the resolution applied.

Every attack or clash a rule system resolves logs its numbers (a log entry
with ``ruling``: the ruling's ``key``, the ``condition`` under which a preview
gave them — the pair of combat cards played, or "" — and the ``numbers``).
Every preview a view shows has the same numbers, built by the same function
(:meth:`RuleSystem.previews`).  This check holds one to the other:

* the numbers resolved must equal those of the last preview the acting role
  saw before the action that resolved them (for Tannenberg, the card matrix
  entry of the cards actually played);
* unless a rule acting between commitment and the die changed the inputs (a
  log entry with ``alters``: the ruling's key; e.g. 9.23 attrition, artillery
  declared after the cards), or the role could not see the numbers before
  (masked enemies): then they must equal the preview recomputed at the moment
  the resolution took its numbers (:meth:`State.taking_numbers`), after that
  rule.

The fuzzer (``play_game(check_invariants=True)``) and ``greatwar replay`` run
it on every action; a difference fails the game, naming the attack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State

Numbers = dict[str, Any]


@dataclass
class _Seen:
    """A preview a role saw: where the log stood then, and its numbers by condition."""

    log_at: int
    numbers: dict[str, Numbers]


@dataclass
class RulingCheck:
    """Watches one game's actions; :meth:`after` lists the rulings that broke a promise."""

    game: Game
    seen: dict[tuple[str, str], _Seen] = field(default_factory=dict)
    recomputed: dict[str, dict[str, Numbers]] = field(default_factory=dict)
    role: str = ""
    log_at: int = 0
    #: rulings held to their previews so far
    checked: int = 0

    def attach(self) -> RulingCheck:
        self.game.ruling_observer = self._taking_numbers
        return self

    def detach(self) -> None:
        self.game.ruling_observer = None

    def before(self, st: State, role: str) -> None:
        """``role`` is about to act on ``st``: remember the previews its view shows."""
        self.role = role
        self.log_at = len(st.data["log"])
        shown = self.game.system.previews(st, role)
        # a preview the role no longer sees promises nothing (the same key may name a
        # new attack: a shelling formed again on another hex, 11.4)
        for stale in [k for k in self.seen if k[0] == role and k[1] not in shown]:
            del self.seen[stale]
        for key, numbers in shown.items():
            self.seen[(role, key)] = _Seen(self.log_at, numbers)

    def _taking_numbers(self, st: State, key: str) -> None:
        self.recomputed[key] = self.game.system.previews(st, self.role).get(key, {})

    def after(self, st: State) -> list[str]:
        """The broken promises among the rulings the last action resolved."""
        problems = []
        log = st.data["log"]
        for index in range(self.log_at, len(log)):
            ruling = log[index].get("ruling")
            if ruling is not None:
                self.checked += 1
                problem = self._check(log, index, ruling)
                if problem:
                    problems.append(problem)
        return problems

    def _check(self, log: list[dict[str, Any]], index: int, ruling: dict[str, Any]) -> str | None:
        key, condition, numbers = ruling["key"], ruling["condition"], ruling["numbers"]
        seen = self.seen.get((self.role, key))
        changes = []
        if seen is not None:
            changes = [
                f"{e.get('case', '?')}: {e['text']}"
                for e in log[seen.log_at : index]
                if e.get("alters") == key
            ]
        what = f"{key} ({log[index]['text']})"
        expected: dict[str, Any] | None
        if seen is not None and condition in seen.numbers and not changes:
            expected, source = seen.numbers[condition], "the preview before it was committed"
        else:
            expected = self.recomputed.get(key, {}).get(condition)
            after = "; ".join(changes) or "the reveal of what the preview could not show"
            source = f"the preview recomputed after {after}"
        if expected is None:
            return (
                f"{what}: resolved with numbers no preview showed ({condition or 'no condition'})"
            )
        if expected != numbers:
            diff = {k: (expected.get(k), numbers.get(k)) for k in {*expected, *numbers}}
            shown = {k: v for k, v in sorted(diff.items()) if v[0] != v[1]}
            parts = ", ".join(f"{k}: shown {a!r}, resolved {b!r}" for k, (a, b) in shown.items())
            return f"{what}: the resolution differs from {source} — {parts}"
        return None
