// The Map tab's lists of the map's features (state.features): each item shows its hexes
// on the map when clicked.

const SECTIONS = [
  ["hexside", "Hexside features"],
  ["rail", "Rail lines"],
  ["road", "Roads"],
  ["city", "Cities and towns"],
  ["fortress", "Fortresses"],
  ["fortification", "Fortifications"],
  ["entry", "Entry hexes"],
  ["supply_source", "Supply sources"],
  ["trench", "Trenches"],
  ["region", "Regions"],
];

/** The hexes a feature covers (a place's hex, a line's or area's hexes, a side's two). */
export function featureHexes(item) {
  if (item.sides) return [...new Set(item.sides.flatMap((s) => s.split("/")))];
  if (item.hexes && item.hexes.length) return item.hexes;
  return item.hex ? [item.hex] : [];
}

function describe(kind, item) {
  const n = featureHexes(item).length;
  switch (kind) {
    case "hexside":
      return `${item.type}${item.name ? ` ${item.name}` : ""} (${item.sides.length} sides)`;
    case "rail":
      return `${item.name || "(unnamed)"} · ${item.track || "single"} (${n} hexes)`;
    case "road":
    case "trench":
    case "region":
      return `${item.name || "(unnamed)"} (${n} hexes)`;
    case "city":
      return `${item.name} · ${item.size || "city"} · ${item.vp || 0} VP · ${item.hex}`;
    case "fortress":
      return `${item.name} · ${item.country} · ${(item.defense || []).join("/")} · ${item.hex}`;
    case "fortification":
      return `${item.name} · ${item.country} · ${item.hex}`;
    case "entry":
      return `${item.letter} · ${featureHexes(item).join(" ")}`;
    case "supply_source":
      return `${item.country} · ${item.kind} · ${item.hex}`;
    default:
      return JSON.stringify(item);
  }
}

function countryGroups(countries) {
  const groups = new Map();
  for (const [hex, country] of Object.entries(countries || {})) {
    if (!groups.has(country)) groups.set(country, []);
    groups.get(country).push(hex);
  }
  return [...groups].map(([name, hexes]) => ({ name, hexes }));
}

function section(title, kind, items, label, onShow) {
  const details = document.createElement("details");
  details.className = "features";
  details.dataset.kind = kind;
  const summary = document.createElement("summary");
  summary.textContent = `${title} (${items.length})`;
  const list = document.createElement("ul");
  for (const item of items) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "feature";
    button.textContent = label(item);
    button.dataset.hexes = featureHexes(item).join(" ");
    button.addEventListener("click", () => onShow(featureHexes(item)));
    li.append(button);
    list.append(li);
  }
  details.append(summary, list);
  return details;
}

/** Fill ``root`` with the features of ``state``, keeping which sections are open. */
export function renderFeatures(root, state, onShow) {
  const open = new Set([...root.querySelectorAll("details[open]")].map((d) => d.dataset.kind));
  const heading = document.createElement("h3");
  heading.textContent = "On this map";
  const parts = [heading];
  const features = state.features || {};
  for (const [kind, title] of SECTIONS) {
    const items = features[kind] || [];
    parts.push(section(title, kind, items, (item) => describe(kind, item), onShow));
  }
  parts.push(section("Countries", "countries", countryGroups(features.countries), (g) => `${g.name} (${g.hexes.length} hexes)`, onShow));
  for (const d of parts.slice(1)) d.open = open.has(d.dataset.kind);
  root.replaceChildren(...parts);
}
