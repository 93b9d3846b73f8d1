"""17.5 Friendly Rail Hexes: set by the last unit in a rail hex during a Movement Segment,
usable from the next Game-Turn, with the start-of-game rule (hindenburg 17.51-17.54).

Von Hindenburg keeps its own record of who holds each rail hex, apart from the control
of cities (23.21: any unit passing through, at any time, takes a city; a rail hex changes
hands only in a Movement Segment):

* ``state.data["rail_control"]``: rail hex -> ``[side, Game-Turn]``, every change since
  the start (absent until the first), written by :func:`set_rail_control` alone, which
  logs each change under hindenburg 17.51 (the one place the hidden movement of 18.0 may
  decide what the Russian seat is told: AV14);
* a rail hex not in it holds as it did at the start (:func:`start_owners`): the set
  position's ``control`` where it names the hex, else 17.53 (every rail hex in Germany
  and Austria-Hungary, and those of the scenario's ``start_friendly_region`` of Poland
  but its ``start_friendly_exceptions``, the Central Powers'; the rest of Poland's the
  Russians').

17.51 "the last unit in that hex at any time during a Movement Segment": a unit entering
or passing through a rail hex in a Movement Segment (by any move: normal, rail, off-map
return) takes it for its side at once; and at the start of every Movement Segment (either
Player's) each occupied rail hex goes to the side of the units in it, so that a unit that
retreated, advanced or withdrew into a rail hex, or arrived there as a reinforcement,
takes it in the next Movement Segment it stands there (retreats and advances are not in a
Movement Segment, 5.11).  HQs are units and take rail hexes too.

17.52 a rail hex serves its new owner's rail movement and supply from the Game-Turn
after the one it changed hands in; a hex held since the start serves at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.model.board import canonical
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.movement_extension import MovementExtension
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: state key: rail hex -> [side, Game-Turn it became that side's] (changes since the start)
RAIL_CONTROL = "rail_control"
#: the per-game table of :meth:`RailControl.usable_rail`, and how many answers it keeps
USABLE_KEPT = "hindenburg-usable-rail"
USABLE_KEPT_MOST = 256
#: the Russian nationality (its side is the Russian Player's)
RUSSIA = "russia"
CASE_LAST_UNIT = "hindenburg 17.51"
CASE_WAIT = "hindenburg 17.52"
CASE_START = "hindenburg 17.53"

Why = tuple[str, str]


def russian_side(st: State) -> str:
    """The Russian Player's side (the one whose nationalities hold Russia)."""
    for s in U.static(st).scenario.sides:
        if RUSSIA in s.nationalities:
            return str(s.id)
    raise ValueError("a Von Hindenburg scenario needs a side with the Russian nationality")


def start_owners(st: State) -> dict[str, str]:
    """Who holds each rail hex at the start (17.53, or the set position's ``control``)."""

    def build() -> dict[str, str]:
        scenario = U.static(st).scenario
        board = scenario.board
        russians = russian_side(st)
        central = U.enemy_of(st, russians)
        region, exceptions = start_region(scenario)
        rules = U.rules(st)
        polish = rules.friendly_countries(st, russians, RUSSIA)
        theirs = frozenset().union(
            *(
                rules.friendly_countries(st, central, n)
                for s in scenario.sides
                if s.id == central
                for n in s.nationalities
            )
        )
        owners: dict[str, str] = {}
        for h in U.static(st).rail_hexes:
            country = board.country.get(h)
            if country in polish:
                owners[h] = central if h in region and h not in exceptions else russians
            elif country in theirs:
                owners[h] = central  # 17.53 Germany and Austria-Hungary
        position = scenario.file.position
        if position is not None:
            for label, side in position.control.items():
                h = canonical(board, label)
                if h in owners or h in U.static(st).rail_hexes:
                    owners[h] = side
        return owners

    return supply.per_game(st, "hindenburg-rail-start", build)  # type: ignore[no-any-return]


def start_region(scenario: Scenario) -> tuple[frozenset[str], frozenset[str]]:
    """17.53 the region of Poland whose rail the Central Powers hold at the start, and the
    rail hexes excepted from it (the scenario's ``[special]``)."""
    d = D.parse(scenario)
    board = scenario.board
    region = board.regions.get(d.start_friendly_region or "", frozenset())
    exceptions = frozenset(canonical(board, h) for h in d.start_friendly_exceptions)
    return region, exceptions


