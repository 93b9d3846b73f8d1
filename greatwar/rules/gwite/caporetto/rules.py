"""Caporetto 1917's rules object: the standard rules with the exclusive rules 15.0-25.3
and the Appendix (one part per section, each in its own module of this package)."""

from __future__ import annotations

from typing import ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.caporetto import (
    agreement,
    artillery,
    combat,
    command,
    deployment,
    forced_march,
    leaders,
    milano,
    monitor,
    movement,
    pursuit,
    rail,
    reinforcement,
    replacement,
    retreat,
    scenario,
    supply,
    surprise,
    switch_lines,
    victory,
    withdrawal,
)
from greatwar.rules.gwite.caporetto import data as D
from greatwar.rules.gwite.rules import StandardRules, game_options

_SECTIONS = (
    movement,
    monitor,
    forced_march,
    rail,
    reinforcement,
    combat,
    retreat,
    pursuit,
    withdrawal,
    leaders,
    surprise,
    milano,
    switch_lines,
    artillery,
    supply,
    command,
    replacement,
    victory,
    scenario,
    deployment,
    agreement,
)


class CaporettoRules(
    movement.CaporettoMovement,
    monitor.Monitor,
    forced_march.ForcedMarch,
    rail.CaporettoRail,
    reinforcement.CaporettoReinforcement,
    combat.CaporettoCombat,
    retreat.CaporettoRetreat,
    pursuit.Pursuit,
    withdrawal.CaporettoWithdrawal,
    leaders.HeroicLeaders,
    surprise.SurpriseAttack,
    milano.MilanoStrike,
    switch_lines.SwitchLines,
    artillery.Artillery,
    supply.CaporettoSupply,
    command.CaporettoCommand,
    replacement.CaporettoReplacement,
    victory.CaporettoVictory,
    scenario.CaporettoScenario,
    deployment.Deployment,
    agreement.EndByAgreement,
    StandardRules,
):
    """Caporetto 1917 (15.0-25.3): the standard rules as its cases change them."""

    game: ClassVar[str] = "caporetto"
    title: ClassVar[str] = "Caporetto 1917"
    options: ClassVar[dict[str, OptionSpec]] = game_options(*_SECTIONS)
    special_model = D.CaporettoData
