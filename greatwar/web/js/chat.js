// The game's chat: the messages of the seats, kept with the game on the server, sent live
// over the WebSocket. A spectator reads it and cannot write.

import { getJSON, postJSON } from "./api.js";
import { el } from "./panels.js";

export const MAX_CHAT_LENGTH = 500;

function clock(seconds) {
  const when = new Date(seconds * 1000);
  const sameDay = when.toDateString() === new Date().toDateString();
  const time = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return sameDay ? time : `${when.toLocaleDateString()} ${time}`;
}

function line(m) {
  return el(
    "li",
    { class: "chat-message", "data-n": String(m.n), "data-seat": m.seat },
    el("span", { class: "chat-seat", text: m.name || m.seat }),
    " ",
    el("time", { class: "chat-time", datetime: new Date(m.time * 1000).toISOString(), text: clock(m.time) }),
    el("div", { class: "chat-text", text: m.text }),
  );
}

/**
 * The chat panel of a game. ``game``: the page's game (id, token, seat, role);
 * ``panel``: where it is drawn; ``tab``: its tab button (counts unread messages).
 */
export function initChat(game, panel, tab) {
  const seen = new Set();
  const list = el("ol", { id: "chat-list", class: "chat-list" });
  const problem = el("p", { id: "chat-error", class: "chat-error", role: "alert" });
  problem.hidden = true;
  let unread = 0;
  const label = tab.textContent;
  const showUnread = () => {
    tab.textContent = unread ? `${label} (${unread})` : label;
  };
  tab.addEventListener("click", () => {
    unread = 0;
    showUnread();
  });

  const receive = (m) => {
    if (seen.has(m.n)) return;
    seen.add(m.n);
    const after = [...list.children].find((li) => Number(li.dataset.n) > m.n);
    list.insertBefore(line(m), after || null);
    list.scrollTop = list.scrollHeight;
    if (!tab.classList.contains("active")) {
      unread += 1;
      showUnread();
    }
  };

  const url = () => `/api/games/${encodeURIComponent(game.id)}/chat`;
  let form;
  if (game.seat === "spectator") {
    form = el("p", { class: "note", text: "Spectators read the chat; only the players write." });
  } else {
    const input = el("textarea", { id: "chat-input", maxlength: String(MAX_CHAT_LENGTH), rows: "2", placeholder: `a message to the table (at most ${MAX_CHAT_LENGTH} characters)` });
    const send = el("button", { type: "submit", id: "chat-send", text: "Send" });
    form = el("form", { id: "chat-form", class: "chat-form" }, input, send);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { token: game.token, text: input.value };
      if (game.seat === "table" && game.role) body.role = game.role;
      try {
        receive(await postJSON(url(), body));
        input.value = "";
        problem.hidden = true;
      } catch (err) {
        problem.textContent = err.message;
        problem.hidden = false;
      }
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
  }
  panel.replaceChildren(list, form, problem);
  getJSON(`${url()}?${new URLSearchParams({ token: game.token || "" })}`)
    .then((answer) => {
      for (const m of answer.messages) receive(m);
      unread = 0;
      showUnread();
    })
    .catch((err) => {
      problem.textContent = `The chat could not be read: ${err.message}`;
      problem.hidden = false;
    });
  return { receive };
}
