// Counters drawn in the wargame convention: NATO unit-type symbol, size marks,
// designation, printed values of the current step, step losses and markers.

import { SUPPLY_MARKER_TAGS, supplyTitle } from "./supply.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

const SIZE_MARKS = {
  detachment: "I",
  battalion: "II",
  regiment: "III",
  brigade: "X",
  division: "XX",
  corps: "XXX",
  army: "XXXX",
  front: "XXXXX",
};

/** Short tags for the markers the rule systems put on units. */
export const MARKER_TAGS = {
  out_of_command: ["OC", "out of command", "#c0392b"],
  entrained: ["RR", "entrained (moving by rail)", "#2c3e50"],
  ...SUPPLY_MARKER_TAGS, // out of supply, isolated, supplied by a fortification only
  trench: ["T", "in trenches", "#6d4c1f"],
  trenches: ["T", "in trenches", "#6d4c1f"],
  march: ["M", "MARCH order", "#1e7b34"],
  stop: ["S", "STOP order", "#7b1e1e"],
  reserve: ["R", "in reserve", "#5b2c83"],
  masked: ["?", "masked", "#333333"],
  moved: ["→", "has moved", "#555555"],
  attacked: ["A", "has attacked", "#8e44ad"],
  disrupted: ["D", "disrupted", "#b7950b"],
  depleted: ["Dp", "depleted: attack and movement reduced by a quarter (hindenburg 16.31)", "#a04000"],
  depleted_army: ["DA", "its units are depleted this Game-Turn (hindenburg 16.31)", "#a04000"],
  moved_by_rail: ["RM", "moved by rail this Player-Turn (5.34)", "#2c3e50"],
  rail_exempt: ["RX", "arrived this turn: not counted against Rail Capacity (14.12)", "#2c3e50"],
  withdrawn: ["W", "withdrew into a friendly stack: adds no defense this Combat Phase (12.17)", "#555555"],
  hq_back: ["B", "army HQ on its back side after moving: command range reduced (tannenberg 13.2.9)", "#7b1e1e"],
  independent: ["I", "gained independence of command this stage (tannenberg 13.3.2)", "#1e7b34"],
  uncommanded: ["U", "its independent command roll failed this stage (tannenberg 13.3.2)", "#c0392b"],
  arrived: ["N", "arrived as a reinforcement this stage: commanded (tannenberg 17.2.7)", "#1e7b34"],
  reserve_used: ["Ru", "has made its reserve move this stage (tannenberg 4.5)", "#5b2c83"],
};

/** A marker's tag, title and colour: the table's, or its id in words (never the id). */
export function markerTag(m) {
  return MARKER_TAGS[m] || [m.slice(0, 2).toUpperCase(), m.replaceAll("_", " "), "#555"];
}

/** Create an SVG element with attributes (null values left out). */
export function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  }
  if (text !== null) node.textContent = text;
  return node;
}

/** Black or white ink, whichever reads better on a #rrggbb fill. */
export function inkOn(fill) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill || "");
  if (!m) return "#ffffff";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111111" : "#ffffff";
}

/** The step a unit shows: GWitE counts steps lost, Tannenberg its level. */
export function stepIndex(unit) {
  return unit.steps_lost ?? unit.level ?? 0;
}

function printed(sheet, unit) {
  const steps = (sheet && sheet.steps) || [];
  if (!steps.length) return {};
  return steps[Math.min(stepIndex(unit), steps.length - 1)] || {};
}

const v = (x) => (x === undefined || x === null ? "–" : String(x));

/** The bottom line of a counter: attack-defence-movement, or the HQ / artillery values. */
export function valuesLine(sheet, unit) {
  if (!sheet) return "";
  const step = printed(sheet, unit);
  const mv = step.movement ?? sheet.movement;
  if (sheet.type === "hq") {
    const hq = [step.attack_shift, step.command_radius, step.command_strength].filter(
      (x) => x !== undefined,
    );
    return hq.map(v).join("-");
  }
  if (step.attack_fire !== undefined) return `${v(step.attack_fire)}(${v(step.defence_fire)})-${v(mv)}`;
  if (step.attack !== undefined || step.defense !== undefined) {
    return `${v(step.attack)}-${v(step.defense)}-${v(mv)}`;
  }
  const strength = step.strength ?? step.combat_strength;
  return `${v(strength)}-${v(mv)}`;
}

