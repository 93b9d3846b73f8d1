// The editor's start: open a project, start one from a shipped scenario, or a blank map
// (helper PAGE-SHEET fills this).
export async function renderChooser(root, { getJSON, postJSON }) {
  const projects = await getJSON("/api/editor/projects");
  root.textContent = `${projects.length} projects`;
}
