"""HQ defensive shifts: the defender's HQs shift a committed attack to the left before
the die (Brusilov 21.1, Serbia/Galicia 18.2).  No such shift in the standard rules: a
game that has one mixes :class:`DefensiveShifts` into its rules and says which HQs may
shift (:meth:`DefensiveShifts.defensive_shift_candidates`), by how much
(:meth:`DefensiveShifts.defensive_shift_size`) and with which cases.

The shifts are the defender's step of the Attack (attack.py ``defender_actions``): he
adds them (and may take them back) once the attacker has committed, so they come after
every shift of the attacker; they are kept on the attack frame (``defense.shifts``) and
spent when the die is rolled (one combat per HQ, ``defensive_shifts_used`` of the Combat
Segment).  :func:`column_on_table` reads them on the table after the attacker's odds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.rules.gwite import command, crt
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import defenders_in, segment
from greatwar.rules.gwite.names import unit_name

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

#: the defender's actions
DEFENSIVE_SHIFT = "defensive_shift"
REMOVE_DEFENSIVE_SHIFT = "remove_defensive_shift"
USED = "defensive_shifts_used"  # the Combat Segment's HQs whose defensive shift is spent


def defense_choices(attack: Frame) -> dict[str, Any]:
    """The defender's choices of this attack (shifts, Brusilov 19.23 support), read only."""
    return attack.get("defense") or {}


def defense_record(attack: Frame) -> dict[str, Any]:
    """The defender's choices of this attack, to be changed."""
    return attack.setdefault("defense", {})  # type: ignore[no-any-return]


def defending_units(st: State, attack: Frame) -> list[str]:
    """The units defending the attack's hexes (8.21)."""
    defender = U.enemy_of(st, attack["side"])
    return [u for t in attack["targets"] for u in defenders_in(st, t, defender)]


def chosen_shifts(attack: Frame) -> list[str]:
    """The HQs the defender has added to this attack so far."""
    return list(defense_choices(attack).get("shifts", []))


def column_on_table(tcr: int, raw: int, shifts: list[dict[str, Any]]) -> tuple[int, str | None]:
    """The attacker's odds and shifts give a column on the table (8.8 note: above it, its
    highest); the defensive shifts (``defensive`` entries) then move that column left,
    never below the table's lowest (Brusilov AB11, Serbia/Galicia 18.2)."""
    table = crt.table()
    defensive = sum(int(s["shift"]) for s in shifts if s.get("defensive"))
    attacking = raw + sum(int(s["shift"]) for s in shifts if not s.get("defensive"))
    if attacking < table.lowest(tcr):
        return attacking, None
    final = max(table.lowest(tcr), min(attacking, table.highest(tcr)) + defensive)
    return final, crt.odds_label(final)


class DefensiveShifts:
    """The defender's HQ shifts (a part of a game's rules; every method calls ``super()``
    for the actions that are not its own)."""

    #: the cases: the defender may add them before the die; the shift applied; why an
    #: HQ may not (Brusilov 21.11, 21.12, 21.13)
    defensive_shift_cases: ClassVar[tuple[str, str, str]] = ("", "", "")

    def defensive_shift_candidates(
        self, st: State, seg: Frame, attack: Frame
    ) -> list[dict[str, Any]]:
        """HQs that may shift this attack left now (``hq``, ``level``, ``shift``): none
        unless the game says which."""
        return []

    def defensive_shift_size(self, st: State, hq: str) -> int:
        """How many columns the HQ shifts an attack left: its Attack Shift."""
        return command.attack_shift(st, hq)

    def defensive_shift_refusal(self, st: State, attack: Frame, hq: str) -> str:
        """Why this HQ may not shift this attack (under the third case)."""
        return f"{U.info(st, hq).name} may not shift this attack"

    def defensive_shift_entries(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """The defender's shifts as odds shifts (negative, ``defensive``), for the game's
        ``odds_shifts``."""
        case = self.defensive_shift_cases[1]
        return [
            {
                "hq": hq,
                "level": U.info(st, hq).hq_level,
                "shift": -self.defensive_shift_size(st, hq),
                "case": case,
                "defensive": True,
                "why": f"{U.info(st, hq).name}'s defensive shift",
            }
            for hq in chosen_shifts(attack)
        ]

    def defender_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """The defender may add his HQs' defensive shifts (and take them back)."""
        actions: list[Action] = list(super().defender_actions(st, seg, attack))  # type: ignore[misc]
        for c in self.defensive_shift_candidates(st, seg, attack):
            actions.append({"type": DEFENSIVE_SHIFT, "hq": c["hq"], "shift": -c["shift"]})
        for hq in chosen_shifts(attack):
            actions.append({"type": REMOVE_DEFENSIVE_SHIFT, "hq": hq})
        return actions

    def apply_defender_action(self, st: State, attack: Frame, action: Action) -> None:
        kind = action["type"]
        if kind not in (DEFENSIVE_SHIFT, REMOVE_DEFENSIVE_SHIFT):
            super().apply_defender_action(st, attack, action)  # type: ignore[misc]
            return
        shifts = defense_record(attack).setdefault("shifts", [])
        hq = action["hq"]
        name = U.info(st, hq).name
        case = self.defensive_shift_cases[1]
        if kind == DEFENSIVE_SHIFT:
            shifts.append(hq)
            shift = self.defensive_shift_size(st, hq)
            st.log(f"{name} shifts the attack {shift} column(s) to the left.", case=case)
        else:
            shifts.remove(hq)
            st.log(f"{name}'s defensive shift is taken back.", case=case)

    def combat_action_refusal(
        self, st: State, attack: Frame, role: str, action: Action
    ) -> tuple[str, str] | None:
        """Why a defensive shift is refused."""
        kind = action.get("type")
        if kind not in (DEFENSIVE_SHIFT, REMOVE_DEFENSIVE_SHIFT):
            return super().combat_action_refusal(st, attack, role, action)  # type: ignore[misc, no-any-return]
        offered, applied, restricted = self.defensive_shift_cases
        if attack.get("stage") != "defending" or role == attack["side"]:
            return "only the defender shifts an attack left, once it is committed", offered
        hq = action.get("hq")
        if kind == REMOVE_DEFENSIVE_SHIFT:
            return f"{unit_name(st, hq)} has not shifted this attack", applied
        if not isinstance(hq, str) or hq not in st.data["units"] or not U.info(st, hq).hq:
            return f"{hq!r} is not an HQ", offered
        return self.defensive_shift_refusal(st, attack, hq), restricted

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """The defensive shifts are spent: one combat per HQ."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        segment(st).setdefault(USED, []).extend(chosen_shifts(attack))
