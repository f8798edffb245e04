import {
  DISEASES,
  SEVERITY_LEVELS,
  evaluateProgram,
  importedProgramCycle,
  type CountryId,
  type CropId,
  type ApplicationEvaluation,
  type CycleSource,
  type EvaluationMissing,
  type EngineWarning,
  type HarvestFacts,
  type ProgramDisease,
  type ProgramEvaluation,
  type ProgramEvaluationAnswer,
  type ProgramProduct,
  type Severity,
} from '@lavoura/domain';
import type { ProgramRow, SprayingRow } from './program-rows.ts';

/**
 * A program's scores and their explanation (issue 13 items 1–3), from the engine of
 * packages/domain/src/programs on the catalogue's shipped efficacies (AGRONOMY §4b). Nothing here
 * is stored: a program answers what the engine computes from its current data.
 */

/** The severity a program without one is computed at: m = 1, T = .75 (AGRONOMY §3). */
const DEFAULT_SEVERITY: Severity = 'medium';

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
    ...(warning.groups ? { grupos: [...warning.groups] } : {}),
    ...(warning.products
      ? {
          produtos: warning.products.map((product) => ({
            defensivo_id: product.productId,
            nome: product.name,
            frac: [...product.groups],
            anterior: product.previous === true,
          })),
        }
      : {}),
    ...(warning.harvest
      ? { colheita: { data: warning.harvest.date, origem: warning.harvest.basis } }
      : {}),
    ...(warning.sprayOrdinal !== undefined ? { aplicacao: warning.sprayOrdinal } : {}),
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
  missing: EvaluationMissing | null;
  /** By spraying id. */
  applications: Map<number, ApplicationEvaluation>;
}

/** Runs the engine on a program as stored, or says what it lacks. */
export function evaluate(
  row: ProgramRow,
  sprayings: readonly SprayingRow[],
  products: readonly ProgramProduct[],
  provenance: EfficacyProvenance,
  options: { curves?: boolean; harvest?: HarvestFacts | undefined } = {},
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
        ...(spraying.appliedAt !== null ? { applied: true } : {}),
      })),
      products,
      ...(options.harvest ? { harvest: options.harvest } : {}),
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
