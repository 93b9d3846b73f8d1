// The side panels: log with rule cases, combat breakdown, units off the map, tables, legend.

import { supplyLegend, supplyScope } from "./supply.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** One log entry: its text, the rule case (hover or click for our summary), provisional mark. */
export function logEntry(entry, seen = Infinity) {
  const cls = [entry.provisional ? "provisional" : "", entry.n > seen && !entry.note ? "new" : "", entry.note ? "note" : ""].join(" ").trim();
  const li = el("li", { class: cls || null, "data-n": entry.note ? null : entry.n, value: entry.n });
  li.append(el("span", { class: "text", text: entry.text }));
  if (entry.provisional) li.append(el("span", { class: "badge prov", text: "provisional", title: "a provisional table entry decided this" }));
  if (entry.case) {
    const summary = entry.rule ? `${entry.rule_title ? entry.rule_title + ": " : ""}${entry.rule}` : "";
    const tag = el("button", { class: "case", title: `${entry.case}${summary ? " — " + summary : ""}`, text: entry.case });
    const detail = el("div", { class: "rule", hidden: true, text: `${entry.case}: ${summary || "no summary"}` });
    tag.addEventListener("click", () => {
      detail.hidden = !detail.hidden;
    });
    li.append(" ", tag, detail);
  }
  return li;
}

/** The log with the computer's notes (its reasons, issue 6) each after the entry the log
 * had reached when it acted (``at``); notes are shown as log lines of their own. */
export function withNotes(entries, notes, names = {}) {
  if (!notes.length) return entries;
  const after = new Map();
  const late = [];
  const numbers = new Set(entries.map((e) => e.n));
  for (const note of notes) {
    const line = { n: note.at, note: true, text: `Computer (${names[note.role] || note.role}): ${note.text}` };
    if (numbers.has(note.at)) after.set(note.at, [...(after.get(note.at) || []), line]);
    else if (note.at > 0) late.push(line);
  }
  const out = [];
  for (const e of entries) out.push(e, ...(after.get(e.n) || []));
  return [...out, ...late];
}

/** The log (or its last ``limit`` entries); entries after ``seen`` are marked new. */
export function renderLog(list, entries, limit = 0, seen = Infinity) {
  const shown = limit ? entries.slice(-limit) : entries;
  list.replaceChildren(...shown.map((e) => logEntry(e, seen || Infinity)));
  list.scrollTop = list.scrollHeight;
}

function modifiersText(mods) {
  return (mods || []).map((m) => `${m.why}${m.case ? ` [${m.case}]` : ""}`).join("; ");
}

function sideList(title, units) {
  const ul = el("ul", { class: "combatants" });
  for (const u of units || []) {
    const mods = modifiersText(u.modifiers);
    const value = u.printed !== undefined && u.printed !== u.strength ? `${u.printed}→${u.strength}` : `${u.strength ?? ""}`;
    ul.append(el("li", {}, el("span", { text: u.name || u.unit }), " ", el("strong", { text: value }), mods ? el("div", { class: "mods", text: mods }) : null));
  }
  return el("div", { class: "combat-side" }, el("h4", { text: title }), ul);
}

function row(label, value, cls) {
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)) return null;
  const text = Array.isArray(value) ? value.map((v) => (typeof v === "object" ? JSON.stringify(v) : v)).join(", ") : String(value);
  return el("div", { class: `crow ${cls || ""}` }, el("span", { class: "k", text: label }), el("span", { class: "v", text }));
}

/** One column shift of the odds: who gives it (an HQ's attack or defensive shift, the
 * armored car), by how many columns, and its case. */
function shiftText(s) {
  const by = s.shift > 0 ? `+${s.shift}` : `${s.shift ?? ""}`;
  return `${s.why || s.name || s.hq || s.unit || ""} ${by}${s.case ? ` [${s.case}]` : ""}`;
}

