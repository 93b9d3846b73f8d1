// Hex numbers that follow the zoom: hidden while too small to read (the whole map on a
// laptop or a tablet), shown as the player zooms in; while a hex's number is hidden,
// pointing at the hex (or touching it) shows its label in a small tip by the pointer.
//
// The map picture (greatwar/render/numbers.py) writes the numbers in `.hex-numbers`, at
// a fifth of the hex size; a label of two coordinates (Tannenberg's "A1 B29") carries
// `data-coords="pair"` and, being longer, needs a larger size before it shows.

/** The hex-number font, as a fraction of the hex size (greatwar/render/numbers.py). */
const NUMBER_FONT = 0.2;
/** The smallest hex number, in screen pixels, that reads without effort. */
export const READABLE_PX = 9;
/** The same for a label of two coordinates, which crowds its hex more. */
export const READABLE_PAIR_PX = 11;
/** How long a touch shows a hex's label. */
const TOUCH_TIP_MS = 2500;

/** Screen pixels per map unit (the picture is drawn with "xMidYMid meet"). */
export function pixelsPerUnit(root) {
  const box = root.viewBox.baseVal;
  if (!box || !box.width || !box.height || !root.clientWidth) return 1;
  return Math.min(root.clientWidth / box.width, root.clientHeight / box.height);
}

/** Whether a hex's label is a pair of coordinates. */
function isPair(label) {
  return /\s/.test(label.trim());
}

export class ZoomLabels {
  /** ``map``: the MapView; ``pane``: the element the tip is placed in. */
  constructor(map, pane) {
    this.map = map;
    this.root = map.root;
    this.pane = pane;
    this.tip = document.createElement("div");
    this.tip.className = "hex-tip";
    this.tip.id = "hex-tip";
    this.tip.setAttribute("role", "status");
    this.tip.hidden = true;
    pane.append(this.tip);
    this.hovered = null;
    this.touchTimer = null;
    this.update();
    new MutationObserver(() => this.update()).observe(this.root, { attributes: true, attributeFilter: ["viewBox"] });
    if (window.ResizeObserver) new ResizeObserver(() => this.update()).observe(this.root);
    this.bindPointer();
  }

  /** The hex numbers' size on the screen now, in pixels. */
  numberPx() {
    return NUMBER_FONT * this.map.size * pixelsPerUnit(this.root);
  }

  /** Whether a hex's printed label is hidden at the present zoom. */
  labelHidden(label) {
    const px = this.numberPx();
    return px < (isPair(label) ? READABLE_PAIR_PX : READABLE_PX);
  }

  /** Set the classes that hide the numbers, and refresh the tip. */
  update() {
    const px = this.numberPx();
    this.root.classList.toggle("hn-hidden", px < READABLE_PX);
    this.root.classList.toggle("hn-pair-hidden", px < READABLE_PAIR_PX);
    this.root.dataset.hexNumberPx = px.toFixed(1);
    if (this.hovered && !this.labelHidden(this.hovered)) this.hide();
  }

  bindPointer() {
    let pending = null;
    this.root.addEventListener("pointermove", (e) => {
      if (e.pointerType === "touch") return;
      pending = e;
      requestAnimationFrame(() => {
        if (pending) this.showAt(pending);
        pending = null;
      });
    });
    this.root.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "touch") return; // a finger lifted: the tip stays a moment
      pending = null;
      this.hide();
    });
    this.root.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "touch") return;
      this.showAt(e);
      clearTimeout(this.touchTimer);
      this.touchTimer = setTimeout(() => this.hide(), TOUCH_TIP_MS);
    });
  }

  /** Show the label of the hex under a pointer event, when its printed number is hidden. */
  showAt(event) {
    const p = this.map.toMap(event.clientX, event.clientY);
    const hex = this.map.hexAt(p.x, p.y);
    if (!hex || !this.labelHidden(hex)) {
      this.hide();
      return;
    }
    this.hovered = hex;
    this.tip.replaceChildren(hexText(hex, this.terrainName(hex)));
    const pane = this.pane.getBoundingClientRect();
    const x = Math.min(event.clientX - pane.left + 14, pane.width - 150);
    const y = event.clientY - pane.top - 34;
    this.tip.style.left = `${Math.max(4, x)}px`;
    this.tip.style.top = `${Math.max(4, y)}px`;
    this.tip.dataset.hex = hex;
    this.tip.hidden = false;
  }

  /** The name of a hex's terrain as the legend writes it. */
  terrainName(hex) {
    const key = (this.map.data.hexes[hex] || {}).terrain;
    const entry = (this.map.data.terrain || []).find((t) => t.key === key);
    return entry ? entry.name : key;
  }

  hide() {
    this.hovered = null;
    this.tip.hidden = true;
  }
}

function hexText(hex, terrain) {
  const frag = document.createDocumentFragment();
  const b = document.createElement("b");
  b.textContent = hex;
  frag.append(b);
  if (terrain) {
    const t = document.createElement("span");
    t.className = "hex-tip-terrain";
    t.textContent = ` · ${terrain}`;
    frag.append(t);
  }
  return frag;
}

/** Make a map's hex numbers follow its zoom (the controller is kept as ``map.zoomLabels``). */
export function attachZoomLabels(map, pane) {
  map.zoomLabels = new ZoomLabels(map, pane);
  return map.zoomLabels;
}
