"""Hidden information in views (ARCHITECTURE.md principle 4; 16.1.2, 16.2.1, 15.4.2): what
each role may see of masks, masked units, private log entries and the dice.

The leak tests play random games of the FICTIONAL teaching scenario with masks in
use and check, after every action, every role's whole view (legal actions and log
included) for anything it may not know: the id or name of an enemy unit hidden
under a mask, an enemy mask's number or contents, an enemy unit's supply state (15.0),
the dice seed.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import greatwar
from greatwar.ai.random_agent import RandomAgent
from greatwar.engine.state import State
from greatwar.rules.tannenberg import masking, masks, seats, views
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.masking_kit import end_orders, masked, unit_ids

HERE = "A10 B20"
GERMANS = {"G-1-1-I": HERE, "G-2-1-I": HERE, "G-HQ-I": HERE, "R-1-25-III": "A20 B10"}
SEED = 982_451_653  # a number that appears nowhere else in a view
PRIVATE_MASK_NAME = re.compile(r"Masking counter \d")


def test_16_2_1_a_hidden_entry_reaches_only_its_side(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    views.log_hidden(st, "german", "a mask moves", "mask 3 (1/1/I) moves", "tannenberg 16.2.6")
    german = [e["text"] for e in st.view("german")["log"]]
    russian = [e["text"] for e in st.view("russian")["log"]]
    assert "mask 3 (1/1/I) moves" in german and "a mask moves" not in german
    assert "a mask moves" in russian and "mask 3 (1/1/I) moves" not in russian


def test_16_2_1_each_role_reads_its_log_numbered_without_gaps(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    for n in range(3):
        views.log_hidden(st, "german", None, f"secret {n}", "tannenberg 16.1.2")
    st.log("public", case="tannenberg 16.1.2")
    for role in ("german", "russian"):
        numbers = [e["n"] for e in st.view(role)["log"]]
        assert numbers == list(range(1, len(numbers) + 1))
    # the Russian log has three entries fewer, and no sign of them
    assert len(st.view("german")["log"]) - len(st.view("russian")["log"]) == 3


def test_16_2_1_a_roll_about_a_masked_unit_is_the_owners(position, fixed_dice):  # type: ignore[no-untyped-def]
    st = masked(position, GERMANS, {"mask-german-1": (HERE, ["G-1-1-I"])}, phase="orders")
    fixed_dice(4, 2)
    assert views.roll_about(st, "G-1-1-I", "isolation of 1/1/I", "tannenberg 15.5.2") == 4
    assert views.roll_about(st, "G-2-1-I", "isolation of 2/1/I", "tannenberg 15.5.2") == 2
    german = [e["text"] for e in st.view("german")["log"]]
    russian = [e["text"] for e in st.view("russian")["log"]]
    assert "Die roll 4: isolation of 1/1/I" in german
    assert not any("1/1/I" in t for t in russian)
    assert "Die roll 2: isolation of 2/1/I" in russian  # a visible unit's roll is public
    assert not st.can_undo("german")  # a hidden roll is final all the same


def test_16_2_1_pieces_named_to_each_role(position):  # type: ignore[no-untyped-def]
    st = masked(position, GERMANS, {"mask-german-1": (HERE, ["G-1-1-I"])}, phase="orders")
    handle = masking.handle(st, "mask-german-1")
    assert views.public_id(st, "mask-german-1", "russian") == handle
    assert views.public_id(st, "mask-german-1", "german") == "mask-german-1"
    assert views.public_id(st, "G-1-1-I", "russian") is None
    assert views.public_id(st, "G-2-1-I", "russian") == "G-2-1-I"
    assert views.from_public_id(st, handle) == "mask-german-1"
    assert views.unit_name(st, "G-1-1-I") == "a masked german unit"
    views.log_piece(st, "mask-german-1", "{piece} moves.", "tannenberg 16.2.6")
    assert f"{masks.handle_name(handle)} moves." in [e["text"] for e in st.view("russian")["log"]]
    assert not any(handle in e["text"] for e in st.view("russian")["log"])  # no ids in words
    assert any(
        e["text"].startswith("Masking counter 1 (") and "1/1/I" in e["text"]
        for e in st.view("german")["log"]
    )


def test_16_2_1_the_dice_seed_is_in_no_view(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS, seed=SEED)
    for role in ("german", "russian"):
        text = json.dumps(st.view(role))
        assert str(SEED) not in text and '"seed"' not in text


# --- random games -------------------------------------------------------------------------


def _distinct_names(st: State) -> dict[str, str]:
    """Unit id -> name, for names no other counter's name contains (safe to search for)."""
    names = {uid: ui.name for uid, ui in U.static(st).units.items() if ui.type != masking.MASK}
    return {
        uid: name
        for uid, name in names.items()
        if len(name) >= 4 and not any(name in other for o, other in names.items() if o != uid)
    }


def _hidden_from(st: State, role: str) -> set[str]:
    enemy = U.enemy_of(st, seats.side_of_role(role))
    return {uid for uid in U.on_map(st, enemy) if masking.is_masked(st, uid)}


