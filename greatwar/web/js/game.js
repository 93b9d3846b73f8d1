// The game page: follows the game through the WebSocket, draws the map and the
// panels from the seat's view, and turns clicks into the view's legal actions.

import { actionHex, actionRoute, actionUnit, attachLabels, describe, targetKind, targetLabel } from "./actions.js";
import { MoveAnimation } from "./animation.js";
import { ApiError, getJSON, postJSON, rememberGame, submissionId } from "./api.js";
import { initChat } from "./chat.js";
import { drawCounter } from "./counters.js";
import { initDice } from "./dice.js";
import { keepLog, wholeLog } from "./log-keys.js";
import { MapView } from "./map.js";
import { clearRefusal, explainRefusal } from "./refusal.js";
import { attachZoomLabels } from "./zoom-labels.js";
import { attachPanelToggle } from "./layout.js";
import { attachPinchZoom } from "./pinch.js";
import { initNotify } from "./notify.js";
import { initStackView } from "./stackview.js";
import { highlightTables } from "./tables.js";
import { LastMoves, hops, playerTurnKey, rememberOverlayChoices, restoreOverlayChoices, storePositions, storedPositions } from "./overlays.js";
import { clashPanel, combatPanel, el, hiddenUnitDisplay, legendPanel, renderLog, tableBlock, vpText } from "./panels.js";
import { reasonsView, renderReasons } from "./reasons.js";
import { initReplay } from "./replay.js";
import { supplyAreas, supplyMarks, supplyStates, supplySummary } from "./supply.js";

const $ = (id) => document.getElementById(id);
const BUTTON_GROUP_LIMIT = 8;

const game = {
  id: decodeURIComponent(window.location.pathname.split("/").pop()),
  token: new URLSearchParams(window.location.search).get("token"),
  seat: null, // a role, "spectator" or "table"
  role: null, // the role viewed (and acted for); null for spectators
  seats: {},
  view: null,
  version: -1,
  map: null,
  mapData: null,
  positions: new Map(), // unit -> hex in the last view, for the "last moves" overlay
  lastMoves: new LastMoves(),
  animation: null, // the other side's moves shown when the player's turn comes
  busy: false,
  seenBefore: 0, // log entries read on an earlier visit
  socket: null,
  handover: null,
  // the log as this page holds it: the server sends only the entries after it
  log: [],
  logKey: null, // the key of the whole log held
  logKeys: new Map(), // key -> length, for each prefix of the log held the server named
  logVersion: -1, // the version the log held is of
};

// --- talking to the server -------------------------------------------------------------

function gameUrl(path = "") {
  const q = new URLSearchParams({ token: game.token || "" });
  if (game.seat === "table" && game.role) q.set("role", game.role);
  return `/api/games/${encodeURIComponent(game.id)}${path}?${q}`;
}

async function fetchGame() {
  const key = game.logKey ? `&log_key=${encodeURIComponent(game.logKey)}` : "";
  accept(await getJSON(gameUrl() + key));
}

/** The payload with its view's log whole (a payload with a key), or null when it continues
 * a log this page no longer holds: the game is asked for again then. */
function withWholeLog(payload) {
  if (!payload.view || payload.log_key === undefined) return payload;
  const log = wholeLog(game, payload);
  if (log === null) {
    fetchGame().catch(showError);
    return null;
  }
  keepLog(game, payload, log, payload.log_base == null);
  return { ...payload, view: { ...payload.view, log }, log_base: null, log_after: 0 };
}

/** Take a payload (``GET``, a push, or the answer to an action) if it is newer. */
function accept(received) {
  const payload = withWholeLog(received);
  if (!payload) return;
  if (game.replay && game.replay.active) {
    game.replay.live = payload; // taken in when the replay is left
    return;
  }
  if (payload.seats) game.seats = payload.seats;
  if (payload.seat) game.seat = payload.seat;
  const view = payload.view;
  if (!view) return;
  if (view.role !== game.role && game.seat !== "table") game.role = view.role;
  const version = payload.version ?? view.version;
  if (version < game.version && view.role === (game.view && game.view.role)) return;
  game.version = version;
  if (game.dice && payload.commitment !== undefined) game.dice.update(payload.commitment);
  // on opening the page, the moves since this browser last saw the seat's view count too
  const waited = game.view ? !isMine(game.view) : game.positions.size > 0;
  trackMoves(view, waited);
  game.view = attachLabels(view);
  game.notes = payload.notes || [];
  render();
  if (game.notify) game.notify.update(view, view.name);
  if (isMine(view)) game.animation.showPending();
  checkHandover();
}

