// The editor's sheets: the counter sheet, the scenario's data and what is still lacking.

import { initCounters } from "./counters-table.js";
import { initLacks } from "./lacks.js";
import { initScenario } from "./scenario-form.js";

export function initSheet(ctx, { counters, scenario, lacks }) {
  initCounters(ctx, counters);
  initScenario(ctx, scenario);
  initLacks(ctx, lacks);
}
