"""9.1.9 c-g: the strengths of a clash, their ratio, its modifiers and the COMBAT RESULTS.

The attacker adds up the strengths of his units (and of the artillery that
supports them), the defender likewise (c); the ratio is rounded down in the
defender's favour (d); every modifier shifts it left or right along the
table's columns (e, 2.2's explanation); the attacker rolls a die and reads
the endurance points each attacking and each defending unit loses (f, g,
9.4.1, 9.4.2).  The strengths and the modifiers of terrain, flanks,
fortifications, concentration and HQs are the :mod:`modifiers` module's; the
shifts the cards give (9.3.5, 9.3.7) are the clash's own, here.

The ratio is kept as an ordinal (:mod:`greatwar.rules.odds`): 0 is 1:1,
1 is 2:1, -1 is 1:2 ...; a modifier adds to it; the result is read in the
nearest column of the table (the data says which ratios have columns).

Readings where the rules are silent:

* a ratio beyond the table's first or last column is read in that column
  (every clash is resolved, 9.1.2); a side with no strength at all attacks
  in the lowest column and is attacked in the highest;
* the shifts are added to the ratio before it is read in the table, so a
  ratio off the table (1:5) shifted back onto it (+2 gives 1:3) counts from
  where it really was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.odds import UNDEFENDED, odds_ordinal
from greatwar.rules.tannenberg import masks, modifiers
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.cards import OFFENSIVE
from greatwar.rules.tannenberg.combatants import alive, case, hexes_of
from greatwar.rules.tannenberg.tables import constant, lookup, table

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

CRT = "combat_results"
ASSAULT = "assault"
HQ_CASE = "tannenberg 13.5.1"


# --- the table's columns -----------------------------------------------------------------


def label_ordinal(label: str) -> int:
    """``"3:1"`` is 2, ``"1:3"`` is -2."""
    a, b = (int(x) for x in label.split(":"))
    return a - 1 if b == 1 else 1 - b


def ratio_label(ordinal: int) -> str:
    if ordinal >= UNDEFENDED:
        return "no defence"
    return f"{ordinal + 1}:1" if ordinal >= 0 else f"1:{1 - ordinal}"


def columns() -> list[str]:
    return list(table(CRT).columns)


def column_for(ordinal: int) -> str:
    """The column of a modified ratio: ratios beyond the table use its first or last
    column (every clash is resolved, 9.1.2)."""
    cols = columns()
    first, last = label_ordinal(cols[0]), label_ordinal(cols[-1])
    return ratio_label(max(first, min(last, ordinal)))


def ratio_ordinal(attack: int, defence: int) -> int:
    """9.1.9 d: the ratio rounded down in the defender's favour."""
    if attack <= 0:
        return label_ordinal(columns()[0]) - 1
    return odds_ordinal(attack, defence)


def parse_loss(text: str) -> int:
    """One side of a result: "-" is no loss."""
    return 0 if text.strip() in ("-", "") else int(text)


def combat_result(die: int, column: str) -> tuple[int, int, bool]:
    """9.1.9 g, 9.4.1: the endurance points each attacking and each defending unit loses,
    and whether a provisional table entry gave them."""
    value, provisional = lookup(CRT, die, column)
    attacker, defender = value.split("/")
    return parse_loss(attacker), parse_loss(defender), provisional


def column_results(column: str) -> dict[str, str]:
    """Every die roll's result in a column (for views)."""
    index = columns().index(column)
    return {str(r.key): r.values[index] for r in table(CRT).rows}


# --- the cards' shifts and losses ------------------------------------------------------------


def encounter_modifiers(attacker_card: str, defender_card: str) -> list[dict[str, Any]]:
    """9.3.7 the winner of the encounter roll attacks with +2; an ASSAULT card adds +2 for
    the attacker, -2 for the defender."""
    assault = int(constant("encounter_assault_modifier"))
    mods: list[dict[str, Any]] = [
        {
            "why": "the winner of the encounter roll attacks",
            "value": int(constant("encounter_attacker_modifier")),
            "case": case("9.3.7"),
        }
    ]
    if attacker_card == ASSAULT:
        mods.append(
            {"why": "the attacker laid down ASSAULT", "value": assault, "case": case("9.3.7")}
        )
    if defender_card == ASSAULT:
        mods.append(
            {"why": "the defender laid down ASSAULT", "value": -assault, "case": case("9.3.7")}
        )
    return mods


def card_modifiers(cards: dict[str, str], encounter: bool) -> list[dict[str, Any]]:
    """The shifts the cards give: ASSAULT +2 (9.3.5); in an encounter battle 9.3.7's.
    ``cards`` maps "attacker" and "defender" to their cards."""
    if encounter:
        return encounter_modifiers(cards["attacker"], cards["defender"])
    if cards["attacker"] == ASSAULT:
        value = int(constant("assault_modifier"))
        return [{"why": "the attacker laid down ASSAULT", "value": value, "case": case("9.3.5")}]
    return []


def loss_multiplier(card: str) -> int:
    """9.3.5, 9.3.7 the losses of a side that laid down ASSAULT are doubled."""
    return int(constant("assault_loss_multiplier")) if card == ASSAULT else 1


# --- hidden headquarters ------------------------------------------------------------------------


