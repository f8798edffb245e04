import {
  ERRORS,
  farmScope,
  mayReadFarm,
  permissionsFor,
  withShellKeys,
  type Invitation,
  type Language,
  type Member,
  type SessionUser,
} from '@lavoura/domain';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { uniqueViolationAs } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { composeMail } from '../../providers/mail/messages.ts';
import { hashPassword, temporaryPassword } from '../auth/passwords.ts';
import { sessionUser } from '../auth/session.service.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { toInvitation, toMember } from './member.presenter.ts';
import { authorize, memberPolicy } from './users.policy.ts';

interface NewMemberInput {
  name: string;
  email: string;
  profile_id: number;
  language: Language;
  phone?: string | undefined;
  farm_ids: number[];
}

interface MembershipInput {
  profile_id: number;
  farm_ids: number[];
  job_title_id?: number | null | undefined;
}

export interface UsersServiceDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  reference: ReferenceService;
  now?: () => Date;
}

type MembershipRow = typeof t.memberships.$inferSelect;

/**
 * The members of an account and the people behind them. Every query takes the session's account
 * first (another account's user id is simply not found: 404), then asks `memberPolicy` what the
 * session may do with that member (403). A person's own data (name, phones, language, password)
 * is edited by that person only; administrators manage memberships.
 */
export class UsersService {
  private readonly now: () => Date;

