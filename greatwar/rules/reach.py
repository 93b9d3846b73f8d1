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

    def paths(self) -> dict[str, list[str]]:
        """:meth:`path` to every hex reached (each a list of its own), walking each
        branch of the tree once."""
        prev = self.prev
        out: dict[str, list[str]] = {}
        for to in prev:
            chain: list[str] = []
            here = to
            while here in prev and here not in out:
                chain.append(here)
                here = prev[here]
            path = out.get(here, [])
            for hex_label in reversed(chain):
                path = [*path, hex_label]
                out[hex_label] = path
        return out
