// The start page: choose a system, scenario, options and seats; create a game; list one's games.

import { absolute, getJSON, postJSON, rememberGame, storedGames } from "./api.js";

const $ = (id) => document.getElementById(id);
let scenarios = [];
let seatRoles = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) node.append(child);
  return node;
}

function systems() {
  return [...new Set(scenarios.map((s) => s.system))];
}

function current() {
  return scenarios.find((s) => s.id === $("scenario").value);
}

function fillSystems() {
  const select = $("system");
  select.replaceChildren(...systems().map((s) => el("option", { value: s, text: systemName(s) })));
  const preferred = scenarios.find((s) => s.default) || scenarios[0];
  if (preferred) select.value = preferred.system;
  fillScenarios(preferred && preferred.id);
}

function systemName(id) {
  return { gwite: "The Great War in the East (SPI)", tannenberg: "Tannenberg 1914" }[id] || id;
}

function fillScenarios(preferredId) {
  const list = scenarios.filter((s) => s.system === $("system").value);
  $("scenario").replaceChildren(
    ...list.map((s) =>
      el("option", {
        value: s.id,
        text:
          s.name + (s.fictional ? " — FICTIONAL" : "") + (s.playable === false ? " — not yet playable" : ""),
      }),
    ),
  );
  const teaching =
    list.find((s) => s.id === preferredId) ||
    list.find((s) => s.fictional && s.playable !== false) ||
    list.find((s) => s.playable !== false);
  if (teaching) $("scenario").value = teaching.id;
  showScenario();
}

/** One option of a scenario: a string (a flag) or {id, name, default, choices, description}. */
function optionInput(option) {
  const spec = typeof option === "string" ? { id: option, name: option } : option;
  const id = spec.id || spec.name;
  const label = `${spec.description || id.replaceAll("_", " ")}${spec.case ? ` (${spec.case})` : ""}`;
  if (Array.isArray(spec.choices) && spec.choices.length) {
    const select = el("select", { "data-option": id });
    for (const c of spec.choices) select.append(el("option", { value: c, text: String(c) }));
    if (spec.default !== undefined) select.value = spec.default;
    return el("label", { title: spec.description || "" }, `${label} `, select);
  }
  const box = el("input", { type: "checkbox", "data-option": id, checked: spec.default === true });
  return el("label", { class: "inline", title: spec.description || "" }, box, ` ${label}`);
}

function showScenario() {
  const s = current();
  if (!s) return;
  $("scenario-note").textContent =
    (s.fictional
      ? "FICTIONAL teaching scenario: an invented map and units that exercise every rule."
      : "Historical scenario.") + (s.description ? ` ${s.description}` : "");
  showLacks(s);
  const options = s.options || [];
  $("options").hidden = options.length === 0;
  $("options-body").replaceChildren(...options.map(optionInput));
  for (const input of document.querySelectorAll("[data-option]")) {
    input.addEventListener("change", refreshSeats);
  }
  showSeats(s.roles || []);
}

/** A scenario whose map or counters are still to be entered: say what it lacks, offer no game. */
function showLacks(s) {
  const box = $("scenario-lacks");
  const blocked = s.playable === false;
  box.hidden = !blocked;
  $("create").disabled = blocked;
  if (!blocked) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    el("p", { text: "Not yet playable: its data are still to be entered. It lacks:" }),
    el("ul", {}, ...(s.lacks || []).map((lack) => el("li", { text: lack }))),
  );
  // a server with the scenario editor (greatwar edit / play) says where to enter them
  if (s.edit_url) {
    const link = el("a", { href: s.edit_url, id: "edit-scenario", text: "Enter them in the scenario editor" });
    box.append(el("p", {}, link, " (your map sheet and counter sheet at hand)."));
  }
}

function showSeats(roles) {
  seatRoles = roles;
  $("seats-body").replaceChildren(...roles.map(seatInput));
}

