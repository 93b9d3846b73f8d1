"""The Brusilov Offensive's schedules, as a scenario's ``[special]`` table gives them
(fields of :class:`~greatwar.rules.gwite.brusilov.data.BrusilovData`): the supply depots
each side receives by Game-Turn (20.21-20.23, 26.23, 26.33) and the victory points of a
reinforcement permanently withheld (25.16, 25.2, 26.22).  Plain data, no rules."""

from __future__ import annotations

from pydantic import Field, model_validator

from greatwar.model.schema import Strict


class TurnRange(Strict):
    """Game-Turns ``from_turn`` to ``to_turn`` (none: to the end of the game)."""

    from_turn: int = Field(default=1, ge=1)
    to_turn: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> TurnRange:
        if self.to_turn is not None and self.to_turn < self.from_turn:
            raise ValueError(f"to_turn {self.to_turn} is before from_turn {self.from_turn}")
        return self

    def covers(self, turn: int) -> bool:
        return self.from_turn <= turn and (self.to_turn is None or turn <= self.to_turn)


class DepotRow(TurnRange):
    """20.21 ``count`` supply depots ``side`` receives each Game-Turn of the range.

    The last row that covers a side's Game-Turn gives its number, so a row with
    ``option`` (on only when that option of the game is on: 26.33's two Russian depots
    a turn) listed after the plain row replaces it."""

    side: str
    count: int = Field(ge=0)
    option: str | None = None
    source: str = ""


class WithholdingRow(TurnRange):
    """25.2 the victory points (negative: subtracted from the Russian total, 25.14) of each
    reinforcement the Central Powers permanently withhold (25.16) on these Game-Turns."""

    vp: int
    source: str = ""


#: 25.2 the historical game's points for withholding: -4 on Game-Turns 5-7, -2 on 8-12
HISTORICAL_WITHHOLDING = [
    WithholdingRow(from_turn=5, to_turn=7, vp=-4, source="brusilov 25.2"),
    WithholdingRow(from_turn=8, to_turn=12, vp=-2, source="brusilov 25.2"),
]
