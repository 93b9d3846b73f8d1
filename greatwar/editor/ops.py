"""The editor's ops on a project's TOML documents (tomlkit: comments and layout survive).

A :class:`Batch` holds the texts of a project's files, parses the ones an op touches and
gives back the changed texts.  Each op is a function ``(batch, op) -> None`` that edits the
documents or raises :class:`EditorError` naming the place; the whole batch is then checked
by loading it (:mod:`greatwar.editor.project`).  Grids are rewritten one character a hex.
"""

from __future__ import annotations

import itertools
import json
import posixpath
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import tomlkit
from tomlkit.items import AoT, Array, InlineTable, String, StringType, Table
from tomlkit.toml_document import TOMLDocument

from greatwar import hexgrid
from greatwar.editor.errors import refuse
from greatwar.hexgrid import Hex
from greatwar.model.board import NO_HEX, UNKNOWN, numbering_of
from greatwar.model.files import DATA_ROOT
from greatwar.model.schema import MapInfo

Op = dict[str, Any]

#: characters a legend may take for a new terrain or country, after the id's own letters
SPARE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.~^*+=#%&@!$"
#: the characters the shipped maps give these terrains (so that a new map reads like them)
CONVENTIONAL_CHARS = {"clear": ".", "lake": "~", "sea": "w"}


@dataclass
class MapRef:
    """One map file of the project: its path, document, header and numbering."""

    batch: Batch
    rel: str
    info: MapInfo
    numbering: hexgrid.SpiNumbering | hexgrid.TannenbergNumbering

    @property
    def doc(self) -> TOMLDocument:
        return self.batch.doc(self.rel)

    def cell(self, h: Hex) -> tuple[int, int]:
        """Grid column and row of an axial hex (SPI offset column/row, Tannenberg A/B)."""
        if isinstance(self.numbering, hexgrid.SpiNumbering):
            return self.numbering.to_offset(h)
        return self.numbering.to_ab(h)


def terrain_ids(system: str) -> dict[str, str]:
    """Terrain id -> name of the system's chart."""
    with (DATA_ROOT / system / "terrain.toml").open("rb") as fh:
        chart = tomllib.load(fh)
    return {tid: t.get("name", tid) for tid, t in chart.get("terrain", {}).items()}


