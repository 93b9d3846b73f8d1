"""What a rule system provides to the engine.

A rule system (``gwite``, ``tannenberg``) knows its sequence of play as
frame handlers, builds a game's initial data, validates its scenarios and
says what each role may see.  The engine knows nothing of any game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Handler

if TYPE_CHECKING:
    import random

    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems


@dataclass(frozen=True)
class OptionSpec:
    """A switch a player may set when starting a game."""

    default: bool | int | str
    description: str
    case: str = ""


class RuleSystem:
    """Base class of the rule systems; each method is a hook a system fills in."""

    name: str = ""
    handlers: dict[str, Handler]
    options: dict[str, OptionSpec]

    #: whether a seat may not see everything (masks, cards): hotseat play hands over
    hidden_information = False

    def __init__(self) -> None:
        self.handlers = {}
        self.options = {}

    def register(self, *handlers: Handler) -> None:
        for h in handlers:
            if h.kind in self.handlers:
                raise ValueError(f"two handlers for frame kind {h.kind!r}")
            self.handlers[h.kind] = h

    # --- scenarios ----------------------------------------------------------

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """Add problems a scenario has under this system's rules."""

    def lacks(self, scenario: Scenario) -> list[str]:
        """What a valid scenario still lacks under this system."""
        return []

    def resolve_options(self, scenario: Scenario, options: dict[str, Any]) -> dict[str, Any]:
        """Scenario defaults overlaid with the player's options; unknown names are errors."""
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ValueError(
                f"unknown option(s) {', '.join(unknown)}; {self.name} options: {known}"
            )
        resolved = {name: spec.default for name, spec in self.options.items()}
        resolved.update({k: v for k, v in scenario.file.options.items() if k in self.options})
        resolved.update(options)
        return resolved

    # --- games --------------------------------------------------------------

    def prepare(self, game: Game) -> Any:
        """Static tables for a game, built once and shared by all its states."""
        return None

    def roles(self, game: Game) -> list[str]:
        raise NotImplementedError

    def role_name(self, game: Game, role: str) -> str:
        return role

    def initial_data(self, game: Game) -> dict[str, Any]:
        raise NotImplementedError

    def start(self, st: State) -> None:
        """Push the first frames of a new state."""
        raise NotImplementedError

    def result(self, st: State) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, st: State, role: str) -> dict[str, Any]:
        return {}

    def case_summary(self, case: str) -> str | None:
        """Our own one-line summary of the rule case ``case`` (never the rulebook's words).

        Views add it to log entries and refusals carry it; None when unknown.
        """
        return None

    def case_title(self, case: str) -> str | None:
        """A short title of the rule case ``case``; None when unknown."""
        return None

    def log_visible(self, entry: dict[str, Any], role: str) -> bool:
        """Whether a log entry may be shown to ``role`` (entries may name their readers)."""
        readers = entry.get("to")
        return readers is None or role in readers

    def determinize(self, st: State, role: str, rng: random.Random) -> State:
        """A state ``role`` cannot tell from ``st``: a clone whose future dice are drawn
        afresh from ``rng``; systems with hidden information also redraw what ``role``
        may not see. Used by searching agents (never shown to a player); its past
        cannot be undone by replay."""
        world = st.clone()
        world.data["dice"]["seed"] = rng.getrandbits(64)
        return world

    def invariants(self, st: State, moment: str) -> list[str]:
        """Broken invariants (empty when all hold) at ``moment``: ``any`` or ``end_of_phase``."""
        return []
