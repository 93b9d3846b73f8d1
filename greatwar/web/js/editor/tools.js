// The map tools: each turns clicks and strokes on hexes into ops of the contract, sent
// with ctx.apply (a stroke is one batch, one undo step), and draws its settings in the
// Map tab.  A tool: {id, settings(root), click(hex, point), strokeStart/Move/End,
// draw(layer, view), refresh()}.

import { svg } from "../counters.js";
import { adjacent, brushHexes, sameSide, sideAt, sideSegment } from "./geometry.js";

export const TOOLS = [
  { id: "pan", label: "Pan", title: "Pan and zoom" },
  { id: "terrain", label: "Terrain", title: "Terrain paint" },
  { id: "country", label: "Country", title: "Country paint" },
  { id: "hexside", label: "Hexside", title: "Hexside features" },
  { id: "rail", label: "Rail", title: "Rail lines" },
  { id: "road", label: "Road", title: "Roads" },
  { id: "place", label: "Places", title: "Places" },
  { id: "area", label: "Areas", title: "Areas (regions, trenches)" },
];

export const PLACE_KINDS = {
  city: { label: "City", op: "city", features: "city" },
  town: { label: "Town", op: "city", features: "city" },
  fortress: { label: "Fortress", op: "fortress", features: "fortress" },
  fortification: { label: "Fortification", op: "fortification", features: "fortification" },
  entry: { label: "Entry hex", op: "entry", features: "entry" },
  supply_source: { label: "Supply source", op: "supply_source", features: "supply_source" },
};

const SUPPLY_KINDS = ["map_edge", "rail_edge", "city", "depot", "other"];

// --- small DOM helpers ------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "value") node.value = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

function field(label, input) {
  return el("label", { class: "field" }, el("span", { text: label }), input);
}

function select(name, options, value) {
  const s = el("select", { name });
  for (const o of options) {
    const [v, text] = Array.isArray(o) ? o : [o, o];
    s.append(el("option", { value: v, text }));
  }
  if (value !== undefined) s.value = value;
  return s;
}

function input(name, value = "", attrs = {}) {
  return el("input", { name, value: String(value), ...attrs });
}

function hexesOfLine(state, kind, name) {
  const line = (state.features[kind] || []).find((l) => (l.name || "") === name);
  return line ? line.hexes : null;
}

// --- painting (terrain, country) ----------------------------------------------------------

function paintTool(map, id, { values, colorOf, op }) {
  const tool = {
    id,
    value: null,
    brush: 1,
    stroke: null,
    settings(root) {
      const list = values();
      if (tool.value === null && list.length) tool.value = list[0].id;
      const swatches = el("div", { class: "swatches", role: "radiogroup" });
      for (const v of list) {
        const b = el("button", {
          type: "button",
          class: "swatch",
          "data-value": v.id,
          title: v.name,
          "aria-pressed": String(v.id === tool.value),
        }, el("span", { class: "chip", style: `background:${v.color}` }), el("span", { text: v.name }));
        b.addEventListener("click", () => {
          tool.value = v.id;
          for (const o of swatches.children) o.setAttribute("aria-pressed", String(o === b));
        });
        swatches.append(b);
      }
      const brush = select("brush", [["1", "1 hex"], ["7", "7 hexes (a hex and its neighbours)"]], String(tool.brush));
      brush.addEventListener("change", () => (tool.brush = Number(brush.value)));
      root.append(swatches, field("Brush", brush), el("p", { class: "hint", text: "Click a hex, or drag to paint: one stroke is one undo step." }));
    },
    strokeStart(hex) {
      tool.stroke = new Set();
      tool.strokeMove(hex);
    },
    strokeMove(hex) {
      if (!tool.stroke || !hex) return;
      for (const h of brushHexes(map.hexes, hex, tool.brush)) {
        if (tool.stroke.has(h)) continue;
        tool.stroke.add(h);
        map.view.paintHex(h, colorOf(tool.value));
        map.view.layer("stroke").append(svg("polygon", { points: map.view.corners(h), class: "stroke-hex" }));
      }
    },
    async strokeEnd() {
      const hexes = [...(tool.stroke || [])];
      tool.stroke = null;
      map.view.layer("stroke").replaceChildren();
      if (!hexes.length || tool.value === null) return;
      if (await map.apply([{ op, hexes, value: tool.value }])) {
        map.say(`${hexes.length} hex${hexes.length > 1 ? "es" : ""} painted ${tool.value || "(none)"}`);
      }
    },
  };
  return tool;
}

const COUNTRY_COLORS = ["#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910", "#17a589", "#7f8c8d", "#a04000"];

