"""The README's two example positions load on the FICTIONAL teaching maps, and the game
plays on from them with what they say."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import greatwar
from greatwar.rules.tannenberg import masking
from tests.rules.gwite.conftest import write_position as gwite_position
from tests.rules.tannenberg.conftest import write_position as tannenberg_position

README = Path(__file__).resolve().parents[2] / "README.md"


def examples() -> list[str]:
    """The TOML blocks of the README's section on positions."""
    text = README.read_text(encoding="utf-8")
    section = text.split("### Positions", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```toml\n(.*?)```", section, flags=re.S)


def with_example(path: Path, example: str) -> Any:
    """The scenario written at ``path`` with its position replaced by ``example``."""
    head = path.read_text(encoding="utf-8").split("[position]", 1)[0]
    path.write_text(head + example, encoding="utf-8")
    return greatwar.load(path).new_state(1)


def test_the_gwite_example_plays_on(tmp_path: Path) -> None:
    gwite_example, _ = examples()
    st = with_example(gwite_position(tmp_path, {}, only=False), gwite_example)
    units = st.data["units"]
    assert (units["G-I"]["lost"], units["G-I"]["markers"]) == (1, ["out_of_command"])
    assert units["R-3S"]["markers"] == ["retreated"]
    assert units["G-35R"]["off_map"]["mp"] == 4
    assert st.data["fortress_lost"] == {"0611": 2}
    # the Central Powers attack 1005: only the Guards defend there (8.66)
    st.apply("central", {"type": "declare", "target": "1005"})
    st.apply("central", {"type": "add_attacker", "unit": "G-I"})
    defenders = st.view("central")["combat"]["defenders"]
    assert [d.get("unit") for d in defenders] == ["R-1G"]


def test_the_tannenberg_example_plays_on(tmp_path: Path) -> None:
    _, tannenberg_example = examples()
    st = with_example(tannenberg_position(tmp_path, {}, only=False), tannenberg_example)
    units = st.data["units"]
    assert (units["G-1-1-I"]["level"], units["G-1-1-I"]["lost"]) == (1, 2)
    assert masking.mask_of(st, "R-1-25-III") == "mask-russian-1"
    assert st.data["initiative"] == "russian" and st.data["hindenburg_in"]
    assert units["G-HQ-8A"]["status"] == "replaced"
    assert st.active_roles() == ["russian"] and st.legal_actions("russian")
