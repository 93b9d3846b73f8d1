"""What a game's options change when they are on (``[option_effects.<name>]``, R8).

An exclusive-rules game may offer variations that change numbers rather than
behaviour (Brusilov 26.3: the Special Guards Army early, the West Front
offensive delaying every Central Powers arrival, more Russian Rail Capacity;
each lowering the initial victory points).  A scenario writes what each of its
game's on/off options changes::

    [options]
    west_front = false                     # the scenario's default

    [option_effects.west_front]
    delay = { central = 1 }                # every Central Powers arrival one Game-Turn later
    vp = -6                                # added to the initial victory points
    excludes = ["more_capacity"]           # may not be on with this one
    source = "brusilov 26.32"

    [option_effects.more_capacity]
    parameters = { rail_capacity = { allied = 8 } }   # merged into [parameters]
    arrivals = { "R-SGA-1" = { turn = 6 } }           # a counter's arrival changed

    [option_effects.better_commanders]
    substitute = { "R-HQ-KA" = "R-HQ-KL" }            # KL in KA's place, KA out of play
    vp = -1

    [option_effects.better_commanders.with_option.guards]   # only with option guards on
    substitute = { "R-HQ-GBZ" = "R-HQ-GGU" }
    vp = -1

A game is played with its scenario made *effective* for the options that are on
(:func:`effective`): the parameters merged, the counters' arrivals changed.  The
rule system builds the game's static tables from it, so every rule that reads
the parameters (:func:`greatwar.rules.gwite.parameters.parameters`) or an
arrival sees the changes; the initial victory points get :func:`initial_vp`.
With no effect on, the scenario is the game's own, unchanged.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from greatwar.engine.errors import OptionError
from greatwar.model.board import check_hex
from greatwar.model.schema import Arrival, ArrivalChange, Counter, OptionEffects, Parameters
from greatwar.rules.gwite import parameters as P

if TYPE_CHECKING:
    from greatwar.engine.system import OptionSpec
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems


def active(scenario: Scenario, options: dict[str, Any]) -> list[tuple[str, OptionEffects]]:
    """The effects of the options that are on, in the order of their names; an effect's
    ``with_option`` part follows it when that other option is on too (named
    ``"<option>+<other>"``)."""
    effects = scenario.file.option_effects
    out: list[tuple[str, OptionEffects]] = []
    for name in sorted(effects):
        if options.get(name) is not True:
            continue
        out.append((name, effects[name]))
        for other in sorted(effects[name].with_option):
            if options.get(other) is True:
                out.append((f"{name}+{other}", effects[name].with_option[other]))
    return out


def substitutions(scenario: Scenario, options: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The counters swapped at the start (replaced, replacement, the effect's source), in
    the order the options apply (Brusilov 26.34)."""
    return [
        (old, new, eff.source)
        for _, eff in active(scenario, options)
        for old, new in eff.substitute.items()
    ]


def check_combination(scenario: Scenario, options: dict[str, Any]) -> None:
    """Raise OptionError when two options that exclude each other are both on."""
    on = {name for name, _ in active(scenario, options)}
    for name, eff in active(scenario, options):
        clash = sorted(on & set(eff.excludes))
        if clash:
            raise OptionError(
                f"option {name} may not be on with {', '.join(clash)}"
                + (f" ({eff.source})" if eff.source else "")
            )


def effective(scenario: Scenario, options: dict[str, Any]) -> Scenario:
    """The scenario as played with ``options``: parameters and arrivals changed by the
    options that are on (the scenario itself when none changes anything)."""
    effects = active(scenario, options)
    if not effects:
        return scenario
    params = scenario.file.parameters
    counters = dict(scenario.counters)
    for _, eff in effects:
        params = merged(params, eff.parameters)
        for uid, change in eff.arrivals.items():
            counters[uid] = _changed(counters[uid], change)
        for uid, counter in counters.items():
            turns = eff.delay.get(counter.nationality, eff.delay.get(counter.side, 0))
            if turns and counter.arrive is not None:
                later = counter.arrive.model_copy(update={"turn": counter.arrive.turn + turns})
                counters[uid] = counter.model_copy(update={"arrive": later})
    for old, new, _ in substitutions(scenario, options):  # last: the replacement takes the
        was = counters[old]  # replaced counter's place as the other options left it
        counters[new] = counters[new].model_copy(update={"setup": was.setup, "arrive": was.arrive})
        counters[old] = was.model_copy(update={"setup": None, "arrive": None})
    file = scenario.file.model_copy(update={"parameters": params})
    return dataclasses.replace(scenario, file=file, counters=counters)