function countryColor(state, country) {
  if (!country) return "#ffffff";
  const i = (state.palette.countries || []).indexOf(country);
  return COUNTRY_COLORS[(i < 0 ? 0 : i) % COUNTRY_COLORS.length];
}

function countryTool(map) {
  const tool = paintTool(map, "country", {
    values: () => [
      ...(map.state.palette.countries || []).map((c) => ({ id: c, name: c, color: countryColor(map.state, c) })),
      { id: "", name: "(none)", color: "#ffffff" },
    ],
    colorOf: (v) => countryColor(map.state, v),
    op: "country",
  });
  // while the country tool is chosen, every hex is tinted with its country
  tool.draw = (layer, view) => {
    const countries = map.state.features.countries || {};
    for (const [hex, country] of Object.entries(countries)) {
      if (!view.centre(hex)) continue;
      layer.append(svg("polygon", { points: view.corners(hex), class: "country-tint", fill: countryColor(map.state, country), "data-country": country }));
    }
  };
  return tool;
}

// --- hexsides -----------------------------------------------------------------------------

function hexsideTool(map) {
  const tool = {
    id: "hexside",
    kind: null,
    name: "",
    settings(root) {
      const kinds = map.state.palette.hexside || [];
      if (!tool.kind && kinds.length) tool.kind = kinds[0].id;
      const kind = select("hexside-kind", kinds.map((k) => [k.id, k.name]), tool.kind);
      const name = input("hexside-name", tool.name, { placeholder: "name (e.g. Sereth)" });
      kind.addEventListener("change", () => {
        tool.kind = kind.value;
        map.drawToolLayer();
      });
      name.addEventListener("input", () => (tool.name = name.value.trim()));
      root.append(field("Kind", kind), field("Name", name), el("p", { class: "hint", text: "Click near a hexside to add it or take it away: the side between the hex clicked and its neighbour nearest the click." }));
    },
    async click(hex, point) {
      const side = hex && sideAt(map.hexes, hex, point);
      if (!side) return;
      const existing = (map.state.features.hexside || []).find((f) => f.type === tool.kind && f.sides.some((s) => sameSide(s, side)));
      const op = existing
        ? { op: "hexside", sides: [existing.sides.find((s) => sameSide(s, side))], type: tool.kind, name: existing.name || "", on: false }
        : { op: "hexside", sides: [side], type: tool.kind, name: tool.name, on: true };
      if (await map.apply([op])) map.say(`${tool.kind} ${op.on ? "added at" : "removed from"} ${side}`);
    },
    draw(layer, view) {
      // the sides of the chosen kind, so the clicks' effect is plain to see
      for (const f of map.state.features.hexside || []) {
        if (f.type !== tool.kind) continue;
        for (const s of f.sides) {
          const seg = sideSegment(map.hexes, s, view.size);
          if (seg) layer.append(svg("line", { x1: seg[0].x, y1: seg[0].y, x2: seg[1].x, y2: seg[1].y, class: "side-mark", "data-side": s }));
        }
      }
    },
  };
  return tool;
}

// --- rail and road --------------------------------------------------------------------------

