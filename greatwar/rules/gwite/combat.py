"""8.0 Combat: declaring attacks and working out the odds (8.1-8.4, 11.11, 12.21).

In the Combat Resolution Segment the phasing player declares attacks one at
a time (8.0 procedure: each is resolved before the next).  This module holds
the segment, who may attack what, and the odds with every modifier named and
taken from the game's rules (:class:`CombatRules`); :mod:`attack` builds one
attack and rolls the die, :mod:`combat_result` applies the result (8.5-8.7).

Readings where the standard rules are silent (each marked in the code):

* the CRT row of an attack by units of different TCRs is that of the worst
  (highest) TCR among them (Brusilov 17.0 and Caporetto 8.4 give their own
  rules through ``CombatRules.attack_tcr``);
* "may not attack at less than the minimum ratios listed" (8.8) is read on
  the odds before column shifts;
* units do not attack across prohibited hexsides (no rule lets them, and
  zones of control do not cross them, 7.11);
* a unit attacking into any target across a Minor River is halved, and the
  attack gets the Ridge (+1) or Major River die modifier if any attacker
  attacks across one (5.4);
* halving a unit's Attack Strength rounds down: 9.21 (out of supply) keeps
  its printed "never below one"; the halvings of 10.42 (out of command) and
  of a Minor River are rounded down like any fraction of Attack Strength
  (12.21: fractional Attack Strengths are ignored), so they may reach zero;
* a hex may be attacked only while none of its defending units (nor its
  fortress) has been attacked this phase: 8.21 forbids attacking some units
  of a hex without the others, and 8.14 attacking any of them twice;
* a City (or provisional Mountain) doubles every defending unit in the hex,
  HQs' Combat Strength included (10.53 they defend as units); a fortress
  defends with its printed strength only (11.11), never doubled;
* an entrained defender is halved (rounded down, 5.36) before terrain
  doubles it: the unit's own strength first, then the hex's effect;
* 12.21: the cavalry's total (after each unit's own halvings) is reduced to
  a quarter, fractions dropped; a target hex with an Enemy fortress counts
  as holding "other" units (a fortress is none of cavalry, depot or HQ);
* a heroic leader adds its strength to an attack its stack takes part in
  (10.23): an attack needs at least one attacking combat unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.state import content_key
from greatwar.rules.gwite import cavalry, command, crt, fortress, rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: markers of units that entered a Friendly stack this phase and do not defend (8.66, 12.17)
PASSENGER_MARKERS = ("retreated", "withdrawn")
#: the attack frame's stage while the defender acts before the die (R3), and his last action
DEFENDING = "defending"
END_DEFENSE = "end_defense"
#: unit types a cavalry attack may strike at full strength (12.21)
CAVALRY_FULL_TARGETS = frozenset({"cavalry", "supply_depot", "hq"})


# --- the segment and what has been attacked ---------------------------------------------


def segment(st: State) -> Frame:
    """The Combat Resolution Segment frame (it holds who has attacked and been attacked)."""
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "combat_resolution":
            return frame  # type: ignore[no-any-return]
    raise LookupError("not in a Combat Resolution Segment")


def adjacent_for_combat(st: State, a: str, b: str) -> bool:
    """8.11 adjacent, and not across a prohibited hexside (our reading, see the docstring)."""
    return b in U.static(st).combat_reach[a]


def is_passenger(st: State, uid: str) -> bool:
    """8.66 / 12.17: retreated or withdrew into this stack this phase: does not defend."""
    return any(U.has_marker(st, uid, m) for m in PASSENGER_MARKERS) or cavalry.withdrawn_into_stack(
        st, uid
    )


def defenders_in(st: State, hex_label: str, side: str) -> list[str]:
    """Units of ``side`` defending a hex (8.21): all but passengers (8.66), unless
    passengers are all that is left."""
    units = fighting_units_in(st, hex_label, side)
    hosts = [uid for uid in units if not is_passenger(st, uid)]
    return hosts or units


def fighting_units_in(st: State, hex_label: str, side: str) -> list[str]:
    """Units of ``side`` in a hex that combat may affect (all but those the game's
    rules keep out of combat: Caporetto 17.32 the monitor)."""
    rules = U.rules(st)
    return [
        uid
        for uid in U.units_in(st, hex_label)
        if U.info(st, uid).side == side and not rules.combat_immune(st, uid)
    ]


def _defenders_by_hex(st: State, side: str) -> dict[str, list[str]]:
    """:func:`defenders_in` of every hex holding units of ``side`` (read, never changed)."""
    units = U.static(st).units
    out: dict[str, list[str]] = {}
    for h, ids in U.occupancy(st).items():
        if any(units[uid].side == side for uid in ids):
            found = defenders_in(st, h, side)
            if found:
                out[h] = found
    return out


def _hex_defenders(st: State, hex_label: str, side: str) -> list[str]:
    """:func:`defenders_in` for reading only: in a game where combat immunity is the
    standard rules' (none), from a table of the side's hexes memoised on that side's
    revision (all it reads: the side's units, their places and markers, 8.21, 8.66)."""
    rules = st.game.static.rules
    if U.overridden(rules, CombatRules, "combat_immune"):
        return defenders_in(st, hex_label, side)
    table = U.cached_of(st, "defenders by hex", _defenders_by_hex, side)
    return table.get(hex_label, _NONE)  # type: ignore[no-any-return]


#: no defenders (shared, never changed)
_NONE: list[str] = []


def passengers_in(st: State, hex_label: str, side: str) -> list[str]:
    units = fighting_units_in(st, hex_label, side)
    hosts = [uid for uid in units if not is_passenger(st, uid)]
    return [uid for uid in units if uid not in hosts] if hosts else []


def targetable(st: State, seg: Frame, hex_label: str) -> bool:
    """8.14, 8.21: a hex holding Enemy units or an undestroyed Enemy fortress (11.13 shows
    fortresses alone can be attacked), none of which has been attacked this phase."""
    enemy = U.enemy_of(st, seg["side"])
    defenders = _hex_defenders(st, hex_label, enemy)
    has_fortress = fortress.owner(st, hex_label) == enemy
    if not defenders and not has_fortress:
        # a hex the attacker cannot see is empty (Hindenburg 18.0: a Gruppe marker)
        return hex_label in U.rules(st).phantom_targets(st, seg["side"])
    if has_fortress and hex_label in seg["fortresses"]:
        return False
    return not any(uid in seg["defended"] for uid in defenders)


def _possible_targets(st: State, side: str) -> set[str]:
    """Every hex :func:`targetable` may accept for ``side``: those holding Enemy units, an
    Enemy fortress (undestroyed or not) or a hex the side cannot see into; the rest hold
    nothing to attack (8.14, 8.21)."""
    enemy = U.enemy_of(st, side)
    rules = U.rules(st)
    if U.overridden(rules, CombatRules, "combat_immune"):
        units = U.static(st).units
        held = {h for h, ids in U.occupancy(st).items() if any(units[u].side == enemy for u in ids)}
    else:
        held = set(U.cached_of(st, "defenders by hex", _defenders_by_hex, enemy))
    held.update(h for h, owner in U.static(st).fortress_side.items() if owner == enemy)
    held.update(rules.phantom_targets(st, side))
    return held


def attack_refusal(st: State, seg: Frame, uid: str) -> tuple[str, str] | None:
    """Why a unit may not attack at all this phase (reason, case), or None."""
    ui = U.info(st, uid)
    name = ui.name
    if ui.side != seg["side"] or U.record(st, uid)["status"] != "on_map":
        return f"{name} is not one of the phasing player's units on the map", "8.11"
    if uid in seg["attacked"]:
        return f"{name} has already attacked this phase", "8.14"
    if ui.hq and not ui.heroic:
        return f"{name} is an HQ: HQs never attack (only heroic leaders add strength)", "8.12"
    if rail.entrained(st, uid):
        return f"{name} is entrained: entrained units may not attack", "5.36"
    if not rail.may_attack_after_rail(st, uid):
        return f"{name} moved by rail this turn: only TCR-1 units attack after that", "5.34"
    if not ui.hq and U.printed_attack(st, uid) <= 0:
        return f"{name} has no attack strength", "8.12"
    return None


def ready_attackers(st: State, seg: Frame) -> tuple[str, ...]:
    """The phasing player's units on the map that :func:`attack_refusal` lets attack, in
    counter order: memoised on all it reads (the units' records through the revisions,
    the segment's side and the units that have attacked)."""
    side = seg["side"]
    attacked = tuple(seg["attacked"])
    key = ("ready attackers", side, U.revision(st), attacked)
    found: tuple[str, ...] | None = st.recall(key)
    if found is None:
        found = tuple(uid for uid in U.on_map(st, side) if attack_refusal(st, seg, uid) is None)
        st.remember(key, found)
    return found


class CombatRules:
    """The variation points of 8.0 (a game's rules class may override them): every
    source of a modifier the odds name — the CRT row, the halvings of each attacker and
    defender, the terrain's factor, cavalry's reduction, column shifts, die modifiers and
    result modifiers — and a step in which the defender acts before the die (none in
    the standard rules; Brusilov's HQ defensive shift and massed artillery need it)."""

    #: a game's CRT row for units of several nationalities attacking together (Brusilov
    #: 17.0, Hindenburg's errata to 8.3); none in the standard rules
    joint_attack_row: ClassVar[JointRow | None] = None

    def joint_row(self, st: State, attackers: list[str]) -> JointRow | None:
        """The game's :attr:`joint_attack_row` when the attacking combat units (HQs left
        out) include every nationality it names; None otherwise."""
        row = self.joint_attack_row
        if row is None:
            return None
        nations = {U.info(st, u).nationality for u in attackers if not U.info(st, u).hq}
        return row if row.nationalities <= nations else None

    def attack_tcr(self, st: State, attackers: list[str]) -> int:
        """The TCR whose CRT row an attack uses (8.4): a game's joint row
        (:meth:`joint_row`), else the worst (highest) TCR of the attacking combat units
        (the standard rules' reading; Caporetto 8.4 gives its own)."""
        joint = self.joint_row(st, attackers)
        if joint is not None:
            return joint.tcr
        rated = [U.tcr(st, uid) for uid in attackers if not U.info(st, uid).hq]
        return max(rated) if rated else 1

    def attack_halvings(
        self, st: State, uid: str, targets: list[str], attack: Frame | None = None
    ) -> list[Halving]:
        """The halvings of one attacking unit's Attack Strength, in the order they apply:
        9.21 out of supply (never below one), 10.42 out of command
        (:meth:`attacker_out_of_command`), and the terrain table's halving across a
        hexside (5.4 Minor River)."""
        out = []
        if supply.attack_halved(st, uid):
            out.append(Halving(_modifier("out of supply: halved, never below 1", "9.21"), 1))
        uncommanded = self.attacker_out_of_command(st, uid, attack)
        if uncommanded is not None:
            out.append(Halving(uncommanded))
        for effect in _crossed_effects(st, _crossings(st, uid, targets), "attack_halved"):
            out.append(Halving(_modifier(effect.why, effect.case, effect.provisional)))
        return out

    def attacker_out_of_command(
        self, st: State, uid: str, attack: Frame | None
    ) -> dict[str, Any] | None:
        """Why an attacking unit counts as out of Command Control in this attack (its
        10.42 halving and 10.43 result), as the modifier the odds name; None when it is
        in command.  The standard rules: the Out of Command Control marker of this
        Combat Phase (Hindenburg 20.12 adds attacks the 9th Army HQ may not command)."""
        if command.attack_halved(st, uid):
            return _modifier("out of command control: halved", "10.42")
        return None

    def attacker_refusal(self, st: State, attack: Frame, uid: str) -> tuple[str, str] | None:
        """Why a unit that may attack this phase may not join this attack (reason, case),
        or None.  None in the standard rules (Hindenburg 20.12: Austro-Hungarian and
        German units together only under the 9th Army HQ)."""
        return None

    def hexside_effect(self, st: State, feature: str, kind: str, effect: Any) -> Any:
        """The combat effect of kind ``kind`` (``attack_halved``, ``die``) of crossing a
        hexside ``feature`` in this game: the terrain table's (5.4) in the standard rules
        (Hindenburg 5.4 adds only one for a Major River)."""
        return effect

    def attack_factors(self, st: State, uid: str, attack: Frame) -> list[Factor]:
        """Factors one attacking unit's strength is multiplied by, each with its
        modifier (applied after its halvings unless ``before_halvings``).  None in the
        standard rules (Brusilov 19.21 Massed Artillery Fire doubles)."""
        return []

    def defense_halvings(self, st: State, uid: str, hex_label: str) -> list[Halving]:
        """The halvings of one defending unit's Defense Strength, before the terrain's
        factor: 5.36 entrained (rounded down)."""
        if rail.defense_halved(st, uid):
            return [Halving(_modifier("entrained: half defense, rounded down", "5.36"))]
        return []

    def terrain_defense(self, st: State, hex_label: str) -> tuple[int, list[dict[str, Any]]]:
        """5.4 the factor the hex's terrain multiplies its defending units by, and why
        (the terrain table's ``defense``: a City doubles)."""
        scenario = U.static(st).scenario
        terrain = scenario.terrain.terrain.get(scenario.board.terrain.get(hex_label, ""))
        effect = None if terrain is None else terrain.defense
        if effect is None:
            return 1, []
        return effect.factor, [_modifier(effect.why, effect.case, effect.provisional)]

    def attack_base(self, st: State, uid: str) -> tuple[int, list[dict[str, Any]]]:
        """An attacking unit's Attack Strength before any factor or halving, and why when
        it is not the printed one: the standard rules use the printed strength (Brusilov
        24.42's broken-down armored car attacks with its back face)."""
        return U.printed_attack(st, uid), []

    def defense_base(self, st: State, uid: str, hex_label: str) -> tuple[int, list[dict[str, Any]]]:
        """A defending unit's Defense Strength before any halving, and why when it is not
        the printed one: the standard rules use the printed strength (Brusilov 23.11's
        panicked units defend with 1)."""
        return U.printed_defense(st, uid), []

    def defense_factors(
        self, st: State, uid: str, hex_label: str
    ) -> list[tuple[int, dict[str, Any]]]:
        """The factors one defending unit's halved strength is multiplied by, each with
        its modifier: the standard rules have the hex's terrain only (5.4 City), the
        same for every unit in it (Brusilov adds trenches, denied to some units)."""
        factor, mods = self.terrain_defense(st, hex_label)
        return [(factor, mods[0])] if mods else []

    def defense_support(self, st: State, uid: str, attack: Frame) -> list[Factor]:
        """Factors one defending unit's strength is multiplied by for this attack (after
        its own factors), each with its modifier: none in the standard rules (Brusilov
        19.23 defensive Massed Artillery Fire doubles)."""
        return []

    def combat_immune(self, st: State, uid: str) -> bool:
        """Whether the unit is never affected by combat (it neither defends, nor retreats,
        nor loses steps with its hex): none in the standard rules (Caporetto 17.27, 17.32
        the Italian monitor)."""
        return False

    def attack_additions(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """Strength added to the attack's total beside its units' (each entry names its
        ``unit``, ``name``, ``strength`` and ``modifiers``): none in the standard rules,
        whose heroic leaders attack as units (10.23); Caporetto 17.11 the supporting
        artillery's Barrage Strength, 21.12 Rommel's 1 in any attack by the Alpenkorps."""
        return []

    def attack_without_units(self, st: State, attack: Frame) -> int | None:
        """The TCR of an attack the game lets be made by no attacking unit (its strength
        all :meth:`attack_additions`), or None: an attack needs at least one attacking
        unit (8.11) in the standard rules (Serbia/Galicia 21.0: the monitor flotilla
        alone)."""
        return None

    def result_outcome(
        self, st: State, attack: Frame, report: dict[str, Any], outcome: dict[str, Any]
    ) -> None:
        """Change the outcome a resolved attack's result is applied with (``outcome``:
        ``att_result``, ``def_result``, ``att_size``, ``def_size``, ``affected``, the
        CRT's and 8.9's), logging why: nothing in the standard rules (Serbia/Galicia
        21.0: the flotilla alone ignores the attacker's losses)."""

    def defense_additions(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """Strength added to the defense's total beside its units' (entries as in
        :meth:`attack_additions`): none in the standard rules (Caporetto 17.21 the
        supporting artillery's Barrage Strength)."""
        return []

    def odds_refusal(
        self, st: State, attack: Frame, report: dict[str, Any]
    ) -> tuple[str, str] | None:
        """Why an attack whose strengths are in ``report`` may not be made (reason,
        case), beyond the odds of 8.8: none in the standard rules (Caporetto 17.15 an
        attack at less than half the barrage supporting it)."""
        return None

    def cavalry_reduced(self, st: State, targets: list[str], defender: str) -> bool:
        """12.21 cavalry attacks at a quarter unless every target holds only Enemy
        cavalry, depots or HQs (a fortress is not one of those).  What the hex *contains*
        counts: a unit that retreated into it (8.66) does not defend but is there."""
        for t in targets:
            if fortress.owner(st, t) == defender:
                return True
            for uid in U.units_in(st, t):
                ui = U.info(st, uid)
                if ui.side == defender and ui.type not in CAVALRY_FULL_TARGETS:
                    return True
        return False

    def odds_shifts(self, st: State, seg: Frame, attack: Frame) -> list[dict[str, Any]]:
        """Column shifts of the odds (8.4): 10.21 the HQs' attack shifts the attacker
        added (an HQ that no longer qualifies shifts by 0).  Each entry names its source
        (``hq`` or ``unit``), its ``shift`` and its case."""
        attackers = attack["attackers"]
        candidates = {
            c["hq"]: c for c in command.shift_candidates(st, attackers, seg["shifts_used"])
        }
        out = []
        for hq in attack["shifts"]:
            c = candidates.get(hq, {"hq": hq, "shift": 0, "level": U.info(st, hq).hq_level})
            out.append({**c, "case": "10.21"})
        return out

    def odds_column(
        self, st: State, tcr: int, raw: int, shifts: list[dict[str, Any]]
    ) -> tuple[int, str | None]:
        """The final odds (an ordinal) and the CRT column they are read in, or None below
        the table (8.8): the standard rules add every shift to the raw odds, and odds
        above the table use its highest column (8.8 note)."""
        final = raw + sum(int(s["shift"]) for s in shifts)
        return final, crt.table().column_for(tcr, final)

    def die_modifiers(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """Added to the combat die (5.4): the terrain table's die modifiers of the
        hexsides any attacker attacks across (Ridge +1, Major River)."""
        crossings: set[str] = set()
        for uid in attack["attackers"]:
            crossings |= _crossings(st, uid, attack["targets"])
        mods = []
        for effect in _crossed_effects(st, crossings, "die"):
            mod: dict[str, Any] = {"why": effect.why, "value": effect.value, "case": effect.case}
            if effect.provisional:
                mod["provisional"] = True
            mods.append(mod)
        return mods

    def result_modifiers(self, st: State, attack: Frame, defender: str) -> list[dict[str, Any]]:
        """10.43 TCR 3-4 units out of command (attacking) or beyond every HQ's radius
        (defending) add one to their force's result (3 becoming E): one entry per force."""
        attackers, targets = attack["attackers"], attack["targets"]
        out = []
        if any(
            U.tcr(st, u) >= 3 and self.attacker_out_of_command(st, u, attack) is not None
            for u in attackers
            if not U.info(st, u).hq
        ):
            out.append(
                {"force": "attacker", "why": "attacking TCR 3-4 units out of command", "value": 1}
            )
        defending = [u for t in targets for u in defenders_in(st, t, defender)]
        if any(command.result_worsens(st, u, False) for u in defending if not U.info(st, u).hq):
            out.append(
                {
                    "force": "defender",
                    "why": "defending TCR 3-4 units beyond any HQ's radius",
                    "value": 1,
                }
            )
        return [{**m, "case": "10.43"} for m in out]

    def result_kind(self, st: State, report: dict[str, Any]) -> str:
        """The frame kind that applies the result (8.5-8.7): the standard stages, or a
        game's own result handler (a subclass of ``CombatResult`` with other stages)."""
        return "combat_result"

    def unit_free_targets(self, st: State, seg: Frame) -> frozenset[str]:
        """Hexes the phasing player may declare an attack on with no unit of his adjacent
        (an attack :meth:`attack_without_units` may let be made): none in the standard
        rules (Serbia/Galicia 21.0 the monitor flotilla's river banks)."""
        return frozenset()

    def exposed_hexes(self, st: State, side: str) -> frozenset[str]:
        """Hexes where ``side``'s units may be attacked with no Enemy unit adjacent (the
        Enemy's :meth:`unit_free_targets` in his coming Combat Phases), for the computer
        players: none in the standard rules."""
        return frozenset()

    def phantom_targets(self, st: State, side: str) -> frozenset[str]:
        """Hexes ``side`` may declare an attack on though they may hold no Enemy unit
        (what he cannot see into): none in the standard rules (Hindenburg 18.0: the
        hexes of Gruppen markers, which may be dummies)."""
        return frozenset()

    def attack_joined(self, st: State, attack: Frame, hexes: list[str], units: list[str]) -> None:
        """Defending ``hexes`` (a declaration, an added target) or attacking ``units``
        have just joined the attack on top of the stack, before any odds are shown with
        them: nothing in the standard rules (Hindenburg 18.31: a Gruppe that attacks or
        is attacked is revealed; an attack on a dummy is called off, the rules popping
        the attack frame, or dropping the hex from its targets)."""

    # -- the attacker's own choices, and the moment the die is rolled ---------------------

    def attack_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """Choices of the attacker while he puts the attack together, beyond targets,
        attackers and HQ shifts (kept on the attack frame, undone with it).  None in the
        standard rules (Brusilov 19.21 Massed Artillery Fire)."""
        return []

    def apply_attack_action(self, st: State, attack: Frame, action: Action) -> None:
        """Carry out one of :meth:`attack_actions`."""
        raise NotImplementedError("the standard rules give the attacker no other choice")

    def combat_action_refusal(
        self, st: State, attack: Frame, role: str, action: Action
    ) -> tuple[str, str] | None:
        """Why a game's own attacker or defender action is refused (reason, case), or
        None when the action is none of the game's."""
        return None

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """Called once an attack's die is rolled and its result read, before the result
        is applied: nothing in the standard rules (Brusilov 19.21 burns the supply
        depots that supported it)."""

    def combat_end_refusal(self, st: State, seg: Frame) -> tuple[str, str] | None:
        """Why the phasing player may not end his Combat Resolution Segment yet (reason,
        case), or None: he may always in the standard rules (Serbia/Galicia 23.0 the
        Austrian attack imperative)."""
        return None

    def combat_ended(self, st: State, seg: Frame) -> None:
        """The Combat Resolution Segment ``seg`` is ending: nothing in the standard rules
        (Serbia/Galicia 23.0 logs attacks the imperative required that could not be made)."""

    # -- the defender's step before the die ----------------------------------------------

    def defender_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """What the defender may do once the attack is committed and before the die (his
        choices are kept on the attack frame, under ``defense``, and the modifier
        sources read them).  None in the standard rules: no defender step."""
        return []

    def apply_defender_action(self, st: State, attack: Frame, action: Action) -> None:
        """Carry out one of :meth:`defender_actions` (recorded on ``attack["defense"]``)."""
        raise NotImplementedError("the standard rules give the defender no step")


class JointRow(NamedTuple):
    """A game's CRT row for an attack by units of several nationalities together: the
    nationalities (all of them among the attackers), the TCR whose row is read, and why
    (our words and the case: Brusilov 17.0, Hindenburg's errata to 8.3)."""

    nationalities: frozenset[str]
    tcr: int
    why: str
    case: str


class Factor(NamedTuple):
    """A factor one unit's strength is multiplied by, with the modifier the odds name
    (``before_halvings``: applied to the printed strength, before any halving)."""

    factor: int
    modifier: dict[str, Any]
    before_halvings: bool = False


class Halving(NamedTuple):
    """One halving of a unit's strength: the modifier the odds name, and the least the
    strength may be halved to (9.21: never below one)."""

    modifier: dict[str, Any]
    floor: int = 0


# --- the odds, with every modifier named ----------------------------------------------------


def _modifier(why: str, case: str, provisional: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {"why": why, "case": case}
    if provisional:
        entry["provisional"] = True
    return entry


def _crossings(st: State, uid: str, targets: list[str]) -> set[str]:
    """Hexside features the unit attacks across (any target)."""
    board = U.static(st).scenario.board
    here = U.record(st, uid)["hex"]
    found: set[str] = set()
    for t in targets:
        if t in board.neighbours[here]:
            found |= board.features(here, t)
    return found


def attacker_strength(
    st: State, uid: str, targets: list[str], attack: Frame | None = None
) -> dict[str, Any]:
    """One attacking unit's strength with its modifiers (the rules' halvings, in order,
    and the factors of ``attack``; a heroic leader's Combat Strength, 10.23)."""
    ui = U.info(st, uid)
    if ui.hq:
        value = command.heroic_attack(st, uid, U.units_in(st, U.record(st, uid)["hex"]))
        return {
            "unit": uid,
            "name": ui.name,
            "printed": value,
            "strength": value,
            "modifiers": [_modifier("heroic leader's combat strength", "10.23")],
        }
    printed = U.printed_attack(st, uid)
    rules = U.rules(st)
    value, base_mods = rules.attack_base(st, uid)
    mods = list(base_mods)
    factors = rules.attack_factors(st, uid, attack) if attack is not None else []
    for f in factors:
        if f.before_halvings:
            value *= f.factor
            mods.append(f.modifier)
    for halving in rules.attack_halvings(st, uid, targets, attack):
        value = max(halving.floor, value // 2)
        mods.append(halving.modifier)
    for f in factors:
        if not f.before_halvings:
            value *= f.factor
            mods.append(f.modifier)
    return {
        "unit": uid,
        "name": ui.name,
        "printed": printed,
        "strength": value,
        "modifiers": mods,
        "cavalry": ui.type == "cavalry",
    }


def defender_strength(
    st: State, uid: str, hex_label: str, attack: Frame | None = None
) -> dict[str, Any]:
    """One defending unit's strength with its modifiers: its base strength (printed),
    the rules' halvings (5.36), then its factors (5.4 City) and the support it has in
    ``attack``."""
    ui = U.info(st, uid)
    printed = U.printed_defense(st, uid)
    rules = U.rules(st)
    value, mods = rules.defense_base(st, uid, hex_label)
    mods = list(mods)
    for halving in rules.defense_halvings(st, uid, hex_label):
        value = max(halving.floor, value // 2)
        mods.append(halving.modifier)
    for factor, modifier in rules.defense_factors(st, uid, hex_label):
        value *= factor
        mods.append(modifier)
    for f in rules.defense_support(st, uid, attack) if attack is not None else []:
        value *= f.factor
        mods.append(f.modifier)
    return {
        "unit": uid,
        "name": ui.name,
        "printed": printed,
        "strength": value,
        "modifiers": mods,
    }


def _crossed_effects(st: State, crossed: set[str], kind: str) -> list[Any]:
    """The combat effects of kind ``kind`` (``attack_halved``, ``die``) of the hexside
    features crossed, in the terrain table's order."""
    table = U.static(st).scenario.terrain.hexside
    rules = U.rules(st)
    found = (
        rules.hexside_effect(st, f, kind, getattr(table[f], kind)) for f in table if f in crossed
    )
    return [e for e in found if e is not None]


def assess(st: State, seg: Frame, attack: Frame) -> dict[str, Any]:
    """The whole odds calculation of an attack (``attack``: its ``side``, ``targets``,
    ``attackers``, ``shifts`` and the defender's choices, if any), every modifier named
    and each taken from the game's rules, as plain data for views, agents and the
    resolution."""
    rules = U.rules(st)
    targets, attackers = attack["targets"], attack["attackers"]
    side = seg["side"]
    defender = U.enemy_of(st, side)
    table = crt.table()
    out: dict[str, Any] = {"targets": list(targets), "attackers": [], "defenders": []}
    normal, mounted = 0, 0
    for uid in attackers:
        entry = attacker_strength(st, uid, targets, attack)
        out["attackers"].append(entry)
        if entry.get("cavalry"):
            mounted += entry["strength"]
        else:
            normal += entry["strength"]
    if mounted and rules.cavalry_reduced(st, targets, defender):
        out["cavalry"] = {
            "total": mounted,
            "reduced_to": mounted // 4,
            "case": "12.21",
            "why": "cavalry attacking other than cavalry, depots or HQs: reduced by 75%",
        }
        mounted //= 4
    attack_total = normal + mounted
    unitless = None if attackers else rules.attack_without_units(st, attack)
    additions = rules.attack_additions(st, attack) if attackers or unitless else []
    if additions:
        out["attack_additions"] = additions  # (shown only where a game's rules add any)
        attack_total += sum(int(e["strength"]) for e in additions)
    defense = 0
    for t in targets:
        units = [u for u in defenders_in(st, t, defender) if not U.info(st, u).hq]
        for uid in units:
            entry = defender_strength(st, uid, t, attack)
            out["defenders"].append(entry)
            defense += entry["strength"]
        hq_value = command.hq_defense(st, t, defenders_in(st, t, defender))
        if hq_value:
            factor, terrain_mods = rules.terrain_defense(st, t)
            out["defenders"].append(
                {
                    "hq": t,
                    "name": "HQ combat strength",
                    "printed": hq_value,
                    "strength": hq_value * factor,
                    "modifiers": [
                        _modifier("HQ stacked with 2+ stacking points", "10.53"),
                        *terrain_mods,
                    ],
                }
            )
            defense += hq_value * factor
        if fortress.owner(st, t) == defender:
            value = fortress.defense(st, t)
            out["defenders"].append(
                {
                    "fortress": t,
                    "name": fortress.describe(st, t),
                    "strength": value,
                    "modifiers": [
                        _modifier(
                            "fortress defense",
                            "11.11" if fortress.steps_lost(st, t) < 2 else "11.14",
                        )
                    ],
                }
            )
            defense += value
    additions = rules.defense_additions(st, attack)
    if additions:
        out["defense_additions"] = additions
        defense += sum(int(e["strength"]) for e in additions)
    out["attack"] = attack_total
    out["defense"] = defense
    tcr = rules.attack_tcr(st, attackers) if attackers else (unitless or 1)
    out["tcr"] = tcr
    joint = rules.joint_row(st, attackers)
    if joint is not None and joint.tcr == tcr:
        out["tcr_row"] = {"why": joint.why, "case": joint.case}
    out["columns"] = table.columns(tcr)
    if attackers and all(U.info(st, uid).hq for uid in attackers):
        out.update(
            legal=False,
            reason="a heroic leader adds its strength only to an attack by its stack",
            case="10.23",
        )
        return out
    if attack_total <= 0:
        out.update(legal=False, reason="the attackers have no attack strength", case="8.12")
        return out
    refused = rules.odds_refusal(st, attack, out)
    if refused is not None:
        out.update(legal=False, reason=refused[0], case=refused[1])
        return out
    raw = crt.odds_ordinal(attack_total, defense)
    out["odds"] = crt.odds_label(raw)
    out["shifts"] = rules.odds_shifts(st, seg, attack)
    final, column = rules.odds_column(st, tcr, raw, out["shifts"])
    out["final_odds"] = crt.odds_label(final)
    out["die_modifiers"] = rules.die_modifiers(st, attack)
    out["result_modifiers"] = rules.result_modifiers(st, attack, defender)
    if raw < table.lowest(tcr):
        lowest = table.columns(tcr)[0]
        out.update(
            legal=False,
            reason=f"odds of {out['odds']} are below the lowest column ({lowest})",
            case="8.8",
        )
        return out
    if column is None:
        out.update(
            legal=False, reason=f"odds of {out['final_odds']} are below the table", case="8.8"
        )
        return out
    out.update(column=column, legal=True)
    return out


# --- forces ------------------------------------------------------------------------------------


def combat_units(st: State, units: list[str]) -> list[str]:
    return [u for u in units if not U.info(st, u).hq]


def alive(st: State, units: list[str]) -> list[str]:
    return [u for u in units if U.record(st, u)["status"] == "on_map"]


def force_steps(st: State, units: list[str]) -> int:
    return sum(U.steps_left(st, u) for u in combat_units(st, units))


# --- the preview, and the numbers a ruling is held to --------------------------------------------


def attack_key(st: State, frame: Frame) -> str:
    """The attack's name in rulings: Game-Turn, side and its number in the segment."""
    return f"turn {st.data['turn']} {frame['side']} attack {frame.get('n', 0)}"


def preview(st: State, frame: Frame) -> dict[str, Any]:
    """The odds of the attack being put together, every modifier named: what the view
    shows before the player commits, and what :func:`attack.resolve` applies
    (one computation: the resolution calls this, after 9.23, before spending anything)."""
    return {"key": attack_key(st, frame), **assess(st, segment(st), frame)}


def shown_preview(st: State, frame: Frame) -> dict[str, Any]:
    """:func:`preview` as the legal actions, the prompt and the view show it between two
    actions (memoised on the number of actions taken and the attack's frame: all three
    ask it of the same state; shared, never changed).  The resolution calls
    :func:`preview` itself."""
    key = ("attack preview", st.version, content_key(frame))
    return st.memo(key, preview, st, frame)  # type: ignore[no-any-return]


def ruling_numbers(report: dict[str, Any]) -> dict[str, Any]:
    """The numbers of an attack a preview promises and a resolution applies (8.4, 8.8)."""
    keep = ("legal", "attack", "defense", "odds", "final_odds", "tcr", "column")
    out = {k: report[k] for k in keep if k in report}
    out["shifts"] = [
        [s.get("hq") or s.get("unit"), int(s["shift"])] for s in report.get("shifts", [])
    ]
    out["die_modifiers"] = [[m["case"], m["value"]] for m in report.get("die_modifiers", [])]
    out["result_modifiers"] = [
        [m["force"], m["case"], m["value"]] for m in report.get("result_modifiers", [])
    ]
    if "cavalry" in report:
        out["cavalry"] = report["cavalry"]["reduced_to"]
    return out


# --- frames -----------------------------------------------------------------------------------


class CombatResolution(Handler):
    """4.0 A.3.b Combat Resolution Segment: the phasing player declares attacks one by one."""

    kind = "combat_resolution"
    case = "8.0"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("attacked", [])  # units that have attacked (8.14)
        frame.setdefault("defended", [])  # Enemy units that have been attacked (8.14)
        frame.setdefault("fortresses", [])  # Enemy fortresses attacked (8.14, 11.1)
        frame.setdefault("shifts_used", [])  # HQs whose attack shift is spent (10.21)
        frame.setdefault("declared", 0)  # attacks declared so far (they name the rulings)

    def targets(self, st: State, frame: Frame) -> list[str]:
        """Hexes some unit of the phasing player may attack now."""
        key = ("combat targets", U.revision(st), content_key(frame))
        return st.memo(key, lambda: self._targets(st, frame))  # type: ignore[no-any-return]

    def _targets(self, st: State, frame: Frame) -> list[str]:
        board = U.static(st).scenario.board
        found = set()
        refused: set[str] = set()  # hexes found not targetable (asked once each)
        possible = _possible_targets(st, frame["side"])
        for uid in ready_attackers(st, frame):
            here = U.record(st, uid)["hex"]
            for h in board.neighbours[here]:
                if h not in possible or h in found or h in refused:
                    continue
                if not adjacent_for_combat(st, here, h):
                    continue
                if targetable(st, frame, h):
                    found.add(h)
                else:
                    refused.add(h)
        for h in U.rules(st).unit_free_targets(st, frame):
            if targetable(st, frame, h):
                found.add(h)
        return sorted(found)

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if self.targets(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = [{"type": "declare", "target": h} for h in self.targets(st, frame)]
        if U.rules(st).combat_end_refusal(st, frame) is None:
            actions.append({"type": "end_segment"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_segment":
            st.log(f"{side_name(st, role)} ends the Combat Resolution Segment.", case="4.0")
            self.finish(st, frame)
            return
        frame["declared"] = frame.get("declared", 0) + 1
        attack: Frame = {
            "kind": "attack",
            "side": frame["side"],
            "targets": [action["target"]],
            "n": frame["declared"],
        }
        st.push(attack)
        U.rules(st).attack_joined(st, attack, [action["target"]], [])

    def run(self, st: State, frame: Frame) -> None:
        self.finish(st, frame)

    def finish(self, st: State, frame: Frame) -> None:
        U.rules(st).combat_ended(st, frame)
        # 8.66 / 12.17: units that retreated or withdrew into a stack count again
        for marker in PASSENGER_MARKERS:
            U.clear_marker(st, marker)
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        return "Combat Resolution Segment: choose a hex to attack, or end the segment."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        target = action.get("target")
        if action.get("type") == "end_segment":
            why = U.rules(st).combat_end_refusal(st, frame)
            if why is not None:
                return why  # type: ignore[no-any-return]
        if action.get("type") == "declare" and isinstance(target, str):
            if not U.static(st).scenario.board.on_map(target):
                return f"{target!r} is not a hex on this map", "8.11"
            enemy = U.enemy_of(st, frame["side"])
            if not defenders_in(st, target, enemy) and fortress.owner(st, target) != enemy:
                return f"{target} holds no Enemy unit or fortress", "8.11"
            if not targetable(st, frame, target):
                return f"the units in {target} have already been attacked this phase", "8.14"
            return f"no unit of yours that may attack is adjacent to {target}", "8.11"
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return "Combat Resolution Segment"


#: what the view calls the attack's own stages, in a player's words (a result frame's
#: stages: its handler's ``stage_titles``)
ATTACK_STAGE_TITLES = {
    "preparing": "the Attacker puts the attack together (8.1)",
    DEFENDING: "the Defender acts before the die (8.0)",
}


def view(st: State, role: str) -> dict[str, Any] | None:
    """The attack being prepared or resolved, for every role (combat is open information):
    its stage with a title in a player's words, and each column shift with the name of
    the HQ or unit that gives it."""
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "attack":
            stage = frame.get("stage", "preparing")
            return _shown(st, stage, ATTACK_STAGE_TITLES, shown_preview(st, frame))
        handler = st.handler(frame)
        if getattr(handler, "applies_result", False):  # combat_result or a game's
            titles = getattr(handler, "stage_titles", {})
            return _shown(st, frame["stage"], titles, frame["report"])
    return None


def _shown(st: State, stage: str, titles: dict[str, str], report: dict[str, Any]) -> dict[str, Any]:
    title = titles.get(stage, stage.replace("_", " "))
    shown = {"stage": stage, "stage_title": title, **report}
    if report.get("shifts"):
        shown["shifts"] = [_named_shift(st, s) for s in report["shifts"]]
    return shown


def _named_shift(st: State, shift: dict[str, Any]) -> dict[str, Any]:
    """A column shift with the name of the piece that gives it (10.21 an HQ; a game's
    unit, e.g. Brusilov's armored car), for the view only."""
    source = shift.get("hq") or shift.get("unit")
    if not source or "name" in shift or source not in st.game.static.units:
        return shift
    return {**shift, "name": U.info(st, source).name}