def owner(st: State, hex_label: str) -> tuple[str | None, int]:
    """Who holds a rail hex, and the Game-Turn it became theirs (0: since the start)."""
    changed = st.data.get(RAIL_CONTROL)
    if changed is not None:
        held = changed.get(hex_label)
        if held is not None:
            return held[0], held[1]
    return start_owners(st).get(hex_label), 0


def _serves(held: tuple[str | None, int] | list[object], side: str, turn: int) -> bool:
    """17.52 a rail hex ``held`` (its side and the Game-Turn it became theirs) serves
    ``side`` in Game-Turn ``turn``."""
    return held[0] == side and held[1] < turn  # type: ignore[operator]


def set_rail_control(st: State, hex_label: str, side: str, uid: str) -> None:
    """17.51 the one change of the record: ``uid`` of ``side`` was in the rail hex during a
    Movement Segment, so it is Friendly to ``side`` now (stamped with the Game-Turn, 17.52).
    Nothing happens when ``side`` holds it already.  The log names the hex and the side,
    not the unit; ``uid`` is passed for the hidden movement (18.0, AV14) to decide what
    each seat is told when a concealed unit takes a hex."""
    before, _ = owner(st, hex_label)
    if before == side:
        return
    turn = st.data["turn"]
    st.data.setdefault(RAIL_CONTROL, {})[hex_label] = [side, turn]
    for s in st.data["rev"]:  # rail movement and supply are cached on the revisions
        st.data["rev"][s] += 1
    st.log(
        f"The rail hex {hex_label} is Friendly to the {side_name(st, side)} now (the last unit"
        f" in it during a Movement Segment is theirs): it serves their rail movement and"
        f" supply from Game-Turn {turn + 1} (17.52).",
        case=CASE_LAST_UNIT,
    )


def in_movement_segment(st: State) -> bool:
    """Whether a Movement Segment is under way (17.51)."""
    return any(f.get("kind") == "movement" for f in st.data["stack"])


def claim_occupied(st: State) -> None:
    """17.51 at the start of a Movement Segment every occupied rail hex goes to the side of
    the units standing in it (they are in it during the segment)."""
    rail_hexes = U.static(st).rail_hexes
    for h, ids in sorted(U.occupancy(st).items()):
        if h in rail_hexes:
            set_rail_control(st, h, U.info(st, ids[0]).side, ids[0])


def refusal(st: State, uid: str, hex_label: str) -> Why | None:
    """Why the unit may not use a rail hex of its own country for who holds it (17.51,
    17.53), or None when its side holds it (17.52 is :func:`rail._waiting`'s)."""
    ui = U.info(st, uid)
    if hex_label not in supply.friendly_rail(st, ui.side, ui.nationality):
        return None  # not a rail hex of its countries: 17.12, 17.22, 17.32 say why
    holder, turn = owner(st, hex_label)
    if holder == ui.side:
        return None
    if holder is None:
        return f"the rail hex {hex_label} is Friendly to neither Player", CASE_START
    if hex_label not in st.data.get(RAIL_CONTROL, {}):
        return (
            f"the rail hex {hex_label} is Friendly to the {side_name(st, holder)}: theirs from"
            " the start, and no unit of yours has been in it during a Movement Segment",
            CASE_START,
        )
    return (
        f"the rail hex {hex_label} is Friendly to the {side_name(st, holder)}: the last unit"
        f" in it during a Movement Segment was theirs (Game-Turn {turn})",
        CASE_LAST_UNIT,
    )


def view(st: State) -> dict[str, str]:
    """Every rail hex and the side it is Friendly to now (17.5), for a map overlay."""
    out = dict(start_owners(st))
    for h, (side, _) in st.data.get(RAIL_CONTROL, {}).items():
        out[h] = side
    return out


def validate_region(scenario: Scenario, problems: Problems, field: str, name: str | None) -> None:
    """A region the scenario's ``[special]`` names must be one of the map's regions."""
    if name is not None and name not in scenario.board.regions:
        known = ", ".join(sorted(scenario.board.regions)) or "none"
        problems.add(("special", field), f"the map has no region {name!r} (its regions: {known})")