@dataclass
class Batch:
    """The project's texts while a batch of ops is applied to them."""

    texts: dict[str, str]
    scenario_rel: str
    #: parsed documents of ``texts`` kept from earlier batches (a document taken from it
    #: for editing leaves it)
    cache: dict[str, TOMLDocument] = field(default_factory=dict)
    docs: dict[str, TOMLDocument] = field(default_factory=dict)
    grids: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    _plain: dict[str, dict[str, Any]] = field(default_factory=dict)
    _maps: list[MapRef] | None = None

    # --- documents ----------------------------------------------------------------------

    def doc(self, rel: str) -> TOMLDocument:
        """The document of a file, to edit (parsed once, comments and layout kept)."""
        if rel not in self.docs:
            if rel not in self.texts:
                raise refuse(f"no file {rel!r} in the project", file=rel)
            cached = self.cache.pop(rel, None)
            self.docs[rel] = cached if cached is not None else tomlkit.parse(self.texts[rel])
        return self.docs[rel]

    def plain(self, rel: str) -> dict[str, Any]:
        """A file's data as the batch found it, to read (tomllib: fast)."""
        if rel not in self._plain:
            self._plain[rel] = tomllib.loads(self.texts[rel])
        return self._plain[rel]

    def valid_docs(self) -> dict[str, TOMLDocument]:
        """After :meth:`changed`: every parsed document, each equal to its new text."""
        return {**self.cache, **self.docs}

    def relative(self, ref: str) -> str:
        """A path the scenario names (``../maps/x.toml``) as a project path."""
        return posixpath.normpath(posixpath.join(posixpath.dirname(self.scenario_rel), ref))

    def info(self) -> dict[str, Any]:
        """The scenario file's ``[scenario]`` table."""
        return dict(self.plain(self.scenario_rel).get("scenario", {}))

    def system(self) -> str:
        return str(self.info().get("system", ""))

    def maps(self) -> list[MapRef]:
        if self._maps is None:
            info = self.info()
            names = [info["map"]] if info.get("map") else list(info.get("maps", []))
            self._maps = []
            for name in names:
                rel = self.relative(name)
                minfo = MapInfo.model_validate(self.plain(rel)["map"])
                self._maps.append(MapRef(self, rel, minfo, numbering_of(minfo)))
        return self._maps

    def relative_counter(self, name: str) -> str:
        """A counter file named as a project path or as the scenario names it."""
        return name if name in self.texts else self.relative(name)

    def counter_files(self) -> list[str]:
        return [self.relative(c) for c in self.info().get("counters", [])]

    def changed(self) -> dict[str, str]:
        """The texts of every document an op touched, grids written back."""
        for (rel, table), lines in self.grids.items():
            _write_grid(self.doc(rel)[table], "".join(lines))
        out = {rel: tomlkit.dumps(doc) for rel, doc in self.docs.items()}
        return {rel: text for rel, text in out.items() if text != self.texts[rel]}

    # --- hexes --------------------------------------------------------------------------

    def locate(self, label: str, prefix: str | None = None) -> tuple[MapRef, Hex]:
        """The map a printed label lies on and its axial hex, or refuse."""
        maps = self.maps()
        if prefix is not None and len(maps) > 1:
            maps = [m for m in maps if m.info.prefix == prefix] or maps
        for m in maps:
            if len(maps) == 1 or getattr(m.numbering, "matches", lambda _x: True)(label):
                try:
                    return m, m.numbering.parse(label)
                except ValueError as exc:
                    raise refuse(str(exc), file=m.rel, hexes=[label]) from exc
        prefixes = ", ".join(repr(m.info.prefix) for m in self.maps())
        raise refuse(f"hex {label!r} is on none of the maps (prefixes {prefixes})", hexes=[label])

    def adjacent(self, a: str, b: str, prefix: str | None = None) -> MapRef:
        """The map of two adjacent hexes, or refuse naming both."""
        ma, ha = self.locate(a, prefix)
        mb, hb = self.locate(b, prefix)
        if ma is not mb or hexgrid.distance(ha, hb) != 1:
            raise refuse(
                f"{a} and {b} are not adjacent, so share no hexside", file=ma.rel, hexes=[a, b]
            )
        return ma

    # --- grids --------------------------------------------------------------------------

    def grid_lines(self, m: MapRef, table: str) -> list[str]:
        key = (m.rel, table)
        if key not in self.grids:
            self.grids[key] = str(m.doc[table]["grid"]).splitlines(keepends=True)
        return self.grids[key]

    def paint(self, label: str, prefix: str | None, table: str, ch: str) -> None:
        """Write ``ch`` in ``table``'s grid at the hex ``label``."""
        m, h = self.locate(label, prefix)
        col, row = m.cell(h)
        lines = self.grid_lines(m, table)
        index = col - m.info.columns[0]
        for i, line in enumerate(lines):
            head, _, _rest = line.strip().partition(" ")
            if head.lstrip("-").isdigit() and int(head) == row:
                lines[i] = _set_char(line, index, ch, label, m.rel)
                return
        raise refuse(
            f"hex {label} is not on the map (no grid row {row})", file=m.rel, hexes=[label]
        )


def _set_char(line: str, index: int, ch: str, label: str, rel: str) -> str:
    """The grid line with its ``index``-th hex character replaced."""
    start = len(line) - len(line.lstrip())
    start = line.index(" ", start) if " " in line[start:] else len(line)
    seen = -1
    for pos in range(start, len(line)):
        if line[pos] in " \n\r":
            continue
        seen += 1
        if seen == index:
            if line[pos] == NO_HEX:
                raise refuse(f"there is no hex {label} ('-' in the grid)", file=rel, hexes=[label])
            return line[:pos] + ch + line[pos + 1 :]
    raise refuse(
        f"hex {label} is not on the map (its column is beyond the grid)", file=rel, hexes=[label]
    )


