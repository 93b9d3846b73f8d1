"""18.12 What each seat may see while Gruppen are hidden: the numbered side face down, the
Hidden Unit Display not seen by the Russian Player (FICTIONAL positions on the teaching
map).  Every ruling is resolved on the true state; what the Russian is shown and offered
is the same whether a marker is a dummy or hides a German division."""

from __future__ import annotations

import random
from typing import Any

import pytest
from redaction_kit import (
    CENTRAL,
    FAR,
    RUSSIAN,
    hidden,
    mentions,
    text_of,
    truth_legal,
    twins,
)

import greatwar
from greatwar import IllegalAction
from greatwar.ai.base import World
from greatwar.ai.heuristic import HeuristicAgent
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import gruppen
from greatwar.rules.gwite.hindenburg import redaction as R
from greatwar.server.views import public_view
from greatwar.sim.rulings import RulingCheck

#: a Russian corps facing the German line, with a Russian army HQ and cavalry behind it
FRONT = {"G-36": "0605", "R-XIV": "0907", "R-HQ-4A": "1007", "R-5K": "0908"}
#: a German attack on the XIV Corps in 0807 by two divisions from the west
ATTACK = {"G-36": "0706", "G-41": "0707", "R-XIV": "0807", "R-5K": "0808"}
GERMAN_COMBAT = {"phasing": CENTRAL, "phase": "combat", "segment": "combat_resolution"}


# --- what the Russian sees -------------------------------------------------------------------


def test_18_12_the_russian_sees_markers_never_their_contents(
    hindenburg_position: Any,
) -> None:
    st = hidden(
        hindenburg_position,
        {**FRONT, "G-35": "0506", "G-HQ-XVII": "0506"},
        [("3", "0506", ["G-35", "G-HQ-XVII"]), ("5", "0706", [])],
    )
    for payload in (st.view(RUSSIAN), public_view(st)):
        assert mentions(payload, st, "G-35", "G-HQ-XVII") == []
        markers = [u for u in payload["units"] if u.get("type") == "mask"]
        assert [(m["id"], m["hex"]) for m in markers] == [
            ("gruppe-1", "0506"),
            ("gruppe-2", "0706"),
        ]
        for m in markers:  # no box number printed face down, no contents, no dummy flag
            assert not {"box", "hides", "empty"} & set(m) and m["label"] == "Gruppe"
        assert "hidden_unit_display" not in payload
    own = st.view(CENTRAL)
    by_id = {u["id"]: u for u in own["units"]}
    assert by_id["G-35"]["masked_by"] == "gruppe-1" and by_id["G-35"]["hex"] == "0506"
    assert by_id["gruppe-1"]["box"] == "3" and by_id["gruppe-1"]["hides"] == ["G-35", "G-HQ-XVII"]
    assert by_id["gruppe-2"]["empty"] is True
    boxes = {b["box"]: b for b in own["hidden_unit_display"]["boxes"]}
    assert len(boxes) == 13 and boxes["3"]["units"] == ["G-35", "G-HQ-XVII"]
    assert boxes["5"] == {"box": "5", "handle": "gruppe-2", "hex": "0706", "units": []}
    assert boxes["1"]["handle"] is None


def test_18_12_a_dummy_and_a_real_gruppe_look_the_same(
    hindenburg_position: Any,
) -> None:
    real, dummy = twins(hindenburg_position, FRONT, "G-35", near="0705")
    assert gruppen.is_dummy(real, "7") and gruppen.is_dummy(dummy, "3")
    assert real.view(RUSSIAN) == dummy.view(RUSSIAN)
    assert public_view(real) == public_view(dummy)
    assert real.view(CENTRAL) != dummy.view(CENTRAL)


def test_18_12_box_numbers_say_nothing(hindenburg_position: Any) -> None:
    """The same markers in other boxes of the Hidden Unit Display look the same."""
    units = {**FRONT, "G-35": "0705"}
    one = hidden(hindenburg_position, units, [("3", "0705", ["G-35"]), ("7", FAR, [])])
    other = hidden(hindenburg_position, units, [("12", "0705", ["G-35"]), ("1", FAR, [])])
    assert one.view(RUSSIAN) == other.view(RUSSIAN)


