// HTTP helpers and the list of one's games kept in this browser (localStorage).

const STORE_KEY = "greatwar.games";

/** An error answered by the server: code, message and (for refusals) the rule case. */
export class ApiError extends Error {
  constructor(status, body) {
    const err = (body && body.error) || {};
    super(err.message || `HTTP ${status}`);
    this.status = status;
    this.code = err.code || "http_" + status;
    this.case = err.case || null;
  }
}

async function parse(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** GET a JSON document. */
export async function getJSON(url) {
  return parse(await fetch(url, { headers: { Accept: "application/json" } }));
}

/** POST a JSON body and read the JSON answer. */
export async function postJSON(url, body) {
  return parse(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

/** A fresh id for one submission, so that a retried request is never applied twice. */
export function submissionId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** The seats this browser holds: [{game_id, token, label, scenario, created}]. */
export function storedGames() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Remember a seat link (once per token). */
export function rememberGame(entry) {
  const list = storedGames().filter((g) => g.token !== entry.token);
  list.unshift({ created: new Date().toISOString(), ...entry });
  localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, 200)));
}

/** The absolute address of a server path. */
export function absolute(path) {
  return new URL(path, window.location.origin).href;
}
