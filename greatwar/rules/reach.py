"""The hexes a piece can reach: a shortest-path tree shared by every rule system's
movement (each system's search fills it in with its own costs)."""

from __future__ import annotations


class Reach:
    """Cost and previous hex of the cheapest path to each hex reached, and which hexes a
    provisional table value priced the path to."""

    __slots__ = ("cost", "prev", "provisional")

    def __init__(self) -> None:
        self.cost: dict[str, int] = {}
        self.prev: dict[str, str] = {}
        self.provisional: set[str] = set()

    def path(self, to: str) -> list[str]:
        """The hexes entered on the way to ``to`` (the start left out)."""
        prev = self.prev
        out: list[str] = []
        while to in prev:
            out.append(to)
            to = prev[to]
        out.reverse()
        return out
