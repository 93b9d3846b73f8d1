"""3.0 Setting up and 4.0 Sequence of Play of the standard rules.

4.0: a Game-Turn is a first and a second Player-Turn and the Game-Turn Record
Interphase; a Player-Turn is the Movement Phase (Initial Supply Determination,
Reinforcement, Command Control, Movement, Attrition Segments), the Cavalry
Withdrawal Before Combat Phase and the Combat Phase (Command Control, Combat
Resolution Segments).  Stacking is checked at the end of each Phase (6.14).
The teaching scenario (FICTIONAL) has six Game-Turns; the Allies move first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import IllegalAction, State
from greatwar.engine.phases import Frame
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import units as U

TEACHING = DATA_ROOT / "gwite" / "scenarios" / "teaching.toml"

PLAYER_TURN = [
    "movement_phase",
    "initial_supply",
    "reinforcement",
    "movement_command_control",
    "movement",
    "attrition",
    "end_of_phase",
    "cavalry_withdrawal_phase",
    "cavalry_withdrawal",
    "end_of_phase",
    "combat_phase",
    "combat_command_control",
    "combat_resolution",
    "end_of_phase",
    # 13.0: placed at the end of each Player-Turn (see sequence.py)
    "step_replacement_phase",
    "step_replacement",
    "end_of_phase",
]


def teaching_variant(directory: Path, first_side: str) -> Path:
    """The teaching scenario with another first player (paths made absolute)."""
    text = TEACHING.read_text(encoding="utf-8")
    text = text.replace('first_side = "allied"', f'first_side = "{first_side}"')
    for rel in ("../maps/teaching.toml", "../counters/teaching.toml"):
        text = text.replace(f'"{rel}"', f'"{(TEACHING.parent / rel).resolve()}"')
    path = directory / "variant.toml"
    path.write_text(text, encoding="utf-8")
    return path


PASSING = ("withhold", "end_allocation", "end_segment", "end_phase", "end_occupy")


def pass_turn(st: State) -> None:
    """Play out the current Player-Turn doing nothing: withhold reinforcements, end
    every segment (and let the other player decline his choices)."""
    now = (st.data["turn"], st.data["phasing"])
    while not st.is_over() and (st.data["turn"], st.data["phasing"]) == now:
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        choice = next((a for t in PASSING for a in actions if a["type"] == t), actions[0])
        st.apply(role, choice)


def record_frames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str | None]]:
    """Record every frame pushed on the phase stack: (kind, side)."""
    pushed: list[tuple[str, str | None]] = []
    original = State.push

    def push(self: State, frame: Frame) -> None:
        pushed.append((frame["kind"], frame.get("side")))
        original(self, frame)

    monkeypatch.setattr(State, "push", push)
    return pushed


def titles(st: State, role: str) -> list[str]:
    return [step["title"] for step in st.view(role)["phase_track"]]


# --- 3.0 --------------------------------------------------------------------------------


def test_3_0_units_start_on_their_printed_hexes() -> None:
    game = greatwar.load("gwite/teaching")
    st = game.new_state(seed=3)
    for uid, counter in game.scenario.counters.items():
        record = U.record(st, uid)
        if counter.setup is not None:
            assert record["hex"] == counter.setup
            assert record["status"] == "on_map"
            assert (record["lost"], record["markers"]) == (0, [])
        else:
            # reinforcements: a Game-Turn and a lettered hex instead of a hex number
            assert counter.arrive is not None
            assert record["status"] == "pending"
            assert record["hex"] is None
    assert U.record(st, "R-XIX")["hex"] == "1205"
    assert U.record(st, "G-3R")["status"] == "pending"


# --- 4.0 --------------------------------------------------------------------------------


def test_4_0_first_player_is_given_by_the_scenario(tmp_path: Path) -> None:
    st = greatwar.load("gwite/teaching").new_state(seed=1)
    assert st.data["turn"] == 1
    assert st.data["phasing"] == "allied"
    assert st.active_roles() == ["allied"]
    variant = greatwar.load(teaching_variant(tmp_path, "central")).new_state(seed=1)
    assert variant.data["phasing"] == "central"
    assert variant.active_roles() == ["central"]
    pass_turn(variant)
    # the second Player-Turn of the same Game-Turn
    assert variant.data["turn"] == 1
    assert variant.data["phasing"] == "allied"


def test_4_0_order_of_phases_and_segments(monkeypatch: pytest.MonkeyPatch) -> None:
    pushed = record_frames(monkeypatch)
    st = greatwar.load("gwite/teaching").new_state(seed=1)
    pass_turn(st)  # Allies, Game-Turn 1
    pass_turn(st)  # Central Powers, Game-Turn 1
    assert st.data["turn"] == 2
    kinds = [k for k, _ in pushed]
    first = ["game", "game_turn", "player_turn", *PLAYER_TURN]
    second = ["player_turn", *PLAYER_TURN]
    assert kinds[: len(first)] == first
    assert kinds[len(first) : len(first) + len(second)] == second
    rest = kinds[len(first) + len(second) :]
    assert rest[:3] == ["interphase", "game_turn", "player_turn"]
    sides = [side for kind, side in pushed if kind == "player_turn"]
    assert sides == ["allied", "central", "allied"]
    # every segment of a Player-Turn belongs to its phasing player
    for kind, side in pushed:
        if kind in PLAYER_TURN:
            assert side in ("allied", "central")


def test_4_0_game_turn_advances_after_both_player_turns() -> None:
    st = greatwar.load("gwite/teaching").new_state(seed=1)
    assert (st.data["turn"], st.data["phasing"]) == (1, "allied")
    pass_turn(st)
    assert (st.data["turn"], st.data["phasing"]) == (1, "central")
    pass_turn(st)
    assert (st.data["turn"], st.data["phasing"]) == (2, "allied")
    turns = [e for e in st.data["log"] if e.get("case") == "4.0"]
    texts = [e["text"] for e in turns]
    assert texts.index("Game-Turn 1 ends.") > max(
        i for i, t in enumerate(texts) if t.startswith("Game-Turn 1:")
    )
    assert any(t.startswith("Game-Turn 2: Allies Player-Turn begins") for t in texts)


def test_4_0_game_ends_after_the_last_game_turn_with_a_result() -> None:
    st = greatwar.load("gwite/teaching").new_state(seed=1)
    seen = []
    while not st.is_over():
        seen.append((st.data["turn"], st.data["phasing"]))
        pass_turn(st)
    assert seen == [(t, side) for t in range(1, 7) for side in ("allied", "central")]
    assert st.active_roles() == []
    result = st.result()
    assert result is not None
    # nobody moved: each side holds its own cities, 8 points each, a draw
    assert result["vp"] == 0
    assert result["level"] == "Draw"
    assert result["winner"] is None
    assert st.view("allied")["over"] is True
    assert st.legal_actions("allied") == st.legal_actions("central") == []
    before = st.digest()
    with pytest.raises(IllegalAction):
        st.apply("allied", {"type": "end_segment"})
    assert st.digest() == before


def test_4_0_game_ends_after_the_second_player_turn_of_the_last_turn(position: Any) -> None:
    st = position({"R-1G": "1606", "G-35R": "0301"}, turn=6, phasing="central")
    assert not st.is_over()
    st.apply("central", {"type": "end_segment"})
    assert st.is_over()
    assert st.result()["level"] == "Draw"


def test_4_0_phase_titles_in_the_phase_track(position: Any) -> None:
    st = position(
        {"X-R1": {"status": "pending"}}, turn=2, segment="reinforcement", test_counters=True
    )
    track = titles(st, "allied")
    assert track[:4] == [
        "Game",
        "Game-Turn 2 of 6",
        "First Player-Turn: Allies",
        "Movement Phase",
    ]
    assert track[-1] == "Reinforcement Segment"
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": "2006"})
    assert titles(st, "allied")[-2:] == ["Movement Phase", "Movement Segment"]
    assert titles(st, "central") == titles(st, "allied")  # both players see where play is
    view = st.view("central")
    assert view["turn"] == 2
    assert view["phasing"] == "allied"
    st.apply("allied", {"type": "end_segment"})
    assert titles(st, "central")[1:4] == [
        "Game-Turn 2 of 6",
        "Second Player-Turn: Central Powers",
        "Movement Phase",
    ]


def test_4_0_end_of_phase_stacking_check_in_the_phase_track(position: Any) -> None:
    st = position({"R-XIX": "1606", "R-V": "1606", "R-XXV": "1606"})
    st.apply("allied", {"type": "end_segment"})
    assert titles(st, "allied")[-2:] == ["Movement Phase", "End-of-phase stacking check"]


def test_4_0_non_phasing_player_has_no_actions_during_movement(position: Any) -> None:
    st = position({"R-1G": "1606", "G-35R": "0301"})
    view = st.view("central")
    assert view["legal_actions"] == []
    assert view["active_roles"] == ["allied"]
    assert "Waiting for Allies" in view["prompt"]
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    assert st.view("central")["legal_actions"] == []
    before = st.digest()
    with pytest.raises(IllegalAction) as info:
        st.apply("central", {"type": "end_segment"})
    assert info.value.case == "5.11"
    assert st.digest() == before


def test_4_0_phasing_player_ends_his_movement_segment(position: Any) -> None:
    st = position({"R-1G": "1606", "G-35R": "0301"})
    assert {"type": "end_segment"} in st.legal_actions("allied")
    st.apply("allied", {"type": "end_segment"})
    assert any(
        e.get("case") == "4.0" and "ends the Movement Segment" in e["text"] for e in st.data["log"]
    )
    assert st.active_roles() == ["central"]
