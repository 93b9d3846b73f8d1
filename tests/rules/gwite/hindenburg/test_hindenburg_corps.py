"""21.1 Breakdown of Russian corps into divisions and their recombination (hindenburg
21.0-21.16), on the FICTIONAL teaching map: the XIV Corps (R-XIV, 4 steps, 6-6, MA 4)
breaks down into its 18 and 45 Divisions (R-XIV-18, R-XIV-45: 2 steps, 3-3, MA 4)."""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.model.loader import validate_file
from greatwar.model.problems import ScenarioError
from greatwar.rules import system_for
from greatwar.rules.gwite import command, rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg.corps import BREAK_DOWN, RECONSTITUTE
from tests.rules.gwite.hindenburg.conftest import SCENARIO, write_hindenburg_position
from tests.rules.gwite.kit import choose, logged, play_until

Action = dict[str, Any]

CORPS = "R-XIV"
PAIR = ["R-XIV-18", "R-XIV-45"]
SPARE = {"status": "spare"}
#: the XIV Corps whole in 0907, its divisions waiting off the map
WHOLE = {CORPS: "0907", PAIR[0]: SPARE, PAIR[1]: SPARE}
BREAK: Action = {"type": BREAK_DOWN, "unit": CORPS, "divisions": PAIR}


def broken(where: str = "0907", other: str | None = None) -> dict[str, Any]:
    """The XIV Corps broken down: its divisions on the map, the corps waiting."""
    return {CORPS: SPARE, PAIR[0]: where, PAIR[1]: other or where}


def reform(hex_label: str = "0907") -> Action:
    return {"type": RECONSTITUTE, "unit": CORPS, "divisions": PAIR, "hex": hex_label}


def status(st: State, uid: str) -> str:
    return U.record(st, uid)["status"]  # type: ignore[no-any-return]


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def of_type(st: State, kind: str) -> list[Action]:
    return [a for a in st.legal_actions("allied") if a["type"] == kind]


def move_costs(st: State, uid: str) -> dict[str, int]:
    """The Movement Points each move open to ``uid`` (selected now) costs."""
    st.apply("allied", {"type": "select", "unit": uid})
    return {a["to"]: a["cost"] for a in of_type(st, "move")}


def move(st: State, uid: str, to: str) -> None:
    if st.top() is not None and st.top().get("current") != uid:  # type: ignore[union-attr]
        st.apply("allied", {"type": "select", "unit": uid})
    choose(st, "allied", "move", unit=uid, to=to)


# --- 21.0, 21.1 --------------------------------------------------------------------------


def test_21_0_the_division_counters_are_spares_not_lacks() -> None:
    report = validate_file(SCENARIO, system_for)
    assert report.problems == []
    assert not any("R-XIV-18" in lack for lack in report.lacks)
    (note,) = report.notes
    assert "12 spare counters" in note and "hindenburg 21.11" in note and "R-XIV-18" in note
    st = greatwar.load("gwite/hindenburg-teaching").new_state(1)
    assert status(st, CORPS) == "on_map" and {status(st, d) for d in PAIR} == {U.SPARE}
    assert status(st, "R-IIS") == "pending" and status(st, "R-IIS-4S") == U.SPARE


def test_21_0_a_corps_breaks_down_in_the_teaching_game() -> None:
    game = greatwar.load("gwite/hindenburg-teaching")
    game.checking = True
    st = game.new_state(1)
    play_until(st, lambda s: bool(of_type(s, BREAK_DOWN)))
    assert st.top()["kind"] == "movement"  # type: ignore[index]
    choose(st, "allied", BREAK_DOWN, unit=CORPS)
    assert status(st, CORPS) == U.SPARE
    assert [hex_of(st, d) for d in PAIR] == ["0907", "0907"]
    play_until(st, lambda s: s.data["phasing"] == "central")  # the segment ends cleanly
    assert [status(st, d) for d in PAIR] == ["on_map", "on_map"]