def _write_grid(table: Table, text: str) -> None:
    old = table["grid"]
    trivia = old.trivia if isinstance(old, String) else None
    raw = (
        text
        if not (isinstance(old, String) and old.as_string().startswith('"""\n'))
        else "\n" + text
    )
    table["grid"] = String(StringType.MLB, text, raw, trivia or tomlkit.string("").trivia)


def _legend_char(table: Any, value: str, upper: bool) -> str:
    """The character of ``value`` in the legend of ``table``, added when it has none (the
    legend rewritten in the shipped style: ``{ "." = "clear", "f" = "forest" }``)."""
    legend = table["legend"]
    ch = _free_char(legend, value, upper)
    if legend.get(ch) != value:
        pairs = [*((str(k), str(v)) for k, v in legend.items()), (ch, value)]
        inner = ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in pairs)
        fresh = tomlkit.parse(f"legend = {{ {inner} }}\n")["legend"]
        fresh.trivia.comment = legend.trivia.comment
        fresh.trivia.comment_ws = legend.trivia.comment_ws
        table["legend"] = fresh
    return ch


def _free_char(legend: Any, value: str, upper: bool) -> str:
    """The legend's character for ``value``, or the one it should get."""
    for ch, v in legend.items():
        if v == value:
            return str(ch)
    letters = value[:1].upper() if upper else value[:1].lower()
    if not upper:
        letters = CONVENTIONAL_CHARS.get(value, "") + letters
    for ch in letters + SPARE_CHARS:
        if ch not in legend and ch not in (UNKNOWN, NO_HEX):
            return ch
    raise refuse(f"the legend has no character left for {value!r}")


# --- conversions ----------------------------------------------------------------------------


def to_item(value: Any, top: bool = False) -> Any:
    """A JSON value as a tomlkit item: dicts inline below the top level."""
    if isinstance(value, dict):
        out: Table | InlineTable = tomlkit.table() if top else tomlkit.inline_table()
        for k, v in value.items():
            if v is not None:
                out[k] = to_item(v)
        return out
    if isinstance(value, list):
        arr = tomlkit.array()
        for v in value:
            arr.append(to_item(v))
        return arr
    return value


def _plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item


def update_table(table: Any, fields: dict[str, Any], replace: bool) -> None:
    """Set the keys of ``fields`` that differ (None deletes); ``replace`` also drops the keys
    ``fields`` does not name.  Unchanged keys keep their layout and comments."""
    for key, value in fields.items():
        if value is None:
            if key in table:
                del table[key]
        elif key not in table or _plain(table[key]) != value:
            table[key] = to_item(value)
    if replace:
        for key in [k for k in table if k not in fields]:
            del table[key]


def _aot(doc: Any, key: str) -> list[Any]:
    """The array of tables ``key`` of a document, created when missing."""
    if key not in doc:
        doc[key] = tomlkit.aot()
    return doc[key]  # type: ignore[no-any-return]


def _append(doc: Any, key: str, fields: dict[str, Any]) -> None:
    """Append a table to the array of tables ``key``, a blank line between tables."""
    items = _aot(doc, key)
    table = _new_table(fields)
    if len(items):
        last = items[-1]
        if last.as_string().endswith("\n\n"):
            table.add(tomlkit.nl())
        else:
            last.add(tomlkit.nl())
    items.append(table)


def _remove_at(doc: Any, key: str, index: int) -> None:
    items = doc[key]
    del items[index]
    if len(items) == 0:
        del doc[key]


def _new_table(fields: dict[str, Any]) -> Table:
    t = tomlkit.table()
    for k, v in fields.items():
        if v is not None:
            t[k] = to_item(v)
    return t


# --- the ops ------------------------------------------------------------------------------


def op_terrain(batch: Batch, op: Op) -> None:
    value = str(op.get("value", ""))
    hexes = [str(h) for h in op.get("hexes", [])]
    if value == "unknown":
        ch = UNKNOWN
    else:
        known = terrain_ids(batch.system())
        if value not in known:
            raise refuse(
                f"unknown terrain {value!r}; the {batch.system()} terrain chart has:"
                f" {', '.join(known)} (or 'unknown')",
                hexes=hexes,
            )
        ch = ""
    for label in hexes:
        m, _ = batch.locate(label, op.get("map"))
        this = ch or _legend_char(m.doc["terrain"], value, upper=False)
        batch.paint(label, op.get("map"), "terrain", this)