/** The odds breakdown of a GWitE attack (view.combat). */
export function combatPanel(combat) {
  const box = el("div", { class: "combat-body" });
  box.append(el("h3", { text: `Attack on ${(combat.targets || []).join(", ")} — ${combat.stage_title || combat.stage || ""}` }));
  // strength a game's rules add beside the units' (Caporetto 17.11, 17.21 barrage) is listed with them
  const attackers = [...(combat.attackers || []), ...(combat.attack_additions || [])];
  const defenders = [...(combat.defenders || []), ...(combat.defense_additions || [])];
  box.append(el("div", { class: "combat-sides" }, sideList("Attackers", attackers), sideList("Defenders", defenders)));
  const odds = el("div", { class: "odds" });
  odds.append(el("span", { class: "big", text: `${combat.attack ?? "?"} : ${combat.defense ?? "?"}` }));
  if (combat.odds) odds.append(el("span", { text: ` odds ${combat.odds}` }));
  if (combat.final_odds && combat.final_odds !== combat.odds) odds.append(el("span", { text: ` → ${combat.final_odds}` }));
  if (combat.column) odds.append(el("span", { class: "column", text: ` column ${combat.column}` }));
  box.append(odds);
  const shifts = (combat.shifts || []).map((s) => (typeof s === "object" ? shiftText(s) : s));
  for (const r of [
    row("TCR", combat.tcr),
    row("column shifts", shifts),
    row("die modifiers", (combat.die_modifiers || []).map((m) => (typeof m === "object" ? `${m.why || ""} ${m.value ?? ""}` : m))),
    row("result modifiers", (combat.result_modifiers || []).map((m) => `${m.force}: ${m.why} +${m.value} [${m.case}]`)),
    row("die", combat.die !== undefined ? `${combat.die}${combat.modified !== undefined && combat.modified !== combat.die ? ` (modified ${combat.modified})` : ""}` : null),
    row("result", combat.result, combat.provisional_entry ? "provisional" : ""),
  ]) {
    if (r) box.append(r);
  }
  if (combat.provisional_entry) box.append(el("div", { class: "badge prov", text: "provisional table entry" }));
  if (combat.legal === false) box.append(el("div", { class: "warn", text: `Not yet legal: ${combat.reason || ""}${combat.case ? ` [${combat.case}]` : ""}` }));
  if (combat.columns) box.append(crtStrip(combat));
  return box;
}

function crtStrip(combat) {
  const strip = el("div", { class: "crt-strip" });
  for (const c of combat.columns) {
    const active = c === (combat.column || combat.final_odds);
    strip.append(el("span", { class: active ? "col active" : "col", text: c }));
  }
  return strip;
}

/** Any other combat structure (Tannenberg clash, cards) as labelled rows. */
export function genericPanel(title, data) {
  const box = el("div", { class: "combat-body" }, el("h3", { text: title }));
  box.append(genericValue(data, 0));
  return box;
}

function genericValue(data, depth) {
  if (data === null || typeof data !== "object") return el("span", { text: String(data) });
  if (Array.isArray(data)) {
    if (!data.some((x) => x && typeof x === "object")) return el("span", { text: data.join(", ") });
    const ol = el("ul", { class: "generic" });
    for (const item of data) ol.append(el("li", {}, genericValue(item, depth + 1)));
    return ol;
  }
  const dl = el("div", { class: "generic" });
  for (const [k, v] of Object.entries(data)) {
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    dl.append(el("div", { class: "crow" }, el("span", { class: "k", text: k.replaceAll("_", " ") }), depth > 3 ? el("span", { text: JSON.stringify(v) }) : genericValue(v, depth + 1)));
  }
  return dl;
}