def redact(st: State, mods: list[dict[str, Any]], role: str | None = None) -> list[dict[str, Any]]:
    """The modifiers as ``role`` may read them (None: every player): a headquarters hidden
    under a mask gives its modifier (13.5) without being named (16.2.1)."""
    hidden = [
        U.info(st, uid).name
        for uid in U.on_map(st)
        if U.info(st, uid).hq
        and masks.is_masked(st, uid)
        and (role is None or not masks.visible_to(st, uid, role))
    ]
    if not hidden:
        return mods
    out = []
    for m in mods:
        why = str(m.get("why", ""))
        name = next((n for n in hidden if why.startswith(f"{n} ")), None)
        if m.get("case") == HQ_CASE and name is not None:
            m = {**m, "why": "a hidden headquarters" + why[len(name) :]}
        out.append(m)
    return out


# --- the whole ratio -------------------------------------------------------------------------


def counted_units(clash: Frame) -> list[str] | None:
    """9.7.7 the units that count (None: all): every unit but those left out across a
    strait by their owner's choice."""
    left_out = [u for s in clash["sides"].values() for u in s.get("not_counted", [])]
    if not left_out:
        return None
    every = [u for s in clash["sides"].values() for u in s["units"]]
    return [u for u in every if u not in left_out]


def ratio(
    st: State,
    attackers: list[str],
    defenders: list[str],
    cards: dict[str, str],
    *,
    encounter: bool = False,
    attacker_artillery: list[Any] | None = None,
    defender_artillery: list[Any] | None = None,
    defender_garrisons: list[str] | None = None,
    counted: list[str] | None = None,
    role: str | None = None,
) -> dict[str, Any]:
    """The strengths, modifiers and column of a clash (9.1.9 c-f), as plain data for the
    log, views and agents; ``cards`` maps "attacker" and "defender" to their cards;
    ``role`` the player it is shown to (None: everyone, for the log)."""
    a_art, d_art = attacker_artillery or [], defender_artillery or []
    garrisons = defender_garrisons or []
    totals = modifiers.clash_strengths(
        st,
        attackers,
        defenders,
        attacker_artillery=a_art,
        defender_artillery=d_art,
        encounter=encounter,
        cards=cards,
        counted=counted,
        defender_hexes=garrisons,
    )
    mods = modifiers.clash_modifiers(
        st,
        attackers,
        defenders,
        hexes_of(st, attackers),
        encounter=encounter,
        cards=cards,
        defender_hexes=garrisons,
        attacker_artillery=a_art,
        defender_artillery=d_art,  # 13.5.1 guns firing for the defence bring their HQ's
    )
    mods = [*redact(st, mods, role), *card_modifiers(cards, encounter)]
    attack = int(totals["attacker"]["total"])
    defence = int(totals["defender"]["total"])
    raw = ratio_ordinal(attack, defence)
    shift = sum(int(m.get("value", 0)) for m in mods)
    final = raw if raw >= UNDEFENDED else raw + shift
    return {
        "attack": attack,
        "defence": defence,
        "attack_parts": totals["attacker"]["parts"],
        "defence_parts": totals["defender"]["parts"],
        "ratio": ratio_label(raw),
        "modifiers": mods,
        "shift": shift,
        "column": column_for(final),
        "provisional_modifier": any(m.get("provisional") for m in mods),
    }


def assess(
    st: State,
    clash: Frame,
    *,
    attacker: str | None = None,
    played: dict[str, str] | None = None,
    role: str | None = None,
) -> dict[str, Any]:
    """The ratio of the clash between its attacker and the other side: the one computation
    behind the card matrix (``attacker`` and the cards ``played`` of a pairing not yet
    laid down), the preview while artillery is declared and the resolution (the clash's
    own attacker and cards).  ``role`` is the player it is shown to (None: the log)."""
    attacker = attacker or clash["attacker"]
    defender = U.enemy_of(st, attacker)
    played = played or clash["cards"]
    a, d = clash["sides"][attacker], clash["sides"][defender]
    cards = {"attacker": played[attacker], "defender": played[defender]}
    report = ratio(
        st,
        alive(st, a["units"]),
        alive(st, d["units"]),
        cards,
        encounter=played[attacker] in OFFENSIVE and played[defender] in OFFENSIVE,
        attacker_artillery=a["artillery"],
        defender_artillery=d["artillery"],
        defender_garrisons=d["garrisons"],
        counted=counted_units(clash),
        role=role,
    )
    doubled = [s for s in (attacker, defender) if loss_multiplier(played[s]) != 1]
    return {"attacker": attacker, "defender": defender, **report, "losses_doubled": doubled}


def condition(attacker: str, played: dict[str, str]) -> str:
    """What a clash's numbers depend on besides the board: the attacker's card, the
    other side's card, and who attacks (a ruling's condition, see greatwar.sim.rulings)."""
    others = [s for s in played if s != attacker]
    return f"{played[attacker]}/{played[others[0]] if others else ''}/{attacker}"


def ruling_numbers(report: dict[str, Any]) -> dict[str, Any]:
    """The numbers of a clash a preview promises and the resolution applies (9.1.9 c-f,
    9.3.5's doubled losses)."""
    return {
        "attack": report["attack"],
        "defence": report["defence"],
        "ratio": report["ratio"],
        "modifiers": [[m.get("case", ""), int(m.get("value", 0))] for m in report["modifiers"]],
        "shift": report["shift"],
        "column": report["column"],
        "losses_doubled": list(report["losses_doubled"]),
    }
