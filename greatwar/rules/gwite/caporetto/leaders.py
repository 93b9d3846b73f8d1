"""Heroic leaders (caporetto 21.0, optional, option ``heroic_leaders``): Rommel with the
Bayrischer Alpenkorps (21.1), the DiGiorgio-Ferretti provision (21.2, printed as a
second 21.1: cited 21.1b).

Rommel (21.11, 21.12; caporetto 10.2: the standard heroic-leader rule 10.23 does not
apply to him):

* with the option off he is out of play: never on the map;
* he has no Stacking Points and stands always with the BA division (``[special]
  rommel``, ``rommel_division``): he never moves by himself (normally or by rail) and
  goes wherever the division is put (moves, rail, retreats, advances); he is
  eliminated when it is;
* he adds 1 to every attack the BA division takes part in, not halved (a heroic
  leader's strength is never reduced, 10.51), and to no other; the player never adds
  him as an attacker himself (10.23 does not apply);
* he gives no Command Control, no Attack Shift, and no strength to the defense.

DiGiorgio-Ferretti (21.21-21.23) is :mod:`digiorgio`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules import pieces
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.data import data, option, parse

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import Game, State

#: caporetto 21.0: the optional Heroic Leaders section (Rommel and DiGiorgio-Ferretti)
HEROIC_LEADERS = "heroic_leaders"
#: caporetto 21.12: Rommel's Heroic Leader Combat Value
ROMMEL_VALUE = 1
#: status of a counter that never enters play (the rule system's, R8)
OUT_OF_PLAY = "out_of_play"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    HEROIC_LEADERS: OptionSpec(
        False,
        "Heroic leaders: Rommel with the Alpenkorps, and the DiGiorgio-Ferretti provision"
        " (optional rule)",
        "caporetto 21.0",
    ),
}


def rommel(st: State) -> str:
    """The Rommel counter's id ("" when the scenario has none)."""
    return data(st).rommel


def rommel_in_play(st: State) -> bool:
    """Whether Rommel is on the map (caporetto 21.0: only with the optional rule)."""
    leader = rommel(st)
    return bool(leader) and U.record(st, leader)["status"] == "on_map"


def is_rommel(st: State, uid: str) -> bool:
    leader = rommel(st)
    return bool(leader) and uid == leader


def division_hex(st: State) -> str | None:
    """The hex of the BA division, or None when it is not on the map."""
    division = data(st).rommel_division
    if not division:
        return None
    record = U.record(st, division)
    return record["hex"] if record["status"] == "on_map" else None  # type: ignore[no-any-return]


def _follow(st: State, hex_label: str) -> None:
    """caporetto 21.11 Rommel is put where the BA division is (and logged when he moves)."""
    leader = rommel(st)
    if U.record(st, leader)["hex"] == hex_label:
        return
    pieces.place(st, leader, hex_label)
    st.log(
        f"{U.info(st, leader).name} goes with {U.info(st, data(st).rommel_division).name}"
        f" to {hex_label}.",
        case="caporetto 21.11",
    )


class HeroicLeaders:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    # -- in play only with the option (21.0) ----------------------------------------------

    def start_data(self, game: Game, data_: dict[str, Any]) -> None:
        """caporetto 21.0: without the optional rule Rommel is out of play; with it he
        starts where the BA division starts (21.11), and not at all without it."""
        super().start_data(game, data_)  # type: ignore[misc]
        special = parse(game.scenario)
        leader, division = special.rommel, special.rommel_division
        if not leader or leader not in data_["units"]:
            return
        record = data_["units"][leader]
        beside = data_["units"].get(division)
        if not game.options.get(HEROIC_LEADERS, OPTIONS[HEROIC_LEADERS].default):
            record.update(hex=None, status=OUT_OF_PLAY)
        elif beside is None or beside["status"] != "on_map":
            if record["status"] == "on_map":
                record.update(hex=None, status="eliminated")
        elif record["status"] == "on_map":
            record["hex"] = beside["hex"]

    # -- always with the BA division (21.11) ----------------------------------------------

    def movement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """caporetto 21.11: Rommel never moves by himself; he goes with the BA division."""
        if is_rommel(st, uid):
            name = U.info(st, data(st).rommel_division).name
            return f"{U.info(st, uid).name} moves only with {name}", "caporetto 21.11"
        return super().movement_refusal(st, uid)  # type: ignore[misc, no-any-return]

    def unit_placed(self, st: State, uid: str, hex_label: str) -> None:
        """caporetto 21.11: wherever the BA division is put, Rommel is put too; and
        Rommel put anywhere else (a rule moving him as an HQ) goes back to it."""
        super().unit_placed(st, uid, hex_label)  # type: ignore[misc]
        if not rommel_in_play(st):
            return
        if uid == data(st).rommel_division or is_rommel(st, uid):
            here = division_hex(st)
            if here is not None:
                _follow(st, here)

    def unit_eliminated(self, st: State, uid: str, case: str) -> None:
        """caporetto 21.11: when the BA division is eliminated, so is Rommel (and the game
        hears of his elimination as of any other: 24.4)."""
        super().unit_eliminated(st, uid, case)  # type: ignore[misc]
        if uid == data(st).rommel_division and rommel_in_play(st):
            U.eliminate_unit(
                st, rommel(st), "caporetto 21.11", "he is always with the Alpenkorps division"
            )

    # -- the attack, and nothing else (21.12; 10.2) ---------------------------------------

    def attacker_refusal(self, st: State, attack: Frame, uid: str) -> tuple[str, str] | None:
        """caporetto 10.2: Rommel is no heroic leader of 10.23 that joins an attack; his 1
        is added by himself to attacks by the BA division (21.12)."""
        if is_rommel(st, uid):
            return (
                f"{U.info(st, uid).name} is not added to attacks as a heroic leader (10.23"
                " does not apply): he adds 1 to every attack by the Alpenkorps division",
                "caporetto 10.2",
            )
        return super().attacker_refusal(st, attack, uid)  # type: ignore[misc, no-any-return]

    def attack_additions(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """caporetto 21.12: Rommel's 1 is added to any attack the BA division makes."""
        out: list[dict[str, Any]] = super().attack_additions(st, attack)  # type: ignore[misc]
        if rommel_in_play(st) and data(st).rommel_division in attack["attackers"]:
            leader = rommel(st)
            out.append(
                {
                    "unit": leader,
                    "name": U.info(st, leader).name,
                    "printed": ROMMEL_VALUE,
                    "strength": ROMMEL_VALUE,
                    "modifiers": [
                        {
                            "why": "Rommel's combat value, added to the Alpenkorps' attack",
                            "case": "caporetto 21.12",
                        }
                    ],
                }
            )
        return out

    def command_refusal(self, st: State, hq: str, uid: str) -> tuple[str, str] | None:
        """caporetto 21.12: Rommel gives no Command Control."""
        if is_rommel(st, hq):
            return f"{U.info(st, hq).name} gives no Command Control", "caporetto 21.12"
        return super().command_refusal(st, hq, uid)  # type: ignore[misc, no-any-return]

    def hq_defends(self, st: State, hq: str) -> bool:
        """caporetto 21.12: Rommel does not benefit the defense."""
        return not is_rommel(st, hq) and super().hq_defends(st, hq)  # type: ignore[misc, no-any-return]


def heroic_leaders_on(st: State) -> bool:
    """Whether the optional Heroic Leaders section (caporetto 21.0) is in play."""
    return bool(option(st, HEROIC_LEADERS))
