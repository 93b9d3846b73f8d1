"""Tannenberg 1914 as a rule system for the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.labels import LabelContext, labels_with
from greatwar.engine.system import OptionSpec, RuleSystem
from greatwar.model.board import canonical
from greatwar.rules.tannenberg import (
    cases,
    clash_view,
    determinize,
    fog,
    masks,
    position,
    reinforcements,
    seats,
    sequence,
    special,
    victory,
    views,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.labels import LABELS, piece_names
from greatwar.rules.tannenberg.static import TannenbergStatic, unit_info

if TYPE_CHECKING:
    import random

    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems


def build_static(scenario: Scenario) -> TannenbergStatic:
    """The static tables of one game (:mod:`static`), built once and shared by every
    state."""
    side_ids = tuple(s.id for s in scenario.sides)
    return TannenbergStatic(
        scenario=scenario,
        # the counters, then each side's masking counters as pseudo-units (16.1.1)
        units={uid: unit_info(c) for uid, c in scenario.counters.items()}
        | masks.mask_infos(scenario),
        side_ids=side_ids,
        enemy={side_ids[0]: side_ids[1], side_ids[1]: side_ids[0]},
    )


def _refuse_gwite_data(scenario: Scenario, problems: Problems) -> None:
    """Data only The Great War in the East uses is refused, never ignored: options' effects
    and entries of several hexes (a Tannenberg reinforcement enters by one hex, 17.2.1)."""
    for name in sorted(scenario.file.option_effects):
        problems.add(("option_effects", name), "option_effects is not used by the Tannenberg rules")
    for letter, entry in sorted(scenario.board.entries.items()):
        if len(entry.hexes) > 1:
            problems.add(
                ("map", "entry", letter),
                f"entry {letter} of the map names {len(entry.hexes)} hexes: a Tannenberg"
                " reinforcement enters by one hex (17.2.1)",
            )


def new_unit_record(hex_label: str | None, status: str) -> dict[str, Any]:
    """A unit's record in the state (see :mod:`greatwar.rules.tannenberg.units`)."""
    return {"hex": hex_label, "status": status, "level": 0, "lost": 0, "markers": []}


