import {
  SOWING_STATUSES,
  currentStage,
  sowingStatus,
  type CropId,
  type StageObservation,
} from '@lavoura/domain';
import { z } from 'zod';

/** A date-only day as the API answers it. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A sowing's latest harvest, as `colheita` answers it. */
export const sowingHarvestSchema = z.object({
  id: z.number().int(),
  data_colheita: day,
  produtividade: z.number().nullable(),
  perda: z.boolean(),
  dessecacao: z.boolean(),
});

/** A sowing as GET/POST/PUT /api/semeaduras answer it (spec 2 §3 Sowing; issue 12 item 1). */
export const sowingSchema = z.object({
  id: z.number().int(),
  talhao_id: z.number().int(),
  fazenda_id: z.number().int(),
  /** The farm's variety (POST /api/cultivares). */
  cultivar_id: z.number().int().nullable(),
  /** The catalogue's variety of that farm variety. */
  semente_id: z.number().int().nullable(),
  crop_id: z.number().int(),
  season_crop_id: z.number().int(),
  area: z.number(),
  data_semeadura: day.nullable(),
  data_emergencia: day.nullable(),
  quantidade: z.number().nullable(),
  origem: z.string().nullable(),
  seeder_system_id: z.number().int().nullable(),
  seed_class_id: z.number().int().nullable(),
  estimated_cycle: z.number().int().nullable(),
  germinative_power: z.number().nullable(),
  seed_vigor: z.number().nullable(),
  line_spacing: z.number().nullable(),
  population_lines: z.number().nullable(),
  operating_speed: z.number().nullable(),
  seed_treatment: z.string().nullable(),
  inoculant: z.string().nullable(),
  status: z.enum(SOWING_STATUSES),
  estadio_atual: z
    .object({
      id: z.number().int(),
      message_key: z.string(),
      code: z.string(),
      /** The stage's name as growers write it (R5.1, 10.5.1): its code. */
      name: z.string(),
    })
    .nullable(),
  colheita: sowingHarvestSchema.nullable(),
  /** The planned date of the program's first spraying not yet applied. */
  data_ideal_proxima_aplicacao: day.nullable(),
  /** The sowing's spray program (execution), if one is attached. */
  programa: z.object({ id: z.number().int() }).nullable(),
  /** Sprayings of the program: all of them, those applied, those still to apply. */
  total_aplicacoes: z.number().int(),
  total_execucoes: z.number().int(),
  total_sprayings: z.number().int(),
  ready_to_harvest: z.boolean(),
  plot_enabled: z.boolean(),
  /** NDVI monitoring contracted for the plot. */
  ndvi_enabled: z.boolean(),
  /** Not deleted and of the farm's current season-crop: the sowing may still be changed. */
  active: z.boolean(),
});
z.globalRegistry.add(sowingSchema, { id: 'Sowing' });
export type SowingAnswer = z.infer<typeof sowingSchema>;

/** What `include=` may add to a sowing (spec 2 §7); `status` is always answered. */
export const SOWING_INCLUDES = [
  'semente',
  'cultivar_regiao_parametros',
  'colheita',
  'status',
] as const;
export type SowingInclude = (typeof SOWING_INCLUDES)[number];

/** The catalogue's variety of a sowing (`include=semente`). */
export const sowingSeedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  gmr: z.number().nullable(),
  growth_habit: z.string().nullable(),
  gmo: z.boolean().nullable(),
});

/** The variety's regional parameters (`include=cultivar_regiao_parametros`); null: not informed. */
export const sowingVarietyRegionSchema = z.object({
  min_cycle: z.number().int().nullable(),
  max_cycle: z.number().int().nullable(),
  min_population: z.number().nullable(),
  max_population: z.number().nullable(),
  /** Sowing window as month * 100 + day (1015 = 15 Oct). */
  start_sowing: z.number().int().nullable(),
  end_sowing: z.number().int().nullable(),
  region_states: z.array(z.string()).nullable(),
});

/** A sowing of the list, with what `include=` asked for. */
export const listedSowingSchema = sowingSchema.extend({
  semente: sowingSeedSchema.nullable().optional(),
  cultivar_regiao_parametros: sowingVarietyRegionSchema.nullable().optional(),
  /** Every harvest, the latest first (`include=colheita`). */
  colheitas: z.array(sowingHarvestSchema).optional(),
});
export type ListedSowingAnswer = z.infer<typeof listedSowingSchema>;

/**
 * GET /api/semeaduras: the farm's sowings of its country's current seasons (one per crop), or of a
 * season-crop, or touching a period; `include` is a comma-separated list of SOWING_INCLUDES.
 */
export const sowingsQuerySchema = z.object({
  fazenda_id: z.coerce.number().int().positive().max(2_147_483_647),
  season_crop_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  start_period: day.optional(),
  end_period: day.optional(),
  include: z
    .string()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(SOWING_INCLUDES)))
    .optional(),
});

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

/** GET /api/sementes/data-emergencia/{id}: a sowing date to suggest the emergence for. */
export const emergenceQuerySchema = z.object({ data_semeadura: day });

/**
 * The emergence suggested for a farm variety sown on a day: the median days from sowing to
 * emergence of the account's earlier sowings of that variety. No source gives a number of days
 * for every variety and place, so without earlier sowings there is no suggestion (nulls).
 */
export const emergenceSuggestionSchema = z.object({
  data_emergencia: day.nullable(),
  dias: z.number().int().nullable(),
  /** How many earlier sowings the suggestion comes from. */
  baseado_em: z.number().int(),
});
export type EmergenceSuggestion = z.infer<typeof emergenceSuggestionSchema>;
