"""Von Hindenburg in Poland, 18.3-18.4 Gruppen revealed, and the Russian's moves against
the hidden truth (hindenburg 18.0, 18.31, 18.32, 18.41; readings AV4, AV5, AV14).

FICTIONAL positions on the teaching map (see gruppen_kit).  The Russian XIV Corps (TCR
3, Movement Allowance 4) stands in 0807; the marker under test in 0607, two hexes west:
a German division in it would control 0506 0507 0606 0608 0706 0707.
"""

from __future__ import annotations

import json
from typing import Any

from greatwar import State
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import gruppen as G
from tests.rules.gwite.hindenburg.gruppen_kit import (
    CP,
    RU,
    apply,
    contents,
    hex_of,
    hidden,
    moves,
    of_type,
    offered,
    public,
    spent,
)
from tests.rules.gwite.kit import COMBAT, Refuse


def russian(position: Any, units: dict[str, Any], **kw: Any) -> State:
    """A position in the Russian Movement Segment under hidden movement."""
    return hidden(position, units, phasing=RU, **kw)


def selected_moves(st: State, uid: str) -> list[dict[str, Any]]:
    apply(st, RU, "select", unit=uid)
    return st.legal_actions(RU)


# --- the Russian's moves: what he knows, and the truth -------------------------------------


def test_18_0_18_41_the_russian_is_offered_the_same_moves_whether_a_marker_is_a_dummy_or_real(
    hindenburg_position: Any,
) -> None:
    dummy = russian(hindenburg_position, {"R-XIV": "0807"}, markers={"1": ("0607", [])})
    real = russian(
        hindenburg_position,
        {"R-XIV": "0807", "G-35": "0607"},
        markers={"1": ("0607", ["G-35"])},
    )
    assert dummy.legal_actions(RU) == real.legal_actions(RU)  # which units may move
    offered_dummy = selected_moves(dummy, "R-XIV")
    offered_real = selected_moves(real, "R-XIV")
    assert json.dumps(offered_dummy, sort_keys=True) == json.dumps(offered_real, sort_keys=True)
    assert "0607" not in moves(dummy, RU)  # the marker's hex counts as occupied
    assert moves(dummy, RU)["0707"]["cost"] == 1  # no zone of control he knows of

    # the same move, applied against the truth, ends differently
    move = moves(dummy, RU)["0608"]
    assert move["path"] == ["0707", "0608"]
    dummy.apply(RU, move)
    real.apply(RU, move)
    # a dummy: removed as the corps moves next to it (18.31), and the corps goes on
    assert hex_of(dummy, "R-XIV") == "0608" and spent(dummy, "R-XIV") == 2
    assert not G.markers(dummy) and "1" in G.off_map(dummy)
    # a German division: its zone halts the corps before 0707, where it stands still
    assert hex_of(real, "R-XIV") == "0807" and spent(real, "R-XIV") == 0
    assert contents(real) == {"1": ("0607", ["G-35"])} and G.known(real, "1")
    assert public(real, "hindenburg 18.41") == [
        "XIV Corps (fictional) halts in 0807: the Gruppe gruppe-1 exerts a Zone of Control"
        " into 0707 (it is no dummy); it may move on with the Movement Points it has left."
    ]
    # it is not finished: its moves are now priced with the zone it knows of (7.21)
    assert moves(real, RU)["0707"]["cost"] == 2
    apply(real, RU, "move", unit="R-XIV", to="0707")
    assert hex_of(real, "R-XIV") == "0707" and spent(real, "R-XIV") == 2


def test_18_3_18_31_a_russian_unit_moving_next_to_a_dummy_removes_it_from_play(
    hindenburg_position: Any,
) -> None:
    st = russian(hindenburg_position, {"R-XIV": "0807"}, markers={"1": ("0607", [])})
    selected_moves(st, "R-XIV")
    apply(st, RU, "move", unit="R-XIV", to="0707")
    assert not G.markers(st)
    assert public(st, "hindenburg 18.31") == [
        "The Gruppe marker gruppe-1 in 0607 is a dummy: it is removed from play (XIV Corps"
        " (fictional) moved next to it, into 0707)."
    ]


