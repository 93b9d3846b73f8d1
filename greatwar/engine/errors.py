"""Errors the engine raises at its public surface."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now.  The state is left unchanged.

    ``reason`` says what is wrong in a player's terms; ``case`` is the rule
    case that forbids it (``"5.13"``, ``"tannenberg 9.5.9"``), when one does;
    ``summary`` is the project's own one-line summary of that case (the
    engine fills it in from the rule system's case index).
    """

    def __init__(self, reason: str, case: str | None = None, summary: str | None = None) -> None:
        self.reason = reason
        self.case = case
        self.summary = summary
        super().__init__(f"{reason} ({case})" if case else reason)


class InvariantViolation(AssertionError):
    """A state broke a rule the engine must always keep (a bug, found by the fuzzer)."""
