// The verifiable dice (issue 20): the commitment to the game's seed every seat is shown
// (a short hash, what it is), a seat's own randomness mixed into the dice while the server
// takes it, and once the game is over the revealed seed and how to check the record with
// ``greatwar verify``. The seed itself never reaches the page before the end: the server
// sends only its hash (greatwar/server/dice_commitment.py).

import { postJSON } from "./api.js";
import { el } from "./panels.js";

/** Characters of the hash shown in the summary line. */
export const SHORT_HASH = 12;
/** Bytes of randomness the browser draws for a seat's contribution. */
export const ENTROPY_BYTES = 32;

/** A seat's contribution: fresh random bytes from the browser's generator, in hex. */
export function randomEntropy() {
  const bytes = new Uint8Array(ENTROPY_BYTES);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const EXPLANATION =
  "Before anyone moved, the server fixed this game's dice seed and showed every seat this " +
  "hash of it (SHA-256 of a secret salt and the seed). The seed stays secret while the game " +
  "runs; when it is over the server reveals it, and anyone can check that it hashes to the " +
  "commitment shown here and that every die rolled is the one it gives. Until the first " +
  "action, each player may also mix randomness of their own into the dice, so that not even " +
  "the server's owner chose them.";

function short(hash) {
  return `${hash.slice(0, SHORT_HASH)}…`;
}

/** The role a contribution is sent for: the seat's own; the table's seat viewed. */
function contributor(game) {
  if (game.seat === "spectator") return null;
  return game.seat === "table" ? game.role : game.seat;
}

function contributions(commitment, seats) {
  const entries = Object.entries(commitment.entropy || {});
  if (!entries.length) return el("p", { id: "dice-entropy", class: "note", text: "No seat has mixed in randomness of its own: the dice are the server's seed." });
  const name = (role) => (seats[role] && seats[role].name) || role;
  return el(
    "ul",
    { id: "dice-entropy" },
    ...entries.map(([role, hash]) => el("li", { "data-role": role, "data-hash": hash, text: `${name(role)} mixed in randomness (SHA-256 ${short(hash)})` })),
  );
}

function revealedPart(game, revealed) {
  const record = `/api/games/${encodeURIComponent(game.id)}/record?${new URLSearchParams({ token: game.token || "" })}`;
  return el(
    "div",
    { id: "dice-revealed", class: "dice-revealed" },
    el("h4", { text: "The game is over: the dice are revealed" }),
    el("p", {}, "Server seed ", el("code", { id: "dice-seed", text: String(revealed.server_seed) }), ", salt ", el("code", { id: "dice-salt", text: revealed.salt })),
    el(
      "p",
      {},
      "To check the dice yourself, ",
      el("a", { id: "dice-record", href: record, download: `greatwar-${game.id}-record.json`, text: "download the record" }),
      " and run ",
      el("code", { id: "dice-verify", text: `greatwar verify greatwar-${game.id}-record.json --commitment ${revealed.hash}` }),
      ": it recomputes the commitment, the seed with every seat's randomness, every roll and the final position.",
    ),
  );
}

/**
 * The dice section of a game page. ``game``: the page's game (id, token, seat, role,
 * seats); ``box``: where it is drawn. ``update(commitment)`` redraws it from a payload's
 * ``commitment`` (null for a game made before commitments).
 */
export function initDice(game, box) {
  let current = null;
  let sending = false;
  let problem = "";
  let opened = false; // opened by itself once: when randomness may be added, and at the end
  let revealedShown = false;

  async function contribute() {
    const role = contributor(game);
    if (!role || sending) return;
    sending = true;
    const body = { token: game.token, entropy: randomEntropy() };
    if (game.seat === "table") body.role = role;
    try {
      current = await postJSON(`/api/games/${encodeURIComponent(game.id)}/entropy`, body);
      problem = "";
    } catch (err) {
      problem = err.message;
    } finally {
      sending = false;
      draw();
    }
  }

  function offer(commitment) {
    const role = contributor(game);
    if (!role || !commitment.entropy_open) return null;
    if ((commitment.entropy || {})[role]) return el("p", { id: "dice-sent", class: "note", text: "Your randomness is mixed into the dice." });
    const button = el("button", { id: "dice-add", type: "button", text: "Add your own randomness", title: "your browser draws random bytes and sends them; they are mixed into the dice seed" });
    button.disabled = sending;
    button.addEventListener("click", contribute);
    return button;
  }

  function draw() {
    const c = current;
    box.hidden = !c;
    if (!c) return box.replaceChildren();
    const summary = el("summary", {}, "Dice committed: ", el("code", { id: "dice-hash", "data-hash": c.hash, title: c.hash, text: short(c.hash) }), " ", el("span", { class: "note", text: "(what is this?)" }));
    const parts = [summary, el("p", { class: "dice-explain", text: EXPLANATION }), el("p", {}, "Commitment (SHA-256): ", el("code", { id: "dice-full-hash", text: c.hash }))];
    parts.push(contributions(c, game.seats || {}));
    const button = offer(c);
    if (button) parts.push(button);
    if (problem) parts.push(el("p", { id: "dice-error", class: "chat-error", role: "alert", text: problem }));
    if (c.revealed) parts.push(revealedPart(game, c.revealed));
    box.replaceChildren(...parts);
    if ((!opened && button && button.id === "dice-add") || (c.revealed && !revealedShown)) box.open = true;
    opened = opened || Boolean(button && button.id === "dice-add");
    revealedShown = Boolean(c.revealed);
  }

  return {
    update(commitment) {
      if (commitment === undefined) return;
      current = commitment;
      draw();
    },
    get current() {
      return current;
    },
  };
}
