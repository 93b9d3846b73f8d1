"""16.3 Cavalry reconnaissance (and the 16.2.7 sweep that opens the phase), on the
FICTIONAL teaching map.

The German 1/8 kaw. (effectiveness 5) scouts from A15 B18.  Distances are
max(|dA|, |dB|, |dA + dB|): A16 B18 is 1 away, A17 B17 2 (|dA + dB| = 1) and
A18 B18 3.  Lakes: A13 B17, A14 B17, A14 B16; the Schmalsee runs along the
hexsides east of A16 B11; the Vistula runs between columns A4 and A5, bridged
between A4 B16 and A5 B15.
"""

from __future__ import annotations

from greatwar.rules.tannenberg import masking, rail, reconnaissance
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.masking_kit import masked, unit_ids

SCOUT = "G-1-8-kaw"
POST = "A15 B18"
RECON = {"phase": "reconnaissance"}


def scouting(position, masks, **more):  # type: ignore[no-untyped-def]
    """The German scout in A15 B18 and Russian brigades under the given masks; a second
    scout beside it keeps the phase open after the first has reconnoitred."""
    units = {SCOUT: POST, "G-2-8-kaw": POST, **more}
    for hex_label, hidden in masks.values():
        units.update({uid: hex_label for uid in hidden})
    return masked(position, units, masks, **RECON)


def test_16_3_2_a_cavalry_unit_reconnoitres_two_hexes_away(position):  # type: ignore[no-untyped-def]
    masks = {
        "mask-russian-1": ("A16 B18", ["R-1-25-III"]),  # 1 away
        "mask-russian-2": ("A17 B17", ["R-2-25-III"]),  # 2 away
        "mask-russian-3": ("A18 B18", ["R-1-27-III"]),  # 3 away: too far
    }
    st = scouting(position, masks)
    assert reconnaissance.targets(st, SCOUT) == ["A16 B18", "A17 B17"]
    assert st.active_roles() == ["german"]
    offered = st.legal_actions("german")
    assert {"type": "reconnoitre", "unit": SCOUT, "hex": "A18 B18"} not in offered
    assert {"type": "reconnoitre", "unit": SCOUT, "hex": "A17 B17"} in offered


def test_16_3_2_the_line_may_not_cross_a_lake(position, refuse):  # type: ignore[no-untyped-def]
    # From A13 B16 the only shortest line to A15 B16 runs through the lake A14 B16;
    # from A15 B18 the line to A15 B16 runs through A15 B17 (clear).
    masks = {"mask-russian-1": ("A15 B16", ["R-1-25-III"])}
    st = masked(position, {SCOUT: "A13 B16", "R-1-25-III": "A15 B16"}, masks, **RECON)
    assert reconnaissance.targets(st, SCOUT) == []
    assert not reconnaissance.line_free(st, "A13 B16", "A15 B16")
    assert reconnaissance.line_free(st, "A15 B18", "A15 B16")


def test_16_3_2_a_lake_along_a_hexside_blocks_the_line(position, refuse):  # type: ignore[no-untyped-def]
    # The Schmalsee lies along A16 B11/A17 B11 and A16 B11/A17 B10: A17 B11 (1 away)
    # and A18 B10 (2 away, every shortest line crosses it) are hidden; A15 B11 is not.
    masks = {
        "mask-russian-1": ("A17 B11", ["R-1-25-III"]),
        "mask-russian-2": ("A18 B10", ["R-2-25-III"]),
        "mask-russian-3": ("A15 B11", ["R-1-27-III"]),
        "mask-russian-4": ("A20 B10", ["R-2-27-III"]),  # keeps the German scout asked
    }
    units = {SCOUT: "A16 B11", "G-2-8-kaw": "A19 B11"}
    for hex_label, hidden in masks.values():
        units.update({uid: hex_label for uid in hidden})
    st = masked(position, units, masks, **RECON)
    assert reconnaissance.targets(st, SCOUT) == ["A15 B11"]
    why = refuse(st, "german", {"type": "reconnoitre", "unit": SCOUT, "hex": "A18 B10"})
    assert why.case == "tannenberg 16.3.2"


def test_16_3_2_the_vistula_only_by_a_bridge(position, monkeypatch):  # type: ignore[no-untyped-def]
    # From A6 B15: A4 B16 over the bridge (by A5 B15); A4 B17 only across open river.
    masks = {
        "mask-russian-1": ("A4 B16", ["R-1-25-III"]),
        "mask-russian-2": ("A4 B17", ["R-2-25-III"]),
    }
    units = {SCOUT: "A6 B15", "R-1-25-III": "A4 B16", "R-2-25-III": "A4 B17"}
    st = masked(position, units, masks, **RECON)
    assert reconnaissance.targets(st, SCOUT) == ["A4 B16"]
    # a destroyed bridge (6.0) no longer carries the line
    monkeypatch.setattr(rail, "bridge_destroyed", lambda s, a, b: True)
    assert reconnaissance.targets(st, SCOUT) == []


