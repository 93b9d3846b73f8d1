// Legal actions as the page offers them: which hex or unit each one is about,
// how it is drawn on the map, and a label in a player's words.

const HEX_KEYS = ["to", "hex", "target"];

/** The hex an action is aimed at (a move's destination, an attack's target ...), or null. */
export function actionHex(action, hexes) {
  for (const key of HEX_KEYS) {
    const value = action[key];
    if (typeof value === "string" && hexes[value]) return value;
  }
  // a retreat names only its path: it ends where the path ends
  const path = action.path;
  if (Array.isArray(path) && path.length && hexes[path[path.length - 1]]) return path[path.length - 1];
  return null;
}

/** The hexes a move or retreat passes through, from where it starts (for the hover route). */
export function actionRoute(action, start) {
  if (!Array.isArray(action.path)) return null;
  const from = typeof action.from === "string" ? action.from : start;
  const route = [from, ...action.path].filter(Boolean);
  return route.length > 1 ? route : null;
}

/** The unit an action is about, or null. */
export function actionUnit(action) {
  // the piece an action is about: its unit, or the masking counter it lifts or takes
  // back (Tannenberg 16.1: a click on the mask offers them; refusals.PIECE_KEYS)
  if (typeof action.unit === "string") return action.unit;
  return typeof action.mask === "string" ? action.mask : null;
}

/** How a hex target is drawn: move, attack, retreat, enter or other. */
export function targetKind(action) {
  const t = action.type;
  if (["move", "rail_move", "off_map", "reenter", "rail_enter", "step", "first_step"].includes(t)) return "move";
  if (["declare", "add_target", "clash", "fight", "shell", "fire", "reconnoitre"].includes(t)) return "attack";
  if (["retreat", "advance", "displace", "flee", "escape", "pursue", "occupy"].includes(t)) return "retreat";
  if (["enter", "place_hq", "unload", "empty_mask", "add_hex", "depot", "deploy"].includes(t)) return "enter";
  return "other";
}

/** The number shown in a highlighted hex: movement cost, rail hexes. */
export function targetLabel(action) {
  // a cost decided by a provisional table entry is starred
  if (action.cost !== undefined) return action.provisional ? `${action.cost}*` : action.cost;
  if (action.hexes !== undefined && typeof action.hexes === "number") return action.hexes;
  return null;
}

const VERBS = {
  select: "Select",
  move: "Move",
  finish: "Finish moving",
  end_segment: "End the segment",
  end_phase: "End the phase",
  declare: "Attack",
  resolve: "Resolve the attack",
  cancel: "Cancel",
  add_attacker: "Add attacker",
  remove_attacker: "Remove attacker",
  add_target: "Add target hex",
  remove_target: "Remove target hex",
  add_shift: "Add HQ shift",
  remove_shift: "Remove HQ shift",
  option: "Choose",
  retreat: "Retreat",
  advance: "Advance",
  end_advance: "No (more) advance",
  command: "Command",
  release: "Release from command",
  end_allocation: "End command allocation",
  entrain: "Entrain",
  detrain: "Detrain",
  rail_move: "Move by rail",
  enter: "Enter",
  withhold: "Withhold",
  replace: "Replace a step",
  attempt: "Attempt withdrawal",
  mask: "Mask",
  empty_mask: "Place an empty mask",
  end_orders: "End orders",
  card: "Play card",
  react: "React",
  reserve: "Put in reserve",
  end_reserve: "End reserve movement",
  let_pass: "Let pass",
  undo: "Undo",
  // Ending the game early by mutual agreement (caporetto 4.1)
  propose_end: "Propose to end the game now",
  play_on: "Play on",
  accept_end: "Accept: end the game now",
  decline_end: "Decline: play on",
  // The Brusilov Offensive
  defensive_shift: "Add the defensive shift of",
  remove_defensive_shift: "Take back the defensive shift of",
  massed_artillery: "Massed Artillery Fire from",
  remove_massed_artillery: "Take back the Massed Artillery Fire of",
  end_defense: "Let the die be rolled",
  depot: "Receive supply depot",
  refuse_depot: "Decline the supply depot",
  withhold_permanently: "Withhold for good",
  // Caporetto 1917
  barrage: "Barrage support from",
  reduce_barrage: "Reduce the barrage of",
  remove_barrage: "Take back the barrage of",
  defensive_barrage: "Defensive barrage from",
  remove_defensive_barrage: "Take back the defensive barrage of",
  // Von Hindenburg in Poland
  break_down: "Break down",
  reconstitute: "Reconstitute",
  // Caporetto 1917: the set-up before Game-Turn 1 (25.2-25.33, Appendix A), forced
  // march (19.0), pursuit (20.0)
  deploy: "Set up",
  end_deployment: "Finish the set-up",
  force_march: "Force march",
  pursue: "Pursue",
  // Serbia/Galicia: Putnik (19.1), the monitor flotilla (21.0)
  putnik_shift: "Give Putnik's shift through",
  remove_putnik_shift: "Take back Putnik's shift",
  add_flotilla: "Add the monitor flotilla",
  remove_flotilla: "Take back the monitor flotilla",
};

