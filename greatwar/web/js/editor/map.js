// The editor's map: the project's map picture (redrawn from every new state), pan and
// zoom, the tool bar (tools.js), the backdrop scan and its alignment (backdrop.js), the
// outlines of the places a problem, a lack or a feature asks to show, and the Map tab
// (the current tool's settings, the map's features).

import { svg } from "../counters.js";
import { MapView } from "../map.js";
import { Backdrop } from "./backdrop.js";
import { renderFeatures } from "./features.js";
import { TOOLS, makeTools } from "./tools.js";
import { el } from "../panels.js";

const DRAG_THRESHOLD = 5;

/** The game's map view with the editor's pointer handling: the tool gets the clicks and
 * strokes; panning is a drag with the pan tool, the right or middle button, Shift, or a
 * drag with a tool that only clicks. */
class EditorMapView extends MapView {
  bindPointer() {
    let press = null;
    this.root.addEventListener("wheel", (e) => {
      e.preventDefault();
      const p = this.toMap(e.clientX, e.clientY);
      this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
    }, { passive: false });
    this.root.addEventListener("contextmenu", (e) => e.preventDefault());
    this.root.addEventListener("pointerdown", (e) => {
      const tool = this.host.tool;
      const p = this.toMap(e.clientX, e.clientY);
      const pan = e.button !== 0 || e.shiftKey || !tool.click && !tool.strokeStart;
      press = { x: e.clientX, y: e.clientY, box: { ...this.box }, pan, moved: false, stroke: false };
      if (!pan && tool.strokeStart) {
        press.stroke = true;
        this.root.setPointerCapture(e.pointerId);
        tool.strokeStart(this.hexAt(p.x, p.y), p);
      }
    });
    this.root.addEventListener("pointermove", (e) => {
      if (!press) return;
      const p = this.toMap(e.clientX, e.clientY);
      if (press.stroke) {
        this.host.tool.strokeMove(this.hexAt(p.x, p.y), p);
        return;
      }
      const dx = e.clientX - press.x;
      const dy = e.clientY - press.y;
      if (!press.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!press.moved) this.root.setPointerCapture(e.pointerId);
      press.moved = true;
      const ratio = Math.max(this.box.w / this.root.clientWidth, this.box.h / this.root.clientHeight);
      this.box = { ...press.box, x: press.box.x - dx * ratio, y: press.box.y - dy * ratio };
      this.applyBox();
    });
    this.root.addEventListener("pointerup", (e) => {
      const done = press;
      press = null;
      if (!done) return;
      const tool = this.host.tool;
      if (done.stroke) {
        tool.strokeEnd();
        return;
      }
      if (done.moved || e.button !== 0 || !tool.click) return;
      const p = this.toMap(e.clientX, e.clientY);
      tool.click(this.hexAt(p.x, p.y), p, e);
    });
  }

  /** Set a hex's fill at once (a stroke shown before the server has it). */
  paintHex(hex, color) {
    const poly = this.root.querySelector(`polygon[data-hex="${CSS.escape(hex)}"]`);
    if (poly) poly.setAttribute("fill", color);
  }

  /** A layer of the editor's own (created on first use, above the picture). */
  layer(name) {
    if (!this.layers[name]) {
      this.layers[name] = svg("g", { class: `layer-${name}` });
      this.root.append(this.layers[name]);
    }
    return this.layers[name];
  }

  /** Outline hexes (in ``layerName``) with class ``cls``. */
  outline(layerName, hexes, cls) {
    const layer = this.layer(layerName);
    layer.replaceChildren();
    for (const hex of hexes) {
      if (!this.centre(hex)) continue;
      layer.append(svg("polygon", { points: this.corners(hex), class: cls, "data-outline": hex }));
    }
  }
}

