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

DiGiorgio-Ferretti (21.21-21.23, with the same option):

* there is no counter (21.21): the provision is a choice of the Allied Player in the
  Game-Turn Record Interphase (a step of its own, :class:`DiGiorgioFerretti`) for the
  following Game-Turn: up to two Italian units in supply, chosen one at a time, each
  shown and logged, or none (he may stop at any time); none after the last Game-Turn;
* each chosen unit wears a marker and adds 1 to its Defense Strength throughout the
  following Game-Turn (its own strength, before halvings and terrain, as Appendix C's
  1; provisional); the next Interphase's choice takes the markers off;
* no Command Control, never in the attack (21.23): only a unit's defense reads it;
* AC14 (a unit chosen in supply and out of supply when attacked): by default (a) it
  keeps its 1 (supply is the condition of the choice); option ``digiorgio_needs_supply``
  reads (b): it adds 1 only while it can trace a line of supply at the instant of
  combat (9.11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules import pieces
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.data import data, option, parse, parsed

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: caporetto 21.0: the optional Heroic Leaders section (Rommel and DiGiorgio-Ferretti)
HEROIC_LEADERS = "heroic_leaders"
#: caporetto 21.12: Rommel's Heroic Leader Combat Value
ROMMEL_VALUE = 1
#: AC14 (b): a DiGiorgio-Ferretti unit out of supply when attacked loses its 1
NEEDS_SUPPLY = "digiorgio_needs_supply"
#: caporetto 21.22: how many Italian units, and what each adds to its Defense Strength
DIGIORGIO_UNITS = 2
DIGIORGIO_BONUS = 1
#: the Interphase step of the choice, its actions, and the marker the chosen units wear
#: through the following Game-Turn (shown on their counters)
DIGIORGIO_FRAME = "caporetto_digiorgio"
CHOOSE = "digiorgio"
END_CHOICE = "end_digiorgio"
DIGIORGIO = "digiorgio_ferretti"
ITALY = "italy"
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
    NEEDS_SUPPLY: OptionSpec(
        False,
        "DiGiorgio-Ferretti: a chosen unit adds 1 only while in supply when attacked"
        " (AC14 b; off: it keeps the 1 for the Game-Turn)",
        "caporetto 21.22",
    ),
}


def rommel(st: State) -> str:
    """The Rommel counter's id ("" when the scenario has none)."""
    return data(st).rommel


def rommel_in_play(st: State) -> bool:
    """Whether Rommel is on the map (caporetto 21.0: only with the optional rule)."""
    leader = rommel(st)
    return bool(leader) and U.record(st, leader)["status"] == "on_map"


def rommel_attached(st: State) -> bool:
    """Whether Rommel is with the BA division, on the map or arriving with it (21.11)."""
    leader = rommel(st)
    return bool(leader) and U.record(st, leader)["status"] in ("on_map", "pending")


def is_rommel(st: State, uid: str) -> bool:
    leader = rommel(st)
    return bool(leader) and uid == leader


def division_hex(st: State) -> str | None:
    """The hex of the BA division, or None when it is not on the map."""
    division = data(st).rommel_division
    if not division:
        return None
    record = U.record(st, division)
    return record["hex"] if record["status"] == "on_map" else None


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


# --- DiGiorgio-Ferretti (21.21-21.23) ------------------------------------------------------


def digiorgio_side(st: State) -> str | None:
    """The side of the Italian units (the Allied Player)."""
    return next((ui.side for ui in U.static(st).units.values() if ui.nationality == ITALY), None)


def digiorgio_candidates(st: State, chosen: list[str]) -> list[str]:
    """caporetto 21.22: the Italian units in supply now (HQs left out: their Combat
    Strength is no unit's Defense Strength, 10.53) not chosen yet."""
    side = digiorgio_side(st)
    if side is None:
        return []
    return [
        uid
        for uid in U.on_map(st, side)
        if U.info(st, uid).nationality == ITALY
        and not U.info(st, uid).hq
        and uid not in chosen
        and supply.in_supply(st, uid)
    ]