def test_18_4_18_41_the_russian_moves_through_a_dummy_once_it_is_gone(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = russian(hindenburg_position, {"R-XIV": "0807"}, markers={"1": ("0607", [])})
    selected_moves(st, "R-XIV")
    err = refuse(st, RU, {"type": "move", "unit": "R-XIV", "to": "0607"})
    assert err.case == "hindenburg 18.41"  # he cannot tell it from a real Gruppe yet
    apply(st, RU, "move", unit="R-XIV", to="0707")  # next to it: removed
    apply(st, RU, "move", unit="R-XIV", to="0507")  # through its hex
    assert hex_of(st, "R-XIV") == "0507" and spent(st, "R-XIV") == 3
    assert public(st, "5.4")[-1].startswith("XIV Corps (fictional) moves 0707→0607→0507, 2 MP")


def test_18_41_russian_supply_is_traced_through_a_dummy_or_an_hq_only_gruppe(
    hindenburg_position: Any,
) -> None:
    # the Russian 5th Cavalry in 1502 traces its supply past 1504 (east of the Wisla)
    units = {"R-5K": "1502"}
    assert supply.in_supply(russian(hindenburg_position, units), "R-5K")
    dummy = russian(hindenburg_position, units, markers={"1": ("1504", [])})
    assert supply.in_supply(dummy, "R-5K")
    hq = russian(
        hindenburg_position,
        {**units, "G-HQ-XVII": "1504"},
        markers={"1": ("1504", ["G-HQ-XVII"])},
    )
    assert supply.in_supply(hq, "R-5K")
    # a Gruppe of a German division is the division: its zone cuts the line (9.14)
    real = russian(
        hindenburg_position, {**units, "G-35": "1504"}, markers={"1": ("1504", ["G-35"])}
    )
    assert not supply.in_supply(real, "R-5K")


# --- 18.31 revealed at the end of a phase (AV4 (b)) ---------------------------------------


def test_18_31_a_gruppe_adjacent_to_a_russian_combat_unit_is_revealed_at_the_end_of_the_phase(
    hindenburg_position: Any,
) -> None:
    st = hidden(
        hindenburg_position,
        {"G-35": "0506", "G-36": "0504", "G-5K": "0606", "R-XIV": "0807", "R-HQ-4A": "0402"},
        markers={"1": ("0506", ["G-35"]), "2": ("0504", ["G-36"]), "3": ("0606", ["G-5K"])},
        phasing=CP,
    )
    apply(st, CP, "gruppe_select", gruppe="1")
    apply(st, CP, "gruppe_move", gruppe="1", to="0706")  # next to the XIV Corps
    apply(st, CP, "gruppe_select", gruppe="2")
    apply(st, CP, "gruppe_move", gruppe="2", to="0403")  # next to a Russian HQ only
    apply(st, CP, "gruppe_select", gruppe="3")
    apply(st, CP, "gruppe_move", gruppe="3", to="0707")  # past the corps (AV4 (b))...
    apply(st, CP, "gruppe_move", gruppe="3", to="0605")  # ...and away
    apply(st, CP, "end_segment")
    assert st.top()["kind"] != "movement"
    assert contents(st) == {"2": ("0403", ["G-36"]), "3": ("0605", ["G-5K"])}
    assert public(st, "hindenburg 18.31") == [
        "The Gruppe gruppe-1 in 0706 is revealed (adjacent to a Russian combat unit at the"
        " end of the phase): 35th Infantry Division (fictional)."
    ]
    assert hex_of(st, "G-35") == "0706"


def test_18_31_the_russian_moving_next_to_a_gruppe_reveals_it_at_the_end_of_his_phase(
    hindenburg_position: Any,
) -> None:
    st = russian(
        hindenburg_position, {"R-XIV": "0907", "G-35": "0706"}, markers={"1": ("0706", ["G-35"])}
    )
    selected_moves(st, "R-XIV")
    apply(st, RU, "move", unit="R-XIV", to="0807")  # halted before the hidden zone
    assert hex_of(st, "R-XIV") == "0907" and G.known(st, "1")
    apply(st, RU, "move", unit="R-XIV", to="0807")  # now knowing it: 2 MP
    assert hex_of(st, "R-XIV") == "0807" and spent(st, "R-XIV") == 2
    assert G.markers(st)  # not yet: at the end of the phase
    apply(st, RU, "end_segment")
    assert not G.markers(st)
    assert public(st, "hindenburg 18.31")[-1].startswith("The Gruppe gruppe-1 in 0706 is revealed")


# --- 18.31 revealed when attacking or attacked ------------------------------------------------


def test_18_31_a_gruppe_attacked_is_revealed_before_any_odds_are_shown(
    hindenburg_position: Any,
) -> None:
    st = hidden(
        hindenburg_position,
        {"R-XIV": "0807", "G-35": "0707"},
        markers={"1": ("0707", ["G-35"]), "2": ("0706", [])},
        phasing=RU,
        **COMBAT,
    )
    declarable = {a["target"] for a in of_type(st.legal_actions(RU), "declare")}
    assert declarable == {"0706", "0707"}  # a dummy's hex as well: he cannot tell
    apply(st, RU, "declare", target="0707")
    assert contents(st) == {"2": ("0706", [])}  # revealed at the declaration
    assert public(st, "hindenburg 18.31") == [
        "The Gruppe gruppe-1 in 0707 is revealed (an attack was declared on 0707): 35th"
        " Infantry Division (fictional)."
    ]
    assert st.view(RU)["combat"]["targets"] == ["0707"]
    apply(st, RU, "add_attacker", unit="R-XIV")
    assert st.view(RU)["combat"]["defense"] == 5  # the division, in view, defends


def test_18_31_an_attack_declared_on_a_dummy_removes_it_and_is_made_on_no_one(
    hindenburg_position: Any,
) -> None:
    st = hidden(
        hindenburg_position,
        {"R-XIV": "0807", "G-35": "0808"},  # (the 35th in view: a target at the start)
        markers={"1": ("0706", [])},
        phasing=RU,
        **COMBAT,
    )
    apply(st, RU, "declare", target="0706")
    assert not G.markers(st)
    assert st.top()["kind"] == "combat_resolution"  # no attack frame: nothing to attack
    assert public(st, "hindenburg 18.31") == [
        "The Gruppe marker gruppe-1 in 0706 is a dummy: it is removed from play (an attack"
        " was declared on 0706).",
        "There is no one to attack in 0706.",
    ]
    assert not offered(st, RU, "declare", target="0706")


def test_18_31_a_gruppe_that_attacks_is_revealed_as_its_unit_joins_the_attack(
    hindenburg_position: Any,
) -> None:
    st = hidden(
        hindenburg_position,
        {"R-XIV": "0807", "G-35": "0707", "G-36": "0706"},
        markers={"1": ("0707", ["G-35"]), "2": ("0706", ["G-36"])},
        phasing=CP,
        **COMBAT,
    )
    apply(st, CP, "declare", target="0807")
    assert len(G.markers(st)) == 2  # declaring reveals none of the attacker's Gruppen
    apply(st, CP, "add_attacker", unit="G-35")
    assert contents(st) == {"2": ("0706", ["G-36"])}
    assert public(st, "hindenburg 18.31") == [
        "The Gruppe gruppe-1 in 0707 is revealed (35th Infantry Division (fictional)"
        " attacks): 35th Infantry Division (fictional)."
    ]
    assert [a["unit"] for a in st.view(RU)["combat"]["attackers"]] == ["G-35"]


# --- 18.32 HQ-only Gruppen, AV5 Gruppen without a Zone of Control ---------------------------


def test_18_32_an_hq_only_gruppe_is_revealed_and_its_hq_placed_with_the_nearest_combat_unit(
    hindenburg_position: Any,
) -> None:
    # two German stacks three hexes from 0607: 0604 (2 points) and 0610 (4 points)
    st = russian(
        hindenburg_position,
        {
            "R-XIV": "0807",
            "G-HQ-XVII": "0607",
            "G-35": "0604",
            "G-36": "0610",
            "G-41": "0610",
            "G-1GR": "0404",
        },
        markers={"1": ("0607", ["G-HQ-XVII"])},
    )
    selected_moves(st, "R-XIV")
    apply(st, RU, "move", unit="R-XIV", to="0707")
    assert not G.markers(st)
    assert hex_of(st, "G-HQ-XVII") == "0610"  # the tie goes to the most stacking points
    assert public(st, "hindenburg 18.32") == [
        "The Gruppe gruppe-1 in 0607 is revealed (XIV Corps (fictional) moved next to it,"
        " into 0707): XVII: XVII Corps HQ (fictional).",
        "XVII: XVII Corps HQ (fictional) is placed with the nearest German combat unit: 0607→0610.",
    ]
    apply(st, RU, "move", unit="R-XIV", to="0607")  # 18.41 and through where it stood
    assert hex_of(st, "R-XIV") == "0607"


def test_18_32_av5_a_gruppe_of_a_depot_is_revealed_in_place_when_a_russian_moves_next_to_it(
    hindenburg_position: Any,
) -> None:
    st = russian(
        hindenburg_position, {"R-XIV": "0807", "G-D1": "0607"}, markers={"1": ("0607", ["G-D1"])}
    )
    selected_moves(st, "R-XIV")
    apply(st, RU, "move", unit="R-XIV", to="0707")
    assert not G.markers(st) and hex_of(st, "G-D1") == "0607"
    assert public(st, "hindenburg 18.32") == [
        "The Gruppe gruppe-1 in 0607 is revealed (XIV Corps (fictional) moved next to it,"
        " into 0707; it has no Zone of Control (AV5)): German Supply Depot 1."
    ]


# --- AV14 a concealed unit takes control at once, in view ----------------------------------


def test_18_0_av14_a_gruppe_takes_control_of_a_city_at_once_and_everyone_sees_it(
    hindenburg_position: Any,
) -> None:
    st = hidden(
        hindenburg_position,
        {"G-35": "0505", "R-XIV": "1307"},
        markers={"1": ("0505", ["G-35"])},
        phasing=CP,
        control={"0606": RU},
    )
    apply(st, CP, "gruppe_select", gruppe="1")
    apply(st, CP, "gruppe_move", gruppe="1", to="0606")
    assert st.data["control"]["0606"] == CP
    taken = [e for e in st.data["log"] if "takes control of Lodsch" in e["text"]]
    assert taken and "to" not in taken[0]  # a public event (AV14 (a))
    assert contents(st) == {"1": ("0606", ["G-35"])}  # the Gruppe stays hidden
    assert U.record(st, "G-35")["hex"] == "0606"
