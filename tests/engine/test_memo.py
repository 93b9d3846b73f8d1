"""State.memo with arguments, recall and remember (issue 18: memoised tables without a
closure on the hot path)."""

from __future__ import annotations

import greatwar
from greatwar.rules import pieces


def test_memo_builds_once_with_its_arguments_and_recall_finds_it() -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    calls: list[tuple[int, int]] = []

    def build(a: int, b: int) -> int:
        calls.append((a, b))
        return a + b

    assert st.recall(("sum", 2, 3)) is None
    assert st.memo(("sum", 2, 3), build, 2, 3) == 5
    assert st.memo(("sum", 2, 3), build, 2, 3) == 5
    assert calls == [(2, 3)]
    assert st.recall(("sum", 2, 3)) == 5
    st.remember(("sum", 2, 3), 7)
    assert st.memo(("sum", 2, 3), build, 2, 3) == 7


def test_tables_of_a_side_follow_its_units_only() -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    side, other = pieces.static(st).side_ids[:2]
    built: list[str] = []

    def table(s: object, which: str) -> tuple[str, ...]:
        built.append(which)
        return tuple(pieces.on_map(st, which))

    first = pieces.cached_of(st, "test-table", table, side)
    assert pieces.cached_of(st, "test-table", table, side) is first
    uid = next(u for u in pieces.static(st).units if pieces.info(st, u).side == other)
    pieces.set_note(st, uid, "test", 1)  # the other side changes: the table stands
    assert pieces.cached_of(st, "test-table", table, side) is first
    mine = next(u for u in pieces.static(st).units if pieces.info(st, u).side == side)
    pieces.set_status(st, mine, "eliminated")  # its own side changes: rebuilt
    assert mine not in pieces.cached_of(st, "test-table", table, side)
    assert built == [side, side]


def test_the_memo_keeps_two_generations_and_clear_empties_both() -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    built: list[str] = []

    def build(name: str) -> str:
        built.append(name)
        return name

    st.memo(("kept",), build, "kept")
    st.memo(("dropped",), build, "dropped")
    st._age_memo()  # the young generation becomes the old one
    assert st.memo(("kept",), build, "kept") == "kept"  # found in the old: moved back
    assert built == ["kept", "dropped"]
    st._age_memo()  # "dropped" was not read for a whole generation: gone
    assert st.recall(("dropped",)) is None
    assert st.memo(("kept",), build, "kept") == "kept"
    assert built == ["kept", "dropped"]
    st._cache.clear()  # rules that change a state outside an action empty both
    assert st.recall(("kept",)) is None


def test_a_kept_slot_outlives_the_generations_a_plain_entry_does() -> None:
    """A table kept in a slot (State.kept: updated from its last value, or built afresh
    when it is gone) is carried when the memo ages, in the state and in its clones, and
    emptied with the memo."""
    st = greatwar.load("gwite/teaching").new_state(1)
    built: list[int] = []

    def build(n: int) -> int:
        built.append(n)
        return n

    assert st.kept(("test-slot",), 1, build, 1) == 1
    st.memo(("plain",), build, 0)
    for _ in range(3):  # neither read for three generations
        st._age_memo()
    assert st.recall(("plain",)) is None
    assert st.kept(("test-slot",), 1, build, 1) == 1  # still kept: not built again
    assert st.kept(("test-slot",), 2, build, 2, update=lambda key, old: old + key) == 2
    assert built == [1, 0]  # updated from the last value, not built
    twin = st.clone()
    for _ in range(3):
        twin._age_memo()
    assert twin.kept(("test-slot",), 2, build, 2) == 2
    assert built == [1, 0]
    st._cache.clear()  # a state changed outside an action: every table built afresh
    st._age_memo()
    assert st.kept(("test-slot",), 2, build, 2) == 2
    assert built == [1, 0, 2]


def test_a_long_game_bounds_the_memo() -> None:
    from greatwar.engine.state import CACHE_LIMIT

    game = greatwar.load("gwite/teaching")
    st = game.new_state(3)
    for _ in range(300):
        if st.is_over():
            break
        role = st.active_roles()[0]
        st.apply(role, st.legal_actions(role)[-1])
        assert len(st._cache) + len(st._cache.old) <= 2 * (CACHE_LIMIT + 1) + 64


