// The hover stack viewer: resting the pointer on a stack of the map shows its counters,
// large, with their descriptions, in a small popup. It shows what the map shows (the
// seat's own view: an enemy mask stays a mask), read from the counters drawn there.

const SVG = "http://www.w3.org/2000/svg";
const PICTURE = 44;

/** The counters of a stack, top first, as [node, description]. */
function stackCounters(group) {
  const nodes = [...group.querySelectorAll(":scope > .ctr[data-unit]")].reverse();
  return nodes.map((node) => [node, (node.querySelector(":scope > title") || {}).textContent || node.dataset.unit]);
}

/** A counter drawn again at a readable size. */
function picture(node, size) {
  const pic = document.createElementNS(SVG, "svg");
  const box = node.getBBox ? node.getBBox() : { x: -size / 2, y: -size / 2, width: size, height: size };
  pic.setAttribute("viewBox", `${box.x - 1} ${box.y - 1} ${box.width + 2} ${box.height + 2}`);
  pic.setAttribute("width", String(PICTURE));
  pic.setAttribute("height", String(PICTURE));
  const copy = node.cloneNode(true);
  copy.removeAttribute("transform");
  copy.classList.remove("focused");
  pic.append(copy);
  return pic;
}

function row(node, text) {
  const item = document.createElement("li");
  item.className = "stackview-item";
  item.dataset.unit = node.dataset.unit;
  const words = document.createElement("span");
  words.textContent = text;
  item.append(picture(node, PICTURE), words);
  return item;
}

/**
 * Follow the pointer over ``mapElement``; show the stack under it in ``box``.
 * ``blocked()``: true while another popup (the clicked stack) is open.
 */
export function initStackView(mapElement, pane, box, blocked = () => false) {
  let shown = null;
  const hide = () => {
    shown = null;
    box.hidden = true;
  };
  mapElement.addEventListener("pointerover", (event) => {
    const group = event.target.closest && event.target.closest("[data-stack]");
    if (!group || blocked()) return hide();
    if (shown === group) return;
    shown = group;
    const title = document.createElement("h4");
    title.textContent = `Hex ${group.dataset.stack}`;
    const list = document.createElement("ul");
    list.append(...stackCounters(group).map(([node, text]) => row(node, text)));
    box.replaceChildren(title, list);
    const area = pane.getBoundingClientRect();
    const at = group.getBoundingClientRect();
    box.style.left = `${Math.max(4, Math.min(at.right - area.left + 8, area.width - 300))}px`;
    box.style.top = `${Math.max(4, Math.min(at.top - area.top, area.height - 220))}px`;
    box.dataset.hex = group.dataset.stack;
    box.hidden = false;
  });
  mapElement.addEventListener("pointerout", (event) => {
    const into = event.relatedTarget && event.relatedTarget.closest && event.relatedTarget.closest("[data-stack]");
    if (into !== shown) hide();
  });
  mapElement.addEventListener("pointerdown", hide);
  return { hide };
}
