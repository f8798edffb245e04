import {
  ERRORS,
  PLAN_LEVELS,
  findCountry,
  todayIn,
  type AccountEntry,
  type Language,
  type SessionAnswer,
  type SessionUser,
} from '@lavoura/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { TokenSigner } from './tokens.ts';

/** The accounts a user may enter (active memberships), the current one marked. */
export async function accountsOf(
  db: Database,
  userId: number,
  currentAccountId?: number,
): Promise<AccountEntry[]> {
  const rows = await db
    .select({ id: t.accounts.id, name: t.accounts.name })
    .from(t.memberships)
    .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
    .where(and(eq(t.memberships.userId, userId), eq(t.memberships.active, true)))
    .orderBy(asc(t.accounts.name));
  return rows.map((row) => ({ ...row, current: row.id === currentAccountId }));
}

/** The signed-in user as the shell needs it: account, profile, plan, job title, phones, counts. */
export async function sessionUser(
  db: Database,
  reference: ReferenceService,
  userId: number,
  accountId: number,
): Promise<SessionUser> {
  // Profiles, plans and job titles are reference data, read from memory: one round trip.
  const [row] = await db
    .select({
      user: t.users,
      account: t.accounts,
      membership: t.memberships,
      activeUsers:
        sql<number>`(select count(*) from ${t.memberships} m where m.account_id = ${t.accounts.id} and m.active)`.mapWith(
          Number,
        ),
      phones: sql<
        string[]
      >`array(select p.phone from ${t.userPhones} p where p.user_id = ${t.users.id} order by p.id)`,
    })
    .from(t.memberships)
    .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
    .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
    .where(and(eq(t.memberships.userId, userId), eq(t.memberships.accountId, accountId)));
  if (!row) throw new AppError(ERRORS.userNotFound, 'User not found');
  const { user, account, membership, activeUsers, phones } = row;
  const lists = reference.list;
  const profile = lists.profiles.find((p) => p.id === membership.profileId)!;
  const plan = lists.plans.find((p) => p.id === account.planId)!;
  const jobTitle = lists.jobTitles.find((j) => j.id === user.jobTitleId);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    language: user.language as Language,
    active: membership.active,
    first_login: user.firstLogin ? 'Y' : 'N',
    password_type: user.passwordType as SessionUser['password_type'],
    is_admin: profile.all_farms,
    total_users: activeUsers,
    account: {
      id: account.id,
      name: account.name,
      country_id: account.countryId,
      state_id: account.stateId,
      city_id: account.cityId,
      max_users: account.maxUsers,
      contract_start: account.contractStart,
      contracted_area: account.contractedArea,
    },
    user_profile: { id: profile.id, uid: profile.uid, message_key: profile.message_key },
    job_title: jobTitle
      ? { id: jobTitle.id, code: jobTitle.code, message_key: jobTitle.message_key }
      : null,
    plan: {
      id: plan.id,
      name: plan.name,
      priority_level: plan.priority_level,
      message_key: plan.message_key,
    },
    phones,
  };
}

/** Why an account cannot be entered today, if it cannot: paid access needs a started contract. */
export function contractProblem(
  account: { internal: boolean; contractStart: string | null; countryId: number },
  planLevel: number,
  now: Date,
  /** At sign-in the account is refused (403); an open session it ends is answered 401. */
  when: 'sign-in' | 'session' = 'sign-in',
): AppError | undefined {
  const ending = when === 'session';
  if (account.internal || planLevel === PLAN_LEVELS.freemium) return undefined;
  if (!account.contractStart)
    return new AppError(
      ending ? ERRORS.sessionNoContracts : ERRORS.noContracts,
      'No contract for this account',
    );
  const today = todayIn(findCountry(account.countryId)?.time_zone ?? 'UTC', now);
  if (account.contractStart > today) {
    return new AppError(
      ending ? ERRORS.sessionContractNotStarted : ERRORS.contractNotStarted,
      'Access starts later',
      {
        date: account.contractStart,
      },
    );
  }
  return undefined;
}

/** Issues a token for (user, account) and answers like the spec's login and select-account. */
export async function openSession(
  db: Database,
  signer: TokenSigner,
  reference: ReferenceService,
  userId: number,
  accountId: number,
  now = new Date(),
): Promise<SessionAnswer> {
  const { token } = await signer.sign(userId, accountId, now);
  const user = await sessionUser(db, reference, userId, accountId);
  const [membership] = await db
    .select({ id: t.memberships.id, welcomed: t.memberships.fullPlanWelcomed })
    .from(t.memberships)
    .where(and(eq(t.memberships.userId, userId), eq(t.memberships.accountId, accountId)));
  // The full-access welcome is offered once, at the first session in a Full-plan account.
  const firstFullPlan =
    user.plan.priority_level === PLAN_LEVELS.full &&
    membership !== undefined &&
    !membership.welcomed;
  if (firstFullPlan)
    await db
      .update(t.memberships)
      .set({ fullPlanWelcomed: true })
      .where(eq(t.memberships.id, membership.id));
  await db.update(t.users).set({ lastAccountId: accountId }).where(eq(t.users.id, userId));
  return {
    accounts: await accountsOf(db, userId, accountId),
    is_first_login: user.first_login === 'Y',
    is_first_login_full_plan: firstFullPlan,
    recovery_password: user.password_type === 'recovery_temp_password',
    token,
    user,
  };
}