/** Options may change the seats (Tannenberg's three players): ask the server for them. */
async function refreshSeats() {
  const s = current();
  const q = new URLSearchParams({ options: JSON.stringify(chosenOptions()) });
  try {
    showSeats(await getJSON(`/api/scenarios/${s.id}/roles?${q}`));
    $("create-error").textContent = "";
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

/** The computer's levels, each with its agent and stated think time. */
const LEVELS = [
  { name: "easy", seat: "computer", think: "heuristic, moves at once" },
  { name: "normal", seat: "computer:rollout", think: "rollout, about 2 s a decision" },
  { name: "hard", seat: "computer:planner", think: "turn planner, about 5 s a player-turn" },
];

function seatInput(role, index) {
  const select = el("select", { "data-role": role.id, id: `seat-${role.id}` });
  select.append(el("option", { value: "human", text: "human" }));
  // the difficulty levels (greatwar/ai/__init__.py LEVELS, `greatwar play --level`)
  for (const level of LEVELS) {
    select.append(el("option", { value: level.seat, text: `computer: ${level.name} (${level.think})` }));
  }
  select.value = index === 0 ? "human" : "computer";
  return el("label", {}, `${role.name} `, select);
}

function chosenOptions() {
  const out = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    out[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  }
  return out;
}

function chosenSeats() {
  const out = {};
  for (const select of document.querySelectorAll("[data-role]")) {
    out[select.dataset.role] = select.value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seed = $("seed").value === "" ? null : Number($("seed").value);
  const body = {
    scenario: $("scenario").value,
    options: chosenOptions(),
    seed,
    seats: chosenSeats(),
    hotseat: $("hotseat").checked,
  };
  try {
    const game = await postJSON("/api/games", body);
    showCreated(game, body);
  } catch (err) {
    $("create-error").textContent = `Could not create the game: ${err.message}`;
  }
}

function roleName(roleId) {
  const role = seatRoles.find((r) => r.id === roleId);
  return role ? role.name : roleId;
}

function linkItem(label, url, kind) {
  const full = absolute(url);
  const copy = el("button", { type: "button", class: "small", text: "copy" });
  copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(full));
  const a = el("a", { href: url, "data-link": kind, text: "open" });
  return el("li", {}, el("strong", { text: label }), " ", el("code", { text: full }), " ", a, copy);
}

function showCreated(game, body) {
  const scenario = current();
  const items = [];
  if (game.table) {
    items.push(linkItem("This screen (hotseat table)", game.table.url, "table"));
    remember(game, game.table.token, "hotseat table", scenario);
  }
  for (const [role, seat] of Object.entries(game.seats || {})) {
    if (body.seats[role] !== "human") continue;
    items.push(linkItem(`Seat: ${roleName(role)}`, seat.url, `seat-${role}`));
    remember(game, seat.token, roleName(role), scenario);
  }
  if (game.spectator) items.push(linkItem("Spectator", game.spectator.url, "spectator"));
  $("links").replaceChildren(...items);
  $("created").hidden = false;
  refreshMyGames();
}

function remember(game, token, label, scenario) {
  rememberGame({ game_id: game.game_id, token, label, scenario: scenario.name });
}

function tokenOf(url) {
  try {
    return new URL(url, window.location.origin).searchParams.get("token");
  } catch {
    return null;
  }
}

function summaryLine(summary, stored) {
  const parts = [(summary && summary.name) || stored.scenario || ""];
  if (stored.label) parts.push(`as ${stored.label}`);
  if (!summary) return [...parts, "not on this server"].filter(Boolean).join(" · ");
  const waiting = [].concat(summary.waiting_for || []);
  if (summary.over) parts.push("game over");
  else if (waiting.includes(summary.seat) || (summary.seat === "table" && waiting.length)) parts.push("your move");
  else if (waiting.length) parts.push(`waiting for ${waiting.join(", ")}`);
  if (summary.version !== undefined) parts.push(`${summary.version} actions`);
  return parts.filter(Boolean).join(" · ");
}

/** The games `greatwar play` made on this machine (any port) join this browser's list. */
async function addLocalGames() {
  let local = [];
  try {
    local = await getJSON("/api/local-games"); // only a local `greatwar play` server has it
  } catch {
    return;
  }
  const known = new Set(storedGames().map((g) => g.token));
  for (const g of [...local].reverse()) {
    const token = tokenOf(g.url);
    if (token && !known.has(token)) rememberGame({ game_id: g.game_id, token, label: g.seat, scenario: g.name });
  }
}

async function refreshMyGames() {
  await addLocalGames();
  const stored = storedGames();
  if (!stored.length) return;
  let summaries = [];
  try {
    const answer = await postJSON("/api/my-games", { tokens: stored.map((g) => g.token) });
    summaries = Array.isArray(answer) ? answer : answer.games || [];
  } catch {
    summaries = [];
  }
  const byToken = new Map(summaries.map((s) => [s.token || tokenOf(s.url), s]));
  $("game-list").replaceChildren(
    ...stored.map((g) => {
      const summary = byToken.get(g.token);
      const url = `/game/${encodeURIComponent(g.game_id)}?token=${encodeURIComponent(g.token)}`;
      return el("li", {}, el("a", { href: url, text: g.game_id }), ` ${summaryLine(summary, g)}`);
    }),
  );
}

async function main() {
  scenarios = await getJSON("/api/scenarios");
  $("editor-link").hidden = !scenarios.some((s) => s.edit_url); // the server has the editor
  fillSystems();
  $("system").addEventListener("change", () => fillScenarios());
  $("scenario").addEventListener("change", showScenario);
  $("new-game-form").addEventListener("submit", create);
  refreshMyGames();
}

main().catch((err) => {
  $("create-error").textContent = `The server did not answer: ${err.message}`;
});
