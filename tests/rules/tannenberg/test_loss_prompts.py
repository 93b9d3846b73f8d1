"""The defender's loss prompt says where its count comes from (issue 17): the clash is
RESOLVED with a fixed die and the flight prompt read (tannenberg 9.4.2, 9.5.1)."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.rules.tannenberg import command, supply
from tests.rules.tannenberg.clash_kit import at_clash, fight, top_kind

ARENA, NORTH = "A16 B21", "A16 B22"


@pytest.fixture(autouse=True)
def commanded_and_supplied(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "commanded", lambda st, uid: True)
    monkeypatch.setattr(supply, "supplied", lambda st, uid: True)


def test_9_4_2_the_flight_prompt_names_the_table_entry_of_the_loss(
    position: Any, fixed_dice: Any
) -> None:
    # G-1-1-I attacks R-1-25-III: 6 to 6 is 1:1, a die of 1 reads "1/3" (provisional)
    fixed_dice(1)
    st = at_clash(position, {"G-1-1-I": NORTH, "R-1-25-III": ARENA})
    fight(st, ARENA, "attack", "defence")
    assert top_kind(st) == "flight_choice"
    prompt = st.prompt("russian")
    assert "each of your units loses 3 endurance points (combat results table, column 1:1," in (
        prompt
    )
    assert "die 1: 1/3, a provisional entry; tannenberg 9.4.2)" in prompt
