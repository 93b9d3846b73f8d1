// Small DOM helpers shared by the editor's sheets.

/** An element with properties/attributes and children: el("td", {className: "x"}, "text"). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key in node && !key.startsWith("aria") && key !== "list") node[key] = value;
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A <select> of values (or [value, label] pairs) with one selected. */
export function select(values, selected, props = {}) {
  const node = el("select", props);
  const options = values.map((v) => (Array.isArray(v) ? v : [v, v]));
  if (selected !== undefined && selected !== null && !options.some(([v]) => v === selected)) {
    options.unshift([selected, selected]);
  }
  for (const [value, label] of options) {
    node.append(el("option", { value, selected: value === selected }, label));
  }
  return node;
}

/** A labelled form row. */
export function field(label, input, hint = "") {
  return el("label", { className: "field" }, el("span", { className: "label" }, label), input, hint ? el("small", {}, hint) : null);
}

/** The problems of a refusal as they read in the sheet (row/column or field, case). */
export function problemText(p) {
  const where = [p.file, p.line ? `line ${p.line}` : null, p.row ? `row ${p.row}` : null, p.column ? `column ${p.column}` : null, p.field]
    .filter(Boolean)
    .join(", ");
  return `${p.message}${p.case ? ` [${p.case}]` : ""}${where ? ` (${where})` : ""}`;
}
