"""Determinization for searching agents (the Tannenberg ``determinize`` hook), on the
FICTIONAL teaching map: a sample is a state the role cannot tell from the true one,
with what it may not see (masked units, an unrevealed card, the dice) drawn afresh."""

from __future__ import annotations

import random

import greatwar
from greatwar.ai import RandomAgent, World, decide
from greatwar.engine.state import State
from greatwar.rules.tannenberg import masking
from greatwar.rules.tannenberg.determinize import shuffle_masked_units
from tests.rules.tannenberg.clash_kit import form, masked_clash
from tests.rules.tannenberg.masking_kit import masked

WEST, EAST = "A10 B20", "A15 B16"
FAR_RUSSIAN = {"R-1-25-III": "A20 B10"}
TWO_MASKS = {
    "mask-german-1": (WEST, ["G-1-1-I"]),
    "mask-german-2": (EAST, ["G-2-1-I"]),
}


def samples(st: State, role: str, n: int = 12) -> list[State]:
    world = World(st, role)
    return [world.sample(random.Random(k)) for k in range(n)]


def test_a_sample_looks_the_same_to_the_role_and_leaves_the_true_state_alone(position):  # type: ignore[no-untyped-def]
    units = {"G-1-1-I": WEST, "G-2-1-I": EAST, **FAR_RUSSIAN}
    st = masked(position, units, TWO_MASKS, phase="orders")
    before = st.digest()
    seen = st.view("russian")
    for sample in samples(st, "russian"):
        assert sample.view("russian") == seen
    assert st.digest() == before


def test_16_2_1_which_and_how_many_units_a_mask_hides_are_drawn_again(position):  # type: ignore[no-untyped-def]
    units = {"G-1-1-I": WEST, "G-2-1-I": EAST, **FAR_RUSSIAN}
    st = masked(position, units, TWO_MASKS, phase="orders")
    places = {s.data["units"]["G-1-1-I"]["hex"] for s in samples(st, "russian")}
    assert places == {WEST, EAST}
    counts = set()
    for sample in samples(st, "russian"):
        hidden = masking.contents_table(sample, "german")
        counts.add(tuple(sorted(len(v) for v in hidden.values())))
        assert not game_invariants(sample)
    # the role cannot see how many units each mask hides: samples differ in that too
    assert len(counts) > 1


def test_a_role_s_own_masked_units_are_never_moved(position):  # type: ignore[no-untyped-def]
    units = {"G-1-1-I": WEST, "G-2-1-I": EAST, **FAR_RUSSIAN}
    st = masked(position, units, TWO_MASKS, phase="orders")
    for sample in samples(st, "german"):
        assert sample.data["units"]["G-1-1-I"]["hex"] == WEST
        assert sample.view("german") == st.view("german")


def test_a_mask_hiding_an_hq_and_a_brigade_deals_both(position):  # type: ignore[no-untyped-def]
    units = {"G-1-1-I": WEST, "G-HQ-I": EAST, **FAR_RUSSIAN}
    masks = {"mask-german-1": (WEST, ["G-1-1-I"]), "mask-german-2": (EAST, ["G-HQ-I"])}
    st = masked(position, units, masks, phase="orders")
    seen = st.view("russian")
    places = set()
    for sample in samples(st, "russian"):
        assert sample.view("russian") == seen
        places.add(sample.data["units"]["G-HQ-I"]["hex"])
    assert places == {WEST, EAST}


def test_the_fallback_shuffle_trades_only_units_of_one_kind(position):  # type: ignore[no-untyped-def]
    units = {"G-1-1-I": WEST, "G-HQ-I": EAST, **FAR_RUSSIAN}
    masks = {"mask-german-1": (WEST, ["G-1-1-I"]), "mask-german-2": (EAST, ["G-HQ-I"])}
    st = masked(position, units, masks, phase="orders")
    for k in range(8):
        world = st.clone()
        shuffle_masked_units(world, "german", random.Random(k))
        assert world.data["units"]["G-HQ-I"]["hex"] == EAST


def test_9_1_9_the_enemy_s_unrevealed_card_is_drawn_again(position):  # type: ignore[no-untyped-def]
    here, east = "A16 B21", "A17 B21"
    st = masked_clash(position, {"G-1-1-I": here, "R-1-25-III": east}, {})
    form(st, here)
    st.apply("german", {"type": "card", "card": "assault"})
    seen = st.view("russian")
    drawn = set()
    for sample in samples(st, "russian", 16):
        assert sample.view("russian") == seen
        frame = sample.top()
        assert frame is not None and frame["kind"] == "clash_cards"
        drawn.add(frame["chosen"]["german"])
    assert len(drawn) > 1
    assert st.top()["chosen"] == {"german": "assault"}  # type: ignore[index]


def test_samples_along_a_random_game_are_views_apart_from_nothing() -> None:
    game = greatwar.load("tannenberg/teaching", {"three_players": True})
    st = game.new_state(5)
    agent = RandomAgent(5)
    for step in range(700):
        if step % 70 == 0:
            for role in game.roles():
                seen = st.view(role)
                for sample in samples(st, role, 2):
                    assert sample.view(role) == seen
                    play_on(sample, 30)
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agent, st, role))


def play_on(st: State, steps: int) -> None:
    """Random play from a sample: every sample is a game that goes on within the rules."""
    agent = RandomAgent(1)
    for _ in range(steps):
        if st.is_over():
            return
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agent, st, role))
        assert not game_invariants(st)


def game_invariants(st: State) -> list[str]:
    return st.game.system.invariants(st, "any")
