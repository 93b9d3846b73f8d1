"""Backups of a whole games database (``greatwar backup`` / ``greatwar restore``).

A backup is gzip-compressed JSON lines, the same for every storage backend:

* a first line ``{"format": "greatwar-backup", "version": 1, "created": <unix time>}``;
* one line per row of :meth:`greatwar.server.storage.Storage.dump`
  (``{"table": ..., "row": {...}}``), read in one transaction, so the backup is
  one moment of the database even while a server writes to it;
* a last line ``{"end": {"rows": <how many rows>}}``: a file without it, or with
  another count, was cut short and is refused.

The file is written beside its final name and renamed into place once whole.
A restore feeds the rows to :meth:`~greatwar.server.storage.Storage.load_dump`
as they are read, inside its one transaction: a file found truncated or corrupt
half-way raises :class:`BackupError` there, and nothing is stored.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from greatwar.server.storage import Storage

FORMAT = "greatwar-backup"
VERSION = 1


class BackupError(Exception):
    """A file that is not a whole backup (names the file and the line)."""


def write_backup(storage: Storage, path: Path) -> int:
    """Write every row of ``storage`` to ``path``: how many rows."""
    partial = path.with_name(path.name + ".partial")
    count = 0
    try:
        with gzip.open(partial, "wt", encoding="utf-8") as out:
            out.write(_line({"format": FORMAT, "version": VERSION, "created": time.time()}))
            for row in storage.dump():
                out.write(_line(row))
                count += 1
            out.write(_line({"end": {"rows": count}}))
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return count


def read_backup(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a backup file; BackupError (once the rows before it are given) for a
    file that is not a whole backup: not gzip, cut short, a line that is not JSON, a
    missing end line or one with another count of rows."""
    number = 0
    try:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for number, line in enumerate(lines, start=1):
                item = _item(path, number, line)
                if number == 1:
                    _check_header(path, item)
                elif "end" in item:
                    _check_end(path, item, rows=number - 2)
                    if next(lines, None) is not None:
                        raise BackupError(f"{path}, line {number + 1}: a line after the end")
                    return
                else:
                    yield item
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise BackupError(f"{path}, after line {number}: not a whole backup ({exc})") from None
    raise BackupError(f"{path} ends after line {number} without its end line: cut short")


def _line(item: dict[str, Any]) -> str:
    return json.dumps(item, separators=(",", ":"), ensure_ascii=False) + "\n"


def _item(path: Path, number: int, line: str) -> dict[str, Any]:
    """The JSON object on line ``number``."""
    try:
        item = json.loads(line)
    except json.JSONDecodeError as exc:
        raise BackupError(f"{path}, line {number}: not JSON ({exc})") from None
    if not isinstance(item, dict):
        raise BackupError(f"{path}, line {number}: not a JSON object")
    return item


def _check_header(path: Path, item: dict[str, Any]) -> None:
    if item.get("format") != FORMAT:
        raise BackupError(f"{path}, line 1: not a greatwar backup (no format {FORMAT!r})")
    if item.get("version") != VERSION:
        raise BackupError(f"{path}, line 1: backup version {item.get('version')!r}, not {VERSION}")


def _check_end(path: Path, item: dict[str, Any], rows: int) -> None:
    end = item["end"]
    if not isinstance(end, dict) or end.get("rows") != rows:
        said = end.get("rows") if isinstance(end, dict) else end
        raise BackupError(f"{path}: the end line counts {said!r} rows, the file holds {rows}")
