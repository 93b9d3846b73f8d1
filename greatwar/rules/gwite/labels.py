"""The Great War in the East's legal actions in a player's words: one label function per
action type, for the standard rules and the four games (:mod:`greatwar.engine.labels`).

A new action type needs a line here: ``tests/rules/test_action_labels.py`` finds every
type the rules can produce and fails on one without a label.
"""

from __future__ import annotations

from typing import Any

from greatwar.engine.labels import (
    LabelContext,
    Labeler,
    cost_text,
    fixed,
    path_text,
    with_unit,
)
from greatwar.engine.phases import Action


def _route(action: Action) -> str:
    """ " by 0602→0502" when the route has more than its last hex, else nothing."""
    path = action.get("path")
    return f" by {path_text(path)}" if isinstance(path, list) and len(path) > 1 else ""


def _cost(action: Action) -> str:
    return (
        f" {cost_text(action['cost'], bool(action.get('provisional')))}" if "cost" in action else ""
    )


def _move(ctx: LabelContext, a: Action) -> str:
    return f"Move {ctx.unit(a.get('unit'))} to {a.get('to')}{_cost(a)}{_route(a)}"


def _to(verb: str) -> Labeler:
    """ "<verb> <unit> to <hex>" (and its route when it passes other hexes)."""
    return lambda ctx, a: f"{verb} {ctx.unit(a.get('unit'))} to {a.get('to')}{_route(a)}"


def _at(template: str) -> Labeler:
    """A label naming the unit and the hex (``{unit}``, ``{hex}``)."""
    return lambda ctx, a: template.format(unit=ctx.unit(a.get("unit")), hex=a.get("hex"))


def _enter(ctx: LabelContext, a: Action) -> str:
    how = {True: " by rail", False: " on foot"}.get(a["entrained"], "") if "entrained" in a else ""
    return f"Bring {ctx.unit(a.get('unit'))} on at {a.get('hex')}{how}"


def _retreat(ctx: LabelContext, a: Action) -> str:
    path = a.get("path") or []
    return f"Retreat the stack in {a.get('from')} to {path[-1] if path else '?'}{_route(a)}"


def _command(ctx: LabelContext, a: Action) -> str:
    return f"Command {ctx.unit(a.get('unit'))} by {ctx.unit(a.get('hq'))}"


def _shift(ctx: LabelContext, a: Action) -> str:
    return f"Add the shift of {ctx.unit(a.get('hq'))}: {_columns(a.get('shift'))}"


def _defensive_shift(ctx: LabelContext, a: Action) -> str:
    return f"Add the defensive shift of {ctx.unit(a.get('hq'))}: {_columns(a.get('shift'))}"


def _columns(shift: Any) -> str:
    if not isinstance(shift, int):
        return str(shift)
    n = abs(shift)
    return f"{n} column{'s' if n != 1 else ''} {'left' if shift < 0 else 'right'}"


def _corps(ctx: LabelContext, a: Action) -> str:
    """Hindenburg 21.11, 21.12: a corps and its two division counters."""
    divisions = ctx.units(a.get("divisions") or [])
    corps = ctx.unit(a.get("unit"))
    if a["type"] == "break_down":
        return f"Break down {corps} into {divisions}"
    where = f" in {a['hex']}" if a.get("hex") else ""
    return f"Reconstitute {corps} from {divisions}{where}"


def _gruppe(box: Any) -> str:
    return f"Gruppe {box}"


