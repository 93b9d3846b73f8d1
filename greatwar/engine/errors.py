"""Errors the engine raises at its public surface."""

from __future__ import annotations

import re


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


class OptionError(ValueError):
    """Options a player chose that the game cannot be played with: an unknown name, a
    value not of the option's declared type, two options that exclude each other."""


#: a name a refusal may repeat: a short identifier (anything else is input not echoed)
_SHOWN_NAME = re.compile(r"[A-Za-z0-9_./:+-]{1,60}")


def showable(name: object) -> bool:
    """Whether a refusal may repeat this name a client sent: a short identifier."""
    return isinstance(name, str) and _SHOWN_NAME.fullmatch(name) is not None


def shown_name(name: object) -> str:
    """A name a client sent, quoted for a refusal when it is a short identifier; any other
    text is not repeated back (a refusal never echoes arbitrary input)."""
    return repr(name) if showable(name) else "(a name not shown)"
