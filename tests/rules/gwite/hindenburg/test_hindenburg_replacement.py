"""Von Hindenburg in Poland, 22.0 Step Replacement for German and Austro-Hungarian units
(11.0 in place of standard 13.0): the Disruption Removal Segment at the start of the
Central Powers Movement Phase, the German (22.11-22.13) and Austro-Hungarian (22.21-22.22)
budgets, criteria and rolls, and the readings AV9 and AV10.

Positions on the FICTIONAL teaching map (Germany columns 01-04, Austria-Hungary rows
12-14, Poland elsewhere).  The German rail hexes of Germany and Austria-Hungary are
German supply sources: 0506 lies one hex from 0406, 0906 five; 1503 is out of German
supply.  A Russian cavalry division far to the north-east (1602) keeps the Russians on
the map.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import IllegalAction, State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import replacement as HR
from tests.rules.gwite.hindenburg.conftest import COUNTERS, write_hindenburg_position
from tests.rules.gwite.kit import play_until

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

FAR_RUSSIAN = {"R-5K": "1602"}
SEGMENT = {"phasing": "central", "phase": "movement", "segment": HR.SEGMENT, "turn": 2}


def disrupted(hex_label: str, **more: Any) -> dict[str, Any]:
    """A unit that has lost a step (reading AV10 a: disrupted)."""
    return {"hex": hex_label, "steps_lost": 1, **more}


def removal(position: Any, units: dict[str, Any], **kw: Any) -> State:
    """The Central Powers' Disruption Removal Segment with ``units`` on the map."""
    return position({**FAR_RUSSIAN, **units}, **{**SEGMENT, **kw})  # type: ignore[no-any-return]


def roll(fixed_dice: Any, *rolls: int) -> None:
    """The die rolls of the attempts, then sixes for whatever the game rolls next (10.41
    Command Control once the segment has ended)."""
    fixed_dice(*rolls, *([6] * 60))


def attempt(st: State, uid: str) -> None:
    st.apply("central", {"type": "undisrupt", "unit": uid})


def offered(st: State) -> list[str]:
    return [a["unit"] for a in st.legal_actions("central") if a["type"] == "undisrupt"]


def lost(st: State, uid: str) -> int:
    return U.record(st, uid)["lost"]  # type: ignore[no-any-return]


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def rolled(st: State, case: str) -> list[int]:
    return [e["roll"] for e in st.data["log"] if e.get("case") == case and "roll" in e]


def kinds_until(st: State, done: Callable[[State], bool], limit: int = 400) -> list[str]:
    """Play passively until ``done``; the kinds of the frames that waited or ran on top."""
    seen: list[str] = []

    def watch(s: State) -> bool:
        top = s.top()
        if top is not None:
            seen.append(top["kind"])
        return done(s)

    play_until(st, watch, limit=limit)
    return seen


def at(kind: str, side: str) -> Callable[[State], bool]:
    def check(st: State) -> bool:
        top = st.top()
        return top is not None and top["kind"] == kind and st.data["phasing"] == side

    return check


# --- 11.0 and 22.0 the place of step replacement in the sequence --------------------------


