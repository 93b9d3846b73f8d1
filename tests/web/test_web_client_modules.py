"""The page's own modules, run in chromium: how legal actions become map gestures and labels,
and what a counter shows."""

from __future__ import annotations

import json
from typing import Any

HEXES = {"0101": {}, "0102": {}, "0103": {}}


def run(page: Any, module: str, body: str) -> Any:
    """Evaluate ``body`` (an expression over ``m``, the module) in the page."""
    return page.evaluate(
        f"async () => {{ const m = await import('/static/js/{module}'); return {body}; }}"
    )


def test_action_targets_and_labels(server: str, new_page: Any) -> None:
    page = new_page()
    page.goto(server + "/")
    retreat = {"type": "retreat", "from": "0101", "path": ["0102", "0103"]}
    move = {"type": "move", "unit": "X", "to": "0102", "path": ["0102"], "cost": 2}
    declare = {"type": "declare", "target": "0103"}
    out = run(
        page,
        "actions.js",
        f"""{{
          retreatHex: m.actionHex({retreat}, {HEXES}),
          retreatRoute: m.actionRoute({retreat}, null),
          retreatLabel: m.describe({retreat}, {{}}),
          moveHex: m.actionHex({move}, {HEXES}),
          moveRoute: m.actionRoute({move}, "0101"),
          moveLabel: m.describe({move}, {{X: "XIX Corps"}}),
          moveKind: m.targetKind({move}),
          moveCost: m.targetLabel({move}),
          provisionalCost: m.targetLabel({{...{move}, provisional: true}}),
          attackKind: m.targetKind({declare}),
          noHex: m.actionHex({{type: "end_segment"}}, {HEXES}),
          card: m.describe({{type: "card", card: "assault"}}),
          option: m.describe({{type: "option", index: 1, text: "Retreat two hexes."}}),
          unknown: m.describe({{type: "brand_new", unit: "X", amount: 3}}, {{X: "XIX Corps"}}),
        }}""",
    )
    assert out["retreatHex"] == "0103"
    assert out["retreatRoute"] == ["0101", "0102", "0103"]
    assert "0102→0103" in out["retreatLabel"]
    assert out["moveHex"] == "0102" and out["moveRoute"] == ["0101", "0102"]
    assert out["moveLabel"] == "Move XIX Corps → 0102 (2 MP)"
    assert (out["moveKind"], out["moveCost"], out["attackKind"]) == ("move", 2, "attack")
    assert out["provisionalCost"] == "2*"
    assert out["noHex"] is None
    assert out["card"] == "Play ASSAULT"
    assert out["option"] == "Choose: Retreat two hexes."
    assert out["unknown"] == "brand new XIX Corps amount 3"  # every action gets a label


def test_counter_values_follow_the_step(server: str, new_page: Any) -> None:
    page = new_page()
    page.goto(server + "/")
    corps = {
        "type": "infantry",
        "steps": [{"attack": 8, "defense": 8}, {"attack": 7, "defense": 7}],
        "movement": 4,
    }
    hq = {"type": "hq", "steps": [{"attack_shift": 2, "command_radius": 5, "command_strength": 12}]}
    gun = {"type": "artillery", "steps": [{"attack_fire": 4, "defence_fire": 3, "movement": 4}]}
    brigade = {
        "type": "infantry",
        "steps": [{"strength": 6, "movement": 5}, {"strength": 4, "movement": 4}],
    }
    out = run(
        page,
        "counters.js",
        f"""[
          m.valuesLine({corps}, {{steps_lost: 0}}),
          m.valuesLine({corps}, {{steps_lost: 1}}),
          m.valuesLine({hq}, {{}}),
          m.valuesLine({gun}, {{}}),
          m.valuesLine({brigade}, {{level: 1}}),
          m.inkOn("#ffffff"), m.inkOn("#101010"),
        ]""",
    )
    assert out == ["8-8-4", "7-7-4", "2-5-12", "4(3)-4", "4-4", "#111111", "#ffffff"]


