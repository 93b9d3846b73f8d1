// The computer's reasons ("has one thing to do", "takes … in hand"), out of the main log:
// a view of their own, collapsed until the player opens it.  The server sends them only
// where they tell nothing hidden (GameService.visible_notes).

import { el, renderLog } from "./panels.js";

/** The collapsible "Computer's reasons" view, put at the top of ``panel`` once. */
export function reasonsView(panel) {
  const existing = panel.querySelector("#reasons");
  if (existing) return existing;
  const view = el("details", { id: "reasons", class: "reasons" }, el("summary", { text: "Computer's reasons" }), el("ol", { class: "log reasons-log" }));
  panel.prepend(view);
  return view;
}

/** Fill the view with the notes (numbered by the log entry each followed); hidden when none. */
export function renderReasons(view, notes, names) {
  view.hidden = !notes.length;
  view.querySelector("summary").textContent = `Computer's reasons (${notes.length})`;
  const lines = notes.map((note) => ({ n: note.at, note: true, text: `${names[note.role] || note.role}: ${note.text}` }));
  renderLog(view.querySelector("ol"), lines);
}
