// The COUNTERS tab: the counter sheet as a table, a form for one counter with its
// face drawn as you type, add / duplicate / remove / rename, CSV export and import.
// Every save is ONE "counter" op (a rename and its new fields: one batch).

import { drawCounter, svg, valuesLine } from "../counters.js";
import {
  SCALAR_FIELDS,
  STEP_FIELDS,
  TANNENBERG_FIELDS,
  counterFields,
  freshId,
  placement,
  sheetEntry,
  stepColumns,
  stepObject,
  writtenSteps,
} from "./counter-model.js";
import { el, field, problemText, select } from "./dom.js";

const PREVIEW_SIZE = 96;
const ICON_SIZE = 30;

function sideColor(state, side) {
  const sides = (state.scenario && state.scenario.side) || [];
  const found = sides.find((s) => s.id === side);
  return (found && found.color) || "#888888";
}

/** A counter face as a standalone <svg> of side ``size``. */
export function counterPicture(state, id, fields, size) {
  const sheet = sheetEntry(id, fields);
  const picture = svg("svg", { width: size, height: size, viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`, class: "counter-picture" });
  picture.append(drawCounter({ id, side: fields.side, type: fields.type }, sheet, sideColor(state, fields.side), size - 2));
  return picture;
}

function stepsLine(id, fields) {
  const sheet = sheetEntry(id, fields);
  if (!sheet.steps.length) return "no steps";
  return sheet.steps.map((_, i) => valuesLine(sheet, { id, steps_lost: i })).join(" | ");
}

export function initCounters(ctx, root) {
  const view = { selected: null, draft: null, highlighted: new Set() };
  const toolbar = el("div", { className: "sheet-toolbar" });
  const tableWrap = el("div", { className: "counters-table-wrap" });
  const formWrap = el("div", { className: "counter-editor" });
  root.replaceChildren(toolbar, el("div", { className: "counters-body" }, tableWrap, formWrap));
  buildToolbar(ctx, view, toolbar);

  view.render = () => {
    renderTable(ctx, view, tableWrap);
    renderForm(ctx, view, formWrap);
  };
  view.select = (id) => {
    view.selected = id;
    view.draft = null;
    view.dirty = false;
    // the table stays (a double-click edits its cells): only the selection moves
    for (const row of tableWrap.querySelectorAll("tr[data-id]")) row.classList.toggle("selected", row.dataset.id === id);
    renderForm(ctx, view, formWrap);
  };
  view.startDraft = (id, fields) => {
    view.selected = null;
    view.draft = { id, fields };
    view.dirty = false;
    view.render();
  };

  let shownRevision = null;
  ctx.onState((state) => {
    // a new revision: the places of an older refusal or lack are no longer current
    if (state.project.revision !== shownRevision) view.highlighted = new Set();
    shownRevision = state.project.revision;
    if (view.selected && !findCounter(ctx.state, view.selected)) view.selected = null;
    renderTable(ctx, view, tableWrap);
    // a form being typed in is kept (another edit, e.g. on the map, must not wipe it)
    if (!view.keepForm && !view.dirty) renderForm(ctx, view, formWrap);
  });
  ctx.onHighlight((_hexes, counters) => {
    view.highlighted = new Set(counters);
    for (const row of tableWrap.querySelectorAll("tr[data-id]")) {
      row.classList.toggle("highlighted", view.highlighted.has(row.dataset.id));
    }
    const first = tableWrap.querySelector("tr.highlighted");
    if (first) first.scrollIntoView({ block: "nearest" });
  });
  return view;
}

function findCounter(state, id) {
  return (state.counters || []).find((c) => c.id === id) || null;
}

// --- toolbar: add, duplicate, remove, CSV -----------------------------------------------

function buildToolbar(ctx, view, toolbar) {
  const add = el("button", { type: "button", className: "add-counter", title: "a new counter (saved when you press Save)" }, "+ Add");
  add.addEventListener("click", () => view.startDraft(freshId("NEW", ids(ctx)), newCounterFields(ctx.state)));
  const duplicate = el("button", { type: "button", className: "duplicate-counter", title: "a copy of the selected counter under a new id" }, "Duplicate");
  duplicate.addEventListener("click", () => {
    const counter = view.selected && findCounter(ctx.state, view.selected);
    if (!counter) return ctx.showError("select a counter to duplicate");
    view.startDraft(freshId(`${counter.id}-copy`, ids(ctx)), structuredClone(counterFields(counter)));
  });
  const remove = el("button", { type: "button", className: "remove-counter", title: "remove the selected counter" }, "Remove");
  remove.addEventListener("click", async () => {
    if (!view.selected) return ctx.showError("select a counter to remove");
    await ctx.apply([{ op: "counter", id: view.selected, fields: null }]);
  });
  const filter = el("input", { type: "search", className: "counter-filter", placeholder: "filter…" });
  filter.addEventListener("input", () => {
    view.filter = filter.value.trim().toLowerCase();
    view.render();
  });
  const exportLink = el(
    "a",
    { className: "export-csv button", title: "the counter sheet as a spreadsheet", href: `/api/editor/projects/${ctx.id}/counters.csv`, download: `${ctx.id}-counters.csv` },
    "Export CSV",
  );
  const importInput = el("input", { type: "file", accept: ".csv,text/csv", className: "import-csv" });
  importInput.addEventListener("change", async () => {
    const file = importInput.files[0];
    if (file) await importCsv(ctx, await file.text());
    importInput.value = "";
  });
  const importLabel = el("label", { className: "button", title: "replace the counters by a spreadsheet's rows (all or nothing)" }, "Import CSV", importInput);
  toolbar.append(add, duplicate, remove, filter, exportLink, importLabel);
}

function ids(ctx) {
  return (ctx.state.counters || []).map((c) => c.id);
}

function newCounterFields(state) {
  const side = ((state.scenario && state.scenario.side) || [])[0] || { id: "", nationalities: [""] };
  return {
    name: "",
    side: side.id,
    nationality: (side.nationalities || [""])[0],
    type: "infantry",
    size: "division",
    steps: [],
  };
}

/** POST a CSV's text; the new state, or the refusal's row/column problems shown. */
export async function importCsv(ctx, text) {
  try {
    const state = await ctx.api("/counters.csv", { method: "POST", headers: { "Content-Type": "text/csv" }, body: text });
    ctx.showError(null);
    ctx.setState(state);
    return true;
  } catch (err) {
    const problems = (err.body && err.body.error && err.body.error.problems) || [];
    ctx.showError(`CSV refused, nothing changed: ${err.message}`, problems.map((p) => ({ ...p, message: problemText(p) })));
    return false;
  }
}

// --- the table ----------------------------------------------------------------------------

/** The table's columns: heading, and the counter's value it sorts by (none: not sortable). */
const COLUMNS = [
  ["", null],
  ["id", (c) => c.id],
  ["name", (c) => c.name || ""],
  ["side", (c) => c.side],
  ["nat.", (c) => c.nationality],
  ["type", (c) => c.type],
  ["size", (c) => c.size || "none"],
  ["values", null],
  ["set-up / arrival", (c) => placement(c)],
];

function sorted(counters, sort) {
  if (!sort) return counters;
  const key = COLUMNS[sort.column][1];
  const order = (a, b) => String(key(a)).localeCompare(String(key(b)), undefined, { numeric: true });
  return [...counters].sort((a, b) => sort.direction * order(a, b));
}

function heading(view, index, rerender) {
  const [label, key] = COLUMNS[index];
  if (!key) return el("th", {}, label);
  const sort = view.sort && view.sort.column === index ? view.sort : null;
  const th = el("th", { className: "sortable", title: "sort by this column", dataset: { column: label } }, label, sort ? (sort.direction > 0 ? " ▲" : " ▼") : "");
  th.addEventListener("click", () => {
    view.sort = { column: index, direction: sort ? -sort.direction : 1 };
    rerender();
  });
  return th;
}

function renderTable(ctx, view, wrap) {
  const state = ctx.state;
  const counters = sorted((state.counters || []).filter((c) => matches(c, view.filter)), view.sort);
  const body = el(
    "tbody",
    {},
    counters.map((c) => counterRow(ctx, view, c)),
  );
  const rerender = () => renderTable(ctx, view, wrap);
  const head = el("tr", {}, COLUMNS.map((_, i) => heading(view, i, rerender)));
  const table = el("table", { className: "counters-table" }, el("thead", {}, head), body);
  const count = el("p", { className: "counters-count" }, `${(state.counters || []).length} counters`);
  wrap.replaceChildren(count, table);
}

function matches(counter, filter) {
  if (!filter) return true;
  return [counter.id, counter.name, counter.side, counter.nationality, counter.type, counter.setup]
    .filter(Boolean)
    .some((v) => String(v).toLowerCase().includes(filter));
}

function counterRow(ctx, view, counter) {
  const fields = counterFields(counter);
  const row = el(
    "tr",
    { dataset: { id: counter.id }, className: [counter.id === view.selected ? "selected" : "", view.highlighted.has(counter.id) ? "highlighted" : ""].join(" ").trim() },
    el("td", { className: "icon" }, counterPicture(ctx.state, counter.id, fields, ICON_SIZE)),
    el("td", { className: "id" }, counter.id),
    editableCell(ctx, counter, "name", counter.name || ""),
    el("td", {}, counter.side),
    el("td", {}, counter.nationality),
    el("td", {}, counter.type),
    el("td", {}, counter.size || "none"),
    el("td", { className: "values" }, stepsLine(counter.id, fields)),
    editableCell(ctx, counter, "setup", placement(counter)),
  );
  row.addEventListener("click", (event) => {
    if (event.target.closest("input") || view.selected === counter.id) return;
    view.select(counter.id);
  });
  return row;
}

/** A cell edited in place (double-click): Enter or leaving it sends one counter op. */
function editableCell(ctx, counter, key, text) {
  const cell = el("td", { className: `cell-${key}`, title: "double-click to edit" }, text);
  cell.addEventListener("dblclick", () => {
    const input = el("input", { type: "text", value: key === "setup" ? counter.setup || "" : text, className: "cell-input" });
    cell.replaceChildren(input);
    input.focus();
    let done = false;
    const finish = async (save) => {
      if (done) return;
      done = true;
      const value = input.value.trim();
      if (!save || value === (key === "setup" ? counter.setup || "" : text)) {
        cell.replaceChildren(text);
        return;
      }
      const fields = counterFields(structuredClone(counter));
      if (value) fields[key] = value;
      else delete fields[key];
      if (key === "setup" && value) delete fields.arrive;
      if (!(await ctx.apply([{ op: "counter", id: counter.id, fields }]))) cell.replaceChildren(text);
    };
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") finish(true);
      if (event.key === "Escape") finish(false);
    });
    input.addEventListener("blur", () => finish(true));
  });
  return cell;
}

// --- the form -------------------------------------------------------------------------------

function renderForm(ctx, view, wrap) {
  const counter = view.selected && findCounter(ctx.state, view.selected);
  if (!counter && !view.draft) {
    wrap.replaceChildren(el("p", { className: "hint" }, "Select a counter in the table to edit it, or add one."));
    return;
  }
  const original = counter ? { id: counter.id, fields: counterFields(structuredClone(counter)), isNew: false } : { ...view.draft, isNew: true };
  wrap.replaceChildren(counterForm(ctx, view, original));
}

function counterForm(ctx, view, original) {
  const state = ctx.state;
  const system = state.project.system;
  const palette = state.palette || {};
  const sides = (state.scenario && state.scenario.side) || [];
  const f = original.fields;
  const form = el("form", { className: "counter-form", dataset: { counter: original.id } });
  const preview = el("div", { className: "counter-preview", title: "the counter as it will be printed" });
  const inputs = {};

  const idInput = el("input", { type: "text", value: original.id, required: true, dataset: { field: "id" } });
  const grid = el("div", { className: "form-grid" }, field("id", idInput, original.isNew ? "new counter" : "changing it renames"));
  for (const [key, kind] of SCALAR_FIELDS) {
    if (TANNENBERG_FIELDS.has(key) && system !== "tannenberg" && !f[key]) continue;
    const input = scalarInput(key, kind, f[key], { sides, palette });
    inputs[key] = input;
    grid.append(field(key, input));
  }
  const hq = hqInputs(f.hq);
  const stoss = el("input", { type: "checkbox", checked: Boolean(f.stosstruppen), dataset: { field: "stosstruppen" } });
  const extra = el("div", { className: "form-grid" }, field("Stosstruppen", stoss), ...hq.rows);
  const steps = stepsEditor(system, f, () => update());
  const letters = ((state.features && state.features.entry) || []).map((e) => e.letter).filter(Boolean);
  const place = placementInputs(f, [...new Set(letters)]);
  const fileSelect = original.isNew ? counterFileSelect(state) : null;
  const save = el("button", { type: "submit", className: "primary save-counter" }, original.isNew ? "Create" : "Save");
  const revert = el("button", { type: "button", className: "revert-counter" }, original.isNew ? "Discard" : "Revert");
  revert.addEventListener("click", () => (original.isNew ? view.select(null) : view.select(original.id)));

  form.append(
    ...[
    el("div", { className: "form-head" }, preview, el("h3", {}, original.isNew ? "New counter" : `Counter ${original.id}`)),
    grid,
    extra,
    steps.node,
    place.node,
    fileSelect ? field("counter file", fileSelect) : null,
    el("div", { className: "form-buttons" }, save, revert),
    ].filter(Boolean),
  );

  function readFields() {
    const out = structuredClone(original.fields);
    for (const [key, kind] of SCALAR_FIELDS) {
      if (!inputs[key]) continue;
      const raw = inputs[key].value.trim();
      if (raw === "") delete out[key];
      else out[key] = kind === "int" ? Number(raw) : raw;
    }
    if (out.type === "hq") out.hq = hq.read(out.hq);
    else delete out.hq;
    if (stoss.checked) out.stosstruppen = true;
    else delete out.stosstruppen;
    out.steps = writtenSteps(system, steps.read(), original.fields.steps || []);
    if (!out.steps.length) delete out.steps;
    place.write(out);
    return out;
  }

  let shownType = f.type;
  function update() {
    const type = inputs.type.value;
    for (const row of hq.rows) row.hidden = type !== "hq";
    if (type !== shownType) {
      shownType = type;
      steps.setType(type);
    }
    preview.replaceChildren(counterPicture(state, idInput.value.trim() || "?", readFields(), PREVIEW_SIZE));
  }

  form.addEventListener("input", () => {
    view.dirty = true;
    update();
  });
  form.addEventListener("change", update);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const id = idInput.value.trim();
    const fields = readFields();
    const ops = [];
    if (!original.isNew && id !== original.id) ops.push({ op: "counter", id: original.id, rename: id });
    const op = { op: "counter", id, fields };
    if (fileSelect && fileSelect.value) op.file = fileSelect.value;
    ops.push(op);
    view.keepForm = true; // a refusal keeps what was typed
    const ok = await ctx.apply(ops);
    view.keepForm = false;
    if (ok) view.select(id);
  });
  update();
  form.inputs = inputs;
  return form;
}

function scalarInput(key, kind, value, { sides, palette }) {
  const data = { dataset: { field: key } };
  if (kind === "side") return select(sides.map((s) => [s.id, s.name || s.id]), value, data);
  if (kind === "nationality") return select(palette.nationalities || [], value, data);
  if (kind === "type") return select(palette.unit_types || [], value, data);
  if (kind === "size") return select(palette.unit_sizes || [], value ?? "none", data);
  if (kind === "int") return el("input", { type: "number", step: 1, value: value ?? "", ...data });
  return el("input", { type: "text", value: value ?? "", ...data });
}

function hqInputs(hq) {
  const level = select(["army", "corps", "front", "other"], (hq && hq.level) || "army", { dataset: { field: "hq.level" } });
  const heroic = el("input", { type: "checkbox", checked: Boolean(hq && hq.heroic), dataset: { field: "hq.heroic" } });
  const activity = select([["", "—"], "A", "N", "B"], (hq && hq.activity) || "", { dataset: { field: "hq.activity" } });
  return {
    rows: [field("HQ level", level), field("heroic leader", heroic), field("HQ activity", activity, "Tannenberg: A, N or B")],
    read(old) {
      const out = { ...(old || {}), level: level.value };
      if (heroic.checked) out.heroic = true;
      else delete out.heroic;
      if (activity.value) out.activity = activity.value;
      else delete out.activity;
      return out;
    },
  };
}

/** The steps (GWitE) or levels (Tannenberg): one row each, one column per printed value. */
function stepsEditor(system, fields, changed) {
  let steps = (fields.steps || []).map(stepObject);
  let columns = stepColumns(system, fields.type, steps);
  const node = el("fieldset", { className: "steps-editor" });

  function readInputs() {
    for (const input of node.querySelectorAll("input[data-step]")) {
      const step = steps[Number(input.dataset.step)];
      const raw = input.value.trim();
      if (raw === "") delete step[input.dataset.key];
      else step[input.dataset.key] = Number(raw);
    }
  }
  function draw() {
    const head = el("tr", {}, el("th", {}, system === "tannenberg" ? "level" : "step"), columns.map((c) => el("th", {}, c.replace("_", " "))), el("th"));
    const rows = steps.map((step, i) => {
      const drop = el("button", { type: "button", className: "remove-step", title: "remove this step" }, "×");
      drop.addEventListener("click", () => {
        readInputs();
        steps.splice(i, 1);
        draw();
        changed();
      });
      return el(
        "tr",
        {},
        el("td", {}, String(i + 1)),
        columns.map((c) => el("td", {}, el("input", { type: "number", step: 1, value: step[c] ?? "", dataset: { step: i, key: c } }))),
        el("td", {}, drop),
      );
    });
    const addStep = el("button", { type: "button", className: "add-step" }, system === "tannenberg" ? "+ level" : "+ step");
    addStep.addEventListener("click", () => {
      readInputs();
      steps.push(steps.length ? { ...steps[steps.length - 1] } : {});
      draw();
      changed();
    });
    const addColumn = select([["", "+ value…"], ...STEP_FIELDS.filter((c) => !columns.includes(c))], "", { className: "add-column" });
    addColumn.addEventListener("change", () => {
      if (!addColumn.value) return;
      readInputs();
      columns = STEP_FIELDS.filter((c) => columns.includes(c) || c === addColumn.value);
      draw();
    });
    node.replaceChildren(
      el("legend", {}, system === "tannenberg" ? "Levels (front first)" : "Steps (full strength first)"),
      el("table", { className: "steps-table" }, el("thead", {}, head), el("tbody", {}, rows)),
      addStep,
      addColumn,
    );
  }
  draw();
  return {
    node,
    /** The usual columns of another unit type (values already typed are kept). */
    setType(type) {
      readInputs();
      columns = stepColumns(system, type, steps);
      draw();
    },
    read() {
      readInputs();
      return steps.map((s) => Object.fromEntries(STEP_FIELDS.filter((c) => s[c] !== undefined).map((c) => [c, s[c]])));
    },
  };
}

/** Set-up hex, or arrival (turn, entry, by rail), or neither (enters by a special rule). */
function placementInputs(fields, entryLetters) {
  const mode = fields.setup ? "setup" : fields.arrive ? "arrive" : "none";
  const name = `placement-${Math.random().toString(36).slice(2)}`;
  const radio = (value, label) => el("label", { className: "radio" }, el("input", { type: "radio", name, value, checked: mode === value, dataset: { field: `placement.${value}` } }), label);
  const setup = el("input", { type: "text", value: fields.setup || "", placeholder: "hex, e.g. 0712", dataset: { field: "setup" } });
  const arrive = fields.arrive || {};
  const turn = el("input", { type: "number", min: 1, step: 1, value: arrive.turn ?? "", dataset: { field: "arrive.turn" } });
  const letters = el("datalist", { id: `${name}-letters` }, entryLetters.map((l) => el("option", { value: l })));
  const entry = el("input", { type: "text", value: arrive.entry ?? "", placeholder: "letter or hex", list: `${name}-letters`, dataset: { field: "arrive.entry" } });
  const entrained = el("input", { type: "checkbox", checked: Boolean(arrive.entrained), dataset: { field: "arrive.entrained" } });
  const node = el(
    "fieldset",
    { className: "placement" },
    el("legend", {}, "Where it enters"),
    el("div", {}, radio("setup", "set up in hex"), setup),
    el("div", {}, radio("arrive", "arrives on turn"), turn, " at ", entry, letters, el("label", { className: "radio" }, entrained, "by rail")),
    el("div", {}, radio("none", "neither (a special rule brings it)")),
  );
  // typing in a field chooses its placement
  setup.addEventListener("input", () => (node.querySelector('input[value="setup"]').checked = true));
  for (const input of [turn, entry]) input.addEventListener("input", () => (node.querySelector('input[value="arrive"]').checked = true));
  return {
    node,
    write(out) {
      const chosen = node.querySelector(`input[name="${name}"]:checked`).value;
      delete out.setup;
      delete out.arrive;
      if (chosen === "setup" && setup.value.trim()) out.setup = setup.value.trim();
      if (chosen === "arrive") {
        out.arrive = { turn: Number(turn.value || 1), entry: entry.value.trim() || "?" };
        if (entrained.checked) out.arrive.entrained = true;
      }
    },
  };
}

function counterFileSelect(state) {
  const files = [...new Set((state.counters || []).map((c) => c.file).filter(Boolean))];
  return files.length > 1 ? select(files, files[0], { dataset: { field: "file" } }) : null;
}
