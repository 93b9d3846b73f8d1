"""Helpers for the clash tests (9.0) on the FICTIONAL teaching map.

The arena: the clear country around A16 B21 (German territory, no river, no
town).  The six neighbours of A16 B21 are A16 B22, A17 B21, A17 B20, A16 B20,
A15 B21 and A15 B22.  Positions start at the clash phase of the last stage
(stage 10 of 10), so the game ends when the phase does and no later phase
rolls a die.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from greatwar.engine.state import State

Position = Callable[..., State]


def at_clash(position: Position, units: dict[str, Any], **kw: Any) -> State:
    """A position at the clash phase of the last stage."""
    kw.setdefault("stage", 10)
    kw.setdefault("turns", 10)
    return position(units, phase="clash", **kw)


def form(
    st: State, focal: str, drop: Iterable[str] = (), add: Iterable[str] = (), role: str = "german"
) -> None:
    """The holder names a clash at ``focal`` (every enemy hex next to it, less ``drop``,
    plus ``add``) and fights it."""
    st.apply(role, {"type": "clash", "hex": focal})
    for h in drop:
        st.apply(role, {"type": "drop_hex", "hex": h})
    for h in add:
        st.apply(role, {"type": "add_hex", "hex": h})
    st.apply(role, {"type": "fight"})


def play_cards(st: State, german: str, russian: str) -> None:
    """Both sides lay down their cards (the German first)."""
    st.apply("german", {"type": "card", "card": german})
    st.apply("russian", {"type": "card", "card": russian})


def texts(st: State, role: str | None = None) -> list[str]:
    """The log's texts (as ``role`` reads them, or all)."""
    if role is None:
        return [e["text"] for e in st.data["log"]]
    return [e["text"] for e in st.view(role)["log"]]


def lost(st: State, uid: str) -> tuple[str, int, int]:
    """(status, level, endurance lost on the level) of a unit."""
    u = st.data["units"][uid]
    return u["status"], u["level"], u["lost"]


def hex_of(st: State, uid: str) -> str | None:
    return st.data["units"][uid]["hex"]  # type: ignore[no-any-return]


def top_kind(st: State) -> str | None:
    top = st.top()
    return None if top is None else top["kind"]


def act(st: State, role: str, action_type: str, **fields: Any) -> None:
    """Apply the first legal action of ``role`` of a type (and fields) — it must exist."""
    for a in st.legal_actions(role):
        if a["type"] == action_type and all(a.get(k) == v for k, v in fields.items()):
            st.apply(role, a)
            return
    raise AssertionError(f"no {action_type} {fields} among {st.legal_actions(role)}")


def masked_clash(
    position: Position, units: dict[str, Any], masks: dict[str, tuple[str, list[str]]]
) -> State:
    """A position at the clash phase of the last stage with masks already down (as
    ``masking_kit.masked``); the phase's list of who must fight (9.1.2) is taken with the
    masks in place, as it is when a game reaches the phase."""
    from greatwar.rules.tannenberg import clash, masking, seats

    st = position(units, paused=True, phase="clash", stage=10, turns=10)
    for mask, (hex_label, hidden) in masks.items():
        side = st.game.static.units[mask].side
        role = seats.role_of_unit(st, hidden[0]) if hidden else seats.senior_role(st.game, side)
        masking.put_mask(st, mask, hex_label, hidden, role)
    phase = st.top()
    assert phase is not None and phase["kind"] == "clash_phase"
    phase["must"], phase["must_forts"] = clash.must_fight(st)
    st._settle()
    return st


# --- the clash at resolution ---------------------------------------------------------------
#
# A rule that changes a clash's result is tested where the result is made: the clash is
# played through (cards, artillery) with fixed dice, and the test reads the 9.1.9 log
# line (ratio, modifiers, column, die, losses) and the endurance the units lost.  The card
# matrix a role saw before laying its card (the view's ``pairings``) is the preview: the
# resolution must give the numbers it showed.

CLASH_RESULT = re.compile(
    r"Clash (?P<n>\d+): (?P<side>\w+) attack (?P<attack>\d+) to (?P<defence>\d+)"
    r" \((?P<ratio>[^)]*)\)(?:, (?P<mods>.*))?: column (?P<column>\S+), die (?P<die>\d+)"
    r": attacker loses (?P<attacker_loss>\d+), defender (?P<defender_loss>\d+)"
)
RETREAT_ATTEMPT = re.compile(
    r"Clash (?P<n>\d+): retreat attempt, column (?P<column>\S+), die (?P<die>\d+)"
    r"(?: (?P<shift>[+-]\d+) \((?P<mods>.*)\))? = (?P<modified>-?\d+)"
    r": each retreating unit loses (?P<loss>\d+|nothing)"
)
MODIFIER = re.compile(r"(?P<why>.+?) (?P<value>[+-]\d+)(?:; |$)")

#: (attack, defence, ratio, modifier values, column): what a preview shows and a
#: resolution logs
Numbers = tuple[int, int, str, tuple[int, ...], str]


def _modifiers(text: str | None) -> tuple[tuple[str, int], ...]:
    if not text:
        return ()
    return tuple((m["why"], int(m["value"])) for m in MODIFIER.finditer(text))


