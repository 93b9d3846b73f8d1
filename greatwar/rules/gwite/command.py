"""10.0 Command Control.

HQ units put the units of their side in Command Control (10.3): in the
Command Control Segment of the Movement Phase (4.0 A.c) and of the Combat
Phase (4.0 A.3.a) the phasing player allocates each HQ's Command Strength
(stacking points, 10.31) to units within its Command Radius (10.33, 10.34);
then units left over roll to be in command (10.41; in the Combat Phase only
those inside some radius, 10.42).  Units not in command get the
:data:`OUT_OF_COMMAND` marker: in the Movement Phase they may not move (10.4,
5.17), in the Combat Phase their attack is halved (10.42) and TCR 3-4 units
fare worse (10.43).  HQs shift attacks (10.21-10.24), defend (10.51, 10.53),
displace when Enemy units enter or approach them (10.52) and share the fate
of the units they are stacked with (10.53, 10.54).

Choices made here where the rules are silent (each also in its docstring):

- The unit's own hex ends a radius even in an Enemy zone of control: the
  commanded unit is itself the Friendly unit that negates the zone (10.34).
- Undestroyed Enemy fortresses block a radius like Enemy-occupied hexes
  (5.13 treats them alike); hexes holding only Enemy HQs block it too (10.33
  says Enemy-occupied; 9.17 and 10.52 exempt HQ hexes for supply, retreat
  and rail only).
- HQs never need command (10.31 speaks of the units HQs command); supply
  depots do, like other units (Brusilov 21.31 exempts them as an exclusive
  rule: ``CommandRules.commanded_without_hq``).
- The 10.41 die roll is made automatically for every unit left out: rolling
  never hurts (a failed roll leaves the unit as it was), so offering it as a
  choice would only add decisions.
- When every unit within a radius can be commanded at once (some allocation
  fits every HQ's strength) the segment allocates them itself: being out of
  command has no advantage in the standard rules and which HQ commands a
  unit changes nothing, so there is nothing left to decide.  Otherwise the
  player allocates, unit by unit, and may take allocations back until he
  ends the allocation.
- Combat Phase: units inside a radius but left without Command Strength may
  roll as in 10.41 (10.42 forbids the roll only to units outside every
  radius); only units able to attack this phase (Attack Strength above
  zero, not entrained, adjacent to an Enemy unit or fortress) are allocated,
  rolled for or marked, since command affects only attackers (10.42, 10.43).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State

OUT_OF_COMMAND = "out_of_command"
ENTRAINED = "entrained"  # rail.ENTRAINED (rail imports this module: no import back)
UNLIMITED_OPTION = "unlimited_command_strength"


# --- the variation points of 10.0 --------------------------------------------------


class CommandRules:
    """The variation points of 10.0 (a game's rules class may override them)."""

    def commanded_without_hq(self, st: State, uid: str) -> bool:
        """A unit in Command Control without an HQ (Brusilov 21.31 supply depots in
        supply, Brusilov 21.21, Caporetto 10.55).  None in the standard rules."""
        return False

    def commanded_without_hq_case(self, st: State, uid: str) -> str:
        """The case that puts a unit in Command Control without an HQ
        (:meth:`commanded_without_hq`), for refusals to command it."""
        return "10.31"

    def may_command(self, st: State, hq: str, uid: str) -> bool:
        """May this HQ command this unit at all (Hindenburg 20.1-20.2 limit HQs by
        nationality and arm)?  The standard rules let any HQ command any Friendly unit:
        a game says why not in :meth:`command_refusal`."""
        return self.command_refusal(st, hq, uid) is None

    def command_refusal(self, st: State, hq: str, uid: str) -> tuple[str, str] | None:
        """Why this HQ may never command this unit now (reason, case), or None.  None in
        the standard rules.  What it reads beyond the units' records must be named by
        :meth:`command_context` (radii and cover are cached on the records)."""
        return None

    def command_context(self, st: State) -> str:
        """What :meth:`command_refusal` reads beyond the units' records, as a key of the
        cached cover of HQs (Hindenburg AV8: the phase).  Nothing in the standard rules."""
        return ""

    def shift_counts(self, st: State, hq: str, uid: str, attackers: list[str]) -> bool:
        """10.21 whether an attacking unit within the HQ's radius counts toward the half
        of the attacking steps its Attack Shift needs: when the HQ may command it
        (Hindenburg 20.12 also asks who else attacks)."""
        return self.may_command(st, hq, uid)

    def shift_refusal(self, st: State, hq: str, force: list[str]) -> tuple[str, str] | None:
        """Why the HQ may not lend its shift to the combat of ``force`` (the attacking
        units, or the defending ones for a game's defensive shift) by a rule of the
        game's own (reason, case), beyond 10.21's radius: None in the standard rules
        (Serbia/Galicia 18.1 army combat integrity, 19.1 Putnik's parenthesized shift)."""
        return None

    def allocation_matters(self, st: State, side: str, phase: str, candidates: list[str]) -> bool:
        """Whether the player must choose which HQ commands which of the ``candidates``
        (the units whose command is determined) in this Command Control Segment even when
        every one could be commanded at once: never in the standard rules (which HQ
        commands a unit changes nothing there), so the segment then allocates by itself;
        Hindenburg 20.12 and 16.31-16.33 depend on it."""
        return False

    def command_allocated(self, st: State, side: str, phase: str, alloc: dict[str, str]) -> None:
        """The phasing ``side``'s allocation of Command Strength for the ``phase`` is
        final (``alloc``: unit -> the HQ commanding it), before the 10.41 rolls and the
        markers: a game keeps what it needs of it (Hindenburg 20.12, 16.31).  Nothing in
        the standard rules."""

    def command_determined(self, st: State, side: str, phase: str) -> None:
        """The phasing ``side``'s Command Control was just determined for the ``phase``
        ("Movement Phase" or "Combat Phase"): a game logs what its own rules decided
        (Brusilov 21.21, 21.31).  Nothing in the standard rules."""

    def radius_through_zoc(self, st: State, hq: str, uid: str) -> bool:
        """10.34 whether the HQ's Command Radius to this unit may be traced through Enemy
        zones of control: an HQ of TCR 1's may.  Radii are traced once per HQ and answer
        (Brusilov 21.41: never for Austro-Hungarian units), so the answer may depend
        only on the HQ and the kind of unit."""
        return U.tcr(st, hq) == 1

    def radius_zoc_case(self, st: State, hq: str, uid: str) -> str:
        """The case that keeps the HQ's radius to this unit out of Enemy zones (10.34)."""
        return "10.34"

    def hq_defends(self, st: State, hq: str) -> bool:
        """10.53 whether the HQ adds its Combat Strength to the defense of its stack (when
        stacked with two or more stacking points): every HQ in the standard rules
        (Caporetto 21.12: Rommel never does)."""
        return True

    def radius_variant(self, st: State, hq: str, uid: str) -> str:
        """The name of the grid the HQ's Command Radius to this unit is traced on, "" for
        the standard one (:meth:`radius_adjacency`; Caporetto 10.33: no ridges unless the
        unit is of TCR 1).  May depend only on the HQ and the kind of unit."""
        return ""

    def radius_adjacency(self, st: State, variant: str) -> dict[str, dict[str, int]]:
        """The grid a radius of :meth:`radius_variant` ``variant`` is traced on (10.33: not
        across prohibited terrain or hexsides).  Built once per game by the game."""
        return _adjacency(st)

    def radius_refusal(self, st: State, hq: str, uid: str) -> tuple[str, str] | None:
        """Why the HQ's radius, long enough, does not reach the unit by a rule of the game's
        own (reason, case), e.g. Caporetto 10.33 ridges; None in the standard rules."""
        return None

    def counts_for_radius(self, st: State, uid: str) -> bool:
        """Whether the unit's presence matters to command radii: an Enemy-occupied hex
        blocks them (10.33), a Friendly unit opens an Enemy zone (10.34).  Every unit in
        the standard rules (Caporetto 10.55: not the monitor)."""
        return True

    def unlimited_strength(self, st: State) -> bool:
        """10.32 optional rule (and Caporetto 10.0): every unit in a radius is commanded."""
        return bool(st.game.options.get(UNLIMITED_OPTION, False))


# --- HQ values and command radii ----------------------------------------------------


def hqs_of(st: State, side: str) -> list[str]:
    """HQ units of ``side`` on the map, in counter order."""
    units = U.static(st).units
    return [uid for uid in U.on_map(st, side) if units[uid].hq]


def command_radius(st: State, hq: str) -> int:
    """10.11 the HQ's Command Radius on its current step."""
    return U.step_values(st, hq).command_radius or 0


def command_strength(st: State, hq: str) -> int:
    """10.11 the HQ's Command Strength (stacking points) on its current step."""
    return U.step_values(st, hq).command_strength or 0


def attack_shift(st: State, hq: str) -> int:
    """10.11 the HQ's Attack Shift on its current step."""
    return U.step_values(st, hq).attack_shift or 0


def combat_strength(st: State, hq: str) -> int:
    """10.11 the HQ's Combat Strength; never reduced for lack of supply (10.51)."""
    return U.step_values(st, hq).combat_strength or 0


def _adjacency(st: State) -> dict[str, dict[str, int]]:
    """Adjacent hexes not across prohibited or blocked hexsides nor into prohibited
    terrain (the move table leaves those out for every TCR, 5.4)."""
    return U.static(st).adjacency()  # type: ignore[no-any-return]


def _live_fortresses(st: State, side: str) -> frozenset[str]:
    stat = U.static(st)
    return frozenset(
        h
        for h, owner in stat.fortress_side.items()
        if owner == side and not zoc.fortress_destroyed(st, h)
    )


def _radius_occupants(st: State) -> dict[str, str]:
    """The side occupying each hex as command radii see it (10.33, 10.34): units the game
    leaves out (:meth:`CommandRules.counts_for_radius`) occupy nothing."""

    def build(s: State) -> dict[str, str]:
        rules = U.rules(s)
        info = U.static(s).units
        if not U.overridden(rules, CommandRules, "counts_for_radius"):  # every unit counts
            return {h: info[ids[0]].side for h, ids in U.occupancy(s).items()}
        occupant: dict[str, str] = {}
        for h, ids in U.occupancy(s).items():
            counted = [uid for uid in ids if rules.counts_for_radius(s, uid)]
            if counted:
                occupant[h] = info[counted[0]].side
        return occupant

    return U.cached(st, "radius_occupants", build)  # type: ignore[no-any-return]


def trace_radius(st: State, hq: str, through_zoc: bool, variant: str = "") -> frozenset[str]:
    """Hexes within the HQ's Command Radius, its own hex included (distance 0).

    10.33 counted in hexes from the HQ's hex (exclusive) to the unit's hex
    (inclusive), never through prohibited terrain, prohibited or blocked
    hexsides, Enemy-occupied hexes (nor undestroyed Enemy fortresses, which
    5.13 treats as Enemy-occupied).  10.34 an HQ of TCR 2-4 may not trace
    through Enemy-controlled hexes unless a Friendly unit is there; the
    commanded unit is such a unit, so its own hex always ends a radius.
    ``through_zoc``: the radius may pass Enemy zones (10.34 TCR 1; the game's
    :meth:`CommandRules.radius_through_zoc`); ``variant``: the game's grid for it
    (:meth:`CommandRules.radius_variant`).
    """
    side = U.info(st, hq).side
    enemy = U.enemy_of(st, side)
    occupant = _radius_occupants(st)
    barred = _live_fortresses(st, enemy)
    enemy_zoc = frozenset() if through_zoc else zoc.controlled_by(st, enemy)
    adjacency = U.rules(st).radius_adjacency(st, variant)
    start = U.record(st, hq)["hex"]
    seen = {start}
    frontier = [start]
    for _ in range(command_radius(st, hq)):
        step = []
        for here in frontier:
            for there in adjacency[here]:
                if there in seen or there in barred:
                    continue
                owner = occupant.get(there)
                if owner == enemy or (there in enemy_zoc and owner != side):
                    continue
                seen.add(there)
                step.append(there)
        frontier = step
    return frozenset(seen)


def _all_radii(st: State, side: str) -> dict[str, frozenset[str]]:
    return {hq: trace_radius(st, hq, U.tcr(st, hq) == 1) for hq in hqs_of(st, side)}


def radii(st: State, side: str) -> dict[str, frozenset[str]]:
    """Command radius hexes of every HQ of ``side`` on the map, as its TCR traces them
    (10.34), cached on the positions of both sides: Enemy units and zones block radii,
    Friendly units open zones."""
    return U.cached(st, f"command_radii:{side}", lambda s: _radii_kept(s, side))  # type: ignore[no-any-return]


_Radii = tuple[dict[str, frozenset[str]], dict[str, str | None]]


def _radii_kept(st: State, side: str) -> dict[str, frozenset[str]]:
    """:func:`_all_radii`, worked out from the side's radii found last where the units
    changed since are known: an HQ's radius is traced again only when the HQ changed or
    a changed unit stood, or stands, within one hex more than its radius of it (what a
    radius reads: occupants of its hexes, 10.33, and the zones over them, 10.34, which
    reach one hex, 7.11); the others stand as they were."""
    units = st.data["units"]

    def build() -> _Radii:
        return _all_radii(st, side), {uid: u["hex"] for uid, u in units.items()}

    def since(then: tuple[tuple[str, int], ...], last: _Radii) -> _Radii | None:
        changed = U.changed_between(st, then)
        if changed is None:
            return None
        old, hexes = last
        touched = {hexes.get(uid) for uid in changed} | {units[uid]["hex"] for uid in changed}
        touched.discard(None)
        hexes = dict(hexes)
        for uid in changed:
            hexes[uid] = units[uid]["hex"]
        info = U.static(st).units
        own = all(info[uid].side == side for uid in changed)
        if own:
            # 10.34 a Friendly unit's hex matters to a radius only where it opens an Enemy
            # zone (the Enemy's units, and so his zones, are as they were), and not at all
            # to a radius that passes Enemy zones (TCR 1)
            touched &= zoc.controlled_by(st, U.enemy_of(st, side))
        found: dict[str, frozenset[str]] = {}
        for hq in hqs_of(st, side):
            kept = old.get(hq)
            through = U.tcr(st, hq) == 1
            if (
                kept is None
                or hq in changed
                or (not (own and through) and not touched.isdisjoint(_watched(st, hq)))
            ):
                kept = trace_radius(st, hq, through)
            found[hq] = kept
        return found, hexes

    slot = ("command_radii_last", side)
    return st.kept(slot, U.counts(st), build, update=since)[0]  # type: ignore[no-any-return]


def _watched(st: State, hq: str) -> frozenset[str]:
    """The hexes whose units a radius of the HQ where it stands may read: within its
    Command Radius plus one hex of it on the map (a radius steps only to adjacent hexes;
    kept per game for each hex and radius)."""
    start, most = U.record(st, hq)["hex"], command_radius(st, hq) + 1
    kept = U.static(st).derived.setdefault("command-radius-watched", {})
    found: frozenset[str] | None = kept.get((start, most))
    if found is None:
        found = kept[(start, most)] = frozenset(st.game.scenario.board.within(start, most))
    return found


def radius_to(st: State, hq: str, uid: str) -> frozenset[str]:
    """The hexes of the HQ's Command Radius as traced to this unit: through Enemy zones or
    not as the game's rules say for the pair (10.34, Brusilov 21.41)."""
    rules = U.rules(st)
    through = bool(rules.radius_through_zoc(st, hq, uid))
    variant = rules.radius_variant(st, hq, uid)
    if through == (U.tcr(st, hq) == 1) and not variant:
        return radii(st, U.info(st, hq).side)[hq]
    return U.cached(  # type: ignore[no-any-return]
        st,
        f"command_radius:{hq}:{through}:{variant}",
        lambda s: trace_radius(s, hq, through, variant),
    )


#: the hooks whose standard answers let :func:`_all_cover` read each unit's HQs off the
#: radii hex by hex (every HQ may command every Friendly unit, by its own radius)
_COVER_HOOKS = ("may_command", "command_refusal", "radius_through_zoc", "radius_variant")


def _all_cover(st: State, side: str) -> dict[str, list[str]]:
    hqs = hqs_of(st, side)
    traced = radii(st, side)  # each HQ's radius as its TCR traces it (10.34)
    if standard_cover(st):
        return _cover_by_hex(st, side, hqs, traced)
    return _cover_by_asking(st, side, hqs, traced)


def standard_cover(st: State) -> bool:
    """Whether the game keeps the standard rules' hooks of who may command whom and along
    which radius (:data:`_COVER_HOOKS`)."""
    rules = U.rules(st)
    return not any(U.overridden(rules, CommandRules, name) for name in _COVER_HOOKS)


def _cover_by_asking(
    st: State, side: str, hqs: list[str], traced: dict[str, frozenset[str]]
) -> dict[str, list[str]]:
    """:func:`_all_cover` by asking the game, for each unit, each HQ in turn."""
    units = U.static(st).units
    rules = U.rules(st)
    cover: dict[str, list[str]] = {}
    for uid in U.on_map(st, side):
        if units[uid].hq:
            continue
        where = U.record(st, uid)["hex"]
        cover[uid] = [
            hq
            for hq in hqs
            if rules.may_command(st, hq, uid)
            and where in _radius_for(st, rules, traced, hq, uid, units[hq].tcr == 1)
        ]
    return cover


def _cover_by_hex(
    st: State, side: str, hqs: list[str], traced: dict[str, frozenset[str]]
) -> dict[str, list[str]]:
    """:func:`_all_cover` where the standard rules' hooks stand: each HQ that may command
    is found by the hexes its radius reaches (10.3), in the order of ``hqs``."""
    by_hex: dict[str, list[str]] = {}
    for hq in hqs:
        for h in traced[hq]:
            found = by_hex.get(h)
            if found is None:
                by_hex[h] = [hq]
            else:
                found.append(hq)
    units = U.static(st).units
    records = st.data["units"]
    return {
        uid: list(by_hex.get(records[uid]["hex"], ()))
        for uid in U.on_map(st, side)
        if not units[uid].hq
    }


def _radius_for(
    st: State, rules: Any, traced: dict[str, frozenset[str]], hq: str, uid: str, tcr1: bool
) -> frozenset[str]:
    """:func:`radius_to` with the side's radii and the HQ's TCR already looked up (the
    hot path of finding which HQs cover which units)."""
    if bool(rules.radius_through_zoc(st, hq, uid)) == tcr1 and not rules.radius_variant(
        st, hq, uid
    ):
        return traced[hq]
    return radius_to(st, hq, uid)


def covering(st: State, side: str) -> dict[str, list[str]]:
    """For each non-HQ unit of ``side`` on the map, the HQs whose radius reaches it (and
    that may command it: :meth:`CommandRules.may_command`, in the game's context)."""
    context = U.rules(st).command_context(st)
    return U.cached(st, f"command_cover:{side}:{context}", lambda s: _all_cover(s, side))  # type: ignore[no-any-return]


def hqs_in_range(st: State, uid: str) -> list[str]:
    """Friendly HQs whose Command Radius reaches the unit now (10.32-10.34)."""
    return covering(st, U.info(st, uid).side).get(uid, [])


def in_radius(st: State, uid: str) -> bool:
    return bool(hqs_in_range(st, uid))


# --- command status ----------------------------------------------------------------


def in_combat_phase(st: State, side: str) -> bool:
    """Whether ``side``'s Combat Phase is being played now (4.0 A.3)."""
    return any(f.get("kind") == "combat_phase" and f.get("side") == side for f in st.data["stack"])


def in_command(st: State, uid: str) -> bool:
    """Whether the unit is in Command Control now (10.31, 10.36); HQs always are."""
    return st.game.static.units[uid].hq or OUT_OF_COMMAND not in st.data["units"][uid]["markers"]


def may_move(st: State, uid: str) -> bool:
    """10.4 / 5.17: only units in Command Control move in the Movement Segment (and an
    out-of-command unit has no one-hex minimum move either)."""
    return in_command(st, uid)


# --- for the combat module ---------------------------------------------------------


def attack_halved(st: State, uid: str) -> bool:
    """10.42: the unit was found out of Command Control in this Combat Phase's Command
    Control Segment, so its Attack Strength is halved (after any halving for supply)."""
    return not in_command(st, uid)


def result_worsens(st: State, uid: str, attacking: bool) -> bool:
    """10.43: a TCR 3-4 unit out of command (attacking) or outside every Friendly HQ's
    Command Radius (defending) adds one to its combat result, 3 becoming E."""
    if U.info(st, uid).hq or U.tcr(st, uid) < 3:
        return False
    if attacking:
        return not in_command(st, uid)
    return not (in_radius(st, uid) or U.rules(st).commanded_without_hq(st, uid))


def _counts_for_shift(st: State, uid: str) -> bool:
    return U.info(st, uid).type not in ("hq", "supply_depot")


def shift_candidates(
    st: State, attackers: list[str], used: list[str], busy_heroes: Iterable[str] = ()
) -> list[dict[str, Any]]:
    """HQs that may lend their Attack Shift to an attack by ``attackers``.

    10.21 at least half the attacking steps (HQs and depots left out) must be
    within the HQ's radius; 10.11 one attack per HQ per Combat Phase (``used``
    lists the HQs that shifted an attack already); 10.24 a heroic leader whose
    Combat Strength goes to another combat this phase (``busy_heroes``) may not
    shift this one.  10.22 (one shift per command level) is the caller's
    check: each candidate gives its ``level``.  HQs with no shift left (a
    reverse side showing 0) are not offered.
    """
    if not attackers:
        return []
    side = U.info(st, attackers[0]).side
    counted = [uid for uid in attackers if _counts_for_shift(st, uid)]
    total = sum(U.steps_left(st, uid) for uid in counted)
    if total == 0:
        return []
    barred = set(used) | set(busy_heroes)
    rules = U.rules(st)
    out = []
    for hq in hqs_of(st, side):
        shift = attack_shift(st, hq)
        if hq in barred or shift <= 0 or rules.shift_refusal(st, hq, attackers) is not None:
            continue
        near = sum(
            U.steps_left(st, uid)
            for uid in counted
            if rules.shift_counts(st, hq, uid, attackers)
            and U.record(st, uid)["hex"] in radius_to(st, hq, uid)
        )
        if 2 * near >= total:
            out.append({"hq": hq, "level": U.info(st, hq).hq_level, "shift": shift})
    return out


def _combat_points(st: State, units: Iterable[str], side: str) -> int:
    info = U.static(st).units
    return sum(info[u].stacking for u in units if info[u].side == side and not info[u].hq)


def hq_defense(st: State, hex_label: str, defenders: list[str]) -> int:
    """10.53: the Combat Strength the HQs in a defending hex add (heroic or not, 10.51),
    only when they are stacked with two or more stacking points of Friendly defending
    units; otherwise none.  Depots count as combat units (8.51)."""
    if not defenders:
        return 0
    side = U.info(st, defenders[0]).side
    if _combat_points(st, defenders, side) < 2:
        return 0
    info = U.static(st).units
    hqs = {u for u in (*U.units_in(st, hex_label), *defenders) if info[u].hq}
    rules = U.rules(st)
    return sum(
        combat_strength(st, hq)
        for hq in sorted(hqs)
        if info[hq].side == side and rules.hq_defends(st, hq)
    )


def heroic_attack(st: State, hq: str, stack: list[str]) -> int:
    """10.23: a heroic leader stacked with two or more Friendly stacking points adds its
    Combat Strength to the attack its stack takes part in (10.24: the caller must not
    add it where the leader shifted another combat)."""
    ui = U.info(st, hq)
    if not ui.heroic:
        return 0
    here = U.record(st, hq)["hex"]
    mates = [u for u in stack if U.record(st, u)["hex"] == here]
    return combat_strength(st, hq) if _combat_points(st, mates, ui.side) >= 2 else 0


# --- displacement (10.52, 10.54) ---------------------------------------------------


def _guarded_hexes(st: State, side: str) -> frozenset[str]:
    """Hexes holding a non-HQ unit of ``side`` or its undestroyed fortress."""
    info = U.static(st).units
    hexes = {
        h
        for h, ids in U.occupancy(st).items()
        if any(info[u].side == side and not info[u].hq for u in ids)
    }
    return frozenset(hexes) | _live_fortresses(st, side)


def displacement_hexes(st: State, hq: str) -> list[str]:
    """10.52: where the HQ may displace: the nearest hexes (counted in hexes) holding a
    Friendly non-HQ unit or undestroyed Friendly fortress.

    The way there never enters Enemy units or fortresses, prohibited terrain
    or hexsides; an HQ of TCR 2-4 never enters Enemy-controlled hexes unless a
    Friendly unit or fortress is there (7.24, as for retreats).  Depots count
    as units (8.51).  No limit on distance.  Empty when no way exists.
    """
    side = U.info(st, hq).side
    enemy = U.enemy_of(st, side)
    start = U.record(st, hq)["hex"]
    occupant = U.hex_side(st)
    targets = _guarded_hexes(st, side) - {start}
    friendly_forts = _live_fortresses(st, side)
    barred = _live_fortresses(st, enemy)
    enemy_zoc = zoc.controlled_by(st, enemy) if U.tcr(st, hq) > 1 else frozenset()
    adjacency = _adjacency(st)
    seen = {start}
    frontier = [start]
    while frontier:
        step: list[str] = []
        for here in frontier:
            for there in adjacency[here]:
                if there in seen or there in barred or occupant.get(there) == enemy:
                    continue
                if (
                    there in enemy_zoc
                    and occupant.get(there) != side
                    and there not in friendly_forts
                ):
                    continue
                seen.add(there)
                step.append(there)
        found = sorted(h for h in step if h in targets)
        if found:
            return found
        frontier = step
    return []


def _preferred(st: State, hexes: list[str]) -> str:
    """Fixed rule for an automatic displacement between equally near hexes: the hex with
    the most Friendly stacking points (the HQ defends there, 10.53), then the lowest
    hex number."""
    info = U.static(st).units

    def points(h: str) -> int:
        return sum(info[u].stacking for u in U.units_in(st, h))

    return min(hexes, key=lambda h: (-points(h), h))


def _displace(st: State, hq: str, to: str, why: str) -> None:
    start = U.record(st, hq)["hex"]
    U.place(st, hq, to)
    st.log(f"{U.info(st, hq).name} displaces {start}→{to}: {why}.", case="10.52")


def _displace_or_eliminate(st: State, hq: str, why: str) -> None:
    """Displace to the preferred nearest hex; eliminated when no way exists (10.52)."""
    options = displacement_hexes(st, hq)
    if not options:
        U.eliminate_unit(st, hq, "10.52", f"{why}, and it has no way to displace")
        return
    to = _preferred(st, options)
    note = "" if len(options) == 1 else f" (nearest of {', '.join(options)}: most stacking points)"
    _displace(st, hq, to, why + note)


def _hq_only(st: State, side: str) -> frozenset[str]:
    info = U.static(st).units
    forts = _live_fortresses(st, side)
    return frozenset(
        h
        for h, ids in U.occupancy(st).items()
        if h not in forts and info[ids[0]].side == side and all(info[u].hq for u in ids)
    )


def hq_only_hexes(st: State, side: str) -> frozenset[str]:
    """Hexes holding units of ``side`` that are all HQs, outside its fortresses (10.52:
    Enemy combat units with an Attack Strength may enter them)."""
    return U.cached_of(st, "hq_only", _hq_only, side)  # type: ignore[no-any-return]


def displace_hqs(st: State, hex_label: str, by_side: str) -> None:
    """10.52: Enemy HQs alone in ``hex_label`` displace at once (a unit of ``by_side``
    entered or retreated into it) to the nearest Friendly unit or fortress.

    When several hexes are equally near, the owner's choice is made by a
    fixed rule (:func:`_preferred`), since this happens in the middle of the
    other player's move; an HQ with no way to displace is eliminated (the
    natural reading: it cannot stay with the Enemy, 5.13).
    """
    owner = U.enemy_of(st, by_side)
    info = U.static(st).units
    for hq in list(U.units_in(st, hex_label)):
        if info[hq].hq and info[hq].side == owner:
            _displace_or_eliminate(st, hq, f"{side_name(st, by_side)} units entered {hex_label}")


def after_combat(st: State, hex_label: str) -> None:
    """10.53: HQs left in a hex whose Friendly combat units were all eliminated are
    eliminated too; 10.54 an army HQ on its front side flips to its reverse side and
    displaces instead (the Enemy still scores it).  Call for each hex whose units took
    part in a combat, after losses and retreats (retreating HQs go with their stack).

    10.54 says such an HQ "may" displace: flipping is always better for its
    owner than elimination (the points are scored either way), so it is done.
    """
    info = U.static(st).units
    present = U.units_in(st, hex_label)
    for side in U.static(st).side_ids:
        if any(info[u].side == side and not info[u].hq for u in present):
            continue
        for hq in [u for u in present if info[u].side == side and info[u].hq]:
            flips = info[hq].hq_level == "army" and U.steps_left(st, hq) >= 2
            if not flips or not displacement_hexes(st, hq):
                U.eliminate_unit(st, hq, "10.53", "the units it was stacked with were eliminated")
                continue
            U.rules(st).before_eliminated(st, hq, "10.54")  # scored as eliminated (10.54)
            U.rules(st).unit_eliminated(st, hq, "10.54")
            U.reduce_step(st, hq)
            st.log(f"{info[hq].name} turns to its reverse side instead of elimination.", "10.54")
            _displace_or_eliminate(st, hq, "its stack was eliminated (10.54)")


def must_displace(st: State, side: str) -> list[str]:
    """10.52: HQs of ``side`` not stacked with Friendly combat units (nor in a Friendly
    fortress) with Enemy units adjacent, in counter order.

    Enemy HQs do not count as adjacent threats: they cannot enter the hex
    (10.52 needs an Attack Strength) and exert no zone of control (7.26).
    """
    info = U.static(st).units
    board = U.static(st).scenario.board
    enemy = U.enemy_of(st, side)
    lonely = hq_only_hexes(st, side)

    def threatened(h: str) -> bool:
        return any(
            not info[u].hq and info[u].side == enemy
            for n in board.neighbours[h]
            for u in U.units_in(st, n)
        )

    return [
        hq
        for hq in hqs_of(st, side)
        if U.record(st, hq)["hex"] in lonely and threatened(U.record(st, hq)["hex"])
    ]


PACK_LIMIT = 20_000  # search steps before giving up and letting the player allocate

#: how many allocations :func:`packed` keeps per game
PACKS_KEPT = 64


def packed(
    st: State, items: list[tuple[str, int, list[str]]], room: dict[str, int]
) -> dict[str, str] | None:
    """:func:`pack`, its answer kept per game on all it reads (the items in order, each
    with its HQs in order, and each HQ's room): the segment asks it when it is set up and
    again when it runs, and a computer player's trials meet the same allocations again
    (one that cannot be found costs up to :data:`PACK_LIMIT` steps each time)."""
    key = (tuple((uid, points, tuple(hqs)) for uid, points, hqs in items), tuple(room.items()))
    kept = U.static(st).bounded("command packs", PACKS_KEPT)
    if key not in kept:
        kept.put(key, pack(items, room))
    plan: dict[str, str] | None = kept[key]
    return None if plan is None else dict(plan)  # (a copy: the caller may change it)


def pack(items: list[tuple[str, int, list[str]]], room: dict[str, int]) -> dict[str, str] | None:
    """Give each item (unit, stacking points, HQs it may go to) one HQ without exceeding any
    HQ's room (10.31); None when impossible or not found within :data:`PACK_LIMIT` steps.

    Depth-first, the most constrained and largest units first; deterministic.
    """
    order = sorted(items, key=lambda item: (len(item[2]), -item[1], item[0]))
    for hq in room:  # quick refusal: the units only this HQ reaches do not fit in it
        if sum(points for _, points, hqs in order if hqs == [hq]) > room[hq]:
            return None
    still_wanted = [0] * (len(order) + 1)
    for i in range(len(order) - 1, -1, -1):
        still_wanted[i] = still_wanted[i + 1] + order[i][1]
    left = dict(room)
    free = sum(left.values())  # (the sum of ``left``, kept as it changes)
    plan: dict[str, str] = {}
    steps = 0
    count = len(order)

    def place(i: int) -> bool:
        nonlocal steps, free
        if i == count:
            return True
        steps += 1
        if steps > PACK_LIMIT or still_wanted[i] > free:
            return False
        uid, points, hqs = order[i]
        for hq in hqs:
            if left[hq] >= points:
                left[hq] -= points
                free -= points
                plan[uid] = hq
                if place(i + 1):
                    return True
                left[hq] += points
                free += points
                del plan[uid]
        return False

    return plan if place(0) else None


# --- the segments --------------------------------------------------------------------


def _attack_ground(st: State, side: str) -> tuple[str, dict[str, str], frozenset[str]]:
    """What :func:`_able_to_attack` reads of the whole map, for ``side``'s units: the Enemy,
    the side occupying each hex and the Enemy's undestroyed fortresses (found once for
    all the candidates of a segment)."""
    enemy = U.enemy_of(st, side)
    return enemy, U.hex_side(st), _live_fortresses(st, enemy)


def _able_to_attack(
    st: State, uid: str, ground: tuple[str, dict[str, str], frozenset[str]]
) -> bool:
    """Could the unit attack this Combat Phase: an Attack Strength (8.12), not entrained
    (5.36), adjacent to an Enemy unit combat may affect (not Caporetto 17.32's monitor) or
    an undestroyed Enemy fortress (8.11)?  ``ground``: :func:`_attack_ground`."""
    if U.printed_attack(st, uid) <= 0 or U.has_marker(st, uid, ENTRAINED):
        return False
    enemy, occupant, forts = ground
    board = U.static(st).scenario.board
    here = U.record(st, uid)["hex"]
    return any(
        n in forts or (occupant.get(n) == enemy and _attackable(st, n))
        for n in board.neighbours[here]
    )


def _attackable(st: State, hex_label: str) -> bool:
    """Whether the Enemy-occupied hex holds a unit combat may affect (Caporetto 17.32: a
    hex holding only the monitor is never attacked)."""
    rules = U.rules(st)
    return any(not rules.combat_immune(st, uid) for uid in U.units_in(st, hex_label))


class CommandSegment(Handler):
    """Allocation of Command Strength (10.31, 10.32), then die rolls (10.41) and markers.

    Locals: ``alloc`` (unit -> HQ allocated), ``deciding`` (the player is
    allocating; false when nothing is left to decide).
    """

    phase = ""
    roll_note = "units left out roll the die (10.41)"

    # -- what differs between the two segments --

    def candidates(self, st: State, side: str) -> list[str]:
        """Units whose command status is determined now, in counter order."""
        info = U.static(st).units
        return [
            uid
            for uid in U.on_map(st, side)
            if not info[uid].hq and not U.rules(st).commanded_without_hq(st, uid)
        ]

    def may_roll(self, st: State, uid: str) -> bool:
        """10.41: every unit left out of command may roll in the Movement Phase."""
        return True

    # -- the segment --

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("alloc", {})
        side = frame["side"]
        matters = U.rules(st).allocation_matters(st, side, self.phase, self.candidates(st, side))
        frame.setdefault("deciding", matters or self.complete_allocation(st, frame["side"]) is None)

    def complete_allocation(self, st: State, side: str) -> dict[str, str] | None:
        """An allocation commanding every candidate within some radius, or None when the
        HQs' Command Strength cannot cover them all (then the player chooses)."""
        cover = covering(st, side)
        wanted = [uid for uid in self.candidates(st, side) if cover.get(uid)]
        if U.rules(st).unlimited_strength(st):
            return {uid: cover[uid][0] for uid in wanted}
        info = U.static(st).units
        items = [(uid, info[uid].stacking, cover[uid]) for uid in wanted]
        room = {hq: command_strength(st, hq) for hq in hqs_of(st, side)}
        return packed(st, items, room)

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if frame["deciding"] else []

    def used(self, st: State, frame: Frame, hq: str) -> int:
        info = U.static(st).units
        return sum(info[u].stacking for u, h in frame["alloc"].items() if h == hq)

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        alloc = frame["alloc"]
        cover = covering(st, role)
        info = U.static(st).units
        left = {hq: command_strength(st, hq) - self.used(st, frame, hq) for hq in hqs_of(st, role)}
        unlimited = U.rules(st).unlimited_strength(st)
        actions: list[Action] = []
        for uid in self.candidates(st, role):
            if uid in alloc:
                continue
            for hq in cover.get(uid, []):
                if unlimited or info[uid].stacking <= left[hq]:
                    actions.append({"type": "command", "unit": uid, "hq": hq})
        for uid in self.candidates(st, role):
            if uid in alloc:
                actions.append({"type": "release", "unit": uid})
        actions.append({"type": "end_allocation"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "command":
            uid, hq = action["unit"], action["hq"]
            frame["alloc"][uid] = hq
            used, strength = self.used(st, frame, hq), command_strength(st, hq)
            st.log(
                f"{U.info(st, hq).name} commands {U.info(st, uid).name}"
                f" ({U.info(st, uid).stacking} SP; {used} of {strength} used).",
                case="10.32",
            )
        elif kind == "release":
            uid = action["unit"]
            hq = frame["alloc"].pop(uid)
            st.log(
                f"{U.info(st, uid).name} is taken back from {U.info(st, hq).name}'s command.",
                case="10.32",
            )
        else:
            self.finish(st, frame)

    def run(self, st: State, frame: Frame) -> None:
        plan = self.complete_allocation(st, frame["side"]) or {}
        frame["alloc"].update(plan)
        if plan:
            why = (
                "the optional rule gives every HQ unlimited Command Strength"
                if U.rules(st).unlimited_strength(st)
                else "the HQs' Command Strength covers them all, so nothing is left to decide"
            )
            st.log(f"Every unit within a Command Radius is in Command Control: {why}.", "10.32")
        self.finish(st, frame)

    def finish(self, st: State, frame: Frame) -> None:
        """Rolls for units left out (10.41, 10.42), then markers (10.31); ends the segment."""
        side = frame["side"]
        U.clear_marker(st, OUT_OF_COMMAND, side)
        self._log_allocation(st, frame)
        U.rules(st).command_allocated(st, side, self.phase, dict(frame["alloc"]))
        rolled_in: list[str] = []
        out: list[str] = []
        for uid in self.candidates(st, side):
            if uid in frame["alloc"]:
                continue
            if self.may_roll(st, uid) and self._roll(st, uid):
                rolled_in.append(uid)
            else:
                out.append(uid)
        for uid in out:
            U.add_marker(st, uid, OUT_OF_COMMAND)
        self._log_outcome(st, side, rolled_in, out)
        U.rules(st).command_determined(st, side, self.phase)
        st.pop()

    def _roll(self, st: State, uid: str) -> bool:
        tcr = U.tcr(st, uid)
        roll = st.roll(f"{U.info(st, uid).name} (TCR {tcr}) tries for Command Control", "10.41")
        return roll > tcr

    def _log_allocation(self, st: State, frame: Frame) -> None:
        for hq in hqs_of(st, frame["side"]):
            mine = [U.info(st, u).name for u in U.static(st).units if frame["alloc"].get(u) == hq]
            if mine:
                used = self.used(st, frame, hq)
                of = "" if U.rules(st).unlimited_strength(st) else f" of {command_strength(st, hq)}"
                st.log(
                    f"{U.info(st, hq).name} commands {', '.join(mine)} ({used}{of} SP).",
                    case="10.31",
                )

    def _log_outcome(self, st: State, side: str, rolled_in: list[str], out: list[str]) -> None:
        if rolled_in:
            names = ", ".join(U.info(st, u).name for u in rolled_in)
            st.log(f"In Command Control by die roll (greater than TCR): {names}.", "10.41")
        if out:
            names = ", ".join(U.info(st, u).name for u in out)
            st.log(
                f"Out of Command Control for the {self.phase}: {names}.",
                case="10.42" if self.phase == "Combat Phase" else "10.31",
            )
        elif self.candidates(st, side):
            st.log(f"All {side_name(st, side)} units are in Command Control.", case="10.31")

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        parts = [
            f"{U.info(st, hq).name} {command_strength(st, hq) - self.used(st, frame, hq)} SP left"
            for hq in hqs_of(st, role)
        ]
        return (
            f"Command Control Segment ({self.phase}): allocate Command Strength to units"
            f" within each HQ's radius ({'; '.join(parts)}), then end the allocation;"
            f" {self.roll_note}."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an allocation action is refused, with the case that forbids it."""
        kind = action.get("type")
        if kind not in ("command", "release", "end_allocation"):
            return (
                f"{kind!r} is not an action of the Command Control Segment"
                " (command, release, end_allocation)",
                "4.0",
            )
        if kind == "end_allocation":
            return "end_allocation takes no other fields", "10.31"
        uid = action.get("unit")
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", "10.31"
        ui = U.info(st, uid)
        if ui.side != role:
            return f"{ui.name} is not yours to command", "10.31"
        if kind == "release":
            if uid not in frame["alloc"]:
                return f"{ui.name} has no Command Strength allocated to take back", "10.32"
            return "a release action names only the unit", "10.32"
        return self._why_not_command(st, frame, uid, action.get("hq"))

    def _why_not_command(
        self, st: State, frame: Frame, uid: str, hq: Any
    ) -> tuple[str, str | None]:
        ui = U.info(st, uid)
        if U.record(st, uid)["status"] != "on_map":
            return f"{ui.name} is not on the map", "10.31"
        if ui.hq:
            return f"{ui.name} is an HQ: HQs need no Command Control", "10.31"
        if uid not in self.candidates(st, frame["side"]):
            return self.not_a_candidate(st, uid)
        if uid in frame["alloc"]:
            hq_name = U.info(st, frame["alloc"][uid]).name
            return f"{ui.name} is already commanded by {hq_name}; release it first", "10.31"
        if not isinstance(hq, str) or hq not in st.data["units"] or not U.info(st, hq).hq:
            return f"{hq!r} is not an HQ unit", "10.1"
        hq_ui = U.info(st, hq)
        if hq_ui.side != ui.side or U.record(st, hq)["status"] != "on_map":
            return f"{hq_ui.name} is not a Friendly HQ on the map", "10.31"
        if hq not in hqs_in_range(st, uid):
            return why_out_of_radius(st, hq, uid)
        left = command_strength(st, hq) - self.used(st, frame, hq)
        return (
            f"{hq_ui.name} has {left} stacking points of Command Strength left;"
            f" {ui.name} needs {ui.stacking}",
            "10.31",
        )

    def not_a_candidate(self, st: State, uid: str) -> tuple[str, str | None]:
        case = U.rules(st).commanded_without_hq_case(st, uid)
        return f"{U.info(st, uid).name} is in Command Control without an HQ", case


def why_out_of_radius(st: State, hq: str, uid: str) -> tuple[str, str | None]:
    """Why the unit is outside the HQ's Command Radius (10.33, or 10.34 for zones)."""
    hq_ui, ui = U.info(st, hq), U.info(st, uid)
    refusal = U.rules(st).command_refusal(st, hq, uid)
    if refusal is not None:
        return refusal  # type: ignore[no-any-return]
    if not U.rules(st).may_command(st, hq, uid):
        return f"{hq_ui.name} may not command {ui.name}", "10.31"
    where = U.record(st, uid)["hex"]
    board = U.static(st).scenario.board
    reach = command_radius(st, hq)
    distance = board.distance(U.record(st, hq)["hex"], where)
    if distance > reach:
        return (
            f"{ui.name} in {where} is {distance} hexes from {hq_ui.name};"
            f" its Command Radius is {reach}",
            "10.33",
        )
    game_refusal = U.rules(st).radius_refusal(st, hq, uid)
    if game_refusal is not None:
        return game_refusal  # type: ignore[no-any-return]
    if not U.rules(st).radius_through_zoc(st, hq, uid):
        return (
            f"{hq_ui.name}'s radius (TCR {U.tcr(st, hq)}) cannot reach {where} without"
            " crossing Enemy units, prohibited terrain or hexsides, or Enemy zones of control",
            U.rules(st).radius_zoc_case(st, hq, uid),
        )
    return (
        f"{hq_ui.name}'s radius cannot reach {where}: Enemy-occupied hexes, prohibited"
        " terrain or blocked hexsides are in the way",
        "10.33",
    )


class MovementCommandSegment(CommandSegment):
    """4.0 A.c Command Control Segment of the Movement Phase (10.31-10.41)."""

    kind = "movement_command_control"
    case = "10.31"
    phase = "Movement Phase"

    def title(self, st: State, frame: Frame) -> str:
        return "Command Control Segment"


class CombatCommandSegment(CommandSegment):
    """4.0 A.3.a Command Control Segment of the Combat Phase (10.36, 10.42)."""

    kind = "combat_command_control"
    case = "10.36"
    phase = "Combat Phase"
    roll_note = "units left out roll the die only if within a radius (10.42)"

    def candidates(self, st: State, side: str) -> list[str]:
        """Only units able to attack this phase: command affects attackers only (10.42,
        10.43; defenders count by radius)."""
        ground = _attack_ground(st, side)
        return [uid for uid in super().candidates(st, side) if _able_to_attack(st, uid, ground)]

    def may_roll(self, st: State, uid: str) -> bool:
        """10.42: units outside every Command Radius may not roll as in 10.41; units inside
        a radius but left without Command Strength may."""
        return in_radius(st, uid)

    def not_a_candidate(self, st: State, uid: str) -> tuple[str, str | None]:
        if U.rules(st).commanded_without_hq(st, uid):
            return super().not_a_candidate(st, uid)
        return (
            f"{U.info(st, uid).name} cannot attack this Combat Phase (no Attack Strength,"
            " entrained or not adjacent to the Enemy): its command does not matter",
            "10.42",
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Command Control Segment (combat)"


def end_combat_phase(st: State, frame: Frame) -> None:
    """The Combat Phase's Out of Command Control markers last until its end (10.36)."""
    U.clear_marker(st, OUT_OF_COMMAND, frame["side"])


# --- end of the Movement Segment -----------------------------------------------------


def end_movement_segment(st: State, side: str) -> None:
    """4.0 A.d: the markers come off after the Movement Segment; then the other side's
    lone HQs next to ``side``'s units displace (10.52)."""
    U.clear_marker(st, OUT_OF_COMMAND, side)
    if must_displace(st, U.enemy_of(st, side)):
        st.push({"kind": "hq_displacement", "side": side, "owner": U.enemy_of(st, side)})


class HqDisplacement(Handler):
    """10.52: HQs not stacked with Friendly combat units must displace during the Enemy
    Movement Phase when Enemy units are adjacent; done at the end of the Enemy Movement
    Segment, the owner (``side``) choosing among equally near hexes."""

    kind = "hq_displacement"
    case = "10.52"

    def _next(self, st: State, frame: Frame) -> str | None:
        pending = must_displace(st, frame["owner"])
        return pending[0] if pending else None

    def actors(self, st: State, frame: Frame) -> list[str]:
        hq = self._next(st, frame)
        if hq is not None and len(displacement_hexes(st, hq)) > 1:
            return [frame["owner"]]
        return []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        hq = self._next(st, frame)
        if hq is None:
            return []
        return [{"type": "displace", "unit": hq, "to": h} for h in displacement_hexes(st, hq)]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        _displace(st, action["unit"], action["to"], "Enemy units are adjacent (owner's choice)")

    def run(self, st: State, frame: Frame) -> None:
        hq = self._next(st, frame)
        if hq is None:
            st.pop()
            return
        _displace_or_eliminate(st, hq, "Enemy units are adjacent")

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why a displacement is refused: only the nearest Friendly hexes (10.52)."""
        hq = self._next(st, frame)
        if action.get("type") != "displace" or hq is None:
            return "HQs next to Enemy units displace now: choose where", "10.52"
        if action.get("unit") != hq:
            return f"{U.info(st, hq).name} displaces first", "10.52"
        nearest = ", ".join(displacement_hexes(st, hq))
        return (
            f"{U.info(st, hq).name} displaces to the nearest hex with a Friendly unit or"
            f" fortress: {nearest}",
            "10.52",
        )

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        hq = self._next(st, frame)
        name = U.info(st, hq).name if hq else "an HQ"
        return f"{name} is alone next to Enemy units and must displace: choose a hex (10.52)."

    def title(self, st: State, frame: Frame) -> str:
        return "HQ displacement"


# --- views ---------------------------------------------------------------------------


def view(st: State, role: str) -> dict[str, Any]:
    """For the browser: the viewer's HQ radii and the units out of command (public)."""
    mine = radii(st, role) if role in U.static(st).side_ids else {}
    records = st.data["units"]
    return {
        "radii": {hq: _in_order(st, hexes) for hq, hexes in mine.items()},
        "out_of_command": [
            uid for uid in U.static(st).units if OUT_OF_COMMAND in records[uid]["markers"]
        ],
    }


#: how many radii :func:`_in_order` keeps sorted per game (the oldest go first)
SORTED_KEPT = 512


def _in_order(st: State, hexes: frozenset[str]) -> list[str]:
    """A radius's hexes sorted, the list kept per game for each radius (a radius that
    stands from one view to the next is not sorted again; shared: never changed)."""
    kept = U.static(st).bounded("radii sorted", SORTED_KEPT)
    found: list[str] | None = kept.get(hexes)
    return found if found is not None else kept.put(hexes, sorted(hexes))


__all__ = [
    "OUT_OF_COMMAND",
    "CombatCommandSegment",
    "HqDisplacement",
    "MovementCommandSegment",
    "after_combat",
    "attack_halved",
    "displace_hqs",
    "heroic_attack",
    "hq_defense",
    "hq_only_hexes",
    "in_command",
    "may_move",
    "result_worsens",
    "shift_candidates",
]
