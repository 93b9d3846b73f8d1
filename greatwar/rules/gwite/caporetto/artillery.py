"""Artillery barrage (caporetto 17.0-17.27, 8.14, 5.34): artillery brigades and the
Italian monitor support attacks and defenses with their Barrage Strengths.

A supporting unit adds the Barrage Strength of its current step (17.0) to a combat's
total: the attacker names his supporters while he puts the attack together (an action
on the attack frame, undone with it; he may reduce what one gives, 17.15), the
defender his in his step before the die, after the attacker's barrage and HQ shifts
are declared (17.25).  The odds name every barrage point with its case
(``attack_additions`` / ``defense_additions`` of the standard odds), and the
resolution applies exactly those.  Once the die is rolled each supporter has spent
its one attack or one defense of the Game-Turn (17.14, 17.24).  Supporters are not
attacking units (they never suffer combat losses in an attack, 17.16); a supporter of
a defense is a defending unit only when it stands in the defended hex (17.27).

Readings (docs/readings.md, Caporetto): AC12 "in Mountain terrain" is the
supporting unit's hex (option ``barrage_mountain_battle_hexes``: also any attacking
or defending hex of the combat); AC13 the half-barrage test uses the attack strength
after its halvings (option ``barrage_half_test_printed``: the printed strengths); the
test is on the total barrage of the attack; a supporter "separated" from the defender
is one adjacent to it across a ridge or impassable hexside, or, not adjacent to it,
one whose attacking unit attacks across such a hexside; an artillery brigade that is
itself attacked gives its barrage only to its own stack in that combat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.data import option
from greatwar.rules.gwite.combat import DEFENDING, Factor, assess, defenders_in, segment
from greatwar.rules.gwite.names import unit_name

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

HALF_TEST_PRINTED = "barrage_half_test_printed"
MOUNTAIN_BATTLE_HEXES = "barrage_mountain_battle_hexes"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    HALF_TEST_PRINTED: OptionSpec(
        False,
        "The half-barrage test compares the barrage with the attackers' printed Attack"
        " Strengths (off: with their strengths after halving for supply and command)",
        "caporetto 17.15",
    ),
    MOUNTAIN_BATTLE_HEXES: OptionSpec(
        False,
        "A supporting unit must be stacked with an attacker (defender) when any hex of the"
        " combat is Mountain terrain (off: only when its own hex is)",
        "caporetto 17.13",
    ),
}

#: the attacker's actions while he puts an attack together (17.11, 17.15)
BARRAGE = "barrage"
REDUCE_BARRAGE = "reduce_barrage"
REMOVE_BARRAGE = "remove_barrage"
#: the defender's actions in his step before the die (17.21, 17.25)
DEFENSIVE_BARRAGE = "defensive_barrage"
REMOVE_DEFENSIVE_BARRAGE = "remove_defensive_barrage"
ATTACK_KINDS = frozenset({BARRAGE, REDUCE_BARRAGE, REMOVE_BARRAGE})
DEFENSE_KINDS = frozenset({DEFENSIVE_BARRAGE, REMOVE_DEFENSIVE_BARRAGE})

#: 17.0 the units that have a Barrage Strength: artillery brigades and the monitor
SUPPORT_TYPES = frozenset({"artillery", "monitor"})
#: 17.32 the monitor's counter type
MONITOR = "monitor"
#: 17.26 the units an artillery brigade must be stacked with to barrage its own hex
LINE_SIZES = frozenset({"division", "corps"})
#: the map's names of the terrain and hexside that 17.12-17.13 and 17.21-17.23 name
RIDGE = "ridge"
MOUNTAIN = "mountain"
#: where the Game-Turn each unit last supported an attack / a defense is kept, and the
#: Player-Turn it last detrained (5.34)
RECORD = "barrage"

Refusal = tuple[str, str] | None


# --- small facts ------------------------------------------------------------------------


def barrage(st: State, uid: str) -> int:
    """17.0 the Barrage Strength of the unit's current step (0 for other units)."""
    if U.info(st, uid).type not in SUPPORT_TYPES:
        return 0
    return U.step_values(st, uid).barrage or 0


def _record(st: State) -> dict[str, dict[str, Any]]:
    return st.data.setdefault(RECORD, {"attack": {}, "defense": {}, "detrained": {}})  # type: ignore[no-any-return]


def _spent(st: State, what: str, uid: str) -> bool:
    """17.14, 17.24 the unit already supported an attack (a defense) this Game-Turn."""
    return bool(st.data.get(RECORD, {}).get(what, {}).get(uid) == st.data["turn"])


