"""Play in the terminal (see :mod:`greatwar.terminal.game`): a map, unit tables, combat
breakdowns, hex and unit names as input, and saved games to resume."""

from greatwar.terminal.game import HELP, TerminalGame, describe

__all__ = ["HELP", "TerminalGame", "describe"]
