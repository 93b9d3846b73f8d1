// Geometry of the editor's map: hexes near a point, the hexside a click means, brushes,
// and the affine transforms of the backdrop alignment (SVG's matrix(a,b,c,d,e,f):
// x' = a x + c y + e, y' = b x + d y + f).

/** The hexside between the hex under ``point`` and its neighbour whose centre is nearest. */
export function sideAt(hexes, hex, point) {
  const h = hexes[hex];
  if (!h) return null;
  let best = null;
  let bestD = Infinity;
  for (const n of h.n || []) {
    const c = hexes[n];
    if (!c) continue;
    const d = (c.x - point.x) ** 2 + (c.y - point.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = n;
    }
  }
  return best ? sideId(hex, best) : null;
}

/** The printed id of the side between two hexes ("0712/0713": the lower label first). */
export function sideId(a, b) {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

/** Whether two side ids name the same side (either order). */
export function sameSide(s, t) {
  const [a, b] = s.split("/");
  return sideId(a, b) === sideId(...t.split("/"));
}

/** The hexes a brush of ``size`` (1, or 7: the hex and its six neighbours) covers. */
export function brushHexes(hexes, hex, size) {
  if (!hexes[hex]) return [];
  if (size <= 1) return [hex];
  return [hex, ...(hexes[hex].n || []).filter((n) => hexes[n])];
}

/** Whether two hexes are adjacent. */
export function adjacent(hexes, a, b) {
  return Boolean(hexes[a] && (hexes[a].n || []).includes(b));
}

/** The midpoint of a side (for drawing its marker). */
export function sideMidpoint(hexes, side) {
  const [a, b] = side.split("/");
  if (!hexes[a] || !hexes[b]) return null;
  return { x: (hexes[a].x + hexes[b].x) / 2, y: (hexes[a].y + hexes[b].y) / 2 };
}

/** The ends of a side (its two corners), for drawing it as a segment. */
export function sideSegment(hexes, side, size) {
  const [a, b] = side.split("/");
  const p = hexes[a];
  const q = hexes[b];
  if (!p || !q) return null;
  const mx = (p.x + q.x) / 2;
  const my = (p.y + q.y) / 2;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const len = Math.hypot(dx, dy) || 1;
  const half = size / 2;
  return [
    { x: mx - (dy / len) * half, y: my + (dx / len) * half },
    { x: mx + (dy / len) * half, y: my - (dx / len) * half },
  ];
}

// --- affine transforms ------------------------------------------------------------------

export const IDENTITY = [1, 0, 0, 1, 0, 0];

/** Apply matrix(a,b,c,d,e,f) to a point [x, y]. */
export function applyAffine(m, [x, y]) {
  const [a, b, c, d, e, f] = m;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** The inverse of an affine (null when it is degenerate). */
export function invertAffine(m) {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/** The transform attribute of a matrix. */
export function matrixAttribute(m) {
  return `matrix(${m.map((v) => +v.toFixed(6)).join(",")})`;
}

/** A first guess of the map -> image matrix: the image laid over the hexes' bounding box. */
export function fitMatrix(centres, width, height, pad = 40) {
  const xs = centres.map((c) => c[0]);
  const ys = centres.map((c) => c[1]);
  const x0 = Math.min(...xs) - pad;
  const y0 = Math.min(...ys) - pad;
  const w = Math.max(...xs) + pad - x0;
  const h = Math.max(...ys) + pad - y0;
  const s = Math.min(width / w, height / h);
  return [s, 0, 0, s, -s * x0, -s * y0];
}

/** Three far-apart hexes of a map (top left, top right, bottom right), for the alignment. */
export function farCorners(hexes, labels) {
  const pick = (score) => labels.reduce((best, l) => (score(hexes[l]) > score(hexes[best]) ? l : best), labels[0]);
  return [pick((h) => -(h.x + h.y)), pick((h) => h.x - h.y), pick((h) => h.x + h.y)];
}
