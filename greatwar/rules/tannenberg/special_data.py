"""The shape of a Tannenberg scenario's ``[special]`` tables (the teaching scenario's
file documents each), checked as :class:`TannenbergData` so that a misspelt key or
table is refused instead of silently doing nothing, and a count below zero is refused
(``masking_counters = -1``).  The rules read the tables as the scenario writes them
(:mod:`.special`, :mod:`.victory`, :mod:`.masks`, :mod:`.arrivals`); what they name
(counters, regions, hexes) is checked there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AfterValidator, Discriminator, Field, Tag, model_validator

from greatwar.model.files import check_model
from greatwar.model.schema import NonNegative, Strict, Turn

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

Loc = tuple[str | int, ...]

#: the most masking counters a side may have: 16.1.1 does not give their number (the
#: MASKING card is lost; 8 a side when the scenario does not say, provisional); the
#: bound keeps the pieces a game tracks finite (docs/readings.md, "Impossible data")
MAX_MASKS = 50


def _mask_count(count: int) -> int:
    if not 0 <= count <= MAX_MASKS:
        raise ValueError(f"0 to {MAX_MASKS} masking counters a side (tannenberg 16.1.1)")
    return count


MaskCount = Annotated[int, AfterValidator(_mask_count)]


def _count_or_table(value: object) -> str:
    return "table by side" if isinstance(value, dict) else "number"


#: masking counters: one number for each side, or a number by side id
MaskCounts = Annotated[
    Annotated[MaskCount, Tag("number")] | Annotated[dict[str, MaskCount], Tag("table by side")],
    Discriminator(_count_or_table),
]
Edge = Literal["north", "south", "east", "west"]
#: a die roll (one die)
Die = Annotated[int, Field(ge=1, le=6)]


class UnitsInCountry(Strict):
    """19.3: ``side`` scores ``vp`` when, after stage ``after_stage``, at least ``units``
    of its units stand in ``country``."""

    side: str
    country: str
    after_stage: Turn
    units: Annotated[int, Field(ge=1)]
    vp: NonNegative


class ClearOfEnemy(Strict):
    """19.3: ``side`` scores ``vp`` when no enemy unit stands in ``country`` after the
    last stage."""

    side: str
    country: str
    vp: NonNegative


class VictoryPoints(Strict):
    """19.3 points, each table keyed by the side that scores them."""

    case: str = ""
    towns: str | None = None
    units_in_enemy_country: list[UnitsInCountry] = Field(default_factory=list)
    eliminated_unit: dict[str, NonNegative] = Field(default_factory=dict)
    eliminated_corps_hq: dict[str, NonNegative] = Field(default_factory=dict)
    eliminated_army_hq: dict[str, NonNegative] = Field(default_factory=dict)
    captured_fortification: dict[str, NonNegative] = Field(default_factory=dict)
    unsupplied_at_end: dict[str, NonNegative] = Field(default_factory=dict)
    clear_of_enemy_at_end: list[ClearOfEnemy] = Field(default_factory=list)


class Clause(Strict):
    """19.2: at least ``count`` units (or hexes) of the region hold the side's units."""

    region: str
    count: Annotated[int, Field(ge=1)] = 1
    counts: Literal["units", "hexes"] = "units"
    types: list[str] = Field(default_factory=list)


class AutomaticVictory(Strict):
    """19.2: the side wins at once when every clause holds."""

    side: str
    case: str = ""
    description: str = ""
    clauses: list[Clause] = Field(min_length=1)


class Trigger(Strict):
    """17.3: a lead on the index (``lead``, ``points``: 17.3.1-17.3.2), or units of a side
    in a region after a stage (``after_stage``, ``side``, ``region``, ``count``: 17.3.3)."""

    lead: str | None = None
    points: Annotated[int, Field(ge=1)] | None = None
    after_stage: NonNegative | None = None
    side: str | None = None
    region: str | None = None
    count: Annotated[int, Field(ge=1)] = 1
    types: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_kind(self) -> Trigger:
        lead = self.lead is not None and self.points is not None
        region = self.side is not None and self.region is not None
        if lead == region:
            raise ValueError(
                "a trigger is a lead (lead, points) or units in a region"
                " (after_stage, side, region, count), one of them (tannenberg 17.3)"
            )
        return self


class Entry(Strict):
    """17.3.2-17.3.3: by rail over the side's railway lines, from one map edge or any."""

    rail: bool = False
    edge: Edge | None = None


