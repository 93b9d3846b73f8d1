"""Static tables of one Tannenberg game, built once (``system.build_static``) and shared by
every state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from greatwar.model.loader import Scenario
from greatwar.model.schema import Counter, StepValues

#: unit types without a control zone (8.1.2) and without combat-efficiency levels (2.3.2)
NO_ZOC_TYPES = frozenset({"artillery", "hq", "supply_train"})
#: (masking counters, type "mask", have neither: they are pseudo-units, see masking.py)
NO_LEVEL_TYPES = frozenset({"hq", "supply_train", "mask"})


@dataclass(frozen=True)
class UnitInfo:
    """What a counter says."""

    id: str
    name: str
    side: str
    nationality: str
    type: str
    size: str
    corps: str
    division: str
    army: str
    levels: tuple[StepValues, ...]  # combat-efficiency levels, front first (2.3.1)
    hq: bool
    hq_level: str | None  # "army" or "corps"
    activity: str  # A, N or B (2.2; 13.3.1)
    setup: str | None
    arrive_turn: int | None
    arrive_entry: str | None
    arrive_entrained: bool

    @property
    def level_count(self) -> int:
        """2.3.1: one or two levels; HQs and supply trains have none (2.3.2)."""
        return 0 if self.type in NO_LEVEL_TYPES else max(1, len(self.levels))

    @property
    def has_zoc(self) -> bool:
        """8.1.2 all units but artillery, HQs and supply trains have control zones."""
        return self.type not in NO_ZOC_TYPES

    def values(self, level: int) -> StepValues:
        if not self.levels:
            return StepValues()
        return self.levels[min(level, len(self.levels) - 1)]


@dataclass
class TannenbergStatic:
    scenario: Scenario
    units: dict[str, UnitInfo]
    side_ids: tuple[str, ...]
    enemy: dict[str, str]
    #: tables a rules module derives from the scenario once per game, by module name
    #: (movement costs, control-zone reach): see ``derived_table``
    derived: dict[str, Any] = field(default_factory=dict)


def derived_table(static: TannenbergStatic, name: str, build: Any) -> Any:
    """A static table built once per game by ``build(scenario)`` and kept under ``name``."""
    table = static.derived.get(name)
    if table is None:
        table = static.derived[name] = build(static.scenario)
    return table


def unit_info(c: Counter) -> UnitInfo:
    return UnitInfo(
        id=c.id,
        name=c.name or c.id,
        side=c.side,
        nationality=c.nationality,
        type=c.type,
        size=c.size,
        corps=c.corps,
        division=c.division,
        army=c.army,
        levels=tuple(c.steps),
        hq=c.type == "hq",
        hq_level=c.hq.level if c.hq else None,
        activity=c.hq.activity if c.hq else "",
        setup=c.setup,
        arrive_turn=c.arrive.turn if c.arrive else None,
        arrive_entry=c.arrive.entry if c.arrive else None,
        arrive_entrained=bool(c.arrive and c.arrive.entrained),
    )
