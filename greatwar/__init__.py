"""greatwar: First World War hex-and-counter wargames with every rule enforced.

>>> import greatwar
>>> game = greatwar.load("gwite/teaching")
>>> state = game.new_state(seed=7)
>>> role = state.active_roles()[0]
>>> action = state.legal_actions(role)[0]
>>> state.apply(role, action)

The names below are imported when first used, so that importing one part of the
package (the map picture of :mod:`greatwar.render`, say) does not load the
engine and the rules.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.api import load, replay
    from greatwar.engine.errors import IllegalAction
    from greatwar.engine.state import Game, State
    from greatwar.model.problems import ScenarioError

#: each public name and the module it comes from
#: (Game and State come through the library's front door, which registers how
#: ``State.from_json`` loads a state's game)
_HOMES = {
    "Game": "greatwar.api",
    "IllegalAction": "greatwar.engine.errors",
    "ScenarioError": "greatwar.model.problems",
    "State": "greatwar.api",
    "load": "greatwar.api",
    "replay": "greatwar.api",
}

__all__ = ["Game", "IllegalAction", "ScenarioError", "State", "load", "replay"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
