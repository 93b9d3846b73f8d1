"""Tannenberg 1914's legal actions in a player's words: one label function per action type
(:mod:`greatwar.engine.labels`).

Pieces are named as the seat's view shows them: its own masking counters by number and
what they hide ("masking counter 1 (hiding 1/1/I)"), an enemy's as "a masked stack"
(16.2.1: never its id or contents).  A new action type needs a line here:
``tests/rules/test_action_labels.py`` fails on one without a label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from greatwar.engine.labels import (
    LabelContext,
    Labeler,
    cost_text,
    fixed,
    joined,
    kept_names,
    path_text,
    with_unit,
)
from greatwar.engine.phases import Action
from greatwar.rules.tannenberg import masks

#: what an enemy masking counter is called (16.2.1)
MASKED_STACK = "a masked stack"
#: the name an enemy masking counter has in a view (no number: 16.2.1)
ENEMY_MASK = "Masking counter"


def piece_names(view: Mapping[str, Any]) -> dict[str, str]:
    """Piece id -> name in ``view``: units by name, masks as the seat may know them (shared
    while the view's entries are the same: not to be changed, :func:`kept_names`)."""
    return kept_names(view.get("units", []), _piece_names)


def _piece_names(units: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    names = {u["id"]: str(u.get("name")) for u in units if u.get("type") != masks.MASK}
    for u in units:
        if u.get("type") == masks.MASK:
            names[u["id"]] = _mask_name(u, names)
    return names


def _mask_name(entry: Mapping[str, Any], names: Mapping[str, str]) -> str:
    if str(entry.get("name")) == ENEMY_MASK:
        return MASKED_STACK
    name = str(entry.get("name") or "masking counter").replace("Masking", "masking")
    hidden = [names.get(u, "") for u in entry.get("hides") or []]
    hidden = [h for h in hidden if h]
    if entry.get("empty"):
        return f"{name} (empty)"
    return f"{name} (hiding {joined(hidden)})" if hidden else name


def _at(template: str) -> Labeler:
    """A label naming the unit and the hex (``{unit}``, ``{hex}``)."""
    return lambda ctx, a: template.format(unit=ctx.unit(a.get("unit")), hex=a.get("hex"))


def _to(template: str) -> Labeler:
    """A label naming the unit and where it goes (``{unit}``, ``{to}``)."""
    return lambda ctx, a: template.format(unit=ctx.unit(a.get("unit")), to=a.get("to"))


def _move(ctx: LabelContext, a: Action) -> str:
    cost = f" {cost_text(a['cost'], bool(a.get('provisional')))}" if "cost" in a else ""
    path = a.get("path")
    route = f" by {path_text(path)}" if isinstance(path, list) and len(path) > 1 else ""
    return f"Move {ctx.unit(a.get('unit'))} to {a.get('to')}{cost}{route}"


def _mask(ctx: LabelContext, a: Action) -> str:
    unit = ctx.unit(a.get("unit"))
    if "mask" in a:
        return f"Put {unit} under {ctx.unit(a['mask'])} too"
    return f"Put {unit} under a new masking counter"


def _triple(template: str) -> Labeler:
    """An artillery unit's fire, single or triple (11.1.3, 11.2)."""

    def label(ctx: LabelContext, a: Action) -> str:
        how = ", triple fire" if a.get("triple") else ", single fire"
        return template.format(unit=ctx.unit(a.get("unit"))) + how

    return label


def _fire(ctx: LabelContext, a: Action) -> str:
    if "unit" not in a:
        return "Open fire"
    return _triple("Support the clash with {unit}")(ctx, a)


def _bridge(ctx: LabelContext, a: Action) -> str:
    ends = str(a.get("bridge", "")).split("/")
    return f"Destroy the bridge between {' and '.join(ends)}"


def _end_step(ctx: LabelContext, a: Action) -> str:
    who = {"commanded": "the commanded units", "independent": "the independent units"}
    return f"Finish moving {who.get(str(a.get('step')), 'the HQs')}"


def _flee(ctx: LabelContext, a: Action) -> str:
    n = a.get("hexes")
    if n == 0:
        return "Do not flee: stay put"
    return f"Flee {n} hex{'es' if n != 1 else ''}"


def _stay(ctx: LabelContext, a: Action) -> str:
    return f"Stay in {a['from']}" if "from" in a else "Stay where they are"


def _facing(ctx: LabelContext, a: Action) -> str:
    edges = ", ".join(str(e) for e in a.get("edges") or [])
    return f"Face the trench of {ctx.unit(a.get('unit'))} toward {a.get('toward')} ({edges})"


LABELS: dict[str, Labeler] = {
    # orders, masks (16.0) and reserves
    "select": lambda ctx, a: (
        f"Select {ctx.units(a['pieces'])}" if "pieces" in a else f"Select {ctx.unit(a.get('unit'))}"
    ),
    "move": _move,
    "finish": with_unit("Finish moving {unit}"),
    "end_step": _end_step,
    "end_phase": fixed("End the phase"),
    "end_orders": fixed("End orders"),
    "mask": _mask,
    "empty_mask": lambda ctx, a: f"Place an empty masking counter in {a.get('hex')}",
    "lift_mask": with_unit("Lift {unit}", "mask"),
    "cancel_mask": with_unit("Take back {unit}", "mask"),
    "reserve": with_unit("Put {unit} in reserve"),
    "unreserve": with_unit("Take {unit} out of reserve"),
    "end_reserve": fixed("End reserve movement"),
    "react": _to("React: move {unit} to {to}"),
    "let_pass": fixed("Let pass"),
    # command and HQs
    "attach": lambda ctx, a: f"Attach {ctx.unit(a.get('unit'))} to {ctx.unit(a.get('hq'))}",
    "detach": with_unit("Detach {unit} from its HQ"),
    "place_hq": _at("Place {unit} in {hex}"),
    "escape": _at("{unit} escapes to {hex}"),
    # arrivals and rail
    "enter": _at("Bring {unit} on at {hex}"),
    "delay_entry": _at("Delay the entry of {unit} at {hex}"),
    "rail_enter": _at("Bring {unit} on by rail at {hex}"),
    "rail_select": with_unit("Select {unit} for rail movement"),
    "load": with_unit("Load {unit} onto a train"),
    "unload": with_unit("Unload {unit}"),
    "rail_move": lambda ctx, a: (
        f"Move {ctx.unit(a.get('unit'))} by rail to {a.get('to')} ({a.get('points')} rail points)"
    ),
    "leave_map": with_unit("Take {unit} off the map"),
    "cut_track": _at("Cut the railway in {hex} with {unit}"),
    "repair_track": with_unit("Repair the railway with {unit}"),
    "destroy_bridge": _bridge,
    # clashes, artillery and their aftermath
    "clash": lambda ctx, a: f"Start a clash in {a.get('hex')}",
    "add_hex": lambda ctx, a: f"Add {a.get('hex')} to the clash",
    "drop_hex": lambda ctx, a: f"Take {a.get('hex')} out of the clash",
    "fight": fixed("Fight the clash"),
    "cancel": fixed("Call it off"),
    "card": lambda ctx, a: f"Play the {str(a.get('card', '')).capitalize()} card",
    "count": with_unit("Count {unit} in the clash"),
    "fire": _fire,
    "hold_fire": with_unit("Hold the fire of {unit}"),
    "done": fixed("Done choosing artillery support"),
    "shell": lambda ctx, a: f"Shell {a.get('hex')}",
    "add_gun": _triple("Add {unit} to the shelling"),
    "drop_gun": with_unit("Take {unit} out of the shelling"),
    "withdraw_artillery": _at("Withdraw {unit} to {hex}"),
    "reconnoitre": _at("Reconnoitre {hex} with {unit}"),
    "eliminate": _at("Eliminate {unit} in {hex}"),
    "end_clashes": fixed("End the clashes"),
    "flee": _flee,
    "first_step": lambda ctx, a: f"Retreat from {a.get('from')} to {a.get('to')}",
    "step": lambda ctx, a: f"Go on to {a.get('to')}",
    "stay": _stay,
    "stop": fixed("Stop here"),
    "pursue": _to("Pursue with {unit} to {to}"),
    "end_pursuit": fixed("End the pursuit"),
    # trenches and fortifications
    "build_trench": _at("Dig a trench in {hex} with {unit}"),
    "cancel_trench": with_unit("Take back the trench of {unit}"),
    "destroy_trench": _at("Destroy the trench in {hex} with {unit}"),
    "trench_facing": _facing,
    "end_trenches": fixed("Finish with trenches"),
}
