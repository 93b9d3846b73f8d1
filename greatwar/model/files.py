"""Reading the project's data files: TOML text into plain data, and plain data into a
pydantic model, every problem with its file, line (where it can be found), field and
what was expected.  The model's loader (:mod:`greatwar.model.loader`) and the rule-case
index (:mod:`greatwar.model.cases`) both read files this way."""

from __future__ import annotations

import difflib
import tomllib
from importlib import resources
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from greatwar.model.problems import Problems, dotted

M = TypeVar("M", bound=BaseModel)

#: where the shipped data files live (maps, counters, tables, scenarios by system)
DATA_ROOT = Path(str(resources.files("greatwar") / "data"))


# --- reading files --------------------------------------------------------------


def read_toml(path: Path, problems: Problems) -> dict[str, Any] | None:
    """Parse a TOML file; a syntax error becomes a problem with its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        problems.add((), f"not UTF-8 text (byte {exc.start}): save the file as UTF-8")
        return None
    except OSError as exc:
        problems.add((), f"cannot read file: {exc.strerror or exc}")
        return None
    problems.text = text
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        message = str(exc)
        if line is None and "(at line " in message:
            try:
                line = int(message.split("(at line ")[1].split(",")[0])
            except (IndexError, ValueError):
                line = None
        if line is None:
            line = _error_start_line(text)
        problems.add((), f"not valid TOML: {message}", line)
        return None


def _error_start_line(text: str) -> int | None:
    """Line of the statement where a TOML error found only at the end of the text begins.

    An unterminated string or array makes ``tomllib`` report "at end of
    document".  Every text cut just before a statement that precedes the
    faulty one parses, and every text cut after it does not: a binary search
    over the statement lines finds it.
    """
    from greatwar.model.tomlpos import statement_lines

    lines = text.splitlines(keepends=True)
    starts = statement_lines(text)

    def parses_before(line: int) -> bool:
        try:
            tomllib.loads("".join(lines[: line - 1]))
        except tomllib.TOMLDecodeError:
            return False
        return True

    lo, hi = 0, len(starts) - 1
    found: int | None = None
    while lo <= hi:
        mid = (lo + hi) // 2
        if parses_before(starts[mid]):
            found = starts[mid]
            lo = mid + 1
        else:
            hi = mid - 1
    return found


#: the kinds of data file, each as messages name it, with the table that tells it
FILE_KINDS: dict[str, str] = {
    "scenario": "a scenario file ([scenario])",
    "map": "a map file ([map])",
    "counters": "a counter file ([[counter]])",
    "table": "a table (table = ...)",
    "cases": "a rule-case index ([book])",
}


def file_kind(data: dict[str, Any]) -> str | None:
    """The kind of data file (a key of :data:`FILE_KINDS`) its top-level tables tell, or
    None when they tell none."""
    for kind, key in (
        ("scenario", "scenario"),
        ("map", "map"),
        ("counters", "counter"),
        ("table", "table"),
        ("cases", "book"),
    ):
        if key in data:
            return kind
    return None


def check_model(
    model: type[M], data: dict[str, Any], problems: Problems, at: tuple[str | int, ...] = ()
) -> M | None:
    """Validate ``data`` against a pydantic model, turning each error into a problem.

    The errors pydantic gives for each member of a union (``move = [..]`` or
    ``"prohibited"``) become one problem for the field.  ``at`` is where ``data`` lies in
    its file (``("special",)``: a scenario's ``[special]`` table), put before each field.
    """
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        entries: list[tuple[tuple[Any, ...], str | None]] = []
        groups: dict[tuple[Any, ...], list[tuple[Any, tuple[Any, ...]]]] = {}
        for err in exc.errors():
            # drop pydantic's markers of validator functions and of dict keys
            loc = tuple(
                p
                for p in err["loc"]
                if not isinstance(p, str) or not (p.startswith("function-") or p == "[key]")
            )
            cut = _union_at(model, loc)
            if cut is None:
                entries.append((loc, _message(err, model, loc, data)))
                continue
            key = loc[:cut]
            if key not in groups:
                groups[key] = []
                entries.append((key, None))
            groups[key].append((err, loc[cut:]))
        for loc, message in entries:
            problems.add(
                (*at, *loc),
                message if message is not None else _union_message(groups[loc], data, loc),
            )
        return None


def _unwrap(ann: Any) -> Any:
    """Strip ``Annotated`` and ``X | None`` from a type annotation."""
    while True:
        origin = get_origin(ann)
        if origin is Annotated:
            ann = get_args(ann)[0]
            continue
        if origin in (Union, UnionType):
            members = [a for a in get_args(ann) if a is not type(None)]
            if len(members) == 1:
                ann = members[0]
                continue
        return ann


def _is_union(ann: Any) -> bool:
    return get_origin(ann) in (Union, UnionType)


def _annotation_at(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[Any, int | None]:
    """The annotation at ``loc`` and, if a union is met on the way, its position in ``loc``."""
    ann: Any = model
    for i, part in enumerate(loc):
        ann = _unwrap(ann)
        if _is_union(ann):
            return ann, i
        origin = get_origin(ann)
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            info = ann.model_fields.get(part) if isinstance(part, str) else None
            if info is None:
                return None, None
            ann = info.annotation
        elif origin in (list, tuple, set, frozenset):
            args = [a for a in get_args(ann) if a is not Ellipsis]
            ann = args[0] if args else Any
        elif origin is dict:
            ann = get_args(ann)[1]
        else:
            return None, None
    return _unwrap(ann), None


def _union_at(model: type[BaseModel], loc: tuple[Any, ...]) -> int | None:
    """Where in ``loc`` pydantic put the tag of a union member (``list[int]``), if anywhere."""
    return _annotation_at(model, loc)[1]


def _value_at(data: Any, loc: tuple[Any, ...]) -> tuple[bool, Any]:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return False, None
    return True, data


def _show(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _owner(data: Any, loc: tuple[Any, ...]) -> str:
    """``" (counter 'G-I')"`` when ``loc`` lies inside an array element that has an id or name."""
    found = ""
    node = data
    for i, part in enumerate(loc):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(part, int) and isinstance(node, dict) and i > 0:
            name = node.get("id", node.get("name"))
            if isinstance(name, str) and name and isinstance(loc[i - 1], str):
                found = f" ({loc[i - 1]} {name!r})"
    return found


def _expected(msg: str) -> str:
    for lead in ("Input should be ", "Value error, "):
        if msg.startswith(lead):
            return msg[len(lead) :]
    return msg[:1].lower() + msg[1:]


def _message(err: Any, model: type[BaseModel], loc: tuple[Any, ...], data: Any) -> str:
    kind = err["type"]
    owner = _owner(data, loc)
    if kind == "missing":
        return f"required field is missing{owner}"
    if kind == "extra_forbidden":
        parent, _ = _annotation_at(model, loc[:-1])
        name = loc[-1] if loc else ""
        hint = ""
        if isinstance(parent, type) and issubclass(parent, BaseModel):
            known = list(parent.model_fields)
            close = difflib.get_close_matches(str(name), known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "."
            hint += f" Known fields: {', '.join(known)}"
        return f"unknown field {name!r}{owner}{hint}"
    if kind == "literal_error":
        return f"got {_show(err.get('input'))}{owner}; expected {_expected(err['msg'])}"
    if kind == "value_error":
        return f"{_expected(err['msg'])}{owner}"
    return f"{err['msg']} (got {_show(err.get('input'))}){owner}"


def _union_message(errs: list[tuple[Any, tuple[Any, ...]]], data: Any, key: tuple[Any, ...]) -> str:
    """One message for the errors of every member of a union."""
    options: list[str] = []
    for err, tail in errs:
        text = _expected(err["msg"])
        inner = tail[1:]  # tail[0] is pydantic's tag of the member
        if inner:
            kind = str(tail[0]).split("[")[0]  # pydantic's tag of the member: list[int]
            text = f"a {kind} (item {dotted(inner)} should be {text})"
        if text not in options:
            options.append(text)
    found, value = _value_at(data, key)
    got = f"got {_show(value)}; " if found else ""
    return f"{got}expected {' or '.join(options)}{_owner(data, key)}"


def parse_file(path: Path, model: type[M]) -> tuple[M | None, Problems]:
    problems = Problems(path)
    data = read_toml(path, problems)
    if data is None:
        return None, problems
    return check_model(model, data, problems), problems


# --- scenario ids -----------------------------------------------------------------
