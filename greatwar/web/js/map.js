// The map: the server's SVG picture, with layers the page draws over it (overlays,
// highlighted hexes, counters), zoom (wheel and buttons) and pan (drag).

import { drawCounter, svg } from "./counters.js";

const MAX_STACK_DEPTH = 4;
const DRAG_THRESHOLD = 5;

export class MapView {
  /** ``container``: the element to fill; ``data``: map.json; ``svgText``: map.svg. */
  constructor(container, data, svgText) {
    this.data = data;
    this.size = data.hex_size;
    container.innerHTML = svgText.replace(/^<\?xml[^>]*>\s*/, "");
    this.root = container.querySelector("svg");
    this.root.removeAttribute("width");
    this.root.removeAttribute("height");
    this.root.classList.add("board");
    this.root.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.full = this.hexBounds();
    this.box = { ...this.full };
    this.layers = {};
    for (const name of ["overlay", "moves", "highlight", "counters", "focus"]) {
      this.layers[name] = svg("g", { class: `layer-${name}` });
      this.root.append(this.layers[name]);
    }
    this.onClick = () => {};
    this.applyBox();
    this.bindPointer();
  }

  // --- geometry -----------------------------------------------------------------------

  /** The box around every hex (the title and margins of the picture left out). */
  hexBounds() {
    const xs = Object.values(this.data.hexes).map((h) => h.x);
    const ys = Object.values(this.data.hexes).map((h) => h.y);
    if (!xs.length) return { x: 0, y: 0, w: this.data.width, h: this.data.height };
    const pad = this.size * 1.2;
    const x = Math.min(...xs) - pad;
    const y = Math.min(...ys) - pad;
    return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
  }

  centre(hex) {
    const h = this.data.hexes[hex];
    return h ? [h.x, h.y] : null;
  }

  corners(hex) {
    const [cx, cy] = this.centre(hex);
    const start = this.data.orientation === "flat" ? 0 : 30;
    const out = [];
    for (let i = 0; i < 6; i++) {
      const a = ((start + 60 * i) * Math.PI) / 180;
      out.push(`${(cx + this.size * Math.cos(a)).toFixed(1)},${(cy + this.size * Math.sin(a)).toFixed(1)}`);
    }
    return out.join(" ");
  }

  /** The hex under a point of the picture (nearest centre within one hex size). */
  hexAt(x, y) {
    let best = null;
    let bestD = this.size * this.size;
    for (const [label, h] of Object.entries(this.data.hexes)) {
      const d = (h.x - x) ** 2 + (h.y - y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = label;
      }
    }
    return best;
  }

  toMap(clientX, clientY) {
    const pt = this.root.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const m = this.root.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : pt;
  }

  /** Where a hex's centre is on the screen (for tests and popups). */
  screenPoint(hex) {
    const c = this.centre(hex);
    if (!c) return null;
    const pt = this.root.createSVGPoint();
    [pt.x, pt.y] = c;
    const p = pt.matrixTransform(this.root.getScreenCTM());
    return { x: p.x, y: p.y };
  }

  // --- zoom and pan -------------------------------------------------------------------

  applyBox() {
    const b = this.box;
    this.root.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  }

  zoom(factor, cx = this.box.x + this.box.w / 2, cy = this.box.y + this.box.h / 2) {
    const w = Math.min(this.data.width * 1.2, Math.max(this.size * 4, this.box.w / factor));
    const scale = w / this.box.w;
    const h = this.box.h * scale;
    this.box = { x: cx - (cx - this.box.x) * scale, y: cy - (cy - this.box.y) * scale, w, h };
    this.applyBox();
  }

  fit() {
    this.box = { ...this.full };
    this.applyBox();
  }

  /** Bring a hex into view (keeping the zoom). */
  reveal(hex) {
    const c = this.centre(hex);
    if (!c) return;
    const b = this.box;
    if (c[0] > b.x && c[0] < b.x + b.w && c[1] > b.y && c[1] < b.y + b.h) return;
    this.box = { ...b, x: c[0] - b.w / 2, y: c[1] - b.h / 2 };
    this.applyBox();
  }