# --- the supply overlay (supply.js) ----------------------------------------------------------

TANNENBERG_VIEW = {
    "system": "tannenberg",
    "units": [
        {"id": "A", "side": "german", "status": "on_map", "hex": "0101", "supply": "isolated"},
        {"id": "B", "side": "german", "status": "on_map", "hex": "0101", "supply": "out_of_supply"},
        {
            "id": "C",
            "side": "german",
            "status": "on_map",
            "hex": "0102",
            "supply": "fortification",
            "supply_from": "0103",
        },
        {"id": "D", "side": "german", "status": "on_map", "hex": "0103", "supply": "in_supply"},
        {"id": "E", "side": "russian", "status": "on_map", "hex": "0104"},
        {"id": "F", "side": "german", "status": "eliminated", "hex": None},
    ],
}
GWITE_VIEW = {
    "system": "gwite",
    "out_of_supply": ["X", "Y"],
    "units": [
        {"id": "X", "side": "allied", "status": "on_map", "hex": "0101", "markers": []},
        {
            "id": "Y",
            "side": "central",
            "status": "on_map",
            "hex": "0102",
            "markers": ["out_of_supply"],
        },
        {"id": "Z", "side": "central", "status": "on_map", "hex": "0103", "markers": []},
    ],
}


def test_the_supply_overlay_rings_each_state_of_the_view(server: str, new_page: Any) -> None:
    page = new_page()
    page.goto(server + "/")
    out = run(
        page,
        "supply.js",
        f"""(() => {{
          const tb = {json.dumps(TANNENBERG_VIEW)};
          const states = m.supplyStates(tb);
          const gw = {json.dumps(GWITE_VIEW)};
          const gwStates = m.supplyStates(gw);
          return {{
            states: Object.fromEntries(states),
            areas: m.supplyAreas(tb, states).map((a) => [a.state, a.hexes, a.cls]),
            marks: tb.units.map((u) => m.supplyMarks(u, states)),
            titles: tb.units.map((u) => m.supplyTitle(u)),
            summary: m.supplySummary(tb, states).map((s) => [s.state, s.units]),
            legend: m.supplyLegend("tannenberg").map((r) => [r.state, r.tag]),
            gwiteLegend: m.supplyLegend("gwite").map((r) => r.state),
            gwiteStates: Object.fromEntries(gwStates),
            gwiteAreas: m.supplyAreas(gw, gwStates).map((a) => a.hexes),
            gwiteMarks: gw.units.map((u) => m.supplyMarks(u, gwStates)),
          }};
        }})()""",
    )
    # only the units the view gives a state: the enemy's (E) and those off the map have none
    assert out["states"] == {
        "A": "isolated",
        "B": "out_of_supply",
        "C": "fortification",
        "D": "in_supply",
    }
    # a hex is ringed once, for its worst unit (A isolated over B out of supply); in supply
    # is not ringed
    assert [a[:2] for a in out["areas"]] == [
        ["isolated", ["0101"]],
        ["out_of_supply", []],
        ["fortification", ["0102"]],
    ]
    assert out["areas"][0][2] == "ov-supply ov-supply-isolated"
    assert out["marks"] == [["isolated"], ["out_of_supply"], ["fortification_supply"], [], [], []]
    assert out["titles"][2] == "in supply from a fortification only (0103)"
    assert out["titles"][3] == "in supply" and out["titles"][4] == ""
    assert out["summary"] == [
        ["isolated", ["A"]],
        ["out_of_supply", ["B"]],
        ["fortification", ["C"]],
    ]
    assert out["legend"] == [
        ["in_supply", None],
        ["fortification", "FS"],
        ["out_of_supply", "OS"],
        ["isolated", "IS"],
    ]
    # GWitE: the view's list of both sides' units out of supply (9.1); a unit already
    # carrying the marker gets no second tag
    assert out["gwiteLegend"] == ["in_supply", "out_of_supply"]
    assert out["gwiteStates"] == {"X": "out_of_supply", "Y": "out_of_supply"}
    assert out["gwiteAreas"] == [[], ["0101", "0102"], []]
    assert out["gwiteMarks"] == [["out_of_supply"], [], []]


