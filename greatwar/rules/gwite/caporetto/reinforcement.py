"""Reinforcements in Caporetto (caporetto 14.12, 14.3, 14.4): entrained arrival, the one
Allied entry hex and blocked entry, the Central Powers' unlettered arrivals.

* 14.12 every reinforcement arrives entrained (when it enters on a rail hex, as the
  standard 14.12 places it), whatever its counter says; the Allies' do not count against
  Rail Capacity on their Game-Turn of arrival, the Central Powers' do (5.31): the
  scenario's ``rail_capacity_counts_reinforcements``.
* 14.3 Allied reinforcements arrive only at ``[special] allied_entry``: even in an Enemy
  Zone of Control, never while the hex is Enemy-occupied; then they wait (no alternative
  hex, 14.22, and no off-map journey, 14.23: "only").
* 14.4 a Central Powers reinforcement printed without a letter (``entry = "any"`` on its
  counter) may arrive at any lettered entry hex of the Central Powers (every lettered
  entry but the Allies' hex of 14.3) or at ``[special] unlettered_entries``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.model.board import ANY_ENTRY
from greatwar.rules.gwite import rail, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import data as D
from greatwar.rules.gwite.movement_extension import blocked_hexes

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Counter

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: the side whose reinforcements 14.3 sends to one hex, and the side 14.4 speaks of
ALLIED = "allied"
CENTRAL = "central"


def allied_entry(st: State, uid: str) -> str | None:
    """caporetto 14.3 the one hex where the unit arrives, when it is an Allied unit and
    the scenario names the hex."""
    if U.info(st, uid).side != ALLIED:
        return None
    return D.data(st).allied_entry or None


def unlettered(st: State, uid: str) -> bool:
    """caporetto 14.4 the counter shows only its Game-Turn of arrival, no letter."""
    return U.info(st, uid).arrive_entry == ANY_ENTRY  # type: ignore[no-any-return]


def unlettered_hexes(st: State) -> list[str]:
    """caporetto 14.4 where a Central Powers reinforcement without a letter may arrive:
    every lettered entry hex but the Allies' (14.3), and ``[special]
    unlettered_entries``."""
    board = U.static(st).scenario.board
    allied = D.data(st).allied_entry
    out: list[str] = []
    for letter in sorted(board.entries):
        for h in board.entries[letter].hexes:
            if h != allied and h not in out:
                out.append(h)
    for h in D.data(st).unlettered_entries:
        if h not in out:
            out.append(h)
    return out


class CaporettoReinforcement:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def reinforcement_entry_hexes(self, st: State, uid: str) -> list[str]:
        """caporetto 14.3 the Allies' one hex; 14.4 the hexes of an unlettered arrival (no
        printed hex to ask the parts after this one about)."""
        if unlettered(st, uid):
            return unlettered_hexes(st)
        given: list[str] = super().reinforcement_entry_hexes(st, uid)  # type: ignore[misc]
        only = allied_entry(st, uid)
        return [only] if only is not None else given

    def reinforcement_entry_case(self, st: State, uid: str) -> str:
        """caporetto 14.3 the Allies' one hex; 14.4 an unlettered arrival's hexes."""
        given: str = super().reinforcement_entry_case(st, uid)  # type: ignore[misc]
        if unlettered(st, uid):
            return "caporetto 14.4"
        return "caporetto 14.3" if allied_entry(st, uid) is not None else given

    def reinforcement_entrained(self, st: State, uid: str) -> bool:
        """caporetto 14.12 all reinforcements arrive entrained."""
        super().reinforcement_entrained(st, uid)  # type: ignore[misc]
        return True

    def reinforcement_entry_refusal(
        self, st: State, uid: str, hex_label: str
    ) -> tuple[str, str] | None:
        """caporetto 14.3 the Allied entry hex refuses arrivals only while Enemy-occupied
        (an Enemy Zone of Control does not bar it)."""
        given: tuple[str, str] | None = super().reinforcement_entry_refusal(st, uid, hex_label)  # type: ignore[misc]
        if given is None or allied_entry(st, uid) != hex_label:
            return given
        side = U.info(st, uid).side
        occupant = U.hex_side(st).get(hex_label)
        if (occupant is not None and occupant != side) or hex_label in blocked_hexes(st, side):
            return (
                f"{hex_label} is Enemy-occupied: Allied reinforcements cannot arrive this"
                " Game-Turn",
                "caporetto 14.3",
            )
        return None  # 14.3 "even if the hex is in an enemy Zone of Control"

    def reinforcement_reroute_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """caporetto 14.3 Allied reinforcements arrive at their hex "only": no alternative
        hex (14.22), no off-map journey (14.23)."""
        given: tuple[str, str] | None = super().reinforcement_reroute_refusal(st, uid)  # type: ignore[misc]
        only = allied_entry(st, uid)
        if given is None and only is not None:
            return (
                f"Allied reinforcements arrive at {only} only: {U.info(st, uid).name} waits"
                " until it is free",
                "caporetto 14.3",
            )
        return given

    def unlettered_entry_case(self, scenario: Scenario, counter: Counter) -> str | None:
        """caporetto 14.4 Central Powers reinforcements may be printed without a letter."""
        given: str | None = super().unlettered_entry_case(scenario, counter)  # type: ignore[misc]
        return "caporetto 14.4" if counter.side == CENTRAL else given

    def reinforcement_arrived(self, st: State, uid: str) -> None:
        """Say which of Caporetto's cases the arrival applied (14.3, 14.4, 14.12)."""
        super().reinforcement_arrived(st, uid)  # type: ignore[misc]
        ui = U.info(st, uid)
        here = U.record(st, uid)["hex"]
        if allied_entry(st, uid) == here:
            in_zoc = here in zoc.enemy_controlled(st, ui.side)
            st.log(
                f"{ui.name} arrives at {here}, the one hex of Allied reinforcements"
                + (", in an Enemy Zone of Control." if in_zoc else "."),
                case="caporetto 14.3",
            )
        elif unlettered(st, uid):
            st.log(
                f"{ui.name}, printed without a letter, arrives at {here}, one of the hexes"
                f" open to it ({', '.join(unlettered_hexes(st))}).",
                case="caporetto 14.4",
            )
        if U.has_marker(st, uid, rail.ENTRAINED):
            counts = not U.has_marker(st, uid, rail.RAIL_EXEMPT)
            st.log(
                f"{ui.name} arrives entrained (all reinforcements do);"
                + (
                    " it counts against its Rail Capacity this Game-Turn."
                    if counts
                    else " it does not count against Rail Capacity this Game-Turn."
                ),
                case="caporetto 14.12",
            )

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """caporetto 14.3, 14.4 the entry hexes of ``[special]`` are hexes of the map."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # reported by place (the [special] check)
        board = scenario.board
        named = [("allied_entry", found.allied_entry)] if found.allied_entry else []
        named += [(f"unlettered_entries.{i}", h) for i, h in enumerate(found.unlettered_entries)]
        for where, h in named:
            if not board.on_map(h):
                problems.add(
                    ("special", *where.split(".")),
                    f"{h!r} is not a hex of the map (caporetto 14.3, 14.4 entry hexes)",
                )
