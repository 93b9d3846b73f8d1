"""The Great War in the East standard rules as a rule system for the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.labels import LabelContext, labels_with, names_of
from greatwar.engine.system import OptionSpec, RuleSystem
from greatwar.model.board import canonical
from greatwar.rules.gwite import (
    agreement,
    combat,
    option_effects,
    position,
    sequence,
    stacking,
    visibility,
)
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.cases import index as case_index
from greatwar.rules.gwite.games import GAMES, PLANNED, rules_class
from greatwar.rules.gwite.labels import LABELS
from greatwar.rules.gwite.rules import StandardRules
from greatwar.rules.gwite.static import build_static

if TYPE_CHECKING:
    import random

    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems


def new_unit_record(hex_label: str | None, status: str) -> dict[str, Any]:
    """A unit's record in the state (see :mod:`greatwar.rules.gwite.units`)."""
    return {
        "hex": hex_label,
        "status": status,
        "lost": 0,
        "markers": [],
        "moved_turn": 0,
        "combat_turn": 0,
    }


#: the status of a counter not in the game: printed with neither set-up nor arrival (a
#: counter an option swaps in, Brusilov 26.34), or swapped out by such an option
OUT_OF_PLAY = "out_of_play"


class GwiteSystem(RuleSystem):
    name = "gwite"
    #: a clone starts with its parent's memo (issue 18): every key names what its table
    #: reads (the revision counters, the Game-Turn, the frame, the action count), no table
    #: is changed once memoised; the stand-ins built by editing a clone's data (Hindenburg's
    #: perspective, its determinized worlds) empty their memo first.  Checked by
    #: tests/rules/gwite/test_clone_memo.py
    clones_share_memo = True

    def __init__(self) -> None:
        super().__init__()
        self.register(*sequence.handlers())
        for rules in GAMES.values():  # R2: the frame kinds each game adds, named after it
            prefix = rules.game.replace("-", "_") + "_"
            for handler in rules.handlers():
                if not handler.kind.startswith(prefix):
                    raise ValueError(f"{rules.game}'s frame kind {handler.kind!r} lacks {prefix!r}")
                self.register(handler)
        self.options = dict(StandardRules.options)

    # --- scenarios ----------------------------------------------------------

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """The scenario's game must be one whose rules are written; its rules check it."""
        game = scenario.info.game
        if game not in GAMES:
            title = PLANNED.get(game, game)
            problems.add(
                ("scenario", "game"),
                f"{title}'s exclusive rules are not written yet; games: {', '.join(GAMES)}",
            )
            return
        self.check_options(scenario, problems)
        rules_class(game)().validate(scenario, problems)

    def lacks(self, scenario: Scenario) -> list[str]:
        game = scenario.info.game
        return rules_class(game)().lacks(scenario) if game in GAMES else []

    def spare_counters(self, scenario: Scenario) -> dict[str, str]:
        """The counters printed with neither set-up nor arrival that the game's rules
        substitute for others in play (R12), each with the case: spares, not lacks."""
        game = scenario.info.game
        if game not in GAMES:
            return {}
        return {
            uid: case
            for uid, case in rules_class(game)().substitutes(scenario).items()
            if uid in scenario.counters
            and scenario.counters[uid].setup is None
            and scenario.counters[uid].arrive is None
        }

    def deployed_counters(self, scenario: Scenario) -> dict[str, str]:
        """The counters a Player sets up before Game-Turn 1 under the game's rules (a
        pre-game deployment: Caporetto 25.21-25.33), each with the case."""
        game = scenario.info.game
        return rules_class(game)().deployed_counters(scenario) if game in GAMES else {}

    def options_for(self, scenario: Scenario) -> dict[str, OptionSpec]:
        """The optional rules of the scenario's game."""
        return dict(rules_class(scenario.info.game).options)

    def resolve_options(self, scenario: Scenario, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a game, refused when two that exclude each other are both on."""
        resolved = super().resolve_options(scenario, options)
        option_effects.check_combination(scenario, resolved)
        return resolved

    def projected_vp(self, st: State) -> float:
        return U.rules(st).projected_vp(st)  # type: ignore[no-any-return]

    def vp_swing(self, st: State) -> float | None:
        return U.rules(st).vp_swing(st)  # type: ignore[no-any-return]

    def scoring_places(self, st: State, side: str) -> list[tuple[list[str], float]]:
        return U.rules(st).scoring_places(st, side)  # type: ignore[no-any-return]

    def hides_information(self, game: Game) -> bool:
        return bool(game.static.rules.hides_information(game))

    # --- games --------------------------------------------------------------

    def prepare(self, game: Game) -> Any:
        # R8: the tables are built from the scenario as the options that are on change it
        rules = rules_class(game.scenario.info.game)()  # R1: the game's rules
        return build_static(option_effects.effective(game.scenario, game.options), rules)

    def roles(self, game: Game) -> list[str]:
        return [s.id for s in game.scenario.sides]

    def role_name(self, game: Game, role: str) -> str:
        for s in game.scenario.sides:
            if s.id == role:
                return s.name
        return role

    def initial_data(self, game: Game) -> dict[str, Any]:
        scenario = game.scenario
        board = scenario.board
        units: dict[str, dict[str, Any]] = {}
        spares = game.static.rules.substitutes(scenario)
        for uid, ui in game.static.units.items():
            if ui.setup is not None:
                units[uid] = new_unit_record(canonical(board, ui.setup), "on_map")
            elif ui.arrive_turn is None and uid in spares:  # a rule substitutes it (R12)
                units[uid] = new_unit_record(None, U.SPARE)
            elif ui.arrive_turn is None:  # neither set up nor arriving: an option's
                units[uid] = new_unit_record(None, OUT_OF_PLAY)  # replacement (R8)
            else:
                units[uid] = new_unit_record(None, "pending")
        control = {h: s for h, s in game.static.city_side.items() if s is not None}
        data: dict[str, Any] = {
            "turn": 1,
            "phasing": scenario.info.first_side,
            "units": units,
            "control": control,
            "vp": 0,
            "rev": {side.id: 0 for side in scenario.sides},
            "fortress_lost": {},  # fortress hex -> fortress steps lost (11.13)
        }
        position.apply(game, data, new_unit_record)  # a mid-game position
        data["vp"] += option_effects.initial_vp(game.scenario, game.options)
        game.static.rules.start_data(game, data)  # the game's own records (Hindenburg 23.21)
        return data

    def start(self, st: State) -> None:
        if st.game.scenario.fictional:
            st.log(
                f"{st.game.scenario.info.name}: a FICTIONAL teaching scenario,"
                " not a historical one."
            )
        for old, new, source in option_effects.substitutions(st.game.scenario, st.game.options):
            static = st.game.static
            st.log(
                f"{static.units[new].name} replaces {static.units[old].name} at the start;"
                f" {static.units[old].name} is out of play.",
                case=source or None,
            )
        pos = st.game.scenario.file.position
        if pos is None:
            st.push({"kind": "game"})
            return
        for frame in sequence.stack_for_position(st, pos.phasing, pos.phase, pos.segment):
            st.push(frame)
        st.log(f"The game starts from a set position: Game-Turn {pos.turn}, {pos.phase} phase.")

    def result(self, st: State) -> dict[str, Any]:
        return agreement.with_agreement(st, U.rules(st).result(st))

    def previews(self, st: State, role: str) -> dict[str, dict[str, dict[str, Any]]]:
        """The odds of the attack being put together, as the view's ``combat`` shows them
        (worked out on the state as ``role`` may know it)."""
        shown = combat.view(self.perspective(st, role), role)
        if shown is None or shown.get("stage") not in ("preparing", combat.DEFENDING):
            return {}
        return {shown["key"]: {"": combat.ruling_numbers(shown)}}

    def view(self, st: State, role: str) -> dict[str, Any]:
        """``role``'s view of ``st`` (the state as the role may know it: the engine asks
        :meth:`perspective` first), redacted by the game's rules."""
        return U.rules(st).redact_view(st, role, visibility.board_view(st, role))  # type: ignore[no-any-return]

    def labels(self, st: State, role: str, view: dict[str, Any]) -> list[str]:
        """Each legal action in a player's words (:mod:`greatwar.rules.gwite.labels`)."""
        return labels_with(LABELS, LabelContext(names_of(view)), view["legal_actions"])

    def label_view(self, st: State, role: str) -> dict[str, Any]:
        """The labels read only the units' names: the counters, unless the game's rules
        redact the view (then the whole view, as redacted)."""
        if visibility.redacts(U.rules(st)):
            return self.view(st, role)
        return {"units": visibility.unit_entries(st)}

    def public_view(self, st: State) -> dict[str, Any]:
        """A spectator's view: what every seat sees alike, unless the game's rules say
        otherwise (Von Hindenburg: the board as the Russian Player sees it)."""
        return U.rules(st).public_view(st, super().public_view)  # type: ignore[no-any-return]

    # --- hidden information (the game's rules decide: :mod:`visibility`) ------------------

    def perspective(self, st: State, role: str | None) -> State:
        return U.rules(st).perspective(st, role)  # type: ignore[no-any-return]

    def actors(self, st: State, frame: Frame) -> list[str]:
        return U.rules(st).actors(st, frame)  # type: ignore[no-any-return]

    def perform(self, st: State, frame: Frame, role: str, action: Action) -> None:
        U.rules(st).perform(st, frame, role, action)

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        return U.rules(st).explain(st, frame, role, action)  # type: ignore[no-any-return]

    def logged(self, st: State, entry: dict[str, Any]) -> None:
        U.rules(st).logged(st, entry)

    def determinize(self, st: State, role: str, rng: random.Random) -> State:
        """Dice reseeded, and what ``role`` may not see redrawn by the game's rules."""
        return U.rules(st).determinize(super().determinize(st, role, rng), role, rng)  # type: ignore[no-any-return]

    def case_summary(self, case: str) -> str | None:
        """Our own one-line summary of ``case`` (cases.toml)."""
        return case_index().summary(case)

    def case_title(self, case: str) -> str | None:
        return case_index().title(case)

    def invariants(self, st: State, moment: str) -> list[str]:
        broken = []
        static = st.game.static
        board = st.game.scenario.board
        for uid, u in st.data["units"].items():
            ui = static.units[uid]
            if u["status"] == "on_map" and not board.on_map(u["hex"] or ""):
                broken.append(f"{uid} is on the map at {u['hex']!r}, which is not a hex")
            if u["status"] != "on_map" and u["hex"] is not None:
                broken.append(f"{uid} is {u['status']} but has hex {u['hex']}")
            if not 0 <= u["lost"] < ui.step_count:
                broken.append(f"{uid} has lost {u['lost']} of {ui.step_count} steps")
        for h, ids in U.occupancy(st).items():
            sides = {static.units[uid].side for uid in ids}
            if len(sides) > 1:
                broken.append(f"hex {h} holds units of both sides: {sorted(ids)}")
        broken.extend(U.rules(st).invariants(st, moment))  # the game's own state
        if moment == "end_of_phase":
            for h in stacking.overstacked(st):
                broken.append(
                    f"hex {h} has {stacking.stacking_points(st, h)} stacking points at the end of a"
                    f" phase (limit {U.rules(st).stacking_limit(st, h)}, 6.14)"
                )
        return broken
