// The editor's map: tools, the map with its backdrop, alignment (helper PAGE-MAP fills this).
export function initMap(ctx, { region, panel }) {
  ctx.onState((state) => {
    region.innerHTML = state.svg;
    panel.textContent = "";
  });
}