def detrained_this_player_turn(st: State, uid: str) -> bool:
    """5.34 the unit detrained in this Player-Turn (its own side's)."""
    when = st.data.get(RECORD, {}).get("detrained", {}).get(uid)
    return when == [st.data["turn"], U.info(st, uid).side]  # type: ignore[no-any-return]


def _clear(st: State, a: str, b: str) -> bool:
    """17.12, 17.22 adjacent hexes not separated by an Impassable or Ridge hexside."""
    board = U.static(st).scenario.board
    return b in U.static(st).combat_reach[a] and RIDGE not in board.features(a, b)


def _adjacent(st: State, a: str, b: str) -> bool:
    return b in U.static(st).scenario.board.neighbours[a]


def _mountain(st: State, hexes: list[str]) -> bool:
    board = U.static(st).scenario.board
    return any(board.terrain.get(h) == MOUNTAIN for h in hexes)


def _hex(st: State, uid: str) -> str:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def _supporters(st: State, side: str) -> list[str]:
    return [u for u in U.on_map(st, side) if barrage(st, u) > 0]


def _attack_barrage(attack: Frame) -> dict[str, int]:
    return attack.get("barrage") or {}


def _defense_barrage(attack: Frame) -> dict[str, str]:
    return (attack.get("defense") or {}).get("barrage") or {}


def _mountain_rule(st: State, supporter: str, battle: list[str]) -> bool:
    """17.13, 17.23 (AC12) whether the supporter is "in Mountain terrain": its own hex,
    or with the option any hex of the combat too."""
    if _mountain(st, [_hex(st, supporter)]):
        return True
    return bool(option(st, MOUNTAIN_BATTLE_HEXES)) and _mountain(st, battle)