function lineTool(map, kind) {
  const tool = {
    id: kind,
    name: "",
    track: "single",
    mode: "extend",
    pending: null, // the first hex of a new line, before its second
    settings(root) {
      const lines = (map.state.features[kind] || []).map((l) => l.name || "");
      const name = input(`${kind}-name`, tool.name, { placeholder: "line name", list: `${kind}-names` });
      const names = el("datalist", { id: `${kind}-names` }, ...lines.map((n) => el("option", { value: n })));
      name.addEventListener("input", () => {
        tool.name = name.value.trim();
        tool.pending = null;
        map.drawToolLayer();
      });
      const mode = select(`${kind}-mode`, [["extend", "extend the line"], ["remove", "remove hexes"]], tool.mode);
      mode.addEventListener("change", () => (tool.mode = mode.value));
      root.append(field("Line", name), names);
      if (kind === "rail") {
        const track = select("rail-track", ["single", "double"], tool.track);
        track.addEventListener("change", () => (tool.track = track.value));
        root.append(field("Track", track));
      }
      const fresh = el("button", { type: "button", text: "New line" });
      fresh.addEventListener("click", () => {
        tool.pending = null;
        tool.name = "";
        name.value = "";
        name.focus();
        map.drawToolLayer();
      });
      root.append(field("Clicks", mode), fresh, el("p", { class: "hint", text: "The first click starts a line (or continues the named one from its end); each further click on the next hex extends it." }));
    },
    async click(hex) {
      if (!hex) return;
      const existing = hexesOfLine(map.state, kind, tool.name);
      const base = { op: "line", kind, name: tool.name, ...(kind === "rail" ? { track: tool.track } : {}) };
      if (tool.mode === "remove") {
        await map.apply([{ ...base, hexes: [hex], on: false }]);
        return;
      }
      if (existing) {
        if (hex === existing[existing.length - 1]) return;
        await map.apply([{ ...base, hexes: [hex], on: true }]);
        return;
      }
      if (!tool.pending || tool.pending === hex) {
        tool.pending = tool.pending === hex ? null : hex;
        map.say(tool.pending ? `${kind} starts at ${hex}: click the next hex` : "");
        map.drawToolLayer();
        return;
      }
      const start = tool.pending;
      if (await map.apply([{ ...base, hexes: [start, hex], on: true }])) {
        tool.pending = null;
        map.say(`${kind} ${tool.name || ""}: ${start}–${hex}`);
        map.drawToolLayer();
      }
    },
    draw(layer, view) {
      const hexes = hexesOfLine(map.state, kind, tool.name) || (tool.pending ? [tool.pending] : []);
      const pts = hexes.map((h) => view.centre(h)).filter(Boolean);
      if (pts.length > 1) layer.append(svg("polyline", { class: "line-mark", points: pts.map((p) => p.join(",")).join(" ") }));
      const end = hexes[hexes.length - 1];
      if (end && view.centre(end)) {
        const [x, y] = view.centre(end);
        layer.append(svg("circle", { cx: x, cy: y, r: view.size * 0.25, class: "line-end", "data-line-end": end }));
        for (const n of map.hexes[end].n || []) {
          if (adjacent(map.hexes, end, n)) layer.append(svg("polygon", { points: view.corners(n), class: "next-hex" }));
        }
      }
    },
  };
  return tool;
}

// --- places -------------------------------------------------------------------------------

function placeAt(state, kind, hex) {
  const list = state.features[PLACE_KINDS[kind].features] || [];
  return list.find((p) => p.hex === hex || (p.hexes || []).includes(hex)) || null;
}

function placeTool(map) {
  const tool = {
    id: "place",
    kind: "city",
    hex: null,
    form: null,
    settings(root) {
      const kind = select("place-kind", Object.entries(PLACE_KINDS).map(([k, v]) => [k, v.label]), tool.kind);
      kind.addEventListener("change", () => {
        tool.kind = kind.value;
        tool.hex = null;
        tool.renderForm();
        map.drawToolLayer();
      });
      tool.form = el("form", { class: "place-form" });
      tool.form.addEventListener("submit", (e) => {
        e.preventDefault();
        tool.save();
      });
      root.append(field("Kind", kind), tool.form, el("p", { class: "hint", text: "Click a hex: an empty one gets the place with these values, one that has it shows it here to edit or remove." }));
      tool.renderForm();
    },
    renderForm(values = {}) {
      const f = tool.form;
      if (!f) return;
      f.replaceChildren();
      const countries = map.state.palette.countries || [];
      const k = tool.kind;
      if (k === "city" || k === "town") {
        f.append(field("Name", input("name", values.name || "")), field("VP", input("vp", values.vp ?? 0, { type: "number", min: 0 })));
      } else if (k === "fortress") {
        const d = values.defense || [4, 2];
        f.append(field("Name", input("name", values.name || "")), field("Country", select("country", countries, values.country || countries[0])),
          field("Defence", input("defense0", d[0], { type: "number", min: 0 })), field("after 2 losses", input("defense1", d[1], { type: "number", min: 0 })));
      } else if (k === "fortification") {
        f.append(field("Name", input("name", values.name || "")), field("Country", select("country", countries, values.country || countries[0])),
          field("Garrison strength", input("strength", values.strength ?? 0, { type: "number", min: 0 })));
      } else if (k === "entry") {
        f.append(field("Letter", input("letter", values.letter || "A", { maxlength: 3 })));
      } else if (k === "supply_source") {
        f.append(field("Country", select("country", countries, values.country || countries[0])), field("Kind", select("supply-kind", SUPPLY_KINDS, values.kind || "map_edge")));
      }
      const where = el("p", { class: "place-hex", text: tool.hex ? `hex ${tool.hex}` : "no hex chosen" });
      const save = el("button", { type: "submit", text: "Save", disabled: !tool.hex });
      const remove = el("button", { type: "button", class: "remove", text: "Remove", disabled: !(tool.hex && placeAt(map.state, k, tool.hex)) });
      remove.addEventListener("click", () => tool.remove());
      f.append(where, save, remove);
    },
    fields() {
      const v = (n) => tool.form.elements[n].value;
      const num = (n) => Number(v(n));
      switch (tool.kind) {
        case "city":
        case "town":
          return { name: v("name").trim(), size: tool.kind, vp: num("vp") };
        case "fortress":
          return { name: v("name").trim(), country: v("country"), defense: [num("defense0"), num("defense1")] };
        case "fortification":
          return { name: v("name").trim(), country: v("country"), strength: num("strength") };
        case "entry":
          return { letter: v("letter").trim() };
        default:
          return { country: v("country"), kind: v("supply-kind") };
      }
    },
    async click(hex) {
      if (!hex) return;
      tool.hex = hex;
      const existing = placeAt(map.state, tool.kind, hex);
      if (existing) {
        if (existing.size && existing.size !== tool.kind && (tool.kind === "city" || tool.kind === "town")) {
          tool.kind = existing.size;
          map.renderSettings();
        }
        tool.renderForm(existing);
        map.say(`${PLACE_KINDS[tool.kind].label} at ${hex}: edit or remove it in the Map tab`);
        map.drawToolLayer();
        return;
      }
      await tool.save();
    },
    async save() {
      if (!tool.hex) return;
      const fields = tool.fields();
      const ok = await map.apply([{ op: "place", kind: PLACE_KINDS[tool.kind].op, hex: tool.hex, fields }]);
      if (ok) map.say(`${PLACE_KINDS[tool.kind].label} at ${tool.hex} saved`);
    },
    async remove() {
      if (!tool.hex) return;
      if (await map.apply([{ op: "place", kind: PLACE_KINDS[tool.kind].op, hex: tool.hex, fields: null }])) {
        map.say(`${PLACE_KINDS[tool.kind].label} at ${tool.hex} removed`);
      }
    },
    refresh() {
      if (!tool.form) return;
      const existing = tool.hex && placeAt(map.state, tool.kind, tool.hex);
      tool.renderForm(existing || tool.fields());
    },
    draw(layer, view) {
      if (tool.hex && view.centre(tool.hex)) layer.append(svg("polygon", { points: view.corners(tool.hex), class: "chosen-hex" }));
    },
  };
  return tool;
}

