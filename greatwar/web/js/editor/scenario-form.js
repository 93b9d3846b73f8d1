// The SCENARIO tab: every datum of the scenario file (state.scenario).  Scalars are
// inputs, the sides a small table, any other value an editable JSON snippet; each
// change is ONE "set" op on the scenario file.

import { el, field, select } from "./dom.js";

/** Keys of [scenario] that name the files or the rule system: shown, not edited here. */
const READ_ONLY = new Set(["id", "system", "map", "maps", "counters"]);
const LONG_TEXT = new Set(["description", "source"]);

/** The "set" op of one datum of the scenario file. */
export function setOp(path, value) {
  return { op: "set", file: "scenario", path, value };
}

export function initScenario(ctx, root) {
  let shownRevision = null;
  ctx.onState((state) => {
    // a re-render only when the data changed, so a field being typed in keeps its focus
    const key = JSON.stringify(state.scenario);
    if (key === shownRevision) return;
    shownRevision = key;
    root.replaceChildren(...scenarioSections(ctx, state.scenario || {}));
  });
}

function scenarioSections(ctx, data) {
  const sections = [];
  const info = data.scenario || {};
  sections.push(section("Scenario", tableForm(ctx, ["scenario"], info, { sides: data.side || [] })));
  if (Array.isArray(data.side)) sections.push(section("Sides", sidesTable(ctx, data.side)));
  for (const [key, value] of Object.entries(data)) {
    if (key === "scenario" || key === "side") continue;
    const body = isTable(value) ? tableForm(ctx, [key], value, {}) : snippet(ctx, [key], value);
    sections.push(section(`[${key}]`, body));
  }
  sections.push(section("Any other datum", anyDatum(ctx)));
  return sections;
}

function section(title, body) {
  return el("details", { className: "scenario-section", open: true }, el("summary", {}, title), body);
}

const isTable = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);

/** A table: its scalars as inputs, everything else as a JSON snippet. */
function tableForm(ctx, path, table, { sides }) {
  const node = el("div", { className: "form-grid table-form", dataset: { path: path.join(".") } });
  for (const [key, value] of Object.entries(table)) {
    const here = [...path, key];
    if (path.length === 1 && path[0] === "scenario" && READ_ONLY.has(key)) {
      node.append(field(key, el("code", { className: "read-only" }, JSON.stringify(value)), "names the files or the rule system"));
    } else if (key === "first_side" && sides.length) {
      node.append(field(key, scalarSelect(ctx, here, sides.map((s) => [s.id, s.name || s.id]), value)));
    } else if (isScalar(value)) {
      node.append(field(key, scalarInput(ctx, here, key, value)));
    } else {
      node.append(field(key, snippet(ctx, here, value)));
    }
  }
  return node;
}

function scalarSelect(ctx, path, options, value) {
  const input = select(options, value, { dataset: { path: path.join(".") } });
  input.addEventListener("change", () => ctx.apply([setOp(path, input.value)]));
  return input;
}

function scalarInput(ctx, path, key, value) {
  const data = { dataset: { path: path.join(".") } };
  let input;
  if (typeof value === "boolean") {
    input = el("input", { type: "checkbox", checked: value, ...data });
    input.addEventListener("change", () => ctx.apply([setOp(path, input.checked)]));
    return input;
  }
  if (typeof value === "number") input = el("input", { type: "number", step: "any", value, ...data });
  else if (LONG_TEXT.has(key) || String(value).length > 60) input = el("textarea", { rows: 3, value: value ?? "", ...data });
  else input = el("input", { type: "text", value: value ?? "", ...data });
  input.addEventListener("change", () => {
    const raw = input.value;
    const next = typeof value === "number" ? (raw.trim() === "" ? null : Number(raw)) : raw;
    ctx.apply([setOp(path, next)]).then((ok) => {
      if (!ok) input.value = value ?? ""; // refused: the field shows what the file holds
    });
  });
  return input;
}

/** The sides: name, nationalities, colour (ids are what counters name: not edited here). */
function sidesTable(ctx, sides) {
  const rows = sides.map((side, i) => {
    const name = el("input", { type: "text", value: side.name || "", dataset: { path: `side.${i}.name` } });
    name.addEventListener("change", () => ctx.apply([setOp(["side", i, "name"], name.value)]));
    const nats = el("input", { type: "text", value: (side.nationalities || []).join(", "), dataset: { path: `side.${i}.nationalities` } });
    nats.addEventListener("change", () => {
      const list = nats.value.split(",").map((n) => n.trim()).filter(Boolean);
      ctx.apply([setOp(["side", i, "nationalities"], list)]);
    });
    const color = el("input", { type: "color", value: side.color || "#888888", dataset: { path: `side.${i}.color` } });
    color.addEventListener("change", () => ctx.apply([setOp(["side", i, "color"], color.value)]));
    return el("tr", {}, el("td", {}, el("code", {}, side.id)), el("td", {}, name), el("td", {}, nats), el("td", {}, color));
  });
  return el(
    "table",
    { className: "sides-table" },
    el("thead", {}, el("tr", {}, ["id", "name", "nationalities", "colour"].map((h) => el("th", {}, h)))),
    el("tbody", {}, rows),
  );
}

/** A value that is no scalar: its JSON, edited as text, applied with a button. */
function snippet(ctx, path, value) {
  const text = el("textarea", { className: "snippet", rows: Math.min(12, JSON.stringify(value, null, 2).split("\n").length), value: JSON.stringify(value, null, 2), spellcheck: false, dataset: { path: path.join(".") } });
  const apply = el("button", { type: "button", className: "apply-snippet" }, "Apply");
  const note = el("small", { className: "snippet-error" });
  apply.addEventListener("click", async () => {
    let parsed;
    try {
      parsed = JSON.parse(text.value);
    } catch (err) {
      note.textContent = `not JSON: ${err.message}`;
      return;
    }
    note.textContent = "";
    await ctx.apply([setOp(path, parsed)]);
  });
  return el("div", { className: "snippet-box" }, text, apply, note);
}

/** Set (or, with an empty value, delete) any datum by its dotted path. */
function anyDatum(ctx) {
  const path = el("input", { type: "text", placeholder: "e.g. parameters.stacking_limit", className: "datum-path" });
  const value = el("input", { type: "text", placeholder: 'JSON value, e.g. 8 or "text"; empty deletes', className: "datum-value" });
  const apply = el("button", { type: "button", className: "apply-datum" }, "Set");
  const note = el("small", { className: "snippet-error" });
  apply.addEventListener("click", async () => {
    const keys = path.value.split(".").map((k) => k.trim()).filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    if (!keys.length) {
      note.textContent = "give the datum's path";
      return;
    }
    let parsed = null;
    if (value.value.trim()) {
      try {
        parsed = JSON.parse(value.value);
      } catch (err) {
        note.textContent = `not JSON: ${err.message}`;
        return;
      }
    }
    note.textContent = "";
    await ctx.apply([setOp(keys, parsed)]);
  });
  return el("div", { className: "form-grid" }, field("path", path), field("value", value), el("div", {}, apply, note));
}