def test_supply_states_show_on_counters_and_in_the_legend(server: str, new_page: Any) -> None:
    page = new_page()
    page.goto(server + "/")
    unit = TANNENBERG_VIEW["units"][0]
    counter = run(
        page,
        "counters.js",
        f"""(() => {{
          const g = m.drawCounter({json.dumps(unit)}, null, "#ffffff", 40, ["isolated"]);
          const chip = g.querySelector(".marker-isolated");
          return {{
            tag: chip && chip.querySelector("text").textContent,
            chipTitle: chip && chip.querySelector("title").textContent,
            title: g.querySelector("title").textContent,
          }};
        }})()""",
    )
    assert counter["tag"] == "IS"
    assert counter["chipTitle"] == "isolated: no supply line of any length"
    assert "isolated" in counter["title"]
    legend = run(
        page,
        "panels.js",
        """(() => {
          const box = m.legendPanel({terrain: [], hexsides: [], sides: [], system: "tannenberg"});
          return [...box.querySelectorAll("[data-supply-state]")].map((row) => [
            row.dataset.supplyState,
            row.querySelector("svg.legend-hex").getAttribute("class"),
            row.textContent,
          ]);
        })()""",
    )
    assert [row[0] for row in legend] == ["in_supply", "fortification", "out_of_supply", "isolated"]
    assert legend[3][1] == "legend-hex ov-supply ov-supply-isolated"
    assert legend[3][2].startswith("IS: isolated")


def test_the_panels_show_the_numbers_a_ruling_will_take(server: str, new_page: Any) -> None:
    # GWitE: 10.43 result modifiers are named in the odds breakdown; Tannenberg: the clash
    # as it stands before the die (artillery declared), a retreat attempt, and a shelling
    preview = {
        "attack": 12,
        "defence": 6,
        "ratio": "2:1",
        "column": "3:1",
        "modifiers": [{"why": "flanking", "value": 1, "case": "tannenberg 9.2.1"}],
        "losses_doubled": ["german"],
    }
    attempt = {
        "kind": "retreat_attempt",
        "column": "-1",
        "effectiveness": {"retreating": 2, "attacking": 3},
        "die_modifiers": [{"why": "the retreat crosses a river", "value": -1, "case": "9.8.4"}],
    }
    combat = {
        "targets": ["1005"],
        "attackers": [],
        "defenders": [],
        "result_modifiers": [
            {"force": "defender", "why": "beyond any HQ's radius", "value": 1, "case": "10.43"}
        ],
    }
    clash = {"current": {"n": 1, "focal": "A1 B1", "sides": {}, "preview": preview}}
    shelling = {"shelling": {"target": "A1 B1", "guns": [{"unit": "G-I-art"}], "preview": preview}}
    page = new_page()
    page.goto(server + "/")
    out = run(
        page,
        "panels.js",
        f"""{{
          combat: m.combatPanel({json.dumps(combat)}).textContent,
          clash: m.clashPanel({json.dumps(clash)}).textContent,
          attempt: m.clashNumbers({json.dumps(attempt)}).textContent,
          shelling: m.clashPanel({json.dumps(shelling)}).textContent,
        }}""",
    )
    assert "defender: beyond any HQ's radius +1 [10.43]" in out["combat"]
    assert "As it stands now" in out["clash"] and "12 : 6" in out["clash"]
    assert "column 3:1" in out["clash"] and "flanking +1 [tannenberg 9.2.1]" in out["clash"]
    assert "column -1" in out["attempt"] and "river -1 [9.8.4]" in out["attempt"]
    assert "Shelling of A1 B1" in out["shelling"] and "If you fire now" in out["shelling"]


