import {
  farmScope,
  ERRORS,
  PLAN_LEVELS,
  needsContract,
  findCountry,
  todayIn,
  permissionsFor,
  type AccountEntry,
  type PermissionCode,
  type ProfileUid,
  type SessionAnswer,
  type SessionUser,
} from '@lavoura/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, NotificationSource } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { SESSION_CHANNEL, SessionCache, parseSessionChange } from './session-cache.ts';
import { toSessionUser } from './session-user.presenter.ts';
import type { Session } from './session.types.ts';
import type { TokenSigner } from './tokens.ts';
import { ofAccount } from '../../policies/tenancy.ts';
import { deepFreeze } from '../../lib/deep-freeze.ts';

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
    .where(
      and(
        eq(t.memberships.userId, userId),
        eq(t.memberships.active, true),
        isNotNull(t.memberships.acceptedAt),
      ),
    )
    .orderBy(asc(t.accounts.name));
  return rows.map((row) => ({ ...row, current: row.id === currentAccountId }));
}

/**
 * The hot queries, built once per database and prepared (named: PostgreSQL plans them once per
 * connection): the session behind a token, and the signed-in user as the shell shows them. Only
 * the columns needed; never the password hashes.
 */
function prepareQueries(db: Database) {
  // A pending invitation (accepted_at null) is no membership yet.
  const member = and(
    eq(t.memberships.userId, sql.placeholder('userId')),
    eq(t.memberships.accountId, sql.placeholder('accountId')),
    isNotNull(t.memberships.acceptedAt),
  );
  return {
    session: db
      .select({
        membershipId: t.memberships.id,
        active: t.memberships.active,
        profileId: t.memberships.profileId,
        planId: t.accounts.planId,
        internal: t.accounts.internal,
        contractStart: t.accounts.contractStart,
        countryId: t.accounts.countryId,
        epoch: t.users.sessionEpoch,
        revoked: t.revokedTokens.jti,
        farmIds: sql<
          number[]
        >`array(select mf.farm_id from ${t.membershipFarms} mf where mf.account_id = ${t.memberships.accountId} and mf.membership_id = ${t.memberships.id})`,
      })
      .from(t.memberships)
      .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .leftJoin(t.revokedTokens, eq(t.revokedTokens.jti, sql.placeholder('jti')))
      .where(member)
      .prepare('lavoura_session'),
    sessionUser: db
      .select({
        id: t.users.id,
        email: t.users.email,
        name: t.users.name,
        language: t.users.language,
        firstLogin: t.users.firstLogin,
        passwordType: t.users.passwordType,
        jobTitleId: t.memberships.jobTitleId,
        epoch: t.users.sessionEpoch,
        active: t.memberships.active,
        profileId: t.memberships.profileId,
        account: {
          id: t.accounts.id,
          name: t.accounts.name,
          countryId: t.accounts.countryId,
          stateId: t.accounts.stateId,
          cityId: t.accounts.cityId,
          maxUsers: t.accounts.maxUsers,
          contractStart: t.accounts.contractStart,
          contractedArea: t.accounts.contractedArea,
          planId: t.accounts.planId,
        },
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
      .where(member)
      .prepare('lavoura_session_user'),
  };
}

type Queries = ReturnType<typeof prepareQueries>;
const preparedByDatabase = new WeakMap<Database, Queries>();

function queriesOf(db: Database): Queries {
  let queries = preparedByDatabase.get(db);
  if (!queries) {
    queries = prepareQueries(db);
    preparedByDatabase.set(db, queries);
  }
  return queries;
}

/** The signed-in user as the shell needs it, with their session epoch (tokens carry it). */
async function sessionUserRow(
  db: Database,
  reference: ReferenceService,
  userId: number,
  accountId: number,
): Promise<{ user: SessionUser; epoch: number }> {
  // Profiles, plans and job titles are reference data, read from memory: one round trip.
  const [row] = await queriesOf(db).sessionUser.execute({ userId, accountId });
  if (!row) throw new AppError(ERRORS.userNotFound, 'User not found');
  return { user: toSessionUser(row, reference.list), epoch: row.epoch };
}

/** The signed-in user as the shell needs it: account, profile, plan, job title, phones, counts. */
export async function sessionUser(
  db: Database,
  reference: ReferenceService,
  userId: number,
  accountId: number,
): Promise<SessionUser> {
  return (await sessionUserRow(db, reference, userId, accountId)).user;
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
  if (account.internal || !needsContract(planLevel)) return undefined;
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
  const { user, epoch } = await sessionUserRow(db, reference, userId, accountId);
  const { token } = await signer.sign(userId, accountId, epoch, now);
  const [membership] = await db
    .select({ id: t.memberships.id, welcomed: t.memberships.fullPlanWelcomed })
    .from(t.memberships)
    .where(and(eq(t.memberships.userId, userId), ofAccount(t.memberships, accountId)));
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

/** What the per-call checks need, cached with the session they guard. */
interface CachedSession {
  session: Session;
  active: boolean;
  revoked: boolean;
  epoch: number;
  account: { internal: boolean; contractStart: string | null; countryId: number };
  /**
   * The signed-in user as the shell shows them, once asked for (`dados-usuario`): forgotten with
   * the session, since every column it reads raises the session notification (migration 0026).
   * Deeply frozen, so the serializer validates and writes its JSON once (http/serializer.ts).
   */
  user?: SessionUser;
}

const permissionSets = new Map<string, ReadonlySet<PermissionCode>>();

function permissionsOf(profile: ProfileUid, planLevel: number): ReadonlySet<PermissionCode> {
  const key = `${profile}:${planLevel}`;
  let set = permissionSets.get(key);
  if (!set) {
    set = new Set(permissionsFor({ profile, planLevel }));
    permissionSets.set(key, set);
  }
  return set;
}

/**
 * Token → session, on every authenticated call. The signature, expiry, revocation, epoch,
 * member-active and contract-date checks run every time; the row they read comes from one
 * prepared query, or from the process's session cache while change notifications arrive.
 */
export class SessionService {
  private readonly queries: Queries;
  readonly cache = new SessionCache<CachedSession>();

  constructor(
    private readonly db: Database,
    private readonly signer: TokenSigner,
    private readonly reference: ReferenceService,
    /** The app's clock: a token expires, and a contract ends, by the same time as the rest. */
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.queries = queriesOf(db);
  }

  async authenticate(token: string, now = this.clock()): Promise<Session> {
    const claims = await this.signer.verify(token, now.getTime());
    let cached = this.cache.get(claims.jti);
    if (!cached) {
      const generation = this.cache.generation;
      cached = await this.read(claims);
      if (cached) this.cache.store(claims.jti, cached.session, cached, generation);
    }
    if (!cached) throw new AppError(ERRORS.invalidToken, 'No such membership');
    if (cached.revoked) throw new AppError(ERRORS.invalidToken, 'Token revoked');
    // A password change or a recovery moved the epoch on: tokens issued before it are over.
    if (cached.epoch !== claims.epoch) throw new AppError(ERRORS.invalidToken, 'Token superseded');
    if (!cached.active) throw new AppError(ERRORS.sessionUserInactive, 'Member deactivated');
    // A contract the back office moved or removed ends the session at once, with login's reason.
    const contract = contractProblem(cached.account, cached.session.planLevel, now, 'session');
    if (contract) throw contract;
    return cached.session;
  }

  /**
   * The signed-in user as the shell shows them, kept with the cached session: a call after the
   * first costs no query. A row read while something changed (the generation moved) is answered
   * but not kept.
   */
  async sessionUser(session: Session): Promise<SessionUser> {
    const cached = this.cache.get(session.token.jti);
    if (cached?.user) return cached.user;
    const generation = this.cache.generation;
    const { user } = await sessionUserRow(
      this.db,
      this.reference,
      session.userId,
      session.accountId,
    );
    if (cached && generation === this.cache.generation) cached.user = deepFreeze(user);
    return user;
  }

  private async read(claims: Session['token']): Promise<CachedSession | undefined> {
    const [row] = await this.queries.session.execute({
      userId: claims.userId,
      accountId: claims.accountId,
      jti: claims.jti,
    });
    if (!row) return undefined;
    // Profiles and plans are reference data, read from memory.
    const profileRow = this.reference.list.profiles.find((p) => p.id === row.profileId);
    const plan = this.reference.list.plans.find((p) => p.id === row.planId);
    if (!profileRow || !plan) throw new Error('membership with an unknown profile or plan');
    const profile = profileRow.uid as ProfileUid;
    const planLevel = plan.priority_level;
    return {
      session: {
        userId: claims.userId,
        accountId: claims.accountId,
        accountCountryId: row.countryId,
        membershipId: row.membershipId,
        profile,
        planLevel,
        allFarms: profileRow.all_farms,
        farms: farmScope(profileRow.all_farms, row.farmIds),
        token: claims,
        permissions: permissionsOf(profile, planLevel),
      },
      active: row.active,
      revoked: row.revoked !== null,
      epoch: row.epoch,
      account: {
        internal: row.internal,
        contractStart: row.contractStart,
        countryId: row.countryId,
      },
    };
  }

  /**
   * A state-changing call of this process answered: forget what it may have changed before the
   * answer leaves, so the caller's next call sees it (other processes hear the NOTIFY). A public
   * call (sign-in, recovery) or the back office may touch anyone: everything is forgotten.
   */
  forgetAfterWrite(session: Session | null): void {
    if (!session || session.profile === 'ADMIN') this.cache.flush();
    else this.cache.forgetUserOrAccount(session.userId, session.accountId);
  }

  /**
   * Follows the session triggers' notifications; the cache is used only while they arrive. Other
   * kept answers on the same channel (the price list) hear their own kinds through `followers`.
   */
  listen(
    source: NotificationSource,
    schema: string,
    followers: readonly ChangeFollower[] = [],
  ): Promise<() => Promise<void>> {
    return source(SESSION_CHANNEL, {
      onNotification: (payload) => {
        const change = parseSessionChange(payload, schema);
        if (change) this.cache.forget(change);
        const [payloadSchema, kind, id] = payload.split(':');
        if (payloadSchema === schema && kind !== undefined)
          for (const follower of followers) follower.changed(kind, id);
      },
      onState: (up) => {
        this.cache.setListening(up);
        for (const follower of followers) follower.setListening(up);
      },
    });
  }
}

/** A kept answer that follows the session channel's notifications of its own kind. */
export interface ChangeFollower {
  /** A notification of our schema, of this kind, arrived (`<schema>:<kind>:<id>`). */
  changed(kind: string, id: string | undefined): void;
  /** True while notifications arrive; the answer may be kept only then. */
  setListening(up: boolean): void;
}