def test_16_3_3_one_hex_a_phase_for_each_cavalry_unit(position, refuse, fixed_dice):  # type: ignore[no-untyped-def]
    masks = {
        "mask-russian-1": ("A16 B18", ["R-1-25-III"]),
        "mask-russian-2": ("A17 B17", ["R-2-25-III"]),
    }
    st = scouting(position, masks)
    fixed_dice(6)  # fails: 6 > 5
    st.apply("german", {"type": "reconnoitre", "unit": SCOUT, "hex": "A17 B17"})
    offered = st.legal_actions("german")
    assert not any(a.get("unit") == SCOUT for a in offered)
    assert any(a.get("unit") == "G-2-8-kaw" for a in offered)
    why = refuse(st, "german", {"type": "reconnoitre", "unit": SCOUT, "hex": "A16 B18"})
    assert why.case == "tannenberg 16.3.3"


def test_16_3_4_a_roll_not_above_effectiveness_reveals_every_mask_there(  # type: ignore[no-untyped-def]
    position, fixed_dice
):
    masks = {
        "mask-russian-1": ("A17 B17", ["R-1-25-III", "R-2-25-III"]),
        "mask-russian-2": ("A17 B17", []),
        "mask-russian-3": ("A16 B18", ["R-1-27-III"]),
    }
    st = scouting(position, masks)
    fixed_dice(5)  # 5 <= effectiveness 5: success
    st.apply("german", {"type": "reconnoitre", "unit": SCOUT, "hex": "A17 B17"})
    assert U.record(st, "mask-russian-1")["status"] == masking.CARD
    assert U.record(st, "mask-russian-2")["status"] == masking.CARD  # the empty one too
    assert masking.is_masked(st, "R-1-27-III")  # another hex: untouched
    assert {"R-1-25-III", "R-2-25-III"} <= unit_ids(st.view("german"))
    cases = [e.get("case") for e in st.view("german")["log"]]
    assert cases.count("tannenberg 16.3.1") == 2


def test_16_3_4_a_roll_above_effectiveness_fails(position, fixed_dice):  # type: ignore[no-untyped-def]
    masks = {"mask-russian-1": ("A17 B17", ["R-1-25-III"])}
    st = scouting(position, masks)
    fixed_dice(6)  # 6 > 5: failure
    st.apply("german", {"type": "reconnoitre", "unit": SCOUT, "hex": "A17 B17"})
    assert masking.is_masked(st, "R-1-25-III")
    assert any("fails" in e["text"] for e in st.view("russian")["log"])


def test_16_3_4_both_sides_reconnoitre_at_the_same_time(position):  # type: ignore[no-untyped-def]
    # The Russian 1/1G kaw. in A19 B16 sees the German mask in A17 B17 (2 away); the
    # German scout sees the Russian one in A16 B18.
    masks = {
        "mask-russian-1": ("A16 B18", ["R-1-25-III"]),
        "mask-german-1": ("A17 B17", ["G-1-1-I"]),
    }
    units = {SCOUT: POST, "R-1-25-III": "A16 B18", "G-1-1-I": "A17 B17", "R-1-1G-kaw": "A19 B16"}
    st = masked(position, units, masks, **RECON)
    assert st.active_roles() == ["german", "russian"]
    st.apply("russian", {"type": "end_phase"})
    assert st.active_roles() == ["german"]


def test_16_3_1_revealed_units_stand_in_the_masks_hex(position, fixed_dice):  # type: ignore[no-untyped-def]
    masks = {
        "mask-russian-1": ("A17 B17", ["R-1-25-III"]),
        "mask-russian-2": ("A16 B18", ["R-1-27-III"]),  # keeps the phase open
    }
    st = scouting(position, masks)
    fixed_dice(1)
    st.apply("german", {"type": "reconnoitre", "unit": SCOUT, "hex": "A17 B17"})
    assert U.record(st, "R-1-25-III")["hex"] == "A17 B17"
    assert not masking.is_masked(st, "R-1-25-III")
    assert masking.on_map_masks(st, "russian") == ["mask-russian-2"]
    assert not st.can_undo("german")  # the roll and the reveal are final


def test_16_3_2_a_masked_cavalry_unit_does_not_reconnoitre(position):  # type: ignore[no-untyped-def]
    masks = {
        "mask-german-1": (POST, [SCOUT]),
        "mask-russian-1": ("A17 B17", ["R-1-25-III"]),
    }
    units = {SCOUT: POST, "R-1-25-III": "A17 B17"}
    st = masked(position, units, masks, **RECON)
    assert reconnaissance.scouts(st, "german", []) == []
    # nobody could reconnoitre: the phase passed at once
    assert st.top()["kind"] != "reconnaissance_phase"
    assert "reconnoitre" not in str(st.record()["actions"])
