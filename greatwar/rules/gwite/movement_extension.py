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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

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