@dataclass(frozen=True)
class Resolution:
    """A clash as the 9.1.9 log line resolved it."""

    attacker: str  # the attacking side as the log names it ("Germans", "Russians")
    attack: int
    defence: int
    ratio: str
    modifiers: tuple[tuple[str, int], ...]
    column: str
    die: int
    attacker_loss: int
    defender_loss: int

    @property
    def shifts(self) -> list[int]:
        return [value for _, value in self.modifiers]

    @property
    def numbers(self) -> Numbers:
        return (self.attack, self.defence, self.ratio, tuple(self.shifts), self.column)

    def modifier(self, words: str) -> int:
        """The value of the one modifier whose reason contains ``words``."""
        (value,) = [v for why, v in self.modifiers if words in why]
        return value


def resolution(st: State, n: int = 1) -> Resolution:
    """Clash ``n``'s 9.1.9 log line, parsed (it must be there)."""
    for text in texts(st):
        found = CLASH_RESULT.match(text)
        if found and int(found["n"]) == n:
            return Resolution(
                attacker=found["side"],
                attack=int(found["attack"]),
                defence=int(found["defence"]),
                ratio=found["ratio"],
                modifiers=_modifiers(found["mods"]),
                column=found["column"],
                die=int(found["die"]),
                attacker_loss=int(found["attacker_loss"]),
                defender_loss=int(found["defender_loss"]),
            )
    raise AssertionError(f"clash {n} was not resolved: {texts(st)}")


@dataclass(frozen=True)
class Attempt:
    """A retreat attempt (9.3.6) as its log line resolved it."""

    column: str
    die: int
    modifiers: tuple[tuple[str, int], ...]
    modified: int
    loss: int

    @property
    def shifts(self) -> list[int]:
        return [value for _, value in self.modifiers]


def attempt_resolution(st: State, n: int = 1) -> Attempt:
    """Clash ``n``'s retreat attempt log line, parsed (it must be there)."""
    for text in texts(st):
        found = RETREAT_ATTEMPT.match(text)
        if found and int(found["n"]) == n:
            return Attempt(
                column=found["column"],
                die=int(found["die"]),
                modifiers=_modifiers(found["mods"]),
                modified=int(found["modified"]),
                loss=0 if found["loss"] == "nothing" else int(found["loss"]),
            )
    raise AssertionError(f"clash {n} made no retreat attempt: {texts(st)}")


def pairing(st: State, role: str, mine: str, theirs: str) -> dict[str, Any]:
    """The entry of ``role``'s card matrix (the view's ``pairings``) for laying ``mine``
    against the opponent's ``theirs``: what the role is shown before it commits."""
    entries = st.view(role)["clash"]["current"]["pairings"]
    return next(p for p in entries if (p["mine"], p["theirs"]) == (mine, theirs))


def previewed(st: State, german: str, russian: str, role: str = "german") -> Numbers:
    """The numbers ``role``'s card matrix shows for the German and the Russian cards (for
    an encounter battle, those of the side the test then sees win the roll: call
    :func:`previewed_encounter`)."""
    mine, theirs = (german, russian) if role == "german" else (russian, german)
    return ratio_numbers(pairing(st, role, mine, theirs)["ratio"])


def previewed_encounter(st: State, german: str, russian: str, attacker: str) -> Numbers:
    """The German card matrix's numbers for an encounter battle ``attacker`` wins."""
    return ratio_numbers(pairing(st, "german", german, russian)["if_attacker"][attacker])


def ratio_numbers(ratio: dict[str, Any]) -> Numbers:
    shifts = tuple(int(m["value"]) for m in ratio["modifiers"])
    return (int(ratio["attack"]), int(ratio["defence"]), ratio["ratio"], shifts, ratio["column"])


def stand(st: State, role: str) -> None:
    """The defender takes its losses where it stands (9.5.1: flee 0 hexes)."""
    st.apply(role, {"type": "flee", "hexes": 0})


def at_clash_with(
    position: Position, units: dict[str, Any], prepare: Callable[[State], None], **kw: Any
) -> State:
    """A position at the clash phase of the last stage, changed by ``prepare`` (levels,
    endurance, trenches, fortification damage ...) before its first frame runs."""
    kw.setdefault("stage", 10)
    kw.setdefault("turns", 10)
    st = position(units, phase="clash", paused=True, **kw)
    prepare(st)
    st._settle()
    return st


def wear(st: State, worn: dict[str, tuple[int, int]]) -> None:
    """Put units on a combat-efficiency level with endurance points lost there (2.3):
    ``{unit: (level, lost)}``, level 0 the front, 1 the back."""
    from greatwar.rules.tannenberg import units as U

    for uid, (level, points) in worn.items():
        record = st.data["units"][uid]
        record["level"], record["lost"] = level, points
        U._touch(st, uid)


def fight(st: State, focal: str, german: str, russian: str, role: str = "german") -> Numbers:
    """The German forms the clash at ``focal`` (every enemy hex next to it), ``role``'s
    card matrix is read for the cards, and both are laid down; returns the numbers the
    matrix showed."""
    form(st, focal)
    shown = previewed(st, german, russian, role)
    play_cards(st, german, russian)
    return shown


def retreat_under(st: State, focal: str, german: str, russian: str, first: str) -> dict[str, Any]:
    """As :func:`fight` for a retreat attempt (9.3.6): the retreating side's card matrix
    entry is read, the cards laid down, and the retreating side names ``first`` as the
    first hex of its route (9.8); returns the matrix's ``retreat_attempt``."""
    retreating = "german" if german == "retreat" else "russian"
    mine, theirs = (german, russian) if retreating == "german" else (russian, german)
    form(st, focal)
    shown: dict[str, Any] = pairing(st, retreating, mine, theirs)["retreat_attempt"]
    play_cards(st, german, russian)
    act(st, retreating, "first_step", to=first)
    return shown