/** A rule system's table, provisional entries marked. */
export function tableBlock(table) {
  const wrap = el("div", { class: "table-block" });
  wrap.append(el("h4", { text: `${table.title || table.id.replaceAll("_", " ")} (${table.source})` }));
  if (table.description) wrap.append(el("p", { class: "note", text: table.description }));
  const t = el("table", { class: "rules-table", "data-table": table.id });
  const head = el("tr", { class: "head" }, el("th", { text: table.row_label || "" }));
  for (const c of table.columns) head.append(el("th", { text: c }));
  t.append(head);
  for (const r of table.rows) {
    const tr = el("tr", { "data-key": r.key }, el("th", { text: r.key, title: r.source || null }));
    r.values.forEach((v, i) => {
      const prov = r.provisional.includes(i);
      tr.append(el("td", { class: prov ? "prov" : null, title: prov ? "provisional entry (the printed table lacks it)" : "printed", text: prov ? `${v}*` : v }));
    });
    t.append(tr);
  }
  wrap.append(t);
  for (const g of table.column_groups || []) {
    wrap.append(el("p", { class: "note", text: `TCR ${g.tcrs.join(", ")}: columns ${g.columns.join(" ")}` }));
  }
  if (table.rows.some((r) => r.provisional.length)) wrap.append(el("p", { class: "note", text: "Shaded entries with a star (*) are provisional (supplied by the project where the printed table is missing)." }));
  return wrap;
}

/** A small hex drawn with an overlay's classes (the legend's sample of a ring). */
function legendHex(cls) {
  const ns = "http://www.w3.org/2000/svg";
  const pic = document.createElementNS(ns, "svg");
  pic.setAttribute("viewBox", "-34 -32 68 64");
  pic.setAttribute("class", `legend-hex ${cls}`);
  const hex = document.createElementNS(ns, "polygon");
  const corners = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = ((30 + 60 * i) * Math.PI) / 180;
    return `${(28 * Math.cos(a)).toFixed(1)},${(28 * Math.sin(a)).toFixed(1)}`;
  });
  hex.setAttribute("points", corners.join(" "));
  pic.append(hex);
  return pic;
}

/** The legend's supply overlay rows: each state the system's views give. */
function supplyLegendRows(system) {
  return supplyLegend(system).map((row) =>
    el("div", { class: "lrow", "data-supply-state": row.state }, legendHex(row.cls), el("span", { text: row.tag ? `${row.tag}: ${row.text}` : row.text })),
  );
}

/** The features the map draws (each with its sample as drawn) and the notation notes. */
function mapFeatureRows(legend) {
  const rows = [el("h4", { text: "Map features" })];
  for (const f of legend.features) {
    const pic = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    pic.setAttribute("viewBox", "0 0 36 25");
    pic.setAttribute("class", "legend-sample");
    pic.innerHTML = f.sample;
    rows.push(el("div", { class: "lrow", "data-feature": f.kind }, pic, el("span", { text: f.text })));
  }
  rows.push(el("h4", { text: "Notation" }));
  for (const note of legend.notes) rows.push(el("p", { class: "note notation", text: note }));
  return rows;
}

/** The legend: terrain with movement costs, hexside features, sides, counter conventions,
 * the supply overlay's states. */
export function legendPanel(map) {
  const box = el("div", { class: "legend" });
  const perTcr = map.system === "gwite";
  box.append(el("h4", { text: perTcr ? "Terrain (movement cost for TCR 1/2/3/4)" : "Terrain (movement cost)" }));
  for (const t of map.terrain) {
    const cost = Array.isArray(t.move) ? t.move.join("/") : t.move;
    box.append(el("div", { class: "lrow" }, el("span", { class: "swatch", style: `background:${t.color}` }), el("span", { text: `${t.name} — ${cost}` })));
  }
  if (map.hexsides.length) box.append(el("h4", { text: perTcr ? "Hexsides (extra cost for TCR 1/2/3/4)" : "Hexsides (extra cost)" }));
  for (const t of map.hexsides) {
    const cost = Array.isArray(t.move) ? t.move.join("/") : t.move;
    box.append(el("div", { class: "lrow" }, el("span", { class: "swatch line", style: `background:${t.color}` }), el("span", { text: `${t.name} — ${cost}` })));
  }
  if (map.legend) box.append(...mapFeatureRows(map.legend));
  box.append(el("h4", { text: "Sides" }));
  for (const s of map.sides) {
    box.append(el("div", { class: "lrow" }, el("span", { class: "swatch", style: `background:${s.color}` }), el("span", { text: s.name })));
  }
  box.append(el("h4", { text: "Counters" }));
  for (const line of [
    "NATO symbol: ✕ infantry, ╱ cavalry, ● artillery, HQ headquarters.",
    "Above the symbol: size (X brigade, XX division, XXX corps, XXXX army).",
    "Bottom: attack-defence-movement; HQ: shift-radius-strength; artillery: fire(defence fire)-movement.",
    "Red corner: steps (or endurance) lost. Small tags: OC out of command, RR entrained, M/S orders, T trenches.",
    "? counters are masks: what they hide is secret to the other side.",
    "A number badge means a stack: click it to open it.",
  ]) {
    box.append(el("p", { class: "note", text: line }));
  }
  box.append(el("h4", { text: "Supply overlay" }));
  box.append(el("p", { class: "note", text: supplyScope(map.system) }));
  box.append(...supplyLegendRows(map.system));
  return box;
}