function isMine(view) {
  return (view.legal_actions || []).length > 0 && !view.over;
}

async function act(action) {
  if (game.busy || !game.view || (game.replay && game.replay.active)) return;
  game.busy = true;
  hideStack();
  game.animation.dismiss();
  const body = { token: game.token, version: game.version, action, submission_id: submissionId() };
  if (game.role) body.role = game.role;
  if (game.logKey) body.log_key = game.logKey;
  try {
    accept(await postJSON(`/api/games/${encodeURIComponent(game.id)}/actions`, body));
    showError(null);
    clearRefusal();
  } catch (err) {
    showError(err);
    if (err instanceof ApiError && ["stale_version", "duplicate_submission"].includes(err.code)) {
      await fetchGame();
    }
  } finally {
    game.busy = false;
  }
}

function connect() {
  if (game.socket) {
    game.socket.onclose = null;
    game.socket.close();
  }
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  const q = new URLSearchParams({ token: game.token || "" });
  if (game.seat === "table" && game.role) q.set("role", game.role);
  if (game.logKey) q.set("log_key", game.logKey);
  const ws = new WebSocket(`${proto}://${window.location.host}/api/games/${encodeURIComponent(game.id)}/ws?${q}`);
  game.socket = ws;
  ws.onopen = () => $("connection").classList.add("live");
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === "state") accept(msg);
    else if (msg.type === "chat" && game.chat) game.chat.receive(msg.message);
    else if (msg.type === "error") showError(new ApiError(400, { error: msg.error || msg }));
  };
  ws.onclose = (e) => {
    $("connection").classList.remove("live");
    // 4xxx: the server refused this seat (bad token ...): retrying would not help
    if (game.socket === ws && e.code < 4000) setTimeout(connect, 1500);
  };
}

function showError(err) {
  const bar = $("error");
  if (!err) {
    bar.hidden = true;
    return;
  }
  const kase = err.case ? ` [${err.case}]` : "";
  bar.textContent = `${err.message}${kase}`;
  bar.hidden = false;
}

// --- hotseat ---------------------------------------------------------------------------

function humanRoles() {
  return Object.entries(game.seats)
    .filter(([, s]) => s.kind === "human")
    .map(([r]) => r);
}

/** At a hotseat table, hand the screen over when another human seat must act. */
function checkHandover() {
  if (game.seat !== "table" || !game.view || game.view.over) return;
  const active = game.view.active_roles || [];
  if (game.role && active.includes(game.role)) return;
  const next = active.find((r) => humanRoles().includes(r));
  if (!next || next === game.handover) return;
  game.handover = next;
  const name = (game.seats[next] && game.seats[next].name) || next;
  $("handover-name").textContent = name;
  $("handover-who").textContent = name;
  $("handover").hidden = false;
  document.body.classList.add("handing-over");
  clearPrivate();
}

/** Before the screen is handed over, nothing of the last seat's view stays on the page. */
function clearPrivate() {
  for (const id of ["actions", "log", "recent", "combat", "units", "prompt", "waiting", "since"]) {
    $(id).replaceChildren();
  }
  game.map.drawCounters(new Map(), {}, {}, () => []);
  game.map.highlight([]);
  game.map.drawOverlays([], []);
  forgetMoves();
  hideStack();
}

async function takeScreen() {
  game.role = game.handover;
  game.handover = null;
  forgetMoves(); // one seat's view says nothing of its pieces' moves to the next
  $("handover").hidden = true;
  document.body.classList.remove("handing-over");
  game.version = -1;
  game.logVersion = -1;
  await fetchGame();
  connect();
}

