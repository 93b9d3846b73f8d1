"""9.3 Combat cards: each side secretly lays down DEFENCE, RETREAT, ATTACK or ASSAULT for
a clash; both are revealed together and their pairing decides what happens (9.3.1-9.3.7).

The ``clash_cards`` frame is one where both roles act at once (9.1.9 a): each
chooses in any order; neither choice appears in the other's view, legal
actions or log before both are down.  The reveal is logged for everyone and
makes every earlier action final (no undo past it).

Restrictions: a side with a unit carried by rail lays down only DEFENCE
(5.3.2); a garrison defending alone likewise (12.3.3: a garrison never
attacks or retreats).  Reading: when a garrison shares its hex with units, the
units choose freely and the garrison joins only a DEFENCE.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import railways, seats
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import case, clash_frame, side_name, side_roles

if TYPE_CHECKING:
    from greatwar.engine.state import State

DEFENCE, RETREAT, ATTACK, ASSAULT = "defence", "retreat", "attack", "assault"
CARDS = (DEFENCE, RETREAT, ATTACK, ASSAULT)
OFFENSIVE = frozenset({ATTACK, ASSAULT})

NONE, FREE_RETREAT, BOTH_RETREAT = "no_clash", "free_retreat", "both_retreat"
CLASH, RETREAT_ATTEMPT, ENCOUNTER = "clash", "retreat_attempt", "encounter"


def card_name(card: str) -> str:
    return card.upper()


@dataclass(frozen=True)
class Outcome:
    """What a pairing of cards makes of a clash (9.3.1-9.3.7)."""

    kind: str
    case: str
    #: the side that attacks (CLASH, RETREAT_ATTEMPT); in an encounter it is rolled for
    attacker: str | None = None
    #: sides that retreat, in the order they do (9.3.3: the initiative holder first)
    retreating: tuple[str, ...] = ()

    def describe(self, st: State) -> str:
        if self.kind == NONE:
            return "both defend: no clash, nobody moves"
        if self.kind in (FREE_RETREAT, BOTH_RETREAT):
            who = " then ".join(side_name(st, s) for s in self.retreating)
            return f"no clash: {who} retreat{'s' if len(self.retreating) == 1 else ''} freely"
        if self.kind == CLASH:
            return f"{side_name(st, self.attacker or '')} attack"
        if self.kind == RETREAT_ATTEMPT:
            return (
                f"{side_name(st, self.retreating[0])} attempt a retreat under the attack of"
                f" {side_name(st, self.attacker or '')}"
            )
        return "an encounter battle"


def outcome(cards: dict[str, str], holder: str, sides: tuple[str, str]) -> Outcome:
    """9.3 the pairing of the two sides' cards; ``holder`` holds the initiative (9.3.3)."""
    a, b = sides
    ca, cb = cards[a], cards[b]
    if ca == DEFENCE and cb == DEFENCE:
        return Outcome(NONE, case("9.3.1"))
    if RETREAT in (ca, cb) and DEFENCE in (ca, cb):
        return Outcome(FREE_RETREAT, case("9.3.2"), retreating=(a if ca == RETREAT else b,))
    if ca == RETREAT and cb == RETREAT:
        order = (holder, b if holder == a else a)
        return Outcome(BOTH_RETREAT, case("9.3.3"), retreating=order)
    if DEFENCE in (ca, cb):
        attacker = a if ca in OFFENSIVE else b
        which = "9.3.5" if cards[attacker] == ASSAULT else "9.3.4"
        return Outcome(CLASH, case(which), attacker=attacker)
    if RETREAT in (ca, cb):
        retreating = a if ca == RETREAT else b
        attacker = b if retreating == a else a
        return Outcome(RETREAT_ATTEMPT, case("9.3.6"), attacker=attacker, retreating=(retreating,))
    return Outcome(ENCOUNTER, case("9.3.7"))


def allowed_cards(st: State, clash: Frame, side: str) -> tuple[list[str], str | None]:
    """The cards ``side`` may lay down in this clash, and the case that limits them."""
    units = clash["sides"][side]["units"]
    if railways.only_defence(st, units):
        return [DEFENCE], case("5.3.2")
    if not units and clash["sides"][side]["garrisons"]:
        return [DEFENCE], case("12.3.3")
    return list(CARDS), None


def card_role(clash: Frame, side: str) -> str:
    return clash["sides"][side]["role"]  # type: ignore[no-any-return]


class CardsFrame(Handler):
    """9.1.9 a: both sides lay down a card at the same time."""

    kind = "clash_cards"
    case = case("9.3")

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("chosen", {})

    def _waiting(self, st: State, frame: Frame) -> list[str]:
        return [s for s in U.static(st).side_ids if s not in frame["chosen"]]

    def actors(self, st: State, frame: Frame) -> list[str]:
        clash = clash_frame(st)
        return [card_role(clash, s) for s in self._waiting(st, frame)]

    def _side_of(self, st: State, frame: Frame, role: str) -> str | None:
        clash = clash_frame(st)
        for side in self._waiting(st, frame):
            if card_role(clash, side) == role:
                return side
        return None

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        side = self._side_of(st, frame, role)
        if side is None:
            return []
        cards, _ = allowed_cards(st, clash_frame(st), side)
        return [{"type": "card", "card": c} for c in cards]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        side = self._side_of(st, frame, role)
        assert side is not None
        frame["chosen"][side] = action["card"]
        clash = clash_frame(st)
        st.log(
            f"Clash {clash['n']}: {seats.role_name(st.game, role)} card:"
            f" {card_name(action['card'])} (hidden from the enemy until both cards are down).",
            case=case("9.1.9"),
            to=side_roles(st, side),
        )
        if not self._waiting(st, frame):
            self._reveal(st, frame, clash)

    def _reveal(self, st: State, frame: Frame, clash: Frame) -> None:
        """Both cards are turned over together; nothing before this may be undone."""
        st.mark_irreversible()
        clash["cards"] = dict(frame["chosen"])
        sides = U.static(st).side_ids
        shown = ", ".join(f"{side_name(st, s)} {card_name(clash['cards'][s])}" for s in sides)
        result = outcome(clash["cards"], clash["holder"], (sides[0], sides[1]))
        st.log(
            f"Clash {clash['n']}: the cards are revealed: {shown}: {result.describe(st)}.",
            case=result.case,
        )
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        clash = clash_frame(st)
        side = self._side_of(st, frame, role)
        cards, why = allowed_cards(st, clash, side or "")
        offered = ", ".join(card_name(c) for c in cards)
        note = f" ({why})" if why else ""
        return f"Clash {clash['n']}: lay down your combat card: {offered}{note}."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        side = self._side_of(st, frame, role)
        card = action.get("card")
        if side is None:
            return "your card for this clash is already down", case("9.1.9")
        if card not in CARDS:
            return f"{card!r} is not a combat card (defence, retreat, attack, assault)", case("9.3")
        cards, why = allowed_cards(st, clash_frame(st), side)
        if card not in cards:
            if why == case("5.3.2"):
                return "units carried by rail lay down only DEFENCE", why
            return "a garrison alone only defends", why
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return f"Combat cards of clash {clash_frame(st)['n']}"
