"""The random agent: any legal action, from its own seeded generator.

Actions that only end or skip something (ending a segment, finishing a
unit, withholding a reinforcement) get a lower weight, so random games do
more than pass; every legal action keeps a chance.
"""

from __future__ import annotations

import random

from greatwar.ai.base import Action, View

PASSIVE = frozenset({"end_segment", "finish", "withhold"})


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0, passive_weight: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.passive_weight = passive_weight

    def choose(self, view: View) -> Action:
        legal: list[Action] = view["legal_actions"]
        if not legal:
            raise ValueError("no legal action to choose from")
        weights = [self.passive_weight if a.get("type") in PASSIVE else 1.0 for a in legal]
        return self.rng.choices(legal, weights)[0]