// --- the view drawn --------------------------------------------------------------------

function names() {
  const out = {};
  for (const u of game.view.units || []) out[u.id] = u.name;
  return out;
}

function sideColors() {
  return Object.fromEntries(game.mapData.sides.map((s) => [s.id, s.color]));
}

function stacks() {
  const by = new Map();
  for (const u of game.view.units || []) {
    if (u.status !== "on_map" || !u.hex) continue;
    if (!by.has(u.hex)) by.set(u.hex, []);
    by.get(u.hex).push(u);
  }
  // masks on top of what they hide, HQs under combat units
  const rank = (u) => (u.type === "mask" ? 0 : u.masked_by ? 2 : 1);
  for (const list of by.values()) list.sort((a, b) => rank(a) - rank(b));
  return by;
}

/** The moves since the last view: for the "last moves" overlay, and for the animation
 * when they were made while the player ``waited``. */
function trackMoves(view, waited) {
  const seen = hops(game.positions, view);
  game.lastMoves.add(playerTurnKey(view), seen);
  if (waited) game.animation.collect(seen);
  game.positions = new Map((view.units || []).filter((u) => u.hex).map((u) => [u.id, u.hex]));
  if (game.seat !== "table") storePositions(positionsKey(), game.positions);
}

function positionsKey() {
  return `greatwar.positions.${game.id}.${game.token}.${game.role || ""}`;
}

function forgetMoves() {
  game.positions = new Map();
  game.lastMoves = new LastMoves();
  game.animation.pending = [];
  game.animation.dismiss();
}

/** One move of the animation, in words. */
function moveLabel(hop) {
  const unit = (game.view.units || []).find((u) => u.id === hop.unit);
  return `${(unit && unit.name) || "a piece"} ${hop.from} → ${hop.to}`;
}

/** role -> the seat's name, for the computer's notes in the log. */
function seatNames() {
  const names = {};
  for (const [role, seat] of Object.entries(game.seats || {})) names[role] = seat.name || role;
  return names;
}

function render() {
  const v = game.view;
  document.title = `greatwar — ${v.name}`;
  $("title").textContent = v.name;
  $("fictional").hidden = !v.fictional;
  renderTrack(v);
  renderPrompt(v);
  renderBoard();
  renderActions(v);
  renderCombat(v);
  renderLog($("log"), v.log || [], 0, game.seenBefore);
  renderLog($("recent"), v.log || [], 8, game.seenBefore);
  renderReasons(reasonsView(document.querySelector('[data-panel="log"]')), game.notes || [], seatNames());
  rememberSeen(v.log || []);
  renderUnits(v);
}

/** The last log entry this browser showed for this seat (asynchronous play). */
function seenKey() {
  return `greatwar.seen.${game.id}.${game.token}.${game.role || ""}`;
}

function rememberSeen(log) {
  if (!log.length) return;
  localStorage.setItem(seenKey(), String(log[log.length - 1].n));
}

/** On opening: entries written since the last visit are marked, and counted in the prompt. */
function loadSeen(log) {
  const stored = Number(localStorage.getItem(seenKey()) || "0");
  game.seenBefore = stored;
  const fresh = log.filter((e) => e.n > stored).length;
  if (stored && fresh) $("since").textContent = `${fresh} new log entries since your last visit`;
}

function renderTrack(v) {
  const steps = (v.phase_track || []).slice(1).map((s) => s.title);
  $("track").replaceChildren(...steps.map((t, i) => el("span", { class: i === steps.length - 1 ? "step now" : "step", text: t })));
  $("vp").textContent = vpText(v);
  const seatName = game.role ? (game.seats[game.role] || {}).name || game.role : "spectator";
  $("seat").textContent = game.seat === "table" ? `hotseat: ${seatName}` : `you: ${seatName}`;
}

function waitingFor(v) {
  if (v.over) return "";
  const roles = v.active_roles || [];
  const parts = roles.map((r) => {
    const s = game.seats[r] || {};
    const who = s.name || r;
    return s.kind === "computer" ? `${who} (computer)` : who;
  });
  return parts.length ? `waiting for ${parts.join(" and ")}` : "";
}

