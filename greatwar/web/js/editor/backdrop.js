// The backdrop: a scan or photo of the map sheet, loaded from the user's own disk and
// kept in this browser (IndexedDB; never sent to the server), drawn under the hex grid
// with the map's terrain fill made transparent at the chosen opacity, and aligned by
// three known hex centres: the user drags a marker for each onto the scan; the server
// solves the affine (POST /api/editor/align, map -> image pixels) and the image is drawn
// with its inverse.  What the server keeps (PUT .../backdrop): the matrix, the opacity
// and the image's file name, per map of the project.

import { postJSON } from "../api.js";
import { svg } from "../counters.js";
import { applyAffine, farCorners, fitMatrix, invertAffine, matrixAttribute } from "./geometry.js";
import { el } from "../panels.js";

const DB_NAME = "greatwar-editor";
const STORE = "backdrops";
const DEFAULT_OPACITY = 0.5;

// --- IndexedDB: the images stay in the browser --------------------------------------------

function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore(mode, fn) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const storeImage = (key, record) => withStore("readwrite", (s) => s.put(record, key));
const loadImage = (key) => withStore("readonly", (s) => s.get(key));

async function imageSize(url) {
  const img = new Image();
  img.src = url;
  await img.decode();
  return { width: img.naturalWidth, height: img.naturalHeight };
}

export class Backdrop {
  /** ``map``: the EditorMap (its ctx, view, state and the bar under the map). */
  constructor(map) {
    this.map = map;
    this.ctx = map.ctx;
    this.images = {}; // prefix -> {url, name, width, height}
    this.labels = {}; // prefix -> three hex labels of the alignment
    this.live = {}; // prefix -> opacity while the slider moves
    this.prefix = "";
    this.aligning = false;
    this.bar = map.backdropBar;
  }

  get state() {
    return this.ctx.state;
  }

  key(prefix) {
    return `${this.ctx.id}|${prefix}`;
  }

  saved(prefix = this.prefix) {
    return (this.state.backdrop || {})[prefix] || null;
  }

  opacity(prefix = this.prefix) {
    if (this.live[prefix] !== undefined) return this.live[prefix];
    const b = this.saved(prefix);
    return b && typeof b.opacity === "number" ? b.opacity : DEFAULT_OPACITY;
  }

  matrix(prefix = this.prefix) {
    const b = this.saved(prefix);
    return b && Array.isArray(b.matrix) && b.matrix.length === 6 ? b.matrix : null;
  }

  /** The hex labels of one map (all of them on a one-map project). */
  mapLabels(prefix) {
    const hexes = this.state.map.hexes;
    return Object.keys(hexes).filter((l) => !prefix || (hexes[l].map ?? "") === prefix);
  }

  /** A typed hex label as the map prints it ("0101", "a53 b4", "g0101" or "0101" on map g). */
  resolveLabel(text, prefix) {
    const labels = new Set(this.mapLabels(prefix));
    const t = text.trim().replace(/\s+/g, " ");
    for (const candidate of [t, t.toUpperCase(), t.toLowerCase(), prefix + t, prefix + t.toUpperCase()]) {
      if (labels.has(candidate)) return candidate;
    }
    return null;
  }

  alignLabels(prefix = this.prefix) {
    if (!this.labels[prefix]) this.labels[prefix] = farCorners(this.state.map.hexes, this.mapLabels(prefix));
    return this.labels[prefix];
  }

  // --- controls -------------------------------------------------------------------------

  /** Build the controls and bring back the images this browser keeps (first state). */
  async start() {
    this.buildControls();
    for (const m of this.state.maps || [{ prefix: "" }]) {
      try {
        const record = await loadImage(this.key(m.prefix || ""));
        if (record && record.blob) await this.useImage(m.prefix || "", record.blob, record.name);
      } catch (err) {
        this.say(`the scan kept in this browser could not be read: ${err.message}`);
      }
    }
    this.decorate();
    this.updateControls();
  }

