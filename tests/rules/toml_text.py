"""TOML text for the positions the rules tests write: values, with tables inline."""

from __future__ import annotations

import json
from typing import Any


def toml_value(value: Any) -> str:
    """A value as TOML text: strings, numbers and booleans as JSON writes them (which TOML
    reads alike), lists of values, and dicts as inline tables."""
    if isinstance(value, dict):
        inner = ", ".join(f"{toml_value(str(k))} = {toml_value(v)}" for k, v in value.items())
        return f"{{ {inner} }}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)
