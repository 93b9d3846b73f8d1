"""JSON out of the server, encoded in C (issue 20: a game's payload is tens of kB, and
encoding it with the standard library was a tenth of the server's time under load).

:func:`dumps` gives the same JSON document as ``json.dumps`` (compact, UTF-8); a value
orjson does not take (an integer beyond 64 bits, a set) goes through FastAPI's encoder
and the standard library instead, so nothing that was sent before fails now.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from fastapi.encoders import jsonable_encoder
from starlette.responses import JSONResponse

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(payload: Any) -> bytes:
    """``payload`` as compact UTF-8 JSON."""
    try:
        return orjson.dumps(payload, option=_OPTIONS)
    except TypeError:  # (orjson.JSONEncodeError is one)
        plain = jsonable_encoder(payload)
        return json.dumps(plain, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def dumps_text(payload: Any) -> str:
    """:func:`dumps` as text (a WebSocket text frame)."""
    return dumps(payload).decode("utf-8")


class FastJSONResponse(JSONResponse):
    """A JSON response encoded by :func:`dumps` (an endpoint returns one to skip FastAPI's
    own validation and encoding of a payload the service built)."""

    def render(self, content: Any) -> bytes:
        return dumps(content)
