"""18.0 Hidden Movement (optional): the Gruppen markers in play (hindenburg 18.0-18.43),
as the rules object's part.

The state is :mod:`.gruppen`'s; the Central Powers Player's actions in his Movement
Segment (form, join, leave, split, merge, place a dummy, move a Gruppe) and the rule that
units under a marker move with it (18.24) are :mod:`.gruppen_moves`'; the rules that
reveal or remove markers (18.31-18.33) are :mod:`.reveal`'s; what each seat may see is
:mod:`.redaction`'s.  This part hooks them into the game:

* any Russian unit entering a hex (moving, by rail, withdrawing, retreating, advancing:
  :meth:`HiddenMovement.entered_hexes`) sets off 18.31-18.32's reveals;
* the end of every Movement and Combat Phase reveals the Gruppen adjacent to Russian
  combat units (18.31), and an attack reveals the Gruppen it involves, as the units or
  the hex join it, before any odds are shown; an attack declared on a dummy removes it
  and is called off;
* the Russian's moves are offered from what he knows (every marker occupies its hex; a
  marker exerts a Zone of Control only once he has learnt it is real) and walked hex by
  hex against the truth: a hidden Zone of Control halts the unit before it enters the
  hex (18.41: he may move through dummies and HQ-only Gruppen, not through Gruppen of
  combat units), and the marker is then known to be real.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import combat, fortress, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg import gruppen as G
from greatwar.rules.gwite.hindenburg import gruppen_moves as M
from greatwar.rules.gwite.hindenburg.reveal import (
    REVEAL_FRAME,
    REVEAL_PHASES,
    WATCH_FRAME,
    GruppenReveal,
    GruppenWatch,
    _handle,
    adjacency_reveals,
    any_moment,
    gruppen_broken,
    hunter,
    known_zones,
    prune,
    remove_dummy,
    reveal,
    russian_combat_unit,
    surprise_zones,
    watch,
)

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.rules.gwite.movement_extension import MovementExtension

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    G.OPTION: OptionSpec(
        False,
        "Hidden movement: German units may hide under Gruppen markers, some of them"
        " dummies (optional rule)",
        "hindenburg 18.0",
    ),
    G.AV4_OPTION: OptionSpec(
        False,
        "Hidden movement: a Gruppe adjacent to a Russian combat unit at any moment of a"
        " Movement or Combat Phase is revealed at its end (AV4 reading (a); off: only one"
        " adjacent at the end)",
        "hindenburg 18.31",
    ),
    G.EXTRA_OPTION: OptionSpec(
        False,
        "Hidden movement: the extra Gruppen markers beyond the 13 numbered boxes may hold"
        " units too (AV7 reading (b); off: they are dummies only)",
        "hindenburg 18.43",
    ),
}


class HiddenMovement(M.GruppeMembers):
    """18.0 Hidden Movement (optional) (a part of :class:`HindenburgRules`)."""

    # --- the game's start and its sequence ------------------------------------------------

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """18.0: ``[special] gruppen_nationality`` names the nationality of some counter."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return  # reported by the game's own check of [special]
        known = {c.nationality for c in scenario.counters.values()}
        if special.gruppen_nationality not in known:
            problems.add(
                ("special", "gruppen_nationality"),
                f"no counter is of nationality {special.gruppen_nationality!r}: the units"
                f" that hide under Gruppen (18.0) must be one of {', '.join(sorted(known))}",
            )

    def start_data(self, game: Game, data: dict[str, Any]) -> None:
        """18.43 the Hidden Unit Display, when the optional rule is on."""
        super().start_data(game, data)  # type: ignore[misc]
        if game.options.get(G.OPTION):
            special = D.parse(game.scenario)
            side = next(
                (
                    ui.side
                    for ui in game.static.units.values()
                    if ui.nationality == special.gruppen_nationality
                ),
                None,
            )
            if side is not None:
                G.init_data(data, special.gruppen_boxes, side)

    def phase_children(self, st: State, phase_kind: str) -> list[str]:
        """18.31 Gruppen are revealed at the end of every Movement and Combat Phase."""
        children: list[str] = super().phase_children(st, phase_kind)  # type: ignore[misc]
        if G.active(st) and phase_kind in REVEAL_PHASES and "end_of_phase" in children:
            at = children.index("end_of_phase")
            children = [*children[:at], REVEAL_FRAME, *children[at:]]
            if any_moment(st):
                children = [WATCH_FRAME, *children]  # AV4 (a)
        return children

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), GruppenReveal(), GruppenWatch()]  # type: ignore[misc]

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """18.11-18.24 the Gruppen actions of the Central Powers Movement Segment."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        return (*exts, M.GRUPPEN_MOVES) if G.active(st) else exts

    def invariants(self, st: State, moment: str) -> list[str]:
        """18.0, 18.43: the markers and their boxes hold together."""
        broken: list[str] = super().invariants(st, moment)  # type: ignore[misc]
        return broken + (gruppen_broken(st) if G.active(st) else [])

    # --- the units under the markers --------------------------------------------------------

    def unit_eliminated(self, st: State, uid: str, case: str) -> None:
        """A unit eliminated is no longer in its box."""
        super().unit_eliminated(st, uid, case)  # type: ignore[misc]
        if G.active(st) and G.marker_of(st, uid) is not None:
            G.release(st, uid)

    # --- the Russian's moves: from what he knows, walked against the truth ------------------

    def known_enemy_zoc(self, st: State, side: str) -> frozenset[str]:
        """The Russian plans with the zones he knows of (:func:`known_zones`)."""
        if G.active(st) and side != G.side(st):
            return known_zones(st)
        return super().known_enemy_zoc(st, side)  # type: ignore[misc, no-any-return]

    def phantom_occupied(self, st: State, side: str) -> dict[str, tuple[str, str]]:
        """Every marker occupies its hex in the Russian's planning (18.41: he moves through
        a dummy or an HQ-only Gruppe once it is gone, removed or revealed as he moves next
        to it)."""
        found: dict[str, tuple[str, str]] = super().phantom_occupied(st, side)  # type: ignore[misc]
        if not G.active(st) or side == G.side(st):
            return found
        return {
            **found,
            **{
                h: (
                    f"{h} holds a Gruppe marker: no move enters it while it stands there (a"
                    " dummy is removed, an HQ-only Gruppe revealed, as a unit moves next to it)",
                    "hindenburg 18.41",
                )
                for h in G.hexes(st)
            },
        }

    def hex_by_hex(self, st: State, uid: str) -> bool:
        """The Russian's moves are walked hex by hex while markers are on the map."""
        if hunter(st, uid) and G.markers(st):
            return True
        return super().hex_by_hex(st, uid)  # type: ignore[misc, no-any-return]

    def halts_before(self, st: State, frame: Frame, uid: str, hex_label: str) -> bool:
        """18.41 a Gruppe of combat units is not moved through: the Zone of Control of a
        concealed unit the Russian did not know of halts his unit before the hex, and the
        markers controlling it are known to be real from then on."""
        if hunter(st, uid) and G.markers(st):
            side = U.info(st, uid).side
            if hex_label in zoc.enemy_controlled(st, side) and hex_label not in known_zones(st):
                self._halt(st, uid, hex_label)
                return True
        return super().halts_before(st, frame, uid, hex_label)  # type: ignore[misc, no-any-return]

    def _halt(self, st: State, uid: str, hex_label: str) -> None:
        boxes = surprise_zones(st, hex_label)
        for box in boxes:
            G.learn_real(st, box)
        handles = ", ".join(_handle(st, b) for b in boxes)
        st.log(
            f"{U.info(st, uid).name} halts before {hex_label}: the Gruppe {handles} exerts a"
            f" Zone of Control into it (it is no dummy); it may move on with what it has left.",
            case="hindenburg 18.41",
        )

    def hex_entered(self, st: State, frame: Frame, uid: str, hex_label: str, spent: int) -> bool:
        """18.31, 18.32, AV5 what the Russian unit sets off as it enters each hex."""
        goes_on: bool = super().hex_entered(st, frame, uid, hex_label, spent)  # type: ignore[misc]
        if hunter(st, uid):
            adjacency_reveals(st, hex_label, uid)
            if any_moment(st) and russian_combat_unit(st, uid):
                watch(st, [hex_label])  # AV4 (a)
        return goes_on

    def entered_hexes(self, st: State, uid: str, path: list[str]) -> None:
        """18.31, 18.32, AV5 every hex a Russian unit enters (by rail, withdrawing,
        retreating, advancing) sets off the markers next to it; a German unit that moves
        away from its marker otherwise than with it (a cavalry withdrawal before combat,
        12.1) comes out of its Gruppe, in view."""
        super().entered_hexes(st, uid, path)  # type: ignore[misc]
        if hunter(st, uid):
            for h in path:
                adjacency_reveals(st, h, uid)
            if any_moment(st) and russian_combat_unit(st, uid):
                watch(st, path)  # AV4 (a)
        elif G.active(st):
            box = G.marker_of(st, uid)
            if box is not None and G.markers(st)[box]["hex"] != U.record(st, uid)["hex"]:
                G.release(st, uid)
                st.log(
                    f"{U.info(st, uid).name} leaves Gruppe {box} as it moves on its own.",
                    case="hindenburg 18.21",
                    to=[G.side(st)],
                )

    # --- combat ---------------------------------------------------------------------------

    def phantom_targets(self, st: State, side: str) -> frozenset[str]:
        """The Russian may declare an attack on any marker (he cannot tell a dummy)."""
        found: frozenset[str] = super().phantom_targets(st, side)  # type: ignore[misc]
        if G.active(st) and side != G.side(st):
            return found | G.hexes(st)
        return found

    def attack_joined(self, st: State, attack: Frame, hexes: list[str], units: list[str]) -> None:
        """18.31 a Gruppe that attacks or is attacked is revealed before any odds are
        shown; an attack on a dummy removes it, and finds no one there."""
        super().attack_joined(st, attack, hexes, units)  # type: ignore[misc]
        if not G.active(st):
            return
        prune(st)
        for uid in units:
            box = G.marker_of(st, uid)
            if box is not None:
                reveal(st, box, "hindenburg 18.31", f"{U.info(st, uid).name} attacks")
        for h in hexes:
            for box in G.at(st, h):
                if G.kind(st, box) == "dummy":
                    remove_dummy(st, box, f"an attack was declared on {h}")
                else:
                    reveal(st, box, "hindenburg 18.31", f"an attack was declared on {h}")
        self._drop_empty_targets(st, attack, hexes)

    def _drop_empty_targets(self, st: State, attack: Frame, hexes: list[str]) -> None:
        """A hex that held only a dummy holds no one to attack (18.31)."""
        enemy = U.enemy_of(st, attack["side"])
        for h in hexes:
            if h not in attack["targets"] or combat.defenders_in(st, h, enemy):
                continue
            if fortress.owner(st, h) == enemy:
                continue
            attack["targets"].remove(h)
            st.log(f"There is no one to attack in {h}.", case="hindenburg 18.31")
        if not attack["targets"] and st.top() is attack:
            st.pop()  # the declaration made no attack: the attackers are free
