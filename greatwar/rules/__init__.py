"""Rule systems, by the name scenarios use (``system = "gwite"``)."""

from __future__ import annotations

from importlib import import_module

from greatwar.rules.system import RuleSystem

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
