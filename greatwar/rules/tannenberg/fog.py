"""The fog of war: log entries and names about pieces the enemy may not see (16.2.1;
ARCHITECTURE.md principle 4), the helpers every rules module uses so that hidden
information never reaches the enemy by the log.

Log entries name the roles that may read them (``to``); an entry addressed
to a side's name reaches every role of that side.  Modules log about
masked units with :func:`log_hidden`, :func:`log_unit` or :func:`log_piece`,
roll dice about them with :func:`roll_hidden`, and name pieces to a role with
:func:`public_id`.  The views (:mod:`views`) number each role's log in its own
sequence, so that gaps never betray entries it may not read.

Like :mod:`masks`, this module works on the shared pieces machinery
(:mod:`greatwar.rules.pieces`) directly: :mod:`units` logs its losses here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine import dice
from greatwar.rules import pieces as P
from greatwar.rules.tannenberg import masks, seats

if TYPE_CHECKING:
    from greatwar.engine.state import State


def friendly(role: str, side: str) -> bool:
    """Whether ``role`` plays ``side`` (partners included)."""
    return seats.side_of_role(role) == side


def readers(st: State, side: str) -> list[str]:
    """Every role of ``side``."""
    return seats.roles_of_side(st.game, side)


def log_visible(entry: dict[str, Any], role: str) -> bool:
    """An entry without ``to`` is public; else ``role`` reads it if named, or its side is."""
    to = entry.get("to")
    return to is None or role in to or seats.side_of_role(role) in to


def log_hidden(
    st: State,
    side: str,
    public_text: str | None,
    private_text: str | None,
    case: str | None = None,
    **extra: Any,
) -> None:
    """Log one event two ways: ``private_text`` for ``side``'s roles, ``public_text`` for
    the enemy's (either may be None: nothing logged for them)."""
    if private_text:
        st.log(private_text, case=case, to=readers(st, side), **extra)
    if public_text:
        st.log(public_text, case=case, to=readers(st, P.enemy_of(st, side)), **extra)


def readers_of(st: State, uid: str) -> list[str] | None:
    """Who may read a log entry naming the unit: everyone (None), or only its side while
    it is masked (16.1)."""
    if not masks.is_masked(st, uid):
        return None
    return seats.roles_of_side(st.game, P.info(st, uid).side)


def hidden_from_enemy(st: State, uid: str) -> bool:
    """The enemy may not know which unit ``uid`` is (it is masked, or a mask)."""
    return masks.is_masked(st, uid) or masks.is_mask(st, uid)


def log_unit(st: State, uid: str, text: str, case: str | None = None, **extra: Any) -> None:
    """Log ``text`` about one unit: public, or only to its side while it is masked."""
    if masks.is_masked(st, uid):
        st.log(text, case=case, to=readers(st, P.info(st, uid).side), **extra)
    else:
        st.log(text, case=case, **extra)


def log_piece(st: State, uid: str, template: str, case: str | None = None, **extra: Any) -> None:
    """Log ``template`` with ``{piece}`` standing for the piece: its owner reads the
    private name (a mask's number and contents), the enemy the public one (a mask's
    anonymous id); about a masked unit, the enemy reads nothing."""
    side = P.info(st, uid).side
    if masks.is_masked(st, uid):
        log_hidden(st, side, None, template.format(piece=P.info(st, uid).name), case, **extra)
    elif masks.is_mask(st, uid):
        log_hidden(
            st,
            side,
            template.format(piece=masks.public_name(st, uid)),
            template.format(piece=masks.private_name(st, uid)),
            case,
            **extra,
        )
    else:
        st.log(template.format(piece=P.info(st, uid).name), case=case, **extra)


def roll_hidden(st: State, side: str, purpose: str, case: str | None = None, sides: int = 6) -> int:
    """A die roll only ``side`` may see (about a masked unit): like ``State.roll`` — it is
    logged and makes everything before it final — but the entry goes to ``side``."""
    value = dice.roll(st.data["dice"], sides)
    st.mark_irreversible()
    st.log(f"Die roll {value}: {purpose}", case=case, roll=value, to=readers(st, side))
    return value


def roll_about(st: State, uid: str, purpose: str, case: str | None = None) -> int:
    """A die roll about one unit: public, or hidden while the unit is masked."""
    if masks.is_masked(st, uid):
        return roll_hidden(st, P.info(st, uid).side, purpose, case)
    return st.roll(purpose, case)


def unit_name(st: State, uid: str) -> str:
    """A unit's name for a log entry every player reads: "a masked <side> unit" while it
    is masked, or while it is being eliminated from under a mask (``units.eliminate_unit``
    keeps its mask note until the end), else its name."""
    ui = P.info(st, uid)
    if masks.is_mask(st, uid):
        return masks.public_name(st, uid)
    record = st.data["units"][uid]
    hidden = masks.is_masked(st, uid) or (
        record["status"] == "eliminated" and record.get(masks.NOTE) is not None
    )
    return f"a masked {ui.side} unit" if hidden else str(ui.name)


def public_id(st: State, uid: str, role: str) -> str | None:
    """How ``role`` names a piece: its id if friendly or visible, an enemy mask's
    anonymous id, None for an enemy unit hidden under a mask."""
    if friendly(role, P.info(st, uid).side):
        return uid
    if masks.is_mask(st, uid):
        return masks.handle(st, uid)
    return None if masks.is_masked(st, uid) else uid


def from_public_id(st: State, public: str) -> str | None:
    """The piece a public id names (a unit id, or a placed mask's anonymous id)."""
    if public in st.data["units"]:
        return public if not masks.is_mask(st, public) else None
    return masks.by_handle(st, public)