// --- areas --------------------------------------------------------------------------------

function areaTool(map) {
  const tool = {
    id: "area",
    kind: "region",
    name: "",
    settings(root) {
      const kind = select("area-kind", [["region", "region"], ["trench", "trench"]], tool.kind);
      const name = input("area-name", tool.name, { placeholder: "name", list: "area-names" });
      const names = el("datalist", { id: "area-names" });
      const fill = () => names.replaceChildren(...(map.state.features[tool.kind] || []).map((a) => el("option", { value: a.name || "" })));
      fill();
      kind.addEventListener("change", () => {
        tool.kind = kind.value;
        fill();
        map.drawToolLayer();
      });
      name.addEventListener("input", () => {
        tool.name = name.value.trim();
        map.drawToolLayer();
      });
      root.append(field("Kind", kind), field("Name", name), names, el("p", { class: "hint", text: "Click hexes to add them to the area or take them out." }));
    },
    area() {
      return (map.state.features[tool.kind] || []).find((a) => (a.name || "") === tool.name) || null;
    },
    async click(hex) {
      if (!hex) return;
      const area = tool.area();
      const on = !(area && area.hexes.includes(hex));
      if (await map.apply([{ op: "area", kind: tool.kind, name: tool.name, hexes: [hex], on }])) {
        map.say(`${hex} ${on ? "added to" : "taken out of"} ${tool.kind} ${tool.name}`);
      }
    },
    draw(layer, view) {
      const area = tool.area();
      for (const hex of area ? area.hexes : []) {
        if (view.centre(hex)) layer.append(svg("polygon", { points: view.corners(hex), class: "area-hex", "data-area-hex": hex }));
      }
    },
  };
  return tool;
}

/** Every tool of the map (``map``: the EditorMap of map.js). */
export function makeTools(map) {
  return {
    pan: { id: "pan", settings: (root) => root.append(el("p", { class: "hint", text: "Drag to move the map, the wheel to zoom. With any tool: Shift+drag or the right button pans." })) },
    terrain: paintTool(map, "terrain", {
      values: () => (map.state.palette.terrain || []),
      colorOf: (v) => ((map.state.palette.terrain || []).find((t) => t.id === v) || {}).color || "#cfcfcf",
      op: "terrain",
    }),
    country: countryTool(map),
    hexside: hexsideTool(map),
    rail: lineTool(map, "rail"),
    road: lineTool(map, "road"),
    place: placeTool(map),
    area: areaTool(map),
  };
}
