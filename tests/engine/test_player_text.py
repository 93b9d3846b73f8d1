"""What a player reads names things in words: no log entry, prompt or action label of a
random game carries a counter's id ("G-HQ-14A") or a data identifier in snake case
("mlawka_approaches", "mountain_infantry") where a name belongs, and a click on any of
one's pieces or on any hex is answered (issue 17's refusals), in words, never by a crash.
(Found so: the Tannenberg 17.3.3 log named its region by id; the refusals of a hex where a
cut is offered elsewhere, of a unit no corps HQ takes and of a Von Hindenburg unit that is
no corps; a crash on a mask still on its card; see also tests/web for the panels.)"""

from __future__ import annotations

import random
import re

import pytest

import greatwar
from greatwar.ai import RandomAgent, decide
from greatwar.refusals import why_not

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


def _ids(game: greatwar.Game) -> re.Pattern[str]:
    return re.compile(
        r"(?<![\w-])("
        + "|".join(sorted(map(re.escape, game.static.units), key=len, reverse=True))
        + r")(?![\w-])"
    )


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_logs_prompts_and_labels_name_pieces_and_places_in_words(scenario: str) -> None:
    game = greatwar.load(scenario)
    ids = _ids(game)
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


#: a refusal is asked every this many actions, of this many own pieces and hexes
PROBE_EVERY, PROBES = 1, 12


@pytest.mark.parametrize(
    "scenario",
    ["gwite/caporetto-teaching-tyrol", "gwite/hindenburg-teaching", "tannenberg/teaching"],
)
def test_a_click_on_any_own_piece_or_hex_is_answered_in_words(scenario: str) -> None:
    game = greatwar.load(scenario)
    ids = _ids(game)
    hexes = sorted(game.scenario.board.hexes)
    st = game.new_state(2)
    agents = {r: RandomAgent(n) for n, r in enumerate(game.roles())}
    order, pick = random.Random(2), random.Random(5)
    found: dict[str, str] = {}
    for n in range(ACTIONS):
        if st.is_over():
            break
        role = order.choice([r for r in st.active_roles() if st.legal_actions(r)])
        if n % PROBE_EVERY == 0:
            own = [u["id"] for u in st.view(role)["units"] if u.get("side") in (role, None)]
            pieces = pick.sample(own, min(PROBES, len(own)))
            answers = [why_not(st, role, unit=u) for u in pieces]
            answers += [why_not(st, role, hex_label=h) for h in pick.sample(hexes, PROBES)]
            for answer in answers:
                found.update((leak, answer.reason) for leak in _leaks(answer.reason, ids))
        st.apply(role, decide(agents[role], st, role))
    assert not found, found
