"""The page's own modules, run in chromium: how legal actions become map gestures and labels,
and what a counter shows."""

from __future__ import annotations

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
