"""Helpers of the browser tests."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """Call the server's JSON API (POST when there is a body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())