def test_8_9_10_21_the_combat_panel_shows_the_stage_title_and_the_shifting_hqs_name(
    server: str, new_page: Any
) -> None:
    # the combat view as the server sends it (tests/rules/gwite/test_combat.py checks the
    # server's side): the panel shows the stage's title and the HQ's name, not the frame's
    # stage name nor the HQ's id
    combat = {
        "stage": "def_option",
        "stage_title": "the Defender chooses his option (8.9)",
        "targets": ["1005"],
        "attackers": [],
        "defenders": [],
        "odds": "2-1",
        "final_odds": "4-1",
        "column": "4-1",
        "shifts": [{"hq": "G-HQ-AOK", "name": "AOK Nord (army HQ)", "shift": 2, "case": "10.21"}],
    }
    page = new_page()
    page.goto(server + "/")
    out = run(
        page,
        "panels.js",
        f"""(() => {{
          const box = m.combatPanel({json.dumps(combat)});
          return {{ title: box.querySelector("h3").textContent, text: box.textContent }};
        }})()""",
    )
    assert out["title"] == "Attack on 1005 — the Defender chooses his option (8.9)"
    assert "AOK Nord (army HQ) +2 [10.21]" in out["text"]
    assert "G-HQ-AOK" not in out["text"] and "def_option" not in out["text"]


def test_16_1_a_masks_own_actions_are_about_the_mask_counter(server: str, new_page: Any) -> None:
    # taking back or lifting a mask names it by "mask": a click on the counter offers them
    # (game.js unitActions); putting a unit under a mask is about the unit
    page = new_page()
    page.goto(server + "/")
    out = run(
        page,
        "actions.js",
        """[
          m.actionUnit({type: "cancel_mask", mask: "mask-german-1"}),
          m.actionUnit({type: "lift_mask", mask: "mask-german-2"}),
          m.actionUnit({type: "mask", unit: "G-HQ-8A", mask: "mask-german-1"}),
          m.actionUnit({type: "empty_mask", hex: "A1 B1"}),
        ]""",
    )
    assert out == ["mask-german-1", "mask-german-2", "G-HQ-8A", None]


def _markers_seen(scenario: str, actions: int = 1500) -> set[str]:
    """The markers the rules put on units in the views of a random game."""
    import greatwar
    from greatwar.ai import RandomAgent, decide

    game = greatwar.load(scenario)
    st = game.new_state(1)
    agents = {r: RandomAgent(n) for n, r in enumerate(game.roles())}
    seen: set[str] = set()
    for n in range(actions):
        if st.is_over():
            break
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        if n % 10 == 0:
            seen.update(m for u in st.view(role)["units"] for m in u.get("markers", []))
        st.apply(role, decide(agents[role], st, role))
    return seen


def test_every_marker_a_game_shows_is_titled_in_words(server: str, new_page: Any) -> None:
    # a counter's marker chips and title (counters.js) name each marker the rules put on
    # units; one missing from the table was shown by its id ("moved_by_rail")
    markers: set[str] = set()
    for scenario in (
        "gwite/caporetto-teaching-tyrol",
        "gwite/hindenburg-teaching",
        "tannenberg/teaching",
    ):
        markers |= _markers_seen(scenario)
    assert {"moved_by_rail", "out_of_command", "march", "uncommanded"} <= markers
    page = new_page()
    page.goto(server + "/")
    known = set(run(page, "counters.js", "Object.keys(m.MARKER_TAGS)"))
    assert markers <= known, sorted(markers - known)
    titles = run(page, "counters.js", f"{json.dumps(sorted(markers))}.map((id) => m.markerTag(id))")
    for marker, (tag, title, _color) in zip(sorted(markers), titles, strict=True):
        assert "_" not in title and tag and len(tag) <= 2, (marker, tag, title)
    unknown = run(page, "counters.js", 'm.markerTag("some_new_marker")')
    assert unknown[1] == "some new marker"
