"""4.5 Reserve movement: designation in phase 4, reactions during the enemy's movement.

Phase 4 (:class:`ReservePhase`): each player covers commanded units that stand
in no enemy control zone with a RESERVE counter (4.5.1-4.5.3).  Both players
choose at once and in secret; the counters go on the map when both have
finished.  At the end of the phase isolated units roll (15.5.2).

During the enemy's movement phase (:class:`ReserveReaction`): whenever an
enemy piece with a control zone has entered a hex (it has moved at least one
hex, 4.5.5), every RESERVE piece that could move one adjacent hex into that
piece's zone — whatever the cost, but not into a hex or across a hexside no
piece may enter or cross (4.5.4), nor into enemy units — is offered to its
owner, who reacts with one of them or lets the move go on.  A reaction stops
the moving piece (4.5.6, 8.2.1); the mover's path goes on otherwise.  Only
windows where a reaction is possible are opened, so the mover learns nothing
the board does not show (RESERVE counters are on the map for all to see).

A piece designated for reserve movement does not move in its own movement
phase, whether it reacted or not (4.5.7); the counters are removed after the
clash phase (3.1).

Readings where the rules are silent:

* Only pieces with a control zone may be designated (infantry, cavalry,
  masks; not artillery, HQs, supply trains or units on rail transport): a
  reaction works by stopping the enemy in its zone (4.5.6 refers to 8.2.1).
* "Uncommanded units and units standing in an enemy control zone may not
  perform reserve movement" (4.5.2) is checked both when the counter is placed
  and when the piece would react.
* A piece reacts at most once a stage (it moves "one hex"), and one reaction
  answers one window: once the mover is stopped, its move is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import command, entering, fog, masks, movement, seats, supply, zoc
from greatwar.rules.tannenberg import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State

RESERVE = "reserve"
#: marker of a RESERVE piece that has made its reserve move this stage
USED = "reserve_used"


def _case(n: str) -> str:
    return f"tannenberg {n}"


def is_reserve(st: State, uid: str) -> bool:
    return U.has_marker(st, uid, RESERVE)


def clear_reserve(st: State) -> None:
    """3.1 unused RESERVE counters are removed after the clash phase."""
    U.clear_marker(st, RESERVE)
    U.clear_marker(st, USED)


def why_not_designate(st: State, uid: str) -> tuple[str, str] | None:
    """Why the piece may not be designated for reserve movement now, or None."""
    name = masks.public_name(st, uid)
    if U.record(st, uid)["status"] != "on_map" or masks.is_masked(st, uid):
        return f"{name} is not a piece on the map", _case("4.5.3")
    if not zoc.has_zone(st, uid):
        return (
            f"{name} has no control zone, so could not stop an enemy (4.5.6)",
            _case("4.5.1"),
        )
    if not command.commanded(st, uid):
        return f"{name} is not commanded", _case("4.5.2")
    if zoc.in_enemy_zoc(st, uid):
        return f"{name} stands in an enemy control zone", _case("4.5.2")
    return None


def _pieces(st: State, role: str) -> list[str]:
    side = seats.side_of_role(role)
    return [
        uid
        for uid in U.on_map(st, side)
        if seats.role_of_unit(st, uid) == role and not masks.is_masked(st, uid)
    ]


def candidates(st: State, role: str) -> list[str]:
    """Pieces ``role`` may designate now (4.5.1, 4.5.2); memoised on the position."""
    return st.memo(  # type: ignore[no-any-return]
        ("tb_reserve_candidates", role, U.revision(st)),
        lambda: [uid for uid in _pieces(st, role) if why_not_designate(st, uid) is None],
    )


class ReservePhase(Handler):
    """3.1 phase 4 (and 15.5.2: isolated units roll at its end).

    Locals: ``chosen`` role -> pieces picked (secret until both have ended),
    ``done`` roles that have ended."""

    kind = "reserve_phase"
    case = "tannenberg 4.5.3"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("chosen", {})
        frame.setdefault("done", [])

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [
            r
            for r in seats.roles(st.game)
            if r not in frame["done"] and (candidates(st, r) or frame["chosen"].get(r))
        ]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        chosen = frame["chosen"].get(role, [])
        actions: list[Action] = [
            {"type": "reserve", "unit": uid} for uid in candidates(st, role) if uid not in chosen
        ]
        actions.extend({"type": "unreserve", "unit": uid} for uid in chosen)
        actions.append({"type": "end_reserve"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        chosen = frame["chosen"].setdefault(role, [])
        if kind == "reserve":
            chosen.append(action["unit"])
        elif kind == "unreserve":
            chosen.remove(action["unit"])
        else:
            frame["done"].append(role)

    def run(self, st: State, frame: Frame) -> None:
        """Both have ended: the RESERVE counters go on the map; 15.5.2 isolation rolls."""
        st.pop()
        order = {uid: i for i, uid in enumerate(U.static(st).units)}
        for role in seats.roles(st.game):
            picked = sorted(frame["chosen"].get(role, []), key=order.__getitem__)
            for uid in picked:
                U.add_marker(st, uid, RESERVE)
            if picked:
                names = ", ".join(masks.public_name(st, uid) for uid in picked)
                st.log(
                    f"{seats.role_name(st.game, role)} designates for reserve movement: {names}.",
                    case=_case("4.5.3"),
                )
        supply.isolation_rolls(st)

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        chosen = frame["chosen"].get(role, [])
        names = ", ".join(masks.private_name(st, uid) for uid in chosen) or "none"
        return (
            "Reserve movement (4.5.3): designate commanded units outside enemy control zones,"
            f" or end. Chosen so far: {names}."
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Reserve movement phase"

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        kind, uid = action.get("type"), action.get("unit")
        if kind not in ("reserve", "unreserve", "end_reserve"):
            return f"{kind!r} is not an action of phase 4 (reserve, unreserve, end_reserve)", (
                self.case
            )
        if role in frame["done"]:
            return "you have ended your designations", self.case
        if kind == "end_reserve":
            return "end_reserve takes no other fields", self.case
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", self.case
        if seats.role_of_unit(st, uid) != role or U.info(st, uid).side != seats.side_of_role(role):
            return f"{masks.public_name(st, uid)} is not yours", self.case
        if kind == "unreserve":
            return f"{U.info(st, uid).name} is not designated", self.case
        if uid in frame["chosen"].get(role, []):
            return f"{U.info(st, uid).name} is already designated", self.case
        return why_not_designate(st, uid) or super().explain(st, frame, role, action)


# --- reactions during the enemy's movement ------------------------------------------------


def may_react(st: State, uid: str) -> bool:
    """A RESERVE piece that has not moved yet, still commanded and in no enemy zone
    (4.5.2, 4.5.4)."""
    return (
        is_reserve(st, uid)
        and not U.has_marker(st, uid, USED)
        and U.record(st, uid)["status"] == "on_map"
        and not masks.is_masked(st, uid)
        and not zoc.in_enemy_zoc(st, uid)
        and command.commanded(st, uid)
    )


def reaction_options(st: State, mover: str, hex_label: str) -> list[tuple[str, str]]:
    """(piece, hex) pairs: a RESERVE piece of the mover's enemy and the adjacent hex in the
    mover's control zone it may move to (4.5.4, 4.5.5)."""
    if U.record(st, mover)["hex"] != hex_label or not zoc.has_zone(st, mover):
        return []
    side = U.enemy_of(st, U.info(st, mover).side)
    board = U.static(st).scenario.board
    zone = set(zoc.zone_reach(st, hex_label))
    graph = movement.move_graph(st)
    options = []
    for uid in U.on_map(st, side):
        here = U.record(st, uid)["hex"]
        if board.distance(here, hex_label) > 2 or not may_react(st, uid):
            continue
        g = movement.ground(st, uid)
        for there in sorted(graph.enter[here]):
            if there in zone and there not in g.blocked and (here, there) not in g.cut:
                options.append((uid, there))
    return options