function renderPrompt(v) {
  const mine = (v.legal_actions || []).length > 0;
  let text = v.prompt || "";
  if (v.over) text = `Game over. ${(v.result && (v.result.summary || v.result.level)) || ""}`;
  $("prompt").textContent = text;
  $("promptbar").classList.toggle("your-turn", mine && !v.over);
  $("waiting").textContent = mine ? "your move" : waitingFor(v);
  $("undo").hidden = !undoAction(v);
}

function undoAction(v) {
  return (v.legal_actions || []).find((a) => a.type === "undo") || null;
}

function playable() {
  return (game.view.legal_actions || []).filter((a) => a.type !== "undo");
}

/** The unit every hex action is about (a selected unit), if there is one. */
function focusUnit(actions) {
  const units = new Set(actions.filter((a) => actionHex(a, game.mapData.hexes)).map(actionUnit));
  return units.size === 1 ? [...units][0] : null;
}

function renderBoard() {
  const states = supplyStates(game.view);
  game.map.drawCounters(stacks(), game.mapData.counters, sideColors(), (u) => supplyMarks(u, states));
  markPlanned();
  const actions = playable();
  const targets = [];
  const seen = new Set();
  for (const a of actions) {
    const hex = actionHex(a, game.mapData.hexes);
    if (!hex || seen.has(hex)) continue;
    seen.add(hex);
    const all = actions.filter((b) => actionHex(b, game.mapData.hexes) === hex);
    const path = actionRoute(a, game.positions.get(actionUnit(a)));
    targets.push({ hex, kind: targetKind(a), label: targetLabel(a), path, title: all.map((b) => describe(b, names())).join("\n") });
  }
  game.map.highlight(targets);
  game.map.focus(focusUnit(actions));
  renderOverlays();
}

/** A mask planned in this orders phase (Tannenberg 16.1.2): on its owner's map only, marked
 * as not yet placed. */
function markPlanned() {
  for (const u of game.view.units || []) {
    if (!u.planned) continue;
    const node = game.map.layers.counters.querySelector(`[data-unit="${CSS.escape(u.id)}"]`);
    if (node) node.classList.add("planned");
  }
}

function overlayOn(name) {
  const box = document.querySelector(`[data-overlay="${name}"]`);
  return box && box.checked;
}

function viewerSide() {
  const units = game.view.units || [];
  const own = units.find((u) => u.masked_by || u.hides);
  if (own) return own.side;
  const sides = game.mapData.sides.map((s) => s.id);
  if (game.role && sides.includes(game.role)) return game.role;
  const prefix = game.role ? sides.find((s) => game.role.startsWith(s)) : null;
  return prefix || null;
}

function zocHexes() {
  const mine = viewerSide();
  const out = new Set();
  for (const u of game.view.units || []) {
    if (u.status !== "on_map" || !u.hex || u.side === mine || u.type === "hq") continue;
    if (u.known === false) continue; // a Gruppe marker not yet known to be real (Hindenburg 18.41)
    const sheet = game.mapData.counters[u.id];
    if (sheet && ["hq", "supply_depot", "supply_train"].includes(sheet.type)) continue;
    for (const n of (game.mapData.hexes[u.hex] || { n: [] }).n) out.add(n);
  }
  return [...out];
}

function commandHexes() {
  const c = game.view.command || {};
  const radii = c.radii || c.ranges || {};
  const out = new Set();
  for (const hexes of Object.values(radii)) for (const h of hexes) out.add(h);
  return [...out];
}

/** The hexes of the attack being prepared: its targets and the attackers' hexes. */
function combatAreas(v) {
  const c = v.combat;
  if (!c) return clashAreas(v.clash);
  const where = new Map((v.units || []).map((u) => [u.id, u.hex]));
  const attackers = (c.attackers || []).map((a) => where.get(a.unit)).filter(Boolean);
  return [
    { cls: "ov-attacker", hexes: [...new Set(attackers)] },
    { cls: "ov-target", hexes: c.targets || [] },
  ];
}

