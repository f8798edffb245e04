import { CYCLE_SOURCES, costPerHectare } from '@lavoura/domain';
import { z } from 'zod';
import {
  EVALUATION_MISSING,
  applicationEvaluationSchema,
  cycleOf,
  programEvaluationSchema,
  type Evaluated,
} from './program-evaluation.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';

/** A date-only day as the API answers it. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A product of an application, with its catalogue name. */
export const applicationProductSchema = z.object({
  defensivo_id: z.number().int(),
  nome: z.string(),
  /** The product's unit, L or kg (from its formulation); null: not informed. */
  unidade: z.enum(['L', 'kg']).nullable(),
  /** Per hectare, in the product's unit. */
  dose: z.number(),
  /** Per unit of product, in the farm's currency. */
  preco: z.number(),
});

/** A planned application, executed once it has `data_realizada` (one record: DESIGN.md §2). */
export const applicationSchema = z.object({
  id: z.number().int(),
  /** 1-based position in the program. */
  aplicacao: z.number().int(),
  data_aplicacao_planejada: day,
  data_realizada: day.nullable(),
  mofo_branco: z.boolean(),
  produtos: z.array(applicationProductSchema),
  /** Σ dose × price of its products, per hectare. */
  custo_ha: z.number(),
  /** Its scores and efficacies with their explanation; null while the program has none. */
  avaliacao: applicationEvaluationSchema.nullable(),
});
z.globalRegistry.add(applicationSchema, { id: 'Application' });

/** A program as the API answers it (spec 2 §3 Program; issue 13 item 5). */
export const programSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  fazenda_id: z.number().int(),
  /** The farm variety it is planned for (planning), or the sowing's. */
  cultivar_id: z.number().int().nullable(),
  /** The sowing it is attached to (execution). */
  semeadura_id: z.number().int().nullable(),
  season_crop_id: z.number().int(),
  crop_id: z.number().int(),
  doenca_principal_id: z.number().int().nullable(),
  doencas_secundarias_ids: z.array(z.number().int()),
  severidade: z.number().int().nullable(),
  mofo_branco: z.boolean(),
  /** White-mold sprays asked of the suggestion; null: the default two (or no white mold). */
  white_mold_total_sprayings: z.number().int().nullable(),
  /** Regular sprays asked of the suggestion; null: the crop's and country's maximum. */
  total_aplicacoes_sugeridas: z.number().int().nullable(),
  racional: z.boolean(),
  imported_from_planning_id: z.number().int().nullable(),
  /** Emergence and cycle the program is computed on: the sowing's, or the planning's expected. */
  data_prevista: day.nullable(),
  ciclo_dias: z.number().int().nullable(),
  /**
   * Where a sowing's program's cycle comes from: the sowing's; for a plan imported into a sowing
   * without one, the variety's, else the reference 120 days. Null for a plan (its own).
   */
  ciclo_origem: z.enum(CYCLE_SOURCES).nullable(),
  is_paused_by_climate: z.boolean(),
  /** The open pause: its reason (GET /api/paused-climate-reasons), description and first day. */
  pausa: z
    .object({
      reason_id: z.number().int(),
      description: z.string().nullable(),
      paused_at: day,
    })
    .nullable(),
  planejamentos: z.array(applicationSchema),
  /** Σ of the applications' cost per hectare. */
  custo_ha: z.number(),
  /** Cost per hectare × the area: the sowing's, or the variety's sowings' on the farm; null: none. */
  custo_total: z.number().nullable(),
  /** The hectares `custo_total` counts. */
  area: z.number().nullable(),
  /** The engine's scores and their explanation (AGRONOMY.md), or null with the reason. */
  avaliacao: programEvaluationSchema.nullable(),
  avaliacao_indisponivel: z.enum(EVALUATION_MISSING).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
z.globalRegistry.add(programSchema, { id: 'Program' });
export type ProgramAnswer = z.infer<typeof programSchema>;

/** GET /api/programas: the programs of a farm variety, a sowing or a farm. */
export const programsQuerySchema = z.object({
  cultivar_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  semeadura_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  fazenda_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** 1: each program's scores without each application's explanation (the list page). */
  basic_list: z.enum(['0', '1']).optional(),
  /** The programs of the seasons touching this period (YYYY-MM-DD, either end may be open). */
  start_period: day.optional(),
  end_period: day.optional(),
  /**
   * Taken for the original client's sake: the scores are computed on every answer from the
   * program as it is, never stored, so they are always up to date.
   */
  updated_score: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** Money to the cent, summed without float dust. */
const cents = (value: number) => Math.round(value * 100) / 100;

export function toProgram(
  row: ProgramRow,
  context: {
    sprayings: readonly SprayingRow[];
    area: number | null;
    pause: { reasonId: number; description: string | null; pausedAt: string } | null;
    evaluated: Evaluated;
    /** Leave out each application's explanation. */
    basic?: boolean;
  },
): ProgramAnswer {
  const applications = context.sprayings.map((spraying) => ({
    id: spraying.id,
    aplicacao: spraying.ordinal,
    data_aplicacao_planejada: spraying.plannedDate,
    data_realizada: spraying.appliedAt,
    mofo_branco: spraying.whiteMold,
    produtos: spraying.products.map((product) => ({
      defensivo_id: product.pesticideId,
      nome: product.name,
      unidade: product.unit,
      dose: product.dose,
      preco: product.price,
    })),
    custo_ha: costPerHectare(spraying.products),
    avaliacao: context.basic ? null : (context.evaluated.applications.get(spraying.id) ?? null),
  }));
  const costPerHa = cents(applications.reduce((sum, application) => sum + application.custo_ha, 0));
  return {
    id: row.id,
    nome: row.name,
    fazenda_id: row.farmId,
    cultivar_id: row.farmVarietyId,
    semeadura_id: row.sowingId,
    season_crop_id: row.seasonCropId!,
    crop_id: row.cropId,
    doenca_principal_id: row.mainDiseaseId,
    doencas_secundarias_ids: row.secondaryDiseaseIds,
    severidade: row.severityId,
    mofo_branco: row.whiteMold,
    white_mold_total_sprayings: row.whiteMoldSprayings,
    total_aplicacoes_sugeridas: row.suggestedSprayings,
    racional: row.rational,
    imported_from_planning_id: row.importedFromId,
    data_prevista: row.sowingId !== null ? row.sowingEmergence : row.expectedEmergence,
    ciclo_dias: cycleOf(row)?.days ?? null,
    ciclo_origem: cycleOf(row)?.source ?? null,
    is_paused_by_climate: context.pause !== null,
    pausa: context.pause && {
      reason_id: context.pause.reasonId,
      description: context.pause.description,
      paused_at: context.pause.pausedAt,
    },
    planejamentos: applications,
    custo_ha: costPerHa,
    custo_total: context.area ? cents(costPerHa * context.area) : null,
    area: context.area,
    avaliacao: context.evaluated.program,
    avaliacao_indisponivel: context.evaluated.missing,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
