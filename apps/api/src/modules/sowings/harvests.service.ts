import {
  ERRORS,
  harvestDateProblem,
  sowingStatus,
  todayIn,
  type HarvestBody,
} from '@lavoura/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, bodyReference } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { visibleSowing, type VisibleSowing } from './visible-sowing.service.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

export interface HarvestsServiceDeps {
  db: Database;
  now?: () => Date;
}

/** A harvest as the API answers it: productivity in sc/ha, null for a crop loss. */
export interface Harvest {
  id: number;
  semeadura_id: number;
  data_colheita: string;
  produtividade: number | null;
  perda: boolean;
  dessecacao: boolean;
}

const present = (row: typeof t.harvests.$inferSelect): Harvest => ({
  id: row.id,
  semeadura_id: row.sowingId,
  data_colheita: row.harvestDate,
  produtividade: row.productivity,
  perda: row.lost,
  dessecacao: row.desiccation,
});

/**
 * A sowing's harvests (spec 2 §3 Harvest; issue 12 item 4): a date between the sowing and the
 * farm's today, and sc/ha, or a crop loss; several per sowing; several sowings at once, all or
 * nothing.
 */
export class HarvestsService {
  constructor(private readonly deps: HarvestsServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async list(session: Session, sowingId: number): Promise<Harvest[]> {
    await visibleSowing(this.deps.db, session, sowingId);
    const rows = await this.deps.db
      .select()
      .from(t.harvests)
      .where(and(ofAccount(t.harvests, session), eq(t.harvests.sowingId, sowingId)))
      .orderBy(asc(t.harvests.harvestDate), asc(t.harvests.id));
    return rows.map(present);
  }

  async add(session: Session, sowingId: number, body: HarvestBody): Promise<Harvest> {
    return this.deps.db.transaction(async (run) => {
      const sowing = await visibleSowing(run, session, sowingId);
      authorizeRecord(session, 'harvest', 'create', sowing);
      this.checkDate(sowing, body.data_colheita);
      const [row] = await run
        .insert(t.harvests)
        .values({ accountId: session.accountId, sowingId, ...this.values(body) })
        .returning();
      await this.markClosed(run, session, sowingId);
      return present(row!);
    });
  }

  async update(
    session: Session,
    sowingId: number,
    harvestId: number,
    body: HarvestBody,
  ): Promise<Harvest> {
    return this.deps.db.transaction(async (run) => {
      const sowing = await visibleSowing(run, session, sowingId);
      authorizeRecord(session, 'harvest', 'change', sowing);
      this.checkDate(sowing, body.data_colheita);
      const [row] = await run
        .update(t.harvests)
        .set({ ...this.values(body), updatedAt: this.now() })
        .where(this.ofSowing(session, sowingId, harvestId))
        .returning();
      if (!row) throw new AppError(ERRORS.notFound, 'Harvest not found');
      return present(row);
    });
  }

  async remove(session: Session, sowingId: number, harvestId: number): Promise<void> {
    await this.deps.db.transaction(async (run) => {
      const sowing = await visibleSowing(run, session, sowingId);
      authorizeRecord(session, 'harvest', 'delete', sowing);
      const removed = await run
        .delete(t.harvests)
        .where(this.ofSowing(session, sowingId, harvestId))
        .returning({ id: t.harvests.id });
      if (!removed.length) throw new AppError(ERRORS.notFound, 'Harvest not found');
      await this.markClosed(run, session, sowingId);
    });
  }

  /**
   * A sowing is closed while it has a harvest (`closed_at`, which the plot rules read: a plot
   * with an open sowing takes no other), and open again when its last harvest is removed.
   */
  private async markClosed(db: Executor, session: Session, sowingId: number): Promise<void> {
    const [held] = await db
      .select({ id: t.harvests.id })
      .from(t.harvests)
      .where(and(ofAccount(t.harvests, session), eq(t.harvests.sowingId, sowingId)))
      .limit(1);
    await db
      .update(t.sowings)
      .set({ closedAt: held ? sql`coalesce(${t.sowings.closedAt}, now())` : null })
      .where(and(ofAccount(t.sowings, session), eq(t.sowings.id, sowingId)));
  }

  /** One harvest per sowing, in one transaction: a refusal of any writes none. */
  async addMany(
    session: Session,
    harvests: readonly ({ semeadura_id: number } & HarvestBody)[],
  ): Promise<Harvest[]> {
    return this.deps.db.transaction(async (run) => {
      const written: Harvest[] = [];
      for (const { semeadura_id: sowingId, ...body } of harvests) {
        // The sowings are ids of the body: one the session does not see is a bad body (400).
        const sowing = await bodyReference(
          visibleSowing(run, session, sowingId),
          ERRORS.sowingNotFound,
          { semeadura_id: sowingId },
        );
        this.checkDate(sowing, body.data_colheita);
        const [row] = await run
          .insert(t.harvests)
          .values({ accountId: session.accountId, sowingId, ...this.values(body) })
          .returning();
        await this.markClosed(run, session, sowingId);
        written.push(present(row!));
      }
      return written;
    });
  }

  /** The farm's sowings whose cycle has run and that have no harvest yet. */
  async readyToHarvest(
    session: Session,
    farmId: number,
  ): Promise<{ id: number; talhao_id: number; area: number; data_semeadura: string | null }[]> {
    const [farm] = await this.deps.db
      .select({ id: t.farms.id, timeZone: t.farms.timeZone })
      .from(t.farms)
      .where(
        and(
          ofAccount(t.farms, session),
          eq(t.farms.id, farmId),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
    const sowings = await this.deps.db
      .select()
      .from(t.sowings)
      .where(
        and(
          ofAccount(t.sowings, session),
          eq(t.sowings.farmId, farm.id),
          isNull(t.sowings.deletedAt),
        ),
      )
      .orderBy(asc(t.sowings.id));
    const harvested = sowings.length
      ? new Set(
          (
            await this.deps.db
              .select({ sowingId: t.harvests.sowingId })
              .from(t.harvests)
              .where(
                and(
                  ofAccount(t.harvests, session),
                  inArray(
                    t.harvests.sowingId,
                    sowings.map((sowing) => sowing.id),
                  ),
                ),
              )
          ).map((row) => row.sowingId),
        )
      : new Set<number>();
    const today = todayIn(farm.timeZone, this.now());
    return sowings
      .filter(
        (sowing) =>
          !harvested.has(sowing.id) &&
          sowingStatus({
            sowingDate: sowing.sowingDate,
            emergence: sowing.emergenceDate,
            cycleDays: sowing.estimatedCycle,
            harvests: [],
            today,
          }) === 'ready_to_harvest',
      )
      .map((sowing) => ({
        id: sowing.id,
        talhao_id: sowing.plotId,
        area: sowing.area,
        data_semeadura: sowing.sowingDate,
      }));
  }

  private values(body: HarvestBody) {
    const lost = body.perda === true;
    return {
      harvestDate: body.data_colheita,
      productivity: lost ? null : (body.produtividade ?? null),
      lost,
      desiccation: body.dessecacao === true,
    };
  }

  private checkDate(sowing: VisibleSowing, harvestDate: string): void {
    const problem = harvestDateProblem(
      harvestDate,
      sowing.sowingDate,
      todayIn(sowing.timeZone, this.now()),
    );
    if (problem) throw new AppError(ERRORS[problem], 'Harvest date refused');
  }

  private ofSowing(session: Session, sowingId: number, harvestId: number) {
    return and(
      ofAccount(t.harvests, session),
      eq(t.harvests.sowingId, sowingId),
      eq(t.harvests.id, harvestId),
    );
  }
}
