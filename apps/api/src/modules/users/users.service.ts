import {
  ERRORS,
  permissionsFor,
  withShellKeys,
  type Language,
  type Member,
  type SessionUser,
} from '@lavoura/domain';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../../http/auth.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { composeMail } from '../../providers/mail/messages.ts';
import { hashPassword, temporaryPassword } from '../auth/passwords.ts';
import { sessionUser } from '../auth/session.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';

interface MemberInput {
  name: string;
  profile_id: number;
  language: Language;
  phone?: string | undefined;
  farm_ids: number[];
}

export interface UsersServiceDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  reference: ReferenceService;
}

/**
 * The users of an account (memberships), their phones, job titles and language. Every query takes
 * the session's account first: another account's user id is simply not found.
 */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  /** The signed-in user as the shell shows them (GET /api/menu/dados-usuario). */
  sessionUser(session: Session): Promise<SessionUser> {
    return sessionUser(this.deps.db, this.deps.reference, session.userId, session.accountId);
  }

  async list(session: Session): Promise<Member[]> {
    const { db } = this.deps;
    const rows = await db
      .select({ user: t.users, membership: t.memberships, profile: t.profiles })
      .from(t.memberships)
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .innerJoin(t.profiles, eq(t.profiles.id, t.memberships.profileId))
      .where(eq(t.memberships.accountId, session.accountId))
      .orderBy(asc(t.users.name));
    const userIds = rows.map((row) => row.user.id);
    const membershipIds = rows.map((row) => row.membership.id);
    const phones = userIds.length
      ? await db
          .select()
          .from(t.userPhones)
          .where(inArray(t.userPhones.userId, userIds))
          .orderBy(asc(t.userPhones.id))
      : [];
    const farms = membershipIds.length
      ? await db
          .select()
          .from(t.membershipFarms)
          .where(inArray(t.membershipFarms.membershipId, membershipIds))
      : [];
    return rows.map(({ user, membership, profile }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      language: user.language as Language,
      active: membership.active,
      activated: user.activatedAt !== null,
      profile: { id: profile.id, uid: profile.uid, message_key: profile.messageKey },
      job_title_id: user.jobTitleId,
      phones: phones.filter((p) => p.userId === user.id).map((p) => p.phone),
      farm_ids: farms.filter((f) => f.membershipId === membership.id).map((f) => f.farmId),
      created_at: membership.createdAt.toISOString(),
    }));
  }

  async get(session: Session, userId: number): Promise<Member> {
    const member = (await this.list(session)).find((m) => m.id === userId);
    if (!member) throw new AppError(ERRORS.userNotFound, 'User not found');
    return member;
  }

  /**
   * Adds a user to the account. A new person gets an e-mailed temporary password they must change
   * at first login; someone who already uses Lavoura is added with their own password.
   */
  async create(session: Session, input: MemberInput & { email: string }): Promise<Member> {
    const { db, mailer, publicUrl } = this.deps;
    await this.assertAssignableProfile(input.profile_id);
    await this.assertFarmsOfAccount(session, input.farm_ids);
    const [existing] = await db.select().from(t.users).where(eq(t.users.email, input.email));
    if (existing) {
      const [already] = await db
        .select({ id: t.memberships.id })
        .from(t.memberships)
        .where(
          and(
            eq(t.memberships.accountId, session.accountId),
            eq(t.memberships.userId, existing.id),
          ),
        );
      if (already) throw new AppError(ERRORS.userAlreadyExists, 'Already a user of this account');
    }
    const password = temporaryPassword();
    const passwordHash = existing ? undefined : await hashPassword(password);

    const userId = await db.transaction(async (tx) => {
      const run = tx as unknown as Database;
      await this.assertRoomForOneMore(run, session.accountId);
      const id =
        existing?.id ??
        (
          await run
            .insert(t.users)
            .values({
              email: input.email,
              name: input.name,
              language: input.language,
              passwordHash: passwordHash!,
              passwordType: 'temporary',
              firstLogin: true,
              activatedAt: new Date(),
            })
            .returning({ id: t.users.id })
        )[0]!.id;
      const [membership] = await run
        .insert(t.memberships)
        .values({ accountId: session.accountId, userId: id, profileId: input.profile_id })
        .returning({ id: t.memberships.id });
      if (!existing && input.phone)
        await run.insert(t.userPhones).values({ userId: id, phone: input.phone });
      await this.replaceFarms(run, membership!.id, input.farm_ids);
      return id;
    });

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
    return this.get(session, userId);
  }

  async update(session: Session, userId: number, input: MemberInput): Promise<Member> {
    const { db } = this.deps;
    const membership = await this.membershipOf(session, userId);
    await this.assertAssignableProfile(input.profile_id);
    if (userId === session.userId && input.profile_id !== membership.profileId) {
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot change your own profile');
    }
    await this.assertFarmsOfAccount(session, input.farm_ids);
    await db.transaction(async (tx) => {
      const run = tx as unknown as Database;
      await run
        .update(t.users)
        .set({ name: input.name, language: input.language, updatedAt: new Date() })
        .where(eq(t.users.id, userId));
      await run
        .update(t.memberships)
        .set({ profileId: input.profile_id })
        .where(eq(t.memberships.id, membership.id));
      if (input.phone) await this.replacePhones(run, userId, [input.phone]);
      await this.replaceFarms(run, membership.id, input.farm_ids);
    });
    return this.get(session, userId);
  }

  /** Removes the user from this account only; their other accounts are untouched. */
  async remove(session: Session, userId: number): Promise<void> {
    const membership = await this.membershipOf(session, userId);
    if (userId === session.userId)
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot remove yourself');
    await this.deps.db.delete(t.memberships).where(eq(t.memberships.id, membership.id));
  }

  /** Activating counts against max_users; deactivating always works (but not on oneself). */
  async setActive(session: Session, userId: number, active: boolean): Promise<Member> {
    const { db } = this.deps;
    const membership = await this.membershipOf(session, userId);
    if (userId === session.userId)
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot deactivate yourself');
    if (active !== membership.active) {
      await db.transaction(async (tx) => {
        const run = tx as unknown as Database;
        if (active) await this.assertRoomForOneMore(run, session.accountId);
        await run.update(t.memberships).set({ active }).where(eq(t.memberships.id, membership.id));
      });
    }
    return this.get(session, userId);
  }

  async phones(session: Session, userId: number): Promise<string[]> {
    await this.membershipOf(session, userId);
    const rows = await this.deps.db
      .select({ phone: t.userPhones.phone })
      .from(t.userPhones)
      .where(eq(t.userPhones.userId, userId))
      .orderBy(asc(t.userPhones.id));
    return rows.map((row) => row.phone);
  }

  async addPhone(session: Session, userId: number, phone: string): Promise<string[]> {
    await this.membershipOf(session, userId);
    await this.deps.db.insert(t.userPhones).values({ userId, phone }).onConflictDoNothing();
    return this.phones(session, userId);
  }

  async setJobTitle(session: Session, userId: number, jobTitleId: number): Promise<void> {
    await this.membershipOf(session, userId);
    const title = this.deps.reference.list.jobTitles.find((j) => j.id === jobTitleId);
    if (!title || (title.internal && session.profile !== 'ADMIN')) {
      throw new AppError(ERRORS.jobTitleNotFound, 'Job title not found');
    }
    await this.deps.db
      .update(t.users)
      .set({ jobTitleId, updatedAt: new Date() })
      .where(eq(t.users.id, userId));
  }

  async setLanguage(session: Session, language: Language): Promise<void> {
    await this.deps.db
      .update(t.users)
      .set({ language, updatedAt: new Date() })
      .where(eq(t.users.id, session.userId));
  }

  /** The signed-in user edits their own name, language and phone. */
  async updateOwnProfile(
    session: Session,
    input: { name: string; language: Language; phone?: string | undefined },
  ): Promise<SessionUser> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const run = tx as unknown as Database;
      await run
        .update(t.users)
        .set({ name: input.name, language: input.language, updatedAt: new Date() })
        .where(eq(t.users.id, session.userId));
      if (input.phone) await this.replacePhones(run, session.userId, [input.phone]);
    });
    return sessionUser(db, this.deps.reference, session.userId, session.accountId);
  }

  /** The user's permission codes (and shell keys); outside the current season, season records are read-only. */
  permissions(session: Session, seasonCropId: number | undefined): string[] {
    let pastSeason = false;
    if (seasonCropId !== undefined) {
      const season = this.deps.reference.seasonCrops({}).find((s) => s.id === seasonCropId);
      if (!season) throw new AppError(ERRORS.seasonCropNotFound, 'Season crop not found');
      pastSeason = season.status !== 'current';
    }
    return withShellKeys(
      permissionsFor({ profile: session.profile, planLevel: session.planLevel, pastSeason }),
      session.profile,
    );
  }

  // ---- rules ---------------------------------------------------------------------------------

  private async membershipOf(session: Session, userId: number) {
    const [membership] = await this.deps.db
      .select()
      .from(t.memberships)
      .where(and(eq(t.memberships.accountId, session.accountId), eq(t.memberships.userId, userId)));
    if (!membership) throw new AppError(ERRORS.userNotFound, 'User not found');
    return membership;
  }

  private async assertRoomForOneMore(db: Database, accountId: number): Promise<void> {
    // Locks the account row so two simultaneous additions cannot both pass the limit.
    const [account] = await db
      .select()
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

  private async assertAssignableProfile(profileId: number): Promise<void> {
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

  /** Farms arrive with the farms area; until then no farm id belongs to the account. */
  private async assertFarmsOfAccount(_session: Session, farmIds: number[]): Promise<void> {
    if (farmIds.length > 0) {
      throw new AppError(ERRORS.farmNotFound, 'Unknown farm', {
        farm_ids: farmIds,
      });
    }
  }

  private async replaceFarms(db: Database, membershipId: number, farmIds: number[]): Promise<void> {
    await db.delete(t.membershipFarms).where(eq(t.membershipFarms.membershipId, membershipId));
    if (farmIds.length)
      await db
        .insert(t.membershipFarms)
        .values(farmIds.map((farmId) => ({ membershipId, farmId })));
  }

  private async replacePhones(db: Database, userId: number, phones: string[]): Promise<void> {
    await db
      .delete(t.userPhones)
      .where(and(eq(t.userPhones.userId, userId), ne(t.userPhones.phone, phones[0]!)));
    await db
      .insert(t.userPhones)
      .values(phones.map((phone) => ({ userId, phone })))
      .onConflictDoNothing();
  }
}
