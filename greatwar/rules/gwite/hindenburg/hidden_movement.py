"""18.0 Hidden Movement (optional): the Gruppen markers in play (hindenburg 18.0-18.43).

The state is :mod:`.gruppen`'s; the Central Powers Player's actions in his Movement
Segment (form, join, leave, split, merge, place a dummy, move a Gruppe) are
:mod:`.gruppen_moves`'; what each seat may see is :mod:`.redaction`'s.  This module
holds the rules that act on the markers in the rest of the game:

* 18.31 a dummy is removed from play as soon as a Russian unit moves adjacent to it;
  18.32 an HQ-only Gruppe is revealed then and its HQ placed with the nearest German
  combat unit; AV5 a Gruppe without a Zone of Control (a depot) is revealed then, in
  place.  Any Russian unit entering a hex (moving, by rail, withdrawing, retreating,
  advancing: :meth:`HiddenMovement.entered_hexes`) sets them off.
* 18.31 a Gruppe holding a unit that exerts a Zone of Control is revealed at the end of
  every Movement and Combat Phase in which it is adjacent to a Russian combat unit (AV4
  reading (b): adjacent at the end), and whenever it attacks or is attacked, as the
  units or the hex join the attack, before any odds are shown with them; an attack
  declared on a dummy removes it and is called off.
* The Russian's moves are offered from what he knows (every marker occupies its hex; a
  marker exerts a Zone of Control only once he has learnt it is real) and walked hex by
  hex against the truth: a hidden Zone of Control halts the unit before it enters the
  hex (18.41: he may move through dummies and HQ-only Gruppen, not through Gruppen of
  combat units), and the marker is then known to be real.
* 18.33 removed markers come back in a later Central Powers Movement Phase
  (:func:`gruppen_moves.box_for`).
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

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.rules.gwite.movement_extension import MovementExtension

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    G.OPTION: OptionSpec(
        False,
        "Hidden movement: German units may hide under Gruppen markers, some of them"
        " dummies (optional rule)",
        "hindenburg 18.0",
    ),
    M.EXTRA_OPTION: OptionSpec(
        False,
        "Hidden movement: the extra Gruppen markers beyond the 13 numbered boxes may hold"
        " units too (AV7 reading (b); off: they are dummies only)",
        "hindenburg 18.43",
    ),
}

#: the frame that reveals Gruppen at the end of a Movement or Combat Phase (18.31)
REVEAL_FRAME = "hindenburg_gruppen_reveal"
#: the phases at whose end Gruppen adjacent to Russian combat units are revealed (18.31)
REVEAL_PHASES = ("movement_phase", "combat_phase")


# --- who is who -------------------------------------------------------------------------------


def hunter(st: State, uid: str) -> bool:
    """A unit of the side the markers hide from (the Russians), with markers on the map."""
    return G.active(st) and U.info(st, uid).side != G.side(st)


def russian_combat_unit(st: State, uid: str) -> bool:
    return U.info(st, uid).side != G.side(st) and M.combat_unit(st, uid)


def _handle(st: State, box: str) -> str:
    return str(G.markers(st)[box]["handle"])


def _names(st: State, units: list[str]) -> str:
    return ", ".join(U.info(st, u).name for u in units)


def prune(st: State) -> None:
    """Units a rule took off the map or out of the marker's hex (an elimination, 10.52's
    displacement) are no longer in its box."""
    for m in G.markers(st).values():
        gone = [
            uid
            for uid in m["units"]
            if U.record(st, uid)["status"] != "on_map" or U.record(st, uid)["hex"] != m["hex"]
        ]
        for uid in gone:
            G.release(st, uid)


# --- revealing ------------------------------------------------------------------------------


def reveal(st: State, box: str, case: str, why: str) -> list[str]:
    """The marker comes off the map and its units are in view where they stand."""
    here = G.markers(st)[box]["hex"]
    handle = _handle(st, box)
    units = G.take_off(st, box)
    st.log(f"The Gruppe {handle} in {here} is revealed ({why}): {_names(st, units)}.", case=case)
    return units


def remove_dummy(st: State, box: str, why: str) -> None:
    """18.31 a dummy is removed from play (it may come back later, 18.33)."""
    here = G.markers(st)[box]["hex"]
    handle = _handle(st, box)
    G.take_off(st, box)
    st.log(
        f"The Gruppe marker {handle} in {here} is a dummy: it is removed from play ({why}).",
        case="hindenburg 18.31",
    )


def nearest_combat_hex(st: State, start: str) -> str | None:
    """18.32 the hex of the nearest German combat unit (in view or not), ties to the hex
    with the most German stacking points, then the lowest number; None: there is none."""
    board = U.static(st).scenario.board
    hexes = {
        U.record(st, uid)["hex"]
        for uid in U.on_map(st, G.side(st))
        if M.hides(st, uid) and M.combat_unit(st, uid)
    }
    if not hexes:
        return None

    def points(h: str) -> int:
        return sum(U.info(st, u).stacking for u in M.german_units_in(st, h))

    return min(hexes, key=lambda h: (board.distance(start, h), -points(h), h))


def reveal_hq_only(st: State, box: str, why: str) -> None:
    """18.32 the HQ-only Gruppe is revealed and its HQs placed with the nearest German
    combat unit (they stay where they are when there is none)."""
    here = G.markers(st)[box]["hex"]
    hqs = reveal(st, box, "hindenburg 18.32", why)
    to = nearest_combat_hex(st, here)
    if to is None or to == here:
        return
    for hq in hqs:
        U.place(st, hq, to)
    st.log(
        f"{_names(st, hqs)} is placed with the nearest German combat unit: {here}→{to}.",
        case="hindenburg 18.32",
    )


def adjacency_reveals(st: State, hex_label: str, by: str) -> None:
    """A Russian unit (``by``) has entered ``hex_label``: the dummies next to it (or in
    it) are removed (18.31), the HQ-only Gruppen revealed and their HQs placed (18.32),
    the Gruppen without a Zone of Control revealed in place (AV5)."""
    prune(st)
    board = U.static(st).scenario.board
    name = U.info(st, by).name
    around = {hex_label, *board.neighbours[hex_label]}
    for box in sorted(G.markers(st), key=int):
        if box not in G.markers(st) or G.markers(st)[box]["hex"] not in around:
            continue
        why = f"{name} moved next to it, into {hex_label}"
        what = M.kind(st, box)
        if what == "dummy":
            remove_dummy(st, box, why)
        elif what == "hq":
            reveal_hq_only(st, box, why)
        elif what == "quiet":
            reveal(st, box, "hindenburg 18.32", why + "; it has no Zone of Control (AV5)")


def adjacent_to_russian_combat(st: State, hex_label: str) -> bool:
    board = U.static(st).scenario.board
    near = [uid for n in board.neighbours[hex_label] for uid in U.units_in(st, n)]
    return any(russian_combat_unit(st, uid) for uid in near)


def end_of_phase_reveals(st: State) -> None:
    """18.31 (AV4 (b)): at the end of a Movement or Combat Phase, every Gruppe holding a
    unit with a Zone of Control adjacent to a Russian combat unit is revealed."""
    prune(st)
    for box in sorted(G.markers(st), key=int):
        here = G.markers(st)[box]["hex"]
        if M.kind(st, box) == "zoc" and adjacent_to_russian_combat(st, here):
            reveal(
                st,
                box,
                "hindenburg 18.31",
                "adjacent to a Russian combat unit at the end of the phase",
            )


class GruppenReveal(Handler):
    """18.31 the last step of a Movement or Combat Phase with hidden movement in play."""

    kind = REVEAL_FRAME
    case = "hindenburg 18.31"

    def run(self, st: State, frame: Frame) -> None:
        end_of_phase_reveals(st)
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Gruppen revealed at the end of the phase"


# --- what the Russian knows -----------------------------------------------------------------


def known_zones(st: State) -> frozenset[str]:
    """The hexes the Russian knows the Central Powers control (7.1): the zones of their
    units in view, of the units of markers he has learnt are real, and of their
    fortresses; never those of a marker he has not seen to be real."""

    def build(s: State) -> frozenset[str]:
        hidden = G.concealed(s)
        shown = [uid for uid in U.on_map(s, G.side(s)) if uid not in hidden]
        learnt = [uid for box in G.markers(s) if G.known(s, box) for uid in G.contents(s, box)]
        return frozenset(
            zoc.zones_of(s, shown) | zoc.zones_of(s, learnt) | zoc.fortress_zones(s, G.side(s))
        )

    return U.cached(st, "known_zoc", build, G.side(st))  # type: ignore[no-any-return]


def surprise_zones(st: State, hex_label: str) -> list[str]:
    """The markers whose concealed units control ``hex_label``, unknown to the Russian."""
    out = []
    for box in sorted(G.markers(st), key=int):
        if hex_label in zoc.zones_of(st, G.contents(st, box)):
            out.append(box)
    return out


class HiddenMovement:
    """18.0 Hidden Movement (optional) (a part of :class:`HindenburgRules`)."""

    # --- the game's start and its sequence ------------------------------------------------

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
            return [*children[:at], REVEAL_FRAME, *children[at:]]
        return children

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), GruppenReveal()]  # type: ignore[misc]

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """18.11-18.24 the Gruppen actions of the Central Powers Movement Segment."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        return (*exts, M.GRUPPEN_MOVES) if G.active(st) else exts

    # --- the units under the markers --------------------------------------------------------

    def movement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """18.24 a unit in a Gruppe moves only with its marker."""
        box = G.marker_of(st, uid) if G.active(st) else None
        if box is not None:
            return (
                f"{U.info(st, uid).name} is in Gruppe {box}: it moves with its marker"
                " (gruppe_move), or leaves it first",
                "hindenburg 18.24",
            )
        return super().movement_refusal(st, uid)  # type: ignore[misc, no-any-return]

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
        here = U.record(st, uid)["hex"]
        st.log(
            f"{U.info(st, uid).name} halts in {here}: the Gruppe {handles} exerts a Zone of"
            f" Control into {hex_label} (it is no dummy); it may move on with the Movement"
            " Points it has left.",
            case="hindenburg 18.41",
        )

    def hex_entered(self, st: State, frame: Frame, uid: str, hex_label: str, spent: int) -> bool:
        """18.31, 18.32, AV5 what the Russian unit sets off as it enters each hex."""
        goes_on: bool = super().hex_entered(st, frame, uid, hex_label, spent)  # type: ignore[misc]
        if hunter(st, uid):
            adjacency_reveals(st, hex_label, uid)
        return goes_on

    def entered_hexes(self, st: State, uid: str, path: list[str]) -> None:
        """18.31, 18.32, AV5 every hex a Russian unit enters (by rail, withdrawing,
        retreating, advancing) sets off the markers next to it."""
        super().entered_hexes(st, uid, path)  # type: ignore[misc]
        if hunter(st, uid):
            for h in path:
                adjacency_reveals(st, h, uid)

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
                if M.kind(st, box) == "dummy":
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
