"""The optional rules of Serbia/Galicia: the wrong envelope (22.0), the Austrian attack
imperative (23.0).

* 22.0 (option ``wrong_envelope``) a pre-game die roll: on 1-3 the Austro-Hungarians
  deploy as in 26.1; on 4-6 the 2nd Army (the units of Superior Unit Designation
  ``[special] late_army``, its HQ and depots, set up on the map) is taken off the map and
  arrives as a reinforcement on the Galician front, due on Game-Turn 1, at an entry in
  Austria-Hungary on the Galician map (``[special] wrong_envelope_entries``; the book
  names none: provisional).
* 23.0 (option ``attack_imperative``) the Austro-Hungarian Player must make at least
  four attacks per Game-Turn on Game-Turns 2, 3 and 4.  Reading AS9 (a): binding; his
  Combat Resolution Segment may not end with fewer than four attacks made this
  Game-Turn (on both maps together) while another attack may still be made (a hex he
  may attack with an attack that could be resolved); when none can, the segment ends
  and the log says how many were made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Frame, Handler
from greatwar.engine.state import content_key
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import (
    adjacent_for_combat,
    assess,
    attack_refusal,
    targetable,
)
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.serbia_galicia import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

WRONG_ENVELOPE = "wrong_envelope"
ATTACK_IMPERATIVE = "attack_imperative"
CASE_ENVELOPE = "serbia-galicia 22.0"
CASE_IMPERATIVE = "serbia-galicia 23.0"

#: the pre-game step of the wrong envelope's roll
ENVELOPE_FRAME = "serbia_galicia_wrong_envelope"
#: state record: the units the wrong envelope made reinforcements for the Galician front
ENVELOPED = "serbia_galicia_enveloped"
#: 22.0 rolls that keep the deployment of 26.1
KEEP_ROLLS = (1, 2, 3)
#: 22.0 the Game-Turn the 2nd Army is available on the Galician front
ENVELOPE_TURN = 1
#: state record: attacks the Austro-Hungarian Player made, by Game-Turn (23.0)
ATTACKS_MADE = "serbia_galicia_attacks_made"
#: 23.0 attacks required per Game-Turn, and on which Game-Turns
REQUIRED_ATTACKS = 4
IMPERATIVE_TURNS = (2, 3, 4)
#: the nationality the attack imperative binds (23.0 "the Austrian Player")
AUSTRIAN = "austria-hungary"

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    WRONG_ENVELOPE: OptionSpec(
        False,
        "The wrong envelope: before the game a die roll of 4-6 sends the Austro-Hungarian"
        " 2nd Army to the Galician front as a reinforcement on Game-Turn 1 (optional rule)",
        CASE_ENVELOPE,
    ),
    ATTACK_IMPERATIVE: OptionSpec(
        False,
        "Austrian attack imperative: at least four Austro-Hungarian attacks per Game-Turn"
        " on Game-Turns 2-4, while more can be made (optional rule; AS9 a)",
        CASE_IMPERATIVE,
    ),
}


# --- 22.0 the wrong envelope -------------------------------------------------------------


def enveloped(st: State) -> list[str]:
    """22.0 the units the roll made reinforcements for the Galician front."""
    return list(st.data.get(ENVELOPED, []))


def second_army(st: State) -> list[str]:
    """22.0 the Austro-Hungarian 2nd Army set up on the map: its units, HQ and depots
    (Superior Unit Designation ``late_army``, 2.3)."""
    army = D.data(st).late_army
    counters = U.static(st).scenario.counters
    return [
        uid
        for uid in sorted(st.data["units"])
        if army
        and U.info(st, uid).nationality == AUSTRIAN
        and counters[uid].superior == army
        and U.record(st, uid)["status"] == "on_map"
    ]


def galician_entries(st: State, uid: str) -> list[str]:
    """22.0 where an enveloped unit may arrive (provisional): the scenario's entries, or
    every entry on the Galician map in the unit's own country."""
    board = U.static(st).scenario.board
    special = D.data(st)
    letters = special.wrong_envelope_entries or sorted(board.entries)
    out = []
    for letter in letters:
        for h in board.entries[letter].hexes:
            if board.map_of(h) != special.galicia_map:
                continue
            if (
                special.wrong_envelope_entries
                or board.country.get(h) == U.info(st, uid).nationality
            ):
                out.append(h)
    return out


class WrongEnvelope(Handler):
    """22.0 the pre-game roll of the wrong envelope (automatic)."""

    kind = ENVELOPE_FRAME
    case = CASE_ENVELOPE

    def run(self, st: State, frame: Frame) -> None:
        die = st.roll("the wrong envelope", case=CASE_ENVELOPE)
        if die in KEEP_ROLLS:
            st.log(
                f"The wrong envelope: die {die}; the Austro-Hungarians deploy as in 26.1.",
                case=CASE_ENVELOPE,
            )
        else:
            units = second_army(st)
            for uid in units:
                U.record(st, uid).update(hex=None, status="pending")
            st.data[ENVELOPED] = units
            st.log(
                f"The wrong envelope: die {die}; the 2nd Army ({len(units)} units) leaves the"
                f" Serbian front and arrives on the Galician front as a reinforcement on"
                f" Game-Turn {ENVELOPE_TURN}.",
                case=CASE_ENVELOPE,
            )
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "The wrong envelope (optional rule 22.0)"


# --- 23.0 the attack imperative ----------------------------------------------------------


def attacks_made(st: State) -> int:
    """23.0 the Austro-Hungarian attacks made this Game-Turn."""
    return int(st.data.get(ATTACKS_MADE, {}).get(str(st.data["turn"]), 0))


