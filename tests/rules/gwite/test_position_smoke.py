"""The position fixture itself: a scenario can start mid-game with chosen units."""


def test_position_starts_mid_game_with_chosen_units(position) -> None:  # type: ignore[no-untyped-def]
    st = position({"R-XIX": "1008", "G-I": "0906"})
    assert st.data["units"]["R-XIX"]["hex"] == "1008"
    assert st.data["units"]["G-I"]["hex"] == "0906"
    assert st.data["units"]["R-V"]["status"] == "eliminated"
    assert st.active_roles() == ["allied"]
    assert st.top()["kind"] == "movement"