class SpecialReinforcement(Strict):
    """17.3: counters that enter, or replace others, when the trigger is met."""

    id: str = Field(min_length=1)
    side: str
    case: str = ""
    trigger: Trigger
    delay: NonNegative = 0
    replaces: dict[str, str] = Field(default_factory=dict)
    units: list[str] = Field(default_factory=list)
    entry: Entry = Entry()
    vp: dict[str, NonNegative] = Field(default_factory=dict)


class CavalryCommander(Strict):
    """17.3.2's note: the HQ that may command every cavalry unit of its side (data the
    command rules do not read yet)."""

    hq: str
    case: str = ""


class GuardsHeld(Strict):
    """18.1.1: ``units`` may not move until the owner rolls one of ``release_rolls`` at
    the start of a movement phase, or an enemy piece enters ``country``."""

    units: list[str] = Field(min_length=1)
    release_rolls: list[Die] = Field(default_factory=lambda: [1])
    country: str = ""
    case: str = ""


class CommanderReplaced(Strict):
    """18.1.2: when the ``corps`` of ``side`` has lost ``levels`` combat-efficiency levels
    in all, each old commander of ``replaces`` gives way to the new one."""

    side: str
    corps: str
    levels: Annotated[int, Field(ge=1)] = 3
    replaces: dict[str, str] = Field(min_length=1)
    case: str = ""


class Confined(Strict):
    """18.1.3: ``units`` may never leave their hex."""

    units: list[str] = Field(min_length=1)
    case: str = ""


class TannenbergData(Strict):
    """A Tannenberg scenario's ``[special]`` tables."""

    #: 17.2.4: entry hexes by which reinforcements move on foot, not by rail
    foot_entry_hexes: list[str] = Field(default_factory=list)
    #: 16.1.1: masking counters, for each side or by side id
    masking_counters: MaskCounts | None = None
    victory_points: VictoryPoints | None = None
    automatic_victory: list[AutomaticVictory] = Field(default_factory=list)
    reinforcement: list[SpecialReinforcement] = Field(default_factory=list)
    cavalry_commander: CavalryCommander | None = None
    #: 18.1, each read while the game's option of its name is on
    guards_held: GuardsHeld | None = None
    artamonov_replaced: CommanderReplaced | None = None
    pappritz_stays: Confined | None = None


def check(scenario: Scenario, problems: Problems) -> TannenbergData | None:
    """The scenario's ``[special]`` tables, or None when malformed: every unknown key,
    value of the wrong type or out of range, and side the scenario does not have, is
    reported at its place."""
    data = check_model(TannenbergData, dict(scenario.file.special), problems, at=("special",))
    if data is None:
        return None
    sides = [s.id for s in scenario.sides]
    for loc, side in _side_names(data):
        if side not in sides:
            problems.add(
                ("special", *loc), f"{side!r} is not a side of this scenario ({', '.join(sides)})"
            )
    return data


def _side_names(data: TannenbergData) -> Iterator[tuple[Loc, str]]:
    """Every side id the tables name (as a value or as a key), with its place."""
    vp = data.victory_points
    if vp is not None:
        if vp.towns is not None:
            yield ("victory_points", "towns"), vp.towns
        for name in _PER_SIDE_POINTS:
            for side in getattr(vp, name):
                yield ("victory_points", name, side), side
        for name in ("units_in_enemy_country", "clear_of_enemy_at_end"):
            for i, entry in enumerate(getattr(vp, name)):
                yield ("victory_points", name, i, "side"), entry.side
    for i, condition in enumerate(data.automatic_victory):
        yield ("automatic_victory", i, "side"), condition.side
    for i, spec in enumerate(data.reinforcement):
        yield ("reinforcement", i, "side"), spec.side
        for key in ("lead", "side"):
            named = getattr(spec.trigger, key)
            if named is not None:
                yield ("reinforcement", i, "trigger", key), named
        for side in spec.vp:
            yield ("reinforcement", i, "vp", side), side
    if isinstance(data.masking_counters, dict):
        for side in data.masking_counters:
            yield ("masking_counters", side), side
    if data.artamonov_replaced is not None:
        yield ("artamonov_replaced", "side"), data.artamonov_replaced.side


#: the 19.3 tables of points by the side that scores them
_PER_SIDE_POINTS = (
    "eliminated_unit",
    "eliminated_corps_hq",
    "eliminated_army_hq",
    "captured_fortification",
    "unsupplied_at_end",
)
