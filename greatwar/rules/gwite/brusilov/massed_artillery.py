"""The Brusilov Offensive, 19.2 Massed Artillery Fire: a supply depot burned to double
attackers or (Central Powers only) defenders.

The attacker names one of his supply depots while he puts an attack together (an
action on the attack frame, undone with it); the Central Powers defender may name one
of his in his step before the die (19.23).  The doubled units are those within three
hexes of the depot (19.22).  Once the die is rolled the depot is removed from play
(19.21): status ``removed``, never ``eliminated``, so it scores no Victory Points
(AB13).

Readings (docs/readings.md, The Brusilov Offensive): AB7 the doubling applies after the
halvings (option ``massed_artillery_after_halvings``); AB8 a panicked unit's strength
of 1 is doubled (option ``massed_artillery_doubles_panicked``); 19.22 the units doubled
are those within three hexes (option ``massed_artillery_all_in_range``: every
attacking unit must be); one depot per side per attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov.combat import (
    defending_units,
    defense_choices,
    defense_record,
)
from greatwar.rules.gwite.brusilov.data import option
from greatwar.rules.gwite.combat import DEFENDING, Factor, segment

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

AFTER_HALVINGS = "massed_artillery_after_halvings"
DOUBLES_PANICKED = "massed_artillery_doubles_panicked"
ALL_IN_RANGE = "massed_artillery_all_in_range"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    AFTER_HALVINGS: OptionSpec(
        True,
        "Massed Artillery Fire doubles an attacker's strength after its halvings (out of"
        " supply, out of command, river, living off the land); off: before them",
        "brusilov 19.21",
    ),
    DOUBLES_PANICKED: OptionSpec(
        True,
        "Defensive Massed Artillery Fire doubles a panicked Austro-Hungarian unit's"
        " Defense Strength of 1 (off: it stays 1)",
        "brusilov 19.23",
    ),
    ALL_IN_RANGE: OptionSpec(
        False,
        "A depot may support an attack only if every attacking unit is within three hexes"
        " of it (off: the units within three hexes are doubled, the others not)",
        "brusilov 19.22",
    ),
}

#: the depot's reach (19.22)
RANGE = 3
#: the actions of 19.2 (attacker while preparing, Central Powers defender in his step)
MASSED_ARTILLERY = "massed_artillery"
REMOVE_MASSED_ARTILLERY = "remove_massed_artillery"
#: a burned depot's status: removed from play, not eliminated (AB13: no Victory Points)
REMOVED = "removed"
#: the side whose depots may support a defence (19.23)
DEFENDING_SIDE = "central"


def _in_range(st: State, depot: str, uid: str) -> bool:
    """19.22 within three hexes of the depot (counted on the map, terrain ignored)."""
    here = U.record(st, uid)["hex"]
    there = U.record(st, depot)["hex"]
    if here is None or there is None:
        return False
    return U.static(st).scenario.board.distance(here, there) <= RANGE  # type: ignore[no-any-return]


def _depots(st: State, side: str) -> list[str]:
    """The side's supply depots on the map."""
    return [u for u in U.on_map(st, side) if U.info(st, u).type == "supply_depot"]


def _supported(st: State, attack: Frame) -> list[str]:
    """The attacking units a depot may double (combat units, not HQs)."""
    return [u for u in attack["attackers"] if not U.info(st, u).hq]


