"""The random agent draws each legal action with the weight :meth:`RandomAgent.weight`
gives it (its weights by kind looked up once a list, issue 18): the same draws as
weighing each action in turn, also after a weight is changed between draws."""

from __future__ import annotations

import random

from greatwar.ai.random_agent import CONCLUDING, DECISIVE, PASSIVE, SPARING, UNDOING, RandomAgent

KINDS = [*sorted(PASSIVE | UNDOING | DECISIVE | SPARING | CONCLUDING), "move", "select"]

Legal = list[dict[str, object]]


def _one_by_one(rng: random.Random, agent: RandomAgent, lists: list[Legal]) -> list[object]:
    """The draws of ``rng`` weighing each action of each list by ``agent.weight``."""
    return [rng.choices(legal, [agent.weight(a) for a in legal])[0] for legal in lists]


def test_the_draws_weigh_each_action_as_weight_says() -> None:
    rng = random.Random(1)
    lists: list[Legal] = [
        [{"type": rng.choice(KINDS), "n": n} for n in range(rng.randint(1, 40))] for _ in range(300)
    ]
    lists.append([{"n": 0}, {"type": "end_segment"}])  # (an action of no type weighs 1)
    agent = RandomAgent(5)
    reference = random.Random(5)  # (the agent's own generator, seeded alike)
    drawn = [agent.choose({"legal_actions": legal}) for legal in lists]
    assert drawn == _one_by_one(reference, agent, lists)
    # weights changed between draws: the next draws weigh by the new ones
    agent.passive_weight, agent.decisive_weight = 3.0, 0.5
    drawn = [agent.choose({"legal_actions": legal}) for legal in lists]
    assert drawn == _one_by_one(reference, agent, lists)
    pair: Legal = [{"type": "end_segment"}, {"type": "move"}]
    ends = sum(agent.choose({"legal_actions": pair})["type"] == "end_segment" for _ in range(400))
    assert ends > 250  # (3 to 1 now, where it was 1 to 4)