def test_11_0_disruption_removal_replaces_the_step_replacement_phase(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # from the Russian Combat Phase of Game-Turn 2 into the Central Powers Player-Turn
    st = hindenburg_position(
        {**FAR_RUSSIAN, "G-35": disrupted("0506"), "R-XIV": disrupted("1603")},
        phasing="allied",
        phase="combat",
        segment="combat_resolution",
        turn=2,
    )
    rules = U.rules(st)
    assert "step_replacement" not in rules.phases()  # 11.0: 22.0 instead of 13.0's phase
    seen = kinds_until(st, at(HR.KIND, "central"))
    assert "step_replacement" not in seen and HR.KIND not in seen[:-1]
    # the segment opens the Central Powers Movement Phase, before supply is determined
    track = [f["kind"] for f in st.data["stack"]]
    assert track[-2:] == ["movement_phase", HR.KIND]
    assert rules.phase_children(st, "movement_phase")[:2] == [HR.KIND, "initial_supply"]
    roll(fixed_dice, 2)
    attempt(st, "G-35")
    assert lost(st, "G-35") == 0 and lost(st, "R-XIV") == 1
    assert rolled(st, "hindenburg 22.13") == [2]


def test_22_0_russians_never_rebuild(hindenburg_position: Any, refuse: Refuse) -> None:
    # the Russian Movement Phase has no Disruption Removal Segment
    st = hindenburg_position(
        {**FAR_RUSSIAN, "R-XIV": disrupted("1603"), "G-35": disrupted("0506")},
        phasing="allied",
        phase="movement",
        segment="initial_supply",
        turn=2,
    )
    seen = kinds_until(st, at("movement", "allied"))
    assert HR.KIND not in seen
    assert HR.KIND not in U.rules(st).phase_children(st, "movement_phase")
    # in the Central Powers' segment a Russian unit may not attempt
    st = removal(hindenburg_position, {"R-XIV": disrupted("1603"), "G-35": disrupted("0506")})
    assert offered(st) == ["G-35"]
    err = refuse(st, "allied", {"type": "undisrupt", "unit": "R-XIV"})
    assert err.case == "hindenburg 22.0"
    err = refuse(st, "central", {"type": "undisrupt", "unit": "R-XIV"})
    assert err.case == "hindenburg 22.0" and "only he rebuilds" in err.reason


def test_22_0_what_13_0_bars_stays_barred(hindenburg_position: Any, refuse: Refuse) -> None:
    # cavalry, a unit that fought in the preceding Game-Turn, a unit not disrupted
    st = removal(
        hindenburg_position,
        {
            "G-35": disrupted("0506"),
            "G-5K": disrupted("0404"),
            "G-36": disrupted("0406", markers=["fought_last_turn"]),
            "G-41": "0305",
        },
    )
    assert offered(st) == ["G-35"]
    for uid, says in (
        ("G-5K", "cavalry"),
        ("G-36", "combat"),
        ("G-41", "lost no step"),
    ):
        err = refuse(st, "central", {"type": "undisrupt", "unit": uid})
        assert says in err.reason, (uid, err.reason)
        assert err.case in ("13.0", "hindenburg 22.0")


def test_22_0_the_segment_passes_by_itself_when_nobody_may_attempt(
    hindenburg_position: Any,
) -> None:
    st = removal(hindenburg_position, {"G-35": "0506"})  # not disrupted
    assert st.top()["kind"] != HR.KIND  # type: ignore[index]
    assert st.data["phasing"] == "central"


# --- 22.1 German disruption removal ---------------------------------------------------------


def test_22_1_a_german_unit_undisrupts_one_step_at_a_time(
    hindenburg_position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # reading AV10 a: undisrupting gives one step back (a corps would need two attempts)
    st = corps_position(tmp_path, {"G-XX": disrupted("0506", steps_lost=2)}, rebuild_corps=True)
    roll(fixed_dice, 1)
    attempt(st, "G-XX")
    assert lost(st, "G-XX") == 1
    assert any("regains 1 step" in t for t in logged(st, "hindenburg 22.13"))


def test_22_11_german_attempts_up_to_4_stacking_points_a_game_turn(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = removal(
        hindenburg_position,
        {
            "G-35": disrupted("0506"),
            "G-36": disrupted("0406"),
            "G-41": disrupted("0305"),
            "AH-12": disrupted("0313"),  # keeps the segment open once the German budget is spent
        },
    )
    assert "German 4 of 4" in st.prompt("central")
    roll(fixed_dice, 4, 1)
    attempt(st, "G-35")  # fails: its 2 Stacking Points are spent all the same
    assert lost(st, "G-35") == 1 and "German 2 of 4" in st.prompt("central")
    attempt(st, "G-36")  # succeeds
    assert lost(st, "G-36") == 0
    assert offered(st) == ["AH-12"]
    err = refuse(st, "central", {"type": "undisrupt", "unit": "G-41"})
    assert err.case == "hindenburg 22.11" and "0 of the 4 German" in err.reason
    assert logged(st, "hindenburg 22.11")[-1].endswith("left this Game-Turn: 0 of 4.")
    # one attempt per unit a Game-Turn
    err = refuse(st, "central", {"type": "undisrupt", "unit": "G-35"})
    assert err.case == "hindenburg 22.11" and "already attempted" in err.reason


def test_22_11_the_budget_is_new_each_game_turn(hindenburg_position: Any, fixed_dice: Any) -> None:
    st = removal(
        hindenburg_position,
        {"G-35": disrupted("0506"), "G-36": disrupted("0406"), "G-41": disrupted("0305")},
    )
    roll(fixed_dice, 5, 5)
    attempt(st, "G-35")
    attempt(st, "G-36")
    # the German budget is spent: the segment ends by itself, G-41 waits for next turn
    assert st.top()["kind"] != HR.KIND  # type: ignore[index]
    play_until(st, at(HR.KIND, "central"), limit=2000)
    assert st.data["turn"] == 3 and "German 4 of 4" in st.prompt("central")
    assert set(offered(st)) == {"G-35", "G-36", "G-41"}


def test_22_12_a_german_unit_must_be_in_supply_within_4_hexes_of_a_source(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = removal(
        hindenburg_position,
        {
            "G-35": disrupted("0506"),  # one hex from the German rail of 0406
            "G-36": disrupted("0906"),  # in supply, five hexes from it
            "G-41": disrupted("1503"),  # out of supply
        },
    )
    assert offered(st) == ["G-35"]
    assert HR.nearest_source(st, "G-36") == 5
    err = refuse(st, "central", {"type": "undisrupt", "unit": "G-36"})
    assert err.case == "hindenburg 22.12" and "within 4 hexes" in err.reason
    err = refuse(st, "central", {"type": "undisrupt", "unit": "G-41"})
    assert err.case == "hindenburg 22.12" and "out of supply" in err.reason
    roll(fixed_dice, 2)
    attempt(st, "G-35")
    assert lost(st, "G-35") == 0


def test_22_12_four_hexes_from_a_source_is_near_enough(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = removal(hindenburg_position, {"G-35": disrupted("0806")})
    assert HR.nearest_source(st, "G-35") == 4
    roll(fixed_dice, 1)
    attempt(st, "G-35")
    assert lost(st, "G-35") == 0


def test_22_12_a_unit_that_moved_this_game_turn_may_not_attempt(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = removal(
        hindenburg_position,
        {"G-35": disrupted("0506"), "G-36": disrupted("0406", markers=["moved"])},
    )
    assert offered(st) == ["G-35"]
    err = refuse(st, "central", {"type": "undisrupt", "unit": "G-36"})
    assert err.case == "hindenburg 22.12" and "moved" in err.reason


def test_22_12_a_unit_that_attempted_does_not_move_in_the_movement_segment(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # reading AV9 b: it attempted before the Movement Segment, and must not move in it
    st = removal(hindenburg_position, {"G-35": disrupted("0506"), "G-36": disrupted("0406")})
    roll(fixed_dice, 1)
    attempt(st, "G-35")
    play_until(st, at("movement", "central"))
    err = refuse(st, "central", {"type": "select", "unit": "G-35"})
    assert err.case == "hindenburg 22.12" and "attempted to undisrupt" in err.reason
    st.apply("central", {"type": "select", "unit": "G-36"})  # it did not attempt: it moves


def test_22_12_with_reading_av9_a_the_unit_still_moves(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = removal(
        hindenburg_position,
        {"G-35": disrupted("0506")},
        options={HR.FREEZE_OPTION: False},
    )
    roll(fixed_dice, 1)
    attempt(st, "G-35")
    play_until(st, at("movement", "central"))
    st.apply("central", {"type": "select", "unit": "G-35"})
    assert any(a["type"] == "move" for a in st.legal_actions("central"))


@pytest.mark.parametrize(("die", "undisrupts"), [(1, True), (2, True), (3, False), (6, False)])
def test_22_13_a_german_unit_undisrupts_on_1_or_2_even_in_poland(
    hindenburg_position: Any, fixed_dice: Any, die: int, undisrupts: bool
) -> None:
    st = removal(hindenburg_position, {"G-35": disrupted("0506")})  # 0506 is in Poland
    assert st.game.scenario.board.country["0506"] == "poland"
    roll(fixed_dice, die)
    attempt(st, "G-35")
    assert lost(st, "G-35") == (0 if undisrupts else 1)
    assert rolled(st, "hindenburg 22.13") == [die]
    said = "is undisrupted" if undisrupts else "stays disrupted"
    assert any(said in t for t in logged(st, "hindenburg 22.11"))


def test_22_13_german_units_attempt_in_germany_and_austria_hungary_too(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = removal(hindenburg_position, {"G-35": disrupted("0306"), "G-36": disrupted("0313")})
    board = st.game.scenario.board
    assert (board.country["0306"], board.country["0313"]) == ("germany", "austria-hungary")
    assert set(offered(st)) == {"G-35", "G-36"}
    roll(fixed_dice, 2, 2)
    attempt(st, "G-35")
    attempt(st, "G-36")
    assert lost(st, "G-35") == lost(st, "G-36") == 0


# --- 22.2 Austro-Hungarian disruption removal ---------------------------------------------

#: five Austro-Hungarian divisions in Austria-Hungary, far from every Russian unit
FIVE_AH = {
    "AH-12": disrupted("0113"),
    "AH-24": disrupted("0213"),
    "AH-46L": disrupted("0313"),
    "AH-106L": disrupted("0413"),
    "AH-35": disrupted("0513"),
}


def test_22_2_austro_hungarian_and_german_budgets_are_separate(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = removal(hindenburg_position, {"G-35": disrupted("0506"), **FIVE_AH})
    roll(fixed_dice, 3, 3)
    attempt(st, "G-35")
    attempt(st, "AH-12")
    assert "German 2 of 4, Austro-Hungarian 6 of 8" in st.prompt("central")


def test_22_21_austro_hungarian_attempts_up_to_8_stacking_points(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = removal(hindenburg_position, {**FIVE_AH, "G-35": disrupted("0506")})
    assert "Austro-Hungarian 8 of 8" in st.prompt("central")
    roll(fixed_dice, 1, 6, 2, 5)
    for uid in ("AH-12", "AH-24", "AH-46L", "AH-106L"):
        attempt(st, uid)
    assert [lost(st, u) for u in ("AH-12", "AH-24", "AH-46L", "AH-106L")] == [0, 1, 0, 1]
    assert offered(st) == ["G-35"]
    err = refuse(st, "central", {"type": "undisrupt", "unit": "AH-35"})
    assert err.case == "hindenburg 22.21" and "0 of the 8 Austro-Hungarian" in err.reason
    assert logged(st, "hindenburg 22.21")[-1].endswith("left this Game-Turn: 0 of 8.")


def test_22_22_six_hexes_from_every_russian_unit_inside_austria_hungary(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = removal(
        hindenburg_position,
        {
            "AH-12": disrupted("0513"),  # six hexes from the Russian HQ in 0708
            "AH-24": disrupted("0613"),  # five
            "AH-46L": disrupted("1610"),  # in Poland, far from the Russians
            "R-HQ-9A": "0708",  # an HQ is a Russian unit too
        },
    )
    board = st.game.scenario.board
    assert board.distance("0513", "0708") == 6 and board.distance("0613", "0708") == 5
    assert offered(st) == ["AH-12"]
    err = refuse(st, "central", {"type": "undisrupt", "unit": "AH-24"})
    assert err.case == "hindenburg 22.22" and "at least 6 hexes" in err.reason
    err = refuse(st, "central", {"type": "undisrupt", "unit": "AH-46L"})
    assert err.case == "hindenburg 22.22" and "only in Austria-Hungary" in err.reason
    roll(fixed_dice, 2)
    attempt(st, "AH-12")
    assert lost(st, "AH-12") == 0 and rolled(st, "hindenburg 22.22") == [2]


@pytest.mark.parametrize(("die", "undisrupts"), [(1, True), (2, True), (3, False), (5, False)])
def test_22_22_an_austro_hungarian_unit_undisrupts_on_1_or_2(
    hindenburg_position: Any, fixed_dice: Any, die: int, undisrupts: bool
) -> None:
    st = removal(hindenburg_position, {"AH-12": disrupted("0313")})
    roll(fixed_dice, die)
    attempt(st, "AH-12")
    assert lost(st, "AH-12") == (0 if undisrupts else 1)


def test_22_22_a_moved_austro_hungarian_unit_may_not_attempt(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = removal(
        hindenburg_position,
        {"AH-12": disrupted("0313"), "AH-24": disrupted("0213", markers=["moved"])},
    )
    err = refuse(st, "central", {"type": "undisrupt", "unit": "AH-24"})
    assert err.case == "hindenburg 22.22" and "moved" in err.reason


# --- AV10 corps ----------------------------------------------------------------------------

#: a FICTIONAL German corps of four steps (the teaching counters have none)
GERMAN_CORPS = """
[[counter]]
id = "G-XX"
name = "XX Corps (test)"
side = "central"
nationality = "germany"
type = "infantry"
size = "corps"
movement = 5
steps = [[8, 8], [6, 6], [4, 4], [2, 2]]
"""


def corps_position(tmp_path: Path, units: dict[str, Any], **options: Any) -> State:
    """The segment with the test corps among the counters."""
    extra = tmp_path / "hindenburg-corps.toml"
    extra.write_text(GERMAN_CORPS, encoding="utf-8")
    path = write_hindenburg_position(tmp_path, {**FAR_RUSSIAN, **units}, **SEGMENT)
    text = path.read_text(encoding="utf-8")
    counters = f'"counters" = ["{COUNTERS}"]'
    assert counters in text
    text = text.replace(counters, f'"counters" = ["{COUNTERS}", "{extra}"]')
    path.write_text(text, encoding="utf-8")
    game = greatwar.load(path, options)
    game.checking = True
    return game.new_state(1)


def test_22_0_corps_are_not_rebuilt_unless_the_option_says_so(
    tmp_path: Path, fixed_dice: Any, refuse: Refuse
) -> None:
    st = corps_position(tmp_path, {"G-XX": disrupted("0406"), "G-35": disrupted("0506")})
    assert offered(st) == ["G-35"]
    err = refuse(st, "central", {"type": "undisrupt", "unit": "G-XX"})
    assert err.case == "hindenburg 22.0" and "corps" in err.reason
    # reading AV10, the option: the corps attempts, charged its 4 Stacking Points
    st = corps_position(
        tmp_path, {"G-XX": disrupted("0406"), "G-35": disrupted("0506")}, rebuild_corps=True
    )
    assert set(offered(st)) == {"G-XX", "G-35"}
    roll(fixed_dice, 1)
    attempt(st, "G-XX")
    assert lost(st, "G-XX") == 0
    assert logged(st, "hindenburg 22.11")[-1].endswith("left this Game-Turn: 0 of 4.")


def test_22_0_no_russian_position_in_the_disruption_removal_segment(
    tmp_path: Path,
) -> None:
    from greatwar.model.problems import ScenarioError

    path = write_hindenburg_position(
        tmp_path, FAR_RUSSIAN, phasing="allied", phase="movement", segment=HR.SEGMENT
    )
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    assert "position.segment" in str(info.value) and "(hindenburg 22.0)" in str(info.value)
