import { ERRORS, dailyUseLimit, freeUsage, todayIn, type FreeUsage } from '@lavoura/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

export interface FreeUsageServiceDeps {
  db: Database;
  reference: ReferenceService;
  now?: () => Date;
}

/**
 * The Freemium daily limit (spec 1 §3): uses counted per account and calendar day of the account's
 * country, so they start again at its midnight. Other plans have no limit and count nothing.
 */
export class FreeUsageService {
  private readonly now: () => Date;

  constructor(private readonly deps: FreeUsageServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async get(session: Session): Promise<FreeUsage> {
    const limit = dailyUseLimit(session.planLevel);
    if (limit === null) return freeUsage(null, 0);
    const [row] = await this.deps.db
      .select({ used: t.freeUses.used })
      .from(t.freeUses)
      .where(and(ofAccount(t.freeUses, session), eq(t.freeUses.day, this.today(session))));
    return freeUsage(limit, row?.used ?? 0);
  }

  /**
   * Counts one use, or refuses with 403 at the limit and counts nothing. One statement raises the
   * count only while it is under the limit: two uses at 4 of 5, at the same moment, let one through.
   * `db` is the caller's transaction when the use goes with another write (a catalogue view).
   */
  async consume(session: Session, db: Executor = this.deps.db): Promise<FreeUsage> {
    const limit = dailyUseLimit(session.planLevel);
    if (limit === null) return freeUsage(null, 0);
    const [row] = await db
      .insert(t.freeUses)
      .values({ accountId: session.accountId, day: this.today(session), used: 1 })
      .onConflictDoUpdate({
        target: [t.freeUses.accountId, t.freeUses.day],
        set: { used: sql`${t.freeUses.used} + 1` },
        setWhere: lt(t.freeUses.used, limit),
      })
      .returning({ used: t.freeUses.used });
    if (!row) throw new AppError(ERRORS.freemiumLimitExceeded, 'Free uses of the day spent');
    return freeUsage(limit, row.used);
  }

  /** Today in the account country's time zone (YYYY-MM-DD): the day free uses count in. */
  today(session: Session): string {
    const country = this.deps.reference.list.countries.find(
      (c) => c.id === session.accountCountryId,
    );
    return todayIn(country?.time_zone ?? 'UTC', this.now());
  }
}
