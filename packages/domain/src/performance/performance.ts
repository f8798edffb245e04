import { daysBetween } from '../calendar-days.ts';

/**
 * The performance of a farm's season (spec 3 §2 Performance; issue 14 item 4): figures computed
 * from the season's sowings, their harvests and their applied sprays. Pure: the API reads the rows,
 * these functions count. Everything is canonical (ha, sc/ha, sacks of 60 kg, the farm's currency);
 * the page converts to the language's units.
 *
 * The rules where the spec is silent:
 * - A sowing is harvested once it has a harvest. Its productivity is the mean of its harvests'
 *   sc/ha, a crop loss counting 0 sc/ha (the area produced nothing).
 * - Averages of productivity, product cost per hectare and their per-plot and per-variety series
 *   are weighted by the sowings' area: a 100 ha field at 60 sc/ha and a 10 ha one at 40 average
 *   58.2 sc/ha, what the farm actually took off per hectare. Production is Σ sc/ha × ha.
 * - Productivity figures count the harvested sowings only; counts, sprays and costs count every
 *   sowing of the season. Sprays are the applied ones (a planned spray is no expense yet).
 * - The cycle is the days from the sowing date to its last harvest that is not a loss; a sowing
 *   without a sowing date or lost entirely has no cycle. Average cycles are plain means.
 */

export interface PerformanceHarvest {
  /** YYYY-MM-DD */
  date: string;
  /** sc/ha; null for a crop loss. */
  productivity: number | null;
  lost: boolean;
}

export interface PerformanceSpray {
  /** The day it was sprayed; null while only planned (not counted). */
  appliedAt: string | null;
  /** Σ dose × price of its products per hectare, in the farm's currency. */
  costPerHa: number;
}

export interface PerformanceSowing {
  id: number;
  plot: { id: number; name: string };
  /** The farm variety sown; null when not informed. */
  variety: { id: number; name: string } | null;
  /** Hectares sown. */
  area: number;
  sowingDate: string | null;
  harvests: readonly PerformanceHarvest[];
  sprays: readonly PerformanceSpray[];
}

/** A plot or a variety and its average productivity (sc/ha). */
export interface RankedGroup {
  id: number | null;
  name: string | null;
  productivity: number;
}

/** The figures of one group of sowings: the whole season, a plot or a variety. */
export interface PerformanceFigures {
  sowings: number;
  harvestedSowings: number;
  /** ha sown. */
  area: number;
  /** ha of the harvested sowings. */
  harvestedArea: number;
  /** Area-weighted sc/ha of the harvested sowings; null without a harvest. */
  averageProductivity: number | null;
  /** Sacks: Σ sc/ha × ha of the harvested sowings. */
  production: number;
  /** Applied sprays. */
  sprays: number;
  /** Applied sprays per sowing; null without sowings. */
  spraysPerSowing: number | null;
  /** Area-weighted product cost of the applied sprays per ha; null without sowings. */
  productCostPerHa: number | null;
  /** Mean days from sowing to harvest; null when no sowing has both dates. */
  averageCycle: number | null;
}

export interface PerformanceGroup extends PerformanceFigures {
  /** The plot's or farm variety's id; null for the sowings without a variety. */
  id: number | null;
  name: string | null;
}