class ControlClaim(MovementExtension):
    """17.51 at the start of every Movement Segment the occupied rail hexes go to their
    occupiers (no action of its own)."""

    def setup(self, st: State, frame: Frame) -> None:
        claim_occupied(st)


#: the extension (stateless: one for every game)
CONTROL_CLAIM = ControlClaim()


class RailControl:
    """17.5 Friendly Rail Hexes"""

    def control_wait_case(self, st: State) -> str | None:
        """17.52 a rail hex that became Friendly serves from the next Game-Turn."""
        return CASE_WAIT

    def rail_owner(self, st: State, hex_label: str) -> str | None:
        """17.51, 17.53 the side a rail hex is Friendly to (this game's own record)."""
        if hex_label in U.static(st).rail_hexes:
            return owner(st, hex_label)[0]
        return super().rail_owner(st, hex_label)  # type: ignore[misc, no-any-return]

    def usable_control(self, st: State, side: str, hex_label: str) -> bool:
        """17.51-17.52 a rail hex serves ``side``'s rail movement and supply when Friendly
        to it since an earlier Game-Turn (or since the start, 17.53)."""
        if hex_label not in st.game.static.rail_hexes:
            return super().usable_control(st, side, hex_label)  # type: ignore[misc, no-any-return]
        return _serves(owner(st, hex_label), side, st.data["turn"])

    def usable_rail(
        self, st: State, side: str, rail: frozenset[str], closed: frozenset[str]
    ) -> frozenset[str]:
        """17.51-17.53 the rail hexes of ``rail`` not ``closed`` that serve ``side`` now: those
        of the rail net kept per game on all they read (the record of changes, the
        Game-Turn; reading each hex's holder afresh was a twentieth of a rollout)."""
        net = U.static(st).rail_hexes
        kept: dict[object, frozenset[str]] = supply.per_game(st, USABLE_KEPT, dict)
        changes = st.data.get(RAIL_CONTROL) or {}
        record = tuple((h, held[0], held[1]) for h, held in changes.items())
        key = (side, rail, st.data["turn"], record)
        found = kept.get(key)
        if found is None:
            if len(kept) >= USABLE_KEPT_MOST:
                del kept[next(iter(kept))]
            turn = st.data["turn"]
            starts = start_owners(st)
            found = kept[key] = frozenset(
                h for h in rail & net if _serves(changes.get(h) or (starts.get(h), 0), side, turn)
            )
        others = rail - net  # (none in a rail net's own hexes: asked as any hex)
        if others:
            found = found | super().usable_rail(st, side, others, closed)  # type: ignore[misc]
        return found - closed

    def rail_hexes_entered(self, st: State, uid: str, hexes: list[str]) -> None:
        """17.51 a unit in a rail hex during a Movement Segment makes it Friendly to its side;
        entries at other times (retreat, advance, withdrawal, arrival) count from the next
        Movement Segment (:func:`claim_occupied`)."""
        if not in_movement_segment(st):
            return
        side = U.info(st, uid).side
        for h in hexes:
            set_rail_control(st, h, side, uid)

    def rail_control_refusal(self, st: State, uid: str, hex_label: str) -> Why | None:
        """17.51, 17.53 the rail hex is Friendly to the Enemy."""
        return refusal(st, uid, hex_label)

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """17.51 the claim of occupied rail hexes at the start of each Movement Segment."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        return (CONTROL_CLAIM, *exts)

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """17.53 the start region is a map region; its exceptions are rail hexes of it."""
        super().validate(scenario, problems)  # type: ignore[misc]
        d = D.parsed(scenario)
        if d is None:
            return  # the game's own check reports malformed [special] data
        validate_region(scenario, problems, "start_friendly_region", d.start_friendly_region)
        board = scenario.board
        rails = {h for line in board.rails for h in line.hexes}
        if not rails:
            return  # a map whose rail lines are still to be entered: a lack, not an error
        for i, label in enumerate(d.start_friendly_exceptions):
            try:
                h = canonical(board, label)
            except (KeyError, ValueError):
                h = None
            if h is None or h not in rails:
                problems.add(
                    ("special", "start_friendly_exceptions", str(i)),
                    f"17.53: {label!r} is not a rail hex of the map",
                )