def op_country(batch: Batch, op: Op) -> None:
    value = str(op.get("value") or "")
    for label in [str(h) for h in op.get("hexes", [])]:
        m, _ = batch.locate(label, op.get("map"))
        if "countries" not in m.doc:
            _add_countries(batch, m)
        ch = _legend_char(m.doc["countries"], value, upper=True) if value else UNKNOWN
        batch.paint(label, op.get("map"), "countries", ch)


def _add_countries(batch: Batch, m: MapRef) -> None:
    """A ``[countries]`` grid of '?' with the terrain grid's rows and holes."""
    lines = []
    for line in str(m.doc["terrain"]["grid"]).splitlines(keepends=True):
        head, _, rest = line.strip().partition(" ")
        if head.lstrip("-").isdigit():
            cells = "".join(c if c == NO_HEX else UNKNOWN for c in rest.replace(" ", ""))
            lines.append(f"{head} {cells}\n")
        else:
            lines.append(line)
    table = tomlkit.table()
    table["legend"] = tomlkit.inline_table()
    table["grid"] = "x"
    _write_grid_fresh(table, "".join(lines))
    # after [terrain], before the features: rebuild the document's order
    items = list(m.doc.items())
    for key, _ in items:
        del m.doc[key]
    for key, value in items:
        m.doc[key] = value
        if key == "terrain":
            m.doc["countries"] = table


def _write_grid_fresh(table: Table, text: str) -> None:
    table["grid"] = String(StringType.MLB, text, "\n" + text, tomlkit.string("").trivia)


def op_hexside(batch: Batch, op: Op) -> None:
    kind, name, on = str(op.get("type", "")), str(op.get("name", "")), bool(op.get("on", True))
    sides = [str(s) for s in op.get("sides", [])]
    for text in sides:
        a, sep, b = text.partition("/")
        if not sep:
            raise refuse(f"{text!r}: a hexside is written as two hexes, '0712/0713'")
        m = batch.adjacent(a, b, op.get("map"))
        table_index = _find(
            m.doc.get("hexside", []),
            lambda t: t.get("type") == kind and str(t.get("name", "")) == name,
        )
        if table_index is None:
            if not on:
                continue
            fields: dict[str, Any] = {"type": kind, **({"name": name} if name else {}), "sides": []}
            _append(m.doc, "hexside", fields)
            table_index = len(m.doc["hexside"]) - 1
        entry = m.doc["hexside"][table_index]
        present = _side_index(m, entry["sides"], a, b)
        if on and present is None:
            entry["sides"].append(f"{a}/{b}")
        elif not on and present is not None:
            del entry["sides"][present]
            if len(entry["sides"]) == 0:
                _remove_at(m.doc, "hexside", table_index)


def _side_index(m: MapRef, sides: Array, a: str, b: str) -> int | None:
    want = {m.numbering.parse(a), m.numbering.parse(b)}
    for i, s in enumerate(sides):
        x, _, y = str(s).partition("/")
        try:
            if {m.numbering.parse(x), m.numbering.parse(y)} == want:
                return i
        except ValueError:
            continue
    return None


def _find(items: Iterable[Any], test: Callable[[Any], bool]) -> int | None:
    for i, item in enumerate(items):
        if test(item):
            return i
    return None


