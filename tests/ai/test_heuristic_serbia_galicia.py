"""The heuristic agent on Serbia/Galicia's teaching maps: towns whose points are signed
for the side that scores them (serbia-galicia 25.11), two maps (2.1), and lines of
supply into an Enemy zone the moving unit will occupy (7.24)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import greatwar
from greatwar.ai.heuristic_gwite import CITY_SCORINGS, front, supply_gap
from greatwar.engine.state import State
from tests.rules.gwite.serbia_galicia.positions import RIVERBANK

SG_KIT = Path(__file__).parents[1] / "rules" / "gwite" / "serbia_galicia" / "conftest.py"
#: an Austro-Hungarian supply depot far from every fight: in play, it may carry his supply
#: forward (9.16), so the towns he scores count as within his reach
#: (:func:`~greatwar.ai.heuristic_gwite.towns_out_of_reach`)
DEPOT_AFAR = "g0109"
#: Serbian divisions far from every fight: more than the teaching game's 4 Serbian
#: Stacking Points (25.2), so that the remnant's -20 is not in the total projected were
#: the game to end now
SERBS_AFAR = {"S-1MD": "s1106", "S-TD": "s1007", "S-1SD": "s1006"}


def _position(tmp_path: Path, units: dict[str, str], **kw: Any) -> State:
    """A Serbia/Galicia teaching position (tests/rules/gwite/serbia_galicia/conftest.py)."""
    spec = importlib.util.spec_from_file_location("sg_positions", SG_KIT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = module.write_sg_position(tmp_path, units, **kw)
    return greatwar.load(path).new_state(1)


def _attack_positions(tmp_path: Path, totals: tuple[int, ...]) -> dict[int, State]:
    """A Russian corps (with its army HQ) next to an Austro-Hungarian division in g0604,
    the Allies about to declare their attacks, at each of the Allied ``totals``."""
    units = {"R-XIVK": "g0704", "AH-5D": "g0604", "R-HQ-4A": "g0805", **SERBS_AFAR}
    states = {}
    for vp in totals:
        (tmp_path / str(vp)).mkdir()
        states[vp] = _position(
            tmp_path / str(vp), units, vp=vp, phase="combat", segment="combat_resolution"
        )
    return states


def test_a_town_the_enemy_scores_is_guarded_and_taken_not_shunned(tmp_path: Path) -> None:
    # Lubin (g0602) scores -5 for Austria-Hungary (25.11); the Russians hold it with an
    # Austro-Hungarian corps three hexes off
    # (an Austro-Hungarian depot in play: the towns he scores are within his reach, 9.16)
    units = {"R-XIK": "g0702", "AH-1K": "g0605", "AH-D1": DEPOT_AFAR}
    st = _position(tmp_path, units, control={"g0602": "allied"})
    allied = front(st, "allied")
    # 25.13 the towns score every Game-Turn: held for the Game-Turns left (at most
    # CITY_SCORINGS of them), a town is worth its points that many times
    left = st.game.scenario.info.turns - st.data["turn"] + 1
    assert allied.city_weight == min(CITY_SCORINGS, left) > 1
    assert ("g0602", 5.0 * allied.city_weight) in [(h, worth) for _, h, worth in allied.guard]
    assert allied.hex_value("R-XIK", "g0602", "g0702") > allied.hex_value("R-XIK", "g0703", "g0702")
    central = front(st, "central")
    # for Austria-Hungary it is a place to take: it pulls (a negative worth pushed away)
    assert central.objective_pull(central.coord("g0603")) > central.objective_pull(
        central.coord("g0605")
    )


def test_places_on_the_other_map_pull_nothing(tmp_path: Path) -> None:
    # the Allies' only places to take are the Carpathian passes on the Galician map
    st = _position(tmp_path, {"R-XIK": "g0702", "S-1MD": "s0905", "AH-1K": "g0605"})
    allied = front(st, "allied")
    assert allied.objective_pull(allied.coord("g0508")) > 0
    assert allied.objective_pull(allied.coord("s0905")) == 0
    assert allied.objective_pull(allied.coord("s0102")) == 0


def test_an_empty_hex_in_an_enemy_zone_is_in_supply_once_the_unit_stands_there(
    tmp_path: Path,
) -> None:
    # g0604 is next to the Austro-Hungarian corps in g0605: an Enemy zone (7.24 a unit
    # there negates it for its own line), one hex beyond g0603
    st = _position(tmp_path, {"R-XIK": "g0602", "AH-1K": "g0605"})
    f = front(st, "allied")
    assert supply_gap(f, "R-XIK", "g0604") == supply_gap(f, "R-XIK", "g0603") + 1
    assert supply_gap(f, "R-XIK", "g0604") <= 0
    # an Enemy-occupied hex stays beyond every line
    assert supply_gap(f, "R-XIK", "g0605") > 50


def test_21_0_an_hq_keeps_off_a_river_bank_the_flotilla_may_shell_alone(tmp_path: Path) -> None:
    # two Serbian divisions on the Dunav's banks (s0504, s0704): the hex between them,
    # s0604, is a bank too, where the monitor flotilla may attack a lone HQ with no unit
    # next to it (21.0); the HQ goes next to its troops off the bank instead
    from greatwar.ai import HeuristicAgent, decide
    from greatwar.rules.gwite import units as U
    from greatwar.rules.gwite.serbia_galicia.flotilla import river_banks

    units = {"S-HQ-1A": "s0606", "S-1MD": "s0504", "S-1DD": "s0704", "AH-XVK": "s0201"}
    st = _position(tmp_path, units, phase="movement", segment="movement")
    banks = river_banks(st)
    assert {"s0504", "s0604", "s0704"} <= banks
    assert U.rules(st).exposed_hexes(st, "allied") == banks
    assert U.rules(st).exposed_hexes(st, "central") == frozenset()
    st.apply("allied", {"type": "select", "unit": "S-HQ-1A"})
    action = decide(HeuristicAgent(3), st, "allied")
    assert action["type"] == "move"
    st.apply("allied", action)
    assert U.record(st, "S-HQ-1A")["hex"] not in banks


def test_25_3_an_attack_needs_better_odds_while_the_side_would_win_as_things_stand(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # a Russian corps against an Austro-Hungarian division at 2-1 (an expected result
    # between the two thresholds, set here around it): made by Allies short of a win,
    # not by Allies who would win were the game to end now (25.3: 21 points or more),
    # whom a step lost (25.2) could bring down to a draw
    from greatwar.ai import HeuristicAgent, decide
    from greatwar.ai import heuristic_gwite as H

    value = {}
    choices = {}
    for vp, st in _attack_positions(tmp_path, (10, 22)).items():
        value[vp] = H.full_attack(st, "allied", "g0604")[0]
        monkeypatch.setattr(H, "GOOD_ATTACK", value[vp] - 0.1)
        monkeypatch.setattr(H, "SAFE_ATTACK", value[vp] + 0.1)
        assert H.winning_now(st, "allied") == (vp == 22)
        choices[vp] = decide(HeuristicAgent(3), st, "allied")
    assert value[10] == value[22]
    assert choices[10] == {"type": "declare", "target": "g0604"}
    assert choices[22]["type"] == "end_segment"


def test_25_2_while_one_step_lost_would_lose_the_win_no_attack_risks_a_step(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # the same 2-1 attack, made at 21 points and at 22 alike by the odds (both thresholds
    # set below its expected result); a Russian step lost scores 1 for Austria-Hungary
    # (25.2), and some die rolls cost the attacker one (8.8): at 21, the Marginal
    # Victory's floor (25.3), a step lost would make it a draw, so the attack is not
    # made; at 22 one step can be lost and the win kept
    from greatwar.ai import HeuristicAgent, decide
    from greatwar.ai import heuristic_gwite as H

    choices = {}
    for vp, st in _attack_positions(tmp_path, (21, 22)).items():
        value, preview = H.full_attack(st, "allied", "g0604")
        assert H.attacker_may_lose(preview)
        monkeypatch.setattr(H, "SAFE_ATTACK", value - 0.1)
        assert H.winning_now(st, "allied")
        assert H.narrow_lead(st, "allied", ["R-XIVK"]) == (vp == 21)
        choices[vp] = decide(HeuristicAgent(3), st, "allied")
        if vp == 21:  # the switch off: made at 21 too
            monkeypatch.setattr(H, "NARROW_LEAD", False)
            assert decide(HeuristicAgent(3), st, "allied") == {"type": "declare", "target": "g0604"}
            monkeypatch.setattr(H, "NARROW_LEAD", True)
    assert choices[21]["type"] == "end_segment"
    assert choices[22] == {"type": "declare", "target": "g0604"}


def test_25_13_a_town_keeps_defenders_as_strong_as_the_enemy_closing_in(tmp_path: Path) -> None:
    # Beograd (s0704, -3 a Game-Turn to Austria-Hungary, 25.13) holds the Belgrade brigade
    # (strength 1.5) and a division; Nisava (s0908) has its own garrison.  With an
    # Austro-Hungarian corps two hexes from Beograd (4.5, more than the brigade) the
    # division stays; with the corps three hexes off it goes to Nisava, worth more
    from greatwar.ai import HeuristicAgent, decide
    from greatwar.rules.gwite import units as U

    ends = {}
    for corps in ("s0603", "s0602"):
        units = {"S-BE": "s0704", "S-1MD": "s0704", "S-1DD": "s0908", "AH-XVK": corps}
        units["AH-D1"] = DEPOT_AFAR  # Nisava within his reach (9.16)
        (tmp_path / corps).mkdir()
        st = _position(
            tmp_path / corps, {**units, "AH-VIIIK": "s1004"}, phase="movement", segment="movement"
        )
        st.apply("allied", {"type": "select", "unit": "S-1MD"})
        st.apply("allied", decide(HeuristicAgent(3), st, "allied"))
        ends[corps] = U.record(st, "S-1MD")["hex"]
    assert ends == {"s0603": "s0704", "s0602": "s0908"}


def _flotilla_result(tmp_path: Path, monkeypatch: Any, vp: int) -> State:
    """The monitor flotilla alone against the 1st Drina Division (2 steps) in s0604 beside
    the Dunav: 3 to 4 (1-2), die 1: 1/1 (21.0: the attacker's 1 ignored); the Allies to
    choose how to take their 1 (8.9), at ``vp`` points."""
    from greatwar.engine import dice

    (tmp_path / str(vp)).mkdir()
    st = _position(
        tmp_path / str(vp),
        RIVERBANK,
        vp=vp,
        # the division's 2 Stacking Points more than the remnant's threshold: no -20 in
        # the total projected were the game to end now (25.2)
        special={"serbian_remnant": 1},
        phasing="central",
        phase="combat",
        segment="combat_resolution",
    )
    st.apply("central", {"type": "declare", "target": "s0604"})
    st.apply("central", {"type": "add_flotilla", "strength": 3})
    monkeypatch.setattr(dice, "roll", lambda record, sides=6: 1)
    st.apply("central", {"type": "resolve"})
    if st.top()["kind"] == "attack" and st.top().get("stage") == "defending":
        st.apply("allied", {"type": "end_defense"})
    assert st.top()["kind"] == "combat_result" and st.top()["stage"] == "def_option"
    return st


def test_8_9_an_option_that_would_lose_the_win_is_not_taken_if_another_keeps_it(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # at 22 points, a Marginal Victory (25.3: 21-35), a Serbian step lost in combat
    # (25.2: -2) would make it a draw: the division retreats one hex instead and the
    # Allies keep their 22; at 30 either option keeps the win and the rule leaves the
    # choice to the look-ahead
    from greatwar.ai import HeuristicAgent, decide
    from greatwar.ai import heuristic_gwite as H
    from greatwar.ai.heuristic import Turn

    st = _flotilla_result(tmp_path, monkeypatch, 22)
    options = {a["index"]: a for a in st.legal_actions("allied") if a["type"] == "option"}
    lose, retreat = (
        next(a for a in options.values() if "steps are eliminated" in a["text"]),
        next(a for a in options.values() if "retreats" in a["text"]),
    )
    turn = Turn("allied", st.view("allied"), list(options.values()), st, set(), None)
    assert H._loses_the_win(turn, lose) and not H._loses_the_win(turn, retreat)
    monkeypatch.setattr(H, "KEEP_THE_WIN", False)
    assert decide(HeuristicAgent(3), st, "allied") == lose  # the look-ahead alone
    monkeypatch.setattr(H, "KEEP_THE_WIN", True)
    action = decide(HeuristicAgent(3), st, "allied")
    assert action == retreat
    st.apply("allied", action)
    while st.top() is not None and st.top()["kind"] == "combat_result":
        assert st.active_roles() == ["allied"]  # where the division retreats to
        st.apply("allied", decide(HeuristicAgent(3), st, "allied"))
    assert st.data["vp"] == 22 and H.winning_now(st, "allied")
    assert st.data["units"]["S-1DD"]["lost"] == 0
    assert st.data["units"]["S-1DD"]["hex"] != "s0604"
    wide = _flotilla_result(tmp_path, monkeypatch, 30)
    turn = Turn("allied", wide.view("allied"), wide.legal_actions("allied"), wide, set(), None)
    assert not any(H._loses_the_win(turn, a) for a in turn.legal)


def test_25_12_on_the_last_turn_a_town_the_enemy_scores_is_held_out_of_supply(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # Game-Turn 8, the last: the 1st Drina Division and the Be Brigade hold Beograd
    # (s0704, 3 points for Austria-Hungary, 25.11), cut off by one hex; Nisava (s0908)
    # is Allied.  Only Austria-Hungary scores Beograd (in its supply, 25.12): the
    # Allies hold it to deny the points, supplied or not, so their being out of supply
    # there weighs as on any hex of the last Game-Turn (9.21: traced at the start of
    # a Movement Phase that will not come).  Without the rule both leave for Nisava
    # and Beograd is empty for the Austro-Hungarian cavalry next to it.
    from greatwar.ai import HeuristicAgent, decide
    from greatwar.ai import heuristic_gwite as H

    units = {
        "S-1DD": "s0704",
        "S-BE": "s0704",
        "S-HQ-2A": "s0808",
        "AH-2KD": "s0605",
        "AH-VIIIK": "s0607",
        "AH-21D": "s0902",
        "AH-XIK": "s1003",
        "AH-D1": DEPOT_AFAR,  # Beograd within his reach (9.16)
    }

    def allied_movement(denial: bool) -> list[str]:
        monkeypatch.setattr(H, "DENIAL_SUPPLY", denial)
        (tmp_path / str(denial)).mkdir()
        st = _position(tmp_path / str(denial), units, turn=8, vp=22, control={"s0704": "allied"})
        assert H.last_turn(st) and H.supply_gap(H.front(st, "allied"), "S-1DD", "s0704") > 0
        agent = HeuristicAgent(3)
        while st.top()["kind"] == "movement" and st.legal_actions("allied"):
            st.apply("allied", decide(agent, st, "allied"))
        return [u for u, r in st.data["units"].items() if r["hex"] == "s0704"]

    assert allied_movement(False) == []
    held = allied_movement(True)
    assert held and all(u.startswith("S-") for u in held)


def test_25_12_a_town_no_side_could_hold_in_supply_is_no_place_to_take_or_guard(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # The passes (g0510, g0910: +4 to the Allies) lie beyond the Russian Supply Range of
    # 3 from every Russian source (the rail ends in g0702 and runs g1203-g1407), Lubin
    # (g0602: -5 to Austria-Hungary) beyond the Austro-Hungarian range from theirs (the
    # rail along row 08): held, none would score (25.12), so none pulls a unit.  Beograd
    # (s0704), within the Austro-Hungarian range, still does.
    from greatwar.ai import heuristic_gwite as H

    st = _position(tmp_path, {"R-XIK": "g0702", "AH-1K": "g0605"}, control={"g0602": "allied"})
    for side in ("allied", "central"):
        beyond = H.towns_out_of_reach(st, side)
        assert {"g0510", "g0910", "g0602"} <= beyond
        assert "s0704" not in beyond
    allied, central = front(st, "allied"), front(st, "central")
    assert not {"g0510", "g0910"} & set(allied.capture)
    assert "g0602" not in central.capture
    assert "g0602" not in [h for _, h, _ in allied.guard]
    # a depot in play may carry his supply forward (9.16): his towns are within reach
    (tmp_path / "depot").mkdir()
    units = {"R-XIK": "g0702", "AH-1K": "g0605", "AH-D1": DEPOT_AFAR}
    with_depot = _position(tmp_path / "depot", units, control={"g0602": "allied"})
    assert "g0602" not in H.towns_out_of_reach(with_depot, "allied")
    assert {"g0510", "g0910"} <= H.towns_out_of_reach(with_depot, "allied")
    # the rule off: the same towns are places to take again
    monkeypatch.setattr(H, "OUT_OF_REACH", False)
    assert {"g0510", "g0910"} <= set(front(st, "allied").capture)
    assert "g0602" in front(st, "central").capture


def test_25_2_with_no_place_left_to_take_a_unit_closes_in_on_enemy_steps_that_score(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # Every Galician town is beyond the reach of its scorer's supply (above): the Allies'
    # only places to reach are the Austro-Hungarian units, whose steps lost in combat
    # score (25.2: +2 a step).  The Russian corps closes in on the corps in g0607 and
    # stays in supply; with nothing to reach it stays where it is.
    from greatwar import hexgrid
    from greatwar.ai import HeuristicAgent, decide
    from greatwar.ai import heuristic_gwite as H
    from greatwar.rules.gwite import units as U

    units = {"R-XIK": "g0702", "AH-1K": "g0607", "R-HQ-4A": "g0702"}
    st = _position(tmp_path, units, phase="movement", segment="movement")
    assert H.prey(st, "allied") == [(["g0607"], 2.0 * H.HUNT_WORTH)]
    assert [w for _, w in front(st, "allied").targets] == [2.0 * H.HUNT_WORTH]
    st.apply("allied", {"type": "select", "unit": "R-XIK"})
    action = decide(HeuristicAgent(3), st, "allied")
    assert action["type"] == "move"
    st.apply("allied", action)
    board = st.game.scenario.board
    ended = U.record(st, "R-XIK")["hex"]
    assert hexgrid.distance(board.coord[ended], board.coord["g0607"]) < hexgrid.distance(
        board.coord["g0702"], board.coord["g0607"]
    )
    assert supply_gap(front(st, "allied"), "R-XIK", ended) <= 0
    # a place left to take (Beograd, held by Austria-Hungary): the units are no goal
    (tmp_path / "beograd").mkdir()
    held = _position(tmp_path / "beograd", units, control={"s0704": "central"})
    allied = front(held, "allied")
    assert set(allied.capture) == {"s0704"}
    assert [group for group, _ in allied.targets] == [(allied.coord("s0704"),)]
    # no hunt: nothing to reach, the corps stays
    monkeypatch.setattr(H, "HUNT_WORTH", 0.0)
    (tmp_path / "still").mkdir()
    st = _position(tmp_path / "still", units, phase="movement", segment="movement")
    st.apply("allied", {"type": "select", "unit": "R-XIK"})
    assert decide(HeuristicAgent(3), st, "allied")["type"] == "finish"
