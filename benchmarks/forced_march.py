"""The heuristic agent's forced marches in Caporetto (caporetto 19.0), measured (never
asserted):

    python benchmarks/forced_march.py --games 6 --price 1.0

plays ``--games`` heuristic-against-heuristic games of ``gwite/caporetto-teaching`` with
the agent's :data:`~greatwar.ai.heuristic_gwite.FORCED_MARCH_PRICE` set to ``--price``
(0: force march whenever a farther best move opens; a large price: never) and prints, per
side, the forced marches per game, how many used the Movement Points they bought (the
unit spent more than its allowance), and the steps they cost (19.21, 19.22).

Measured 2026-12-02 (4 games, seeds 1-4; no Caporetto victory conditions yet, so no win
rates): price 1.0, the default: Central Powers 4.0 marches a game, Allies 2.5, every one
using the bonus, 1.5 and 0.5 steps lost a game; price 3.0: 0.8 and 0.8 marches, 0.0 and
0.2 steps.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from rich.console import Console
from rich.table import Table

import greatwar
from greatwar.ai import heuristic_gwite, make_agent
from greatwar.ai.base import decide

SPENT = re.compile(r"\((\d+) of (\d+) spent\)")


def play(seed: int, max_actions: int) -> Counter[str]:
    """One game; the tallies by side (``side:marches``, ``side:used``, ``side:steps``)."""
    st = greatwar.load("gwite/caporetto-teaching").new_state(seed)
    agents = {
        side: make_agent("heuristic", seed + i) for i, side in enumerate(("central", "allied"))
    }
    marched: dict[str, int] = {}  # unit name -> the Movement Points its march added
    tally: Counter[str] = Counter()
    for _ in range(max_actions):
        if st.data.get("over"):
            break
        role = st.active_roles()[0]
        seen = len(st.data["log"])
        st.apply(role, decide(agents[role], st, role))
        for entry in st.data["log"][seen:]:
            text, case = entry["text"], entry.get("case", "")
            if case == "caporetto 19.11" and " is force marched: " in text:
                name, rest = text.split(" is force marched: ", 1)
                marched[name] = int(rest.split(" ", 1)[0])
                tally[f"{role}:marches"] += 1
            elif case in ("5.4", "5.17"):
                found = SPENT.search(text)
                name = next((n for n in marched if text.startswith(f"{n} moves ")), None)
                if found and name and int(found.group(1)) > int(found.group(2)) - marched[name]:
                    del marched[name]
                    tally[f"{role}:used"] += 1
            elif case in ("caporetto 19.21", "caporetto 19.22") and (
                " loses 1 step" in text or " is eliminated" in text
            ):
                tally[f"{role}:steps"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--price", type=float, default=heuristic_gwite.FORCED_MARCH_PRICE)
    parser.add_argument("--max-actions", type=int, default=5000)
    args = parser.parse_args()
    heuristic_gwite.FORCED_MARCH_PRICE = args.price
    total: Counter[str] = Counter()
    for n in range(args.games):
        total += play(args.seed + n, args.max_actions)
    table = Table(title=f"heuristic forced marches, price {args.price}, {args.games} games")
    for column in ("side", "marches/game", "used the bonus", "steps lost/game"):
        table.add_column(column)
    for side in ("central", "allied"):
        marches = total[f"{side}:marches"]
        table.add_row(
            side,
            f"{marches / args.games:.1f}",
            f"{total[f'{side}:used']}/{marches}",
            f"{total[f'{side}:steps'] / args.games:.1f}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