def op_line(batch: Batch, op: Op) -> None:
    kind = str(op.get("kind", ""))
    if kind not in ("rail", "road"):
        raise refuse(f"a line is 'rail' or 'road', not {kind!r}")
    name, on = str(op.get("name", "")), bool(op.get("on", True))
    hexes = [str(h) for h in op.get("hexes", [])]
    if not hexes:
        raise refuse(f"{kind} line {name}: no hexes given")
    m, _ = batch.locate(hexes[0], op.get("map"))
    index = _find(m.doc.get(kind, []), lambda t: str(t.get("name", "")) == name)
    old = [] if index is None else [str(h) for h in m.doc[kind][index]["hexes"]]
    if on:
        chain = old + hexes
        if len(chain) < 2:
            raise refuse(f"a new {kind} line needs at least two hexes", file=m.rel, hexes=hexes)
    else:
        drop = {m.numbering.parse(h) for h in hexes}
        chain = [h for h in old if m.numbering.parse(h) not in drop]
    for a, b in itertools.pairwise(chain):
        _, ha = batch.locate(a, op.get("map"))
        mb, hb = batch.locate(b, op.get("map"))
        if mb is not m or hexgrid.distance(ha, hb) != 1:
            raise refuse(
                f"{kind} line {name or '(unnamed)'}: {a} and {b} are not adjacent"
                " (a line is a chain of adjacent hexes: no gaps)",
                file=m.rel,
                field=kind,
                hexes=[a, b],
            )
    if index is None:
        if on:
            fields: dict[str, Any] = {"name": name} if name else {}
            if kind == "rail":
                fields["track"] = op.get("track") or "single"
            fields["hexes"] = chain
            _append(m.doc, kind, fields)
        return
    entry = m.doc[kind][index]
    if len(chain) < 2:
        _remove_at(m.doc, kind, index)
        return
    if chain != old:
        entry["hexes"] = to_item(chain)
    if kind == "rail" and op.get("track") and entry.get("track", "single") != op["track"]:
        entry["track"] = op["track"]


PLACE_TABLES = ("city", "fortress", "fortification", "supply_source", "entry")


def op_place(batch: Batch, op: Op) -> None:
    kind, label = str(op.get("kind", "")), str(op.get("hex", ""))
    if kind not in PLACE_TABLES:
        raise refuse(f"a place is one of {', '.join(PLACE_TABLES)}, not {kind!r}", hexes=[label])
    m, h = batch.locate(label, op.get("map"))
    fields = op.get("fields")

    def here(t: Any) -> bool:
        try:
            return "hex" in t and m.numbering.parse(str(t["hex"])) == h
        except ValueError:
            return False

    index = _find(m.doc.get(kind, []), here)
    if fields is None:
        if index is not None:
            _remove_at(m.doc, kind, index)
        return
    if not isinstance(fields, dict):
        raise refuse(f"{kind} at {label}: fields are a table", hexes=[label])
    if index is None:
        _append(m.doc, kind, {"hex": label, **fields})
    else:
        update_table(m.doc[kind][index], {k: v for k, v in fields.items() if k != "hex"}, False)


def op_area(batch: Batch, op: Op) -> None:
    kind, name, on = str(op.get("kind", "")), str(op.get("name", "")), bool(op.get("on", True))
    if kind not in ("region", "trench"):
        raise refuse(f"an area is 'region' or 'trench', not {kind!r}")
    hexes = [str(h) for h in op.get("hexes", [])]
    if not hexes:
        return
    m, _ = batch.locate(hexes[0], op.get("map"))
    for label in hexes:
        batch.locate(label, op.get("map"))
    index = _find(m.doc.get(kind, []), lambda t: str(t.get("name", "")) == name)
    if index is None:
        if on:
            fields: dict[str, Any] = {"name": name}
            if kind == "trench" and op.get("country"):
                fields["country"] = op["country"]
            fields["hexes"] = hexes
            _append(m.doc, kind, fields)
        return
    entry = m.doc[kind][index]
    old = [str(x) for x in entry.get("hexes", [])]
    if on:
        new = old + [x for x in hexes if x not in old]
    else:
        drop = {m.numbering.parse(x) for x in hexes}
        new = [x for x in old if m.numbering.parse(x) not in drop]
    if not new and kind == "trench":
        _remove_at(m.doc, kind, index)  # a trench line has at least one hex
    elif new != old:
        entry["hexes"] = to_item(new)


def _counter_at(batch: Batch, uid: str) -> tuple[str, int] | None:
    for rel in batch.counter_files():
        index = _find(batch.doc(rel).get("counter", []), lambda t: t.get("id") == uid)
        if index is not None:
            return rel, index
    return None