function clashSide(name, side) {
  const units = (side.units || []).map((u) => el("li", {}, `${u.name || u.id} `, el("strong", { text: `${u.strength ?? ""}` }), u.effectiveness !== undefined ? ` eff ${u.effectiveness}` : ""));
  const masks = (side.masks || []).map((m) => el("li", { text: `mask ${typeof m === "object" ? m.id || "" : m}` }));
  const guns = (side.artillery || []).map((a) => el("li", { text: `artillery ${typeof a === "object" ? a.name || a.id || "" : a}` }));
  return el("div", { class: "combat-side" }, el("h4", { text: `${name} (${(side.hexes || []).join(", ")})` }), el("ul", { class: "combatants" }, ...units, ...masks, ...guns));
}

function pairingCell(p) {
  const r = p.ratio;
  const a = p.retreat_attempt;
  let detail = p.outcome.replaceAll("_", " ");
  if (r) detail += ` ${r.attack}:${r.defence} (${r.ratio}) → column ${r.column}`;
  if (a) detail += ` column ${a.column}`;
  const mods = [...((r && r.modifiers) || []), ...((a && a.die_modifiers) || [])];
  const title = mods.map((m) => `${m.why} ${m.value > 0 ? "+" : ""}${m.value} [${m.case}]`).join("\n");
  return el("td", { title: `${p.case}${title ? "\n" + title : ""}`, text: detail });
}

/** The numbers of a clash or a retreat attempt as they stand (a preview) or as resolved. */
export function clashNumbers(r) {
  if (!r) return null;
  const mods = (r.modifiers || r.die_modifiers || []).map((m) => `${m.why} ${m.value > 0 ? "+" : ""}${m.value} [${m.case}]`);
  const box = el("div", { class: "odds" });
  if (r.kind === "retreat_attempt") {
    const eff = r.effectiveness || {};
    box.append(el("span", { class: "big", text: `retreat attempt: column ${r.column}` }));
    box.append(el("span", { text: ` (effectiveness ${eff.retreating ?? "?"} − ${eff.attacking ?? "?"})` }));
  } else {
    box.append(el("span", { class: "big", text: `${r.attack} : ${r.defence}` }));
    box.append(el("span", { text: ` (${r.ratio})` }));
    box.append(el("span", { class: "column", text: ` column ${r.column}` }));
  }
  const out = el("div", {}, box);
  for (const extra of [
    row(r.kind === "retreat_attempt" ? "die modifiers" : "modifiers", mods),
    row("losses doubled (ASSAULT)", r.losses_doubled),
    row("die", r.die),
    row("result", r.result || (r.loss !== undefined ? `each retreating unit loses ${r.loss}` : null), r.provisional_entry || r.provisional ? "provisional" : ""),
  ]) {
    if (extra) out.append(extra);
  }
  return out;
}

/** A shelling by artillery alone being formed (11.4): its target, guns and ratio. */
function shellingPanel(shelling) {
  const box = el("div", { class: "combat-body" }, el("h3", { text: `Shelling of ${shelling.target}` }));
  box.append(row("guns", (shelling.guns || []).map((g) => `${g.unit}${g.triple ? " (triple fire)" : ""}`)));
  const numbers = clashNumbers(shelling.preview);
  if (numbers) box.append(el("p", { class: "note", text: "If you fire now:" }), numbers);
  return box;
}

