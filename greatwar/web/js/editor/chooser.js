// The editor's start (/edit): open a project, start one from a shipped scenario
// (``?from=<scenario id>`` preselects it and offers the project already made from it),
// or a blank map.  A created project opens at /edit/<id>.

import { el, field, problemText, select } from "./dom.js";

const SYSTEM_NUMBERING = { gwite: "spi", tannenberg: "tannenberg" };

export async function renderChooser(root, { getJSON, postJSON }) {
  const [projects, scenarios] = await Promise.all([getJSON("/api/editor/projects"), getJSON("/api/scenarios")]);
  const wanted = new URLSearchParams(location.search).get("from");
  const error = el("div", { className: "chooser-error", role: "alert", hidden: true });

  async function create(body) {
    error.hidden = true;
    try {
      const state = await postJSON("/api/editor/projects", body);
      location.href = `/edit/${state.project.id}`;
    } catch (err) {
      const problems = (err.body && err.body.error && err.body.error.problems) || [];
      error.replaceChildren(el("p", {}, err.message), el("ul", {}, problems.map((p) => el("li", {}, problemText(p)))));
      error.hidden = false;
    }
  }

  root.replaceChildren(
    el("h2", {}, "Scenario editor"),
    el("p", { className: "hint" }, "Turn your map sheet and counter sheet into a playable scenario. Every edit is saved at once."),
    error,
    projectList(projects),
    fromScenario(scenarios, projects, wanted, create),
    blankMap(scenarios, create),
  );
}

function projectList(projects) {
  const body = projects.length
    ? el(
        "ul",
        { className: "project-list" },
        projects.map((p) =>
          el(
            "li",
            { dataset: { id: p.id } },
            el("a", { href: `/edit/${p.id}` }, p.name || p.id),
            el("small", {}, ` ${p.id} · ${p.system}${p.source ? ` · from ${p.source}` : ""}${p.updated ? ` · ${p.updated}` : ""}`),
          ),
        ),
      )
    : el("p", { className: "hint" }, "No project yet.");
  return el("section", { className: "chooser-block projects" }, el("h3", {}, "Open a project"), body);
}

function fromScenario(scenarios, projects, wanted, create) {
  const options = scenarios.map((s) => [s.id, `${s.name} (${s.id})${s.playable === false ? " — lacking data" : ""}`]);
  const choice = select(options, wanted && scenarios.some((s) => s.id === wanted) ? wanted : scenarios[0] && scenarios[0].id, { className: "scenario-select" });
  const id = el("input", { type: "text", placeholder: "project id (optional)", pattern: "[a-z0-9-]{1,60}", className: "project-id" });
  const existing = el("p", { className: "existing" });
  const start = el("button", { type: "button", className: "primary start-from" }, "Start from this scenario");
  function showExisting() {
    const made = projects.filter((p) => p.source === choice.value);
    existing.replaceChildren();
    existing.hidden = !made.length;
    if (made.length) {
      existing.append(
        "A project made from it exists: ",
        ...made.map((p) => el("a", { href: `/edit/${p.id}`, className: "open-existing" }, `open ${p.name || p.id}`)),
        ". Or start another:",
      );
    }
    start.textContent = made.length ? "Start another project from it" : "Start from this scenario";
  }
  choice.addEventListener("change", showExisting);
  start.addEventListener("click", () => create({ from: choice.value, ...(id.value.trim() ? { id: id.value.trim() } : {}) }));
  showExisting();
  return el("section", { className: "chooser-block from-scenario" }, el("h3", {}, "Start from a scenario"), field("scenario", choice), existing, field("id", id), start);
}

function blankMap(scenarios, create) {
  const systems = [...new Set(scenarios.map((s) => s.system))];
  const system = select(systems.length ? systems : ["gwite", "tannenberg"], systems[0] || "gwite", { className: "blank-system" });
  const name = el("input", { type: "text", value: "New scenario", className: "blank-name" });
  const numbering = select(["spi", "tannenberg"], SYSTEM_NUMBERING[system.value] || "spi", { className: "blank-numbering" });
  system.addEventListener("change", () => (numbering.value = SYSTEM_NUMBERING[system.value] || "spi"));
  const num = (value, cls) => el("input", { type: "number", min: 0, step: 1, value, className: cls });
  const columns = [num(1, "blank-col-first"), num(20, "blank-col-last")];
  const rows = [num(1, "blank-row-first"), num(16, "blank-row-last")];
  const prefix = el("input", { type: "text", value: "", placeholder: "e.g. g (two-map games)", className: "blank-prefix" });
  const id = el("input", { type: "text", placeholder: "project id (optional)", className: "blank-id" });
  const start = el("button", { type: "button", className: "primary start-blank" }, "Start a blank map");
  start.addEventListener("click", () => {
    const blank = {
      system: system.value,
      name: name.value.trim(),
      numbering: numbering.value,
      columns: columns.map((c) => Number(c.value)),
      rows: rows.map((r) => Number(r.value)),
    };
    if (prefix.value.trim()) blank.prefix = prefix.value.trim();
    create({ blank, ...(id.value.trim() ? { id: id.value.trim() } : {}) });
  });
  return el(
    "section",
    { className: "chooser-block blank" },
    el("h3", {}, "Blank map"),
    el(
      "div",
      { className: "form-grid" },
      field("system", system),
      field("name", name),
      field("numbering", numbering, "spi: CCRR; tannenberg: \"A53 B4\""),
      field("columns", el("span", {}, columns[0], " to ", columns[1])),
      field("rows", el("span", {}, rows[0], " to ", rows[1])),
      field("prefix", prefix),
      field("id", id),
    ),
    start,
  );
}
