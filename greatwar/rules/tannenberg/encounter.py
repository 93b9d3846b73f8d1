"""9.3.7 Encounter battles: both sides laid down ATTACK or ASSAULT.

Before the battle each side rolls a die and adds the highest effectiveness of
its units in the clash; the side holding the initiative adds 1; a tie is
rolled again; the higher total is the attacker.  The battle is then fought as
9.1.9 c-g say, with +2 for the attacker, +2 or -2 for an ASSAULT of the
attacker or the defender, losses doubled for whoever laid down ASSAULT, no
flight, no terrain, artillery firing its attack fire on both sides
(:mod:`strength`, :mod:`modifiers`).  After the losses each side rolls again
and adds its best effectiveness: the lower total loses and withdraws one hex,
and the winner's units may enter the hexes it left.

Readings where the rules are silent:

* the effectiveness added is that of the side's fighting units (9.3.6 a
  leaves artillery out and 9.3.7 adds "units taking part"; the supporting
  artillery is declared only once the attacker is known);
* after the losses, a tie is rolled again, as before the battle, and only the
  surviving units' effectiveness counts; a side with no unit left loses
  without a roll (the other may enter its hexes);
* the withdrawal is not a flight (9.3.7: "cannot be flight"): it counts for
  no initiative (10.1.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import alive, case, side_name
from greatwar.rules.tannenberg.retreat import best_effectiveness
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

#: a guard against a die that ties for ever (only a fixed die in a test could)
MAX_ROUNDS = 100


def _roll(st: State, clash: Frame, side: str, purpose: str, bonus: bool) -> int:
    """One side's roll plus its best effectiveness (and 1 for the initiative)."""
    best = best_effectiveness(st, clash["sides"][side]["units"])
    extra = int(constant("encounter_initiative_bonus")) if bonus else 0
    note = f" + effectiveness {best}" + (f" + {extra} initiative" if extra else "")
    die = st.roll(f"{purpose}, {side_name(st, side)}{note}", case("9.3.7"))
    return die + best + extra


def roll_off(st: State, clash: Frame, purpose: str, initiative_bonus: bool) -> tuple[str, str]:
    """Both sides roll, the holder of the initiative first; ties roll again.  Returns
    (higher side, lower side)."""
    holder = clash["holder"]
    other = U.enemy_of(st, holder)
    for _ in range(MAX_ROUNDS):
        a = _roll(st, clash, holder, purpose, initiative_bonus)
        b = _roll(st, clash, other, purpose, False)
        st.log(
            f"Clash {clash['n']}, {purpose}: {side_name(st, holder)} {a},"
            f" {side_name(st, other)} {b}" + (": a tie, both roll again." if a == b else "."),
            case=case("9.3.7"),
        )
        if a != b:
            return (holder, other) if a > b else (other, holder)
    raise RuntimeError("the encounter rolls tied too often")


def attacker_roll(st: State, clash: Frame) -> str:
    """9.3.7 who attacks in the encounter battle."""
    winner, loser = roll_off(st, clash, "encounter battle", initiative_bonus=True)
    clash["attacker"], clash["defender"] = winner, loser
    st.log(
        f"Clash {clash['n']}: {side_name(st, winner)} win the encounter roll and attack.",
        case=case("9.3.7"),
    )
    return winner


def victor(st: State, clash: Frame) -> tuple[str, str] | None:
    """9.3.7 after the losses: (winner, loser), or None when neither side has a unit."""
    sides = list(U.static(st).side_ids)
    standing = {s: alive(st, clash["sides"][s]["units"]) for s in sides}
    if not any(standing.values()):
        return None
    if not all(standing.values()):
        winner = next(s for s in sides if standing[s])
        return winner, U.enemy_of(st, winner)
    return roll_off(st, clash, "after the encounter battle", initiative_bonus=False)
