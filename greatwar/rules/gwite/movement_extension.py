"""Movement extensions: what a unit may do in the Movement Segment besides moving.

The Movement Segment (:mod:`movement`) offers the selected unit its normal moves
(5.0) and, beside them, the actions of each extension the game's rules list
(``rules.movement_extensions(st)``).  Railroad Movement (5.3, :mod:`rail`) is the
standard rules' one; a game's exclusive rules add theirs (Caporetto's forced march,
Hindenburg's Gruppen and corps breakdown, Serbia/Galicia's Putnik ...).

An extension is a stateless object: what it needs to remember lives in the
segment's frame (its own locals, set up by :meth:`MovementExtension.setup`) or in
the units' records.  Each method has a default that does nothing, so an extension
overrides only what it uses.  The segment asks its extensions in the order the
rules list them.

What the segment and its extensions share lives here too, below both: the hexes a
unit may never enter (5.13) and the Movement Points it has left (5.14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from greatwar.rules.gwite import command, zoc
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

Why = tuple[str, str | None]

#: Movement Segment local: Movement Points added to units' allowances this phase
#: (written only when an extension adds some, :func:`add_movement_points`)
EXTRA_MP = "extra_mp"


def add_movement_points(frame: Frame, uid: str, mp: int) -> None:
    """Give a unit ``mp`` Movement Points more this Movement Phase (a forced march)."""
    extra = frame.setdefault(EXTRA_MP, {})
    extra[uid] = extra.get(uid, 0) + mp


class MovementExtension:
    """The protocol of a movement extension, each method a no-op by default."""

    #: the action types this extension handles (its own, never the segment's)
    action_types: ClassVar[frozenset[str]] = frozenset()
    #: whether its actions move the unit they name (a rule that keeps a unit still this
    #: phase refuses them first: :meth:`MovementRules.movement_refusal`)
    moves_units: ClassVar[bool] = True

    def setup(self, st: State, frame: Frame) -> None:
        """Put the extension's locals into a new Movement Segment's frame."""

    def extra_units(self, st: State, side: str) -> list[str]:
        """Units of ``side`` not on the map that may still be selected (5.38)."""
        return []

    def holds(self, st: State, uid: str) -> bool:
        """Whether the unit may make no normal move now (5.33 an entrained unit)."""
        return False

    def can_act(self, st: State, frame: Frame, uid: str) -> bool:
        """Whether the unit has an action of this extension now (so it may be selected)."""
        return False

    def actions(self, st: State, frame: Frame, uid: str) -> list[Action]:
        """The extension's actions open to the selected unit."""
        return []

    def segment_actions(self, st: State, frame: Frame) -> list[Action]:
        """The extension's actions open whichever unit is selected, or none, a unit that
        has finished moving too (Hindenburg 21.11: a corps breaks down "at any point" of
        the segment; 18.0: the Gruppen markers').  Their ``unit`` (if any) is the unit
        they act on; the segment does not finish the selected unit after one of them
        unless they name it."""
        return []

    def substituted(self, st: State, frame: Frame, out_ids: list[str], in_ids: list[str]) -> None:
        """Units ``in_ids`` have substituted on the map for ``out_ids`` (R12): carry what
        the extension's locals remember of the old units over to the new ones."""

    def apply(self, st: State, frame: Frame, action: Action) -> None:
        """Carry out one of the extension's actions."""

    def explain(self, st: State, frame: Frame, action: Action) -> Why:
        """Why one of the extension's actions (or any action while it closes the segment)
        is refused."""
        return f"{action.get('type')!r} is not open now", "5.0"

    def explain_select(self, st: State, frame: Frame, uid: str) -> Why | None:
        """Why the extension's own kind of unit may not be selected, or None."""
        return None

    def explain_move(self, st: State, frame: Frame, uid: str) -> Why | None:
        """Why the unit may not move normally because of this extension, or None."""
        return None

    def finished(self, st: State, frame: Frame, uid: str) -> None:
        """The unit has finished moving for the phase (forced march attrition)."""

    def closing(self, st: State, frame: Frame) -> bool:
        """Whether the extension holds the ending segment open (5.31)."""
        return False

    def closing_actions(self, st: State, frame: Frame) -> list[Action]:
        """The only actions offered while it holds the segment open."""
        return []

    def holds_open(self, st: State, frame: Frame) -> bool:
        """The player ends the segment: True keeps it open (the extension then offers its
        closing actions)."""
        return False

    def close(self, st: State, frame: Frame) -> None:
        """The segment ends (after every extension let it): last bookkeeping (5.38)."""

    def prompt_note(self, st: State, frame: Frame, uid: str | None) -> str:
        """What the player needs to know of this extension now ("" for nothing)."""
        return ""


# --- what the Movement Segment and its extensions share ------------------------------------


def _occupied_by(st: State, side: str) -> frozenset[str]:
    """Hexes holding units of ``side`` or its undestroyed fortresses."""
    stat = U.static(st)
    hexes = {U.record(st, uid)["hex"] for uid in U.on_map(st, side)}
    for hex_label, owner in stat.fortress_side.items():
        if owner == side and not zoc.fortress_destroyed(st, hex_label):
            hexes.add(hex_label)
    return frozenset(hexes)


def blocked_hexes(st: State, side: str) -> frozenset[str]:
    """Hexes a unit of ``side`` may never enter: Enemy units and fortresses (5.13)."""
    return U.cached_of(st, "occupied", _occupied_by, st.game.static.enemy[side])  # type: ignore[no-any-return]


def blocked_for(st: State, uid: str) -> frozenset[str]:
    """Hexes this unit may not enter: 5.13, except that a combat unit with an attack
    strength may enter a hex holding only Enemy HQs, which then displace (10.52), and
    that the rules may let it pass through some Enemy-occupied hexes (without stopping:
    ``rules.pass_through_hexes``, Caporetto 17.32 the monitor)."""
    stat = st.game.static
    side = stat.units[uid].side
    blocked = blocked_hexes(st, side)
    through = stat.rules.pass_through_hexes(st, uid)
    enemy = stat.enemy[side]
    hq_only = command.hq_only_hexes(st, enemy)
    if not hq_only or U.printed_attack(st, uid) <= 0:
        return blocked - through.keys() if through else blocked
    if through:
        return blocked - through.keys() - hq_only  # type: ignore[no-any-return]
    # the same for every attacker of the side: one set per change of the Enemy's units
    key = ("blocked_attacker", side, st.data["rev"][enemy])
    return st.memo(key, _without_hqs, st, side)  # type: ignore[no-any-return]


def _without_hqs(st: State, side: str) -> frozenset[str]:
    """:func:`blocked_hexes` of ``side`` less the hexes holding only Enemy HQs (10.52)."""
    return blocked_hexes(st, side) - command.hq_only_hexes(st, U.enemy_of(st, side))


def mp_left(st: State, frame: Frame, uid: str) -> int:
    """Movement Points the unit has left this phase (5.14)."""
    left: int = st.game.static.rules.allowance(st, uid) - frame["spent"].get(uid, 0)
    extra = frame.get(EXTRA_MP)
    return left + extra.get(uid, 0) if extra else left
