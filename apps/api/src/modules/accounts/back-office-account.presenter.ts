import type { BackOfficeAccount } from '@lavoura/domain';
import type * as t from '../../db/schema.ts';

/** An account as the back office lists it: plan, limits, contract and its count of active users. */
export function toBackOfficeAccount(
  account: typeof t.accounts.$inferSelect,
  plan: typeof t.plans.$inferSelect,
  activeUsers: number,
): BackOfficeAccount {
  return {
    id: account.id,
    name: account.name,
    country_id: account.countryId,
    plan: { id: plan.id, name: plan.name, priority_level: plan.priorityLevel },
    max_users: account.maxUsers,
    active_users: activeUsers,
    contract_start: account.contractStart,
    contracted_area: account.contractedArea,
    internal: account.internal,
    created_at: account.createdAt.toISOString(),
  };
}
