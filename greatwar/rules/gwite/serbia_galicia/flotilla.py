"""The Austro-Hungarian monitor flotilla (serbia-galicia 21.0): three attack strength
points beside the Serbian map's major rivers.

* Once a Game-Turn the Austro-Hungarian Player may add the flotilla's 3 Attack Strength
  Points to one attack (the attack action ``add_flotilla``, taken back with
  ``remove_flotilla`` before the die) on a hex of the Serbian map (``[special]
  serbia_map``) beside a major river hexside: every hex attacked must be (AS5: the
  hex attacked, not the attackers', decides: the monitors shell the river bank).
* With other units: their losses are taken normally (the flotilla has no steps); HQ
  shifts apply as to any attack.
* Alone (no attacking unit): the attack is the Austro-Hungarians' (TCR 4, their row);
  any attacker's loss the table gives is ignored; no command shift applies (10.21 has
  no attacking steps to count); the defender is affected whole (AS5 (b): the smaller
  force of 8.9 is not the flotilla's nil steps — otherwise its attack could never take
  a step; option ``flotilla_alone_affects_none`` gives reading (a)).
* No Command Strength is spent on it (it is no unit: nothing to command).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia.data import data, option
from greatwar.rules.gwite.supply import per_game

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

C21 = "serbia-galicia 21.0"
ADD = "add_flotilla"
REMOVE = "remove_flotilla"
#: 21.0 the flotilla's Attack Strength
FLOTILLA_POINTS = 3
MAJOR_RIVER = "major_river"
AUSTRIA_HUNGARY = "austria-hungary"
#: the Game-Turn the flotilla last attacked (once a Game-Turn)
FLOTILLA_TURN = "serbia_galicia_flotilla_turn"
#: AS5 (a): the flotilla alone is a force of no steps, so its result affects none
ALONE_AFFECTS_NONE = "flotilla_alone_affects_none"

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    ALONE_AFFECTS_NONE: OptionSpec(
        False,
        "The monitor flotilla attacking alone is a force of no steps: the defender's result"
        " affects none of his steps (off: the defending force is affected whole; AS5)",
        C21,
    ),
}


def flotilla_side(st: State) -> str | None:
    """The Austro-Hungarian Player's side (the flotilla's)."""
    for info in U.static(st).units.values():
        if info.nationality == AUSTRIA_HUNGARY:
            return str(info.side)
    return None


def river_banks(st: State) -> frozenset[str]:
    """21.0 the hexes of the Serbian map with a major river hexside (built once a game)."""

    def build() -> frozenset[str]:
        board = U.static(st).scenario.board
        serbia = data(st).serbia_map
        return frozenset(
            h
            for h in board.hexes
            if board.map_of(h) == serbia
            and any(MAJOR_RIVER in board.features(h, n) for n in board.neighbours[h])
        )

    return per_game(st, "serbia-galicia river banks", build)  # type: ignore[no-any-return]


def beside_major_river(st: State, hex_label: str) -> bool:
    """21.0 a hex of the Serbian map with a major river hexside."""
    return hex_label in river_banks(st)


def flotilla_refusal(st: State, attack: Frame) -> tuple[str, str] | None:
    """21.0 why the flotilla may not join this attack now (None: it may)."""
    if attack["side"] != flotilla_side(st):
        return "only the Austro-Hungarian Player has the monitor flotilla", C21
    if attack.get("flotilla"):
        return "the flotilla already takes part in this attack", C21
    if st.data.get(FLOTILLA_TURN) == st.data["turn"]:
        return "the flotilla attacked already this Game-Turn: once a Game-Turn", C21
    away = [t for t in attack["targets"] if not beside_major_river(st, t)]
    if away:
        return (
            f"{', '.join(away)} is not a hex of the Serbian map beside a major river hexside",
            C21,
        )
    return None


def alone(attack: Frame) -> bool:
    """The flotilla attacks with no unit."""
    return bool(attack.get("flotilla")) and not attack["attackers"]


class MonitorFlotilla:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def attack_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """21.0 the Austro-Hungarian Player may add the flotilla (or take it back)."""
        actions: list[Action] = list(super().attack_actions(st, seg, attack))  # type: ignore[misc]
        if attack.get("flotilla"):
            actions.append({"type": REMOVE})
        elif flotilla_refusal(st, attack) is None:
            actions.append({"type": ADD, "strength": FLOTILLA_POINTS})
        return actions

    def apply_attack_action(self, st: State, attack: Frame, action: Action) -> None:
        kind = action["type"]
        if kind == ADD:
            attack["flotilla"] = True
            st.log(
                f"The monitor flotilla adds {FLOTILLA_POINTS} Attack Strength Points to the"
                f" attack on {', '.join(attack['targets'])}.",
                case=C21,
            )
        elif kind == REMOVE:
            attack.pop("flotilla", None)
            st.log("The monitor flotilla is taken back from the attack.", case=C21)
        else:
            super().apply_attack_action(st, attack, action)  # type: ignore[misc]

    def combat_action_refusal(
        self, st: State, attack: Frame, role: str, action: Action
    ) -> tuple[str, str] | None:
        kind = action.get("type")
        if kind not in (ADD, REMOVE):
            return super().combat_action_refusal(st, attack, role, action)  # type: ignore[misc, no-any-return]
        if attack.get("stage") == "defending" or role != attack["side"]:
            return "only the attacker adds the flotilla, while he puts the attack together", C21
        if kind == REMOVE:
            return "the flotilla takes no part in this attack", C21
        return flotilla_refusal(st, attack) or ("the flotilla may not join this attack", C21)

    def attack_additions(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """21.0 the flotilla's 3 Attack Strength Points."""
        out: list[dict[str, Any]] = list(super().attack_additions(st, attack))  # type: ignore[misc]
        if attack.get("flotilla"):
            why = "the monitor flotilla beside a major river (no steps, no Command Strength)"
            out.append(
                {
                    "unit": None,
                    "name": "Austro-Hungarian monitor flotilla",
                    "printed": FLOTILLA_POINTS,
                    "strength": FLOTILLA_POINTS,
                    "modifiers": [{"why": why, "case": C21}],
                }
            )
        return out

    def unit_free_targets(self, st: State, seg: Frame) -> frozenset[str]:
        """21.0 the flotilla may attack any river-bank hex alone, no unit adjacent."""
        found: frozenset[str] = super().unit_free_targets(st, seg)  # type: ignore[misc]
        if seg["side"] != flotilla_side(st) or st.data.get(FLOTILLA_TURN) == st.data["turn"]:
            return found
        return found | river_banks(st)

    def exposed_hexes(self, st: State, side: str) -> frozenset[str]:
        """21.0 the Allies' units on the river banks, which the flotilla may shell alone."""
        found: frozenset[str] = super().exposed_hexes(st, side)  # type: ignore[misc]
        owner = flotilla_side(st)
        return found if owner is None or owner == side else found | river_banks(st)

    def attack_without_units(self, st: State, attack: Frame) -> int | None:
        """21.0 the flotilla may attack alone: the Austro-Hungarians' TCR."""
        if alone(attack):
            return int(U.static(st).scenario.file.parameters.tcr.get(AUSTRIA_HUNGARY, 4))
        return super().attack_without_units(st, attack)  # type: ignore[misc, no-any-return]

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """21.0 the flotilla is spent for the Game-Turn."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        if attack.get("flotilla"):
            st.data[FLOTILLA_TURN] = st.data["turn"]

    def result_outcome(
        self, st: State, attack: Frame, report: dict[str, Any], outcome: dict[str, Any]
    ) -> None:
        """21.0 the flotilla alone: the attacker's loss is ignored; AS5 the defending
        force is affected whole (option: none of it)."""
        super().result_outcome(st, attack, report, outcome)  # type: ignore[misc]
        if not alone(attack):
            return
        if outcome["att_result"] != "-":
            st.log(
                f"The flotilla attacked alone: the attacker's result {outcome['att_result']}"
                " is ignored.",
                case=C21,
            )
            outcome["att_result"] = "-"
        if option(st, ALONE_AFFECTS_NONE):
            if outcome["def_result"] != "-":
                st.log(
                    "The flotilla alone is a force of no steps: the defender's result affects"
                    " none of his steps (reading AS5 a).",
                    case=C21,
                )
            outcome["def_result"] = "-"
            return
        outcome["att_size"] = outcome["def_size"]
        outcome["affected"] = outcome["def_size"]