def op_counter(batch: Batch, op: Op) -> None:
    uid = str(op.get("id", ""))
    found = _counter_at(batch, uid)
    if "rename" in op:
        _rename_counter(batch, uid, str(op["rename"]), found)
        return
    fields = op.get("fields")
    if fields is None:
        if found is None:
            raise refuse(f"no counter {uid!r} to remove", counters=[uid])
        _remove_at(batch.doc(found[0]), "counter", found[1])
        return
    fields = dict(fields)
    target = fields.pop("file", None)
    fields = {"id": uid, **{k: v for k, v in fields.items() if k != "id"}}
    if found is not None and target is not None and batch.relative_counter(target) != found[0]:
        _remove_at(batch.doc(found[0]), "counter", found[1])
        found = None
    if found is None:
        files = batch.counter_files()
        rel = batch.relative_counter(target) if target else files[0]
        if rel not in files:
            raise refuse(f"{target!r} is not one of the scenario's counter files", counters=[uid])
        _append(batch.doc(rel), "counter", fields)
    else:
        update_table(batch.doc(found[0])["counter"][found[1]], fields, True)


def _rename_counter(batch: Batch, uid: str, new: str, found: tuple[str, int] | None) -> None:
    if found is None:
        raise refuse(f"no counter {uid!r} to rename", counters=[uid])
    if not new:
        raise refuse("a counter's new id is empty", counters=[uid])
    if _counter_at(batch, new) is not None:
        raise refuse(f"counter id {new!r} is already used", counters=[uid, new])
    batch.doc(found[0])["counter"][found[1]]["id"] = new
    for rel in batch.counter_files():  # the counters that name it as their superior
        for t in batch.doc(rel).get("counter", []):
            if t.get("superior") == uid:
                t["superior"] = new


def op_set(batch: Batch, op: Op) -> None:
    target = str(op.get("file", "scenario"))
    rel = batch.scenario_rel if target == "scenario" else target
    path = list(op.get("path", []))
    if not path:
        raise refuse("'set' needs a path (e.g. ['scenario', 'turns'])", file=rel)
    node: Any = batch.doc(rel)
    for i, key in enumerate(path[:-1]):
        if isinstance(key, int):
            if not isinstance(node, list) or not -len(node) <= key < len(node):
                raise refuse(f"{'.'.join(map(str, path[: i + 1]))}: no such item", file=rel)
            node = node[key]
            continue
        if key not in node:
            node[key] = (
                tomlkit.table()
                if isinstance(node, TOMLDocument | Table)
                else tomlkit.inline_table()
            )
        node = node[key]
    last, value = path[-1], op.get("value")
    top = isinstance(node, TOMLDocument)
    if value is None:
        if (
            isinstance(last, int) and isinstance(node, list) and -len(node) <= last < len(node)
        ) or (not isinstance(last, int) and last in node):
            del node[last]
        return
    if top and isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        node[last] = AoT([_new_table(v) for v in value])
        return
    if isinstance(node, list) and isinstance(last, int):
        if not -len(node) <= last < len(node):
            raise refuse(f"{'.'.join(map(str, path))}: no such item", file=rel)
        node[last] = to_item(value)
        return
    if isinstance(value, dict) and last in node and hasattr(node[last], "items"):
        update_table(node[last], value, True)
        return
    node[last] = to_item(value, top=top)


OPS: dict[str, Callable[[Batch, Op], None]] = {
    "terrain": op_terrain,
    "country": op_country,
    "hexside": op_hexside,
    "line": op_line,
    "place": op_place,
    "area": op_area,
    "counter": op_counter,
    "set": op_set,
}


def apply_op(batch: Batch, op: Op) -> None:
    """Apply one op to the batch's documents (or refuse, naming the op's places)."""
    kind = op.get("op") if isinstance(op, dict) else None
    if kind not in OPS:
        raise refuse(f"unknown op {kind!r}; the ops are {', '.join(OPS)}")
    OPS[str(kind)](batch, op)


def op_hexes(op: Op) -> list[str]:
    """The hexes an op names (its places, for a refusal that names none)."""
    out = [str(h) for h in op.get("hexes", []) or []]
    if op.get("hex"):
        out.append(str(op["hex"]))
    for s in op.get("sides", []) or []:
        out += str(s).split("/")
    return out


def op_counters(op: Op) -> list[str]:
    if op.get("op") != "counter":
        return []
    return [str(op.get("id", ""))] + ([str(op["rename"])] if op.get("rename") else [])
