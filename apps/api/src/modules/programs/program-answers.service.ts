import {
  ERRORS,
  GROWTH_STAGES,
  bodyFieldError,
  programArea,
  programSchema,
  stageTimeline,
  type CropId,
} from '@lavoura/domain';
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { PreparedJson, validatedJson } from '../../http/versioned-answers.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { Session } from '../auth/session.types.ts';
import { DataVersions } from '../farms/data-versions.service.ts';
import { catalogueOf } from './program-catalogue.service.ts';
import { harvestFactsOf } from './program-harvests.service.ts';
import { timelineOf } from './program-evaluation.ts';
import { ProgramEvaluations } from './program-evaluations.ts';
import { ProgramListEntries } from './program-list-entries.ts';
import type { ProgramRow } from './program-rows.ts';
import {
  programOf,
  selectPrograms,
  sprayingsOf,
  visiblePrograms,
  type ProgramsServiceDeps,
} from './program-store.service.ts';
import { toProgram, type ProgramAnswer } from './program.presenter.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** GET /api/programas's filters. */
export interface ProgramsQuery {
  cultivar_id?: number | undefined;
  semeadura_id?: number | undefined;
  fazenda_id?: number | undefined;
  basic_list?: '0' | '1' | undefined;
  start_period?: string | undefined;
  end_period?: string | undefined;
}

/**
 * Programs as the API answers them (spec 2 §3 Program, §7 Programs; issue 13 items 1–5): their
 * applications, costs, pause and the engine's scores on the catalogue's shipped efficacies, and
 * the stage timeline they are computed on. Every other programs service answers through `get`.
 */
export class ProgramAnswersService {
  private readonly versions: DataVersions;

  /** Each program's scores, computed again only when their inputs changed. */
  private readonly evaluations = new ProgramEvaluations();

  /** Each program's entry of the list as JSON, kept at its stamp. */
  private readonly entries = new ProgramListEntries();

