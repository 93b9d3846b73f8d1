"""Ending the game early by mutual agreement between the Players (Caporetto 4.1: "The
game is played in 15 Game-Turns ... but may be ended earlier by mutual agreement between
the Players").

An agreement between the Players, not a ruling on the map: the mechanism is the same for
every game and is off unless the game's rules switch it on
(:meth:`~greatwar.rules.gwite.sequence.SequenceRules.ends_by_agreement` gives the case
that allows it; the standard rules give none and play every Game-Turn).

When (the reading, docs/readings.md, Caporetto): at the Game-Turn Record
Interphase of every Game-Turn but the last, after the game's own steps of the
Interphase and before the Game-Turn marker advances.  The Player whose Player-Turn comes
first is asked first: he proposes to end the game or plays on; then the other.  A
proposal is answered by the other Player (the proposer waits): accepted, the game ends
and is scored as at the end of the game, the log saying it ended by agreement on that
Game-Turn; declined, play goes on and no other proposal is made in this Interphase (the
Player who declined has just said he plays on).  So each Interphase holds at most one
proposal and play can never loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the frame kind of the agreement step (registered by the standard rules, pushed only
#: in a game whose rules allow an agreed end)
KIND = "agreed_end"
#: state key, written only when the Players agree: the Game-Turn and the case
AGREED = "agreed_end"

PROPOSE, PLAY_ON = "propose_end", "play_on"
ACCEPT, DECLINE = "accept_end", "decline_end"
#: the actions of each stage, the one that goes on with the game first
ASKED = ({"type": PLAY_ON}, {"type": PROPOSE})
ANSWERING = ({"type": DECLINE}, {"type": ACCEPT})


def case(st: State) -> str | None:
    """The case of the game's rules that allows an agreed end, or None."""
    return U.rules(st).ends_by_agreement(st)  # type: ignore[no-any-return]


def steps(st: State) -> list[str]:
    """The agreement step of this Interphase: none in a game whose rules do not allow it,
    none on the last Game-Turn (the game ends anyway)."""
    if case(st) is None or st.data["turn"] >= st.game.scenario.info.turns:
        return []
    return [KIND]


def ended_by_agreement(st: State) -> dict[str, Any] | None:
    """The agreement that ended the game (its Game-Turn, case, who proposed), or None."""
    return st.data.get(AGREED)


def with_agreement(st: State, result: dict[str, Any]) -> dict[str, Any]:
    """The game's result, saying that the game ended by agreement when it did."""
    agreed = ended_by_agreement(st)
    if agreed is None:
        return result
    said = f"ended by mutual agreement on Game-Turn {agreed['turn']} ({agreed['case']})"
    return {
        **result,
        "ended_by_agreement": agreed["turn"],
        "agreement_case": agreed["case"],
        "summary": f"{said[0].upper()}{said[1:]}; {result.get('summary', '')}".rstrip("; "),
    }


def _order(st: State) -> list[str]:
    """Who is asked first: the Player whose Player-Turn comes first, then the other."""
    first = U.static(st).first_side
    return [first, U.enemy_of(st, first)]


def _waiting(st: State, frame: Frame) -> str | None:
    """The Player the step waits for, or None when both have played on."""
    proposer = frame.get("proposer")
    if proposer is not None:
        return U.enemy_of(st, proposer)
    return next((s for s in _order(st) if s not in frame["played_on"]), None)


class AgreedEnd(Handler):
    """4.1 (Caporetto) a proposal to end the game now, accepted or declined."""

    kind = KIND

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("played_on", [])
        frame.setdefault("proposer", None)

    def case_of(self, st: State, frame: Frame) -> str | None:
        return case(st)

    def actors(self, st: State, frame: Frame) -> list[str]:
        waiting = _waiting(st, frame)
        return [] if waiting is None else [waiting]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if role != _waiting(st, frame):
            return []
        actions = ANSWERING if frame["proposer"] is not None else ASKED
        return [dict(a) for a in actions]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind, allowed, turn = action["type"], case(st), st.data["turn"]
        if kind == PLAY_ON:
            frame["played_on"].append(role)
        elif kind == PROPOSE:
            frame["proposer"] = role
            st.log(
                f"{side_name(st, role)} propose to end the game now, on Game-Turn {turn}.",
                case=allowed,
            )
        elif kind == DECLINE:
            st.log(f"{side_name(st, role)} decline to end the game: play goes on.", case=allowed)
            st.pop()
        elif kind == ACCEPT:
            st.data[AGREED] = {"turn": turn, "case": allowed, "proposer": frame["proposer"]}
            st.log(
                f"{side_name(st, role)} accept: the game ends by mutual agreement on"
                f" Game-Turn {turn}, scored as at the end of the game.",
                case=allowed,
            )
            st.finish()

    def run(self, st: State, frame: Frame) -> None:
        st.pop()  # both Players played on

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        allowed, turn = case(st), st.data["turn"]
        now = U.rules(st).result(st).get("summary", "")
        scored = f" Ended now: {now}." if now else ""
        proposer = frame["proposer"]
        if proposer is not None:
            return (
                f"{side_name(st, proposer)} propose to end the game now, on Game-Turn"
                f" {turn} ({allowed}): accept, or decline and play on.{scored}"
            )
        return (
            f"Game-Turn {turn} is over: propose to end the game now by mutual agreement"
            f" ({allowed}), or play on.{scored}"
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        if frame["proposer"] is not None:
            reason = (
                f"{side_name(st, frame['proposer'])} have proposed to end the game: the"
                " proposal is accepted or declined"
            )
        else:
            reason = "at the end of a Game-Turn a Player proposes to end the game or plays on"
        return reason, case(st)

    def title(self, st: State, frame: Frame) -> str:
        return "Ending the game by mutual agreement"