class TannenbergSystem(RuleSystem):
    name = "tannenberg"
    hidden_information = True  # masks (16.1) and combat cards laid face down (9.1.9)
    #: a clone starts with its parent's memo: every key names what its table reads
    #: (revision counters, the stage, the data), tests/rules/tannenberg/test_cache_keys.py
    clones_share_memo = True

    def __init__(self) -> None:
        super().__init__()
        self.register(*sequence.handlers())
        self.options = {
            "three_players": OptionSpec(
                False, "Two Russian players, one per army, and one German", "tannenberg 1.0"
            ),
            "guards_held": OptionSpec(
                True, "The Russian 3rd Guards Division waits to move", "tannenberg 18.1.1"
            ),
            "artamonov_replaced": OptionSpec(
                True, "Artamonov is replaced by Sirelius", "tannenberg 18.1.2"
            ),
            "pappritz_stays": OptionSpec(
                True, "The governor of Konigsberg stays in Konigsberg", "tannenberg 18.1.3"
            ),
        }

    # --- scenarios ----------------------------------------------------------

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        if scenario.info.game != "standard":
            problems.add(("scenario", "game"), "Tannenberg 1914 has one game: leave out 'game'")
        self.check_options(scenario, problems)
        sides = {s.id for s in scenario.sides}
        if sides != {seats.GERMAN, seats.RUSSIAN}:
            problems.add(
                ("side",), f"Tannenberg is played by 'german' and 'russian', not {sorted(sides)}"
            )
        _refuse_gwite_data(scenario, problems)
        special.validate(scenario, problems)  # 17.3, 18.1, 19.2, 19.3 data
        reinforcements.validate(scenario, problems)  # 17.2.4 data
        position.validate(scenario, problems)  # the [position] and where pieces start

    # --- games --------------------------------------------------------------

    def prepare(self, game: Game) -> Any:
        return build_static(game.scenario)

    def roles(self, game: Game) -> list[str]:
        return seats.roles(game)

    def role_name(self, game: Game, role: str) -> str:
        return seats.role_name(game, role)

    def initial_data(self, game: Game) -> dict[str, Any]:
        scenario = game.scenario
        board = scenario.board
        units: dict[str, dict[str, Any]] = {}
        for uid, ui in game.static.units.items():
            if ui.setup is not None:
                units[uid] = new_unit_record(canonical(board, ui.setup), "on_map")
            else:
                units[uid] = new_unit_record(None, "pending")
        data: dict[str, Any] = {
            "stage": 1,
            "initiative": None,  # the side holding the initiative this stage (10.1)
            "units": units,
            "rev": {side.id: 0 for side in scenario.sides},
            "control": {},  # hex -> side that last occupied or passed through it (19.3)
            "vp": 0,  # Russian points positive, German negative (19.3)
            "clash_outcomes": [],  # clashes won by flight or retreat with losses (10.1.1)
            "hindenburg_in": False,  # the Germans roll two dice for the initiative (10.2.3)
            "victory": victory.initial_data(game),  # captured forts, automatic victory (19)
            "special": special.initial_data(game),  # special reinforcements, 18.1 (17.3, 18)
        }
        position.apply(game, data, new_unit_record)  # a mid-game position
        masks.add_initial_data(game, data)  # masking counters on their cards (16.1.1)
        return data

    def start(self, st: State) -> None:
        if st.game.scenario.fictional:
            name = st.game.scenario.info.name
            st.log(f"{name}: a FICTIONAL teaching scenario, not a historical one.")
        pos = st.game.scenario.file.position
        if pos is None:
            st.push({"kind": "game"})
            return
        position.place_masks(st)  # 16.1.2 the position's masks, over their units
        for frame in sequence.stack_for_position(pos.phase):
            st.push(frame)

    def case_summary(self, case: str) -> str | None:
        """Our own one-line summary of ``case`` (tannenberg cases.toml)."""
        return cases.index().summary(case)

    def case_title(self, case: str) -> str | None:
        return cases.index().title(case)

    def result(self, st: State) -> dict[str, Any]:
        return victory.result(st)

    def projected_vp(self, st: State) -> float:
        return victory.projected_vp(st)

    def view(self, st: State, role: str) -> dict[str, Any]:
        """Redacted for ``role`` (hidden masks, 16.2.1): see :mod:`views`; each section's
        own part (``command`` ...) comes from its module's ``view``."""
        return views.view(st, role)

    def label_view(self, st: State, role: str) -> dict[str, Any]:
        """The labels read only the pieces as ``role`` sees them (their supply aside)."""
        return {"units": views.units_view(st, role, with_supply=False)}

    def labels(self, st: State, role: str, view: dict[str, Any]) -> list[str]:
        """Each legal action in a player's words (:mod:`greatwar.rules.tannenberg.labels`):
        an enemy's mask only as "a masked stack" (16.2.1)."""
        return labels_with(LABELS, LabelContext(piece_names(view)), view["legal_actions"])

    def previews(self, st: State, role: str) -> dict[str, dict[str, dict[str, Any]]]:
        """The clash's card matrix and live preview, as ``role``'s view shows them."""
        return clash_view.previews(st, role)

    def log_visible(self, entry: dict[str, Any], role: str) -> bool:
        return fog.log_visible(entry, role)

    def public_view(self, st: State) -> dict[str, Any]:
        """A spectator's view: what every seat shows alike, and each side's pieces as its
        enemy sees them (16.2.1: masks as anonymous masking counters), so a spectator
        sees the board as the players' opponents do, and nothing only one side knows."""
        public = super().public_view(st)
        pieces: list[dict[str, Any]] = []
        for side in st.game.static.side_ids:
            enemy_role = seats.roles_of_side(st.game, U.enemy_of(st, side))[0]
            seen = views.view(st, enemy_role)["units"]
            pieces.extend(u for u in seen if u["side"] == side)
        public["units"] = pieces
        return public

    def determinize(self, st: State, role: str, rng: random.Random) -> State:
        """Dice reseeded, and what ``role`` may not see redrawn: see :mod:`determinize`."""
        return determinize.determinize(super().determinize(st, role, rng), role, rng)

    def invariants(self, st: State, moment: str) -> list[str]:
        broken = []
        static = st.game.static
        board = st.game.scenario.board
        for uid, u in st.data["units"].items():
            ui = static.units[uid]
            if u["status"] == "on_map" and not board.on_map(u["hex"] or ""):
                broken.append(f"{uid} is on the map at {u['hex']!r}, which is not a hex")
            if not 0 <= u["lost"] <= 4:
                broken.append(f"{uid} has {u['lost']} endurance points lost on its level")
            if ui.level_count and not 0 <= u["level"] < ui.level_count:
                broken.append(f"{uid} is on level {u['level']} of {ui.level_count}")
        for h, ids in U.occupancy(st).items():
            sides = {static.units[uid].side for uid in ids}
            if len(sides) > 1:
                broken.append(f"hex {h} holds units of both sides: {sorted(ids)}")
        broken += masks.invariants(st)  # 16.1.2 masked units stand under their masks
        return broken
