"""Cavalry forage (serbia-galicia 24.0, optional): cavalry spared attrition out of supply,
at the price of its zone of control and half its attack.

* serbia-galicia 24.0 with the option :data:`FORAGE_OPTION`, the Phasing Player may
  declare any of his cavalry units foraging in the Initial Supply Determination Segment
  (a legal action each, never made for him; the segment's first step, before supply is
  marked, so that the 9.21 halving the marking logs already spares them), if it has at
  most two Stacking Points in its hex (:data:`FORAGE_STACKING`) and no Enemy unit and no
  Friendly unit out of supply (HQs never are, 10.35) in an adjacent hex.  A foraging unit
  bears the :data:`FORAGING` marker until the end of its Player-Turn and suffers no
  attrition in the Attrition Segment (9.22).  Foraging is allowed whether the unit is in
  supply or not: its supply is determined again in the Attrition Segment, after it moved.
* serbia-galicia 24.1 it moves normally (its Movement Allowance is not halved out of
  supply, 9.21) and exerts no Zone of Control during the owning Player's Player-Turn only
  (errata): the marker goes when the Player-Turn ends (at the next Movement Phase's
  forage step, and in the Game-Turn Record Interphase).
* serbia-galicia 24.2 it attacks at one-half its normal strength (rounded down, never
  below one, as 9.21), once only (not halved again when also out of supply), defends
  normally, and checks for attrition when it attacks (as 9.23, in supply or not: the
  reading that 24.2 treats the forager as a unit living without supply).

Brusilov 19.4 (cavalry living off the land) shares the mechanism through the same
standard hooks (``attrition_exempt``, ``attack_attrition_exempt``/``_reason``,
``supply_halves_movement``, ``exerts_zoc``); Serbia/Galicia's differs in being the
owner's choice, anywhere, and lasting one Player-Turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import Halving
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.serbia_galicia.data import option
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State

FORAGE_OPTION = "cavalry_forage"
#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    FORAGE_OPTION: OptionSpec(
        False,
        "Cavalry Forage (optional rule): cavalry may forage, exempt from attrition, at the"
        " price of its Zone of Control and half its attack",
        "serbia-galicia 24.0",
    ),
}

CASE = "serbia-galicia 24.0"
#: marker: a cavalry unit foraging this Player-Turn
FORAGING = "foraging"
#: serbia-galicia 24.0 the most Stacking Points in a foraging cavalry unit's hex
FORAGE_STACKING = 2
#: the segment's name in positions and its frame kind; the Interphase step's kind
SEGMENT = "cavalry_forage"
KIND = "serbia_galicia_cavalry_forage"
ENDS_KIND = "serbia_galicia_forage_ends"
FORAGE = "forage"
END = "end_segment"


def foraging(st: State, uid: str) -> bool:
    """serbia-galicia 24.0 the unit forages this Player-Turn."""
    return FORAGING in st.data["units"][uid]["markers"]


def forage_refusal(st: State, uid: str) -> str | None:
    """serbia-galicia 24.0 why the Phasing Player's unit may not forage now, or None."""
    ui = U.info(st, uid)
    rec = U.record(st, uid)
    if ui.type != "cavalry":
        return f"{ui.name} is not a cavalry unit"
    if rec["status"] != "on_map":
        return f"{ui.name} is not on the map"
    if foraging(st, uid):
        return f"{ui.name} already forages"
    here = rec["hex"]
    if stacking_points(st, here) > FORAGE_STACKING:
        return f"{here} holds {stacking_points(st, here)} Stacking Points, more than two"
    board = U.static(st).scenario.board
    for n in board.neighbours[here]:
        for other in U.units_in(st, n):
            oi = U.info(st, other)
            if oi.side != ui.side:
                return f"{ui.name} is adjacent to an Enemy unit ({oi.name} in {n})"
            if not supply.in_supply(st, other):
                return f"{ui.name} is adjacent to a Friendly unit out of supply ({oi.name} in {n})"
    return None


def may_forage(st: State, side: str) -> list[str]:
    """The Phasing Player's cavalry units that may forage now (none without the option)."""
    if not option(st, FORAGE_OPTION):
        return []
    return [
        uid
        for uid in U.on_map(st, side)
        if U.info(st, uid).type == "cavalry" and forage_refusal(st, uid) is None
    ]


def end_foraging(st: State) -> None:
    """serbia-galicia 24.1 (errata) foraging lasts the owning Player-Turn: the markers go."""
    U.clear_marker(st, FORAGING)


