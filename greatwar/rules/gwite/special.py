"""A game's own data: the scenario's ``[special]`` table, checked by the game's model.

Each game with exclusive rules names a pydantic model of its ``[special]`` table
(:attr:`StandardRules.special_model`: Brusilov's ``BrusilovData``, Von Hindenburg's
``HindenburgData``).  The game's scenario check reports every error by its place
(:func:`check`); the game's sections read the table checked (:func:`parsed`, which is
None for a malformed table, already reported) or, in play, parsed once per game
(:func:`game_data`).  A game's options are read by :func:`option`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

Model = TypeVar("Model", bound=BaseModel)


def parse(scenario: Scenario, model: type[Model]) -> Model:
    """The scenario's ``[special]`` table as ``model`` (a ValidationError when malformed)."""
    return model.model_validate(scenario.file.special)


def parsed(scenario: Scenario, model: type[Model]) -> Model | None:
    """The scenario's ``[special]`` table as ``model``, or None when it is malformed (the
    game's scenario check reports it by place: :func:`check`)."""
    try:
        return parse(scenario, model)
    except ValidationError:
        return None


def check(scenario: Scenario, model: type[BaseModel], problems: Problems) -> None:
    """Every error of the ``[special]`` table, by its place."""
    try:
        parse(scenario, model)
    except ValidationError as e:
        for err in e.errors():
            problems.add(("special", *(str(p) for p in err["loc"])), err["msg"])


def game_data(st: State, key: str, model: type[Model]) -> Model:
    """The game's ``[special]`` table as ``model``, parsed once per game (under ``key``)."""
    derived = U.static(st).derived
    found = derived.get(key)
    if found is None:
        found = derived[key] = parse(U.static(st).scenario, model)
    return found  # type: ignore[no-any-return]


def option(st: State, name: str) -> Any:
    """The game's setting of one of its options (the rules' default where the game does
    not list it: a test game played under a game's rules object)."""
    value = st.game.options.get(name)
    return U.rules(st).options[name].default if value is None else value
