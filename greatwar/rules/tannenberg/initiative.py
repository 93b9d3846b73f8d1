"""10.0 Initiative (3.1 phase 2).

Both sides roll a die (the Germans two, added, once Hindenburg has entered:
10.2.3); the side that held the initiative last stage adds 1, and each side
adds the clashes of the last stage in which it made the enemy flee and those
in which the enemy retreated with losses (10.1.1); a tie is rolled again from
the start.  The higher total holds the initiative this stage: it moves first
(10.2.1) and designates the clashes (10.2.2).

State: ``data["initiative"]`` the side holding it (None before the first roll);
``data["clash_outcomes"]`` the clashes the clash module records with
:func:`record_clash_outcome` (``{"stage", "side", "kind"}``, kept for the next
initiative phase); ``data["hindenburg_in"]`` set by :func:`mark_hindenburg_in`.

Readings: on the first stage nobody held the initiative before, so nobody adds
1 (the scenario's ``first_side`` only stands in until the first roll); a clash
the winner made the enemy flee counts once however far the enemy fled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Frame, Handler
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.seats import GERMAN
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

FLIGHT = "flight"
RETREAT_WITH_LOSSES = "retreat_with_losses"
#: kinds of clash outcome that count for the initiative, with the constant of each
OUTCOME_KINDS = {
    FLIGHT: "initiative_per_flight_forced",
    RETREAT_WITH_LOSSES: "initiative_per_retreat_with_losses",
}
#: a guard against a die that ties for ever (only a fixed die in a test could)
MAX_ROUNDS = 100


# --- what other modules call -----------------------------------------------------------


def holder(st: State) -> str:
    """The side holding the initiative this stage."""
    return st.data["initiative"] or st.game.scenario.info.first_side


def moving_side(st: State, frame: Frame) -> str:
    """3.1 phases 5, 6: the holder of the initiative moves first (10.2.1), then the other
    player (``frame["order"]`` 1 or 2)."""
    holder = st.data["initiative"] or st.game.scenario.info.first_side
    return holder if frame["order"] == 1 else U.enemy_of(st, holder)


def record_clash_outcome(st: State, winner_side: str, kind: str) -> None:
    """10.1.1 note: the clash module records each clash of this stage that ended with the
    loser's flight (``kind`` "flight": ``winner_side`` made the enemy flee) or with the
    loser's retreat with losses ("retreat_with_losses").  Clashes in which the defender
    lost endurance but stayed in place are not recorded."""
    if kind not in OUTCOME_KINDS:
        raise ValueError(f"clash outcome {kind!r}: one of {', '.join(OUTCOME_KINDS)}")
    if winner_side not in st.game.static.side_ids:
        raise ValueError(f"no side {winner_side!r}")
    outcomes = st.data.setdefault("clash_outcomes", [])
    outcomes.append({"stage": st.data["stage"], "side": winner_side, "kind": kind})


def clash_outcomes(st: State, stage: int, side: str) -> dict[str, int]:
    """How many clashes of each kind ``side`` won in ``stage`` (10.1.1)."""
    counts = dict.fromkeys(OUTCOME_KINDS, 0)
    for entry in st.data.get("clash_outcomes", []):
        if entry["stage"] == stage and entry["side"] == side:
            counts[entry["kind"]] += 1
    return counts


def hindenburg_in(st: State) -> bool:
    """10.2.3 Hindenburg has entered the game (17.3.1)."""
    return bool(st.data.get("hindenburg_in", False))


def mark_hindenburg_in(st: State) -> None:
    """For the reinforcement module: Hindenburg enters (17.3.1); from the next initiative
    phase on the Germans roll two dice (10.2.3)."""
    st.data["hindenburg_in"] = True


def view(st: State) -> dict[str, Any]:
    """Public: who holds the initiative, Hindenburg's dice, and the clashes each side has
    won this stage so far by flight or retreat with losses (they count next stage)."""
    stage = st.data["stage"]
    return {
        "holder": st.data["initiative"],
        "hindenburg_in": hindenburg_in(st),
        "clashes_won": {side: clash_outcomes(st, stage, side) for side in st.game.static.side_ids},
    }


# --- the roll ---------------------------------------------------------------------------


def dice_for(st: State, side: str) -> int:
    """10.2.3 two dice for the Germans after Hindenburg enters; one otherwise."""
    if side == GERMAN and hindenburg_in(st):
        return int(constant("hindenburg_initiative_dice"))
    return 1


def modifiers(st: State, side: str) -> list[tuple[int, str]]:
    """10.1.1 what ``side`` adds to its roll: (value, why), values not zero."""
    found = []
    if st.data["initiative"] == side:
        found.append((int(constant("initiative_holder_bonus")), "held the initiative"))
    counts = clash_outcomes(st, st.data["stage"] - 1, side)
    if counts[FLIGHT]:
        value = counts[FLIGHT] * int(constant(OUTCOME_KINDS[FLIGHT]))
        found.append((value, f"made the enemy flee in {counts[FLIGHT]} clash(es)"))
    if counts[RETREAT_WITH_LOSSES]:
        value = counts[RETREAT_WITH_LOSSES] * int(constant(OUTCOME_KINDS[RETREAT_WITH_LOSSES]))
        found.append(
            (value, f"the enemy retreated with losses in {counts[RETREAT_WITH_LOSSES]} clash(es)")
        )
    return found


def _side_name(st: State, side: str) -> str:
    return next((s.name for s in st.game.scenario.sides if s.id == side), side)


def roll_for(st: State, side: str) -> int:
    """One side's modified initiative roll, logged (10.1.1, 10.2.3)."""
    name = _side_name(st, side)
    count = dice_for(st, side)
    pips = [
        st.roll(
            f"{name} initiative" + (f" (die {i + 1} of {count}, Hindenburg)" if count > 1 else ""),
            "tannenberg 10.2.3" if count > 1 else "tannenberg 10.1.1",
        )
        for i in range(count)
    ]
    extra = modifiers(st, side)
    total = sum(pips) + sum(value for value, _ in extra)
    parts = " + ".join(str(p) for p in pips)
    for value, why in extra:
        parts += f" {value:+d} ({why})"
    st.log(f"{name}: initiative {parts} = {total}.", case="tannenberg 10.1.1")
    return total


class InitiativePhase(Handler):
    """3.1 phase 2: both sides roll, no choice (10.1.1)."""

    kind = "initiative_phase"
    case = "tannenberg 10.1.1"

    def run(self, st: State, frame: Frame) -> None:
        sides = list(st.game.static.side_ids)
        for _ in range(MAX_ROUNDS):
            totals = {side: roll_for(st, side) for side in sides}
            best = max(totals.values())
            winners = [side for side in sides if totals[side] == best]
            if len(winners) == 1:
                break
            st.log("The initiative rolls tie: both sides roll again.", case="tannenberg 10.1.1")
        else:
            raise RuntimeError("the initiative rolls tied too often")
        winner = winners[0]
        st.data["initiative"] = winner
        stage = st.data["stage"]
        st.data["clash_outcomes"] = [
            e for e in st.data.get("clash_outcomes", []) if e["stage"] >= stage
        ]
        st.log(
            f"{_side_name(st, winner)} hold the initiative in stage {stage}: they move first"
            " and designate the clashes.",
            case="tannenberg 10.2.1",
        )
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Initiative phase"
