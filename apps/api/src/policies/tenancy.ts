import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import * as t from '../db/schema.ts';
import type { Session } from '../modules/auth/session.types.ts';

/** Whose rows a query reads: a session (or any record carrying its account id), or the id itself. */
export type AccountOwner = number | { accountId: number };

/**
 * Tenancy, written once: every row of an account table carries its account, and every query of
 * such a table starts with this condition. Another account's row is never found, so its id
 * answers 404 like an unknown one. (An eslint rule refuses a hand-written `eq(…accountId, …)`.)
 */
export function ofAccount(table: { accountId: AnyPgColumn }, owner: AccountOwner): SQL {
  // eslint-disable-next-line no-restricted-syntax -- the one place tenancy is written
  return eq(table.accountId, typeof owner === 'number' ? owner : owner.accountId);
}

/**
 * Which farms a session reaches (spec 2 §6, the domain's `farmScope`): administrator profiles
 * every farm of the account, the others only the farms assigned to their membership. A farm
 * outside it is not found (404), exactly like another account's.
 */
export function visibleFarms(session: Session, farmId: SQL | AnyPgColumn = t.farms.id): SQL {
  if (session.farms.all) return sql`true`;
  const ids = [...session.farms.farmIds];
  if (ids.length === 0) return sql`false`;
  return sql`${farmId} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
