"""The editor's one error: an op, a batch or a project id refused, with its places."""

from __future__ import annotations

from typing import Any


class EditorError(Exception):
    """A refusal; ``problems`` are Problem dicts (message, case, file, line, field, hexes,
    counters) the page shows at their places.  Nothing was changed."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        super().__init__("; ".join(p["message"] for p in problems) or "refused")


def problem(
    message: str,
    *,
    file: str = "",
    field: str = "",
    hexes: list[str] | None = None,
    counters: list[str] | None = None,
    case: str | None = None,
    line: int | None = None,
) -> dict[str, Any]:
    """A Problem dict of the contract."""
    return {
        "message": message,
        "case": case,
        "file": file,
        "line": line,
        "field": field,
        "hexes": list(hexes or []),
        "counters": list(counters or []),
    }


def refuse(message: str, **kw: Any) -> EditorError:
    """An EditorError of one problem (``raise refuse(...)``)."""
    return EditorError([problem(message, **kw)])
