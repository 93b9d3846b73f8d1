"""Caporetto withdrawal before combat: caporetto 4.0 and 12.1 (every TCR 1 unit withdraws
as if it were cavalry) and 23.31 (not the Italians' on Game-Turn 1).

German infantry of TCR 1 (G-12, 1211) and of TCR 2 (G-5, 1212) stand next to the Italian
46th Division (1111) in the Allied Player-Turn; the Italian 1st Cavalry Division (1110)
stands next to G-12 in the Central Powers' Player-Turn."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar import IllegalAction, State
from greatwar.rules.gwite import units as U
from tests.rules.gwite.caporetto.combat_kit import SPARE, hex_of
from tests.rules.gwite.kit import choose, logged

WITHDRAWAL = {"phase": "cavalry_withdrawal", "segment": "cavalry_withdrawal"}
FRONT = {"I-46": "1111", "G-12": "1211", "G-5": "1212"}


def _withdrawal(position: Any, phasing: str, turn: int, **units: str) -> State:
    return position(  # type: ignore[no-any-return]
        {**SPARE, **FRONT, **units}, phasing=phasing, turn=turn, **WITHDRAWAL
    )


def attempts(st: State, role: str) -> list[str]:
    return [a["unit"] for a in st.legal_actions(role) if a["type"] == "attempt"]


def test_4_0_12_1_a_tcr_1_infantry_division_withdraws_as_cavalry(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """The German 12th Division (infantry, TCR 1) attempts to withdraw in the Withdrawal
    Before Combat Phase: a 2 is higher than its TCR (12.12), and it moves two hexes."""
    st = _withdrawal(caporetto_position, "allied", 3)
    assert attempts(st, "central") == ["G-12"]
    fixed_dice(2)
    choose(st, "central", "attempt", unit="G-12")
    if any(a["type"] == "withdraw" for a in st.legal_actions("central")):
        path = next(a for a in st.legal_actions("central") if a["type"] == "withdraw")
        st.apply("central", path)
    here = hex_of(st, "G-12")
    assert here is not None and here != "1211"
    assert any("withdraws 1211→" in t for t in logged(st, "12.14"))


def test_12_1_a_failed_roll_keeps_the_unit_in_place(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """A 1 is not higher than TCR 1: G-12 stays and may be attacked (12.15)."""
    st = _withdrawal(caporetto_position, "allied", 3)
    fixed_dice(1)
    choose(st, "central", "attempt", unit="G-12")
    assert hex_of(st, "G-12") == "1211" and logged(st, "12.15")


def test_12_1_a_tcr_2_unit_may_not_withdraw(caporetto_position: Any) -> None:
    """The German 5th Division (TCR 2, not cavalry) is refused, naming caporetto 12.1."""
    st = _withdrawal(caporetto_position, "allied", 3)
    with pytest.raises(IllegalAction) as refused:
        st.apply("central", {"type": "attempt", "unit": "G-5"})
    assert "caporetto 12.1" in str(refused.value)
    assert hex_of(st, "G-5") == "1212"


def test_23_31_game_turn_1_italian_tcr_1_units_may_not_withdraw(
    caporetto_position: Any,
) -> None:
    """Game-Turn 1: the Italian 1st Cavalry Division may not attempt to withdraw: no
    Italian unit may, so the phase passes to the Central Powers' Combat Phase with the
    cavalry in place, and the rule that bars it is caporetto 23.31."""
    st = _withdrawal(caporetto_position, "central", 1, **{"I-1C": "1110"})
    assert "I-1C" not in attempts(st, "allied")
    assert (st.top() or {}).get("kind") == "combat_resolution"
    with pytest.raises(IllegalAction):
        st.apply("allied", {"type": "attempt", "unit": "I-1C"})
    assert hex_of(st, "I-1C") == "1110"
    refusal = U.rules(st).withdraw_refusal(st, "I-1C")
    assert refusal is not None and refusal[1] == "caporetto 23.31"


def test_23_31_from_game_turn_2_italian_cavalry_withdraws(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """Game-Turn 2: the same cavalry division withdraws on a 4."""
    st = _withdrawal(caporetto_position, "central", 2, **{"I-1C": "1110"})
    assert "I-1C" in attempts(st, "allied")
    fixed_dice(4)
    choose(st, "allied", "attempt", unit="I-1C")
    if any(a["type"] == "withdraw" for a in st.legal_actions("allied")):
        st.apply("allied", next(a for a in st.legal_actions("allied") if a["type"] == "withdraw"))
    assert hex_of(st, "I-1C") not in ("1110", None)