def test_18_12_hidden_information_goes_with_the_optional_rule() -> None:
    """Hotseat play hands the screen over, and the computer's reasons wait for the end,
    only when hidden movement is on (18.0 is optional)."""
    on = greatwar.load("gwite/hindenburg-teaching", {gruppen.OPTION: True})
    assert on.hidden_information
    assert not greatwar.load("gwite/hindenburg-teaching").hidden_information
    assert not greatwar.load("gwite/teaching").hidden_information  # the standard rules


# --- what the Russian is offered: the same, dummy or real --------------------------------------


def test_18_12_movement_offered_alike(hindenburg_position: Any) -> None:
    real, dummy = twins(hindenburg_position, FRONT, "G-35", near="0706")
    for st in (real, dummy):
        st.apply(RUSSIAN, {"type": "select", "unit": "R-XIV"})
    assert real.legal_actions(RUSSIAN) == dummy.legal_actions(RUSSIAN)
    assert real.prompt(RUSSIAN) == dummy.prompt(RUSSIAN)


def test_18_12_rail_movement_offered_alike(hindenburg_position: Any) -> None:
    units = {"R-XIX": "1105", "G-36": "0305"}
    real, dummy = twins(hindenburg_position, units, "G-35", near="0904")
    for st in (real, dummy):
        st.apply(RUSSIAN, {"type": "select", "unit": "R-XIX"})
        entrain = next(a for a in st.legal_actions(RUSSIAN) if a["type"] == "entrain")
        st.apply(RUSSIAN, entrain)
    assert real.legal_actions(RUSSIAN) == dummy.legal_actions(RUSSIAN)
    assert real.view(RUSSIAN) == dummy.view(RUSSIAN)


def test_18_12_reinforcement_entry_offered_alike(hindenburg_position: Any) -> None:
    units = {"R-IIS": {"status": "pending"}, "G-36": "0305", "R-XIV": "0907"}
    kw = {"turn": 4, "phase": "movement", "segment": "reinforcement"}
    real, dummy = twins(hindenburg_position, units, "G-35", near="1705", **kw)
    assert truth_legal(real) != truth_legal(dummy)  # 14.22: 1805 is in its Zone of Control
    assert real.legal_actions(RUSSIAN) == dummy.legal_actions(RUSSIAN)


def test_18_12_attacks_offered_alike(hindenburg_position: Any) -> None:
    """In his Combat Phase the Russian may attack a marker next to his units whatever it
    hides, and the odds he is shown of an attack on a unit in view are the same."""
    units = {"R-XIV": "0807", "G-36": "0706", "R-HQ-4A": "1007"}
    kw = {"phase": "combat", "segment": "combat_resolution"}
    real, dummy = twins(hindenburg_position, units, "G-35", near="0906", **kw)
    assert real.legal_actions(RUSSIAN) == dummy.legal_actions(RUSSIAN)
    assert {"type": "declare", "target": "0906"} in real.legal_actions(RUSSIAN)
    for st in (real, dummy):
        st.apply(RUSSIAN, {"type": "declare", "target": "0706"})
        st.apply(RUSSIAN, {"type": "add_attacker", "unit": "R-XIV"})
    assert real.legal_actions(RUSSIAN) == dummy.legal_actions(RUSSIAN)
    assert real.view(RUSSIAN)["combat"] == dummy.view(RUSSIAN)["combat"]


def _retreat_choice(st: Any, fixed_dice: Any) -> None:
    """The Germans attack the XIV Corps, which is to retreat two hexes (die 3: 1/2)."""
    fixed_dice(3)
    st.apply(CENTRAL, {"type": "declare", "target": "0807"})
    for uid in ("G-36", "G-41"):
        st.apply(CENTRAL, {"type": "add_attacker", "unit": uid})
    st.apply(CENTRAL, {"type": "resolve"})
    st.apply(RUSSIAN, {"type": "option", "index": 2, "text": st.legal_actions(RUSSIAN)[2]["text"]})


