"""The computer's worker processes think behind the players: at a lower scheduling priority
than the server (os.nice), so that on a busy machine the players' requests are answered
first and the computer's moves wait (issue 20)."""

from __future__ import annotations

import os

import pytest

from greatwar.server.games import THINK_NICENESS, Thinkers


def niceness() -> int:
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no scheduling priorities here")
def test_the_workers_think_at_a_lower_priority_than_the_server() -> None:
    thinkers = Thinkers(1)
    try:
        in_worker = thinkers.pool().submit(niceness).result(timeout=120)
    finally:
        thinkers.close()
    assert in_worker == min(19, niceness() + THINK_NICENESS)
    assert niceness() < in_worker or niceness() == 19  # the server keeps its own priority
