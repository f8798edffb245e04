import {
  ERRORS,
  currentStage,
  daysBetween,
  estimatedStage,
  mayReadPesticidesUsed,
  type CropId,
} from '@lavoura/domain';
import { AppError } from '../../http/app-error.ts';
import { actorOf } from '../../policies/records.policy.ts';
import type { Session } from '../auth/session.types.ts';
import type { ProgramAnswersService } from '../programs/program-answers.service.ts';
import type { ProgramaReport } from '@lavoura/domain';
import {
  cents,
  stageAnswer,
  tenth,
  thousandth,
  type ReportQuery,
  type ReportReads,
} from './report-reads.service.ts';

/**
 * The farm spraying report of a season-crop (issue 14 item 5; docs/reports.md): each sowing's
 * program with its sprays, planned and applied stages, delays, costs and scores. Programs come
 * from ProgramAnswersService (their scores from the engine), so the report shows what the programs page
 * shows.
 */
export class SprayingReportService {
  constructor(
    private readonly deps: { programs: ProgramAnswersService },
    private readonly reads: ReportReads,
  ) {}

  async report(session: Session, query: ReportQuery): Promise<ProgramaReport> {
    const { farm, seasonCrop, sowings } = await this.reads.sowingsOf(session, query);
    const programs = (await this.deps.programs.list(session, { fazenda_id: farm.id })).filter(
      (program) => program.season_crop_id === seasonCrop.id && program.semeadura_id,
    );
    // One program per sowing: the newest (the list comes newest first).
    const programOf = new Map<number, (typeof programs)[number]>();
    for (const program of programs)
      if (!programOf.has(program.semeadura_id!)) programOf.set(program.semeadura_id!, program);
    const withProgram = sowings.filter((sowing) => programOf.has(sowing.id));
    if (!withProgram.length)
      throw new AppError(ERRORS.reportNoSowings, 'No sowing of the season has a spray program');
    const observations = await this.reads.observationsOf(
      session,
      withProgram.map((sowing) => sowing.id),
      farm.timeZone,
    );

    const rows = withProgram.map((sowing) => {
      const program = programOf.get(sowing.id)!;
      const cropId = sowing.cropId as CropId;
      const emergence = program.data_prevista;
      const cycle = program.ciclo_dias;
      const seen = observations.get(sowing.id) ?? [];
      const sprays = program.planejamentos.map((spray) => ({
        ordinal: spray.aplicacao,
        planned_date: spray.data_aplicacao_planejada,
        applied_date: spray.data_realizada,
        white_mold: spray.mofo_branco,
        planned_stage: stageAnswer(
          emergence && cycle
            ? estimatedStage(cropId, emergence, cycle, spray.data_aplicacao_planejada)
            : null,
        ),
        applied_stage: stageAnswer(
          spray.data_realizada
            ? currentStage(
                cropId,
                { emergence, cycleDays: cycle },
                seen.map((row) => row.observation),
                spray.data_realizada,
              )
            : null,
        ),
        delay_days: spray.data_realizada
          ? daysBetween(spray.data_aplicacao_planejada, spray.data_realizada)
          : null,
        products: spray.produtos.map((product) => ({
          pesticide_id: product.defensivo_id,
          name: product.nome,
          dose: product.dose,
          unit: product.unidade,
          price: product.preco,
        })),
        cost_per_ha: spray.custo_ha,
        cost_total: cents(spray.custo_ha * sowing.area),
        spray_score: spray.avaliacao?.spray_score ?? null,
      }));
      return {
        ...this.reads.sowingFacts(sowing),
        program: {
          id: program.id,
          name: program.nome,
          main_disease_id: program.doenca_principal_id,
          program_score: program.avaliacao?.program_score ?? null,
          white_mold_program_score: program.avaliacao?.white_mold_program_score ?? null,
          evaluation_missing: program.avaliacao_indisponivel,
          cost_per_ha: program.custo_ha,
          cost_total: program.custo_total,
          is_paused_by_climate: program.is_paused_by_climate,
        },
        sprays_planned: sprays.length,
        sprays_applied: sprays.filter((spray) => spray.applied_date !== null).length,
        sprays,
      };
    });

    const area = rows.reduce((sum, row) => sum + row.area, 0);
    const costTotal = cents(rows.reduce((sum, row) => sum + (row.program.cost_total ?? 0), 0));
    const scores = rows.flatMap((row) =>
      row.program.program_score === null ? [] : [row.program.program_score],
    );
    return {
      ...(await this.reads.head(farm, seasonCrop)),
      sowings: rows,
      totals: {
        sowings: rows.length,
        area: thousandth(area),
        sprays_planned: rows.reduce((sum, row) => sum + row.sprays_planned, 0),
        sprays_applied: rows.reduce((sum, row) => sum + row.sprays_applied, 0),
        cost_total: costTotal,
        cost_per_ha: area > 0 ? cents(costTotal / area) : 0,
        average_program_score: scores.length
          ? tenth(scores.reduce((sum, score) => sum + score, 0) / scores.length)
          : null,
      },
      pesticides: mayReadPesticidesUsed(actorOf(session)) ? pesticidesUsed(rows) : null,
    };
  }
}

/** The pesticides of the report's sprays, by name: how much was planned and applied, and cost. */
function pesticidesUsed(
  rows: ProgramaReport['sowings'],
): NonNullable<ProgramaReport['pesticides']> {
  const byId = new Map<number, NonNullable<ProgramaReport['pesticides']>[number]>();
  for (const row of rows)
    for (const spray of row.sprays)
      for (const product of spray.products) {
        const entry = byId.get(product.pesticide_id) ?? {
          pesticide_id: product.pesticide_id,
          name: product.name,
          sprays_planned: 0,
          sprays_applied: 0,
          quantity_planned: 0,
          quantity_applied: 0,
          cost_applied: 0,
        };
        const quantity = product.dose * row.area;
        entry.sprays_planned += 1;
        entry.quantity_planned = thousandth(entry.quantity_planned + quantity);
        if (spray.applied_date !== null) {
          entry.sprays_applied += 1;
          entry.quantity_applied = thousandth(entry.quantity_applied + quantity);
          entry.cost_applied = cents(entry.cost_applied + quantity * product.price);
        }
        byId.set(product.pesticide_id, entry);
      }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