def test_18_12_retreat_offered_alike(hindenburg_position: Any, fixed_dice: Any) -> None:
    real, dummy = twins(hindenburg_position, ATTACK, "G-35", near="1008", **GERMAN_COMBAT)
    for st in (real, dummy):
        _retreat_choice(st, fixed_dice)
    # the truth leaves the real twin one path (it would retreat by itself): the Russian is
    # asked all the same, and offered the paths he can see
    assert len(truth_legal(real)) == 1 and len(truth_legal(dummy)) == 2
    assert real.active_roles() == dummy.active_roles() == [RUSSIAN]
    assert real.legal_actions(RUSSIAN) == dummy.legal_actions(RUSSIAN)
    assert real.view(RUSSIAN) == dummy.view(RUSSIAN)


def test_18_12_refusal_names_no_concealed_unit(hindenburg_position: Any) -> None:
    """Refused on the board as he knows it, even an action naming a concealed unit: the
    refusal says neither its name nor what the truth would (5.13: an Enemy unit there)."""
    st = hidden(hindenburg_position, {**FRONT, "G-41": "0806"}, [("3", "0806", ["G-41"])])
    st.apply(RUSSIAN, {"type": "select", "unit": "R-XIV"})
    before = st.to_json()
    wrong_cost = {"type": "move", "unit": "R-XIV", "to": "0806", "path": ["0806"], "cost": 1}
    for action in (wrong_cost, {"type": "select", "unit": "G-41"}):
        with pytest.raises(IllegalAction) as refused:
            st.apply(RUSSIAN, action)
        assert mentions(str(refused.value), st, "G-41") == []
        assert "Enemy unit" not in str(refused.value)
        assert st.to_json() == before


# --- what the truth makes of his choice ----------------------------------------------------------


