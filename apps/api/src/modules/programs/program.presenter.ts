import { costPerHectare, type ProgramAnswer } from '@lavoura/domain';
import { cycleOf, type Evaluated } from './program-evaluation.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';

// The answer's schema is the contract of packages/domain (contracts/programs.ts).
export type { ProgramAnswer };

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