  buildControls() {
    const maps = this.state.maps && this.state.maps.length ? this.state.maps : [{ prefix: "", name: "" }];
    this.prefix = maps[0].prefix || "";
    this.mapSelect = el("select", { name: "backdrop-map", title: "the map sheet this scan shows" });
    for (const m of maps) this.mapSelect.append(el("option", { value: m.prefix || "", text: m.name || m.prefix || "map" }));
    this.mapSelect.hidden = maps.length < 2;
    this.mapSelect.addEventListener("change", () => {
      this.prefix = this.mapSelect.value;
      this.updateControls();
      this.decorate();
    });
    this.file = el("input", { type: "file", accept: "image/*", name: "backdrop-file", hidden: true });
    this.file.addEventListener("change", () => this.file.files[0] && this.load(this.file.files[0]));
    const loadButton = el("button", { type: "button", class: "load-scan", text: "Load scan…" });
    loadButton.addEventListener("click", () => this.file.click());
    this.name = el("span", { class: "scan-name" });
    this.slider = el("input", { type: "range", name: "backdrop-opacity", min: "0", max: "1", step: "0.05", title: "map fill opacity: 0 shows only the grid over the scan" });
    this.slider.addEventListener("input", () => {
      this.live[this.prefix] = Number(this.slider.value);
      this.applyOpacity();
    });
    this.slider.addEventListener("change", () => this.save({ opacity: Number(this.slider.value) }));
    this.alignToggle = el("input", { type: "checkbox", name: "backdrop-align" });
    this.alignToggle.addEventListener("change", () => {
      this.aligning = this.alignToggle.checked;
      this.decorate();
    });
    this.labelInputs = [0, 1, 2].map((i) => {
      const input = el("input", { name: `align-hex-${i}`, size: "7", title: `known hex ${i + 1}` });
      input.addEventListener("change", () => this.setLabel(i, input.value));
      return input;
    });
    this.bar.replaceChildren(
      el("strong", { text: "Backdrop" }),
      this.mapSelect,
      loadButton,
      this.file,
      this.name,
      el("label", { class: "field inline" }, el("span", { text: "Map fill" }), this.slider),
      el("label", { class: "field inline" }, this.alignToggle, el("span", { text: "Align by hexes" })),
      ...this.labelInputs,
    );
  }

  updateControls() {
    if (!this.slider) return;
    const image = this.images[this.prefix];
    const saved = this.saved();
    this.name.textContent = image ? image.name : saved && saved.image ? `${saved.image} (not in this browser: load it again)` : "no scan";
    this.slider.value = String(this.opacity());
    this.slider.disabled = !image;
    this.alignToggle.disabled = !image;
    this.alignLabels().forEach((l, i) => (this.labelInputs[i].value = l));
    for (const input of this.labelInputs) input.disabled = !image;
  }

  setLabel(i, text) {
    const label = this.resolveLabel(text, this.prefix);
    if (!label) {
      this.ctx.showError(`${text.trim() || "(empty)"} is not a hex of this map: type a label as the map prints it (e.g. ${this.mapLabels(this.prefix)[0]})`);
      this.labelInputs[i].value = this.alignLabels()[i];
      return;
    }
    this.ctx.showError(null);
    this.alignLabels()[i] = label;
    this.labelInputs[i].value = label;
    this.decorate();
  }

  say(message) {
    this.map.say(message);
  }

  // --- the image ------------------------------------------------------------------------

  async useImage(prefix, blob, name) {
    const old = this.images[prefix];
    if (old) URL.revokeObjectURL(old.url);
    const url = URL.createObjectURL(blob);
    const { width, height } = await imageSize(url);
    this.images[prefix] = { url, name, width, height };
  }

  /** Load a scan from the user's disk: keep it in this browser, lay it over the map. */
  async load(file) {
    const prefix = this.prefix;
    await this.useImage(prefix, file, file.name);
    await storeImage(this.key(prefix), { name: file.name, blob: file });
    const image = this.images[prefix];
    const centres = this.mapLabels(prefix).map((l) => [this.state.map.hexes[l].x, this.state.map.hexes[l].y]);
    const matrix = this.matrix(prefix) && this.saved(prefix).image === file.name
      ? this.matrix(prefix)
      : fitMatrix(centres, image.width, image.height, this.state.map.hex_size);
    await this.save({ matrix, image: file.name });
    this.updateControls();
    this.decorate();
    this.say(`scan ${file.name} loaded (${image.width}×${image.height}); it stays in this browser`);
  }

