"""9.3.6 and 9.8: a retreat under an enemy ATTACK or ASSAULT — the retreat attempt.

a) the highest effectiveness of the retreating units and of the attacking
units, artillery excluded; b) the first less the second is the column of the
RETREAT ATTEMPT table; c) a die, modified as the list under the table and 9.8
say, is the row; the entry is the endurance points EACH retreating unit loses.
Then the retreat is carried out as in 9.3.2, and the attacker may enter the
hexes it left (9.6.3).

The die modifiers of 9.8 depend on the route (9.8.3 the first hex of the
route is swamp, 9.8.4 a river crossed), so before the roll the retreating
player declares, for each hex his retreating units stand in, the first hex
of its route, or that the units there stay (``retreat_route`` frame); the
retreat then begins with that hex.  The modifiers themselves are the
:mod:`modifiers` module's (:func:`modifiers.retreat_die_modifiers`).

Readings where the rules are silent:

* a difference of effectiveness beyond -3 or +3 is read in that column, a
  modified roll beyond the table's rows in its first or last row (the data);
* the declared first hex is entered even if the losses leave the units too
  few movement points for it (it was chosen before the roll); units that
  declared they stay lose what the table says all the same (they played
  RETREAT) and keep their hex;
* 10.1.1: a retreat "with losses" is one in which the table took at least one
  endurance point of each retreating unit (its zone crossings aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import initiative, masks, modifiers
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import alive, case, clash_frame, clash_key, side_name
from greatwar.rules.tannenberg.routes import retreat_allowance, retreat_steps
from greatwar.rules.tannenberg.strength import condition, parse_loss
from greatwar.rules.tannenberg.tables import lookup, table

if TYPE_CHECKING:
    from greatwar.engine.state import State

TABLE = "retreat_attempt"


def best_effectiveness(st: State, units: list[str]) -> int:
    """9.3.6 a: the highest effectiveness among the units (not artillery)."""
    rated = [U.effectiveness(st, u) for u in alive(st, units) if U.info(st, u).type != "artillery"]
    return max(rated, default=0)


def column_of(difference: int) -> str:
    """9.3.6 b: the table's column for a difference of effectiveness."""
    cols = table(TABLE).columns
    values = [int(c) for c in cols]
    clamped = max(min(values), min(max(values), difference))
    return next(c for c in cols if int(c) == clamped)


def retreating_pieces(st: State, clash: Frame, side: str) -> list[str]:
    """The pieces that retreat: the side's pieces of the clash and the units that fought
    earlier standing with them (9.5.5, shared fate)."""
    own = clash["sides"][side]
    pieces = [p for p in own["pieces"] if U.record(st, p)["status"] == "on_map"]
    # units revealed from their masks are pieces now; those still masked move with the mask
    units = [u for u in own["units"] if u not in pieces and not masks.is_masked(st, u)]
    return alive(st, [*pieces, *units, *own["passengers"]])


def _first_steps(st: State, side: str, hex_label: str, pieces: list[str]) -> list[str]:
    here = [p for p in pieces if U.record(st, p)["hex"] == hex_label]
    mp = min((retreat_allowance(st, p) for p in here), default=0)
    return retreat_steps(st, side, hex_label, mp, [hex_label], here)


