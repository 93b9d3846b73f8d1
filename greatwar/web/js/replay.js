// Replay mode of the game page: step through the game's history one action or one phase
// at a time, the map and panels redrawn from the view the server gives this seat at each
// step (GET /api/games/{id}/replay and /replay/{k}); nothing can be done meanwhile.
// While replaying, live updates are kept aside and taken in on "back to the game".

import { describe } from "./actions.js";
import { getJSON } from "./api.js";
import { el } from "./panels.js";
import { LastMoves } from "./overlays.js";

const $ = (id) => document.getElementById(id);

/**
 * The steps at which a phase begins: 0, and every k whose next action (k + 1) is of
 * another phase than action k (the map at k is the phase's start, before its first action).
 */
export function phaseStarts(steps) {
  const out = [0];
  for (let i = 1; i < steps.length; i += 1) if (steps[i].phase !== steps[i - 1].phase) out.push(i);
  return out;
}

/** "Back a phase": the latest phase start before step k (0 at the most). */
export function phaseBack(steps, k) {
  return Math.max(0, ...phaseStarts(steps).filter((b) => b < k));
}

/** "Forward a phase": the next phase start after step k (the last step at the most). */
export function phaseForward(steps, k) {
  return Math.min(steps.length, ...phaseStarts(steps).filter((b) => b > k));
}

/** What the step was, as this seat may know it. */
export function stepText(step, labels, seats) {
  if (!step) return "the start of the game";
  const who = (seats[step.role] || {}).name || step.role;
  let what;
  if (step.hidden) what = step.log.length ? `(hidden) ${step.log.join(" ")}` : "a hidden action";
  else what = describe(step.action, labels);
  return `${who}: ${what}`;
}

const BUTTONS = [
  ["replay-start", "⇤ Start", "the start of the game", () => 0],
  ["replay-phase-back", "« Phase", "back a phase", (r) => phaseBack(r.steps, r.k)],
  ["replay-back", "‹ Back", "back one action (←)", (r) => Math.max(0, r.k - 1)],
  ["replay-forward", "Forward ›", "forward one action (→)", (r) => Math.min(r.steps.length, r.k + 1)],
  ["replay-phase-forward", "Phase »", "forward a phase", (r) => phaseForward(r.steps, r.k)],
  ["replay-end", "End ⇥", "the last action: the game now", (r) => r.steps.length],
];

/**
 * Wire the replay into the game page.  ``page``: ``render()`` draws ``game.view``,
 * ``accept(payload)`` takes a live payload, ``url(path)`` is the seat's API address.
 */
export function initReplay(game, page) {
  const replay = { active: false, steps: [], k: 0, live: null, saved: null, shown: null };
  game.replay = replay;
  const bar = $("replay-bar");
  const label = el("span", { id: "replay-step", class: "replay-step" });
  const buttons = BUTTONS.map(([id, text, title, target]) => {
    const b = el("button", { id, text, title });
    b.addEventListener("click", async () => {
      await catchUp();
      await show(target(replay));
    });
    return b;
  });
  const back = el("button", { id: "replay-exit", class: "primary", text: "Back to the game" });
  back.addEventListener("click", leave);
  bar.replaceChildren(el("strong", { text: "Replay" }), ...buttons, label, back);
  $("replay-open").addEventListener("click", enter);
  // the seat may change (a hotseat table hands the screen over): the link follows it
  const download = $("download");
  download.href = page.url("/download");
  download.addEventListener("click", () => {
    download.href = page.url("/download");
  });
  document.addEventListener("keydown", (e) => {
    if (!replay.active || e.target.closest("input, textarea")) return;
    if (e.key === "ArrowLeft") show(Math.max(0, replay.k - 1));
    if (e.key === "ArrowRight") show(Math.min(replay.steps.length, replay.k + 1));
  });

  async function enter() {
    if (replay.active) return;
    const got = await getJSON(page.url("/replay"));
    replay.steps = got.steps;
    replay.saved = { view: game.view, notes: game.notes, positions: game.positions, lastMoves: game.lastMoves };
    replay.live = null;
    replay.shown = null;
    replay.active = true;
    document.body.classList.add("replaying");
    bar.hidden = false;
    await show(replay.steps.length);
  }

  /** Take in the steps played since the replay was opened (kept aside meanwhile). */
  async function catchUp() {
    if (!replay.live || (replay.live.version ?? 0) <= replay.steps.length) return;
    replay.steps = (await getJSON(page.url("/replay"))).steps;
  }

  async function show(k) {
    if (!replay.active) return;
    const got = await getJSON(page.url(`/replay/${k}`));
    if (!replay.active) return;
    replay.k = k;
    const before = replay.shown;
    game.view = got.view;
    game.notes = got.notes || [];
    game.positions = new Map((got.view.units || []).filter((u) => u.hex).map((u) => [u.id, u.hex]));
    game.lastMoves = new LastMoves(); // the step's moves, drawn by the "last moves" overlay
    game.lastMoves.add(`replay-${k}`, movesBetween(before, got.view));
    replay.shown = got.view;
    page.render();
    markReadOnly(k);
  }

  /** The pieces that moved between the step shown before and this one. */
  function movesBetween(before, view) {
    if (!before) return [];
    const was = new Map((before.units || []).filter((u) => u.hex).map((u) => [u.id, u.hex]));
    return (view.units || [])
      .filter((u) => u.status === "on_map" && u.hex && was.get(u.id) && was.get(u.id) !== u.hex)
      .map((u) => ({ unit: u.id, from: was.get(u.id), to: u.hex, side: u.side }));
  }

  function markReadOnly(k) {
    const step = k ? replay.steps[k - 1] : null;
    const labels = Object.fromEntries((game.view.units || []).map((u) => [u.id, u.name]));
    // the phase the map is in: that of the next action (the last one's at the end)
    const phase = (replay.steps[k] || step || {}).phase || "";
    label.replaceChildren(
      el("span", { class: "replay-count", text: `Step ${k} of ${replay.steps.length}` }),
      el("span", { class: "replay-phase", text: phase }),
      el("span", { class: "replay-what", text: step ? `Last action — ${stepText(step, labels, game.seats)}` : stepText(null) }),
    );
    label.dataset.step = String(k);
    for (const b of buttons) b.disabled = false;
    $("replay-start").disabled = $("replay-back").disabled = $("replay-phase-back").disabled = k === 0;
    const atEnd = k === replay.steps.length;
    $("replay-end").disabled = $("replay-forward").disabled = $("replay-phase-forward").disabled = atEnd;
    $("actions").replaceChildren(el("p", { class: "note", text: "Replay: nothing can be done here — “Back to the game” to play." }));
    $("prompt").textContent = `Replay, step ${k}: ${game.view.prompt || ""}`;
    $("waiting").textContent = "";
    $("undo").hidden = true;
  }

  function leave() {
    if (!replay.active) return;
    replay.active = false;
    document.body.classList.remove("replaying");
    bar.hidden = true;
    Object.assign(game, replay.saved);
    page.render();
    if (replay.live) page.accept(replay.live);
    replay.live = null;
  }

  return replay;
}
