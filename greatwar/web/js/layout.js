// The panel column on a small screen: a button in its tab bar folds it away to give the map
// the whole width (or height, on a tablet held upright), and opens it again; the choice is
// remembered on this browser.

const KEY = "greatwar.panelsCollapsed";

function remembered() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

function remember(collapsed) {
  try {
    localStorage.setItem(KEY, collapsed ? "1" : "0");
  } catch {
    // private browsing: the choice lasts this page only
  }
}

/** Add the fold button to the tab bar ``tabs``; ``onChange`` runs after each fold. */
export function attachPanelToggle(tabs, onChange = () => {}) {
  const button = document.createElement("button");
  button.className = "side-toggle";
  button.type = "button";
  const show = (collapsed) => {
    document.body.classList.toggle("panels-collapsed", collapsed);
    button.textContent = collapsed ? "«" : "»";
    button.title = collapsed ? "show the panels" : "hide the panels (more map)";
    button.setAttribute("aria-expanded", String(!collapsed));
  };
  button.addEventListener("click", () => {
    const collapsed = !document.body.classList.contains("panels-collapsed");
    show(collapsed);
    remember(collapsed);
    onChange(collapsed);
  });
  tabs.append(button);
  show(remembered());
  return button;
}
