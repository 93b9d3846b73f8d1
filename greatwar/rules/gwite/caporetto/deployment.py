"""The pre-game deployment (caporetto 25.2-25.33, Appendix A and B): the Tyrol Offensive's
set-up choices and free deployment.

Before Game-Turn 1 each Player with something to set up has a deployment step (a frame
of :meth:`pregame_steps`): the Allied Player first (25.31), then the Central Powers.  His
legal actions are each unit with each hex it may be set up in (``deploy``) and ``end_deployment``.

* 25.21, 25.22, 25.33: the counters of the scenario's ``[special] deployment`` set-ups,
  printed with no set-up hex (or, the French and British, with an arrival), go to the
  hexes of the set-up's region (or the side's own fortress hexes, 25.33), within the
  Stacking Limit (6.0).  Each must be set up before ``end_deployment`` (see the readings) unless
  no hex is left for it.
* 25.23: up to 4 of the ``[special] transfer`` Stosstruppen divisions may leave their
  set-up hexes for the transfer region; with 2 transferred one corps HQ, with 4 one army
  HQ may go too; the vacated unit (the A-H 33rd) may set up in any hex vacated.
* Appendix A (options): every unit of the side already on the map may be set up again
  anywhere on its side of the trench lines (``[special] deployment_regions``).
* Appendix B (options): a set-up whose ``if_option`` is off, or ``unless_option`` on, is
  not made: its counters stay out of play (that side plays the other order of battle).

Each unit is set up once in a deployment (an undo takes it back); the counters are
face-up: the second Player sees the first's set-up (docs/readings.md, Caporetto).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import data as D
from greatwar.rules.gwite.deployment import SetUpStep, fits, region_hexes
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario

KIND = "caporetto_deployment"
#: Appendix A: free deployment for either or both Players
FREE_ALLIED = "free_deployment_allied"
FREE_CENTRAL = "free_deployment_central"
FREE = {"allied": FREE_ALLIED, "central": FREE_CENTRAL}
#: Appendix B: a side plays the other scenario's order of battle
MATCHED_ALLIED = "matched_ob_allied"
MATCHED_CENTRAL = "matched_ob_central"

#: caporetto 25.23: at most 4 divisions; 2 bring a corps HQ, 4 an army HQ
TRANSFER_LIMIT = 4
CORPS_HQ_AT = 2
ARMY_HQ_AT = 4
#: caporetto 25.31: the Allied Player sets up first (provisional for free deployment in
#: the historical scenario: see the readings)
FIRST = "allied"
#: Appendix A is no numbered case (the case index has none): it is named in the text
CASE_A = "caporetto Appendix A"


def cite(text: str, case: str) -> tuple[str, str | None]:
    """A log line or a refusal with its case; Appendix A's named in the text instead."""
    return (f"{text} ({CASE_A})", None) if case == CASE_A else (text, case)


#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    FREE_ALLIED: OptionSpec(
        False,
        "Free deployment: the Allied Player sets up his units anywhere on the Allied side"
        " of the trench lines before Game-Turn 1 (Appendix A)",
        "",
    ),
    FREE_CENTRAL: OptionSpec(
        False,
        "Free deployment: the Central Powers Player sets up his units anywhere on his side"
        " of the trench lines before Game-Turn 1 (Appendix A)",
        "",
    ),
    MATCHED_ALLIED: OptionSpec(
        False,
        "Matched orders of battle: the Allies play the other scenario's order of battle"
        " (the scenario's Allied set-ups marked for it are made or left out; Appendix B)",
        "",
    ),
    MATCHED_CENTRAL: OptionSpec(
        False,
        "Matched orders of battle: the Central Powers play the other scenario's order of"
        " battle (the Tyrol's extra units and transfer in the historical game, or none of"
        " them in the Tyrol Offensive; Appendix B)",
        "",
    ),
}


# --- what the scenario gives ---------------------------------------------------------


def _on(options: dict[str, Any], entry: D.SetUp | D.Transfer) -> bool:
    """Appendix B: whether a set-up is made under these options."""
    if entry.if_option and not options.get(entry.if_option):
        return False
    return not (entry.unless_option and options.get(entry.unless_option))


def _options(st: State) -> dict[str, Any]:
    return {name: D.option(st, name) for name in U.rules(st).options}


def setups(st: State, side: str) -> list[D.SetUp]:
    """The set-ups of ``side`` made in this game (25.21, 25.22, 25.33)."""
    options = _options(st)
    return [s for s in D.data(st).deployment if s.side == side and _on(options, s)]


def transfer(st: State, side: str) -> D.Transfer | None:
    """25.23 the transfer, when it is ``side``'s and made in this game (and the side is not
    deploying freely: then every unit may go anywhere on its side anyway)."""
    t = D.data(st).transfer
    if t is None or t.side != side or not _on(_options(st), t) or free(st, side):
        return None
    return t


def free(st: State, side: str) -> bool:
    """Appendix A: whether ``side`` deploys freely in this game."""
    return bool(side in FREE and D.option(st, FREE[side]))