class Artillery:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    # -- 17.27, 17.32 the monitor is never affected by combat ------------------------------

    def combat_immune(self, st: State, uid: str) -> bool:
        """caporetto 17.27, 17.32 the monitor never defends, retreats or loses steps with
        the land units of its hex."""
        immune: bool = super().combat_immune(st, uid)  # type: ignore[misc]
        return immune or U.info(st, uid).type == MONITOR

    # -- 5.34 detrained artillery -----------------------------------------------------------

    def unit_detrained(self, st: State, uid: str) -> None:
        """caporetto 5.34 remember the Player-Turn an artillery unit detrained in."""
        super().unit_detrained(st, uid)  # type: ignore[misc]
        if barrage(st, uid):
            _record(st)["detrained"][uid] = [st.data["turn"], U.info(st, uid).side]

    # -- who may support an attack -----------------------------------------------------------

    def _supporter_refusal(self, st: State, uid: str, side: str) -> Refusal:
        """17.0 a unit of ``side`` on the map with a Barrage Strength, not on a train."""
        if uid not in st.data["units"] or U.info(st, uid).side != side:
            return f"{unit_name(st, uid)} is not one of your units", "caporetto 17.0"
        name = U.info(st, uid).name
        if U.record(st, uid)["status"] != "on_map" or not barrage(st, uid):
            return f"{name} has no Barrage Strength on the map", "caporetto 17.0"
        if rail.entrained(st, uid):
            return f"{name} is entrained: it gives no barrage", "caporetto 5.34"
        return None

    def barrage_attack_refusal(self, st: State, attack: Frame, uid: str) -> Refusal:
        """Why ``uid`` may not support this attack (reason, case), or None (17.12-17.14,
        5.34)."""
        found = self._supporter_refusal(st, uid, attack["side"])
        if found is not None:
            return found
        name = U.info(st, uid).name
        if detrained_this_player_turn(st, uid):
            return f"{name} detrained this Player-Turn: no barrage for an attack", "caporetto 5.34"
        if _spent(st, "attack", uid):
            return f"{name} has supported an attack this Game-Turn", "caporetto 17.14"
        return self._attack_geometry(st, attack, uid)

    def _attack_geometry(self, st: State, attack: Frame, uid: str) -> Refusal:
        """17.12 stacked with or adjacent to an attacking unit, separated from neither it
        nor the defender by a Ridge or Impassable hexside; 17.13 stacked in Mountain."""
        name = U.info(st, uid).name
        here = _hex(st, uid)
        hexes = sorted({_hex(st, u) for u in attack["attackers"] if not U.info(st, u).hq})
        near = [h for h in hexes if h == here or _adjacent(st, here, h)]
        if not near:
            return f"{name} is neither stacked with nor adjacent to an attacking unit", (
                "caporetto 17.12"
            )
        if _mountain_rule(st, uid, hexes + attack["targets"]) and here not in hexes:
            return f"{name} is in Mountain terrain: it must be stacked with an attacking unit", (
                "caporetto 17.13"
            )
        links = [h for h in near if h == here or _clear(st, here, h)]
        if not links:
            return (
                f"{name} is separated from the attacking units by a Ridge or Impassable hexside",
                "caporetto 17.12",
            )
        for h in links:
            for t in attack["targets"]:
                if _clear(st, here, t) if _adjacent(st, here, t) else _clear(st, h, t):
                    return None
        return f"{name} is separated from the defender by a Ridge or Impassable hexside", (
            "caporetto 17.12"
        )

    # -- the attacker's barrage in the odds --------------------------------------------------

    def attack_additions(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """17.11 each supporter's barrage is added to the attack strength, not affected by
        river hexsides; 17.15 what the attacker reduced it to."""
        out: list[dict[str, Any]] = list(super().attack_additions(st, attack))  # type: ignore[misc]
        for uid, points in _attack_barrage(attack).items():
            full = barrage(st, uid)
            name = U.info(st, uid).name
            why = f"Barrage Strength {full} added to the attack (not affected by rivers)"
            mods = [{"why": why, "case": "caporetto 17.11"}]
            if points < full:
                mods.append(
                    {"why": f"reduced by the attacker to {points}", "case": "caporetto 17.15"}
                )
            found = self.barrage_attack_refusal(st, attack, uid)
            if found is not None:  # the attack changed under it (an attacker taken out)
                mods.append({"why": f"gives nothing: {found[0]}", "case": found[1]})
                points = 0
            entry = {"unit": uid, "name": f"{name} (barrage)", "printed": full}
            out.append({**entry, "strength": points, "barrage": points, "modifiers": mods})
        return out

    def odds_refusal(self, st: State, attack: Frame, report: dict[str, Any]) -> Refusal:
        """17.15 the attack's strength must be at least half the barrage supporting it."""
        found: Refusal = super().odds_refusal(st, attack, report)  # type: ignore[misc]
        if found is not None:
            return found
        given = sum(e.get("barrage", 0) for e in report.get("attack_additions", []))
        if not given:
            return None
        strength = self.barrage_test_strength(st, attack, report)
        if 2 * strength >= given:
            return None
        return (
            f"the attack's {strength} Attack Strength points are less than half the {given}"
            f" barrage points supporting it: reduce the barrage to {2 * strength} at most",
            "caporetto 17.15",
        )

    def barrage_test_strength(self, st: State, attack: Frame, report: dict[str, Any]) -> int:
        """17.15 (AC13) the Attack Strength the barrage is held to: the attack's total
        without the barrage (after its halvings), or the printed strengths (option)."""
        if option(st, HALF_TEST_PRINTED):
            return sum(U.printed_attack(st, u) for u in attack["attackers"] if not U.info(st, u).hq)
        given: int = sum(e.get("barrage", 0) for e in report.get("attack_additions", []))
        return int(report["attack"]) - given

    # -- the attacker's choices -------------------------------------------------------------

    def attack_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """17.11 name a supporter (its whole barrage), 17.15 reduce what it gives (by one,
        or at once to what the half-barrage test allows), or take it back."""
        actions: list[Action] = list(super().attack_actions(st, seg, attack))  # type: ignore[misc]
        given = _attack_barrage(attack)
        for uid in _supporters(st, attack["side"]):
            points = given.get(uid)
            if points is None:
                if self.barrage_attack_refusal(st, attack, uid) is None:
                    actions.append({"type": BARRAGE, "unit": uid, "points": barrage(st, uid)})
                continue
            allowed = self._barrage_allowed(st, attack, uid)
            for less in sorted({points - 1, min(points - 1, allowed)}, reverse=True):
                if less >= 1:
                    actions.append({"type": REDUCE_BARRAGE, "unit": uid, "points": less})
            actions.append({"type": REMOVE_BARRAGE, "unit": uid})
        return actions

    def _barrage_allowed(self, st: State, attack: Frame, uid: str) -> int:
        """17.15 the most ``uid`` may give, the others' barrage kept as it is."""
        report = self._report(st, attack)
        entries = report.get("attack_additions", [])
        if "attack" not in report:
            return 0
        others: int = sum(e.get("barrage", 0) for e in entries if e["unit"] != uid)
        strength = self.barrage_test_strength(st, attack, report)
        return max(0, 2 * strength - others)

    def _report(self, st: State, attack: Frame) -> dict[str, Any]:
        return assess(st, segment(st), attack)

    def apply_attack_action(self, st: State, attack: Frame, action: Action) -> None:
        kind = action["type"]
        if kind not in ATTACK_KINDS:
            super().apply_attack_action(st, attack, action)  # type: ignore[misc]
            return
        given = attack.setdefault("barrage", {})
        if kind == REMOVE_BARRAGE:
            given.pop(action["unit"], None)
        else:
            given[action["unit"]] = int(action["points"])

    # -- the defender's barrage ---------------------------------------------------------------

    def barrage_defense_refusal(self, st: State, attack: Frame, uid: str, target: str) -> Refusal:
        """Why ``uid`` may not support the defense of ``target`` in this attack (17.22-17.26)."""
        defender = U.enemy_of(st, attack["side"])
        found = self._supporter_refusal(st, uid, defender)
        if found is not None:
            return found
        name = U.info(st, uid).name
        here = _hex(st, uid)
        if target not in attack["targets"]:
            return f"{target} is not attacked in this combat", "caporetto 17.22"
        if here == target:
            return self._own_hex_refusal(st, uid, target, defender)
        if _spent(st, "defense", uid):
            return f"{name} has supported a defense this Game-Turn", "caporetto 17.24"
        if here in attack["targets"]:
            return f"{name} is attacked in this combat: its barrage may go to its own stack only", (
                "caporetto 17.26"
            )
        if not _adjacent(st, here, target):
            return f"{name} is neither stacked with nor adjacent to {target}", "caporetto 17.22"
        if _mountain_rule(st, uid, list(attack["targets"])):
            return f"{name} is in Mountain terrain: it must be stacked with a defending unit", (
                "caporetto 17.23"
            )
        if not _clear(st, here, target):
            return f"{name} is separated from {target} by a Ridge or Impassable hexside", (
                "caporetto 17.22"
            )
        return None

    def _own_hex_refusal(self, st: State, uid: str, target: str, defender: str) -> Refusal:
        """17.26 an artillery brigade barrages its own stack only when stacked with a
        division or corps, and not after it supported another defense this Game-Turn."""
        name = U.info(st, uid).name
        if U.info(st, uid).type == "artillery":
            line = [
                u
                for u in defenders_in(st, target, defender)
                if U.info(st, u).size in LINE_SIZES and u != uid
            ]
            if not line:
                return (
                    f"{name} is not stacked with a division or corps: it defends with its"
                    " Defense Strength, not its barrage",
                    "caporetto 17.26",
                )
            if _spent(st, "defense", uid):
                return (
                    f"{name} gave its barrage to another defense this Game-Turn: it defends"
                    " with its Defense Strength only",
                    "caporetto 17.26",
                )
        if _spent(st, "defense", uid):
            return f"{name} has supported a defense this Game-Turn", "caporetto 17.24"
        return None

    def defense_additions(self, st: State, attack: Frame) -> list[dict[str, Any]]:
        """17.21 each supporter's barrage is added to the defense, not affected by rivers,
        doubled by Mountain terrain; 17.26 an artillery brigade barraging its own stack
        gives its barrage instead of its Defense Strength."""
        out: list[dict[str, Any]] = list(super().defense_additions(st, attack))  # type: ignore[misc]
        for uid, target in _defense_barrage(attack).items():
            full = barrage(st, uid)
            name = U.info(st, uid).name
            why = (
                f"Barrage Strength {full} added to the defense of {target} (not affected by rivers)"
            )
            mods = [{"why": why, "case": "caporetto 17.21"}]
            points = full
            if _mountain(st, [target]):
                points *= 2
                mods.append({"why": "doubled by Mountain terrain", "case": "caporetto 17.21"})
            if _hex(st, uid) == target and U.info(st, uid).type == "artillery":
                mods.append(
                    {"why": "given instead of its Defense Strength", "case": "caporetto 17.26"}
                )
            entry = {"unit": uid, "name": f"{name} (barrage)", "printed": full, "hex": target}
            out.append({**entry, "strength": points, "barrage": full, "modifiers": mods})
        return out

    def defense_support(self, st: State, uid: str, attack: Frame) -> list[Factor]:
        """17.26 an artillery brigade giving its barrage to its own stack does not also
        defend with its Defense Strength."""
        out: list[Factor] = list(super().defense_support(st, uid, attack))  # type: ignore[misc]
        if _defense_barrage(attack).get(uid) == _hex(st, uid):
            why = "gives its Barrage Strength instead of its Defense Strength"
            out.append(Factor(0, {"why": why, "case": "caporetto 17.26"}))
        return out

    def defender_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """17.25 once the attack (its barrage and shifts) is committed, the defender may
        allocate his supporters' barrage to the defended hexes (17.25b: no limit)."""
        actions: list[Action] = list(super().defender_actions(st, seg, attack))  # type: ignore[misc]
        given = _defense_barrage(attack)
        for uid in _supporters(st, U.enemy_of(st, attack["side"])):
            if uid in given:
                actions.append({"type": REMOVE_DEFENSIVE_BARRAGE, "unit": uid})
                continue
            for t in attack["targets"]:
                if self.barrage_defense_refusal(st, attack, uid, t) is None:
                    actions.append({"type": DEFENSIVE_BARRAGE, "unit": uid, "hex": t})
        return actions

    def apply_defender_action(self, st: State, attack: Frame, action: Action) -> None:
        kind = action["type"]
        if kind not in DEFENSE_KINDS:
            super().apply_defender_action(st, attack, action)  # type: ignore[misc]
            return
        given = attack.setdefault("defense", {}).setdefault("barrage", {})
        uid = action["unit"]
        name = U.info(st, uid).name
        if kind == REMOVE_DEFENSIVE_BARRAGE:
            given.pop(uid, None)
            st.log(f"{name}'s defensive barrage is taken back.", case="caporetto 17.25")
            return
        given[uid] = action["hex"]
        st.log(
            f"{name} gives its barrage of {barrage(st, uid)} to the defense of {action['hex']},"
            " allocated after the attacker's barrage and shifts were declared.",
            case="caporetto 17.25",
        )

    # -- refusals ----------------------------------------------------------------------------

    def combat_action_refusal(self, st: State, attack: Frame, role: str, action: Action) -> Refusal:
        """17.11-17.26 why a barrage action is refused."""
        kind = action.get("type")
        if kind in ATTACK_KINDS:
            return self._attack_action_refusal(st, attack, action)
        if kind in DEFENSE_KINDS:
            return self._defense_action_refusal(st, attack, action)
        return super().combat_action_refusal(st, attack, role, action)  # type: ignore[misc, no-any-return]

    def _attack_action_refusal(self, st: State, attack: Frame, action: Action) -> Refusal:
        uid = action.get("unit")
        if not isinstance(uid, str):
            return "name an artillery brigade or the monitor", "caporetto 17.0"
        if attack.get("stage") == DEFENDING:
            return "the attacker's barrage was declared with the attack", "caporetto 17.25"
        given = _attack_barrage(attack)
        kind = action["type"]
        if kind == BARRAGE:
            if uid in given:
                return f"{unit_name(st, uid)} already supports this attack", "caporetto 17.14"
            found = self.barrage_attack_refusal(st, attack, uid)
            if found is not None:
                return found
            return "a supporter gives its whole barrage first, then may reduce it", (
                "caporetto 17.15"
            )
        if uid not in given:
            return f"{unit_name(st, uid)} does not support this attack", "caporetto 17.11"
        return "a reduced barrage is at least 1 and less than what it gives now", (
            "caporetto 17.15"
        )

    def _defense_action_refusal(self, st: State, attack: Frame, action: Action) -> Refusal:
        uid = action.get("unit")
        if not isinstance(uid, str):
            return "name an artillery brigade or the monitor", "caporetto 17.0"
        if attack.get("stage") != DEFENDING:
            return (
                "defensive barrage is allocated after the attacker's barrage and shifts are"
                " declared",
                "caporetto 17.25",
            )
        if action["type"] == REMOVE_DEFENSIVE_BARRAGE:
            return f"{unit_name(st, uid)} does not support this defense", "caporetto 17.21"
        if uid in _defense_barrage(attack):
            return f"{unit_name(st, uid)} already supports this defense", "caporetto 17.24"
        target = action.get("hex")
        if not isinstance(target, str):
            return "name the defended hex", "caporetto 17.22"
        found = self.barrage_defense_refusal(st, attack, uid, target)
        return found or ("that barrage may not be given now", "caporetto 17.21")

    # -- 17.14, 17.24 spent once the die is rolled ---------------------------------------------

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """17.14, 17.24 each supporter has spent its one attack (defense) of the Game-Turn;
        17.16 no supporter of an attack suffers its losses."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        record = _record(st)
        turn = st.data["turn"]
        for what, key in (("attack", "attack_additions"), ("defense", "defense_additions")):
            for e in report.get(key, []):
                if e.get("barrage") and e.get("strength"):
                    record[what][e["unit"]] = turn
                    case = "caporetto 17.14" if what == "attack" else "caporetto 17.24"
                    st.log(
                        f"{U.info(st, e['unit']).name} has given its barrage to one {what}"
                        " this Game-Turn.",
                        case=case,
                    )
