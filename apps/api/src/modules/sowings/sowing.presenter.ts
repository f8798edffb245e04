import {
  currentStage,
  sowingStatus,
  type CropId,
  type EmergenceSuggestion,
  type ListedSowingAnswer,
  type SowingAnswer,
  type SowingInclude,
  type StageObservation,
} from '@lavoura/domain';

// The answers' schemas are the contract of packages/domain (contracts/sowings.ts).
export type { EmergenceSuggestion, ListedSowingAnswer, SowingAnswer, SowingInclude };

/** What the service reads of a sowing to answer it. */
export interface SowingRow {
  id: number;
  plotId: number;
  farmId: number;
  farmVarietyId: number | null;
  varietyId: number | null;
  cropId: number;
  seasonCropId: number;
  area: number;
  sowingDate: string | null;
  emergenceDate: string | null;
  seedQuantity: number | null;
  seedOrigin: string | null;
  seederSystemId: number | null;
  seedClassId: number | null;
  estimatedCycle: number | null;
  germinativePower: number | null;
  seedVigor: number | null;
  lineSpacing: number | null;
  populationLines: number | null;
  operatingSpeed: number | null;
  seedTreatment: string | null;
  inoculant: string | null;
  plotEnabled: boolean;
  plotNdviContractedAt: Date | null;
}

/** The spray program attached to a sowing and its sprayings (planned, applied). */
export interface SowingProgramFacts {
  programId: number;
  sprayings: readonly { plannedDate: string; appliedAt: string | null; ordinal: number }[];
}

export interface HarvestRow {
  id: number;
  harvestDate: string;
  productivity: number | null;
  lost: boolean;
  desiccation: boolean;
}

/**
 * The answer of one sowing: its status from its dates and harvests on the farm's day, its stage
 * from its observations (the latest wins) or the timeline, and its latest harvest.
 */
export function toSowing(
  row: SowingRow,
  context: {
    today: string;
    /** The sowing's harvests, any order. */
    harvests: readonly HarvestRow[];
    observations: readonly StageObservation[];
    /** Whether the sowing's season-crop is the current one. */
    currentSeason: boolean;
    program: SowingProgramFacts | undefined;
  },
): SowingAnswer {
  const status = sowingStatus({
    sowingDate: row.sowingDate,
    emergence: row.emergenceDate,
    cycleDays: row.estimatedCycle,
    harvests: context.harvests,
    today: context.today,
  });
  const stage = currentStage(
    row.cropId as CropId,
    { emergence: row.emergenceDate, cycleDays: row.estimatedCycle },
    context.observations,
    context.today,
  );
  const sprayings = [...(context.program?.sprayings ?? [])].sort((a, b) => a.ordinal - b.ordinal);
  const applied = sprayings.filter((spraying) => spraying.appliedAt !== null).length;
  const latest = [...context.harvests].sort(
    (a, b) => b.harvestDate.localeCompare(a.harvestDate) || b.id - a.id,
  )[0];
  return {
    id: row.id,
    talhao_id: row.plotId,
    fazenda_id: row.farmId,
    cultivar_id: row.farmVarietyId,
    semente_id: row.varietyId,
    crop_id: row.cropId,
    season_crop_id: row.seasonCropId,
    area: row.area,
    data_semeadura: row.sowingDate,
    data_emergencia: row.emergenceDate,
    quantidade: row.seedQuantity,
    origem: row.seedOrigin,
    seeder_system_id: row.seederSystemId,
    seed_class_id: row.seedClassId,
    estimated_cycle: row.estimatedCycle,
    germinative_power: row.germinativePower,
    seed_vigor: row.seedVigor,
    line_spacing: row.lineSpacing,
    population_lines: row.populationLines,
    operating_speed: row.operatingSpeed,
    seed_treatment: row.seedTreatment,
    inoculant: row.inoculant,
    status,
    estadio_atual: stage
      ? { id: stage.id, message_key: stage.message_key, code: stage.code, name: stage.code }
      : null,
    colheita: latest
      ? {
          id: latest.id,
          data_colheita: latest.harvestDate,
          produtividade: latest.productivity,
          perda: latest.lost,
          dessecacao: latest.desiccation,
        }
      : null,
    data_ideal_proxima_aplicacao:
      sprayings.find((spraying) => spraying.appliedAt === null)?.plannedDate ?? null,
    programa: context.program ? { id: context.program.programId } : null,
    total_aplicacoes: sprayings.length,
    total_execucoes: applied,
    total_sprayings: sprayings.length - applied,
    ready_to_harvest: status === 'ready_to_harvest',
    plot_enabled: row.plotEnabled,
    ndvi_enabled: row.plotNdviContractedAt !== null,
    active: context.currentSeason,
  };
}
