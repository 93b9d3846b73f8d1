// Refusals on the page (issue 17): a click on a unit or a hex that no legal action is
// about asks the server why (GET /api/games/{id}/why, answered from the rules in the
// seat's own knowledge) and shows the reason and its rule case in a dismissable box
// just under the prompt.

import { getJSON } from "./api.js";
import { el } from "./panels.js";

const BOX_ID = "refusal";

let asked = 0; // only the answer to the latest click is shown

/** Ask why the seat cannot act on ``unit`` and/or ``hex``; show the refusal, if any. */
export async function explainRefusal(whyUrl, { unit = null, hex = null }) {
  const ticket = ++asked;
  const url = new URL(whyUrl, window.location.href);
  if (unit) url.searchParams.set("unit", unit);
  if (hex) url.searchParams.set("hex", hex);
  let answer;
  try {
    answer = await getJSON(url.pathname + url.search);
  } catch {
    return; // a spectator, a lost connection: the click just does nothing
  }
  if (ticket !== asked) return;
  if (answer.refused) showRefusal(answer);
  else clearRefusal();
}

/** The refusal box: the reason, the rule case and the case's summary. */
export function showRefusal(answer) {
  const box = refusalBox();
  const close = el("button", { class: "refusal-close", text: "×", title: "dismiss" });
  close.addEventListener("click", clearRefusal);
  const parts = [el("span", { class: "refusal-reason", text: answer.reason })];
  if (answer.case) parts.push(el("span", { class: "refusal-case", text: ` [${answer.case}]` }));
  if (answer.summary) parts.push(el("div", { class: "refusal-summary note", text: `${answer.case}: ${answer.summary}` }));
  box.replaceChildren(close, ...parts);
  box.dataset.case = answer.case || "";
  box.hidden = false;
}

/** Take the refusal box away (a new click, an action taken, dismissed). */
export function clearRefusal() {
  asked++;
  const box = document.getElementById(BOX_ID);
  if (box) box.hidden = true;
}

function refusalBox() {
  let box = document.getElementById(BOX_ID);
  if (box) return box;
  addStyles();
  box = el("div", { id: BOX_ID, class: "refusal", role: "alert" });
  box.hidden = true;
  const pane = document.getElementById("map-pane") || document.body;
  pane.prepend(box);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") clearRefusal();
  });
  return box;
}

function addStyles() {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/refusal.css", import.meta.url).href;
  document.head.append(link);
}
