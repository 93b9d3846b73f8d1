// The editor's sheets: counters, scenario, what is still lacking (helper PAGE-SHEET fills this).
export function initSheet(ctx, { counters, scenario, lacks }) {
  ctx.onState((state) => {
    lacks.replaceChildren(...state.lacks.map((l) => Object.assign(document.createElement("p"), { textContent: l.message })));
  });
}
