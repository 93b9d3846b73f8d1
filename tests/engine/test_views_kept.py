"""The views keep parts between calls (issue 18: counters, supply overlay, command, pieces,
log, labels): every seat's view at every step of a few fixed random games equals the view
a fresh state (read back from JSON: nothing kept) shows, with labels worded afresh, and
a caller that changes a view in place changes no later view."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import greatwar
from greatwar.engine import labels as engine_labels
from greatwar.engine.labels import LabelContext, label_with
from greatwar.engine.state import State
from greatwar.rules.gwite import labels as gwite_labels
from greatwar.rules.tannenberg import labels as tannenberg_labels

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("gwite/teaching", {}, 60),
    ("tannenberg/teaching", {}, 60),
    ("gwite/hindenburg-teaching", {"hidden_movement": True}, 40),
]


def _canonical(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def _fresh_labels(state: State, role: str, view: dict[str, Any]) -> list[str]:
    """The labels worded one by one, from names worked out afresh (nothing kept)."""
    if state.game.system.name == "tannenberg":
        table = tannenberg_labels.LABELS
        names = tannenberg_labels._piece_names(view.get("units", []))
    else:
        table = gwite_labels.LABELS
        names = engine_labels._names(view.get("units", []))
    ctx = LabelContext(names)
    return [label_with(table, ctx, a) for a in view["legal_actions"]]


@pytest.mark.parametrize(("ref", "options", "steps"), GAMES)
def test_every_view_equals_a_fresh_state_s(ref: str, options: dict[str, Any], steps: int) -> None:
    state = greatwar.load(ref, options).new_state(seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        for role in state.game.roles():
            view = state.view(role)
            fresh = State.from_json(state.to_json()).view(role)
            assert _canonical(view) == _canonical(fresh)
            assert view["labels"] == _fresh_labels(state, role, view)
        if state.is_over():
            break
        role = rng.choice([r for r in state.active_roles() if state.legal_actions(r)])
        state.apply(role, rng.choice(state.legal_actions(role)))


@pytest.mark.parametrize("ref", ["gwite/teaching", "tannenberg/teaching"])
def test_a_view_changed_by_its_caller_changes_no_later_view(ref: str) -> None:
    state = greatwar.load(ref).new_state(seed=4)
    role = state.active_roles()[0]
    before = _canonical(state.view(role))
    scribbled = state.view(role)
    for key in ("units", "out_of_supply", "log", "labels", "legal_actions"):
        if isinstance(scribbled.get(key), list):
            scribbled[key].append("scribbled")
    for key in ("command",):
        if isinstance(scribbled.get(key), dict):
            scribbled[key]["scribbled"] = True
    assert _canonical(state.view(role)) == before


def test_names_kept_for_new_entries_that_name_alike_and_made_again_when_one_does_not() -> None:
    # (an entry made anew when its unit moves names as before: the names are kept; an
    # entry whose name changed, a unit hidden from the seat, gets names made again)
    first = [{"id": f"u{n}", "name": f"Unit {n}", "hex": "0101"} for n in range(8)]
    names = engine_labels.names_of({"units": first})
    moved = [*first[:-1], {**first[-1], "hex": "0102"}]
    assert engine_labels.names_of({"units": moved}) is names
    hidden = [*moved[:-1], {**moved[-1], "name": None}]
    renamed = engine_labels.names_of({"units": hidden})
    assert renamed["u7"] == engine_labels.UNSEEN and names["u7"] == "Unit 7"
