"""Declarations each side makes for its own units once it is known who attacks: the
artillery that fires (11.1.3, 11.2, 11.3; normal or triple fire, 11.1.9) and, across a
strait between lakes, the units that count (9.7.7).  Then the defender's choice to flee
(9.5.1).

16.2.9: the attacker declares first (his masks are revealed before); the defender's
masks are revealed only after the attacker's whole strength is declared, and the
defender declares after that.  With three seats each Russian player declares his own
artillery (11.1.3: each player decides on his own artillery).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import artillery, masks, modifiers, seats
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import alive, case, clash_frame, clash_key, side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State


# --- artillery -----------------------------------------------------------------------------


def reveal_guns(st: State, guns: list[str]) -> None:
    """16.2.9 artillery declared to fire shows itself: a masked gun's mask is revealed."""
    for gun in guns:
        if masks.is_masked(st, gun):
            masks.reveal(st, gun, case("16.2.9"), "it fires in a clash")


def support_choices(st: State, clash: Frame, side: str, role: str) -> list[dict[str, Any]]:
    """The role's artillery that may fire for ``side`` in this clash (the artillery
    module's options: 11.1.2, 11.2.2, 11.2.3, 11.3.3, 11.3.6, 11.5 note)."""
    attacker, defender = clash["attacker"], clash["defender"]
    return artillery.support_options(
        st,
        role,
        attackers=alive(st, clash["sides"][attacker]["units"]),
        defenders=alive(st, clash["sides"][defender]["units"]),
        attacking=side == attacker,
        encounter=clash["outcome"] == "encounter",
        independent=bool(clash.get("independent")),
        defender_hexes=clash["sides"][defender]["garrisons"],
    )


def support_roles(st: State, clash: Frame, side: str) -> list[str]:
    """The roles of ``side`` with artillery that may fire in this clash."""
    return [r for r in seats.roles_of_side(st.game, side) if support_choices(st, clash, side, r)]


