// Two fingers on the map zoom it (a tablet has no wheel): spreading them zooms in, pinching
// them zooms out, about the point between them. While two fingers are down their pointer
// events go no further, so the map's own one-finger pan and tap (js/map.js) do not see them.

/** Ignore finger movements smaller than this share of their distance (jitter). */
const MIN_CHANGE = 0.02;

function distance(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export class PinchZoom {
  constructor(map) {
    this.map = map;
    this.fingers = new Map();
    this.last = null; // the fingers' distance at the last zoom step
    const root = map.root;
    const capture = { capture: true };
    root.addEventListener("pointerdown", (e) => this.down(e), capture);
    root.addEventListener("pointermove", (e) => this.move(e), capture);
    for (const type of ["pointerup", "pointercancel"]) root.addEventListener(type, (e) => this.up(e), capture);
  }

  get pinching() {
    return this.fingers.size >= 2;
  }

  down(e) {
    if (e.pointerType !== "touch") return;
    this.fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pinching) {
      this.last = this.spread();
      e.stopImmediatePropagation();
    }
  }

  move(e) {
    if (e.pointerType !== "touch" || !this.fingers.has(e.pointerId)) return;
    this.fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (!this.pinching) return;
    e.stopImmediatePropagation();
    const now = this.spread();
    if (!this.last || Math.abs(now - this.last) < this.last * MIN_CHANGE) return;
    const [a, b] = [...this.fingers.values()];
    const mid = this.map.toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
    this.map.zoom(now / this.last, mid.x, mid.y);
    this.last = now;
  }

  up(e) {
    if (e.pointerType !== "touch" || !this.fingers.has(e.pointerId)) return;
    const wasPinching = this.pinching;
    this.fingers.delete(e.pointerId);
    if (wasPinching || this.last !== null) e.stopImmediatePropagation(); // no tap at a pinch's end
    if (!this.fingers.size) this.last = null;
  }

  /** The distance between the first two fingers, in screen pixels. */
  spread() {
    const [a, b] = [...this.fingers.values()];
    return distance(a, b);
  }
}

/** Let two fingers zoom a MapView. */
export function attachPinchZoom(map) {
  map.pinchZoom = new PinchZoom(map);
  return map.pinchZoom;
}
