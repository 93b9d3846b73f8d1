"""The views the server sends: a seat's (``state.view(role)``) and a spectator's.

A seat's view is exactly the engine's ``state.view(role)``, with one addition:
when the seat may take back its last action (``can_undo``), ``legal_actions``
also holds :data:`UNDO`, the action that does so (and ``labels``, the actions in a
player's words in the same order, :data:`UNDO_LABEL`).

A spectator plays no role, so it sees only what every role may see: the
engine part of a view without legal actions, with the log entries every role
may read (numbered in their own sequence), and the rule system's
:meth:`~greatwar.engine.system.RuleSystem.public_view`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.state import VIEW_FORMAT

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the action that takes back the seat's last action (``state.undo``)
UNDO: dict[str, Any] = {"type": "undo"}
#: its label
UNDO_LABEL = "Undo your last action"


def seat_view(state: State, role: str) -> dict[str, Any]:
    """What ``role`` may know, with its legal actions (and :data:`UNDO` when allowed)."""
    view = state.view(role)
    if view.get("can_undo"):
        view["legal_actions"] = [*view["legal_actions"], dict(UNDO)]
        view["labels"] = [*view.get("labels", []), UNDO_LABEL]
    return view


def public_log(state: State) -> list[dict[str, Any]]:
    """The log entries every role may read, numbered 1, 2, ... in that order."""
    system = state.game.system
    roles = state.game.roles()
    out: list[dict[str, Any]] = []
    for entry in state.data["log"]:
        if not all(system.log_visible(entry, role) for role in roles):
            continue
        shown = {k: v for k, v in entry.items() if k != "to"}
        shown["n"] = len(out) + 1
        case = entry.get("case")
        summary = system.case_summary(case) if case else None
        if summary is not None:
            shown["rule"] = summary
            shown["rule_title"] = system.case_title(case)
        out.append(shown)
    return out


def public_view(state: State) -> dict[str, Any]:
    """What someone who plays no role may see of ``state`` (a spectator)."""
    system = state.game.system
    view: dict[str, Any] = dict(system.public_view(state))
    view.update(
        {
            "format": VIEW_FORMAT,
            "scenario": state.game.ref,
            "name": state.game.scenario.info.name,
            "fictional": state.game.scenario.fictional,
            "role": None,
            "version": state.version,
            "active_roles": state.active_roles(),
            "prompt": state.prompt(),
            "legal_actions": [],
            "labels": [],
            "can_undo": False,
            "over": state.is_over(),
            "result": state.result(),
            "log": public_log(state),
        }
    )
    return view