class MassedArtillery:
    """The Brusilov Offensive's massed artillery rules (a part of :class:`BrusilovRules`)."""

    # -- which depots may fire ---------------------------------------------------------------

    def attack_support_refusal(
        self, st: State, attack: Frame, depot: str
    ) -> tuple[str, str] | None:
        """Why ``depot`` may not support this attack (reason, case), or None."""
        if attack.get("support"):
            return "an attack is supported by one supply depot only", "brusilov 19.21"
        if not self._friendly_depot(st, depot, attack["side"]):
            return f"{depot} is not a Friendly supply depot on the map", "brusilov 19.21"
        units = _supported(st, attack)
        if not units:
            return "add attacking units first", "brusilov 19.22"
        reach = [_in_range(st, depot, u) for u in units]
        name = U.info(st, depot).name
        if option(st, ALL_IN_RANGE) and not all(reach):
            return f"not every attacking unit is within three hexes of {name}", "brusilov 19.22"
        if not any(reach):
            return f"no attacking unit is within three hexes of {name}", "brusilov 19.22"
        return None

    def defense_support_refusal(
        self, st: State, seg: Frame, attack: Frame, depot: str
    ) -> tuple[str, str] | None:
        """Why ``depot`` may not support this defence (reason, case), or None."""
        defender = U.enemy_of(st, attack["side"])
        if defender != DEFENDING_SIDE:
            return (
                "the Russian Player cannot employ Massed Artillery Fire when defending",
                "brusilov 19.23",
            )
        if defense_choices(attack).get("support"):
            return "a defence is supported by one supply depot only", "brusilov 19.21"
        if not self._friendly_depot(st, depot, defender):
            return f"{depot} is not a Friendly supply depot on the map", "brusilov 19.23"
        name = U.info(st, depot).name
        if depot in seg["defended"] or depot in defending_units(st, attack):
            return (
                f"{name} is attacked in this Combat Phase: no defensive support",
                "brusilov 19.24",
            )
        units = [u for u in defending_units(st, attack) if not U.info(st, u).hq]
        if not any(_in_range(st, depot, u) for u in units):
            return f"no defending unit is within three hexes of {name}", "brusilov 19.22"
        return None

    def _friendly_depot(self, st: State, depot: str, side: str) -> bool:
        return depot in st.data["units"] and depot in _depots(st, side)

    # -- the odds: 19.21 / 19.23 doubling ----------------------------------------------------

    def attack_factors(self, st: State, uid: str, attack: Frame) -> list[Factor]:
        """19.21 an attacking unit within three hexes of the supporting depot is doubled
        (AB7: after its halvings unless the option says before)."""
        out: list[Factor] = list(super().attack_factors(st, uid, attack))  # type: ignore[misc]
        depot = attack.get("support")
        if depot and _in_range(st, depot, uid):
            why = f"Massed Artillery Fire ({U.info(st, depot).name}): doubled"
            first = not option(st, AFTER_HALVINGS)
            out.append(Factor(2, {"why": why, "case": "brusilov 19.21", "maf": True}, first))
        return out

    def defense_support(self, st: State, uid: str, attack: Frame) -> list[Factor]:
        """19.23 a defending unit within three hexes of the supporting depot is doubled
        (AB8: a panicked unit's 1 too, unless the option says not)."""
        out: list[Factor] = list(super().defense_support(st, uid, attack))  # type: ignore[misc]
        depot = defense_choices(attack).get("support")
        if not depot or not _in_range(st, depot, uid):
            return out
        name = U.info(st, depot).name
        hex_label = U.record(st, uid)["hex"]
        _, base_mods = self.defense_base(st, uid, hex_label)  # type: ignore[attr-defined]
        panicked = any(m.get("case") == "brusilov 23.11" for m in base_mods)
        if panicked and not option(st, DOUBLES_PANICKED):
            why = f"Massed Artillery Fire ({name}): a panicked unit's 1 is not doubled"
            out.append(Factor(1, {"why": why, "case": "brusilov 19.23", "maf": True}))
        else:
            why = f"Massed Artillery Fire ({name}): doubled"
            out.append(Factor(2, {"why": why, "case": "brusilov 19.23", "maf": True}))
        return out

    # -- the attacker's choice ---------------------------------------------------------------

    def attack_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """19.21 name a depot to support the attack, or take it back."""
        actions: list[Action] = list(super().attack_actions(st, seg, attack))  # type: ignore[misc]
        chosen = attack.get("support")
        if chosen:
            actions.append({"type": REMOVE_MASSED_ARTILLERY, "depot": chosen})
            return actions
        for depot in _depots(st, attack["side"]):
            if self.attack_support_refusal(st, attack, depot) is None:
                actions.append({"type": MASSED_ARTILLERY, "depot": depot})
        return actions

    def apply_attack_action(self, st: State, attack: Frame, action: Action) -> None:
        kind = action["type"]
        if kind not in (MASSED_ARTILLERY, REMOVE_MASSED_ARTILLERY):
            super().apply_attack_action(st, attack, action)  # type: ignore[misc]
            return
        if kind == MASSED_ARTILLERY:
            attack["support"] = action["depot"]
        else:
            attack.pop("support", None)

    # -- the Central Powers defender's choice ----------------------------------------------------

    def defender_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """19.23 the Central Powers defender may name a depot to support the defence."""
        actions: list[Action] = list(super().defender_actions(st, seg, attack))  # type: ignore[misc]
        defender = U.enemy_of(st, attack["side"])
        if defender != DEFENDING_SIDE:
            return actions
        chosen = defense_choices(attack).get("support")
        if chosen:
            actions.append({"type": REMOVE_MASSED_ARTILLERY, "depot": chosen})
            return actions
        for depot in _depots(st, defender):
            if self.defense_support_refusal(st, seg, attack, depot) is None:
                actions.append({"type": MASSED_ARTILLERY, "depot": depot})
        return actions

    def apply_defender_action(self, st: State, attack: Frame, action: Action) -> None:
        kind = action["type"]
        if kind not in (MASSED_ARTILLERY, REMOVE_MASSED_ARTILLERY):
            super().apply_defender_action(st, attack, action)  # type: ignore[misc]
            return
        choices = defense_record(attack)
        name = U.info(st, action["depot"]).name
        if kind == MASSED_ARTILLERY:
            choices["support"] = action["depot"]
            st.log(
                f"Massed Artillery Fire from {name} supports the defence.", case="brusilov 19.23"
            )
        else:
            choices.pop("support", None)
            st.log(f"{name}'s Massed Artillery Fire is taken back.", case="brusilov 19.23")

    def combat_action_refusal(
        self, st: State, attack: Frame, role: str, action: Action
    ) -> tuple[str, str] | None:
        """19.21-19.24 why a Massed Artillery Fire action is refused."""
        kind = action.get("type")
        if kind not in (MASSED_ARTILLERY, REMOVE_MASSED_ARTILLERY):
            return super().combat_action_refusal(st, attack, role, action)  # type: ignore[misc, no-any-return]
        depot = action.get("depot")
        defending = attack.get("stage") == DEFENDING
        chosen = defense_choices(attack).get("support") if defending else attack.get("support")
        if kind == REMOVE_MASSED_ARTILLERY:
            return f"{depot} does not support this combat", "brusilov 19.21"
        if not isinstance(depot, str):
            return "name a supply depot", "brusilov 19.21"
        if chosen:
            return "a combat is supported by one supply depot only", "brusilov 19.21"
        if defending:
            found = self.defense_support_refusal(st, segment(st), attack, depot)
        else:
            found = self.attack_support_refusal(st, attack, depot)
        return found or ("that depot may not fire for this combat now", "brusilov 19.21")

    # -- 19.21 burned up once the attack is conducted --------------------------------------------

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """19.21 the depots that supported the attack or the defence are removed from play
        (not eliminated: AB13, no Victory Points)."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        fired = [
            (attack.get("support"), "attack", report["attackers"]),
            (defense_choices(attack).get("support"), "defence", report["defenders"]),
        ]
        for depot, what, entries in fired:
            supported = [
                e["name"] for e in entries if any(m.get("maf") for m in e.get("modifiers", []))
            ]
            if not depot or not supported:
                continue  # named, but no unit within three hexes: not used (19.22)
            U.set_status(st, depot, REMOVED)
            st.log(
                f"Massed Artillery Fire: {U.info(st, depot).name} supported"
                f" {', '.join(supported)} in the {what} and is removed from play (burned up;"
                " not eliminated: no Victory Points).",
                case="brusilov 19.21",
            )
