import {
  DISEASES,
  addDays,
  type DefensivesSuggestionAnswer,
  type ProgramProduct,
  type SprayChoice,
  type SuggestionAnswer,
  type SuggestionResult,
} from '@lavoura/domain';

/** GET /api/programas/{id}/planejamentos/sugerir: the engine's plan (AGRONOMY §7), unsaved. */

const diseaseIdByCode = new Map(DISEASES.map((disease) => [disease.code, disease.id]));

// The answers' schemas are the contract of packages/domain (contracts/programs.ts).
export type { DefensivesSuggestionAnswer, SuggestionAnswer };

export function toSuggestion(
  result: SuggestionResult,
  emergence: string,
  products: readonly ProgramProduct[],
): SuggestionAnswer {
  const byId = new Map(products.map((product) => [product.id, product]));
  const warningOf = (warning: SuggestionResult['warnings'][number]) => ({
    code: warning.code,
    fontes: [...warning.sources],
    doenca_id: warning.disease ? (diseaseIdByCode.get(warning.disease) ?? null) : null,
    defensivo_id: warning.productId ?? null,
    motivo: warning.reason ?? null,
  });
  return {
    inicio_risco: result.riskStart === null ? null : addDays(emergence, result.riskStart),
    fim_risco: result.riskEnd === null ? null : addDays(emergence, result.riskEnd),
    aplicacoes: result.sprays.map((spray, index) => ({
      aplicacao: index + 1,
      data: spray.date,
      mofo_branco: spray.whiteMold,
      produtos: spray.products.map((dose) => ({
        defensivo_id: dose.productId,
        nome: byId.get(dose.productId)?.name ?? '',
        dose: dose.dose,
        preco: byId.get(dose.productId)?.price ?? null,
      })),
      motivo_sem_produto:
        spray.warnings.find((warning) => warning.code === 'empty_spray')?.reason ?? null,
      valor: spray.value,
      eficacias: Object.entries(spray.potential).map(([code, potential]) => ({
        alvo_id: diseaseIdByCode.get(code)!,
        eficacia_potencial: potential,
      })),
      bloqueados: spray.blocked.map((blocked) => ({
        defensivo_ids: blocked.productIds,
        regra: blocked.rule,
        grupos: blocked.groups,
      })),
      avisos: spray.warnings.map(warningOf),
    })),
    program_score: result.programScore,
    white_mold_program_score: result.whiteMoldProgramScore,
    doses_a_preencher: result.dosesToFill,
    removidas_racional: result.droppedByRacional,
    avisos: result.warnings.map(warningOf),
  };
}

export function toDefensivesSuggestion(
  positions: readonly (SprayChoice | null)[],
  products: readonly ProgramProduct[],
  diseaseIds: readonly number[],
): DefensivesSuggestionAnswer {
  const byId = new Map(products.map((product) => [product.id, product]));
  return {
    positions: positions.map((choice, index) => ({
      position: index + 1,
      defensives: (choice?.products ?? []).map((dose) => ({
        defensive_id: dose.productId,
        name: byId.get(dose.productId)?.name ?? '',
        dose: dose.dose,
        price: byId.get(dose.productId)?.price ?? null,
      })),
      efficacies: Object.entries(choice?.potential ?? {}).map(([code, efficacy]) => ({
        disease_id: diseaseIdByCode.get(code)!,
        efficacy,
      })),
      diseases: [...diseaseIds],
      value: choice?.value ?? 0,
    })),
  };
}
