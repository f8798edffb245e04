import {
  ERRORS,
  permissionsFor,
  withShellKeys,
  type Invitation,
  type Language,
  type Member,
  type SessionUser,
} from '@lavoura/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { uniqueViolationAs } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { composeMail } from '../../providers/mail/messages.ts';
import { hashPassword, temporaryPassword } from '../auth/passwords.ts';
import { sessionUser, type SessionService } from '../auth/session.service.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { DataVersions } from '../farms/data-versions.service.ts';
import { toInvitation } from './member.presenter.ts';
import { MemberRecords } from './member-records.service.ts';
import { memberPolicy } from '../../policies/member.policy.ts';
import { authorize } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

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
  /** The signed-in user is kept with the cached session (GET /api/menu/dados-usuario). */
  sessions: Pick<SessionService, 'sessionUser'>;
  /**
   * The process's kept data versions: the users list is kept per version (migration 0028), and a
   * person's name shows in other accounts' lists and catalogue pages (their informer): those move
   * too. Without them every list reads its version.
   */
  dataVersions?: Pick<DataVersions, 'forgetAfterWrite' | 'version'>;
  now?: () => Date;
}

/**
 * The members of an account and the people behind them. Every query takes the session's account
 * first (another account's user id is simply not found: 404), then asks `memberPolicy` what the
 * session may do with that member (403). A person's own data (name, phones, language, password)
 * is edited by that person only; administrators manage memberships. What these use cases read and
 * check is `MemberRecords` (member-records.service.ts).
 */
export class UsersService {
  private readonly now: () => Date;
  private readonly records: MemberRecords;

  private readonly versions: Pick<DataVersions, 'version'>;

  constructor(private readonly deps: UsersServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
    this.records = new MemberRecords(deps);
  }

  /** The signed-in user as the shell shows them (GET /api/menu/dados-usuario). */
  sessionUser(session: Session): Promise<SessionUser> {
    return this.deps.sessions.sessionUser(session);
  }

  async list(session: Session): Promise<Member[]> {
    authorize(session, memberPolicy(session, { userId: 0 }).read, 'list users');
    return this.records.members(session);
  }

  /**
   * What names a users list answer (http/versioned-answers.ts): the account's data version, which
   * every write to a membership, its farms or its person's shown columns moves (migration 0028),
   * and the member reading it (a member who sees some farms sees the others' farms among them).
   */
  async listVersion(session: Session): Promise<{ key: string; version: string }> {
    authorize(session, memberPolicy(session, { userId: 0 }).read, 'list users');
    const version = await this.versions.version(session.accountId);
    return {
      key: `users:${session.accountId}:${session.membershipId}:${session.allFarms}`,
      version,
    };
  }