def initial_vp(scenario: Scenario, options: dict[str, Any]) -> int:
    """Victory points the options that are on add to the initial total."""
    return sum(eff.vp for _, eff in active(scenario, options))


def merged(base: Parameters, changes: Parameters) -> Parameters:
    """``base`` with the fields ``changes`` gives: tables merged key by key, the rest
    replaced."""
    data = _merge(base.model_dump(), changes.model_dump(include=changes.model_fields_set))
    return Parameters.model_validate(data)


def _merge(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _changed(counter: Counter, change: ArrivalChange) -> Counter:
    given = change.model_dump(exclude_none=True)
    if counter.arrive is not None:
        arrive = counter.arrive.model_copy(update=given)
    else:
        arrive = Arrival.model_validate(given)
    return counter.model_copy(update={"arrive": arrive})


# --- checks ----------------------------------------------------------------------------------


def validate(scenario: Scenario, specs: dict[str, OptionSpec], problems: Problems) -> None:
    """Each effect names an on/off option of the game, counters and keys of the scenario."""
    known = ", ".join(sorted(specs)) or "none"
    for name, eff in scenario.file.option_effects.items():
        loc: tuple[str | int, ...] = ("option_effects", name)
        spec = specs.get(name)
        if spec is None:
            problems.add(loc, f"{name!r} is not an option of this game (options: {known})")
        elif not isinstance(spec.default, bool):
            problems.add(loc, f"option {name} is not an on/off option: it can have no effects")
        for other in eff.excludes:
            if other not in specs:
                problems.add((*loc, "excludes"), f"{other!r} is not an option (options: {known})")
        _check_effect(scenario, eff, loc, problems)
        for other, part in eff.with_option.items():
            where = (*loc, "with_option", other)
            if other not in specs:
                problems.add(where, f"{other!r} is not an option (options: {known})")
            _check_effect(scenario, part, where, problems)
    try:
        check_combination(scenario, {**scenario.file.options})
    except ValueError as exc:
        problems.add(("options",), str(exc))


def _check_effect(
    scenario: Scenario, eff: OptionEffects, loc: tuple[str | int, ...], problems: Problems
) -> None:
    P.validate(scenario, eff.parameters, problems, (*loc, "parameters"))
    _check_arrivals(scenario, eff, loc, problems)
    _check_substitutes(scenario, eff, loc, problems)
    keys = {s.id for s in scenario.sides} | {n for s in scenario.sides for n in s.nationalities}
    for key in sorted(set(eff.delay) - keys):
        problems.add(
            (*loc, "delay", key), f"{key!r} is neither a side nor a nationality of the scenario"
        )


def _check_substitutes(
    scenario: Scenario, eff: OptionEffects, loc: tuple[str | int, ...], problems: Problems
) -> None:
    """Both counters exist, on the same side; the replacement is printed without set-up or
    arrival (out of play unless the option swaps it in)."""
    for old, new in eff.substitute.items():
        where = (*loc, "substitute", old)
        replaced, replacement = scenario.counters.get(old), scenario.counters.get(new)
        for uid, counter in ((old, replaced), (new, replacement)):
            if counter is None:
                problems.add(where, f"no counter with id {uid!r} in the scenario's counter files")
        if replaced is None or replacement is None:
            continue
        if replaced.side != replacement.side:
            problems.add(where, f"{new} is not on the side of {old}, which it replaces")
        if replacement.setup is not None or replacement.arrive is not None:
            problems.add(
                where,
                f"{new} replaces {old}: it takes {old}'s place, so it has no set-up or arrival",
            )


def _check_arrivals(
    scenario: Scenario, eff: OptionEffects, loc: tuple[str | int, ...], problems: Problems
) -> None:
    board = scenario.board
    for uid, change in eff.arrivals.items():
        where = (*loc, "arrivals", uid)
        counter = scenario.counters.get(uid)
        if counter is None:
            problems.add(where, f"no counter with id {uid!r} in the scenario's counter files")
            continue
        if counter.setup is not None:
            problems.add(where, f"counter {uid} sets up on the map: it has no arrival to change")
            continue
        if counter.arrive is None and (change.turn is None or change.entry is None):
            problems.add(where, f"counter {uid} has no printed arrival: give its turn and entry")
        entry = change.entry
        if entry is not None and entry not in board.entries:
            check_hex(board, entry, (*where, "entry"), problems, f"counter {uid}")