def open_window(st: State, mover: str, hex_label: str) -> bool:
    """Offer the mover's enemy its reactions, if there are any (push the frame)."""
    if not reaction_options(st, mover, hex_label):
        return False
    side = U.enemy_of(st, U.info(st, mover).side)
    st.push({"kind": ReserveReaction.kind, "mover": mover, "hex": hex_label, "side": side})
    return True


class ReserveReaction(Handler):
    """4.5.4-4.5.6 a window in the enemy's move: react with one RESERVE piece, or let pass.

    Locals: ``mover``, ``hex`` (where it just arrived), ``side`` (reacting),
    ``passed`` roles that let it pass."""

    kind = "reserve_reaction"
    case = "tannenberg 4.5.4"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("passed", [])

    def _options(self, st: State, frame: Frame, role: str) -> list[tuple[str, str]]:
        return [
            (uid, h)
            for uid, h in reaction_options(st, frame["mover"], frame["hex"])
            if seats.role_of_unit(st, uid) == role
        ]

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [
            r
            for r in seats.roles_of_side(st.game, frame["side"])
            if r not in frame["passed"] and self._options(st, frame, r)
        ]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = [
            {"type": "react", "unit": uid, "to": h} for uid, h in self._options(st, frame, role)
        ]
        actions.append({"type": "let_pass"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "let_pass":
            frame["passed"].append(role)
            return
        st.pop()  # first: what the reaction sets off may push frames of its own
        react(st, action["unit"], action["to"], frame["mover"])

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        name = masks.public_name(st, frame["mover"])
        return (
            f"Reserve movement (4.5.4): {name} has entered {frame['hex']}. Move a RESERVE unit"
            " one hex into its control zone to stop it, or let it pass."
        )

    def title(self, st: State, frame: Frame) -> str:
        return f"Reserve reaction ({frame['side']})"

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        uid, to = action.get("unit"), action.get("to")
        if action.get("type") != "react":
            return "react with a RESERVE unit or let_pass", self.case
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", self.case
        if seats.role_of_unit(st, uid) != role:
            return f"{masks.public_name(st, uid)} is not yours", self.case
        if not is_reserve(st, uid):
            return f"{U.info(st, uid).name} holds no RESERVE counter", _case("4.5.3")
        if U.has_marker(st, uid, USED):
            return f"{U.info(st, uid).name} has made its reserve move", _case("4.5.4")
        if zoc.in_enemy_zoc(st, uid):
            return f"{U.info(st, uid).name} stands in an enemy control zone", _case("4.5.2")
        if not command.commanded(st, uid):
            return f"{U.info(st, uid).name} is not commanded", _case("4.5.2")
        return (
            f"{to!r} is not a hex next to {U.info(st, uid).name} that it may enter, in the"
            " moving unit's control zone",
            _case("4.5.5"),
        )


def react(st: State, uid: str, to: str, mover: str) -> None:
    """The reserve move: one hex into the mover's zone; the mover stops (4.5.6)."""
    start = U.record(st, uid)["hex"]
    name, target = masks.public_name(st, uid), masks.public_name(st, mover)
    U.add_marker(st, uid, USED)
    masks.place_piece(st, uid, to)
    movement.note_moved(st, uid)
    st.log(
        f"Reserve movement: {name} moves {start}→{to}, into the control zone of {target}.",
        case=_case("4.5.5"),
    )
    movement.halt(st, _case("4.5.6"), f"{name} made a reserve move into its control zone")
    entering.entered(st, uid, to, own_phase=False)


def extra_handlers() -> list[Handler]:
    return [ReserveReaction()]


def view(st: State, role: str) -> dict[str, Any]:
    """Phase 4: the pieces ``role`` has picked so far (secret until both have ended); a
    reaction window: the enemy piece that has just entered a hex, where."""
    frame = st.top()
    if frame is None:
        return {}
    if frame["kind"] == ReservePhase.kind:
        return {
            "chosen": list(frame["chosen"].get(role, [])),
            "ended": role in frame["done"],
        }
    if frame["kind"] == ReserveReaction.kind and seats.side_of_role(role) == frame["side"]:
        return {"window": {"mover": fog.public_id(st, frame["mover"], role), "hex": frame["hex"]}}
    return {}