class ArtillerySupport(Handler):
    """11.1.3 one role declares the artillery firing for its side: each gun once, normal
    or triple fire (11.1.9); ``done`` ends the declaration.  Locals: ``side``, ``role``."""

    kind = "artillery_support"
    case = case("11.1.3")

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["role"]]

    def _declared(self, st: State, frame: Frame) -> list[dict[str, Any]]:
        return clash_frame(st)["sides"][frame["side"]]["artillery"]  # type: ignore[no-any-return]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if role != frame["role"]:
            return []
        clash = clash_frame(st)
        chosen = {e["unit"] for e in self._declared(st, frame)}
        actions: list[Action] = []
        for option in support_choices(st, clash, frame["side"], role):
            uid = option["unit"]
            if uid in chosen:
                continue
            actions.append({"type": "fire", "unit": uid, "triple": False})
            actions.append({"type": "fire", "unit": uid, "triple": True})
        mine = [e["unit"] for e in self._declared(st, frame) if e.get("role") == role]
        actions.extend({"type": "hold_fire", "unit": u} for u in mine)
        actions.append({"type": "done"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        declared = self._declared(st, frame)
        kind = action["type"]
        if kind == "fire":
            declared.append({"unit": action["unit"], "triple": action["triple"], "role": role})
        elif kind == "hold_fire":
            declared[:] = [e for e in declared if e["unit"] != action["unit"]]
        else:
            fired = [e for e in declared if e.get("role") == role]
            reveal_guns(st, [e["unit"] for e in fired])
            listed = ", ".join(
                U.info(st, e["unit"]).name + (" (triple fire)" if e["triple"] else "")
                for e in fired
            )
            st.log(
                f"{seats.role_name(st.game, role)}: artillery firing: {listed or 'none'}.",
                case=case("11.1.3"),
                alters=clash_key(st, clash_frame(st)) if fired else None,  # adds strength
            )
            st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        clash = clash_frame(st)
        what = "attack" if frame["side"] == clash["attacker"] else "defence"
        return f"Clash {clash['n']}: choose the artillery that supports your {what}, then done."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        if action.get("type") == "fire":
            return (
                "that artillery may not fire in this clash (range, corps, already fired,"
                " not commanded, or held by an enemy zone)",
                case("11.1.3"),
            )
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return f"Artillery of the {side_name(st, frame['side'])}"


# --- straits (9.7.7) ----------------------------------------------------------------------------


class StraitChoice(Handler):
    """9.7.7 where a side fights only across straits between lakes, its owner picks the
    units that count (two a strait edge); the others fight uncounted but share the
    result.  Locals: ``side``, ``role``, ``entries`` (from the modifiers module),
    ``chosen`` (per entry)."""

    kind = "strait_choice"
    case = case("9.7.7")

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("chosen", [[] for _ in frame["entries"]])

    def _current(self, frame: Frame) -> int | None:
        for i, entry in enumerate(frame["entries"]):
            if len(frame["chosen"][i]) < entry["count"]:
                return i
        return None

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["role"]] if self._current(frame) is not None else []

    def run(self, st: State, frame: Frame) -> None:
        side = clash_frame(st)["sides"][frame["side"]]
        for entry, chosen in zip(frame["entries"], frame["chosen"], strict=True):
            left_out = [u for u in entry["units"] if u not in chosen]
            side["not_counted"].extend(left_out)
            st.log(
                f"Across the strait at {entry['hex']} only"
                f" {', '.join(U.info(st, u).name for u in chosen)} count.",
                case=case("9.7.7"),
                alters=clash_key(st, clash_frame(st)) if left_out else None,
            )
        st.pop()

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        i = self._current(frame)
        if i is None or role != frame["role"]:
            return []
        chosen = frame["chosen"][i]
        return [
            {"type": "count", "unit": u} for u in frame["entries"][i]["units"] if u not in chosen
        ]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        i = self._current(frame)
        assert i is not None
        frame["chosen"][i].append(action["unit"])

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        i = self._current(frame)
        entry = frame["entries"][i or 0]
        return (
            f"Across the strait at {entry['hex']} only {entry['count']} units count: choose"
            " the next one."
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Units counted across a strait"


def strait_entries(st: State, clash: Frame, side: str) -> list[dict[str, Any]]:
    """The 9.7.7 choices ``side`` has to make in this clash."""
    attacker, defender = clash["attacker"], clash["defender"]
    role = "attacker" if side == attacker else "defender"
    entries = modifiers.strait_choices(
        st,
        alive(st, clash["sides"][attacker]["units"]),
        alive(st, clash["sides"][defender]["units"]),
    )
    return [e for e in entries if e["side"] == role]


# --- the defender's flight (9.5.1) ------------------------------------------------------------


def loss_origin(clash: Frame) -> str:
    """Where the defender's loss comes from: the combat results table's entry (9.4.2)."""
    report = clash.get("report") or {}
    if "column" not in report or "die" not in report:
        return ""
    mark = ", a provisional entry" if report.get("provisional_entry") else ""
    return (
        f" (combat results table, column {report['column']}, die {report['die']}:"
        f" {report.get('result', '')}{mark}; {case('9.4.2')})"
    )


class FlightChoice(Handler):
    """9.5.1 a defender who laid down DEFENCE may flee a hex for each endurance point
    instead of losing it, up to 4 hexes (5 if all are cavalry, 9.5.2): ``flee`` 0 stands."""

    kind = "flight_choice"
    case = case("9.5.1")

    def actors(self, st: State, frame: Frame) -> list[str]:
        clash = clash_frame(st)
        return [clash["sides"][clash["defender"]]["role"]]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if role not in self.actors(st, frame):
            return []
        return [{"type": "flee", "hexes": k} for k in range(clash_frame(st)["flee_max"] + 1)]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        clash = clash_frame(st)
        clash["flee"] = action["hexes"]
        who = side_name(st, clash["defender"])
        if action["hexes"]:
            text = f"{who} flee {action['hexes']} hex(es) instead of as many endurance points."
        else:
            text = f"{who} stand and take their losses."
        st.log(f"Clash {clash['n']}: {text}", case=case("9.5.1"))
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        clash = clash_frame(st)
        return (
            f"Clash {clash['n']}: each of your units loses {clash['defender_loss']} endurance"
            f" points{loss_origin(clash)}: flee up to {clash['flee_max']} hexes instead (one"
            " hex for each point), or flee 0 to stand."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        clash = clash_frame(st)
        return (
            f"the flight is 0 to {clash['flee_max']} hexes: no more than the points lost, 4 for"
            " infantry and artillery, 5 for cavalry, the same for every unit",
            case("9.5.2"),
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Flight or losses"
