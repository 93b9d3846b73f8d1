"""Marshall Putnik (serbia-galicia 19.0): his parenthesized shift through a second Serbian
HQ, and his movement by rail only.

* serbia-galicia 19.1 Putnik (``[special] putnik``) never lends his Attack Shift as an
  HQ does (10.21): once a Game-Turn the Allied Player may give it to one attack
  "through" a second Serbian HQ within Putnik's Command Radius (the attack action
  ``putnik_shift`` naming that HQ, ``through``).
* 19.11 only to an attack by Serbian units; Putnik's shift adds to the second HQ's own
  (if it lends it too); 10.21 (AS4, docs/readings.md, Serbia/Galicia): at least
  half the attacking steps within the second HQ's radius, and 18.1 over half of them of
  the second HQ's army: the shift is directed through that HQ and judged by it.
* 19.12 the second HQ's own shift cannot go to another attack: it is spent with the
  attack Putnik's shift goes to, whether it lent it or not.
* 19.13 never defensively (:mod:`.command` 18.2 leaves him out).
* 19.2 Putnik moves only by rail: his movement class enters no hex by normal movement;
  he keeps his Movement Allowance, entrains as HQs do (5.32, 17.31) and moves along
  Friendly railroads (5.3c).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import segment
from greatwar.rules.gwite.serbia_galicia.command import integrity_refusal
from greatwar.rules.gwite.serbia_galicia.data import data
from greatwar.rules.gwite.static import MoveCosts

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

PUTNIK_SHIFT = "putnik_shift"
REMOVE_PUTNIK_SHIFT = "remove_putnik_shift"
#: the Game-Turn Putnik's shift last went to an attack (19.1 once a Game-Turn)
PUTNIK_TURN = "serbia_galicia_putnik_turn"
SERBIA = "serbia"
C19_1 = "serbia-galicia 19.1"
C19_11 = "serbia-galicia 19.11"
C19_12 = "serbia-galicia 19.12"
C19_2 = "serbia-galicia 19.2"
#: 19.2 the prefix of Putnik's movement class (normal movement enters no hex)
RAIL_ONLY = "serbia-galicia-rail-only:"


def putnik(st: State) -> str | None:
    """The Putnik HQ, when the scenario has one (``[special] putnik``)."""
    uid = data(st).putnik
    return uid if uid and uid in st.data["units"] else None


def is_putnik(st: State, uid: str) -> bool:
    return bool(uid) and uid == data(st).putnik


def channel_refusal(st: State, seg: Frame, attack: Frame, through: Any) -> tuple[str, str] | None:
    """19.1-19.12 why Putnik's shift may not go to this attack through the HQ ``through``
    (None: it may)."""
    sok = putnik(st)
    if sok is None or U.record(st, sok)["status"] != "on_map":
        return "Putnik is not on the map", C19_1
    if U.info(st, sok).side != attack["side"]:
        return "only the Allied Player attacks with Putnik's shift", C19_1
    if command.attack_shift(st, sok) <= 0:
        return "Putnik has no shift to give", C19_1
    if st.data.get(PUTNIK_TURN) == st.data["turn"]:
        return "Putnik's shift went to another attack this Game-Turn: one a Game-Turn", C19_1
    if attack.get("putnik"):
        return "Putnik's shift already goes to this attack", C19_1
    units = [u for u in attack["attackers"] if not U.info(st, u).hq]
    if not units:
        return "Putnik's shift aids an attack of Serbian units: add them first", C19_11
    if any(U.info(st, u).nationality != SERBIA for u in units):
        return "Putnik's shift aids only an attack of Serbian units", C19_11
    if not isinstance(through, str) or through not in st.data["units"]:
        return f"there is no HQ {through!r}", C19_1
    info = U.info(st, through)
    if not info.hq or info.nationality != SERBIA or through == sok:
        return f"{info.name} is not a second Serbian HQ", C19_1
    if U.record(st, through)["status"] != "on_map":
        return f"{info.name} is not on the map", C19_1
    if through in seg["shifts_used"]:
        return f"{info.name}'s shift went to another attack this phase", C19_12
    if U.record(st, through)["hex"] not in command.radius_to(st, sok, through):
        return f"{info.name} is not within Putnik's Command Radius", C19_1
    return through_refusal(st, through, attack["attackers"])


def through_refusal(st: State, through: str, attackers: list[str]) -> tuple[str, str] | None:
    """19.11 (AS4) 10.21 and 18.1 as the second HQ's: half the attacking steps within
    its radius, over half of them of its army."""
    units = [u for u in attackers if U.info(st, u).type not in ("hq", "supply_depot")]
    total = sum(U.steps_left(st, u) for u in units)
    near = sum(
        U.steps_left(st, u)
        for u in units
        if U.record(st, u)["hex"] in command.radius_to(st, through, u)
    )
    if 2 * near < total:
        name = U.info(st, through).name
        return f"fewer than half the attacking steps are within {name}'s radius (10.21)", C19_11
    return integrity_refusal(st, through, attackers)


class Putnik:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def parenthesized_shift(self, st: State, hq: str) -> bool:
        """19.0 Putnik's Attack Shift is parenthesized."""
        return is_putnik(st, hq)

    # -- 19.1 his shift only through a second Serbian HQ ---------------------------------

    def shift_refusal(self, st: State, hq: str, force: list[str]) -> tuple[str, str] | None:
        """19.1 Putnik never lends his shift as an HQ does (10.21): only through a second
        Serbian HQ (``putnik_shift``)."""
        if is_putnik(st, hq):
            return (
                f"{U.info(st, hq).name}'s Attack Shift is parenthesized: it goes to one attack"
                " a Game-Turn only through a second Serbian HQ in his radius (putnik_shift)",
                C19_1,
            )
        return super().shift_refusal(st, hq, force)  # type: ignore[misc, no-any-return]

    def attack_actions(self, st: State, seg: Frame, attack: Frame) -> list[Action]:
        """19.1 the Allied Player may give Putnik's shift to this attack through each
        second Serbian HQ that qualifies (and take it back)."""
        actions: list[Action] = list(super().attack_actions(st, seg, attack))  # type: ignore[misc]
        sok = putnik(st)
        if sok is None:
            return actions
        if attack.get("putnik"):
            actions.append({"type": REMOVE_PUTNIK_SHIFT})
            return actions
        for hq in command.hqs_of(st, U.info(st, sok).side):
            if channel_refusal(st, seg, attack, hq) is None:
                shift = command.attack_shift(st, sok)
                actions.append({"type": PUTNIK_SHIFT, "through": hq, "shift": shift})
        return actions

    def apply_attack_action(self, st: State, attack: Frame, action: Action) -> None:
        kind = action["type"]
        if kind == PUTNIK_SHIFT:
            attack["putnik"] = action["through"]
            st.log(
                f"Putnik's shift goes to the attack on {', '.join(attack['targets'])} through"
                f" {U.info(st, action['through']).name}.",
                case=C19_1,
            )
        elif kind == REMOVE_PUTNIK_SHIFT:
            attack.pop("putnik", None)
            st.log("Putnik's shift is taken back.", case=C19_1)
        else:
            super().apply_attack_action(st, attack, action)  # type: ignore[misc]

    def combat_action_refusal(
        self, st: State, attack: Frame, role: str, action: Action
    ) -> tuple[str, str] | None:
        """19.1-19.12 why Putnik's shift may not go to this attack."""
        kind = action.get("type")
        if kind not in (PUTNIK_SHIFT, REMOVE_PUTNIK_SHIFT):
            return super().combat_action_refusal(st, attack, role, action)  # type: ignore[misc, no-any-return]
        if attack.get("stage") == "defending" or role != attack["side"]:
            return (
                "only the attacker gives Putnik's shift, while he puts the attack together",
                C19_1,
            )
        if kind == REMOVE_PUTNIK_SHIFT:
            return "Putnik's shift does not go to this attack", C19_1
        return channel_refusal(st, segment(st), attack, action.get("through")) or (
            "Putnik's shift may not go to this attack",
            C19_1,
        )

    def odds_shifts(self, st: State, seg: Frame, attack: Frame) -> list[dict[str, Any]]:
        """19.11 Putnik's shift, added to the second HQ's (0 when that HQ no longer
        qualifies for the attack as it stands)."""
        out: list[dict[str, Any]] = super().odds_shifts(st, seg, attack)  # type: ignore[misc]
        through = attack.get("putnik")
        sok = putnik(st)
        if not through or sok is None:
            return out
        shift = command.attack_shift(st, sok)
        if through_refusal(st, through, attack["attackers"]) is not None:
            shift = 0
        why = f"Putnik's shift through {U.info(st, through).name}"
        entry = {"hq": sok, "level": U.info(st, sok).hq_level, "shift": shift, "why": why}
        return [*out, {**entry, "through": through, "case": C19_11}]

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """19.1 Putnik's shift is spent for the Game-Turn; 19.12 the second HQ's own shift
        with this attack, lent or not."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        through = attack.get("putnik")
        if not through:
            return
        used = segment(st)["shifts_used"]
        used.extend(h for h in (putnik(st), through) if h and h not in used)
        st.data[PUTNIK_TURN] = st.data["turn"]
        st.log(
            f"Putnik's shift is spent for Game-Turn {st.data['turn']}, and"
            f" {U.info(st, through).name}'s with this attack.",
            case=C19_12,
        )

    # -- 19.2 rail only ----------------------------------------------------------------

    def movement_class(self, st: State, uid: str) -> str:
        """19.2 Putnik's own movement class: no hex to enter by normal movement (he keeps
        his Movement Allowance, from which entraining is paid, 5.32)."""
        name: str = super().movement_class(st, uid)  # type: ignore[misc]
        return f"{RAIL_ONLY}{name}" if is_putnik(st, uid) else name

    def build_movement_table(self, st: State, name: str) -> MoveCosts:
        if name.startswith(RAIL_ONLY):
            base: MoveCosts = super().build_movement_table(st, name[len(RAIL_ONLY) :])  # type: ignore[misc]
            return replace(base, enter={h: {} for h in base.enter}, provisional=set())
        return super().build_movement_table(st, name)  # type: ignore[misc, no-any-return]

    def terrain_refusal(self, st: State, uid: str, hex_label: str) -> tuple[str, str] | None:
        """19.2 names the refusal of a normal move by Putnik."""
        if is_putnik(st, uid):
            return "Putnik moves only by rail, along Friendly railroads (entrain first)", C19_2
        return super().terrain_refusal(st, uid, hex_label)  # type: ignore[misc, no-any-return]