/** What a counter's tooltip says: name, values, losses, markers. */
export function counterTitle(unit, sheet) {
  if (unit.type === "mask") {
    const hides = unit.hides ? ` hiding ${unit.hides.length ? unit.hides.join(", ") : "nothing"}` : "";
    return `${unit.name || "Masking counter"}${hides}`;
  }
  const parts = [`${unit.name || unit.id} (${unit.id})`];
  if (sheet) parts.push(valuesLine(sheet, unit));
  if (unit.steps_lost) parts.push(`${unit.steps_lost} step(s) lost`);
  if (unit.level) parts.push(`level ${unit.level + 1}`);
  if (unit.endurance_lost) parts.push(`${unit.endurance_lost} endurance lost`);
  if (unit.masked_by) parts.push(`under ${unit.masked_by}`);
  const supply = supplyTitle(unit);
  if (supply) parts.push(supply);
  for (const m of unit.markers || []) parts.push(markerTag(m)[1]);
  return parts.join(" · ");
}

function typeSymbol(kind, x, y, w, h, ink) {
  const g = svg("g", { class: "nato", stroke: ink, "stroke-width": 1.2, fill: "none" });
  g.append(svg("rect", { x, y, width: w, height: h }));
  const x1 = x + w;
  const y1 = y + h;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const cross = `M${x},${y}L${x1},${y1}M${x},${y1}L${x1},${y}`;
  if (kind === "infantry" || kind === "mountain_infantry") g.append(svg("path", { d: cross }));
  if (kind === "mountain_infantry") {
    g.append(svg("path", { d: `M${cx - 3},${y1}L${cx},${y1 - 4}L${cx + 3},${y1}Z`, fill: ink }));
  }
  if (kind === "cavalry" || kind === "armored_car") g.append(svg("path", { d: `M${x},${y1}L${x1},${y}` }));
  if (kind === "armored_car") g.append(svg("ellipse", { cx, cy, rx: w * 0.34, ry: h * 0.28 }));
  if (kind === "artillery") g.append(svg("circle", { cx, cy, r: h * 0.22, fill: ink }));
  if (kind === "naval_infantry") g.append(svg("path", { d: `M${cx},${y + 2}V${y1 - 2}M${cx - 3},${y1 - 4}Q${cx},${y1} ${cx + 3},${y1 - 4}` }));
  const letters = { hq: "HQ", supply_depot: "S", supply_train: "ST", monitor: "M" }[kind];
  if (letters) {
    g.append(
      svg("text", { x: cx, y: cy + h * 0.27, "font-size": h * 0.7, fill: ink, stroke: "none", "text-anchor": "middle", "font-weight": "bold" }, letters),
    );
  }
  if (kind === "hq") g.append(svg("path", { d: `M${x},${y1}v${h * 0.6}` }));
  return g;
}

function sizeMark(sheet) {
  if (!sheet) return "";
  if (sheet.size && SIZE_MARKS[sheet.size]) return SIZE_MARKS[sheet.size];
  if (sheet.hq && SIZE_MARKS[sheet.hq.level]) return SIZE_MARKS[sheet.hq.level];
  return "";
}

function shortName(sheet, unit) {
  const text = (sheet && sheet.designation) || unit.id;
  return text.length > 8 ? `${text.slice(0, 7)}…` : text;
}

function markerBadges(unit, c, extra) {
  const g = svg("g", { class: "markers" });
  const markers = [...(unit.markers || []), ...extra];
  // marker chips hang from the counter's right edge, top down
  const w = c / 2.6;
  const h = c / 3.6;
  markers.slice(0, 3).forEach((m, i) => {
    const [tag, title, color] = markerTag(m);
    const b = svg("g", { class: `marker marker-${m}`, transform: `translate(${c / 2 - w / 3},${-c / 2 + i * (h + 1)})` });
    b.append(svg("title", {}, title));
    b.append(svg("rect", { width: w, height: h, rx: 1.5, fill: color, stroke: "#fff", "stroke-width": 0.6 }));
    b.append(svg("text", { x: w / 2, y: h * 0.78, "font-size": h * 0.8, fill: "#fff", "text-anchor": "middle", "font-weight": "bold" }, tag));
    g.append(b);
  });
  return g;
}

