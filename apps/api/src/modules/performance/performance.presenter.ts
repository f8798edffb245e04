import type {
  PerformanceAnswer,
  PerformanceFigures,
  PerformanceGroup,
  PerformanceGroupAnswer,
  RankedGroup,
  SeasonPerformance,
} from '@lavoura/domain';

const figures = (row: PerformanceFigures): Omit<PerformanceGroupAnswer, 'id' | 'name'> => ({
  sowings: row.sowings,
  harvested_sowings: row.harvestedSowings,
  area: row.area,
  harvested_area: row.harvestedArea,
  average_productivity: row.averageProductivity,
  production: row.production,
  sprays: row.sprays,
  sprays_per_sowing: row.spraysPerSowing,
  product_cost_per_ha: row.productCostPerHa,
  average_cycle: row.averageCycle,
});

const group = (row: PerformanceGroup): PerformanceGroupAnswer => ({
  id: row.id,
  name: row.name,
  ...figures(row),
});

const ranked = (row: RankedGroup | null) =>
  row && { id: row.id, name: row.name, productivity: row.productivity };

/** A farm's season performance as GET /api/performance answers it (metric, the farm's currency). */
export function presentPerformance(input: {
  farmId: number;
  seasonCropId: number;
  cropId: number;
  currency: string | null;
  seasonsWithHarvests: number[];
  performance: SeasonPerformance;
}): PerformanceAnswer {
  const { summary } = input.performance;
  return {
    farm_id: input.farmId,
    season_crop_id: input.seasonCropId,
    crop_id: input.cropId,
    currency: input.currency,
    has_harvests: input.seasonsWithHarvests.length > 0,
    seasons_with_harvests: input.seasonsWithHarvests,
    summary: {
      ...figures(summary),
      varieties: summary.varieties,
      highest_plot: ranked(summary.highestPlot),
      lowest_plot: ranked(summary.lowestPlot),
      highest_variety: ranked(summary.highestVariety),
      lowest_variety: ranked(summary.lowestVariety),
    },
    by_plot: input.performance.byPlot.map(group),
    by_variety: input.performance.byVariety.map(group),
  };
}