/** The hexes of a Tannenberg clash being formed or fought. */
function clashAreas(clash) {
  if (!clash) return [];
  if (clash.forming) {
    return [
      { cls: "ov-attacker", hexes: [clash.forming.focal] },
      { cls: "ov-target", hexes: clash.forming.opposing || [] },
    ];
  }
  const sides = clash.current ? Object.values(clash.current.sides || {}) : [];
  return sides.map((s, i) => ({ cls: i ? "ov-target" : "ov-attacker", hexes: s.hexes || [] }));
}

function renderOverlays() {
  const areas = [];
  if (overlayOn("supply")) areas.push(...supplyAreas(game.view, supplyStates(game.view)));
  if (overlayOn("zoc")) areas.push({ cls: "ov-zoc", hexes: zocHexes() });
  if (overlayOn("command")) areas.push({ cls: "ov-command", hexes: commandHexes() });
  areas.push(...combatAreas(game.view));
  const moves = overlayOn("moves") ? game.lastMoves.arrows() : [];
  game.map.drawOverlays(areas, moves);
}

function actionButton(action, labels) {
  const b = el("button", { class: `act act-${action.type}`, "data-type": action.type, text: describe(action, labels) });
  if (action.provisional) b.title = "decided by a provisional table entry";
  b.addEventListener("click", () => act(action));
  return b;
}

function renderActions(v) {
  const box = $("actions");
  const actions = playable();
  if (!actions.length) {
    const why = game.role ? waitingFor(v) || "nothing to do" : "spectating: read-only";
    box.replaceChildren(el("p", { class: "note", text: why }));
    return;
  }
  const labels = names();
  const groups = new Map();
  for (const a of actions) {
    if (!groups.has(a.type)) groups.set(a.type, []);
    groups.get(a.type).push(a);
  }
  const out = [];
  for (const [type, list] of groups) {
    const buttons = list.map((a) => actionButton(a, labels));
    if (list.length > BUTTON_GROUP_LIMIT) {
      const hint = actionHex(list[0], game.mapData.hexes) ? " — or click a highlighted hex" : actionUnit(list[0]) ? " — or click a counter" : "";
      out.push(el("details", { class: "group", "data-group": type }, el("summary", { text: `${describe({ type })} (${list.length})${hint}` }), ...buttons));
    } else {
      out.push(el("div", { class: "group", "data-group": type }, ...buttons));
    }
  }
  box.replaceChildren(...out);
}

function renderCombat(v) {
  const box = $("combat");
  let body = null;
  if (v.combat) body = combatPanel(v.combat);
  else if (v.clash && (v.clash.current || v.clash.forming)) body = clashPanel(v.clash);
  box.hidden = !body;
  box.replaceChildren(...(body ? [body] : []));
  highlightTables($("tables"), v);
}

function unitLine(u) {
  const sheet = game.mapData.counters[u.id];
  const side = (game.mapData.sides.find((s) => s.id === u.side) || {}).name || u.side;
  return el("li", { "data-unit": u.id }, el("span", { class: "dot", style: `background:${sideColors()[u.side] || "#888"}` }), ` ${u.name || u.id} (${side})${sheet ? ` ${sheet.type.replaceAll("_", " ")}` : ""}`);
}

/** A unit waiting to arrive, with the turn and entry hex the counter sheet gives. */
function pendingLine(u) {
  const line = unitLine(u);
  const arrive = (game.mapData.counters[u.id] || {}).arrive;
  if (arrive) line.append(` — turn ${arrive.turn}, entry ${arrive.entry}${arrive.entrained ? " by rail" : ""}`);
  return line;
}

