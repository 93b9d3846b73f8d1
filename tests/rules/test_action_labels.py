"""Every legal action is labelled for a player, by its rule system, from one table per
system (:mod:`greatwar.rules.gwite.labels`, :mod:`greatwar.rules.tannenberg.labels`).

Random games of the teaching scenarios (several seeds, options and seatings) collect
every action type offered and its labels; each label must read as a player's words:
a capital first, no internal id, no snake_case word, no word twice in a row, the
units by their names.  Every type the rules' code can produce (found in the code
itself, so that a new type fails here until it has a label) must have been seen, or
be listed as unreachable in these games with a reason.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from greatwar.ai.random_agent import RandomAgent
from greatwar.api import load
from greatwar.engine.labels import LabelContext, label_with, path_text, sentence
from greatwar.rules.gwite.labels import LABELS as GWITE_LABELS
from greatwar.rules.tannenberg import masks
from greatwar.rules.tannenberg.labels import LABELS as TANNENBERG_LABELS
from greatwar.rules.tannenberg.labels import MASKED_STACK, piece_names

RULES = Path(__file__).resolve().parents[2] / "greatwar" / "rules"

TABLES = {"gwite": GWITE_LABELS, "tannenberg": TANNENBERG_LABELS}

#: (scenario, options, seeds): the teaching scenarios of each game and system
GAMES: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("gwite/teaching", {}, (1, 2)),
    ("gwite/brusilov-teaching", {}, (1, 2)),
    ("gwite/caporetto-teaching", {"heroic_leaders": True, "free_deployment_allied": True}, (1,)),
    ("gwite/caporetto-teaching", {}, (2,)),
    ("gwite/hindenburg-teaching", {"hidden_movement": True}, (1,)),
    ("gwite/hindenburg-teaching", {}, (2,)),
    ("gwite/serbia-galicia-teaching", {}, (1, 2)),
    ("gwite/serbia-galicia-teaching-free", {}, (1,)),
    ("tannenberg/teaching", {}, (1, 2)),
    ("tannenberg/teaching", {"three_players": True}, (2,)),
]

#: action types the code can produce that these random games do not reach: why, and an
#: action of the type as the code builds it (its label is checked like the others)
UNREACHED: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {
    ("gwite", "feed"): (
        "11.22: only when several units in one Friendly fortress must share its supply",
        {"type": "feed", "unit": "R-XIX", "fortress": "0805"},
    ),
    ("gwite", "forage"): (
        "Serbia/Galicia foraging: only units that may forage in these scenarios' turns",
        {"type": "forage", "unit": "R-XIX"},
    ),
    ("gwite", "putnik_shift"): (
        "serbia 19.1: Putnik must be on the map with a second Serbian HQ in an attack",
        {"type": "putnik_shift", "through": "R-HQ-5A", "shift": 1},
    ),
    ("gwite", "remove_putnik_shift"): (
        "serbia 19.1: follows a Putnik shift given",
        {"type": "remove_putnik_shift"},
    ),
    ("gwite", "withhold_permanently"): (
        "brusilov: only when the scenario gives the Central Powers withholding points",
        {"type": "withhold_permanently", "unit": "R-XIX"},
    ),
    ("gwite", "offmap_exit"): (
        "hindenburg 17.34: an entrained German unit at a rail exit to the off-map band",
        {"type": "offmap_exit", "unit": "R-XIX"},
    ),
    ("gwite", "offmap_return"): (
        "hindenburg 17.34: follows an off-map exit",
        {"type": "offmap_return", "unit": "R-XIX", "hex": "0101"},
    ),
    ("gwite", "reenter"): (
        "5.37: a unit sent off the map by rail re-entering on a later turn",
        {"type": "reenter", "unit": "R-XIX", "hex": "0114"},
    ),
    ("gwite", "reduce_barrage"): (
        "caporetto: random play seldom lowers a barrage it gave",
        {"type": "reduce_barrage", "unit": "R-XIX", "points": 2},
    ),
    ("gwite", "remove_barrage"): (
        "caporetto: random play seldom takes back a barrage it gave",
        {"type": "remove_barrage", "unit": "R-XIX"},
    ),
    ("tannenberg", "add_hex"): (
        "a clash over several opposite hexes: not formed in these games",
        {"type": "add_hex", "hex": "A10 B13"},
    ),
    ("tannenberg", "count"): (
        "9.7.7: only across a strait, which the teaching map lacks",
        {"type": "count", "unit": "G-1-1-I"},
    ),
    ("tannenberg", "escape"): (
        "13.1.5: an HQ escaping with several equally near hexes",
        {"type": "escape", "unit": "G-HQ-I", "hex": "A10 B13"},
    ),
    ("tannenberg", "hold_fire"): (
        "11.1.3: random play seldom takes back an artillery support it declared",
        {"type": "hold_fire", "unit": "G-I-art"},
    ),
    ("tannenberg", "done"): (
        "11.1.3: artillery support in a clash, seldom in these seeds",
        {"type": "done"},
    ),
    ("tannenberg", "eliminate"): (
        "a Train unit eliminated: seldom in these seeds",
        {"type": "eliminate", "unit": "G-1-1-I", "hex": "A10 B13"},
    ),
}

#: "type" keys in the code that are not actions, and what they are
NOT_ACTIONS: dict[tuple[str, str], str] = {
    ("gwite", "mask"): "a Gruppe marker's piece type in the view (hindenburg 18.12)",
}

#: names for the units of the actions of :data:`UNREACHED`
SOME_NAMES = {
    "R-XIX": "XIX Corps",
    "R-HQ-5A": "5th Army HQ",
    "G-1-1-I": "1/1/I",
    "G-HQ-I": "I Corps HQ",
    "G-I-art": "I art.",
}

#: an internal id: a unit id ("G-XVII", "R-HQ-5A", "mask-german-1"), a mask's handle
ID = re.compile(r"\b(?:[A-Z]{1,2}-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*|mask-\w+|\w+-masked-\d+)\b")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")

MAX_STEPS = 3000


def _system(ref: str) -> str:
    return ref.split("/", 1)[0]


def played(ref: str, options: dict[str, Any], seed: int) -> Iterator[tuple[dict[str, Any], str]]:
    """Each view of an active role in a random game, as (view, role)."""
    game = load(ref, options)
    st = game.new_state(seed)
    agents = {role: RandomAgent(seed + n) for n, role in enumerate(game.roles())}
    for _ in range(MAX_STEPS):
        roles = st.active_roles()
        if st.is_over() or not roles:
            return
        view = st.view(roles[0])
        yield view, roles[0]
        st.apply(roles[0], agents[roles[0]].choose(view))


@cache
def seen() -> dict[tuple[str, str], list[tuple[dict[str, Any], str, dict[str, str]]]]:
    """(system, type) -> a few (action, label, the names its seat's view gives units)."""
    found: dict[tuple[str, str], list[tuple[dict[str, Any], str, dict[str, str]]]] = {}
    for ref, options, seeds in GAMES:
        for seed in seeds:
            for view, _role in played(ref, options, seed):
                assert len(view["labels"]) == len(view["legal_actions"])
                names = {u["id"]: str(u.get("name")) for u in view.get("units", [])}
                for action, label in zip(view["legal_actions"], view["labels"], strict=True):
                    samples = found.setdefault((_system(ref), action["type"]), [])
                    if len(samples) < 40:
                        samples.append((action, label, names))
    return found


def produced_types(system: str) -> set[str]:
    """Every action type the code of ``system`` builds: ``{"type": "x"}`` literals and
    ``{"type": NAME}`` with NAME a module constant."""
    types: set[str] = set()
    for path in (RULES / system).rglob("*.py"):
        if path.name == "labels.py":
            continue
        text = path.read_text()
        types.update(re.findall(r'"type":\s*"([a-z_]+)"', text))
        constants = re.findall(r'"type":\s*([A-Z][A-Z_0-9]*)\b', text)
        if constants:
            module = importlib.import_module(
                ".".join(path.relative_to(RULES.parents[1]).with_suffix("").parts)
            )
            types.update(str(getattr(module, name)) for name in constants)
    return types - {kind for sys_name, kind in NOT_ACTIONS if sys_name == system}


def repeated(label: str) -> str | None:
    """A word, or a pair of words, said twice in a row ("mask mask", "XIX Corps XIX Corps")."""
    words = label.lower().split()
    for size in (1, 2):
        for i in range(len(words) - 2 * size + 1):
            if words[i : i + size] == words[i + size : i + 2 * size]:
                return " ".join(words[i : i + size])
    return None


def label_problems(label: str, action: dict[str, Any], names: dict[str, str]) -> list[str]:
    problems = []
    if not label[:1].isupper():
        problems.append("does not start with a capital")
    if ID.search(label):
        problems.append(f"shows an internal id ({ID.search(label).group()})")  # type: ignore[union-attr]
    if SNAKE.search(label):
        problems.append(f"shows a snake_case word ({SNAKE.search(label).group()})")  # type: ignore[union-attr]
    if repeated(label):
        problems.append(f"repeats {repeated(label)!r}")
    for key in ("unit", "hq", "depot", "through", "mask"):
        name = names.get(action.get(key), "") if isinstance(action.get(key), str) else ""
        if name and name.split(" (")[0].lower() not in label.lower():
            problems.append(f"does not name {name!r}")
    return problems


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_label_reads_as_a_players_words(system: str) -> None:
    bad = []
    for (sys_name, kind), samples in sorted(seen().items()):
        if sys_name != system:
            continue
        for action, label, names in samples:
            for problem in label_problems(label, action, names):
                bad.append(f"{kind}: {label!r} {problem} ({action})")
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_action_type_seen_has_its_own_label(system: str) -> None:
    types = {kind for sys_name, kind in seen() if sys_name == system}
    assert types - set(TABLES[system]) == set()


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_action_type_the_code_produces_has_a_label_and_is_walked(system: str) -> None:
    produced = produced_types(system)
    assert produced - set(TABLES[system]) == set(), "action types without a label"
    walked = {kind for sys_name, kind in seen() if sys_name == system}
    unreached = {kind for sys_name, kind in UNREACHED if sys_name == system}
    assert produced - walked - unreached == set(), "action types neither seen nor listed"
    assert set(TABLES[system]) - produced == set(), "labels of action types the code lacks"


@pytest.mark.parametrize(("system", "kind"), sorted(UNREACHED))
def test_a_type_these_games_do_not_reach_is_labelled_too(system: str, kind: str) -> None:
    _why, action = UNREACHED[(system, kind)]
    label = label_with(TABLES[system], LabelContext(SOME_NAMES), action)
    assert label_problems(label, action, SOME_NAMES) == []


def test_labels_are_the_same_for_the_page_and_the_terminal() -> None:
    """The view sends one label per legal action, in their order; undo is labelled too."""
    from greatwar.server.views import UNDO_LABEL, seat_view

    st = load("gwite/teaching", {}).new_state(1)
    role = st.active_roles()[0]
    first = st.legal_actions(role)[0]
    st.apply(role, first)
    view = seat_view(st, role)
    assert len(view["labels"]) == len(view["legal_actions"])
    if view["can_undo"]:
        assert view["labels"][-1] == UNDO_LABEL


def test_an_enemy_mask_is_a_masked_stack_and_an_own_one_says_what_it_hides() -> None:
    view = {
        "units": [
            {"id": "G-1-1-I", "name": "1/1/I", "type": "infantry"},
            {
                "id": "mask-german-1",
                "name": "Masking counter 1",
                "type": masks.MASK,
                "hides": ["G-1-1-I"],
                "empty": False,
            },
            {"id": "russian-masked-2", "name": "Masking counter", "type": masks.MASK},
        ]
    }
    ctx = LabelContext(piece_names(view))
    react = {"type": "react", "unit": "russian-masked-2", "to": "A1 B2"}
    assert label_with(TANNENBERG_LABELS, ctx, react) == f"React: move {MASKED_STACK} to A1 B2"
    lift = {"type": "lift_mask", "mask": "mask-german-1"}
    assert label_with(TANNENBERG_LABELS, ctx, lift) == "Lift masking counter 1 (hiding 1/1/I)"


def test_the_computers_reasons_name_its_choice_by_its_label() -> None:
    """The heuristic's reason quotes the label of the action it chose (no raw type)."""
    from greatwar.ai import HeuristicAgent
    from greatwar.ai.base import decide

    st = load("gwite/teaching", {}).new_state(1)
    agent = HeuristicAgent(seed=1)
    quoted = 0
    for _ in range(200):
        if quoted:
            break
        role = st.active_roles()[0]
        view = st.view(role)
        action = decide(agent, st, role)
        reason = agent.last_explanation or ""
        if reason.startswith(("judges", "cuts short", "goes on with")):
            label = view["labels"][view["legal_actions"].index(action)]
            assert f"“{label}”" in reason, reason
            quoted += 1
        st.apply(role, action)
    assert quoted


@settings(max_examples=300)
@given(text=hs.text(alphabet=hs.sampled_from("aBß →\t\n\xa0\u2009\u3000\x85-x9"), max_size=30))
def test_a_sentence_has_its_spaces_tidied_and_a_capital_first(text: str) -> None:
    # (the tidy text, whose spaces are left as they are, reads as any other)
    tidy = " ".join(text.split())
    assert sentence(text) == tidy[:1].upper() + tidy[1:]


@settings(max_examples=300)
@given(
    hexes=hs.lists(
        hs.one_of(hs.text(alphabet="AB 0123→", max_size=6), hs.integers(0, 9999)), max_size=6
    )
)
def test_a_route_is_written_hex_by_hex_spaced_where_a_hex_has_spaces(hexes: list[Any]) -> None:
    names = [str(h) for h in hexes]
    joint = " → " if any(" " in h for h in names) else "→"
    assert path_text(hexes) == joint.join(names)
