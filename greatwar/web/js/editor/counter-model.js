// A counter of the counter sheet as the editor handles it: the file's fields (as in
// state.counters, i.e. schema.Counter) <-> what the sheet prints (the shape of
// state.map.counters[id], which counters.js draws).  Pure functions, no DOM.

/** Every per-step value a counter may print (schema.StepValues). */
export const STEP_FIELDS = [
  "attack",
  "defense",
  "strength",
  "barrage",
  "attack_fire",
  "defence_fire",
  "movement",
  "tcr",
  "effectiveness",
  "attack_shift",
  "combat_modifier",
  "command_radius",
  "command_strength",
  "combat_strength",
];

/** The counter-wide fields with their kind, in the order of the form. */
export const SCALAR_FIELDS = [
  ["name", "text"],
  ["side", "side"],
  ["nationality", "nationality"],
  ["type", "type"],
  ["size", "size"],
  ["superior", "text"],
  ["movement", "int"],
  ["tcr", "int"],
  ["effectiveness", "int"],
  ["stacking", "int"],
  ["corps", "text"],
  ["division", "text"],
  ["army", "text"],
  ["source", "text"],
];

/** Fields only Tannenberg counters use (affiliation, 13.2 and 14.1). */
export const TANNENBERG_FIELDS = new Set(["corps", "division", "army"]);

/** A step as a {field: value} object (a [attack, defense] pair is shorthand). */
export function stepObject(step) {
  if (Array.isArray(step)) return { attack: step[0], defense: step[1] };
  return { ...(step || {}) };
}

/** The per-step columns a counter's form shows: the usual ones of its system and type,
 * and every one its steps already use. */
export function stepColumns(system, type, steps) {
  const usual = defaultStepColumns(system, type);
  const used = new Set(steps.flatMap((s) => Object.keys(stepObject(s))));
  return STEP_FIELDS.filter((f) => usual.includes(f) || used.has(f));
}

function defaultStepColumns(system, type) {
  if (system === "tannenberg") {
    if (type === "hq") return ["command_radius", "combat_modifier"];
    if (type === "artillery") return ["strength", "attack_fire", "defence_fire", "effectiveness", "movement"];
    return ["strength", "effectiveness", "movement"];
  }
  if (type === "hq") return ["attack_shift", "command_radius", "command_strength", "combat_strength"];
  if (type === "artillery") return ["attack", "defense", "barrage"];
  return ["attack", "defense"];
}

/** The short designation printed on the face, from the id (as schema.Counter.designation):
 * "G-XVII" -> "XVII", "R-HQ-5A" -> "5A". */
export function designation(id) {
  let parts = String(id || "")
    .replaceAll("_", "-")
    .split("-")
    .filter((p) => p);
  const first = parts[0] || "";
  if (parts.length > 1 && first.length <= 3 && /^[A-Za-z]+$/.test(first) && first === first.toUpperCase()) {
    parts = parts.slice(1);
  }
  if (parts.length > 1 && parts[0].toUpperCase() === "HQ") parts = parts.slice(1);
  return parts.join("-") || String(id || "");
}

const present = (v) => v !== undefined && v !== null && v !== "";

/** What the sheet prints for a counter (state.map.counters[id]'s shape, for drawCounter). */
export function sheetEntry(id, fields) {
  const entry = {
    id,
    name: fields.name || id,
    side: fields.side,
    nationality: fields.nationality,
    type: fields.type,
    size: fields.size || "none",
    designation: designation(id),
    steps: (fields.steps || []).map(stepObject).map((s) => {
      const out = {};
      for (const f of STEP_FIELDS) if (present(s[f])) out[f] = s[f];
      return out;
    }),
  };
  for (const f of ["movement", "tcr", "effectiveness", "stacking", "corps", "division", "army", "superior"]) {
    if (present(fields[f])) entry[f] = fields[f];
  }
  if (fields.hq) entry.hq = { level: "army", heroic: false, activity: "", ...fields.hq };
  if (fields.stosstruppen) entry.stosstruppen = true;
  if (fields.arrive) entry.arrive = { entrained: false, ...fields.arrive };
  return entry;
}

/** The counter's fields without the page's bookkeeping ("file") and without id. */
export function counterFields(counter) {
  const { file: _file, id: _id, ...fields } = counter;
  return fields;
}

/** Steps written as the data files write them: a step left as it was keeps its written
 * form; a changed or new one is an [attack, defense] pair when that is all a GWitE step
 * holds, a table otherwise. */
export function writtenSteps(system, steps, original = []) {
  return steps.map((step, i) => {
    const before = original[i];
    if (before !== undefined && sameStep(stepObject(before), step)) return before;
    const keys = Object.keys(step);
    const pair = keys.length === 2 && keys.includes("attack") && keys.includes("defense");
    return system === "gwite" && pair ? [step.attack, step.defense] : step;
  });
}

function sameStep(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}

/** Where a counter enters: its set-up hex, "turn N at E" or "—". */
export function placement(counter) {
  if (present(counter.setup)) return counter.setup;
  if (counter.arrive) {
    const rail = counter.arrive.entrained ? " by rail" : "";
    return `turn ${counter.arrive.turn} at ${counter.arrive.entry}${rail}`;
  }
  return "—";
}

/** A fresh id like base, base-2, base-3 ... not among ids. */
export function freshId(base, ids) {
  const taken = new Set(ids);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