  bindPointer() {
    let drag = null;
    this.root.addEventListener("wheel", (e) => {
      e.preventDefault();
      const p = this.toMap(e.clientX, e.clientY);
      this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
    }, { passive: false });
    this.root.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, box: { ...this.box }, moved: false };
    });
    this.root.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!drag.moved) this.root.setPointerCapture(e.pointerId);
      drag.moved = true;
      const scale = this.box.w / this.root.clientWidth;
      const ratio = Math.max(scale, this.box.h / this.root.clientHeight);
      this.box = { ...drag.box, x: drag.box.x - dx * ratio, y: drag.box.y - dy * ratio };
      this.applyBox();
    });
    this.root.addEventListener("pointerup", (e) => {
      const wasDrag = drag && drag.moved;
      drag = null;
      if (wasDrag) return;
      const p = this.toMap(e.clientX, e.clientY);
      const counter = e.target.closest && e.target.closest("[data-unit]");
      const target = e.target.closest && e.target.closest("[data-target]");
      const hex = target ? target.dataset.target : counter ? counter.dataset.hex : this.hexAt(p.x, p.y);
      this.onClick({ hex, unit: counter && !target ? counter.dataset.unit : null, event: e });
    });
  }

  // --- layers -------------------------------------------------------------------------

  /** Draw every stack: ``stacks`` maps a hex to its units (top first). */
  drawCounters(stacks, sheet, colors, marks) {
    const layer = this.layers.counters;
    layer.replaceChildren();
    const c = this.size * 0.9;
    const offset = this.size * 0.09;
    for (const [hex, units] of stacks) {
      const centre = this.centre(hex);
      if (!centre) continue;
      const depth = Math.min(units.length, MAX_STACK_DEPTH) - 1;
      const shift = (depth * offset) / 2;
      const g = svg("g", { class: "stack", "data-stack": hex });
      for (let i = units.length - 1; i >= 0; i--) {
        const u = units[i];
        const k = Math.min(i, depth);
        const node = drawCounter(u, sheet[u.id], colors[u.side] || "#888888", c, marks(u));
        node.setAttribute("data-hex", hex);
        node.setAttribute("transform", `translate(${centre[0] - shift + k * offset},${centre[1] + shift - k * offset})`);
        g.append(node);
      }
      if (units.length > 1) {
        const bx = centre[0] + shift + c / 2;
        const by = centre[1] - shift - c / 2;
        const badge = svg("g", { class: "stack-count", "data-hex": hex });
        badge.append(svg("circle", { cx: bx, cy: by, r: c * 0.17, fill: "#fff", stroke: "#111" }));
        badge.append(svg("text", { x: bx, y: by + c * 0.07, "font-size": c * 0.2, "text-anchor": "middle", "font-weight": "bold" }, String(units.length)));
        g.append(badge);
      }
      layer.append(g);
    }
  }

  /** Mark the focused unit (the one the legal actions are about). */
  focus(unitId) {
    for (const el of this.root.querySelectorAll(".ctr.focused")) el.classList.remove("focused");
    if (!unitId) return;
    const el = this.layers.counters.querySelector(`[data-unit="${CSS.escape(unitId)}"]`);
    if (el) el.classList.add("focused");
  }

  /** Highlight hexes the legal actions reach: [{hex, kind, label, title}]. */
  highlight(targets) {
    const layer = this.layers.highlight;
    layer.replaceChildren();
    for (const t of targets) {
      if (!this.centre(t.hex)) continue;
      const g = svg("g", { class: `target target-${t.kind}`, "data-target": t.hex });
      g.append(svg("title", {}, t.title || t.hex));
      g.append(svg("polygon", { points: this.corners(t.hex) }));
      if (t.label !== undefined && t.label !== null && t.label !== "") {
        const [x, y] = this.centre(t.hex);
        g.append(svg("circle", { cx: x + this.size * 0.55, cy: y + this.size * 0.5, r: this.size * 0.22, class: "cost-bg" }));
        g.append(svg("text", { x: x + this.size * 0.55, y: y + this.size * 0.58, class: "cost", "text-anchor": "middle" }, String(t.label)));
      }
      if (t.path && t.path.length > 1) {
        g.addEventListener("mouseenter", () => this.showPath(t.path));
        g.addEventListener("mouseleave", () => this.showPath(null));
      }
      layer.append(g);
    }
    this.showPath(null);
  }

  /** The route a move would take (hexes from its start), drawn while its hex is hovered. */
  showPath(hexes) {
    const layer = this.layers.focus;
    layer.replaceChildren();
    if (!hexes) return;
    const pts = hexes.map((h) => this.centre(h)).filter(Boolean);
    layer.append(svg("polyline", { class: "route", points: pts.map((p) => p.join(",")).join(" ") }));
  }

  /** Shaded hexes of the toggled overlays: [{hexes, cls, color}] and move arrows. */
  drawOverlays(areas, moves) {
    const layer = this.layers.overlay;
    layer.replaceChildren();
    for (const area of areas) {
      const g = svg("g", { class: `overlay ${area.cls}` });
      for (const hex of area.hexes) {
        if (this.centre(hex)) g.append(svg("polygon", { points: this.corners(hex), fill: area.color || null }));
      }
      layer.append(g);
    }
    const arrows = this.layers.moves;
    arrows.replaceChildren();
    for (const m of moves) {
      const a = this.centre(m.from);
      const b = this.centre(m.to);
      if (!a || !b) continue;
      arrows.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: `move-arrow side-${m.side}`, "marker-end": "url(#gw-arrow)" }));
    }
    this.ensureArrowHead();
  }

  ensureArrowHead() {
    if (this.root.querySelector("#gw-arrow")) return;
    const defs = svg("defs");
    const marker = svg("marker", { id: "gw-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" });
    marker.append(svg("path", { d: "M0,0L10,5L0,10z", fill: "#222" }));
    defs.append(marker);
    this.root.append(defs);
  }
}