def imperative_applies(st: State, side: str) -> bool:
    """23.0 the option is on, this is Game-Turn 2, 3 or 4, and ``side`` is the Austrian."""
    if not D.option(st, ATTACK_IMPERATIVE) or st.data["turn"] not in IMPERATIVE_TURNS:
        return False
    return _side_of(st, AUSTRIAN) == side


def attack_possible(st: State, seg: Frame) -> bool:
    """23.0 (AS9) whether the phasing player may still make an attack: a hex he may
    attack, with every unit that may attack it, at odds the table resolves."""
    key = ("serbia_galicia attack possible", U.revision(st), content_key(seg))
    return st.memo(key, lambda: _attack_possible(st, seg))  # type: ignore[no-any-return]


def _attack_possible(st: State, seg: Frame) -> bool:
    board = U.static(st).scenario.board
    rules = U.rules(st)
    able = [
        u
        for u in U.on_map(st, seg["side"])
        if attack_refusal(st, seg, u) is None and not U.info(st, u).hq
    ]
    targets: set[str] = set()
    for uid in able:
        here = U.record(st, uid)["hex"]
        targets |= {
            h
            for h in board.neighbours[here]
            if adjacent_for_combat(st, here, h) and targetable(st, seg, h)
        }
    for t in sorted(targets):
        attack: dict[str, Any] = {"kind": "attack", "side": seg["side"], "targets": [t]}
        attack.update(attackers=[], shifts=[])
        for uid in able:
            here = U.record(st, uid)["hex"]
            if adjacent_for_combat(st, here, t) and rules.attacker_refusal(st, attack, uid) is None:
                attack["attackers"].append(uid)
        if attack["attackers"] and assess(st, seg, attack).get("legal"):
            return True
    return False


class SerbiaGaliciaOptions:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """22.0 the wrong envelope's entries are lettered entries of the Galician map."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return
        board = scenario.board
        for i, letter in enumerate(special.wrong_envelope_entries):
            entry = board.entries.get(letter)
            if entry is None or board.map_of(entry.hex) != special.galicia_map:
                problems.add(
                    ("special", "wrong_envelope_entries", i),
                    f"{letter!r} is no entry letter of the Galician map"
                    f" ({special.galicia_map!r}) where the 2nd Army could arrive"
                    " (serbia-galicia 22.0)",
                )

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), WrongEnvelope()]  # type: ignore[misc]

    def pregame_steps(self, st: State) -> list[str | Frame]:
        """22.0 the wrong envelope's roll comes before any deployment."""
        steps: list[str | Frame] = list(super().pregame_steps(st))  # type: ignore[misc]
        if D.option(st, WRONG_ENVELOPE):
            steps.insert(0, ENVELOPE_FRAME)
        return steps

    def arrival_turn(self, st: State, uid: str) -> int | None:
        """22.0 the enveloped 2nd Army is due on Game-Turn 1."""
        turn = super().arrival_turn(st, uid)  # type: ignore[misc]
        return ENVELOPE_TURN if uid in enveloped(st) else turn

    def reinforcement_entry_hexes(self, st: State, uid: str) -> list[str]:
        """22.0 the enveloped 2nd Army arrives on the Galician front (its counters print
        no arrival: the parts after this one are asked only for the other units)."""
        if uid in enveloped(st):
            return galician_entries(st, uid)
        return super().reinforcement_entry_hexes(st, uid)  # type: ignore[misc,no-any-return]

    def reinforcement_entry_case(self, st: State, uid: str) -> str:
        case = super().reinforcement_entry_case(st, uid)  # type: ignore[misc]
        return CASE_ENVELOPE if uid in enveloped(st) else case

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """23.0 count the Austro-Hungarian Player's attacks of the Game-Turn."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        if _side_of(st, AUSTRIAN) == attack["side"]:
            made = st.data.setdefault(ATTACKS_MADE, {})
            turn = str(st.data["turn"])
            made[turn] = made.get(turn, 0) + 1

    def combat_end_refusal(self, st: State, seg: Frame) -> tuple[str, str] | None:
        """23.0 (AS9 a) the Austro-Hungarian Combat Resolution Segment may not end with
        fewer than four attacks this Game-Turn while another can be made."""
        why = super().combat_end_refusal(st, seg)  # type: ignore[misc]
        if why is not None or not imperative_applies(st, seg["side"]):
            return why  # type: ignore[no-any-return]
        made = attacks_made(st)
        if made >= REQUIRED_ATTACKS or not attack_possible(st, seg):
            return None
        return (
            f"the Austrian attack imperative: {made} of {REQUIRED_ATTACKS} attacks made on"
            f" Game-Turn {st.data['turn']}, and another can be made",
            CASE_IMPERATIVE,
        )

    def combat_ended(self, st: State, seg: Frame) -> None:
        """23.0 the log says when fewer than four attacks could be made."""
        super().combat_ended(st, seg)  # type: ignore[misc]
        if imperative_applies(st, seg["side"]) and attacks_made(st) < REQUIRED_ATTACKS:
            st.log(
                f"{side_name(st, seg['side'])} made {attacks_made(st)} of the"
                f" {REQUIRED_ATTACKS} attacks the attack imperative requires on Game-Turn"
                f" {st.data['turn']}: no other attack could be made.",
                case=CASE_IMPERATIVE,
            )


def _side_of(st: State, nationality: str) -> str | None:
    for uid in st.data["units"]:
        if U.info(st, uid).nationality == nationality:
            return U.info(st, uid).side  # type: ignore[no-any-return]
    return None