def test_18_31_a_retreat_into_a_concealed_zone_reveals_the_gruppe(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st, _ = twins(hindenburg_position, ATTACK, "G-35", near="1008", **GERMAN_COMBAT)
    _retreat_choice(st, fixed_dice)
    barred = {"type": "retreat", "from": "0807", "path": ["0907", "1008"]}
    assert barred in st.legal_actions(RUSSIAN) and barred not in truth_legal(st)
    st.apply(RUSSIAN, barred)
    seen = [e for e in st.view(RUSSIAN)["log"] if e.get("case") == "hindenburg 18.31"]
    assert "Gruppe gruppe-1 in 1008 is revealed" in seen[-1]["text"]
    assert "35th Infantry Division" in seen[-1]["text"]
    assert gruppen.marker_of(st, "G-35") is None  # off the map: its units in view
    assert U.record(st, "R-XIV")["hex"] == "0905"  # the one path left: taken by itself
    assert "G-35" in {u["id"] for u in st.view(RUSSIAN)["units"] if u["status"] == "on_map"}


def test_18_31_an_entry_hex_in_a_concealed_zone_reveals_the_gruppe(
    hindenburg_position: Any,
) -> None:
    units = {"R-IIS": {"status": "pending"}, "G-36": "0305", "R-XIV": "0907"}
    kw = {"turn": 4, "phase": "movement", "segment": "reinforcement"}
    st, _ = twins(hindenburg_position, units, "G-35", near="1705", **kw)
    st.apply(RUSSIAN, {"type": "enter", "unit": "R-IIS", "hex": "1805"})
    assert U.record(st, "R-IIS")["status"] == "pending"  # nothing entered
    assert any("gruppe-1 in 1705 is revealed" in e["text"] for e in st.view(RUSSIAN)["log"])
    assert {"type": "enter", "unit": "R-IIS", "hex": "1805"} not in st.legal_actions(RUSSIAN)
    st.apply(RUSSIAN, {"type": "enter", "unit": "R-IIS", "hex": "1808"})
    assert U.record(st, "R-IIS")["hex"] == "1808"


def test_18_41_overlay_as_the_russian_traces_it_then_the_truth(
    hindenburg_position: Any,
) -> None:
    """A concealed division's Zone of Control cuts the XIV Corps' line: the Russian's
    overlay shows the line he can see; when supply is determined the truth applies and a
    public entry says why."""
    units = {"R-XIV": "0705", "G-35": "1006", "G-36": "0305"}
    st = hidden(
        hindenburg_position,
        units,
        [("3", "1006", ["G-35"])],
        phasing=CENTRAL,
        phase="movement",
        segment="movement",
    )
    assert "R-XIV" in supply.out_of_supply_units(st)  # the truth
    view = st.view(RUSSIAN)
    assert view["out_of_supply"] == [] and view["supply_overlay"]["case"] == "hindenburg 18.12"
    st.apply(CENTRAL, {"type": "end_segment"})
    while not (st.data["phasing"] == RUSSIAN and st.top()["kind"] == "movement"):
        role = st.active_roles()[0]
        st.apply(role, st.legal_actions(role)[-1])
    assert U.has_marker(st, "R-XIV", supply.OUT_OF_SUPPLY)  # 9.21 the truth applies
    told = [e["text"] for e in st.view(RUSSIAN)["log"] if e.get("case") == "hindenburg 18.41"]
    assert told == [
        "XIV Corps (fictional) is out of supply, though its line looked open: a concealed"
        " German unit blocks it (the Gruppe is no dummy)."
    ]
    assert mentions(st.view(RUSSIAN), st, "G-35") == []


def test_18_31_odds_changed_by_a_concealed_unit_reveal_it_first(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    """The XIV Corps attacks, its line cut by a concealed division it cannot see: the
    Gruppe is revealed before the numbers are taken (its entry alters the ruling), so
    the attack is resolved as the preview recomputed after it shows."""
    units = {"R-XIV": "0705", "G-36": "0605", "G-35": "1005"}
    st = hidden(
        hindenburg_position,
        units,
        [("3", "1005", ["G-35"])],
        phasing=RUSSIAN,
        phase="combat",
        segment="combat_resolution",
    )
    st.apply(RUSSIAN, {"type": "declare", "target": "0605"})
    st.apply(RUSSIAN, {"type": "add_attacker", "unit": "R-XIV"})
    shown = st.view(RUSSIAN)["combat"]
    truth = st.game.system.previews(st, CENTRAL)
    assert shown["attack"] > next(iter(truth.values()))[""]["attack"]  # 9.21 halved in truth
    check = RulingCheck(st.game).attach()
    try:
        check.before(st, RUSSIAN)
        fixed_dice(5, 4, *[6] * 10)  # 9.23 attrition roll (none), the attack, what follows
        st.apply(RUSSIAN, {"type": "resolve"})
        assert check.after(st) == []
    finally:
        check.detach()
    revealed = next(e for e in st.data["log"] if e.get("case") == "hindenburg 18.31")
    assert revealed["alters"] == shown["key"] and "to" not in revealed
    assert gruppen.marker_of(st, "G-35") is None


def test_18_12_a_concealed_hq_lending_its_shift_is_revealed_before_the_odds(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    """10.21 an HQ lending its Attack Shift takes part in the attack: concealed, it is
    revealed (18.31) before the odds the Russian sees show its shift, and the attack's
    line in his log names it."""
    units = {"G-36": "0706", "G-41": "0707", "R-XIV": "0807", "G-HQ-9A": "0505"}
    st = hidden(hindenburg_position, units, [("3", "0505", ["G-HQ-9A"])], **GERMAN_COMBAT)
    st.apply(CENTRAL, {"type": "declare", "target": "0807"})
    st.apply(CENTRAL, {"type": "add_attacker", "unit": "G-36"})
    st.apply(CENTRAL, {"type": "add_shift", "hq": "G-HQ-9A", "shift": 2})
    assert gruppen.marker_of(st, "G-HQ-9A") is None
    shown = st.view(RUSSIAN)["combat"]
    assert [s["hq"] for s in shown["shifts"]] == ["G-HQ-9A"]
    fixed_dice(4, *[6] * 10)
    st.apply(CENTRAL, {"type": "resolve"})
    line = [e["text"] for e in st.view(RUSSIAN)["log"] if e.get("case") == "8.8"][-1]
    assert "+2 shift of 9A: 9th Army HQ" in line


# --- the log --------------------------------------------------------------------------------


def test_18_12_log_naming_a_concealed_unit_reaches_the_central_powers_only(
    hindenburg_position: Any,
) -> None:
    st = hidden(hindenburg_position, {**FRONT, "G-35": "0506"}, [("3", "0506", ["G-35"])])
    before = len(st.view(RUSSIAN)["log"])
    U.lose_steps(st, "G-35", 1, "9.22", "attrition")  # public in the standard rules' code
    st.log("A public entry naming nobody.")
    russian = st.view(RUSSIAN)["log"]
    assert mentions(russian, st, "G-35") == []
    assert [e["n"] for e in russian] == list(range(1, len(russian) + 1))  # no gap betrays it
    assert russian[-1]["text"] == "A public entry naming nobody." and len(russian) == before + 1
    central = st.view(CENTRAL)["log"]
    assert any("35th Infantry Division" in e["text"] for e in central)
    assert mentions(public_view(st)["log"], st, "G-35") == []
    # the Russian's perspective shows the division as he last saw it (18.12)
    assert R.knowledge(st).data["units"]["G-35"]["lost"] == 0


def test_18_12_an_event_all_may_see_names_the_marker(hindenburg_position: Any) -> None:
    """AV14 (a): what changes the victory points is public, the unit's name is not."""
    st = hidden(hindenburg_position, {**FRONT, "G-35": "0506"}, [("3", "0506", ["G-35"])])
    st.log(
        "Victory points +4 for the elimination of 35th Infantry Division (fictional).",
        case="hindenburg 23.11",
    )
    russian = st.view(RUSSIAN)["log"][-1]
    assert russian["text"] == (
        "Victory points +4 for the elimination of a German unit concealed by Gruppe gruppe-1."
    )
    assert st.view(CENTRAL)["log"][-2]["text"].endswith("35th Infantry Division (fictional).")


def test_18_12_a_control_change_by_a_concealed_unit_is_public(
    hindenburg_position: Any,
) -> None:
    """AV14 (a): a Gruppe passing through a rail hex takes it at once (hindenburg 17.51),
    in every seat's view and log."""
    from greatwar.rules.gwite.victory import passed_through

    st = hidden(
        hindenburg_position,
        {**FRONT, "G-35": "0506"},
        [("3", "0506", ["G-35"])],
        control={"0606": RUSSIAN},
    )
    passed_through(st, "G-35", ["0606"])
    view = st.view(RUSSIAN)
    assert view["control"]["0606"] == CENTRAL
    assert view["log"][-1]["case"] == "hindenburg 17.51"
    assert view["log"][-1]["text"].startswith(
        "The rail hex 0606 is Friendly to the Central Powers now"
    )
    assert mentions(view, st, "G-35") == []


# --- the computer's Russian: samples from his perspective only ------------------------------


def test_18_12_samples_look_the_same_and_never_read_the_truth(
    hindenburg_position: Any,
) -> None:
    units = {**FRONT, "G-35": "0705", "G-1GR": "0705", "G-3GR": FAR}
    real = hidden(
        hindenburg_position, units, [("3", "0705", ["G-1GR", "G-35"]), ("7", FAR, ["G-3GR"])]
    )
    other = hidden(
        hindenburg_position,
        {**units, "G-35": FAR, "G-1GR": FAR, "G-3GR": "0705"},
        [("3", "0705", ["G-3GR"]), ("7", FAR, ["G-1GR", "G-35"])],
    )
    seen = real.view(RUSSIAN)
    deals = set()
    for seed in range(12):
        a = real.game.system.determinize(real, RUSSIAN, random.Random(seed))
        b = other.game.system.determinize(other, RUSSIAN, random.Random(seed))
        assert a.data["gruppen"] == b.data["gruppen"]  # built from what he knows alone
        assert a.view(RUSSIAN)["units"] == seen["units"]
        assert a.legal_actions(RUSSIAN) == seen["legal_actions"]
        assert not a.game.system.invariants(a, "any")
        assert gruppen.concealed(a) == {"G-35", "G-1GR", "G-3GR"}
        deals.add(tuple(sorted((m["hex"], tuple(m["units"])) for m in gruppen.markers(a).values())))
    assert len(deals) > 1  # redrawn, not copied


def test_18_12_the_russian_agent_decides_alike_on_twins(
    hindenburg_position: Any,
) -> None:
    real, dummy = twins(hindenburg_position, FRONT, "G-35", near="0706")
    chosen = []
    for st in (real, dummy):
        agent = HeuristicAgent(seed=5)
        picks = []
        for _ in range(3):
            action = agent.choose_in(st.view(RUSSIAN), World(st, RUSSIAN))
            picks.append((action, agent.last_explanation))
            if action["type"] != "select":
                break
            st.apply(RUSSIAN, action)
        chosen.append(picks)
    assert chosen[0] == chosen[1]
    assert text_of(chosen[0]).count("G-35") == 0