def _mentions(data: Any, ids: set[str], names: dict[str, str]) -> list[str]:
    text = json.dumps(data, ensure_ascii=False)
    found = [uid for uid in ids if f'"{uid}"' in text]
    return found + [uid for uid in ids if uid in names and names[uid] in text]


def _leaks(st: State, role: str, log_start: int, names: dict[str, str]) -> list[str]:
    """What ``role``'s view shows that it may not know (empty when nothing)."""
    side = seats.side_of_role(role)
    enemy = U.enemy_of(st, side)
    view = st.view(role)
    text = json.dumps(view, ensure_ascii=False)
    leaks = []
    if str(SEED) in text or '"seed"' in text:
        leaks.append("the dice seed")
    leaks += [f"enemy mask id {m}" for m in masking.mask_ids(st, enemy) if f'"{m}"' in text]
    hidden = _hidden_from(st, role)
    rest = {k: v for k, v in view.items() if k != "log"}
    if _mentions(rest, hidden, names):  # (one search; then say where)
        for key, part in rest.items():
            leaks += [f"masked {uid} in view[{key!r}]" for uid in _mentions(part, hidden, names)]
    for entry in view["units"]:
        if entry["side"] == enemy and "supply" in entry:
            leaks.append(f"the supply state of the enemy's {entry['id']} (15.0)")
        if entry["side"] == enemy and entry["type"] == masking.MASK:
            if set(entry) != {"id", "name", "side", "type", "status", "hex", "markers"}:
                leaks.append(f"enemy mask details {entry}")
            if not entry["id"].startswith(f"{enemy}-masked-"):
                leaks.append(f"enemy mask id {entry['id']}")
    new = [e for e in st.data["log"][log_start:] if views.log_visible(e, role)]
    if _mentions(new, hidden, names):
        for entry in new:
            leaks += [f"masked {uid} in log {entry}" for uid in _mentions(entry, hidden, names)]
    for entry in view["log"]:
        if entry.get("to") is None and PRIVATE_MASK_NAME.search(entry["text"]):
            leaks.append(f"a mask's number in public log {entry}")
    if [e["n"] for e in view["log"]] != list(range(1, len(view["log"]) + 1)):
        leaks.append("gaps in the log numbering")
    return leaks


def _check_views(st: State, log_start: int, names: dict[str, str]) -> None:
    """Every role's view leaks nothing it may not know (see the module docstring)."""
    for role in st.game.roles():
        leaks = _leaks(st, role, log_start, names)
        assert not leaks, f"{role} at action {st.version}: " + "; ".join(leaks)


def _play(options: dict[str, Any], game_seed: int, steps: int) -> State:
    game = greatwar.load("tannenberg/teaching", options)
    st = game.new_state(SEED + game_seed)
    agents = {role: RandomAgent(game_seed * 7 + n) for n, role in enumerate(game.roles())}
    rng = random.Random(game_seed)
    names = _distinct_names(st)
    _check_views(st, 0, names)
    masked_ever = 0
    for _ in range(steps):
        if st.is_over():
            break
        role = rng.choice(st.active_roles())
        action = agents[role].choose({"legal_actions": st.legal_actions(role)})
        log_start = len(st.data["log"])
        st.apply(role, action)
        _check_views(st, log_start, names)
        masked_ever += sum(len(_hidden_from(st, r)) for r in game.roles())
    assert masked_ever, "no unit was ever masked: the test checked nothing hidden"
    return st


@pytest.mark.parametrize("game_seed", [1, 2, 3])
def test_16_2_1_random_games_leak_nothing_two_players(game_seed: int) -> None:
    _play({}, game_seed, steps=250)


@pytest.mark.parametrize("game_seed", [4, 5])
def test_16_2_1_random_games_leak_nothing_three_players(game_seed: int) -> None:
    _play({"three_players": True}, game_seed, steps=250)


def test_16_2_1_masked_units_stay_out_of_the_enemy_view(position):  # type: ignore[no-untyped-def]
    st = position(GERMANS)
    st.apply("german", {"type": "mask", "unit": "G-1-1-I"})
    end_orders(st)
    assert "G-1-1-I" not in unit_ids(st.view("russian"))
    assert "G-1-1-I" in unit_ids(st.view("german"))
    text = json.dumps(st.view("russian"))
    assert "1/1/I" not in text and '"G-1-1-I"' not in text


def test_16_1_2_a_game_with_masks_replays_byte_for_byte() -> None:
    # The secret plans, the anonymous ids (keyed on the seed) and the hidden rolls are all
    # in the state: the record reproduces it exactly, and it survives JSON.
    st = _play({"three_players": True}, 6, steps=120)
    again = greatwar.replay(st.record())
    assert again.digest() == st.digest()
    back = State.from_json(st.to_json())
    assert back.digest() == st.digest()
    for role in st.game.roles():
        assert back.view(role) == st.view(role)
