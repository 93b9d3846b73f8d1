"""greatwar: First World War hex-and-counter wargames with every rule enforced.

>>> import greatwar
>>> game = greatwar.load("gwite/teaching")
>>> state = game.new_state(seed=7)
>>> role = state.active_roles()[0]
>>> action = state.legal_actions(role)[0]
>>> state.apply(role, action)
"""

from greatwar.api import load, replay
from greatwar.engine.errors import IllegalAction
from greatwar.engine.state import Game, State
from greatwar.model.problems import ScenarioError

__all__ = ["Game", "IllegalAction", "ScenarioError", "State", "load", "replay"]
__version__ = "0.1.0"
