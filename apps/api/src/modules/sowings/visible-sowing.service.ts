import { ERRORS } from '@lavoura/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/** A sowing as its harvests, irrigations and stages need it: its dates and its farm's zone. */
export interface VisibleSowing {
  id: number;
  farmId: number;
  cropId: number;
  sowingDate: string | null;
  emergenceDate: string | null;
  estimatedCycle: number | null;
  timeZone: string;
}

/**
 * A sowing of the session's account, not deleted, on a farm the member sees; 404 otherwise (an
 * id of another account or of an unassigned farm is unknown, as every route answers).
 */
export async function visibleSowing(
  db: Executor,
  session: Session,
  sowingId: number,
): Promise<VisibleSowing> {
  const [sowing] = await db
    .select({
      id: t.sowings.id,
      farmId: t.sowings.farmId,
      cropId: t.sowings.cropId,
      sowingDate: t.sowings.sowingDate,
      emergenceDate: t.sowings.emergenceDate,
      estimatedCycle: t.sowings.estimatedCycle,
      timeZone: t.farms.timeZone,
    })
    .from(t.sowings)
    .innerJoin(
      t.farms,
      and(eq(t.farms.accountId, t.sowings.accountId), eq(t.farms.id, t.sowings.farmId)),
    )
    .where(
      and(
        ofAccount(t.sowings, session),
        eq(t.sowings.id, sowingId),
        isNull(t.sowings.deletedAt),
        isNull(t.farms.deletedAt),
        visibleFarms(session),
      ),
    );
  if (!sowing) throw new AppError(ERRORS.notFound, 'Sowing not found');
  return sowing;
}