  constructor(private readonly deps: UsersServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The signed-in user as the shell shows them (GET /api/menu/dados-usuario). */
  sessionUser(session: Session): Promise<SessionUser> {
    return sessionUser(this.deps.db, this.deps.reference, session.userId, session.accountId);
  }

  async list(session: Session): Promise<Member[]> {
    authorize(session, memberPolicy(session, { userId: 0 }).read, 'list users');
    return this.members(session);
  }

  async get(session: Session, userId: number): Promise<Member> {
    const membership = await this.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).read, 'read a user');
    return this.member(session, userId);
  }

  /**
   * Adds someone to the account. A new person gets an e-mailed temporary password they change at
   * first login. A person who already uses Lavoura is invited: the membership waits for them to
   * accept it at their next sign-in, and nothing of their data reaches this account until then.
   */
  async create(session: Session, input: NewMemberInput): Promise<Member> {
    const { db, mailer, publicUrl } = this.deps;
    this.assertAssignableProfile(input.profile_id);
    await this.assertFarmsOfAccount(session, input.farm_ids);
    const [existing] = await db
      .select({ id: t.users.id, name: t.users.name, language: t.users.language })
      .from(t.users)
      .where(eq(t.users.email, input.email));
    const password = temporaryPassword();
    const passwordHash = existing ? undefined : await hashPassword(password);

    // Two administrators adding one e-mail at once: the second meets the unique key, not a 500.
    const userId = await uniqueViolationAs(
      ERRORS.userAlreadyExists,
      () =>
        db.transaction(async (tx) => {
          await this.assertRoomForOneMore(tx, session.accountId);
          if (existing) await this.assertNotMemberYet(tx, session.accountId, existing.id);
          const id =
            existing?.id ??
            (
              await tx
                .insert(t.users)
                .values({
                  email: input.email,
                  name: input.name,
                  language: input.language,
                  passwordHash: passwordHash!,
                  passwordType: 'temporary',
                  firstLogin: true,
                  activatedAt: this.now(),
                })
                .returning({ id: t.users.id })
            )[0]!.id;
          const [membership] = await tx
            .insert(t.memberships)
            .values({
              accountId: session.accountId,
              userId: id,
              profileId: input.profile_id,
              ...(existing
                ? { acceptedAt: null, invitedName: input.name, invitedLanguage: input.language }
                : {}),
            })
            .returning({ id: t.memberships.id });
          if (!existing && input.phone)
            await tx.insert(t.userPhones).values({ userId: id, phone: input.phone });
          await this.replaceFarms(tx, session.accountId, membership!.id, input.farm_ids);
          return id;
        }),
      { message: 'Already a user of this account' },
    );

    const inviter = await sessionUser(db, this.deps.reference, session.userId, session.accountId);
    const values = {
      name: existing?.name ?? input.name,
      inviter: inviter.name,
      account: inviter.account.name,
      email: input.email,
      password,
      link: `${publicUrl}/v3/login`,
    };
    await mailer.send(
      composeMail(
        existing ? 'added_to_account' : 'welcome_user',
        input.email,
        existing?.language ?? input.language,
        values,
      ),
    );
    return this.member(session, userId);
  }

  /** Changes a membership: profile, farms, job title. The person's own data is not touched. */
  async update(session: Session, userId: number, input: MembershipInput): Promise<Member> {
    const membership = await this.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).manage, 'change a user');
    this.assertAssignableProfile(input.profile_id);
    if (userId === session.userId && input.profile_id !== membership.profileId) {
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot change your own profile');
    }
    if (input.job_title_id != null) this.assertJobTitle(session, input.job_title_id);
    await this.assertFarmsOfAccount(session, input.farm_ids);
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(t.memberships)
        .set({
          profileId: input.profile_id,
          ...(input.job_title_id !== undefined ? { jobTitleId: input.job_title_id } : {}),
        })
        .where(
          and(eq(t.memberships.id, membership.id), eq(t.memberships.accountId, session.accountId)),
        );
      await this.replaceFarms(tx, session.accountId, membership.id, input.farm_ids);
    });
    return this.member(session, userId);
  }

  /** Removes the user from this account only; their other accounts are untouched. */
  async remove(session: Session, userId: number): Promise<void> {
    const membership = await this.membershipOf(session, userId);
    if (userId === session.userId)
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot remove yourself');
    authorize(session, memberPolicy(session, membership).remove, 'remove a user');
    await this.deps.db
      .delete(t.memberships)
      .where(
        and(eq(t.memberships.id, membership.id), eq(t.memberships.accountId, session.accountId)),
      );
  }

  /** Activating counts against max_users; deactivating always works (but not on oneself). */
  async setActive(session: Session, userId: number, active: boolean): Promise<Member> {
    const membership = await this.membershipOf(session, userId);
    if (userId === session.userId)
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot deactivate yourself');
    authorize(session, memberPolicy(session, membership).activate, 'activate a user');
    if (active !== membership.active) {
      await this.deps.db.transaction(async (tx) => {
        if (active) await this.assertRoomForOneMore(tx, session.accountId);
        await tx
          .update(t.memberships)
          .set({ active })
          .where(
            and(
              eq(t.memberships.id, membership.id),
              eq(t.memberships.accountId, session.accountId),
            ),
          );
      });
    }
    return this.member(session, userId);
  }

  async phones(session: Session, userId: number): Promise<string[]> {
    const membership = await this.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).readPhones, "read a user's phones");
    // A pending invitation shows nothing of the person.
    if (membership.acceptedAt === null) return [];
    return this.phonesOf(this.deps.db, userId);
  }

  /** A phone of one's own (only the person edits their phones). */
  async addPhone(session: Session, userId: number, phone: string): Promise<string[]> {
    const membership = await this.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).editPerson, "change a user's phones");
    await this.deps.db.insert(t.userPhones).values({ userId, phone }).onConflictDoNothing();
    return this.phonesOf(this.deps.db, userId);
  }

  /** The job title of a membership: the member's own (first-login dialog) or an administrator's. */
  async setJobTitle(session: Session, userId: number, jobTitleId: number): Promise<void> {
    const membership = await this.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).setJobTitle, 'set a job title');
    this.assertJobTitle(session, jobTitleId);
    await this.deps.db
      .update(t.memberships)
      .set({ jobTitleId })
      .where(
        and(eq(t.memberships.id, membership.id), eq(t.memberships.accountId, session.accountId)),
      );
  }

  async setLanguage(session: Session, language: Language): Promise<void> {
    await this.deps.db
      .update(t.users)
      .set({ language, updatedAt: this.now() })
      .where(eq(t.users.id, session.userId));
  }

  /** The signed-in person edits their own name, language and phone. */
  async updateOwnProfile(
    session: Session,
    input: { name: string; language: Language; phone?: string | undefined },
  ): Promise<SessionUser> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      await tx
        .update(t.users)
        .set({ name: input.name, language: input.language, updatedAt: this.now() })
        .where(eq(t.users.id, session.userId));
      if (input.phone) await this.replacePhones(tx, session.userId, input.phone);
    });
    return sessionUser(db, this.deps.reference, session.userId, session.accountId);
  }

  /** Drops the person's pending recovery password: their own only. */
  async clearRecoveryPassword(session: Session, userId: number): Promise<void> {
    const membership = await this.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).editPerson, "change a user's password");
    const [user] = await this.deps.db
      .select({ passwordType: t.users.passwordType })
      .from(t.users)
      .where(eq(t.users.id, userId));
    await this.deps.db
      .update(t.users)
      .set({
        recoveryPasswordHash: null,
        recoveryExpiresAt: null,
        ...(user?.passwordType === 'recovery_temp_password' ? { passwordType: 'regular' } : {}),
        updatedAt: this.now(),
      })
      .where(eq(t.users.id, userId));
  }

  /** The user's permission codes (and shell keys); outside the current season, season records are read-only. */
  async permissions(
    session: Session,
    seasonCropId: number | undefined,
  ): Promise<readonly string[]> {
    let pastSeason = false;
    if (seasonCropId !== undefined) {
      const season = await this.deps.reference.seasonCrop(seasonCropId);
      pastSeason = season.status !== 'current';
    }
    return withShellKeys(
      permissionsFor({ profile: session.profile, planLevel: session.planLevel, pastSeason }),
      session.profile,
    );
  }

  // ---- invitations: the signed-in person's own ------------------------------------------------

  /** Accounts that invited the signed-in person and wait for their answer. */
  async invitations(session: Session): Promise<Invitation[]> {
    const rows = await this.deps.db
      .select({ membership: t.memberships, account: t.accounts })
      .from(t.memberships)
      .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
      .where(and(eq(t.memberships.userId, session.userId), isNull(t.memberships.acceptedAt)))
      .orderBy(asc(t.accounts.name));
    return rows.map(({ membership, account }) =>
      toInvitation(membership, account, this.profileOf(membership.profileId)),
    );
  }

  /** Accepts (the account joins the person's accounts) or declines (the invitation is gone). */
  async answerInvitation(session: Session, accountId: number, accept: boolean): Promise<void> {
    const { db } = this.deps;
    const mine = and(
      eq(t.memberships.userId, session.userId),
      eq(t.memberships.accountId, accountId),
      isNull(t.memberships.acceptedAt),
    );
    const answered = accept
      ? await db
          .update(t.memberships)
          .set({ acceptedAt: this.now(), invitedName: null, invitedLanguage: null })
          .where(mine)
          .returning({ id: t.memberships.id })
      : await db.delete(t.memberships).where(mine).returning({ id: t.memberships.id });
    if (answered.length === 0) throw new AppError(ERRORS.invitationNotFound, 'No such invitation');
  }

  // ---- reading --------------------------------------------------------------------------------

  /** The account's members, or one of them; farm ids limited to the farms the session sees. */
  private async members(session: Session, userId?: number): Promise<Member[]> {
    const { db } = this.deps;
    const rows = await db
      .select({
        user: {
          id: t.users.id,
          name: t.users.name,
          email: t.users.email,
          language: t.users.language,
          activatedAt: t.users.activatedAt,
        },
        membership: t.memberships,
      })
      .from(t.memberships)
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .where(
        and(
          eq(t.memberships.accountId, session.accountId),
          userId === undefined ? undefined : eq(t.memberships.userId, userId),
        ),
      )
      .orderBy(asc(t.users.name));
    const acceptedUserIds = rows.filter((r) => r.membership.acceptedAt).map((r) => r.user.id);
    const phones = acceptedUserIds.length
      ? await db
          .select()
          .from(t.userPhones)
          .where(inArray(t.userPhones.userId, acceptedUserIds))
          .orderBy(asc(t.userPhones.id))
      : [];
    const farms = rows.length
      ? await db
          .select()
          .from(t.membershipFarms)
          .where(
            and(
              eq(t.membershipFarms.accountId, session.accountId),
              inArray(
                t.membershipFarms.membershipId,
                rows.map((row) => row.membership.id),
              ),
            ),
          )
      : [];
    const scope = farmScope(
      session.allFarms,
      farms.filter((f) => f.membershipId === session.membershipId).map((f) => f.farmId),
    );
    return rows.map(({ user, membership }) =>
      toMember({
        user,
        membership,
        profile: this.profileOf(membership.profileId),
        phones: phones.filter((p) => p.userId === user.id).map((p) => p.phone),
        farmIds: farms
          .filter((f) => f.membershipId === membership.id && mayReadFarm(scope, f.farmId))
          .map((f) => f.farmId),
      }),
    );
  }

  private async member(session: Session, userId: number): Promise<Member> {
    const [member] = await this.members(session, userId);
    if (!member) throw new AppError(ERRORS.userNotFound, 'User not found');
    return member;
  }

  private profileOf(profileId: number) {
    const profile = this.deps.reference.list.profiles.find((p) => p.id === profileId);
    if (!profile) throw new Error(`membership with unknown profile ${profileId}`);
    return { id: profile.id, uid: profile.uid, message_key: profile.message_key };
  }

  private async phonesOf(db: Executor, userId: number): Promise<string[]> {
    const rows = await db
      .select({ phone: t.userPhones.phone })
      .from(t.userPhones)
      .where(eq(t.userPhones.userId, userId))
      .orderBy(asc(t.userPhones.id));
    return rows.map((row) => row.phone);
  }

  // ---- rules ----------------------------------------------------------------------------------

  /** The membership of a user in the session's account, invitation or not; 404 otherwise. */
  private async membershipOf(session: Session, userId: number): Promise<MembershipRow> {
    const [membership] = await this.deps.db
      .select()
      .from(t.memberships)
      .where(and(eq(t.memberships.accountId, session.accountId), eq(t.memberships.userId, userId)));
    if (!membership) throw new AppError(ERRORS.userNotFound, 'User not found');
    return membership;
  }

  private async assertNotMemberYet(db: Executor, accountId: number, userId: number): Promise<void> {
    const [already] = await db
      .select({ id: t.memberships.id })
      .from(t.memberships)
      .where(and(eq(t.memberships.accountId, accountId), eq(t.memberships.userId, userId)));
    if (already) throw new AppError(ERRORS.userAlreadyExists, 'Already a user of this account');
  }

  /** Active members and pending invitations together may not pass max_users. */
  private async assertRoomForOneMore(db: Executor, accountId: number): Promise<void> {
    // Locks the account row so two simultaneous additions cannot both pass the limit.
    const [account] = await db
      .select({ maxUsers: t.accounts.maxUsers })
      .from(t.accounts)
      .where(eq(t.accounts.id, accountId))
      .for('update');
    const [active] = await db
      .select({ n: count() })
      .from(t.memberships)
      .where(and(eq(t.memberships.accountId, accountId), eq(t.memberships.active, true)));
    if ((active?.n ?? 0) >= account!.maxUsers) {
      throw new AppError(ERRORS.usersExceededLimit, 'User limit exceeded', {
        max_users: account!.maxUsers,
      });
    }
  }

  private assertAssignableProfile(profileId: number): void {
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

  private assertJobTitle(session: Session, jobTitleId: number): void {
    const title = this.deps.reference.list.jobTitles.find((j) => j.id === jobTitleId);
    if (!title || (title.internal && session.profile !== 'ADMIN')) {
      throw new AppError(ERRORS.jobTitleNotFound, 'Job title not found');
    }
  }

  /** Farm ids of a membership must be live farms of the session's account. */
  private async assertFarmsOfAccount(session: Session, farmIds: number[]): Promise<void> {
    if (farmIds.length === 0) return;
    const found = await this.deps.db
      .select({ id: t.farms.id })
      .from(t.farms)
      .where(
        and(
          eq(t.farms.accountId, session.accountId),
          inArray(t.farms.id, farmIds),
          isNull(t.farms.deletedAt),
        ),
      );
    const unknown = farmIds.filter((id) => !found.some((farm) => farm.id === id));
    if (unknown.length > 0) {
      throw new AppError(ERRORS.farmNotFound, 'Unknown farm', { farm_ids: unknown });
    }
  }

  private async replaceFarms(
    db: Executor,
    accountId: number,
    membershipId: number,
    farmIds: number[],
  ): Promise<void> {
    await db
      .delete(t.membershipFarms)
      .where(
        and(
          eq(t.membershipFarms.accountId, accountId),
          eq(t.membershipFarms.membershipId, membershipId),
        ),
      );
    if (farmIds.length)
      await db
        .insert(t.membershipFarms)
        .values(farmIds.map((farmId) => ({ accountId, membershipId, farmId })));
  }

  private async replacePhones(db: Executor, userId: number, phone: string): Promise<void> {
    await db
      .delete(t.userPhones)
      .where(and(eq(t.userPhones.userId, userId), ne(t.userPhones.phone, phone)));
    await db.insert(t.userPhones).values({ userId, phone }).onConflictDoNothing();
  }
}
