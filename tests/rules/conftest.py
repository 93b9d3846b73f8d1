"""Fixtures every rules test uses, whatever the rule system: refusals that must change
nothing, and dice fixed in advance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from greatwar.engine.errors import IllegalAction
from greatwar.engine.state import State


def refused(st: State, role: str, action: dict[str, Any]) -> IllegalAction:
    """Apply an action that must be refused; check it names a case and changes nothing."""
    before = st.digest()
    with pytest.raises(IllegalAction) as info:
        st.apply(role, action)
    assert st.digest() == before, "a refused action changed the state"
    assert info.value.case, f"the refusal names no rule case: {info.value.reason}"
    return info.value


@pytest.fixture
def refuse() -> Callable[[State, str, dict[str, Any]], IllegalAction]:
    """``refuse(state, role, action)`` -> the IllegalAction (state checked unchanged)."""
    return refused


@pytest.fixture
def fixed_dice(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """``fixed_dice(3, 5)``: the next die rolls of any game are 3, then 5 (then an error).

    Call it before the position is made when setting it up rolls dice.  The rolls
    are still logged and still make everything before them final for undo.
    """
    from greatwar.engine import dice

    def load(*values: int) -> None:
        queue = list(values)

        def roll(record: dict[str, int], sides: int = 6) -> int:
            if not queue:
                raise AssertionError("the test ran out of fixed die rolls")
            record["n"] += 1
            return queue.pop(0)

        monkeypatch.setattr(dice, "roll", roll)

    return load