  constructor(private readonly deps: ProgramsServiceDeps) {
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  /**
   * What names a program list answer (http/versioned-answers.ts): the query and the farms the
   * session sees, at the account's data version (moved by every write to programs, sprayings,
   * their products, pauses, sowings and farm varieties: migrations 0007, 0017, 0019, and through
   * the programs' stamps by an account's own product or variety: 0025). A new version reads the
   * programs' stamps and computes again only the programs whose stamp moved (`listJson`).
   */
  async listVersion(
    session: Session,
    query: ProgramsQuery,
  ): Promise<{ key: string; version: string }> {
    requireTarget(query);
    const version = await this.versions.version(session.accountId);
    const scope = session.farms.all
      ? 'all'
      : [...session.farms.farmIds].sort((a, b) => a - b).join(',');
    const which = `${query.cultivar_id ?? ''}:${query.semeadura_id ?? ''}:${query.fazenda_id ?? ''}:${query.basic_list ?? ''}:${query.start_period ?? ''}:${query.end_period ?? ''}`;
    return {
      key: `programs:${session.accountId}:${scope}:${which}`,
      version,
    };
  }

  /**
   * The plans of a farm variety, the program of a sowing, or a farm's programs, newest first, as
   * the JSON of the route's answer. Which programs, and each one's stamp, are read first (one
   * row); a program whose entry is kept at its stamp is copied (ProgramListEntries), the others
   * are read, scored, validated and written, and kept at the stamp read before them: a write
   * between the two reads leaves a newer entry under the older stamp, read again next time.
   */
  async listJson(session: Session, query: ProgramsQuery): Promise<PreparedJson> {
    requireTarget(query);
    const basic = query.basic_list === '1';
    const [listed] = await this.deps.db
      .select({
        programs: sql<[id: number, stamp: number][]>`coalesce(json_agg(json_build_array(
          ${t.programs.id}, ${t.programs.listStamp}) order by ${t.programs.id} desc), '[]'::json)`,
        // The catalogue's own products and varieties change with its version only.
        catalogue: sql<string | null>`(select ${t.referenceVersions.version}
          from ${t.referenceVersions} where ${t.referenceVersions.name} = 'catalogue')`,
      })
      .from(t.programs)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.programs.accountId), eq(t.farms.id, t.programs.farmId)),
      )
      .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.programs.seasonCropId))
      .where(listedPrograms(session, query));
    const stamps = new Map(
      listed!.programs.map(([id, stamp]) => [id, `${stamp}:${listed!.catalogue ?? ''}`]),
    );
    const entries = new Map<number, string>();
    for (const [id, stamp] of stamps) {
      const json = this.entries.get(session.accountId, id, basic, stamp);
      if (json !== undefined) entries.set(id, json);
    }
    const changed = [...stamps.keys()].filter((id) => !entries.has(id));
    if (changed.length) {
      const rows = await selectPrograms(this.deps.db).where(
        and(
          listedPrograms(session, query),
          changed.length < stamps.size ? inArray(t.programs.id, changed) : undefined,
        ),
      );
      for (const program of await this.answer(session, rows, { basic })) {
        const stamp = stamps.get(program.id);
        // Written after the stamps were read: listed from the next version on.
        if (stamp === undefined) continue;
        const json = validatedJson(programSchema, program);
        this.entries.set(session.accountId, program.id, basic, stamp, json);
        entries.set(program.id, json);
      }
    }
    // A program gone between the two reads is left out: its write moved the version too.
    const json = [...stamps.keys()].flatMap((id) => entries.get(id) ?? []);
    return new PreparedJson(`[${json.join(',')}]`);
  }

  /** The same list as objects, every program read and answered (for the reports). */
  async list(session: Session, query: ProgramsQuery): Promise<ProgramAnswer[]> {
    requireTarget(query);
    const rows = await selectPrograms(this.deps.db)
      .where(listedPrograms(session, query))
      .orderBy(sql`${t.programs.id} desc`);
    return this.answer(session, rows, { basic: query.basic_list === '1' });
  }

  /** One program; `curves` adds the engine's risk and protection per day, for the chart. */
  async get(
    session: Session,
    id: number,
    options: { curves?: boolean } = {},
  ): Promise<ProgramAnswer> {
    const row = await programOf(this.deps.db, session, id);
    const [answer] = await this.answer(session, [row], options);
    return answer!;
  }

  /** The stage timeline the program is computed on (AGRONOMY §2); empty without one. */
  async growthStages(session: Session, id: number) {
    const program = await programOf(this.deps.db, session, id);
    const timeline = timelineOf(program);
    if (!timeline) return [];
    return stageTimeline(program.cropId as CropId, timeline.emergence, timeline.cycleDays).map(
      (stage) => ({
        stage_id: stage.stage_id,
        code: stage.code,
        name: stage.code,
        message_key: GROWTH_STAGES.find((row) => row.id === stage.stage_id)!.message_key,
        start_date: stage.start_date,
      }),
    );
  }

  /** Answers for programs: their sprayings, and the area their cost is multiplied by. */
  private async answer(
    session: Session,
    rows: readonly ProgramRow[],
    options: { curves?: boolean; basic?: boolean } = {},
  ): Promise<ProgramAnswer[]> {
    const sprayings = await sprayingsOf(
      this.deps.db,
      session,
      rows.map((row) => row.id),
    );
    // A planning program covers the farm's live sowings of its variety.
    const varietyIds = rows.flatMap((row) =>
      row.sowingId === null && row.farmVarietyId !== null ? [row.farmVarietyId] : [],
    );
    const varietyAreas = varietyIds.length
      ? await this.deps.db
          .select({
            farmVarietyId: t.sowings.farmVarietyId,
            area: sql<number>`sum(${t.sowings.area})`.mapWith(Number),
          })
          .from(t.sowings)
          .where(
            and(
              ofAccount(t.sowings, session),
              inArray(t.sowings.farmVarietyId, varietyIds),
              isNull(t.sowings.deletedAt),
            ),
          )
          .groupBy(t.sowings.farmVarietyId)
      : [];
    const areaOf = new Map(varietyAreas.map((row) => [row.farmVarietyId, row.area]));
    const pauses = rows.length
      ? await this.deps.db
          .select({
            programId: t.programPauses.programId,
            reasonId: t.programPauses.reasonId,
            description: t.programPauses.description,
            pausedAt: t.programPauses.pausedAt,
          })
          .from(t.programPauses)
          .where(
            and(
              ofAccount(t.programPauses, session),
              inArray(
                t.programPauses.programId,
                rows.map((row) => row.id),
              ),
              isNull(t.programPauses.resumedAt),
            ),
          )
      : [];
    const pauseOf = new Map(pauses.map((row) => [row.programId, row]));
    const catalogue = new Map(
      [...(await catalogueOf(this.deps.db, rows, sprayings))].map(([countryId, entries]) => [
        countryId,
        this.evaluations.catalogue(entries.products, entries.provenance),
      ]),
    );
    const harvests = await harvestFactsOf(this.deps.db, session, rows);
    const sprayingsOfProgram = groupBy(sprayings, (spraying) => spraying.programId);
    return rows.map((row) => {
      const own = sprayingsOfProgram.get(row.id) ?? [];
      return toProgram(row, {
        sprayings: own,
        evaluated: this.evaluations.evaluate(row, own, catalogue.get(row.countryId)!, {
          ...options,
          harvest: row.sowingId === null ? undefined : harvests.get(row.sowingId),
        }),
        basic: options.basic === true,
        area: programArea(row, (farmVarietyId) => areaOf.get(farmVarietyId)),
        pause: pauseOf.get(row.id) ?? null,
      });
    });
  }
}

/** A list names a variety, a sowing or a farm (400 otherwise). */
function requireTarget(query: ProgramsQuery): void {
  if (
    query.cultivar_id === undefined &&
    query.semeadura_id === undefined &&
    query.fazenda_id === undefined
  )
    throw new AppError(ERRORS.validation, 'A variety, a sowing or a farm is needed', [
      bodyFieldError('fazenda_id', 'Required'),
    ]);
}

/** The programs a list answers: live, of farms the session sees, by the query's filters. */
function listedPrograms(session: Session, query: ProgramsQuery) {
  return and(
    visiblePrograms(session),
    // A variety's programs are its plans; a sowing's program is asked for by the sowing.
    query.cultivar_id !== undefined
      ? and(eq(t.programs.farmVarietyId, query.cultivar_id), isNull(t.programs.sowingId))
      : undefined,
    query.semeadura_id !== undefined ? eq(t.programs.sowingId, query.semeadura_id) : undefined,
    query.fazenda_id !== undefined ? eq(t.programs.farmId, query.fazenda_id) : undefined,
    // Seasons touching the period.
    query.end_period !== undefined ? lte(t.seasonCrops.startPeriod, query.end_period) : undefined,
    query.start_period !== undefined ? gte(t.seasonCrops.endPeriod, query.start_period) : undefined,
  );
}
