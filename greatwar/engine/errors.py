"""Errors the engine raises at its public surface."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now.  The state is left unchanged.

    ``reason`` says what is wrong in a player's terms; ``case`` is the rule
    case that forbids it (``"5.13"``, ``"tannenberg 9.5.9"``), when one does.
    """

    def __init__(self, reason: str, case: str | None = None) -> None:
        self.reason = reason
        self.case = case
        super().__init__(f"{reason} ({case})" if case else reason)


class InvariantViolation(AssertionError):
    """A state broke a rule the engine must always keep (a bug, found by the fuzzer)."""