/** The editor's map (the shared state of the map region, the tools and the backdrop). */
class EditorMap {
  constructor(ctx, region, panel) {
    this.ctx = ctx;
    this.region = region;
    this.panel = panel;
    this.view = null;
    this.highlighted = [];
    this.toolbar = el("div", { class: "map-toolbar", role: "toolbar" });
    this.viewBox = el("div", { class: "map-view" });
    this.backdropBar = el("div", { class: "backdrop-bar" });
    this.status = el("div", { class: "map-status", "aria-live": "polite" });
    region.replaceChildren(this.toolbar, this.viewBox, this.status, this.backdropBar);
    this.settings = el("section", { class: "tool-settings" });
    this.featureList = el("section", { class: "feature-list" });
    panel.replaceChildren(this.settings, this.featureList);
    this.tools = makeTools(this);
    this.tool = this.tools.pan;
    this.backdrop = new Backdrop(this);
    this.buildToolbar();
  }

  get state() {
    return this.ctx.state;
  }

  get hexes() {
    return this.state.map.hexes;
  }

  buildToolbar() {
    for (const { id, label, title } of TOOLS) {
      const button = el("button", { type: "button", "data-tool": id, title, text: label });
      button.addEventListener("click", () => this.setTool(id));
      this.toolbar.append(button);
    }
    const zoomIn = el("button", { type: "button", class: "zoom", title: "zoom in", text: "+" });
    const zoomOut = el("button", { type: "button", class: "zoom", title: "zoom out", text: "−" });
    const fit = el("button", { type: "button", class: "zoom", title: "the whole map", text: "⤢" });
    zoomIn.addEventListener("click", () => this.view && this.view.zoom(1.25));
    zoomOut.addEventListener("click", () => this.view && this.view.zoom(0.8));
    fit.addEventListener("click", () => this.view && this.view.fit());
    this.toolbar.append(el("span", { class: "spacer" }), zoomIn, zoomOut, fit);
  }

  setTool(id) {
    if (this.tool.leave) this.tool.leave();
    this.tool = this.tools[id];
    for (const b of this.toolbar.querySelectorAll("[data-tool]")) {
      b.classList.toggle("active", b.dataset.tool === id);
    }
    this.region.dataset.tool = id;
    this.renderSettings();
    this.drawToolLayer();
    this.say("");
  }

  renderSettings() {
    this.settings.replaceChildren(el("h3", { text: TOOLS.find((t) => t.id === this.tool.id).title }));
    if (this.tool.settings) this.tool.settings(this.settings);
  }

  /** A new state: redraw the picture (keeping the zoom), the backdrop, the outlines. */
  show(state) {
    const box = this.view ? this.view.box : null;
    this.view = new EditorMapView(this.viewBox, state.map, state.svg);
    this.view.host = this;
    if (box) {
      this.view.box = box;
      this.view.applyBox();
    }
    this.backdrop.decorate();
    this.drawToolLayer();
    this.view.outline("outline", this.highlighted, "hl-outline");
    if (this.tool.refresh) this.tool.refresh();
    renderFeatures(this.featureList, state, (hexes) => this.ctx.highlight(hexes, []));
  }

  /** Redraw the shown state (a refused stroke's optimistic paint undone). */
  redraw() {
    if (this.state) this.show(this.state);
  }

  drawToolLayer() {
    if (!this.view) return;
    const layer = this.view.layer("tool");
    layer.replaceChildren();
    if (this.tool.draw) this.tool.draw(layer, this.view);
  }

  highlight(hexes) {
    this.highlighted = [...new Set(hexes || [])];
    if (!this.view) return;
    this.view.outline("outline", this.highlighted, "hl-outline");
    if (this.highlighted.length) this.view.reveal(this.highlighted[0]);
  }

  /** A line under the map: what the tool expects next, or what it just did. */
  say(message, kind = "info") {
    this.status.textContent = message;
    this.status.dataset.kind = kind;
  }

  async apply(ops) {
    const ok = await this.ctx.apply(ops);
    if (!ok) this.redraw();
    return ok;
  }
}

export function initMap(ctx, { region, panel }) {
  const map = new EditorMap(ctx, region, panel);
  ctx.map = map; // for the browser tests
  ctx.onHighlight((hexes) => map.highlight(hexes));
  let first = true;
  ctx.onState((state) => {
    map.show(state);
    if (first) {
      first = false;
      map.setTool("terrain");
      map.backdrop.start();
    }
  });
  return map;
}