def digiorgio_applies(st: State, uid: str) -> bool:
    """caporetto 21.22 (AC14): the unit adds 1 to its Defense Strength now (it wears the
    marker of the provision chosen in the last Interphase)."""
    if not U.has_marker(st, uid, DIGIORGIO):
        return False
    return not option(st, NEEDS_SUPPLY) or supply.in_supply(st, uid)


class DiGiorgioFerretti(Handler):
    """caporetto 21.22: in the Game-Turn Record Interphase the Allied Player chooses up to
    two Italian units in supply that add 1 to their Defense Strength next Game-Turn."""

    kind = DIGIORGIO_FRAME
    case = "caporetto 21.22"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("chosen", [])

    def _open(self, st: State, frame: Frame) -> bool:
        return (
            st.data["turn"] < st.game.scenario.info.turns
            and len(frame["chosen"]) < DIGIORGIO_UNITS
            and bool(digiorgio_candidates(st, frame["chosen"]))
        )

    def actors(self, st: State, frame: Frame) -> list[str]:
        side = digiorgio_side(st)
        return [side] if side is not None and self._open(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if role not in self.actors(st, frame):
            return []
        units = digiorgio_candidates(st, frame["chosen"])
        return [*({"type": CHOOSE, "unit": u} for u in units), {"type": END_CHOICE}]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == CHOOSE:
            uid = action["unit"]
            frame["chosen"].append(uid)
            st.log(
                f"DiGiorgio-Ferretti: {U.info(st, uid).name} ({U.record(st, uid)['hex']}) will"
                f" add {DIGIORGIO_BONUS} to its Defense Strength in Game-Turn"
                f" {st.data['turn'] + 1}.",
                case="caporetto 21.22",
            )
            if self._open(st, frame):
                return
        self._record(st, frame)

    def run(self, st: State, frame: Frame) -> None:
        self._record(st, frame)

    def _record(self, st: State, frame: Frame) -> None:
        """The last Game-Turn's choice ends; this one's units wear the marker next."""
        U.clear_marker(st, DIGIORGIO)
        for uid in frame["chosen"]:
            U.add_marker(st, uid, DIGIORGIO)
        st.pop()

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        uid = action.get("unit")
        if action.get("type") != CHOOSE or not isinstance(uid, str) or uid not in st.data["units"]:
            return "choose an Italian unit in supply, or end the choice", "caporetto 21.22"
        ui = U.info(st, uid)
        if uid in frame["chosen"]:
            return f"{ui.name} is chosen already", "caporetto 21.22"
        if ui.nationality != ITALY or ui.hq or U.record(st, uid)["status"] != "on_map":
            return f"{ui.name} is not an Italian unit on the map", "caporetto 21.22"
        if not supply.in_supply(st, uid):
            return f"{ui.name} is out of supply", "caporetto 21.22"
        return "the provision benefits two units a Game-Turn", "caporetto 21.22"

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        left = DIGIORGIO_UNITS - len(frame["chosen"])
        return (
            f"DiGiorgio-Ferretti: choose up to {left} more Italian unit(s) in supply to add 1"
            f" to their Defense Strength in Game-Turn {st.data['turn'] + 1}, or end."
        )

    def title(self, st: State, frame: Frame) -> str:
        return "DiGiorgio-Ferretti provision"


class HeroicLeaders:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), DiGiorgioFerretti()]  # type: ignore[misc]

    def interphase_steps(self, st: State) -> list[str | Frame]:
        """caporetto 21.22: the DiGiorgio-Ferretti choice, with the optional rule."""
        steps: list[str | Frame] = super().interphase_steps(st)  # type: ignore[misc]
        if option(st, HEROIC_LEADERS):
            steps.append(DIGIORGIO_FRAME)
        return steps

    def position_markers(self) -> dict[str, str]:
        """caporetto 21.22: a position may show the units the provision benefits."""
        return {**super().position_markers(), DIGIORGIO: "caporetto 21.22"}  # type: ignore[misc]

    def defense_base(self, st: State, uid: str, hex_label: str) -> tuple[int, list[dict[str, Any]]]:
        """caporetto 21.22: a unit chosen for this Game-Turn adds 1 to its Defense
        Strength (AC14: while in supply, with option ``digiorgio_needs_supply``)."""
        value, mods = super().defense_base(st, uid, hex_label)  # type: ignore[misc]
        if not digiorgio_applies(st, uid):
            return value, mods
        modifier = {"why": "DiGiorgio-Ferretti: +1", "case": "caporetto 21.22"}
        return value + DIGIORGIO_BONUS, [*mods, modifier]

    # -- in play only with the option (21.0) ----------------------------------------------

    def start_data(self, game: Game, data_: dict[str, Any]) -> None:
        """caporetto 21.0: without the optional rule Rommel is out of play; with it he
        starts where the BA division starts, or arrives with it (21.11), and is out of the
        game if it is."""
        super().start_data(game, data_)  # type: ignore[misc]
        special = parse(game.scenario)
        leader, division = special.rommel, special.rommel_division
        if not leader or leader not in data_["units"]:
            return
        record = data_["units"][leader]
        beside = data_["units"].get(division)
        if not game.options.get(HEROIC_LEADERS, OPTIONS[HEROIC_LEADERS].default):
            record.update(hex=None, status=OUT_OF_PLAY)
        elif record["status"] not in ("on_map", "pending"):
            return  # eliminated (a position) or otherwise out of play
        elif beside is None or beside["status"] not in ("on_map", "pending"):
            record.update(hex=None, status="eliminated")  # the division is gone: so is he
        else:  # where the division is, or arriving with it
            record.update(hex=beside["hex"], status=beside["status"])

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """caporetto 21.11: Rommel is a heroic-leader HQ counter without stacking points,
        and the BA division a counter of his side."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = parsed(scenario)
        if found is None or not (found.rommel or found.rommel_division):
            return
        leader = scenario.counters.get(found.rommel)
        division = scenario.counters.get(found.rommel_division)
        if leader is None or leader.hq is None or not leader.hq.heroic:
            problems.add(
                ("special", "rommel"),
                f"{found.rommel!r} is not a heroic-leader HQ counter (caporetto 21.1)",
            )
        elif leader.stacking not in (None, 0):
            problems.add(
                ("special", "rommel"),
                f"{found.rommel!r} has {leader.stacking} stacking points: Rommel has none"
                " (caporetto 21.11)",
            )
        if division is None or division.hq is not None:
            problems.add(
                ("special", "rommel_division"),
                f"{found.rommel_division!r} is not a combat unit counter: Rommel is always"
                " stacked with the Alpenkorps division (caporetto 21.11)",
            )
        elif leader is not None and division.side != leader.side:
            problems.add(
                ("special", "rommel_division"),
                f"{found.rommel_division!r} is not of Rommel's side (caporetto 21.11)",
            )

    def invariants(self, st: State, moment: str) -> list[str]:
        """caporetto 21.11: Rommel on the map stands with the BA division."""
        out: list[str] = super().invariants(st, moment)  # type: ignore[misc]
        if rommel_in_play(st) and U.record(st, rommel(st))["hex"] != division_hex(st):
            out.append(
                f"caporetto 21.11: Rommel is in {U.record(st, rommel(st))['hex']}, the"
                f" Alpenkorps in {division_hex(st)}"
            )
        return out

    # -- always with the BA division (21.11) ----------------------------------------------

    def arrives_by_schedule(self, st: State, uid: str) -> bool:
        """caporetto 21.11: Rommel never arrives by himself; he comes with the division."""
        if is_rommel(st, uid):
            return False
        return super().arrives_by_schedule(st, uid)  # type: ignore[misc, no-any-return]

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
        if not rommel_attached(st):
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
        return not is_rommel(st, hq) and super().hq_defends(st, hq)  # type: ignore[misc]