class ForageSegment(Handler):
    """serbia-galicia 24.0 the forage step of the Initial Supply Determination Segment:
    the Phasing Player declares which of his cavalry units forage, one at a time, then
    ends the step (it passes by itself when none may)."""

    kind = KIND
    case = CASE

    def setup(self, st: State, frame: Frame) -> None:
        end_foraging(st)  # the Player-Turn before this one has ended

    def actors(self, st: State, frame: Frame) -> list[str]:
        side = st.data["phasing"]
        return [side] if may_forage(st, side) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = [
            {"type": FORAGE, "unit": uid} for uid in may_forage(st, st.data["phasing"])
        ]
        return [*actions, {"type": END}]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == END:
            st.log(f"{side_name(st, role)} ends the cavalry forage step.", case=CASE)
            st.pop()
            return
        uid = action["unit"]
        U.add_marker(st, uid, FORAGING)
        st.log(
            f"{U.info(st, uid).name} forages: no attrition for lack of supply (24.0), moves"
            " normally without a Zone of Control this Player-Turn (24.1), attacks at half"
            " strength and then checks for attrition (24.2).",
            case=CASE,
        )

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        return "Cavalry forage (24.0): declare the cavalry units that forage, or end the step."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the forage step (24.0)."""
        kind, uid = action.get("type"), action.get("unit")
        if kind not in (FORAGE, END):
            return f"{kind!r} is not an action of the cavalry forage step ({FORAGE}, {END})", CASE
        if kind == END:
            return f"{END} takes no other fields", CASE
        if not option(st, FORAGE_OPTION):
            return "Cavalry Forage is an optional rule not in play", CASE
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", CASE
        if U.info(st, uid).side != st.data["phasing"]:
            return f"{U.info(st, uid).name} is not the Phasing Player's", CASE
        why = forage_refusal(st, uid)
        if why is not None:
            return why, CASE
        return f"a forage names only the unit: {{'type': 'forage', 'unit': {uid!r}}}", CASE

    def title(self, st: State, frame: Frame) -> str:
        return "Initial Supply Determination Segment: cavalry forage"


class ForageEnds(Handler):
    """serbia-galicia 24.1 (errata) in the Game-Turn Record Interphase the last
    Player-Turn's foragers have their Zones of Control again."""

    kind = ENDS_KIND
    case = "serbia-galicia 24.1"

    def run(self, st: State, frame: Frame) -> None:
        end_foraging(st)
        st.pop()


class CavalryForage:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    # --- the step -----------------------------------------------------------------------

    def segments(self, phase_kind: str) -> dict[str, str]:
        """serbia-galicia 24.0 the forage step opens the Initial Supply Determination
        Segment of each Movement Phase."""
        out: dict[str, str] = super().segments(phase_kind)  # type: ignore[misc]
        if "initial_supply" not in out:
            return out
        return {SEGMENT: KIND, **out}

    def interphase_steps(self, st: State) -> list[Any]:
        """serbia-galicia 24.1 foraging ends with the Player-Turn, before the Interphase."""
        return [ENDS_KIND, *super().interphase_steps(st)]  # type: ignore[misc]

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), ForageSegment(), ForageEnds()]  # type: ignore[misc]

    def position_markers(self) -> dict[str, str]:
        """serbia-galicia 24.0 a position may show foraging cavalry."""
        return {**super().position_markers(), FORAGING: CASE}  # type: ignore[misc]

    # --- 24.0 attrition, 24.1 movement and zones, 24.2 combat ---------------------------

    def attrition_exempt(self, st: State, uid: str) -> bool:
        """serbia-galicia 24.0 foraging cavalry suffer no attrition for lack of supply."""
        return foraging(st, uid) or bool(super().attrition_exempt(st, uid))  # type: ignore[misc]

    def attack_attrition_exempt(self, st: State, uid: str) -> bool:
        """serbia-galicia 24.2 foraging cavalry that attack check for attrition (9.23): the
        forage exemption does not spare them."""
        if foraging(st, uid):
            return bool(super().attrition_exempt(st, uid))  # type: ignore[misc]
        return bool(super().attack_attrition_exempt(st, uid))  # type: ignore[misc]

    def attack_attrition_due(self, st: State, uid: str) -> bool:
        """serbia-galicia 24.2 foraging cavalry check for attrition when they attack, in
        supply or not."""
        return foraging(st, uid) or bool(super().attack_attrition_due(st, uid))  # type: ignore[misc]

    def attack_attrition_reason(self, st: State, uid: str) -> tuple[str, str]:
        """serbia-galicia 24.2 names the check of foraging cavalry that attack."""
        if foraging(st, uid):
            return "attacks while foraging, as 9.23", "serbia-galicia 24.2"
        return super().attack_attrition_reason(st, uid)  # type: ignore[misc,no-any-return]

    def supply_halves_movement(self, st: State, uid: str) -> bool:
        """serbia-galicia 24.1 foraging cavalry move normally."""
        if foraging(st, uid):
            return False
        return bool(super().supply_halves_movement(st, uid))  # type: ignore[misc]

    def exerts_zoc(self, st: State, uid: str) -> bool:
        """serbia-galicia 24.1 foraging cavalry exert no Zone of Control (the owning
        Player's Player-Turn only: the marker goes when it ends)."""
        if foraging(st, uid):
            return False
        return bool(super().exerts_zoc(st, uid))  # type: ignore[misc]

    def attack_halvings(
        self, st: State, uid: str, targets: list[str], attack: Frame | None = None
    ) -> list[Halving]:
        """serbia-galicia 24.2 foraging cavalry attack at one-half their normal strength
        (never below one, as 9.21; once only when also out of supply)."""
        out: list[Halving] = super().attack_halvings(st, uid, targets, attack)  # type: ignore[misc]
        if foraging(st, uid) and not supply.attack_halved(st, uid):
            why = {"why": "foraging cavalry: halved, never below 1", "case": "serbia-galicia 24.2"}
            out.insert(0, Halving(why, 1))
        return out
