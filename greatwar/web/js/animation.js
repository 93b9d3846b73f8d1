// The other side's moves since the player last acted, shown as a short animation when his
// turn comes (the computer plays as fast as it thinks): each move drawn in turn, with
// buttons to skip it and to replay it.  Only what the seat's own views showed is drawn.

import { el } from "./panels.js";

export const STEP_MS = 300;

function translation(node) {
  const m = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(node.getAttribute("transform") || "");
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

export class MoveAnimation {
  /** ``map``: the MapView; ``pane``: the element the Skip / Replay bar goes in;
   * ``label(hop)``: the words for one move. */
  constructor(map, pane, label) {
    this.map = map;
    this.label = label;
    this.pending = []; // moves seen while waiting for the others
    this.steps = []; // the moves last shown (for Replay)
    this.running = [];
    this.timer = null;
    this.caption = el("span", { class: "replay-caption" });
    this.skipButton = el("button", { id: "anim-skip", text: "Skip", title: "show the map as it is now" });
    this.replayButton = el("button", { id: "anim-replay", text: "Replay", title: "show these moves again" });
    this.skipButton.addEventListener("click", () => this.skip());
    this.replayButton.addEventListener("click", () => this.play(this.steps));
    this.bar = el("div", { id: "move-animation", class: "move-animation", hidden: true }, this.caption, this.skipButton, this.replayButton);
    pane.append(this.bar);
  }

  /** Moves seen while the player was waiting; shown when his turn comes. */
  collect(seen) {
    this.pending.push(...seen);
  }

  /** The player's turn has come: show what moved meanwhile (nothing when nothing did). */
  showPending() {
    if (!this.pending.length) return;
    this.steps = this.pending;
    this.pending = [];
    this.play(this.steps);
  }

  /** The player acted: the bar of the last animation goes. */
  dismiss() {
    this.stop();
    this.bar.hidden = true;
  }

  play(steps) {
    this.stop();
    if (!steps.length) return;
    const counters = this.map.layers.counters;
    steps.forEach((hop, i) => {
      const node = counters.querySelector(`[data-unit="${CSS.escape(hop.unit)}"]`);
      const a = this.map.centre(hop.from);
      const b = this.map.centre(hop.to);
      if (!node || !a || !b) return;
      const [x, y] = translation(node);
      const route = [hop, ...steps.slice(i + 1)].filter((h) => h.unit === hop.unit);
      // where the counter stands before this move: its end now, less this move and the later ones
      const dx = route.reduce((s, h) => s + this.map.centre(h.from)[0] - this.map.centre(h.to)[0], 0);
      const dy = route.reduce((s, h) => s + this.map.centre(h.from)[1] - this.map.centre(h.to)[1], 0);
      const ex = dx - (a[0] - b[0]);
      const ey = dy - (a[1] - b[1]);
      const first = !steps.slice(0, i).some((h) => h.unit === hop.unit);
      const frames = [{ transform: `translate(${x + dx}px, ${y + dy}px)` }, { transform: `translate(${x + ex}px, ${y + ey}px)` }];
      const options = { duration: STEP_MS, delay: i * STEP_MS, easing: "ease-in-out", fill: first ? "both" : "forwards" };
      this.running.push(node.animate(frames, options));
    });
    this.bar.hidden = false;
    this.bar.dataset.state = "playing";
    this.skipButton.hidden = false;
    this.tick(steps, 0);
  }

  tick(steps, i) {
    if (i >= steps.length) return this.finish();
    this.caption.textContent = `Moves since you last acted: ${i + 1} of ${steps.length} — ${this.label(steps[i])}`;
    this.timer = setTimeout(() => this.tick(steps, i + 1), STEP_MS);
  }

  /** Show the map as it is now, at once. */
  skip() {
    this.finish();
  }

  finish() {
    this.stop();
    this.caption.textContent = `${this.steps.length} move(s) since you last acted`;
    this.bar.dataset.state = "done";
    this.skipButton.hidden = true;
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    for (const anim of this.running) anim.cancel();
    this.running = [];
  }

  get playing() {
    return this.bar.dataset.state === "playing";
  }
}
