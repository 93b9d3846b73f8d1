// The STILL LACKING tab: whether the scenario can be played, what blocks it (the live
// lacks and problems, updated after every edit), each item showing its places.

import { el, problemText } from "./dom.js";

/** "Playable: nothing blocks it" or "Not yet playable: N items block it". */
export function verdict(state) {
  const blocking = (state.lacks || []).filter((l) => l.blocking).length + (state.problems || []).length;
  if (state.playable) return "Playable: nothing blocks it";
  const n = Math.max(blocking, 1);
  return `Not yet playable: ${n} item${n === 1 ? "" : "s"} block${n === 1 ? "s" : ""} it`;
}

export function initLacks(ctx, root) {
  ctx.onState((state) => {
    const head = el("p", { className: `verdict ${state.playable ? "playable" : "not-playable"}` }, verdict(state));
    const problems = state.problems || [];
    const lacks = state.lacks || [];
    const parts = [
      head,
      problems.length ? el("h3", {}, `Problems (${problems.length})`) : null,
      problems.length ? itemList(ctx, problems, "problem") : null,
      el("h3", {}, `Still lacking (${lacks.length})`),
      lacks.length ? itemList(ctx, lacks, "lack") : el("p", { className: "hint" }, "Nothing: every datum is entered."),
    ];
    root.replaceChildren(...parts.filter(Boolean));
  });
}

function itemList(ctx, items, kind) {
  return el(
    "ul",
    { className: `lacks-list ${kind}s` },
    items.map((item) => {
      const places = [...(item.hexes || []), ...(item.counters || [])];
      const li = el(
        "li",
        { className: `${kind}${item.blocking ? " blocking" : ""}`, tabIndex: 0, title: places.length ? "show its places" : "" },
        kind === "problem" ? problemText(item) : item.message,
        places.length ? el("small", { className: "places" }, ` ${placesText(item)}`) : null,
      );
      li.addEventListener("click", () => {
        for (const other of li.parentElement.parentElement.querySelectorAll("li.active")) other.classList.remove("active");
        li.classList.add("active");
        ctx.highlight(item.hexes || [], item.counters || []);
      });
      li.addEventListener("keydown", (event) => event.key === "Enter" && li.click());
      if ((item.counters || []).length) li.append(" ", showCounters(ctx, item.counters));
      return li;
    }),
  );
}

function placesText(item) {
  const parts = [];
  const hexes = item.hexes || [];
  const counters = item.counters || [];
  if (hexes.length) parts.push(`${hexes.length} hex${hexes.length === 1 ? "" : "es"}`);
  if (counters.length) parts.push(`${counters.length} counter${counters.length === 1 ? "" : "s"}`);
  return `(${parts.join(", ")})`;
}

/** A link to the counter sheet with the item's counters selected. */
function showCounters(ctx, counters) {
  const link = el("button", { type: "button", className: "show-counters", title: "open the counter sheet on them" }, "counters →");
  link.addEventListener("click", (event) => {
    event.stopPropagation();
    document.querySelector('.tabs [data-tab="tab-counters"]').click();
    ctx.highlight([], counters);
  });
  return link;
}