function lossBadge(unit, c) {
  const lost = unit.steps_lost || 0;
  const endurance = unit.endurance_lost || 0;
  if (!lost && !endurance && !unit.level) return null;
  const g = svg("g", { class: "loss" });
  const text = lost ? String(lost) : endurance ? `-${endurance}` : "↓";
  g.append(svg("rect", { x: -c / 2 + 1.5, y: -c / 2 + 1.5, width: c / 3.6, height: c / 4, rx: 1.5, fill: "#d62020", stroke: "#fff", "stroke-width": 0.6 }));
  g.append(svg("text", { x: -c / 2 + 1.5 + c / 7.2, y: -c / 2 + 1.5 + c / 5.2, "font-size": c / 5, fill: "#fff", "text-anchor": "middle", "font-weight": "bold" }, text));
  return g;
}

function maskFace(unit, c, fill, ink) {
  const g = svg("g", { class: "mask-face" });
  g.append(svg("rect", { x: -c / 2 + 3, y: -c / 2 + 3, width: c - 6, height: c - 6, rx: 2, fill: "none", stroke: ink, "stroke-dasharray": "2 2" }));
  g.append(svg("text", { x: 0, y: c * 0.17, "font-size": c * 0.55, fill: ink, "text-anchor": "middle", "font-weight": "bold" }, "?"));
  // own masks show their number; an enemy mask only its anonymous handle's count (a
  // Gruppe marker its label: its box for its owner, "Gruppe" for the enemy)
  const label = unit.label || `mask ${String(unit.id).split("-").pop()}`;
  g.append(svg("text", { x: 0, y: c * 0.43, "font-size": c / 6, fill: ink, "text-anchor": "middle" }, label));
  return g;
}

/**
 * One counter as an SVG group centred on (0, 0), side ``c``.
 * ``unit`` is the view's entry, ``sheet`` the counter sheet's, ``fill`` the side colour.
 */
export function drawCounter(unit, sheet, fill, c, extraMarkers = []) {
  const ink = inkOn(fill);
  const g = svg("g", { class: `ctr side-${unit.side}`, "data-unit": unit.id });
  g.append(svg("title", {}, counterTitle(unit, sheet)));
  g.append(svg("rect", { class: "face", x: -c / 2, y: -c / 2, width: c, height: c, rx: 2.5, fill, stroke: "#111", "stroke-width": 1 }));
  if (unit.type === "mask") {
    g.classList.add("mask");
    g.append(maskFace(unit, c, fill, ink));
    g.append(markerBadges(unit, c, extraMarkers));
    return g;
  }
  const kind = (sheet && sheet.type) || unit.type || "infantry";
  g.append(typeSymbol(kind, -c * 0.27, -c * 0.22, c * 0.54, c * 0.3, ink));
  const mark = sizeMark(sheet);
  if (mark) g.append(svg("text", { x: 0, y: -c * 0.27, "font-size": c * 0.17, fill: ink, "text-anchor": "middle", "font-weight": "bold", class: "size" }, mark));
  g.append(svg("text", { x: 0, y: c * 0.22, "font-size": c * 0.17, fill: ink, "text-anchor": "middle", class: "desig" }, shortName(sheet, unit)));
  const values = valuesLine(sheet, unit);
  const font = Math.min(c * 0.23, (c * 0.95) / Math.max(1, 0.6 * values.length));
  g.append(svg("text", { x: 0, y: c * 0.45, "font-size": font, fill: ink, "text-anchor": "middle", "font-weight": "bold", class: "values" }, values));
  const step = printed(sheet, unit);
  if (step.effectiveness !== undefined) {
    g.append(svg("text", { x: c * 0.4, y: -c * 0.3, "font-size": c * 0.15, fill: ink, "text-anchor": "middle", class: "eff" }, String(step.effectiveness)));
  }
  if (sheet && sheet.tcr) {
    g.append(svg("text", { x: -c * 0.4, y: -c * 0.3, "font-size": c * 0.15, fill: ink, "text-anchor": "middle", class: "tcr" }, String(sheet.tcr)));
  }
  if (sheet && sheet.hq && sheet.hq.heroic) {
    g.append(svg("text", { x: c * 0.38, y: -c * 0.02, "font-size": c * 0.25, fill: "#f2c230", "text-anchor": "middle" }, "★"));
  }
  if (stepIndex(unit) > 0) g.classList.add("reduced");
  const loss = lossBadge(unit, c);
  if (loss) g.append(loss);
  g.append(markerBadges(unit, c, extraMarkers));
  return g;
}
