// The supply overlay: the supply state of each unit the seat's view gives one, drawn as
// rings around hexes, tags on counters, a legend and a list in the Units panel.
//
// The Great War in the East lists the units out of supply, of both sides
// (``view.out_of_supply``, 9.1).  Tannenberg gives each of the seat's own units its
// state (``unit.supply``, 15.0): in supply, in supply from a fortification only
// (15.1.2, with ``unit.supply_from`` its hex), out of supply (15.4), isolated (15.5.1);
// the enemy's units carry none.  Units in supply are not ringed.

/** Every state: its tag on a counter (none when in supply), words, and rule case. */
export const SUPPLY_STATES = {
  in_supply: { tag: null, title: "in supply", legend: "in supply: no ring", color: null },
  fortification: {
    tag: "FS",
    title: "in supply from a fortification only",
    legend: "supplied only by a fortification (at most two units each)",
    color: "#2f6fd0",
  },
  out_of_supply: { tag: "OS", title: "out of supply", legend: "out of supply", color: "#d35400" },
  isolated: {
    tag: "IS",
    title: "isolated: no supply line of any length",
    legend: "isolated: no line of any length (rolls for losses)",
    color: "#7b1e1e",
  },
};

/** The states ringed on the map, worst first: a hex shows the worst of its units'. */
export const RINGED = ["isolated", "out_of_supply", "fortification"];

/** The states each rule system's views give (the legend lists these). */
const SYSTEM_STATES = {
  gwite: ["in_supply", "out_of_supply"],
  tannenberg: ["in_supply", "fortification", "out_of_supply", "isolated"],
};

/** Whose units the overlay shows, in a rule system. */
export function supplyScope(system) {
  return system === "tannenberg"
    ? "Your own units only: the enemy's supply is not shown (15.0)."
    : "The units of both sides (9.1).";
}

/** The counter marker showing a state (``counters.js`` draws it as a tag). */
export function supplyMarker(state) {
  return state === "fortification" ? "fortification_supply" : state;
}

/** Marker tags for ``counters.js``: [tag, title, colour] by marker name. */
export const SUPPLY_MARKER_TAGS = Object.fromEntries(
  RINGED.map((s) => [supplyMarker(s), [SUPPLY_STATES[s].tag, SUPPLY_STATES[s].title, SUPPLY_STATES[s].color]]),
);

/** unit id -> supply state, for every unit the view gives a state. */
export function supplyStates(view) {
  const states = new Map();
  for (const u of view.units || []) if (u.supply) states.set(u.id, u.supply);
  for (const id of view.out_of_supply || []) states.set(id, "out_of_supply");
  return states;
}

/** The extra marker a counter shows for its state (none if in supply or already marked). */
export function supplyMarks(unit, states) {
  const state = states.get(unit.id);
  if (!state || !RINGED.includes(state)) return [];
  const marker = supplyMarker(state);
  return (unit.markers || []).includes(marker) ? [] : [marker];
}

/** The words a counter's tooltip gives its state ("" when the view gives none). */
export function supplyTitle(unit) {
  const known = SUPPLY_STATES[unit.supply];
  if (!known) return "";
  return unit.supply_from ? `${known.title} (${unit.supply_from})` : known.title;
}

/** The overlay's rings: one area per ringed state, each hex in its units' worst state. */
export function supplyAreas(view, states) {
  const worst = new Map();
  for (const u of view.units || []) {
    const rank = RINGED.indexOf(states.get(u.id));
    if (u.status !== "on_map" || !u.hex || rank < 0) continue;
    if (!worst.has(u.hex) || rank < worst.get(u.hex)) worst.set(u.hex, rank);
  }
  return RINGED.map((state, rank) => ({
    cls: `ov-supply ov-supply-${state}`,
    state,
    hexes: [...worst].filter(([, r]) => r === rank).map(([hex]) => hex),
  }));
}

/** The states not in supply with their units (view order), for the Units panel. */
export function supplySummary(view, states) {
  return RINGED.map((state) => ({
    state,
    title: SUPPLY_STATES[state].title,
    units: (view.units || []).filter((u) => states.get(u.id) === state).map((u) => u.id),
  })).filter((line) => line.units.length);
}

/** The legend's rows for a rule system: [{state, text, cls, tag}]. */
export function supplyLegend(system) {
  const shown = SYSTEM_STATES[system] || Object.keys(SUPPLY_STATES);
  return shown.map((state) => ({
    state,
    text: SUPPLY_STATES[state].legend,
    cls: `ov-supply ov-supply-${state}`,
    tag: SUPPLY_STATES[state].tag,
  }));
}