/** A Tannenberg clash: the two sides, the cards, and what each pair of cards would give. */
export function clashPanel(clash) {
  const cur = clash.current;
  if (!cur) {
    if (clash.shelling) return shellingPanel(clash.shelling);
    if (clash.forming) {
      const f = clash.forming;
      return genericPanel(`Clash forming at ${f.focal}`, { against: f.opposing, to_fight: clash.to_fight });
    }
    return genericPanel("Clashes", clash);
  }
  const box = el("div", { class: "combat-body" });
  box.append(el("h3", { text: `Clash ${cur.n} at ${cur.focal}${cur.outcome ? ` — ${cur.outcome.replaceAll("_", " ")}` : ""}` }));
  const sides = Object.entries(cur.sides || {});
  box.append(el("div", { class: "combat-sides" }, ...sides.map(([name, side]) => clashSide(name, side))));
  const cards = Object.entries(cur.cards || {});
  if (cards.length) box.append(row("cards", cards.map(([k, c]) => `${k}: ${c}`)));
  const pairings = cur.pairings || [];
  if (pairings.length) {
    const t = el("table", { class: "rules-table pairings" });
    t.append(el("tr", {}, el("th", { text: "your card" }), el("th", { text: "theirs" }), el("th", { text: "gives" })));
    for (const p of pairings) t.append(el("tr", {}, el("td", { text: p.mine }), el("td", { text: p.theirs }), pairingCell(p)));
    box.append(el("p", { class: "note", text: "What each pair of cards gives (hover for the modifiers):" }), t);
  }
  if (cur.preview) box.append(el("p", { class: "note", text: "As it stands now (before the die):" }), clashNumbers(cur.preview));
  if (cur.report) box.append(el("p", { class: "note", text: "Resolved:" }), clashNumbers(cur.report));
  return box;
}

/** The victory points: one index, or each side's total and their difference (Hindenburg 23.0). */
export function vpText(v) {
  if (v.vp === undefined || v.vp === null) return "";
  if (typeof v.vp !== "object") return `VP ${v.vp}`;
  if (v.vp.totals) {
    const name = (id) => ((v.sides || []).find((s) => s.id === id) || {}).name || id;
    const parts = Object.entries(v.vp.totals).map(([side, n]) => `${name(side)} ${n}`);
    const diff = v.vp.difference >= 0 ? `+${v.vp.difference}` : `${v.vp.difference}`;
    return `VP ${parts.join(" · ")} (difference ${diff} for the ${name(v.vp.difference_for)})`;
  }
  if (v.vp.track) {
    // one index shown on a Victory Point Track by a ×10 and a ×1 marker (Serbia/Galicia 25.4)
    const m = (k) => `×${k.slice(1)} ${v.vp.track[k].side} in box ${v.vp.track[k].box}`;
    const serbian = v.serbian_supply ? ` · Serbian Supply Points ${v.serbian_supply.points}` : "";
    return `VP ${v.vp.total} (${m("x10")}, ${m("x1")})${serbian}`;
  }
  return `VP ${JSON.stringify(v.vp)}`;
}

/** The Hidden Unit Display (Von Hindenburg 18.43): the owner's boxes, each with its marker
 * on the map and the units it conceals (the enemy is never sent it, 18.12). */
export function hiddenUnitDisplay(display, labels = {}) {
  const used = display.boxes.filter((b) => b.handle || b.units.length);
  const lines = used.map((b) => {
    const where = b.handle ? `${b.handle} in ${b.hex}` : "off the map";
    const held = b.units.length ? b.units.map((u) => labels[u] || u).join(", ") : "dummy";
    return el("li", { "data-box": b.box, text: `Box ${b.box} (${where}): ${held}` });
  });
  const free = display.boxes.length - used.length;
  return [
    el("h3", { text: `Hidden Unit Display (${display.case})` }),
    el("ul", { id: "hidden-unit-display" }, ...lines, el("li", { text: `${free} box(es) free` })),
  ];
}
