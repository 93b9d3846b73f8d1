"""The random agent: any legal action, from its own seeded generator.

Actions that only end or skip something (ending a segment, finishing a
unit, withholding a reinforcement) get a lower weight, so random games do
more than pass, and actions that take back a choice just made (releasing a
unit from an HQ, removing an attacker) a lower one still, so random games
do not dither; actions open at every moment that only add or shuffle
markers (Von Hindenburg's Gruppen: a dummy placed, a marker selected or
combined) get a low one too, so random games do not bury the map
under markers; actions that end the game early by agreement (Caporetto 4.1: a
proposal, its acceptance) get a low one, so random games mostly reach their last
Game-Turn; every legal action keeps a chance.
"""

from __future__ import annotations

import random

from greatwar.ai.base import Action, View

PASSIVE = frozenset({"end_segment", "end_phase", "end_occupy", "end_advance", "finish", "withhold"})


UNDOING = frozenset(
    {
        "release",
        "remove_attacker",
        "remove_target",
        "remove_shift",
        "cancel",
        "remove_defensive_shift",
        "remove_massed_artillery",
        "remove_putnik_shift",
        "remove_flotilla",
    }
)
#: actions that carry a plan through (an attack once put together is usually resolved)
DECISIVE = frozenset({"resolve"})
#: actions open at every moment that only add or shuffle markers (Hindenburg 18.0)
SPARING = frozenset({"gruppe_dummy", "gruppe_select", "gruppe_merge"})
#: actions that end the game early by mutual agreement (Caporetto 4.1)
CONCLUDING = frozenset({"propose_end", "accept_end"})


class RandomAgent:
    name = "random"

    def __init__(
        self,
        seed: int = 0,
        passive_weight: float = 0.25,
        undoing_weight: float = 0.05,
        decisive_weight: float = 5.0,
        sparing_weight: float = 0.05,
        concluding_weight: float = 0.05,
    ) -> None:
        self.rng = random.Random(seed)
        self.passive_weight = passive_weight
        self.undoing_weight = undoing_weight
        self.decisive_weight = decisive_weight
        self.sparing_weight = sparing_weight
        self.concluding_weight = concluding_weight
        self._table: dict[object, float] = {}
        self._table_of: tuple[float, ...] | None = None

    def weight(self, action: Action) -> float:
        kind = action.get("type")
        if kind in PASSIVE:
            return self.passive_weight
        if kind in UNDOING:
            return self.undoing_weight
        if kind in DECISIVE:
            return self.decisive_weight
        if kind in SPARING:
            return self.sparing_weight
        if kind in CONCLUDING:
            return self.concluding_weight
        return 1.0

    def choose(self, view: View) -> Action:
        legal: list[Action] = view["legal_actions"]
        if not legal:
            raise ValueError("no legal action to choose from")
        by_type = self._weights_by_type()
        weights = [by_type.get(a.get("type"), 1.0) for a in legal]  # (each as weight() says)
        return self.rng.choices(legal, weights)[0]

    def _weights_by_type(self) -> dict[object, float]:
        """:meth:`weight` of every kind of action it does not weigh 1.0, by kind (one
        look-up an action: a big map's lists run to hundreds), made again whenever a
        weight was changed."""
        key = (
            self.passive_weight,
            self.undoing_weight,
            self.decisive_weight,
            self.sparing_weight,
            self.concluding_weight,
        )
        if self._table_of != key:
            kinds = PASSIVE | UNDOING | DECISIVE | SPARING | CONCLUDING
            self._table = {kind: self.weight({"type": kind}) for kind in kinds}
            self._table_of = key
        return self._table
