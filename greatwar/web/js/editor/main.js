// The scenario editor's page: the project chooser, the top bar (undo, redo, saved, play)
// and the context shared by the map (map.js) and the sheets (sheet.js).
//
// ctx = {
//   state,                      // the project's state() JSON (see the server), kept current
//   apply(ops) -> Promise<bool> // POST ops; on success the new state is shown everywhere;
//                               // a refusal is shown (message, case, places) and resolves false
//   onState(fn)                 // fn(state) after every new state (first call at once)
//   highlight(hexes, counters)  // show places (a problem's, a lack's) on the map / sheet
//   onHighlight(fn)             // fn(hexes, counters): map.js draws, sheet.js selects rows
//   showError(message, problems)// the error bar
//   api(path, init) -> Promise  // fetch JSON under /api/editor/projects/<id>/
// }

import { ApiError, getJSON, postJSON } from "../api.js";
import { initMap } from "./map.js";
import { initSheet } from "./sheet.js";

const $ = (id) => document.getElementById(id);

function projectIdFromAddress() {
  const m = /^\/edit\/([a-z0-9-]+)\/?$/.exec(location.pathname);
  return m ? m[1] : null;
}

function createContext(projectId) {
  const stateListeners = [];
  const highlightListeners = [];
  const base = `/api/editor/projects/${projectId}`;
  const ctx = {
    id: projectId,
    state: null,
    async api(path, init = {}) {
      const response = await fetch(`${base}${path}`, init);
      let body = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      if (!response.ok) throw Object.assign(new ApiError(response.status, body), { body });
      return body;
    },
    setState(state) {
      ctx.state = state;
      for (const fn of stateListeners) fn(state);
    },
    onState(fn) {
      stateListeners.push(fn);
      if (ctx.state) fn(ctx.state);
    },
    highlight(hexes = [], counters = []) {
      for (const fn of highlightListeners) fn(hexes, counters);
    },
    onHighlight(fn) {
      highlightListeners.push(fn);
    },
    showError(message, problems = []) {
      const bar = $("error");
      bar.replaceChildren();
      if (!message) {
        bar.hidden = true;
        return;
      }
      bar.append(document.createTextNode(message));
      if (problems.length) {
        const list = document.createElement("ul");
        for (const p of problems) {
          const item = document.createElement("li");
          item.textContent = p.message + (p.case ? ` [${p.case}]` : "");
          item.className = "problem";
          item.dataset.hexes = (p.hexes || []).join(" ");
          item.addEventListener("click", () => ctx.highlight(p.hexes || [], p.counters || []));
          list.append(item);
        }
        bar.append(list);
        ctx.highlight(problems.flatMap((p) => p.hexes || []), problems.flatMap((p) => p.counters || []));
      }
      bar.hidden = false;
    },
    async apply(ops) {
      return ctx.post("/ops", { ops, revision: ctx.state.project.revision });
    },
    async post(path, body) {
      try {
        const state = await ctx.api(path, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        ctx.showError(null);
        ctx.setState(state);
        return true;
      } catch (err) {
        const problems = (err.body && err.body.error && err.body.error.problems) || [];
        ctx.showError(err.message, problems);
        if (err.status === 409) ctx.setState(await ctx.api(""));
        return false;
      }
    },
  };
  return ctx;
}

function showTopBar(state) {
  const p = state.project;
  $("project-name").textContent = `${p.name} (${p.id})`;
  $("undo").disabled = !p.can_undo;
  $("redo").disabled = !p.can_redo;
  $("saved").textContent = `saved · revision ${p.revision}`;
  $("play").disabled = !state.playable;
  $("play").title = state.playable
    ? "play this scenario"
    : "not yet playable: see Still lacking";
  $("lacks-count").textContent = `(${state.lacks.length})`;
  const download = $("download");
  download.hidden = false;
  download.href = `/api/editor/projects/${p.id}/files`;
}

function wireTabs() {
  for (const button of document.querySelectorAll(".tabs [data-tab]")) {
    button.addEventListener("click", () => {
      for (const b of document.querySelectorAll(".tabs [data-tab]")) {
        b.classList.toggle("active", b === button);
        $(b.dataset.tab).hidden = b !== button;
      }
    });
  }
}

function wireTopBar(ctx) {
  $("undo").addEventListener("click", () => ctx.post("/undo", { revision: ctx.state.project.revision }));
  $("redo").addEventListener("click", () => ctx.post("/redo", { revision: ctx.state.project.revision }));
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z") return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    event.preventDefault();
    $(event.shiftKey ? "redo" : "undo").click();
  });
  $("play").addEventListener("click", async () => {
    const roles = (ctx.state.roles || []).map((r) => r.id);
    const seats = Object.fromEntries(roles.map((r, i) => [r, i === 0 ? "human" : "computer"]));
    try {
      const created = await postJSON(`/api/editor/projects/${ctx.id}/play`, { seats, options: {} });
      location.href = created.url;
    } catch (err) {
      ctx.showError(err.message);
    }
  });
}

async function showChooser() {
  const { renderChooser } = await import("./chooser.js");
  for (const id of ["undo", "redo", "saved", "play"]) $(id).hidden = true; // no project yet
  $("chooser").hidden = false;
  await renderChooser($("chooser"), { getJSON, postJSON });
}

async function main() {
  const projectId = projectIdFromAddress();
  if (!projectId) {
    await showChooser();
    return;
  }
  const ctx = createContext(projectId);
  window.editor = ctx; // for the browser tests and the curious
  wireTabs();
  wireTopBar(ctx);
  ctx.onState(showTopBar);
  initMap(ctx, { region: $("map-region"), panel: $("tab-map") });
  initSheet(ctx, {
    counters: $("tab-counters"),
    scenario: $("tab-scenario"),
    lacks: $("tab-lacks"),
  });
  $("workspace").hidden = false;
  try {
    ctx.setState(await ctx.api(""));
  } catch (err) {
    ctx.showError(`cannot open project ${projectId}: ${err.message}`);
  }
}

main();
