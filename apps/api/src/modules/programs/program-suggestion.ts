import {
  DISEASES,
  EMPTY_SPRAY_REASONS,
  addDays,
  type ProgramProduct,
  type SprayChoice,
  type SuggestionResult,
} from '@lavoura/domain';
import { z } from 'zod';

/** GET /api/programas/{id}/planejamentos/sugerir: the engine's plan (AGRONOMY §7), unsaved. */

const diseaseIdByCode = new Map(DISEASES.map((disease) => [disease.code, disease.id]));

const suggestionWarningSchema = z.object({
  code: z.string(),
  fontes: z.array(z.string()),
  doenca_id: z.number().int().nullable(),
  defensivo_id: z.number().int().nullable(),
  /** empty_spray: why no product was possible; null for the other warnings. */
  motivo: z.enum(EMPTY_SPRAY_REASONS).nullable(),
});

export const suggestionSchema = z.object({
  /** A and B of §7: the days the combined risk is at least 0.5; null when it never is. */
  inicio_risco: z.string().nullable(),
  fim_risco: z.string().nullable(),
  aplicacoes: z.array(
    z.object({
      aplicacao: z.number().int(),
      data: z.string(),
      mofo_branco: z.boolean(),
      produtos: z.array(
        z.object({
          defensivo_id: z.number().int(),
          nome: z.string(),
          /**
           * The label's dose, else the account's last dose; null: neither is known, the grower
           * fills it (the product is registered for the main disease).
           */
          dose: z.number().nullable(),
          /** The account's last price of the product; null: never used. */
          preco: z.number().nullable(),
        }),
      ),
      /** Why the application has no product; null when it has one (EmptySprayReason). */
      motivo_sem_produto: z.enum(EMPTY_SPRAY_REASONS).nullable(),
      /** V = Σ ω_d · min(1, pot_d/T). */
      valor: z.number(),
      /** Potential efficacy per target. */
      eficacias: z.array(z.object({ alvo_id: z.number().int(), eficacia_potencial: z.number() })),
      /** Candidates that scored higher but a rotation rule or a season cap blocked. */
      bloqueados: z.array(
        z.object({
          defensivo_ids: z.array(z.number().int()),
          regra: z.enum(['rotation', 'season_cap']),
          grupos: z.array(z.string()),
        }),
      ),
      avisos: z.array(suggestionWarningSchema),
    }),
  ),
  /** Null while a product's dose is to fill (`doses_a_preencher` > 0): the score waits for it. */
  program_score: z.number().nullable(),
  white_mold_program_score: z.number().nullable(),
  /** Products of the suggested applications whose dose the grower has to fill. */
  doses_a_preencher: z.number().int(),
  /** Sprays the rational setting removed (§7.5). */
  removidas_racional: z.number().int(),
  avisos: z.array(suggestionWarningSchema),
});
export type SuggestionAnswer = z.infer<typeof suggestionSchema>;

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

/** POST /api/defensives/suggest: the positions 1..N with their products, efficacies and diseases. */
export const defensivesSuggestionSchema = z.object({
  positions: z.array(
    z.object({
      position: z.number().int(),
      /** Empty when no product is left for the position (or the grower's cannot be dosed). */
      defensives: z.array(
        z.object({
          defensive_id: z.number().int(),
          name: z.string(),
          /** null: no label dose nor a dose of the account's own is known, for the grower to fill. */
          dose: z.number().nullable(),
          /** The account's last price of the product; null: never used. */
          price: z.number().nullable(),
        }),
      ),
      /** The mixture's potential efficacy (0–0.95) per disease, AGRONOMY §5. */
      efficacies: z.array(z.object({ disease_id: z.number().int(), efficacy: z.number() })),
      /** The diseases the position was chosen for. */
      diseases: z.array(z.number().int()),
      /** V = Σ ω_d · min(1, pot_d/T); 0 for an empty position. */
      value: z.number(),
    }),
  ),
});
export type DefensivesSuggestionAnswer = z.infer<typeof defensivesSuggestionSchema>;

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
