import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ERRORS,
  FREEMIUM_PLAN_ID,
  PLAN_LEVELS,
  PROFILE_IDS,
  includedUsers,
  type Language,
} from '@lavoura/domain';
import { and, asc, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { composeMail } from '../../providers/mail/messages.ts';
import { toBackOfficeAccount } from './back-office-account.presenter.ts';
import { activationCode, hashPassword, temporaryPassword } from '../auth/passwords.ts';
import { ofAccount } from '../../policies/tenancy.ts';

const ACTIVATION_CODE_MS = 24 * 60 * 60 * 1000;
/** The confirmation e-mail can be sent again only every 3 minutes. */
const RESEND_INTERVAL_MS = 3 * 60 * 1000;
/** Wrong codes allowed before the code is void and a new one must be sent. */
const MAX_ACTIVATION_TRIES = 5;
const USERS_EMAIL_UNIQUE = 'users_email_unique';

function codeHash(userId: number, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function codeVoid(): AppError {
  return new AppError(ERRORS.activationCodeVoid, 'Activation code void: ask for a new one');
}

export interface AccountsServiceDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

/** Sign-up, activation and the back office's account administration. */
export class AccountsService {
  private readonly now: () => Date;

  constructor(private readonly deps: AccountsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * A Freemium account and its account administrator, inactive until the e-mailed code is
   * confirmed. An address that has an account gets the same answer, in about the same time (the
   * password is hashed either way), and its owner an e-mail instead: the answer tells nobody
   * whether an address is registered. Simultaneous sign-ups with one address create one account.
   */
  async register(input: {
    name: string;
    email: string;
    password: string;
    account_name: string;
    country_id: number;
    language: Language;
  }): Promise<{ email: string }> {
    const { db } = this.deps;
    const [existing] = await db.select().from(t.users).where(eq(t.users.email, input.email));
    const passwordHash = await hashPassword(input.password);
    const now = this.now();
    if (existing) {
      await this.noteCodeSent(db, input.email, now);
      await this.sendSignUpNotice(existing);
      return { email: input.email };
    }
    const code = activationCode();
    let user: typeof t.users.$inferSelect;
    try {
      user = await db.transaction(async (tx) => {
        const [account] = await tx
          .insert(t.accounts)
          .values({
            name: input.account_name,
            countryId: input.country_id,
            planId: FREEMIUM_PLAN_ID,
            maxUsers: includedUsers(PLAN_LEVELS.freemium),
          })
          .returning();
        const [created] = await tx
          .insert(t.users)
          .values({
            email: input.email,
            name: input.name,
            passwordHash,
            language: input.language,
            lastAccountId: account!.id,
          })
          .returning();
        const [withCode] = await tx
          .update(t.users)
          .set({
            activationCodeHash: codeHash(created!.id, code),
            activationExpiresAt: new Date(now.getTime() + ACTIVATION_CODE_MS),
          })
          .where(eq(t.users.id, created!.id))
          .returning();
        await tx
          .insert(t.memberships)
          .values({ accountId: account!.id, userId: created!.id, profileId: PROFILE_IDS.CONTA });
        await this.noteCodeSent(tx, input.email, now, { newCode: true });
        return withCode!;
      });
    } catch (error) {
      if (!isUniqueViolation(error, USERS_EMAIL_UNIQUE)) throw error;
      // A simultaneous sign-up with this address won: answer as to any registered address.
      const [winner] = await db.select().from(t.users).where(eq(t.users.email, input.email));
      await this.sendSignUpNotice(winner!);
      return { email: input.email };
    }
    await this.sendActivation(user.email, user.name, user.language, code);
    return { email: user.email };
  }

  /**
   * Confirms the e-mailed code. Each try is counted before the code is compared, in one
   * statement, so tries sent at once cannot exceed the limit; after MAX_ACTIVATION_TRIES wrong
   * ones the code is void until a new one is sent. An address without an account answers as one
   * with a wrong code. The code stays stored after activation, so a second click on the link
   * answers `already_active` to whoever holds the code, and only to them.
   */
  async activate(email: string, code: string): Promise<{ status: 'activated' | 'already_active' }> {
    const { db } = this.deps;
    const now = this.now();
    const a = t.activationAttempts;
    const [tries] = await db
      .insert(a)
      .values({ email, failures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: a.email,
        set: { failures: sql`${a.failures} + 1`, updatedAt: now },
      })
      .returning({ number: a.failures });
    const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
    if (tries!.number > MAX_ACTIVATION_TRIES) throw codeVoid();
    const matches =
      !!user?.activationCodeHash && safeEqual(user.activationCodeHash, codeHash(user.id, code));
    if (!user || !matches) {
      throw new AppError(ERRORS.invalidActivationCode, 'Invalid activation code');
    }
    if (!user.activatedAt && (!user.activationExpiresAt || user.activationExpiresAt <= now)) {
      throw codeVoid();
    }
    await db.transaction(async (tx) => {
      if (!user.activatedAt) {
        await tx
          .update(t.users)
          .set({ activatedAt: now, activationExpiresAt: null, updatedAt: now })
          .where(eq(t.users.id, user.id));
      }
      await tx.delete(a).where(eq(a.email, email));
    });
    return { status: user.activatedAt ? 'already_active' : 'activated' };
  }

  /**
   * A new code, at most once every 3 minutes per address. Every address gets the same answer, 204,
   * even within the wait: a 429 would tell that someone signed up (and was e-mailed) with that
   * address a moment ago, where an unknown address asks for the first time. The wait is kept per
   * address, with or without an account; only an account waiting for activation is actually
   * e-mailed. The send is claimed in one statement, so resends sent at once e-mail one code.
   */
  async resendActivation(email: string): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    const a = t.activationAttempts;
    const claimed = await db
      .insert(a)
      .values({ email, failures: 0, sentAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: a.email,
        set: { failures: 0, sentAt: now, updatedAt: now },
        setWhere: or(isNull(a.sentAt), lte(a.sentAt, new Date(now.getTime() - RESEND_INTERVAL_MS))),
      })
      .returning({ email: a.email });
    // Too soon: nothing is sent, and the answer is the one a sent code gets.
    if (claimed.length === 0) return;
    const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
    if (!user || user.activatedAt) return;
    const code = activationCode();
    await db
      .update(t.users)
      .set({
        activationCodeHash: codeHash(user.id, code),
        activationExpiresAt: new Date(now.getTime() + ACTIVATION_CODE_MS),
      })
      .where(eq(t.users.id, user.id));
    await this.sendActivation(user.email, user.name, user.language, code);
  }

  /**
   * Starts the resend wait of an address, as a sent code does. A new code (a new account) gets its
   * own five tries; a sign-up notice to an existing address keeps the count, so signing up again
   * cannot buy more guesses at a pending code.
   */
  private async noteCodeSent(
    db: Executor,
    email: string,
    now: Date,
    { newCode = false }: { newCode?: boolean } = {},
  ): Promise<void> {
    await db
      .insert(t.activationAttempts)
      .values({ email, failures: 0, sentAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: t.activationAttempts.email,
        set: { sentAt: now, updatedAt: now, ...(newCode ? { failures: 0 } : {}) },
      });
  }

  /** Tells the owner of an address that someone tried to sign up with it. */
  private async sendSignUpNotice(user: typeof t.users.$inferSelect): Promise<void> {
    const { publicUrl } = this.deps;
    await this.deps.mailer.send(
      composeMail('signup_existing', user.email, user.language, {
        name: user.name,
        email: user.email,
        link: `${publicUrl}/v3/login`,
        activate_link: `${publicUrl}/v3/account/activate?email=${encodeURIComponent(user.email)}`,
      }),
    );
  }

  private async sendActivation(
    email: string,
    name: string,
    language: string,
    code: string,
  ): Promise<void> {
    const link = `${this.deps.publicUrl}/v3/account/activate?email=${encodeURIComponent(email)}&code=${code}`;
    await this.deps.mailer.send(composeMail('activation', email, language, { name, code, link }));
  }

  // ---- back office ---------------------------------------------------------------------------

  async listAccounts() {
    const { db } = this.deps;
    const rows = await db
      .select({ account: t.accounts, plan: t.plans })
      .from(t.accounts)
      .innerJoin(t.plans, eq(t.plans.id, t.accounts.planId))
      .orderBy(asc(t.accounts.name));
    const members = await db
      .select({ accountId: t.memberships.accountId, n: count() })
      .from(t.memberships)
      .where(eq(t.memberships.active, true))
      .groupBy(t.memberships.accountId);
    const active = new Map(members.map((m) => [m.accountId, m.n]));
    return rows.map(({ account, plan }) =>
      toBackOfficeAccount(account, plan, active.get(account.id) ?? 0),
    );
  }

  /** A customer account with its account administrator, who receives a temporary password. */
  async createAccount(input: {
    name: string;
    country_id: number;
    plan_id: number;
    max_users: number;
    contract_start?: string | null | undefined;
    contracted_area?: number | null | undefined;
    admin: { name: string; email: string; language: Language };
  }) {
    const { db, mailer, publicUrl } = this.deps;
    const [plan] = await db.select().from(t.plans).where(eq(t.plans.id, input.plan_id));
    if (!plan) throw new AppError(ERRORS.planNotFound, 'Plan not found');
    const [existing] = await db.select().from(t.users).where(eq(t.users.email, input.admin.email));
    const password = temporaryPassword();
    const passwordHash = existing ? undefined : await hashPassword(password);
    const account = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(t.accounts)
        .values({
          name: input.name,
          countryId: input.country_id,
          planId: plan.id,
          maxUsers: input.max_users,
          contractStart: input.contract_start ?? null,
          contractedArea: input.contracted_area ?? null,
        })
        .returning();
      const userId =
        existing?.id ??
        (
          await tx
            .insert(t.users)
            .values({
              email: input.admin.email,
              name: input.admin.name,
              language: input.admin.language,
              passwordHash: passwordHash!,
              passwordType: 'temporary',
              firstLogin: true,
              activatedAt: this.now(),
            })
            .returning()
        )[0]!.id;
      await tx
        .insert(t.memberships)
        .values({ accountId: created!.id, userId, profileId: PROFILE_IDS.CONTA });
      return created!;
    });
    const link = `${publicUrl}/v3/login`;
    const values = {
      name: input.admin.name,
      inviter: 'Lavoura',
      account: account.name,
      email: input.admin.email,
      password,
      link,
    };
    await mailer.send(
      composeMail(
        existing ? 'added_to_account' : 'welcome_user',
        input.admin.email,
        existing?.language ?? input.admin.language,
        values,
      ),
    );
    return toBackOfficeAccount(account, plan, 1);
  }

  async updateAccount(
    id: number,
    changes: {
      plan_id?: number | undefined;
      max_users?: number | undefined;
      contract_start?: string | null | undefined;
      contracted_area?: number | null | undefined;
    },
  ) {
    const { db } = this.deps;
    if (changes.plan_id !== undefined) {
      const [plan] = await db
        .select({ id: t.plans.id })
        .from(t.plans)
        .where(eq(t.plans.id, changes.plan_id));
      if (!plan) throw new AppError(ERRORS.planNotFound, 'Plan not found');
    }
    const [account] = await db
      .update(t.accounts)
      .set({
        ...(changes.plan_id !== undefined ? { planId: changes.plan_id } : {}),
        ...(changes.max_users !== undefined ? { maxUsers: changes.max_users } : {}),
        ...(changes.contract_start !== undefined ? { contractStart: changes.contract_start } : {}),
        ...(changes.contracted_area !== undefined
          ? { contractedArea: changes.contracted_area }
          : {}),
        updatedAt: this.now(),
      })
      .where(eq(t.accounts.id, id))
      .returning();
    if (!account) throw new AppError(ERRORS.accountNotFound, 'Account not found');
    const [plan] = await db.select().from(t.plans).where(eq(t.plans.id, account.planId));
    const [members] = await db
      .select({ n: count() })
      .from(t.memberships)
      .where(and(ofAccount(t.memberships, id), eq(t.memberships.active, true)));
    return toBackOfficeAccount(account, plan!, members?.n ?? 0);
  }
}
