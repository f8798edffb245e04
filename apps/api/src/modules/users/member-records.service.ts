import { ERRORS, farmScope, mayAssignJobTitle, mayReadFarm, type Member } from '@lavoura/domain';
import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { toMember } from './member.presenter.ts';
import { ofAccount } from '../../policies/tenancy.ts';

type MembershipRow = typeof t.memberships.$inferSelect;

/**
 * What the members' use cases (UsersService) read and check: the account's members as answered,
 * a membership of the session's account (else 404), the user limit, the profiles and job titles
 * that may be given, the account's farms, and a membership's farms and a person's phones.
 */
export class MemberRecords {
  constructor(private readonly deps: { db: Database; reference: ReferenceService }) {}

  /** The account's members, or one of them; farm ids limited to the farms the session sees. */
  async members(session: Session, userId?: number): Promise<Member[]> {
    const rows =
      userId === undefined
        ? await (this.listQuery ??= this.prepareList()).execute({ accountId: session.accountId })
        : await this.memberRows(
            and(ofAccount(t.memberships, session), eq(t.memberships.userId, userId))!,
          );
    const own = rows.find((row) => row.membership.id === session.membershipId);
    const scope = farmScope(session.allFarms, own?.farmIds ?? []);
    return rows.map(({ user, membership, phones, farmIds }) =>
      toMember({
        user,
        membership,
        profile: this.profileOf(membership.profileId),
        phones,
        farmIds: farmIds.filter((farmId) => mayReadFarm(scope, farmId)),
      }),
    );
  }

  /** The account's members list, read on every call: named, planned once per connection. */
  private listQuery: ReturnType<typeof this.prepareList> | undefined;

  private prepareList() {
    return this.memberRows(eq(t.memberships.accountId, sql.placeholder('accountId'))).prepare(
      'lavoura_members',
    );
  }

  /**
   * Members as answered, by name: each with their phones and farms as arrays (one query). A
   * pending invitation shows none of the person's phones (member.presenter.ts).
   */
  private memberRows(which: SQL) {
    return this.deps.db
      .select({
        user: {
          id: t.users.id,
          name: t.users.name,
          email: t.users.email,
          language: t.users.language,
          activatedAt: t.users.activatedAt,
        },
        membership: t.memberships,
        phones: sql<
          string[]
        >`case when ${t.memberships.acceptedAt} is null then '{}'::text[] else array(select p.phone from ${t.userPhones} p where p.user_id = ${t.users.id} order by p.id) end`,
        farmIds: sql<
          number[]
        >`array(select mf.farm_id from ${t.membershipFarms} mf where mf.account_id = ${t.memberships.accountId} and mf.membership_id = ${t.memberships.id})`,
      })
      .from(t.memberships)
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .where(which)
      .orderBy(asc(t.users.name));
  }

  async member(session: Session, userId: number): Promise<Member> {
    const [member] = await this.members(session, userId);
    if (!member) throw new AppError(ERRORS.userNotFound, 'User not found');
    return member;
  }

  profileOf(profileId: number) {
    const profile = this.deps.reference.list.profiles.find((p) => p.id === profileId);
    if (!profile) throw new Error(`membership with unknown profile ${profileId}`);
    return { id: profile.id, uid: profile.uid, message_key: profile.message_key };
  }

  async phonesOf(db: Executor, userId: number): Promise<string[]> {
    const rows = await db
      .select({ phone: t.userPhones.phone })
      .from(t.userPhones)
      .where(eq(t.userPhones.userId, userId))
      .orderBy(asc(t.userPhones.id));
    return rows.map((row) => row.phone);
  }

  // ---- rules ----------------------------------------------------------------------------------

  /** The membership of a user in the session's account, invitation or not; 404 otherwise. */
  async membershipOf(session: Session, userId: number): Promise<MembershipRow> {
    const [membership] = await this.deps.db
      .select()
      .from(t.memberships)
      .where(and(ofAccount(t.memberships, session), eq(t.memberships.userId, userId)));
    if (!membership) throw new AppError(ERRORS.userNotFound, 'User not found');
    return membership;
  }

  async assertNotMemberYet(db: Executor, accountId: number, userId: number): Promise<void> {
    const [already] = await db
      .select({ id: t.memberships.id })
      .from(t.memberships)
      .where(and(ofAccount(t.memberships, accountId), eq(t.memberships.userId, userId)));
    if (already) throw new AppError(ERRORS.userAlreadyExists, 'Already a user of this account');
  }

  /** Active members and pending invitations together may not pass max_users. */
  async assertRoomForOneMore(db: Executor, accountId: number): Promise<void> {
    // Locks the account row so two simultaneous additions cannot both pass the limit.
    const [account] = await db
      .select({ maxUsers: t.accounts.maxUsers })
      .from(t.accounts)
      .where(eq(t.accounts.id, accountId))
      .for('update');
    const [active] = await db
      .select({ n: count() })
      .from(t.memberships)
      .where(and(ofAccount(t.memberships, accountId), eq(t.memberships.active, true)));
    if ((active?.n ?? 0) >= account!.maxUsers) {
      throw new AppError(ERRORS.usersExceededLimit, 'User limit exceeded', {
        max_users: account!.maxUsers,
      });
    }
  }

  assertAssignableProfile(profileId: number): void {
    const profile = this.deps.reference.list.profiles.find((p) => p.id === profileId);
    if (!profile || profile.internal) {
      throw new AppError(ERRORS.profileNotAssignable, 'Profile cannot be assigned', [
        {
          field: 'body.profile_id',
          key: ERRORS.profileNotAssignable.key,
          message: 'Not assignable',
        },
      ]);
    }
  }

  assertJobTitle(session: Session, jobTitleId: number): void {
    const title = this.deps.reference.list.jobTitles.find((j) => j.id === jobTitleId);
    if (!title || !mayAssignJobTitle(session.profile, title)) {
      throw new AppError(ERRORS.jobTitleNotFound, 'Job title not found');
    }
  }

  /** Farm ids of a membership must be live farms of the session's account. */
  async assertFarmsOfAccount(session: Session, farmIds: number[]): Promise<void> {
    if (farmIds.length === 0) return;
    const found = await this.deps.db
      .select({ id: t.farms.id })
      .from(t.farms)
      .where(
        and(ofAccount(t.farms, session), inArray(t.farms.id, farmIds), isNull(t.farms.deletedAt)),
      );
    const unknown = farmIds.filter((id) => !found.some((farm) => farm.id === id));
    if (unknown.length > 0) {
      throw new AppError(ERRORS.farmNotFound, 'Unknown farm', { farm_ids: unknown });
    }
  }

  async replaceFarms(
    db: Executor,
    accountId: number,
    membershipId: number,
    farmIds: number[],
  ): Promise<void> {
    await db
      .delete(t.membershipFarms)
      .where(
        and(
          ofAccount(t.membershipFarms, accountId),
          eq(t.membershipFarms.membershipId, membershipId),
        ),
      );
    if (farmIds.length)
      await db
        .insert(t.membershipFarms)
        .values(farmIds.map((farmId) => ({ accountId, membershipId, farmId })));
  }

  async replacePhones(db: Executor, userId: number, phone: string): Promise<void> {
    await db
      .delete(t.userPhones)
      .where(and(eq(t.userPhones.userId, userId), ne(t.userPhones.phone, phone)));
    await db.insert(t.userPhones).values({ userId, phone }).onConflictDoNothing();
  }
}
