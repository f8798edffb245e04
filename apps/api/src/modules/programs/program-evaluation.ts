import {
  DISEASES,
  SEVERITY_LEVELS,
  evaluateProgram,
  importedProgramCycle,
  type CountryId,
  type CropId,
  type CycleSource,
  type EngineWarning,
  type ProgramDisease,
  type ProgramEvaluation,
  type ProgramProduct,
  type Severity,
} from '@lavoura/domain';
import { z } from 'zod';
import type { ProgramRow, SprayingRow } from './program-rows.ts';

/**
 * A program's scores and their explanation (issue 13 items 1–3), from the engine of
 * packages/domain/src/programs on the catalogue's shipped efficacies (AGRONOMY §4b). Nothing here
 * is stored: a program answers what the engine computes from its current data.
 */

/** The severity a program without one is computed at: m = 1, T = .75 (AGRONOMY §3). */
const DEFAULT_SEVERITY: Severity = 'medium';

const warningSchema = z.object({
  code: z.string(),
  fontes: z.array(z.string()),
  doenca_id: z.number().int().nullable(),
  defensivo_id: z.number().int().nullable(),
  valor: z.number().nullable(),
  limite: z.number().nullable(),
});

/** One product's part against one disease: its E with tag and source, dose factor, e. */
const productEfficacySchema = z.object({
  defensivo_id: z.number().int(),
  /** E at the registered dose, percent; null: not informed. */
  eficacia_percentual: z.number().nullable(),
  /** S read in a source, D derived from trial data, A assumption; null: no value. */
  tag: z.enum(['S', 'D', 'A']).nullable(),
  fonte: z.string().nullable(),
  sem_registro: z.boolean(),
  nao_informado: z.boolean(),
  /** f(ρ); 1 with `dose_assumida` (the source gives no registered dose). */
  fator_dose: z.number(),
  dose_assumida: z.boolean(),
  /** e = E/100 · f(ρ). */
  eficacia: z.number(),
});

/** Per spray and target: the efficacies of spec 2 §3 with their explanation (AGRONOMY §5). */
const targetEfficacySchema = z.object({
  alvo_id: z.number().int(),
  eficacia_potencial: z.number(),
  eficacia_ajustada: z.number(),
  sem_registro: z.boolean(),
  /** U: days of full risk without protection in the 14 before the spray. */
  dias_expostos: z.number().int(),
  /** τ. */
  fator_epoca: z.number(),
  no_intervalo_recomendado: z.boolean(),
  produtos: z.array(productEfficacySchema),
});

export const applicationEvaluationSchema = z.object({
  spray_score: z.number(),
  white_mold_score: z.number().nullable(),
  /** The estimated growth stage on the spray's day. */
  estadio: z.string().nullable(),
  estadio_nao_recomendado: z.boolean(),
  eficacias: z.array(targetEfficacySchema),
  avisos: z.array(warningSchema),
});
export type ApplicationEvaluation = z.infer<typeof applicationEvaluationSchema>;

export const programEvaluationSchema = z.object({
  program_score: z.number(),
  white_mold_program_score: z.number().nullable(),
  /** What the scores are computed on. */
  data_emergencia: z.string(),
  ciclo_dias: z.number().int(),
  severidade: z.enum(SEVERITY_LEVELS.map((level) => level.code) as [Severity, ...Severity[]]),
  /** The program names no severity: computed at medium (m = 1). */
  severidade_assumida: z.boolean(),
  maximo_aplicacoes: z.number().int(),
  doencas: z.array(
    z.object({
      doenca_id: z.number().int(),
      papel: z.enum(['main', 'secondary', 'white_mold']),
      peso: z.number(),
      alvo: z.number(),
      score: z.number(),
      fontes: z.array(z.string()),
    }),
  ),
  avisos: z.array(warningSchema),
  /** For the chart (`include=curvas`): day t = 0..C from data_emergencia. */
  curvas: z
    .object({
      estadios: z.array(z.object({ code: z.string(), date: z.string() })),
      doencas: z.array(
        z.object({
          doenca_id: z.number().int(),
          /** R_d(t): the risk window weight scaled by severity, 0–1. */
          risco: z.array(z.number()),
          /** P_d(t): the program's protection, 0–0.95. */
          protecao: z.array(z.number()),
        }),
      ),
    })
    .optional(),
});
z.globalRegistry.add(programEvaluationSchema, { id: 'ProgramEvaluation' });
export type ProgramEvaluationAnswer = z.infer<typeof programEvaluationSchema>;