  async get(session: Session, userId: number): Promise<Member> {
    const membership = await this.records.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).read, 'read a user');
    return this.records.member(session, userId);
  }

  /**
   * Adds someone to the account. A new person gets an e-mailed temporary password they change at
   * first login. A person who already uses Lavoura is invited: the membership waits for them to
   * accept it at their next sign-in, and nothing of their data reaches this account until then.
   */
  async create(session: Session, input: NewMemberInput): Promise<Member> {
    const { db, mailer, publicUrl } = this.deps;
    this.records.assertAssignableProfile(input.profile_id);
    await this.records.assertFarmsOfAccount(session, input.farm_ids);
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
          await this.records.assertRoomForOneMore(tx, session.accountId);
          if (existing) await this.records.assertNotMemberYet(tx, session.accountId, existing.id);
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
          await this.records.replaceFarms(tx, session.accountId, membership!.id, input.farm_ids);
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
    return this.records.member(session, userId);
  }

  /** Changes a membership: profile, farms, job title. The person's own data is not touched. */
  async update(session: Session, userId: number, input: MembershipInput): Promise<Member> {
    const membership = await this.records.membershipOf(session, userId);
    const access = memberPolicy(session, membership);
    authorize(session, access.manage, 'change a user');
    this.records.assertAssignableProfile(input.profile_id);
    if (!access.changeProfile && input.profile_id !== membership.profileId) {
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot change your own profile');
    }
    if (input.job_title_id != null) this.records.assertJobTitle(session, input.job_title_id);
    await this.records.assertFarmsOfAccount(session, input.farm_ids);
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(t.memberships)
        .set({
          profileId: input.profile_id,
          ...(input.job_title_id !== undefined ? { jobTitleId: input.job_title_id } : {}),
        })
        .where(and(eq(t.memberships.id, membership.id), ofAccount(t.memberships, session)));
      await this.records.replaceFarms(tx, session.accountId, membership.id, input.farm_ids);
    });
    return this.records.member(session, userId);
  }

  /** Removes the user from this account only; their other accounts are untouched. */
  async remove(session: Session, userId: number): Promise<void> {
    const membership = await this.records.membershipOf(session, userId);
    if (userId === session.userId)
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot remove yourself');
    authorize(session, memberPolicy(session, membership).remove, 'remove a user');
    await this.deps.db
      .delete(t.memberships)
      .where(and(eq(t.memberships.id, membership.id), ofAccount(t.memberships, session)));
  }

  /** Activating counts against max_users; deactivating always works (but not on oneself). */
  async setActive(session: Session, userId: number, active: boolean): Promise<Member> {
    const membership = await this.records.membershipOf(session, userId);
    if (userId === session.userId)
      throw new AppError(ERRORS.cannotChangeSelf, 'Cannot deactivate yourself');
    authorize(session, memberPolicy(session, membership).activate, 'activate a user');
    if (active !== membership.active) {
      await this.deps.db.transaction(async (tx) => {
        if (active) await this.records.assertRoomForOneMore(tx, session.accountId);
        await tx
          .update(t.memberships)
          .set({ active })
          .where(and(eq(t.memberships.id, membership.id), ofAccount(t.memberships, session)));
      });
    }
    return this.records.member(session, userId);
  }

  async phones(session: Session, userId: number): Promise<string[]> {
    const membership = await this.records.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).readPhones, "read a user's phones");
    // A pending invitation shows nothing of the person.
    if (membership.acceptedAt === null) return [];
    return this.records.phonesOf(this.deps.db, userId);
  }

  /** A phone of one's own (only the person edits their phones). */
  async addPhone(session: Session, userId: number, phone: string): Promise<string[]> {
    const membership = await this.records.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).editPerson, "change a user's phones");
    await this.deps.db.insert(t.userPhones).values({ userId, phone }).onConflictDoNothing();
    // The person's phones show in every account they belong to (migration 0028).
    this.deps.dataVersions?.forgetAfterWrite(session, true);
    return this.records.phonesOf(this.deps.db, userId);
  }

  /** The job title of a membership: the member's own (first-login dialog) or an administrator's. */
  async setJobTitle(session: Session, userId: number, jobTitleId: number): Promise<void> {
    const membership = await this.records.membershipOf(session, userId);
    authorize(session, memberPolicy(session, membership).setJobTitle, 'set a job title');
    this.records.assertJobTitle(session, jobTitleId);
    await this.deps.db
      .update(t.memberships)
      .set({ jobTitleId })
      .where(and(eq(t.memberships.id, membership.id), ofAccount(t.memberships, session)));
  }

  async setLanguage(session: Session, language: Language): Promise<void> {
    await this.deps.db
      .update(t.users)
      .set({ language, updatedAt: this.now() })
      .where(eq(t.users.id, session.userId));
    // The language shows in every account the person belongs to (migration 0028).
    this.deps.dataVersions?.forgetAfterWrite(session, true);
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
      if (input.phone) await this.records.replacePhones(tx, session.userId, input.phone);
    });
    // The name moves the data version of every account whose products name this person as their
    // informer (migration 0026) and of every account they belong to (0028), not only the
    // session's: this process forgets them all.
    this.deps.dataVersions?.forgetAfterWrite(session, true);
    return sessionUser(db, this.deps.reference, session.userId, session.accountId);
  }

  /** Drops the person's pending recovery password: their own only. */
  async clearRecoveryPassword(session: Session, userId: number): Promise<void> {
    const membership = await this.records.membershipOf(session, userId);
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
      toInvitation(membership, account, this.records.profileOf(membership.profileId)),
    );
  }

  /** Accepts (the account joins the person's accounts) or declines (the invitation is gone). */
  async answerInvitation(session: Session, accountId: number, accept: boolean): Promise<void> {
    const { db } = this.deps;
    const mine = and(
      eq(t.memberships.userId, session.userId),
      ofAccount(t.memberships, accountId),
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
}
