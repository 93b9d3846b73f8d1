// The Tables tab during a fight: the column (and, once the die is rolled, the row) of the
// table in use is highlighted, read from the combat data of the view (issue 17).

/** Which table, column and row a fight uses now: [{table, column, row, note}]. */
export function tablesInUse(view) {
  const out = [];
  const c = view.combat;
  if (c && c.columns && (c.column || c.final_odds)) {
    const label = c.column || c.final_odds;
    const index = c.columns.indexOf(label);
    if (index >= 0) {
      const die = c.modified ?? c.die;
      out.push({ table: "crt", column: index, row: die, headers: c.columns, note: `In use: column ${label} (attacker's TCR ${c.tcr}), ${die !== undefined ? `die ${die}` : "before the die roll"}` });
    }
    if (c.result) {
      const [att, def] = String(c.result).split("/");
      out.push({ table: "combat_options", rows: [att, def], note: `In use: result ${c.result} (attacker ${att}, defender ${def})` });
    }
  }
  const cur = view.clash && view.clash.current;
  const r = cur && (cur.report || cur.preview);
  if (r && r.column !== undefined) {
    const table = r.kind === "retreat_attempt" ? "retreat_attempt" : "combat_results";
    const die = r.modified ?? r.die;
    out.push({ table, columnLabel: String(r.column), row: die, note: `In use: column ${r.column}, ${die !== undefined ? `die ${die}` : "before the die roll"}` });
  }
  return out;
}

/** The row of ``table`` a die of ``value`` reads (beyond the table: its first or last row). */
function rowFor(rows, value) {
  if (value === undefined || value === null) return -1;
  const exact = rows.findIndex((r) => r.dataset.key === String(value));
  if (exact >= 0) return exact;
  const keys = rows.map((r) => Number(r.dataset.key));
  if (keys.some(Number.isNaN)) return -1;
  return Number(value) < keys[0] ? 0 : Number(value) > keys[keys.length - 1] ? keys.length - 1 : -1;
}

function mark(cell, cls) {
  if (cell) cell.classList.add(cls);
}

/** Highlight, in the tables rendered in ``container``, what the fight in ``view`` uses. */
export function highlightTables(container, view) {
  for (const node of container.querySelectorAll(".in-use, .in-use-cell")) node.classList.remove("in-use", "in-use-cell");
  for (const node of container.querySelectorAll(".in-use-note")) node.remove();
  for (const th of container.querySelectorAll("th[data-printed]")) th.textContent = th.dataset.printed;
  for (const use of tablesInUse(view)) {
    const table = container.querySelector(`table[data-table="${use.table}"]`);
    if (!table) continue;
    const head = [...table.querySelectorAll("tr.head th")].slice(1);
    const rows = [...table.querySelectorAll("tr[data-key]")];
    // a table printed once for several TCRs (8.8) shows the columns of the TCR in use
    (use.headers || []).forEach((text, i) => {
      if (!head[i]) return;
      head[i].dataset.printed ??= head[i].textContent;
      head[i].textContent = text;
    });
    const column = use.column ?? head.findIndex((th) => th.textContent === use.columnLabel);
    if (column >= 0) {
      mark(head[column], "in-use");
      for (const tr of rows) mark(tr.children[column + 1], "in-use");
    }
    for (const key of use.rows || []) {
      const i = rows.findIndex((tr) => tr.dataset.key === key);
      if (i >= 0) rows[i].classList.add("in-use");
    }
    const r = rowFor(rows, use.row);
    if (r >= 0) {
      rows[r].classList.add("in-use");
      if (column >= 0) mark(rows[r].children[column + 1], "in-use-cell");
    }
    const note = document.createElement("p");
    note.className = "note in-use-note";
    note.textContent = use.note;
    table.before(note);
  }
}