function renderUnits(v) {
  const units = v.units || [];
  const eliminated = units.filter((u) => u.status === "eliminated");
  // out_of_play: a counter an option swaps out, or in only with the option (Brusilov 26.34);
  // removed: taken out of play by a rule (Brusilov 19.21, 25.16); spare: waiting off the
  // map to substitute for others (a corps's divisions, Hindenburg 21.1)
  const waiting = units.filter((u) => !["on_map", "eliminated", "out_of_play", "removed", "spare"].includes(u.status));
  const sections = [];
  const due = ((v.reinforcements || {}).reinforcements || []).map((r) => el("li", { text: `${names()[r.unit] || r.unit}: stage ${r.stage} at ${(r.entries || []).join(", ")}${r.rail ? " by rail" : ""}` }));
  sections.push(el("h3", { text: "Reinforcements due" }));
  sections.push(el("ul", { id: "reinforcements" }, ...(due.length ? due : waiting.map(pendingLine))));
  sections.push(el("h3", { text: "Eliminated" }));
  sections.push(el("ul", { id: "eliminated" }, ...eliminated.map(unitLine)));
  const supply = supplySummary(v, supplyStates(v));
  if (supply.length) {
    sections.push(el("h3", { text: "Supply" }));
    const labels = names();
    for (const line of supply) {
      const who = line.units.map((u) => labels[u] || u).join(", ");
      sections.push(el("p", { "data-supply-state": line.state, text: `${line.title}: ${who}` }));
    }
  }
  if (v.supply_overlay) {
    sections.push(el("p", { id: "supply-overlay", class: "note", text: `Supply shown: ${v.supply_overlay.shows} (${v.supply_overlay.case})` }));
  }
  if (v.hidden_unit_display) sections.push(...hiddenUnitDisplay(v.hidden_unit_display, names()));
  if (v.masks) {
    sections.push(el("h3", { text: "Masking counters" }));
    for (const [side, m] of Object.entries(v.masks)) {
      sections.push(el("p", { text: `${side}: ${m.on_map} of ${m.total} on the map${m.provisional ? " (number provisional)" : ""}` }));
    }
  }
  $("units").replaceChildren(...sections);
}

// --- clicks on the map -----------------------------------------------------------------

function unitActions(unit) {
  return playable().filter((a) => actionUnit(a) === unit && !actionHex(a, game.mapData.hexes));
}

function hexActions(hex) {
  return playable().filter((a) => actionHex(a, game.mapData.hexes) === hex);
}

function onMapClick({ hex, unit, event }) {
  if (!game.view || !hex) return;
  const atHex = hexActions(hex);
  const stack = stacks().get(hex) || [];
  if (!atHex.length && !stack.some((u) => unitActions(u.id).length)) refuse(unit, hex);
  if (atHex.length) {
    // a click on a destination acts, even on a counter there, unless that counter is selectable
    const own = unit ? unitActions(unit) : [];
    if (!own.length || stack.length === 0) return chooseOrAct(atHex, event, hex);
  }
  if (stack.length > 1 || !unit) return stack.length ? openStack(hex, event) : hideStack();
  // one counter: select it at once; anything else (finish, the focused unit's options) asks
  const own = unitActions(unit);
  const select = own.filter((a) => a.type === "select");
  const focused = unit === focusUnit(playable());
  if (!focused && (own.length === 1 || select.length === 1)) return act(select[0] || own[0]);
  return openStack(hex, event);
}

/** Nothing at the click may act: say why (the rules' reason and case), for a seat. */
function refuse(unit, hex) {
  if (game.role) explainRefusal(gameUrl("/why"), { unit, hex });
}

function chooseOrAct(actions, event, hex) {
  if (actions.length === 1) return act(actions[0]);
  const labels = names();
  showPopup(event, el("div", {}, el("h4", { text: `Hex ${hex}` }), ...actions.map((a) => actionButton(a, labels))));
}

/** Open a stack: its counters drawn large, each with its actions. */
function openStack(hex, event) {
  const labels = names();
  const colors = sideColors();
  const items = (stacks().get(hex) || []).map((u) => {
    const size = 64;
    const pic = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    pic.setAttribute("viewBox", `${-size / 2 - 2} ${-size / 2 - 2} ${size + 4} ${size + 20}`);
    pic.setAttribute("width", "70");
    pic.setAttribute("height", "86");
    pic.append(drawCounter(u, game.mapData.counters[u.id], colors[u.side] || "#888", size));
    const row = el("div", { class: "stack-item", "data-unit": u.id }, pic, el("div", { class: "stack-info" }, el("strong", { text: u.name || u.id }), el("div", { class: "note", text: pic.querySelector("title").textContent })));
    const actions = unitActions(u.id);
    if (actions.length) row.querySelector(".stack-info").append(...actions.map((a) => actionButton(a, labels)));
    return row;
  });
  const hexButtons = hexActions(hex).map((a) => actionButton(a, labels));
  showPopup(event, el("div", {}, el("h4", { text: `Hex ${hex}` }), ...items, ...hexButtons));
}

