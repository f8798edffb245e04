import { leastRemainingArea, type Plot, type SownArea } from '@lavoura/domain';
import { pipeListsOf, type PlotPolygon } from '@lavoura/domain/geo';

/** A plot row with what plots.service computes beside it. */
export interface PlotRow {
  id: number;
  farmId: number;
  name: string;
  area: number;
  areaCalculated: number;
  geometry: unknown;
  latitude: number;
  longitude: number;
  elevation: number | null;
  clayPercent: number | null;
  enabled: boolean;
  ndviContractedAt: Date | null;
  contractedArea: number | null;
  createdAt: Date;
  updatedAt: Date;
  farmEnabled: boolean;
  /** The live sowings of each current season-crop, summed. */
  sownAreas: SownArea[];
  unharvested: boolean;
}

/** Areas in hectares, rounded to the square metre; the outline in both of the spec's forms. */
export function toPlot(row: PlotRow): Plot {
  const polygon = row.geometry as PlotPolygon;
  const hectares = (value: number) => Math.round(value * 10_000) / 10_000;
  const sownAreas = row.sownAreas.map((sown) => ({
    season_crop_id: sown.season_crop_id,
    area: Number(sown.area),
  }));
  return {
    id: row.id,
    nome: row.name,
    fazenda_id: row.farmId,
    area: hectares(row.area),
    area_calculada: hectares(row.areaCalculated),
    geometry: polygon,
    ...pipeListsOf(polygon),
    latitude: row.latitude,
    longitude: row.longitude,
    elevation: row.elevation,
    clay_soil: row.clayPercent,
    soil_type_id: null,
    enabled: row.enabled,
    enabled_ndvi: row.ndviContractedAt !== null,
    enabled_sowing: row.enabled && row.farmEnabled && !row.unharvested,
    contracted_area: row.contractedArea,
    remaining_area: leastRemainingArea(row.area, sownAreas),
    sown_areas: sownAreas.map((sown) => ({ ...sown, area: hectares(sown.area) })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