export interface SeasonPerformance {
  summary: PerformanceFigures & {
    varieties: number;
    highestPlot: RankedGroup | null;
    lowestPlot: RankedGroup | null;
    highestVariety: RankedGroup | null;
    lowestVariety: RankedGroup | null;
  };
  byPlot: PerformanceGroup[];
  byVariety: PerformanceGroup[];
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** A sowing's productivity in sc/ha (mean of its harvests, a loss 0), or null while unharvested. */
export function sowingProductivity(sowing: Pick<PerformanceSowing, 'harvests'>): number | null {
  if (sowing.harvests.length === 0) return null;
  const total = sowing.harvests.reduce(
    (sum, harvest) => sum + (harvest.lost ? 0 : (harvest.productivity ?? 0)),
    0,
  );
  return total / sowing.harvests.length;
}

/** Days from sowing to the last harvest that is not a loss; null when either is missing. */
export function sowingCycle(
  sowing: Pick<PerformanceSowing, 'harvests' | 'sowingDate'>,
): number | null {
  if (!sowing.sowingDate) return null;
  const dates = sowing.harvests.filter((harvest) => !harvest.lost).map((harvest) => harvest.date);
  if (dates.length === 0) return null;
  const last = dates.reduce((latest, date) => (date > latest ? date : latest));
  return daysBetween(sowing.sowingDate, last);
}

/** The applied sprays of a sowing and their product cost per ha. */
function appliedSprays(sowing: Pick<PerformanceSowing, 'sprays'>): {
  count: number;
  costPerHa: number;
} {
  const applied = sowing.sprays.filter((spray) => spray.appliedAt !== null);
  return {
    count: applied.length,
    costPerHa: applied.reduce((sum, spray) => sum + spray.costPerHa, 0),
  };
}

/** The figures of a group of sowings (see the rules above). */
export function performanceFigures(sowings: readonly PerformanceSowing[]): PerformanceFigures {
  let area = 0;
  let harvestedArea = 0;
  let production = 0;
  let sprays = 0;
  let cost = 0;
  let harvestedSowings = 0;
  const cycles: number[] = [];
  for (const sowing of sowings) {
    area += sowing.area;
    const applied = appliedSprays(sowing);
    sprays += applied.count;
    cost += applied.costPerHa * sowing.area;
    const productivity = sowingProductivity(sowing);
    if (productivity !== null) {
      harvestedSowings += 1;
      harvestedArea += sowing.area;
      production += productivity * sowing.area;
    }
    const cycle = sowingCycle(sowing);
    if (cycle !== null) cycles.push(cycle);
  }
  return {
    sowings: sowings.length,
    harvestedSowings,
    area: round(area, 2),
    harvestedArea: round(harvestedArea, 2),
    averageProductivity:
      harvestedSowings === 0 ? null : round(harvestedArea > 0 ? production / harvestedArea : 0, 2),
    production: round(production, 1),
    sprays,
    spraysPerSowing: sowings.length === 0 ? null : round(sprays / sowings.length, 2),
    productCostPerHa: sowings.length === 0 || area === 0 ? null : round(cost / area, 2),
    averageCycle:
      cycles.length === 0
        ? null
        : round(cycles.reduce((sum, days) => sum + days, 0) / cycles.length, 1),
  };
}

// One collator for every comparison: `localeCompare` with a locale builds one per call, which
// dominated the sort of a 2,000-plot season.
const byName = new Intl.Collator('pt', { numeric: true });

function groupBy(
  sowings: readonly PerformanceSowing[],
  keyOf: (sowing: PerformanceSowing) => { id: number | null; name: string | null },
): PerformanceGroup[] {
  const groups = new Map<
    number | null,
    { id: number | null; name: string | null; rows: PerformanceSowing[] }
  >();
  for (const sowing of sowings) {
    const key = keyOf(sowing);
    const group = groups.get(key.id) ?? { ...key, rows: [] };
    group.rows.push(sowing);
    groups.set(key.id, group);
  }
  return [...groups.values()]
    .map((group) => ({ id: group.id, name: group.name, ...performanceFigures(group.rows) }))
    .sort(
      (a, b) =>
        // Named groups by name (the page's order); the sowings without a variety last.
        (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) ||
        byName.compare(a.name ?? '', b.name ?? '') ||
        (a.id ?? 0) - (b.id ?? 0),
    );
}

/** The harvested groups with the highest and the lowest average productivity (first wins a tie). */
function productivityExtremes(groups: readonly PerformanceGroup[]): {
  highest: RankedGroup | null;
  lowest: RankedGroup | null;
} {
  let highest: RankedGroup | null = null;
  let lowest: RankedGroup | null = null;
  for (const group of groups) {
    if (group.averageProductivity === null) continue;
    const ranked = { id: group.id, name: group.name, productivity: group.averageProductivity };
    if (!highest || ranked.productivity > highest.productivity) highest = ranked;
    if (!lowest || ranked.productivity < lowest.productivity) lowest = ranked;
  }
  return { highest, lowest };
}

/** Everything /performance shows for a farm's season. */
export function seasonPerformance(sowings: readonly PerformanceSowing[]): SeasonPerformance {
  const byPlot = groupBy(sowings, (sowing) => sowing.plot);
  const byVariety = groupBy(sowings, (sowing) => sowing.variety ?? { id: null, name: null });
  const plots = productivityExtremes(byPlot);
  const varieties = productivityExtremes(byVariety);
  return {
    summary: {
      ...performanceFigures(sowings),
      varieties: new Set(sowings.flatMap((sowing) => (sowing.variety ? [sowing.variety.id] : [])))
        .size,
      highestPlot: plots.highest,
      lowestPlot: plots.lowest,
      highestVariety: varieties.highest,
      lowestVariety: varieties.lowest,
    },
    byPlot,
    byVariety,
  };
}
