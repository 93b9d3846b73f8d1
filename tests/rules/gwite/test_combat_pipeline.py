"""The combat procedure's variation points (R3), shown with a FICTIONAL test game: its
rules give the defender a step before the die in which each of his HQs may shift the
odds one column left (as Brusilov 21.1's HQ defensive shift will).  The standard rules
give no such step; the test game proves the mechanism: the defender acts, the odds he
sees are the odds resolved."""

from __future__ import annotations

from typing import Any

from kit import SPARE, alive, attack, attack_log, fight, lost, north, where

from greatwar.engine.phases import Action, Frame
from greatwar.engine.state import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import END_DEFENSE
from greatwar.rules.gwite.combat_result import STAGES, CombatResult
from greatwar.rules.gwite.rules import StandardRules
from greatwar.sim.rulings import RulingCheck

DEFENSIVE_SHIFT = "test_defensive_shift"


class DefensiveShiftRules(StandardRules):
    """A test game: before the die the defender may spend each of his HQs on the map for
    a shift of one column to the left (a fictional rule)."""

    def defender_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        defender = U.enemy_of(st, attack["side"])
        used = attack.get("defense", [])
        return [
            {"type": DEFENSIVE_SHIFT, "hq": uid}
            for uid in U.on_map(st, defender)
            if U.info(st, uid).hq and uid not in used
        ]

    def apply_defender_action(self, st: State, attack: Frame, action: Action) -> None:
        attack.setdefault("defense", []).append(action["hq"])

    def odds_shifts(self, st: State, seg: Frame, attack: Frame) -> list[dict[str, Any]]:
        own = [{"hq": hq, "shift": -1, "case": "test"} for hq in attack.get("defense", [])]
        return [*super().odds_shifts(st, seg, attack), *own]


def test_8_0_the_defender_acts_before_the_die_and_the_odds_he_sees_are_resolved(
    position: Any, fixed_dice: Any
) -> None:
    # 20 to 5 is 4-1; the XIX Corps HQ's defensive shift makes it 3-1.  A die of 1 reads
    # -/3 at 3-1 (-/E at 4-1): the 1st Guards survive to choose an option.
    units = {"R-1G": "1005", "R-HQ-XIX": "1106", "G-I": "0904", "G-XVII": "0905"}
    units |= {"G-35R": "1004"}
    st = fight(position, north(**units, **SPARE), rules=DefensiveShiftRules())
    shown = attack(st, "central", "1005", ["G-I", "G-XVII", "G-35R"])
    assert (shown["odds"], shown["column"]) == ("4-1", "4-1")
    st.apply("central", {"type": "resolve"})
    assert st.active_roles() == ["allied"]  # the defender's step
    assert st.legal_actions("allied") == [
        {"type": DEFENSIVE_SHIFT, "hq": "R-HQ-XIX"},
        {"type": END_DEFENSE},
    ]
    st.apply("allied", {"type": DEFENSIVE_SHIFT, "hq": "R-HQ-XIX"})
    seen = st.view("allied")["combat"]
    assert (seen["stage"], seen["final_odds"], seen["column"]) == ("defending", "3-1", "3-1")
    fixed_dice(1)
    check = RulingCheck(st.game).attach()  # the fuzzer's check: resolved as the defender saw
    check.before(st, "allied")
    st.apply("allied", {"type": END_DEFENSE})
    assert check.after(st) == [] and check.checked == 1
    check.detach()
    entry = attack_log(st)
    assert "20 to 5 (4-1), -1 shift of XIX Corps HQ, column 3-1, die 1: -/3" in entry["text"]
    assert entry["ruling"]["numbers"]["shifts"] == [["R-HQ-XIX", -1]]
    assert [a["index"] for a in st.legal_actions("allied") if a["type"] == "option"] == [0, 1]
    assert lost(st, "R-1G") == 0  # not eliminated: the 4-1 column's E was shifted away


def test_8_0_the_standard_rules_give_the_defender_no_step(position: Any, fixed_dice: Any) -> None:
    units = {"R-1G": "1005", "R-HQ-XIX": "1106", "G-I": "0904", "G-XVII": "0905"}
    st = fight(position, north(**units, **SPARE))
    attack(st, "central", "1005", ["G-I", "G-XVII"])
    fixed_dice(1)
    st.apply("central", {"type": "resolve"})
    assert "die 1" in attack_log(st)["text"]  # resolved at once


class NoAdvanceResult(CombatResult):
    """A test game's result handler: the standard stages without the advance (8.7)."""

    kind = "test_no_advance_result"
    stages = tuple(s for s in STAGES if s != "advance")


class NoAdvanceRules(StandardRules):
    """A test game whose combat results are applied by :class:`NoAdvanceResult`."""

    def result_kind(self, st: State, report: dict[str, Any]) -> str:
        return NoAdvanceResult.kind


def test_8_7_a_game_replaces_the_result_stages(
    position: Any, fixed_dice: Any, monkeypatch: Any
) -> None:
    # 16 to 4 is 4-1, die 1: -/E.  Under the standard rules the attacker now decides on an
    # advance (8.71); the test game's own result handler has no such stage
    units = {"R-3S": "1005", "G-I": "0904", "G-XVII": "0905"}
    st = fight(position, north(**units, **SPARE))
    monkeypatch.setitem(st.game.system.handlers, NoAdvanceResult.kind, NoAdvanceResult())
    attack(st, "central", "1005", ["G-I", "G-XVII"])
    fixed_dice(1)
    st.apply("central", {"type": "resolve"})
    assert st.top()["kind"] == "combat_result" and st.top()["stage"] == "advance"

    st = fight(position, north(**units, **SPARE), rules=NoAdvanceRules())
    attack(st, "central", "1005", ["G-I", "G-XVII"])
    fixed_dice(1)
    st.apply("central", {"type": "resolve"})
    assert "-/E" in attack_log(st)["text"] and not alive(st, "R-3S")
    assert st.top()["kind"] == "combat_resolution"  # no advance: the next attack
    assert st.view("central")["combat"] is None
    assert where(st, "G-I") == "0904"
