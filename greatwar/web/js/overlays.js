// The map overlays' choices (kept in this browser across reloads) and the "last moves"
// overlay: the moves of the last player-turn only, an undone move leaving no arrow.

const CHOICES_KEY = "greatwar.overlays";

/** The overlay check boxes as this browser last left them (their page defaults otherwise). */
export function restoreOverlayChoices(boxes) {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(CHOICES_KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  for (const box of boxes) {
    if (typeof saved[box.dataset.overlay] === "boolean") box.checked = saved[box.dataset.overlay];
  }
}

/** Remember every overlay check box's state (called when one changes). */
export function rememberOverlayChoices(boxes) {
  const choices = Object.fromEntries([...boxes].map((b) => [b.dataset.overlay, b.checked]));
  localStorage.setItem(CHOICES_KEY, JSON.stringify(choices));
}

/** Which player-turn a view is in: the game-turn (or stage) and the phasing player (or,
 * where the view names none, the phase). */
export function playerTurnKey(view) {
  const track = view.phase_track || [];
  const turnStep = track.find((s) => s.kind === "player_turn") || track[2] || {};
  return `${view.turn ?? view.stage ?? 0}|${view.phasing || turnStep.title || ""}`;
}

/** The units that changed hex between two views: [{unit, from, to, side}]. */
export function hops(before, view) {
  const out = [];
  for (const u of view.units || []) {
    if (u.status !== "on_map" || !u.hex) continue;
    const was = before.get(u.id);
    if (was && was !== u.hex) out.push({ unit: u.id, from: was, to: u.hex, side: u.side });
  }
  return out;
}

/** The moves of the last player-turn in which anything moved, as each unit's route. */
export class LastMoves {
  constructor() {
    this.key = null;
    this.routes = new Map(); // unit -> {side, hexes: [start, ..., now]}
  }

  /** Take the hops seen in a view of player-turn ``key``. */
  add(key, seen) {
    if (!seen.length) return;
    if (key !== this.key) {
      this.key = key;
      this.routes = new Map();
    }
    for (const hop of seen) this.addHop(hop);
  }

  addHop({ unit, from, to, side }) {
    const route = this.routes.get(unit) || { side, hexes: [from] };
    const back = route.hexes.lastIndexOf(to);
    if (back >= 0) route.hexes = route.hexes.slice(0, back + 1); // undone: the arrow goes
    else route.hexes.push(to);
    if (route.hexes.length > 1) this.routes.set(unit, route);
    else this.routes.delete(unit);
  }

  /** The arrows to draw: one per hop of every route, [{unit, from, to, side}]. */
  arrows() {
    const out = [];
    for (const [unit, route] of this.routes) {
      for (let i = 1; i < route.hexes.length; i++) {
        out.push({ unit, from: route.hexes[i - 1], to: route.hexes[i], side: route.side });
      }
    }
    return out;
  }
}

/** Where this browser last saw the seat's pieces (its own view only), so that the moves made
 * while the player was away are shown when he comes back. */
export function storedPositions(key) {
  try {
    return new Map(JSON.parse(localStorage.getItem(key) || "[]"));
  } catch {
    return new Map();
  }
}

export function storePositions(key, positions) {
  localStorage.setItem(key, JSON.stringify([...positions]));
}