class RetreatRoute(Handler):
    """9.8 before the retreat attempt the retreating player names, hex by hex, the first
    hex of each stack's route (or that it stays).  Locals: ``side``, ``role``."""

    kind = "retreat_route"
    case = case("9.8.1")

    def _pending(self, st: State, frame: Frame) -> str | None:
        clash = clash_frame(st)
        pieces = retreating_pieces(st, clash, frame["side"])
        hexes = sorted({U.record(st, p)["hex"] for p in pieces})
        return next((h for h in hexes if h not in clash["routes"]), None)

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["role"]] if len(self.legal(st, frame, frame["role"])) > 1 else []

    def run(self, st: State, frame: Frame) -> None:
        options = self.legal(st, frame, frame["role"])
        if options:
            self.apply(st, frame, frame["role"], options[0])
        else:
            st.pop()

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        h = self._pending(st, frame)
        if h is None or role != frame["role"]:
            return []
        pieces = retreating_pieces(st, clash_frame(st), frame["side"])
        steps = _first_steps(st, frame["side"], h, pieces)
        return [
            *({"type": "first_step", "from": h, "to": to} for to in steps),
            {"type": "stay", "from": h},
        ]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        clash = clash_frame(st)
        h = action["from"]
        to = action.get("to") if action["type"] == "first_step" else None
        clash["routes"][h] = to
        what = f"will retreat toward {to}" if to else "stay where they are"
        st.log(
            f"Clash {clash['n']}: {side_name(st, frame['side'])}: the units in {h} {what}.",
            case=case("9.8.1"),
            alters=clash_key(st, clash) if to else None,  # 9.8.3-9.8.4 the route's modifiers
        )
        if self._pending(st, frame) is None:
            st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        h = self._pending(st, frame)
        return (
            f"Retreat attempt: name the first hex of the retreat from {h} (its terrain changes"
            " the die), or stay."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        return (
            "the first hex is an open neighbour the units can pay for, outside enemy control"
            " zones while there is another way (9.3.2), named for each hex in turn",
            case("9.8.1"),
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Retreat route"


def attempt_units(st: State, clash: Frame, side: str) -> list[str]:
    """9.3.6 a the retreating units whose effectiveness counts: the side's units of the
    clash (masks hide some until they are revealed).  Units that fled onto their hexes
    earlier retreat and lose with them but take no part in combat (9.5.5)."""
    return alive(st, clash["sides"][side]["units"])


def attempt_losers(st: State, clash: Frame, side: str) -> list[str]:
    """9.3.6 c, 9.5.5 the units that lose what the table says: the retreating units and
    those that fled onto their hexes earlier."""
    own = clash["sides"][side]
    return alive(st, [*own["units"], *own["passengers"]])


def attempt_numbers(
    st: State,
    clash: Frame,
    attacker: str,
    played: dict[str, str],
    routes: dict[str, str | None],
) -> dict[str, Any]:
    """9.3.6 a-c, 9.8 the column and die modifiers of a retreat attempt under ``attacker``'s
    card in ``played``, with the first hexes named so far (``routes``): the one
    computation behind the card matrix, the preview while the routes are named, and the
    roll."""
    retreating = U.enemy_of(st, attacker)
    units = attempt_units(st, clash, retreating)
    hunters = alive(st, clash["sides"][attacker]["units"])
    own, theirs = best_effectiveness(st, units), best_effectiveness(st, hunters)
    mods = modifiers.retreat_die_modifiers(
        st,
        units,
        hunters,
        routes={h: [to] if to else [] for h, to in routes.items()},
        assault=played[attacker] == "assault",
    )
    return {
        "kind": "retreat_attempt",
        "attacker": attacker,
        "column": column_of(own - theirs),
        "effectiveness": {"retreating": own, "attacking": theirs},
        "die_modifiers": mods,
    }


def ruling_numbers(report: dict[str, Any]) -> dict[str, Any]:
    """The numbers of a retreat attempt a preview promises and the roll applies."""
    return {
        "column": report["column"],
        "effectiveness": dict(report["effectiveness"]),
        "die_modifiers": [[m["case"], int(m["value"])] for m in report["die_modifiers"]],
    }


def attempt(st: State, clash: Frame, retreating: str) -> None:
    """9.3.6 a-c: the roll and the losses of each retreating unit."""
    attacker = clash["attacker"]
    units = attempt_losers(st, clash, retreating)
    key = clash_key(st, clash)
    st.taking_numbers(key)
    report = attempt_numbers(st, clash, attacker, clash["cards"], clash["routes"])
    column, mods = report["column"], report["die_modifiers"]
    own, theirs = report["effectiveness"]["retreating"], report["effectiveness"]["attacking"]
    shift = sum(int(m["value"]) for m in mods)
    die = st.roll(
        f"retreat attempt of clash {clash['n']}: column {column} ({own} - {theirs})",
        case("9.3.6"),
    )
    value, provisional = lookup(TABLE, die + shift, column)
    loss = parse_loss(value)
    named = "; ".join(f"{m['why']} {int(m['value']):+d}" for m in mods)
    note = " (provisional table entry)" if provisional else ""
    st.log(
        f"Clash {clash['n']}: retreat attempt, column {column}, die {die}"
        f"{f' {shift:+d} ({named})' if mods else ''} = {die + shift}: each retreating unit"
        f" loses {loss or 'nothing'}{note}.",
        case=case("9.3.6"),
        provisional=True if provisional else None,
        ruling={
            "key": key,
            "condition": condition(attacker, clash["cards"]),
            "numbers": ruling_numbers(report),
        },
    )
    clash["report"] = {
        **report,
        "die": die,
        "modified": die + shift,
        "loss": loss,
        "provisional": provisional,
    }
    if not loss or not units:
        return
    for u in units:
        if U.record(st, u)["status"] == "on_map":
            U.lose_endurance(st, u, loss, case("9.3.6"), "retreat under attack")
    initiative.record_clash_outcome(st, attacker, initiative.RETREAT_WITH_LOSSES)