  /** PUT the alignment of the current map (matrix, opacity, image name) and show the state. */
  async save(changes) {
    const prefix = this.prefix;
    const image = this.images[prefix];
    if (!image) return false;
    const body = {
      map: prefix,
      matrix: this.matrix(prefix),
      opacity: this.opacity(prefix),
      image: image.name,
      ...changes,
    };
    try {
      const state = await this.ctx.api("/backdrop", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      delete this.live[prefix];
      this.ctx.showError(null);
      this.ctx.setState(state);
      return true;
    } catch (err) {
      const problems = (err.body && err.body.error && err.body.error.problems) || [];
      this.ctx.showError(err.message, problems);
      this.decorate();
      return false;
    }
  }

  // --- drawing --------------------------------------------------------------------------

  /** Put the images under the map picture of the current view, and the markers over it. */
  decorate() {
    const view = this.map.view;
    if (!view) return;
    const root = view.root;
    const mapGroup = root.querySelector("g.map");
    let group = root.querySelector("g.backdrop");
    if (group) group.remove();
    group = svg("g", { class: "backdrop", "pointer-events": "none" });
    for (const [prefix, image] of Object.entries(this.images)) {
      const m = this.matrix(prefix);
      const inverse = m && invertAffine(m);
      if (!inverse) continue;
      group.append(svg("image", {
        href: image.url,
        x: 0,
        y: 0,
        width: image.width,
        height: image.height,
        preserveAspectRatio: "none",
        transform: matrixAttribute(inverse),
        "data-backdrop": prefix,
      }));
    }
    if (mapGroup) mapGroup.before(group);
    else root.prepend(group);
    root.classList.toggle("has-backdrop", group.childElementCount > 0);
    this.applyOpacity();
    this.drawMarkers();
  }

  /** The map's terrain fill at the chosen opacity (the grid stays opaque). */
  applyOpacity() {
    const view = this.map.view;
    if (!view) return;
    let style = view.root.querySelector("style.backdrop-opacity");
    if (!style) {
      style = svg("style", { class: "backdrop-opacity" });
      view.root.append(style);
    }
    const rules = [];
    const shown = Object.keys(this.images).filter((p) => this.matrix(p));
    for (const prefix of shown) {
      const sel = prefix ? `g.hexes polygon[data-hex^="${prefix}"]` : "g.hexes polygon";
      rules.push(`${sel}{fill-opacity:${this.opacity(prefix)}}`);
    }
    if (shown.length) {
      const least = Math.min(...shown.map((p) => this.opacity(p)));
      rules.push(`.terrain-texture{opacity:${least}}`, `svg.board > rect{fill-opacity:0}`);
    }
    style.textContent = rules.join("\n");
  }

  drawMarkers() {
    const view = this.map.view;
    const layer = view.layer("align");
    layer.replaceChildren();
    if (!this.aligning || !this.images[this.prefix] || !this.matrix()) return;
    this.alignLabels().forEach((label, i) => {
      const c = view.centre(label);
      if (!c) return;
      const r = view.size * 0.35;
      const g = svg("g", { class: "align-marker", "data-align-marker": String(i), "data-hex": label, transform: `translate(${c[0]},${c[1]})` });
      g.append(svg("circle", { r, class: "ring" }));
      g.append(svg("path", { d: `M${-r * 1.4},0H${r * 1.4}M0,${-r * 1.4}V${r * 1.4}`, class: "cross" }));
      g.append(svg("text", { x: r * 1.2, y: -r * 1.2, class: "marker-label" }, `${i + 1}: ${label}`));
      this.bindMarker(g, i, c);
      layer.append(g);
    });
  }

  bindMarker(g, i, centre) {
    const view = this.map.view;
    let dragging = false;
    g.addEventListener("pointerdown", (e) => {
      e.stopPropagation();
      e.preventDefault();
      dragging = true;
      g.setPointerCapture(e.pointerId);
    });
    g.addEventListener("pointermove", (e) => {
      if (!dragging) return;
      const p = view.toMap(e.clientX, e.clientY);
      g.setAttribute("transform", `translate(${p.x},${p.y})`);
    });
    g.addEventListener("pointerup", (e) => {
      e.stopPropagation();
      if (!dragging) return;
      dragging = false;
      const p = view.toMap(e.clientX, e.clientY);
      if (Math.hypot(p.x - centre[0], p.y - centre[1]) < 0.5) return;
      this.align(i, [p.x, p.y]);
    });
  }

  /** Marker ``i`` was dropped at ``point`` (map coordinates): the scan's pixel there is
   * where hex ``i`` lies on the scan; the other two keep theirs. */
  async align(i, point) {
    const prefix = this.prefix;
    const m = this.matrix(prefix);
    const hexes = this.state.map.hexes;
    const labels = this.alignLabels(prefix);
    const grid = labels.map((l) => [hexes[l].x, hexes[l].y]);
    const image = grid.map((c, j) => applyAffine(m, j === i ? point : c));
    let answer;
    try {
      answer = await postJSON("/api/editor/align", { grid, image });
    } catch (err) {
      this.ctx.showError(`alignment refused: ${err.message}`);
      this.decorate();
      return false;
    }
    const ok = await this.save({ matrix: answer.matrix });
    if (ok) {
      // a hex's size on the scan: the map's hex size times the matrix's mean scale
      const [a, b, c, d] = answer.matrix;
      const px = Math.sqrt(Math.abs(a * d - b * c)) * this.state.map.hex_size;
      const size = ` · a hex is ${px.toFixed(1)} px on the scan`;
      const rotation = answer.rotation !== undefined ? ` · rotation ${Number(answer.rotation).toFixed(1)}°` : "";
      this.say(`aligned on ${labels.join(", ")}${size}${rotation}`);
    }
    return ok;
  }
}
