"""What a player reads names things in words: no log entry, prompt or action label of a
random game carries a counter's id ("G-HQ-14A") or a data identifier in snake case
("mlawka_approaches", "mountain_infantry") where a name belongs.  (Found so: the Tannenberg
17.3.3 log named its region by id; the combat panel showed "DEF_OPTION"; see also
tests/web for the panels.)"""

from __future__ import annotations

import random
import re

import pytest

import greatwar
from greatwar.ai import RandomAgent, decide

SCENARIOS = [
    "gwite/teaching",
    "gwite/brusilov-teaching",
    "gwite/caporetto-teaching-tyrol",
    "gwite/hindenburg-teaching",
    "gwite/serbia-galicia-teaching",
    "tannenberg/teaching",
]
#: actions a game is played for at most (whole teaching games)
ACTIONS = 3000
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _leaks(text: str, ids: re.Pattern[str]) -> list[str]:
    return ids.findall(text) + SNAKE.findall(text)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_logs_prompts_and_labels_name_pieces_and_places_in_words(scenario: str) -> None:
    game = greatwar.load(scenario)
    ids = re.compile(
        r"(?<![\w-])("
        + "|".join(sorted(map(re.escape, game.static.units), key=len, reverse=True))
        + r")(?![\w-])"
    )
    st = game.new_state(2)
    agents = {r: RandomAgent(n) for n, r in enumerate(game.roles())}
    order = random.Random(2)
    found: dict[str, str] = {}
    for _ in range(ACTIONS):
        if st.is_over():
            break
        role = order.choice([r for r in st.active_roles() if st.legal_actions(r)])
        view = st.view(role)
        for text in [str(view.get("prompt", "")), *map(str, view.get("labels") or [])]:
            found.update((leak, text) for leak in _leaks(text, ids))
        st.apply(role, decide(agents[role], st, role))
    for entry in st.data["log"]:
        found.update((leak, entry["text"]) for leak in _leaks(entry["text"], ids))
    assert not found, found