/** Why a program has no scores yet. */
export const EVALUATION_MISSING = ['emergence_and_cycle', 'main_disease'] as const;

/** The catalogue's E of a product per disease code, with its tag and source, for the answer. */
export type EfficacyProvenance = Map<
  number,
  Map<string, { efficacy: number; tag: 'S' | 'D' | 'A'; source: string }>
>;

const diseaseById = new Map(DISEASES.map((disease) => [disease.id, disease]));
const diseaseByCode = new Map(DISEASES.map((disease) => [disease.code, disease]));

function warningAnswer(warning: EngineWarning) {
  return {
    code: warning.code,
    fontes: [...warning.sources],
    doenca_id: warning.disease ? (diseaseByCode.get(warning.disease)?.id ?? null) : null,
    defensivo_id: warning.productId ?? null,
    valor: warning.value ?? null,
    limite: warning.limit ?? null,
  };
}

/** The program's diseases as the engine names them: the main one, then the secondary ones. */
export function engineDiseases(
  row: Pick<ProgramRow, 'mainDiseaseId' | 'secondaryDiseaseIds'>,
): ProgramDisease[] {
  const main = row.mainDiseaseId === null ? undefined : diseaseById.get(row.mainDiseaseId);
  return [
    ...(main ? [{ code: main.code, role: 'main' as const }] : []),
    ...row.secondaryDiseaseIds.flatMap((id) => {
      const disease = diseaseById.get(id);
      return disease ? [{ code: disease.code, role: 'secondary' as const }] : [];
    }),
  ];
}

/**
 * The cycle a program is computed on and where it comes from: a plan's own, a sowing's; a plan
 * imported into a sowing without a cycle takes the variety's, else the reference 120 days
 * (domain `importedProgramCycle`, issue 27 item 5). Null without one.
 */
export function cycleOf(row: ProgramRow): { days: number; source: CycleSource | null } | null {
  // A plan's own expected cycle: no source to tell.
  if (row.sowingId === null) return row.cycleDays ? { days: row.cycleDays, source: null } : null;
  if (row.importedFromId !== null)
    return importedProgramCycle(row.sowingCycle, {
      minCycle: row.varietyMinCycle,
      maxCycle: row.varietyMaxCycle,
    });
  return row.sowingCycle ? { days: row.sowingCycle, source: 'sowing' } : null;
}

/** The emergence and cycle a program is computed on: its sowing's, or the plan's expected ones. */
export function timelineOf(row: ProgramRow): { emergence: string; cycleDays: number } | null {
  const emergence = row.sowingId !== null ? row.sowingEmergence : row.expectedEmergence;
  const cycle = cycleOf(row);
  return emergence && cycle ? { emergence, cycleDays: cycle.days } : null;
}

export interface Evaluated {
  program: ProgramEvaluationAnswer | null;
  missing: (typeof EVALUATION_MISSING)[number] | null;
  /** By spraying id. */
  applications: Map<number, ApplicationEvaluation>;
}