def _where(st: object) -> tuple[object, ...]:
    sides = pieces.static(st).side_ids  # type: ignore[arg-type]
    return (
        pieces.occupancy(st),  # type: ignore[arg-type]
        pieces.hex_side(st),  # type: ignore[arg-type]
        pieces.on_map(st),  # type: ignore[arg-type]
        *(pieces.on_map(st, s) for s in sides),  # type: ignore[arg-type]
    )


def test_where_the_units_stand_is_carried_across_changes_exactly() -> None:
    """Occupancy, hex sides and units on the map are updated as units move and carried
    over marker and note changes: they always equal the tables built afresh."""
    from greatwar.ai import RandomAgent, decide
    from greatwar.engine.state import State

    for scenario in ("gwite/teaching", "tannenberg/teaching"):
        game = greatwar.load(scenario)
        st = game.new_state(4)
        agents = {r: RandomAgent(5 + n) for n, r in enumerate(game.roles())}
        for _ in range(250):
            if st.is_over():
                break
            _where(st)  # memoised before the changes the next action makes
            assert _where(st) == _where(State(game, st.data))
            role = next(r for r in st.active_roles() if st.legal_actions(r))
            st.apply(role, decide(agents[role], st, role))
    st = greatwar.load("gwite/teaching").new_state(1)
    uid = next(u for u in pieces.on_map(st))
    other = next(
        u for u in pieces.on_map(st) if pieces.record(st, u)["hex"] != pieces.record(st, uid)["hex"]
    )
    _where(st)
    pieces.place(st, uid, pieces.record(st, other)["hex"])  # joins a stack
    assert _where(st) == _where(State(st.game, st.data))
    pieces.add_marker(st, uid, "test")
    assert _where(st) == _where(State(st.game, st.data))
    pieces.set_status(st, uid, "eliminated")
    assert _where(st) == _where(State(st.game, st.data))


def test_the_units_changed_since_a_count_are_noted_or_unknown() -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    side = pieces.static(st).side_ids[0]
    mine = [u for u in pieces.on_map(st, side)][:2]
    count = st.data["rev"][side]
    assert pieces.changed_since(st, side, count) == set()
    pieces.add_marker(st, mine[0], "test")
    pieces.place(st, mine[1], pieces.record(st, mine[1])["hex"])
    assert pieces.changed_since(st, side, count) == set(mine)
    st.data["rev"][side] += 1  # a count bumped by hand: not known unit by unit
    assert pieces.changed_since(st, side, count) is None


def test_the_roles_found_to_act_when_an_action_settles_are_those_asked_afresh() -> None:
    """The roles the settling of an action stopped for are kept as the state's active
    roles (the rules are not asked again at once): after every action of random games
    they equal those a fresh state (no memo) finds."""
    from greatwar.ai import RandomAgent, decide
    from greatwar.engine.state import State

    for scenario, options in (
        ("gwite/teaching", {}),
        ("tannenberg/teaching", {}),
        ("tannenberg/teaching", {"three_players": True}),
        ("gwite/hindenburg-teaching", {"hidden_movement": True}),
    ):
        game = greatwar.load(scenario, options)
        st = game.new_state(6)
        agents = {r: RandomAgent(7 + n) for n, r in enumerate(game.roles())}
        for _ in range(200):
            if st.is_over():
                break
            role = next(r for r in st.active_roles() if st.legal_actions(r))
            st.apply(role, decide(agents[role], st, role))
            if not st.is_over():
                assert st.recall(("active", st.version)) is not None  # kept when settling
            assert st.active_roles() == State(game, st.data).active_roles()


def test_a_content_key_tells_apart_what_differs_and_reads_back_what_it_keys() -> None:
    """content_key: the memo key of a part of a state's data (in place of its repr)."""
    import marshal

    from greatwar.engine.state import content_key

    frame = {"kind": "movement", "spent": {"U1": 2, "U2": 0}, "done": ["U3"], "extra": None}
    assert content_key(frame) == content_key({**frame})
    assert marshal.loads(content_key(frame)) == frame  # equal bytes, equal values
    values = [1, True, 1.0, "1", [1], (1,), {"a": 1}, {"a": True}, None, {"U1": 2, "U2": 1}]
    assert len({content_key(v) for v in values}) == len(values)