function showPopup(event, content) {
  const box = $("stack");
  const close = el("button", { class: "close", text: "×", title: "close" });
  close.addEventListener("click", hideStack);
  box.replaceChildren(close, content);
  const pane = $("map-pane").getBoundingClientRect();
  const x = Math.min(event.clientX - pane.left + 12, pane.width - 320);
  const y = Math.min(event.clientY - pane.top + 12, pane.height - 200);
  box.style.left = `${Math.max(4, x)}px`;
  box.style.top = `${Math.max(4, y)}px`;
  box.hidden = false;
}

function hideStack() {
  $("stack").hidden = true;
}

// --- start ---------------------------------------------------------------------------------

function bindControls() {
  $("zoom-in").addEventListener("click", () => game.map.zoom(1.25));
  $("zoom-out").addEventListener("click", () => game.map.zoom(0.8));
  $("zoom-fit").addEventListener("click", () => game.map.fit());
  $("undo").addEventListener("click", () => {
    const undo = undoAction(game.view);
    if (undo) act(undo);
  });
  $("handover-go").addEventListener("click", takeScreen);
  attachPanelToggle(document.querySelector(".tabs"));
  const overlayBoxes = document.querySelectorAll("[data-overlay]");
  restoreOverlayChoices(overlayBoxes);
  for (const box of overlayBoxes) {
    box.addEventListener("change", () => {
      rememberOverlayChoices(overlayBoxes);
      renderOverlays();
    });
  }
  for (const tab of document.querySelectorAll("[data-tab]")) {
    tab.addEventListener("click", () => {
      for (const t of document.querySelectorAll("[data-tab]")) t.classList.toggle("active", t === tab);
      for (const p of document.querySelectorAll("[data-panel]")) p.classList.toggle("active", p.dataset.panel === tab.dataset.tab);
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hideStack();
  });
}

async function loadMap(scenario) {
  const base = `/api/scenarios/${scenario}`;
  const [data, svgText] = await Promise.all([getJSON(`${base}/map.json`), fetch(`${base}/map.svg`).then((r) => r.text())]);
  game.mapData = data;
  game.map = new MapView($("map"), data, svgText);
  game.map.onClick = onMapClick;
  attachZoomLabels(game.map, $("map-pane"));
  attachPinchZoom(game.map);
  game.animation = new MoveAnimation(game.map, $("map-pane"), moveLabel);
  $("tables").replaceChildren(...data.tables.map(tableBlock));
  $("legend").replaceChildren(legendPanel(data));
}

async function main() {
  bindControls();
  const first = await getJSON(gameUrl());
  game.seat = first.seat;
  game.seats = first.seats || {};
  game.role = first.role;
  await loadMap(first.scenario);
  if (game.seat !== "spectator") {
    const label = game.seat === "table" ? "hotseat table" : (game.seats[game.seat] || {}).name || game.seat;
    rememberGame({ game_id: game.id, token: game.token, label, scenario: first.view && first.view.name });
  }
  loadSeen((first.view && first.view.log) || []);
  game.dice = initDice(game, $("dice"));
  game.chat = initChat(game, $("chat"), document.querySelector("[data-tab=chat]"));
  if (game.seat !== "spectator") game.notify = initNotify($("notify-allow"));
  initStackView($("map"), $("map-pane"), $("stack-hover"), () => !$("stack").hidden);
  if (game.seat !== "table") game.positions = storedPositions(positionsKey());
  initReplay(game, { render, accept, url: gameUrl });
  accept(first);
  window.greatwar = game; // for debugging and the browser tests
  connect();
}

main().catch((err) => {
  $("prompt").textContent = `Cannot open this game: ${err.message}`;
  showError(err);
});