LABELS: dict[str, Labeler] = {
    # movement (6.0, 7.0), rail (5.3) and reinforcements (14.0)
    "select": with_unit("Select {unit}"),
    "move": _move,
    "finish": with_unit("Finish moving {unit}"),
    "end_segment": fixed("End the segment"),
    "end_phase": fixed("End the phase"),
    "entrain": lambda ctx, a: f"Entrain {ctx.unit(a.get('unit'))}{_cost(a)}",
    "detrain": with_unit("Detrain {unit}"),
    "rail_move": lambda ctx, a: (
        f"Move {ctx.unit(a.get('unit'))} by rail to {a.get('to')} ({a.get('hexes')} rail hexes)"
    ),
    "off_map": lambda ctx, a: (
        f"Send {ctx.unit(a.get('unit'))} off the map by rail to {a.get('to')}"
    ),
    "reenter": _at("Bring {unit} back onto the map at {hex}"),
    "enter": _enter,
    "withhold": with_unit("Withhold {unit}"),
    "delay": _at("Delay {unit} to enter at {hex}"),
    "force_march": lambda ctx, a: f"Force march {ctx.unit(a.get('unit'))} (+{a.get('mp')} MP)",
    # command (9.0, 10.0)
    "command": _command,
    "release": with_unit("Release {unit} from command"),
    "end_allocation": fixed("End command allocation"),
    # attacks (11.0-13.0)
    "declare": lambda ctx, a: f"Attack hex {a.get('target')}",
    "add_target": lambda ctx, a: f"Add hex {a.get('hex')} to the attack's targets",
    "remove_target": lambda ctx, a: f"Take hex {a.get('hex')} out of the attack's targets",
    "add_attacker": with_unit("Add {unit} to the attack"),
    "remove_attacker": with_unit("Take {unit} out of the attack"),
    "add_shift": _shift,
    "remove_shift": with_unit("Take back the shift of {unit}", "hq"),
    "resolve": fixed("Resolve the attack"),
    "cancel": fixed("Cancel the attack"),
    "end_defense": fixed("Let the die be rolled"),
    "option": lambda ctx, a: f"Choose: {a.get('text')}",
    "lose": with_unit("Lose a step of {unit}"),
    "eliminate": _at("Eliminate {unit} in {hex}"),
    "affect": with_unit("Count {unit} among the affected units"),
    "retreat": _retreat,
    "displace": _to("Displace"),
    "advance": _to("Advance"),
    "end_advance": fixed("Advance no further"),
    "occupy": lambda ctx, a: f"Occupy {a.get('hex')} with {ctx.unit(a.get('unit'))}",
    "end_occupy": fixed("Occupy no more hexes"),
    "attempt": with_unit("Attempt to withdraw {unit}"),
    "withdraw": _to("Withdraw"),
    "pursue": _to("Pursue with"),
    # supply (8.0) and replacements (15.0)
    "replace": with_unit("Replace a step of {unit}"),
    "feed": lambda ctx, a: (
        f"Supply {ctx.unit(a.get('unit'))} from the fortress in {a.get('fortress')}"
    ),
    # ending the game early by agreement (caporetto 4.1)
    "propose_end": fixed("Propose to end the game now"),
    "play_on": fixed("Play on"),
    "accept_end": fixed("Accept: end the game now"),
    "decline_end": fixed("Decline: play on"),
    # the Brusilov Offensive
    "defensive_shift": _defensive_shift,
    "remove_defensive_shift": with_unit("Take back the defensive shift of {unit}", "hq"),
    "massed_artillery": with_unit("Massed Artillery Fire from {unit}", "depot"),
    "remove_massed_artillery": with_unit("Take back the Massed Artillery Fire of {unit}", "depot"),
    "depot": _at("Receive {unit} at {hex}"),
    "refuse_depot": fixed("Decline the supply depot"),
    "withhold_permanently": with_unit("Withhold {unit} for good"),
    # Caporetto 1917
    "barrage": lambda ctx, a: (
        f"Barrage support from {ctx.unit(a.get('unit'))} ({a.get('points')} points)"
    ),
    "reduce_barrage": lambda ctx, a: (
        f"Reduce the barrage of {ctx.unit(a.get('unit'))} to {a.get('points')} points"
    ),
    "remove_barrage": with_unit("Take back the barrage of {unit}"),
    "defensive_barrage": _at("Defensive barrage from {unit} on {hex}"),
    "remove_defensive_barrage": with_unit("Take back the defensive barrage of {unit}"),
    "deploy": _at("Set up {unit} in {hex}"),
    "end_deployment": fixed("Finish the set-up"),
    "digiorgio": with_unit("DiGiorgio-Ferretti: strengthen {unit}"),
    "end_digiorgio": fixed("DiGiorgio-Ferretti: choose no more units"),
    # Serbia/Galicia
    "putnik_shift": lambda ctx, a: (
        f"Give Putnik's shift of {_columns(a.get('shift'))} through {ctx.unit(a.get('through'))}"
    ),
    "remove_putnik_shift": fixed("Take back Putnik's shift"),
    "add_flotilla": lambda ctx, a: f"Add the monitor flotilla ({a.get('strength')} points)",
    "remove_flotilla": fixed("Take back the monitor flotilla"),
    "forage": with_unit("Forage with {unit}"),
    # Von Hindenburg in Poland
    "break_down": _corps,
    "reconstitute": _corps,
    "undisrupt": with_unit("Remove the disruption of {unit}"),
    "offmap_exit": with_unit("Take {unit} off the map"),
    "offmap_return": _at("Return {unit} to the map at {hex}"),
    "gruppe_form": with_unit("Hide {unit} under a new Gruppe marker"),
    "gruppe_join": lambda ctx, a: f"Put {ctx.unit(a.get('unit'))} under {_gruppe(a.get('gruppe'))}",
    "gruppe_leave": with_unit("Take {unit} out from under its Gruppe marker"),
    "gruppe_split": with_unit("Split {unit} off under a new Gruppe marker"),
    "gruppe_merge": lambda ctx, a: (
        f"Merge {_gruppe(a.get('gruppe'))} into {_gruppe(a.get('into'))}"
    ),
    "gruppe_dummy": lambda ctx, a: f"Place a dummy Gruppe marker in {a.get('hex')}",
    "gruppe_select": lambda ctx, a: f"Select {_gruppe(a.get('gruppe'))}",
    "gruppe_move": lambda ctx, a: (
        f"Move {_gruppe(a.get('gruppe'))} to {a.get('to')}{_cost(a)}{_route(a)}"
    ),
}
