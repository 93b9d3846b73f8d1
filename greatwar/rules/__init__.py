"""Rule systems, by the name scenarios use (``system = "gwite"``)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from greatwar.engine.system import RuleSystem
from greatwar.model import loader
from greatwar.model.loader import Report, Scenario

_SYSTEMS = {
    "gwite": "greatwar.rules.gwite",
    "tannenberg": "greatwar.rules.tannenberg",
}
_loaded: dict[str, RuleSystem] = {}


def system_for(name: str) -> RuleSystem:
    """The rule system called ``name``."""
    if name not in _loaded:
        if name not in _SYSTEMS:
            raise ValueError(f"no rule system {name!r}; known: {', '.join(sorted(_SYSTEMS))}")
        _loaded[name] = import_module(_SYSTEMS[name]).SYSTEM
    return _loaded[name]


def systems() -> list[str]:
    return sorted(_SYSTEMS)


def load_scenario(scenario: str | Path) -> Scenario:
    """Load a scenario, checked by the model and by its rule system, or raise
    :class:`~greatwar.model.problems.ScenarioError` with every problem."""
    return loader.load_scenario(scenario, system_for)


def validate_file(path: str | Path) -> Report:
    """``greatwar validate``: every problem of one data file, and what a valid scenario
    still lacks (its rule system's checks included)."""
    return loader.validate_file(path, system_for)