/** Runs the engine on a program as stored, or says what it lacks. */
export function evaluate(
  row: ProgramRow,
  sprayings: readonly SprayingRow[],
  products: readonly ProgramProduct[],
  provenance: EfficacyProvenance,
  options: { curves?: boolean } = {},
): Evaluated {
  const timeline = timelineOf(row);
  const main = row.mainDiseaseId === null ? undefined : diseaseById.get(row.mainDiseaseId);
  if (!timeline) return { program: null, missing: 'emergence_and_cycle', applications: new Map() };
  if (!main) return { program: null, missing: 'main_disease', applications: new Map() };
  const severity = SEVERITY_LEVELS.find((level) => level.id === row.severityId)?.code as
    Severity | undefined;
  const evaluation: ProgramEvaluation = evaluateProgram(
    {
      cropId: row.cropId as CropId,
      countryId: row.countryId as CountryId,
      emergence: timeline.emergence,
      cycleDays: timeline.cycleDays,
      severity: severity ?? DEFAULT_SEVERITY,
      diseases: [
        { code: main.code, role: 'main' },
        ...row.secondaryDiseaseIds.flatMap((id) => {
          const disease = diseaseById.get(id);
          return disease ? [{ code: disease.code, role: 'secondary' as const }] : [];
        }),
      ],
      ...(row.whiteMold ? { whiteMold: true } : {}),
      sprays: sprayings.map((spraying) => ({
        date: spraying.appliedAt ?? spraying.plannedDate,
        products: spraying.products.map((product) => ({
          productId: product.pesticideId,
          dose: product.dose,
        })),
        ...(spraying.whiteMold ? { whiteMold: true } : {}),
      })),
      products,
    },
    { curves: options.curves === true },
  );
  const applications = new Map<number, ApplicationEvaluation>();
  for (const spray of evaluation.sprays) {
    const spraying = sprayings[spray.index]!;
    applications.set(spraying.id, {
      spray_score: spray.score,
      white_mold_score: spray.whiteMoldScore,
      estadio: spray.stage,
      estadio_nao_recomendado: spray.stageNotRecommended,
      eficacias: spray.diseases.map((target) => ({
        alvo_id: diseaseByCode.get(target.code)!.id,
        eficacia_potencial: target.potential,
        eficacia_ajustada: target.adjusted,
        sem_registro: target.products.length > 0 && target.products.every((p) => p.semRegistro),
        dias_expostos: target.exposureDays,
        fator_epoca: target.timingFactor,
        no_intervalo_recomendado: target.inSprayRange,
        produtos: target.products.map((contribution) => {
          const source = provenance.get(contribution.productId)?.get(target.code);
          return {
            defensivo_id: contribution.productId,
            eficacia_percentual: contribution.efficacyPercent,
            tag: contribution.efficacyPercent === null ? null : (source?.tag ?? null),
            fonte: contribution.efficacyPercent === null ? null : (source?.source ?? null),
            sem_registro: contribution.semRegistro,
            nao_informado: contribution.notInformed,
            fator_dose: contribution.doseFactor,
            dose_assumida: contribution.doseAssumed === true,
            eficacia: contribution.efficacy,
          };
        }),
      })),
      avisos: spray.warnings.map(warningAnswer),
    });
  }
  return {
    missing: null,
    applications,
    program: {
      program_score: evaluation.programScore,
      white_mold_program_score: evaluation.whiteMoldProgramScore,
      data_emergencia: timeline.emergence,
      ciclo_dias: timeline.cycleDays,
      severidade: severity ?? DEFAULT_SEVERITY,
      severidade_assumida: severity === undefined,
      maximo_aplicacoes: evaluation.maxSprays,
      doencas: evaluation.diseases.map((disease) => ({
        doenca_id: diseaseByCode.get(disease.code)!.id,
        papel: disease.role,
        peso: disease.weight,
        alvo: disease.target,
        score: disease.score,
        fontes: [...disease.sources],
      })),
      avisos: evaluation.warnings.map(warningAnswer),
      ...(options.curves
        ? {
            curvas: {
              estadios: evaluation.stages.map((stage) => ({ code: stage.code, date: stage.date })),
              doencas: evaluation.diseases.map((disease) => ({
                doenca_id: diseaseByCode.get(disease.code)!.id,
                risco: disease.risk ?? [],
                protecao: disease.protection ?? [],
              })),
            },
          }
        : {}),
    },
  };
}