def deploys(st: State, side: str) -> bool:
    """Whether ``side`` has a deployment step before Game-Turn 1."""
    return bool(setups(st, side) or transfer(st, side) or free(st, side))


def order(st: State) -> list[str]:
    """25.31 the Allied Player sets up first, then the Central Powers."""
    sides = [s.id for s in st.game.scenario.sides]
    return sorted(sides, key=lambda s: s != FIRST)


# --- where a unit may be set up ------------------------------------------------------


def fortress_hexes(st: State, side: str) -> list[str]:
    """25.33 the side's own fortress hexes (a fortress of one of its nationalities'
    countries)."""
    scenario = U.static(st).scenario
    countries = {n for s in scenario.sides if s.id == side for n in s.nationalities}
    return sorted(h for h, f in scenario.board.fortresses.items() if f.country in countries)


# --- the deployment step -------------------------------------------------------------


class DeploymentStep(SetUpStep):
    """One Player's set-up before Game-Turn 1 (25.2-25.33, Appendix A)."""

    kind = KIND
    case = "caporetto 25.31"
    stacking_case = "caporetto 6.0"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("placed", [])  # units set up in this step (each once)
        frame.setdefault("transferred", [])  # 25.23 divisions transferred
        frame.setdefault("hqs", [])  # 25.23 HQs transferred
        frame.setdefault("vacated", [])  # 25.23 hexes vacated

    # --- the units and their hexes ---

    def candidates(self, st: State, frame: Frame) -> dict[str, tuple[list[str], str]]:
        """Each unit the Player may set up now, with its hexes (before the Stacking Limit)
        and the case that lets him."""
        side = frame["side"]
        placed = set(frame["placed"])
        out: dict[str, tuple[list[str], str]] = {}
        if free(st, side):  # Appendix A: every unit on the map may go anywhere on its side
            hexes = region_hexes(st, D.data(st).deployment_regions.get(side, ""))
            for uid in U.on_map(st, side):
                if uid not in placed and uid != D.data(st).rommel:
                    out[uid] = (hexes, CASE_A)
        for s in setups(st, side):
            hexes = fortress_hexes(st, side) if s.fortresses else region_hexes(st, s.region)
            for uid in s.units:
                if uid not in placed and U.record(st, uid)["status"] != "on_map":
                    out[uid] = (hexes, s.case)
        t = transfer(st, side)
        if t is not None:
            out.update(self._transfer_candidates(st, frame, t))
        return {uid: c for uid, c in out.items() if uid not in placed}

    def _transfer_candidates(
        self, st: State, frame: Frame, t: D.Transfer
    ) -> dict[str, tuple[list[str], str]]:
        """25.23 the divisions while fewer than 4 are transferred, the HQs their number
        allows, the vacated unit to the hexes vacated."""
        hexes = region_hexes(st, t.region)
        done = frame["transferred"]
        out: dict[str, tuple[list[str], str]] = {}
        if len(done) < TRANSFER_LIMIT:
            for uid in t.units:
                if U.record(st, uid)["status"] == "on_map":
                    out[uid] = (hexes, t.case)
        moved_hqs = set(frame["hqs"])
        for hqs, at in ((t.corps_hqs, CORPS_HQ_AT), (t.army_hqs, ARMY_HQ_AT)):
            if len(done) >= at and not moved_hqs & set(hqs):
                for uid in hqs:
                    if U.record(st, uid)["status"] == "on_map":
                        out[uid] = (hexes, t.case)
        unit = t.vacated_unit
        if unit and frame["vacated"] and U.record(st, unit)["status"] != "on_map":
            out[unit] = (sorted(set(frame["vacated"])), t.case)
        return out

    def why_not_end(self, st: State, frame: Frame) -> tuple[str, str | None] | None:
        """The set-up waits for every set-up counter that still has a hex to go to."""
        missing = self._unplaced_required(st, frame)
        if not missing:
            return None
        names = ", ".join(U.info(st, u).name for u, _ in missing)
        return f"still to be set up: {names}", missing[0][1]

    def _unplaced_required(self, st: State, frame: Frame) -> list[tuple[str, str]]:
        """The set-up counters not yet set up that still have a hex to go to (each with
        its case): ``end_deployment`` waits for them."""
        out = []
        for s in setups(st, frame["side"]):
            hexes = fortress_hexes(st, s.side) if s.fortresses else region_hexes(st, s.region)
            for uid in s.units:
                if U.record(st, uid)["status"] == "on_map":
                    continue
                if any(fits(st, uid, h) is None for h in hexes):
                    out.append((uid, s.case))
        return out

    # --- what an action does ---

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_deployment":
            self._finish(st, frame, role)
            return
        uid, hex_label = action["unit"], action["hex"]
        _hexes, case = self.candidates(st, frame)[uid]
        before = U.record(st, uid)["hex"]
        self._set_up(st, frame, uid, hex_label, case)
        t = transfer(st, role)
        if t is not None and before is not None:
            self._transferred(st, frame, t, uid, before, hex_label)

    def _set_up(self, st: State, frame: Frame, uid: str, hex_label: str, case: str) -> None:
        before = U.record(st, uid)["hex"]
        U.place(st, uid, hex_label)
        frame["placed"].append(uid)
        name = U.info(st, uid).name
        moved = f" from {before}" if before else ""
        line, cited = cite(f"{name} is set up in {hex_label}{moved}.", case)
        st.log(line, case=cited)
        self._rommel_follows(st, uid, before, hex_label)

    def _rommel_follows(self, st: State, uid: str, before: str | None, hex_label: str) -> None:
        """caporetto 21.11: Rommel is always stacked with the BA Division."""
        special = D.data(st)
        rommel = special.rommel
        if uid != special.rommel_division or not rommel or rommel not in st.data["units"]:
            return
        if U.record(st, rommel)["status"] == "on_map" and U.record(st, rommel)["hex"] == before:
            U.place(st, rommel, hex_label)
            name = U.info(st, rommel).name
            st.log(f"{name} goes with it to {hex_label}.", case="caporetto 21.11")

    def _transferred(
        self, st: State, frame: Frame, t: D.Transfer, uid: str, before: str, hex_label: str
    ) -> None:
        """25.23 the division or HQ counts as transferred; its hex is vacated."""
        if uid in t.units:
            frame["transferred"].append(uid)
        elif uid in (*t.corps_hqs, *t.army_hqs):
            frame["hqs"].append(uid)
        else:
            return
        if not U.units_in(st, before):
            frame["vacated"].append(before)

    def _finish(self, st: State, frame: Frame, role: str) -> None:
        side = frame["side"]
        for s in setups(st, side):
            for uid in s.units:
                self._not_set_up(st, uid, s.case)
        t = transfer(st, side)
        if t is not None and t.vacated_unit:
            unit = t.vacated_unit
            if U.record(st, unit)["status"] != "on_map":
                st.log(
                    f"{U.info(st, unit).name} is not set up (no hex vacated, or the Player"
                    " chose not to): it stays out of play.",
                    case=t.case,
                )
        st.log(f"{side_name(st, side)}: the set-up is done.", case=self.case)
        st.pop()

    def _not_set_up(self, st: State, uid: str, case: str) -> None:
        """A set-up counter left with no hex to go to: one printed with an arrival comes
        as printed; any other stays out of play."""
        status = U.record(st, uid)["status"]
        if status == "on_map":
            return
        name = U.info(st, uid).name
        if status == "pending":
            st.log(f"{name} has no hex left to set up in: it arrives as printed.", case=case)
        else:
            st.log(f"{name} has no hex left to set up in: it stays out of play.", case=case)

    # --- refusals ---

    def unit_refusal(self, st: State, frame: Frame, uid: str) -> tuple[str, str | None]:
        t = transfer(st, frame["side"])
        name = U.info(st, uid).name
        if t is not None:
            if uid in t.units:
                return f"{TRANSFER_LIMIT} divisions have been transferred already", t.case
            if uid in t.corps_hqs:
                return (
                    f"a corps HQ may be transferred only with {CORPS_HQ_AT} or more divisions"
                    " transferred, and only one",
                    t.case,
                )
            if uid in t.army_hqs:
                return (
                    f"an army HQ may be transferred only with {ARMY_HQ_AT} divisions"
                    " transferred, and only one",
                    t.case,
                )
            if uid == t.vacated_unit:
                return f"{name} may set up only in a hex vacated by a transfer", t.case
        return f"{name} is set up as the scenario prints it", self.case

    def cite(self, text: str, case: str) -> tuple[str, str | None]:
        return cite(text, case)

    def where(self, case: str) -> str:
        return {
            "caporetto 25.21": "in or north-west of the Austro-Hungarian trench line",
            "caporetto 25.22": "in or behind an Austro-Hungarian trench line",
            "caporetto 25.23": "in or behind the Austro-Hungarian trench lines of the transfer",
            "caporetto 25.33": "an Italian fortress hex",
            CASE_A: "on the Player's side of the trench lines",
        }.get(case, "where the scenario lets it set up")


class Deployment:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), DeploymentStep()]  # type: ignore[misc]

    def pregame_steps(self, st: State) -> list[str | Frame]:
        """25.31 the deployments before Game-Turn 1, the Allied Player's first."""
        steps: list[str | Frame] = list(super().pregame_steps(st))  # type: ignore[misc]
        steps += [{"kind": KIND, "side": side} for side in order(st) if deploys(st, side)]
        return steps

    def deployed_counters(self, scenario: Scenario) -> dict[str, str]:
        """25.21, 25.22, 25.23, 25.33: the counters a Player sets up before Game-Turn 1."""
        out: dict[str, str] = dict(super().deployed_counters(scenario))  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return out
        for s in special.deployment:
            out.update({uid: s.case for uid in s.units})
        if special.transfer is not None and special.transfer.vacated_unit:
            out[special.transfer.vacated_unit] = special.transfer.case
        counters = scenario.counters
        return {
            uid: case
            for uid, case in out.items()
            if uid in counters and counters[uid].setup is None and counters[uid].arrive is None
        }