/** Keys whose value is a unit (shown by its name). */
const UNIT_KEYS = ["unit", "hq", "depot", "through"];

function value(key, v, names) {
  if (UNIT_KEYS.includes(key) && typeof v === "string") return names[v] || v;
  if (Array.isArray(v)) return v.map((x) => names[x] || x).join("→");
  if (typeof v === "object" && v !== null) return JSON.stringify(v);
  return String(v);
}

/**
 * Give each legal action of a view the server's label (``view.labels``, in the same order),
 * as a property JSON leaves out, so that the action submitted stays exactly the legal one.
 */
export function attachLabels(view) {
  const actions = (view && view.legal_actions) || [];
  const labels = (view && view.labels) || [];
  actions.forEach((action, i) => {
    if (typeof labels[i] === "string") Object.defineProperty(action, "label", { value: labels[i], enumerable: false });
  });
  return view;
}

/** An action in a player's words: the server's label when the view gave one, else a verb
 * for its type, then its details with unit names. */
export function describe(action, names = {}) {
  if (typeof action.label === "string") return action.label;
  const verb = VERBS[action.type] || String(action.type || "?").replaceAll("_", " ");
  if (action.type === "option" && action.text) return `${verb}: ${action.text}`;
  if (action.type === "card" && typeof action.card === "string") return `Play ${action.card.toUpperCase()}`;
  if (["break_down", "reconstitute"].includes(action.type) && Array.isArray(action.divisions)) {
    // Hindenburg 21.11, 21.12: a corps and its two division counters
    const [a, b] = action.divisions.map((d) => names[d] || d);
    const corps = names[action.unit] || action.unit;
    if (action.type === "break_down") return `${verb} ${corps} into ${a} and ${b}`;
    return `${verb} ${corps} from ${a} and ${b}${action.hex ? ` in ${action.hex}` : ""}`;
  }
  const parts = [];
  for (const [key, v] of Object.entries(action)) {
    if (key === "type" || key === "provisional") continue;
    if (key === "path" && HEX_KEYS.some((k) => k in action)) continue;
    if (typeof v === "boolean") parts.push(v ? key : `not ${key}`);
    else if (UNIT_KEYS.includes(key)) parts.push(value(key, v, names));
    else if (["to", "hex", "target"].includes(key)) parts.push(`→ ${v}`);
    else if (key === "cost") parts.push(`(${v} MP)`);
    else parts.push(`${key.replaceAll("_", " ")} ${value(key, v, names)}`);
  }
  const text = parts.length ? `${verb} ${parts.join(" ")}` : verb;
  return action.provisional ? `${text} *` : text;
}

/** Whether two actions are the same (the server gets exactly what the view listed). */
export function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