def test_21_1_a_corps_breaks_down_and_is_reconstituted(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position(WHOLE)
    st.apply("allied", BREAK)
    st.apply("allied", reform())
    assert hex_of(st, CORPS) == "0907" and U.record(st, CORPS)["lost"] == 0
    assert [status(st, d) for d in PAIR] == [U.SPARE, U.SPARE]
    assert len(logged(st, "hindenburg 21.11")) == 1 and len(logged(st, "hindenburg 21.12")) == 1
    assert of_type(st, BREAK_DOWN) == [BREAK]  # and it may break down again


# --- 21.11 breaking down ---------------------------------------------------------------------


def test_21_11_the_divisions_replace_the_corps_in_its_hex(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position(WHOLE)
    assert of_type(st, BREAK_DOWN) == [BREAK]  # offered with no unit selected
    st.apply("allied", BREAK)
    assert status(st, CORPS) == U.SPARE and hex_of(st, CORPS) is None
    assert [hex_of(st, d) for d in PAIR] == ["0907", "0907"]
    assert [U.record(st, d)["lost"] for d in PAIR] == [0, 0]
    (line,) = logged(st, "hindenburg 21.11")
    assert "substitute for XIV Corps" in line and "0907" in line
    assert of_type(st, BREAK_DOWN) == []


def test_21_11_the_divisions_stay_in_command_and_supply(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position(WHOLE)
    st.apply("allied", BREAK)
    for uid in PAIR:
        assert command.in_command(st, uid)
        assert not U.has_marker(st, uid, supply.OUT_OF_SUPPLY)
    move(st, PAIR[0], "0908")  # out-of-command units could not move (10.4)
    move(st, PAIR[1], "0807")
    assert [hex_of(st, d) for d in PAIR] == ["0908", "0807"]


@pytest.mark.parametrize(
    ("marker", "why"),
    [(command.OUT_OF_COMMAND, "out of Command Control"), (supply.OUT_OF_SUPPLY, "out of supply")],
)
def test_21_11_only_a_corps_in_command_and_supply_breaks_down(  # type: ignore[no-untyped-def]
    hindenburg_position, refuse, marker: str, why: str
) -> None:
    st = hindenburg_position({**WHOLE, CORPS: {"hex": "0907", "markers": [marker]}})
    assert of_type(st, BREAK_DOWN) == []
    refusal = refuse(st, "allied", BREAK)
    assert refusal.case == "hindenburg 21.11" and why in refusal.reason


def test_21_11_a_disrupted_corps_may_not_break_down(hindenburg_position, refuse) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position({**WHOLE, CORPS: {"hex": "0907", "steps_lost": 1}})
    assert of_type(st, BREAK_DOWN) == []
    refusal = refuse(st, "allied", BREAK)
    assert refusal.case == "hindenburg 21.11" and "AV10" in refusal.reason


def test_21_11_a_unit_that_is_no_such_corps_is_named_in_the_refusal(  # type: ignore[no-untyped-def]
    hindenburg_position, refuse
) -> None:
    # a click on a division or an HQ in the Russian movement segment probes "break down"
    # for it: the answer names the unit, not its id ("'R-HQ-9A' is no corps ...")
    st = hindenburg_position(WHOLE)
    refusal = refuse(st, "allied", {"type": BREAK_DOWN, "unit": "R-HQ-9A"})
    assert refusal.case == "hindenburg 21.11"
    name = U.info(st, "R-HQ-9A").name
    assert refusal.reason == f"{name} is no corps that breaks down into divisions"
    refusal = refuse(st, "allied", {"type": BREAK_DOWN, "unit": "R-NO-SUCH"})
    assert refusal.reason == "'R-NO-SUCH' is no corps that breaks down into divisions"


def test_21_11_only_in_the_russian_movement_segment(hindenburg_position, refuse) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position({**WHOLE, "G-35": "0305"}, phasing="central")
    refusal = refuse(st, "allied", BREAK)
    assert refusal.case == "5.11"
    st = hindenburg_position(WHOLE, phase="combat", segment="combat_resolution")
    refuse(st, "allied", BREAK)


def test_21_11_a_corps_that_finished_moving_still_breaks_down(
    hindenburg_position,
) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position(WHOLE)
    move(st, CORPS, "0908")
    choose(st, "allied", "finish", unit=CORPS)
    st.apply("allied", {**BREAK})
    assert [hex_of(st, d) for d in PAIR] == ["0908", "0908"]
    # they have finished moving as the corps had: no rule is dodged by the swap
    assert not [a for a in st.legal_actions("allied") if a.get("unit") in PAIR]
    assert all(U.record(st, d)["moved_turn"] == 1 for d in PAIR)


def test_21_11_an_entrained_corps_becomes_entrained_divisions(
    hindenburg_position,
) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position({**WHOLE, CORPS: {"hex": "1106", "markers": ["entrained"]}})
    before = rail.capacity_left(st, "allied")
    st.apply("allied", BREAK)
    assert all(U.has_marker(st, d, rail.ENTRAINED) for d in PAIR)
    assert rail.capacity_left(st, "allied") == before  # 4 Stacking Points either way


def test_21_11_bad_breakdown_data_is_refused_by_place(tmp_path) -> None:  # type: ignore[no-untyped-def]
    special = {
        "breakdown": {
            "R-XIV": ["R-XIV-18"],
            "R-XVII": ["R-XVII-3", "G-35"],
            "R-5K": ["R-XIX-17", "R-XIX-38"],
            "R-XXV": ["R-XXV-3G", "R-NOPE"],
        }
    }
    path = write_hindenburg_position(tmp_path, {}, special=special)
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    found = {(p.field, p.message) for p in info.value.problems}
    texts = "\n".join(f"{f}: {m}" for f, m in found)
    assert "special.breakdown.R-XIV: a corps breaks down into two division counters, not 1" in texts
    assert "special.breakdown.R-XVII: G-35 is not on the side of R-XVII" in texts
    assert "special.breakdown.R-5K: R-5K is a division, not a corps" in texts
    assert "special.breakdown.R-XXV: no counter with id 'R-NOPE'" in texts


def test_21_11_a_corps_and_its_division_are_never_both_in_play(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = write_hindenburg_position(tmp_path, {CORPS: "0907", PAIR[0]: "0908"})
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    (problem,) = info.value.problems
    assert problem.field == "position.units.R-XIV-18.status"
    assert "waits off the map while its corps is in play" in problem.message


# --- 21.12 reconstituting ----------------------------------------------------------------------


def test_21_12_divisions_in_one_hex_become_the_corps(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position(broken("0907", "0908"))
    assert of_type(st, RECONSTITUTE) == []  # not in the same hex
    move(st, PAIR[1], "0907")
    (action,) = of_type(st, RECONSTITUTE)
    assert action == reform("0907")
    st.apply("allied", action)
    assert hex_of(st, CORPS) == "0907" and status(st, CORPS) == "on_map"
    assert [status(st, d) for d in PAIR] == [U.SPARE, U.SPARE]
    assert logged(st, "hindenburg 21.12")


def test_21_12_divisions_apart_may_not_recombine(hindenburg_position, refuse) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position(broken("0907", "0908"))
    refusal = refuse(st, "allied", reform("0907"))
    assert refusal.case == "hindenburg 21.12" and "not in the same hex" in refusal.reason


@pytest.mark.parametrize(
    ("marker", "what"),
    [(command.OUT_OF_COMMAND, "Command Control"), (supply.OUT_OF_SUPPLY, "supply")],
)
def test_21_12_the_corps_is_out_of_command_or_supply_if_a_division_was(  # type: ignore[no-untyped-def]
    hindenburg_position, marker: str, what: str
) -> None:
    units = {**broken(), PAIR[1]: {"hex": "0907", "markers": [marker]}}
    st = hindenburg_position(units)
    st.apply("allied", reform())  # recombining whatever their status
    assert U.has_marker(st, CORPS, marker)
    assert f"XIV Corps (fictional) is out of {what}, as 45 Division" in " ".join(
        logged(st, "hindenburg 21.12")
    )


def test_21_12_the_corps_keeps_what_its_divisions_did(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    units = {**broken(), PAIR[0]: {"hex": "0907", "markers": ["fought_last_turn"]}}
    st = hindenburg_position(units, turn=2)
    move(st, PAIR[1], "0908")
    move(st, PAIR[1], "0907")
    st.apply("allied", reform())
    rec = U.record(st, CORPS)
    assert rec["moved_turn"] == 2 and rec["combat_turn"] == 1  # 13.0 moved, fought


# --- 21.13 only the pair, disruption ----------------------------------------------------------


def test_21_13_only_the_corps_own_divisions_recombine(hindenburg_position, refuse) -> None:  # type: ignore[no-untyped-def]
    units = {**broken(), "R-XVII": SPARE, "R-XVII-3": "0907", "R-XVII-35": "0908"}
    st = hindenburg_position(units)
    mixed = {**reform(), "divisions": ["R-XIV-18", "R-XVII-3"]}
    refusal = refuse(st, "allied", mixed)
    assert refusal.case == "hindenburg 21.13"
    assert [a["unit"] for a in of_type(st, RECONSTITUTE)] == [CORPS]


@pytest.mark.parametrize(("lost", "expected"), [((1, 0), 1), ((1, 1), 2)])
def test_21_13_a_disrupted_division_returns_the_corps_disrupted(  # type: ignore[no-untyped-def]
    hindenburg_position, lost: tuple[int, int], expected: int
) -> None:
    units = {
        CORPS: SPARE,
        PAIR[0]: {"hex": "0907", "steps_lost": lost[0]},
        PAIR[1]: {"hex": "0907", "steps_lost": lost[1]},
    }
    st = hindenburg_position(units)
    st.apply("allied", reform())
    assert U.record(st, CORPS)["lost"] == expected  # the steps are conserved (AV10 a)
    assert [U.record(st, d)["lost"] for d in PAIR] == [0, 0]
    (line,) = logged(st, "hindenburg 21.13")
    assert "returns disrupted" in line


# --- 21.14 no Movement Point cost ---------------------------------------------------------------


def test_21_14_breaking_down_costs_no_movement_points(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position(WHOLE)
    whole = move_costs(st, CORPS)
    st.apply("allied", BREAK)
    assert move_costs(st, PAIR[0]) == whole  # its full 4 Movement Points
    assert "have the 4 Movement Points" in logged(st, "hindenburg 21.14")[0]


def test_21_14_no_movement_point_is_gained_by_a_substitution(  # type: ignore[no-untyped-def]
    hindenburg_position, refuse
) -> None:
    st = hindenburg_position(WHOLE)
    move(st, CORPS, "0908")
    move(st, CORPS, "0909")  # 2 of its 4 Movement Points spent
    st.apply("allied", BREAK)
    costs = move_costs(st, PAIR[0])
    assert max(costs.values()) == 2
    assert "have the 2 Movement Points" in logged(st, "hindenburg 21.14")[0]
    far = "0912"
    refusal = refuse(st, "allied", {"type": "move", "unit": PAIR[0], "to": far})
    assert refusal.case == "5.14"
    move(st, PAIR[0], "0910")  # 1 more: it has 1 left
    move(st, PAIR[0], "0909")
    st.apply("allied", reform("0909"))
    # the corps has the fewest Movement Points either division had left: none
    assert not [
        a for a in st.legal_actions("allied") if a.get("unit") == CORPS and a["type"] == "move"
    ]


# --- 21.15 divisions fight normally ---------------------------------------------------------------


def test_21_15_divisions_attack_at_full_strength_and_take_losses(  # type: ignore[no-untyped-def]
    hindenburg_position, fixed_dice
) -> None:
    units = {**broken(), "G-35": "0807"}
    st = hindenburg_position(units, phase="combat", segment="combat_resolution")
    st.apply("allied", {"type": "declare", "target": "0807"})
    for uid in PAIR:
        st.apply("allied", {"type": "add_attacker", "unit": uid})
    shown = st.view("allied")["combat"]
    assert [a["strength"] for a in shown["attackers"]] == [3, 3]  # printed, unpenalised
    fixed_dice(4, 1)  # the attack, then the German 35th's Command Control roll (10.41)
    st.apply("allied", {"type": "resolve"})
    entry = next(
        e for e in reversed(st.data["log"]) if e.get("case") == "8.8" and "column" in e["text"]
    )
    assert "6 to 5 (1-1)" in entry["text"]
    choose(st, "allied", "lose", unit=PAIR[0])  # 1/-: the attacker loses a step
    assert U.record(st, PAIR[0])["lost"] == 1 and U.record(st, PAIR[1])["lost"] == 0


# --- 21.16 both divisions extant -----------------------------------------------------------------


def test_21_16_one_division_left_may_not_reconstitute(hindenburg_position, refuse) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position({CORPS: SPARE, PAIR[0]: "0907"})  # the 45th eliminated
    assert of_type(st, RECONSTITUTE) == []
    refusal = refuse(st, "allied", reform())
    assert refusal.case == "hindenburg 21.16" and "45 Division" in refusal.reason
