import { randomBytes } from 'node:crypto';
import { ERRORS, PROFILE_IDS, type AccountEntry, type SessionAnswer } from '@lavoura/domain';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from './session.types.ts';
import type { MaintenanceSwitch } from '../../http/maintenance.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { composeMail } from '../../providers/mail/messages.ts';
import {
  failLoginAttempt,
  passLoginAttempt,
  reserveLoginAttempt,
} from './login-lockout.service.ts';
import { hashPassword, temporaryPassword, verifyPassword } from './passwords.ts';
import { accountsOf, contractProblem, openSession } from './session.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { TokenSigner } from './tokens.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** A hash no password matches, verified for unknown e-mails so they cost what known ones do. */
let unknownHash: Promise<string> | undefined;
const unknownUserHash = () => (unknownHash ??= hashPassword(randomBytes(24).toString('base64')));

/** A recovery password is valid for one day. */
const RECOVERY_PASSWORD_MS = 24 * 60 * 60 * 1000;

export interface AuthServiceDeps {
  db: Database;
  signer: TokenSigner;
  reference: ReferenceService;
  /** Read at each login: in maintenance only platform administrators get in. */
  maintenance?: MaintenanceSwitch;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

/** Sign-in, sessions and passwords. */
export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async login(email: string, password: string): Promise<SessionAnswer> {
    const { db } = this.deps;
    const now = this.now();
    // In maintenance only platform administrators sign in, so one can switch it off again.
    const maintenance = this.deps.maintenance?.enabled ?? false;
    if (maintenance && !(await this.isPlatformAdmin(email))) {
      throw new AppError(ERRORS.maintenance, 'The system is under maintenance');
    }
    // Counted before the password is checked, so simultaneous attempts cannot outrun the lock.
    const attempt = await reserveLoginAttempt(db, email, now);
    const [user] = await db.select().from(t.users).where(eq(t.users.email, email));

    let usedRecovery = false;
    // An unknown e-mail costs one hash verification too: the time of the answer tells nothing.
    let passwordOk = await verifyPassword(
      user?.passwordHash ?? (await unknownUserHash()),
      password,
    );
    passwordOk &&= !!user;
    if (
      user &&
      !passwordOk &&
      user.recoveryPasswordHash &&
      (await verifyPassword(user.recoveryPasswordHash, password))
    ) {
      if (!user.recoveryExpiresAt || user.recoveryExpiresAt <= now) {
        await failLoginAttempt(db, attempt);
        throw new AppError(ERRORS.temporaryPasswordExpired, 'Temporary password expired');
      }
      passwordOk = true;
      usedRecovery = true;
    }
    if (!user || !passwordOk) {
      await failLoginAttempt(db, attempt);
      throw new AppError(ERRORS.invalidCredentials, 'Invalid e-mail or password');
    }
    await passLoginAttempt(db, attempt);
    if (!user.activatedAt) throw new AppError(ERRORS.accountNotActivated, 'Account not activated');

    const memberships = await db
      .select({ membership: t.memberships, account: t.accounts, planLevel: t.plans.priorityLevel })
      .from(t.memberships)
      .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
      .innerJoin(t.plans, eq(t.plans.id, t.accounts.planId))
      .where(eq(t.memberships.userId, user.id))
      .orderBy(asc(t.accounts.name));
    if (memberships.length === 0) throw new AppError(ERRORS.noAccounts, 'No accounts');
    // A pending invitation is answered after sign-in (GET /api/invitations), never entered.
    const active = memberships.filter(
      (m) =>
        m.membership.active &&
        m.membership.acceptedAt !== null &&
        (!maintenance || m.membership.profileId === PROFILE_IDS.ADMIN),
    );
    if (active.length === 0) throw new AppError(ERRORS.userInactive, 'Inactive in every account');

    // The account used last comes first; an account that cannot be entered today is skipped.
    active.sort(
      (a, b) =>
        Number(b.account.id === user.lastAccountId) - Number(a.account.id === user.lastAccountId),
    );
    const problems = active.map((m) => contractProblem(m.account, m.planLevel, now));
    const usable = active.find((_, index) => !problems[index]);
    if (!usable) throw problems[0]!;

    if (usedRecovery) {
      await db
        .update(t.users)
        .set({ passwordType: 'recovery_temp_password', updatedAt: now })
        .where(eq(t.users.id, user.id));
    }
    return openSession(db, this.deps.signer, this.deps.reference, user.id, usable.account.id, now);
  }

  private async isPlatformAdmin(email: string): Promise<boolean> {
    const [admin] = await this.deps.db
      .select({ id: t.memberships.id })
      .from(t.memberships)
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .where(
        and(
          eq(t.users.email, email),
          eq(t.memberships.profileId, PROFILE_IDS.ADMIN),
          eq(t.memberships.active, true),
        ),
      );
    return admin !== undefined;
  }

  /** Enters another account of the same user; another account's id answers 404. */
  async selectAccount(session: Session, accountId: number): Promise<SessionAnswer> {
    const { db } = this.deps;
    const [target] = await db
      .select({ membership: t.memberships, account: t.accounts, planLevel: t.plans.priorityLevel })
      .from(t.memberships)
      .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
      .innerJoin(t.plans, eq(t.plans.id, t.accounts.planId))
      .where(
        and(
          eq(t.memberships.userId, session.userId),
          ofAccount(t.memberships, accountId),
          eq(t.memberships.active, true),
          isNotNull(t.memberships.acceptedAt),
        ),
      );
    if (!target) throw new AppError(ERRORS.accountNotFound, 'Account not found');
    const problem = contractProblem(target.account, target.planLevel, this.now());
    if (problem) throw problem;
    const answer = await openSession(
      db,
      this.deps.signer,
      this.deps.reference,
      session.userId,
      accountId,
      this.now(),
    );
    await this.revoke(session);
    return answer;
  }

  /** A new token for the same account, on the terms of a login: not for an account whose contract has not started. */
  async refresh(session: Session): Promise<{ token: string }> {
    const [account] = await this.deps.db
      .select({ account: t.accounts, planLevel: t.plans.priorityLevel })
      .from(t.accounts)
      .innerJoin(t.plans, eq(t.plans.id, t.accounts.planId))
      .where(eq(t.accounts.id, session.accountId));
    if (!account) throw new AppError(ERRORS.accountNotFound, 'Account not found');
    const problem = contractProblem(account.account, account.planLevel, this.now());
    if (problem) throw problem;
    const { token } = await this.deps.signer.sign(
      session.userId,
      session.accountId,
      session.token.epoch,
      this.now(),
    );
    await this.revoke(session);
    return { token };
  }

  /** The accounts the signed-in user may switch to, the current one marked. */
  accounts(session: Session): Promise<AccountEntry[]> {
    return accountsOf(this.deps.db, session.userId, session.accountId);
  }

  /** Logout: the token's id is refused from now on; expired revocations are swept. */
  async revoke(session: Session): Promise<void> {
    const { db } = this.deps;
    await db
      .insert(t.revokedTokens)
      .values({ jti: session.token.jti, expiresAt: session.token.expiresAt })
      .onConflictDoNothing();
    await db.delete(t.revokedTokens).where(lt(t.revokedTokens.expiresAt, this.now()));
  }

  /**
   * Changes the password and ends every other session of the person (the epoch moves on, so
   * older tokens are refused everywhere); the current session continues with the token returned.
   */
  async changePassword(
    session: Session,
    oldPassword: string,
    newPassword: string,
  ): Promise<{ token: string }> {
    const { db } = this.deps;
    const now = this.now();
    const [user] = await db.select().from(t.users).where(eq(t.users.id, session.userId));
    if (!user) throw new AppError(ERRORS.userNotFound, 'User not found');
    const recoveryValid =
      !!user.recoveryPasswordHash &&
      !!user.recoveryExpiresAt &&
      user.recoveryExpiresAt > now &&
      (await verifyPassword(user.recoveryPasswordHash, oldPassword));
    if (!recoveryValid && !(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new AppError(ERRORS.invalidCurrentPassword, 'Current password is wrong', [
        {
          field: 'body.old_password',
          key: ERRORS.invalidCurrentPassword.key,
          message: 'Wrong password',
        },
      ]);
    }
    const [changed] = await db
      .update(t.users)
      .set({
        passwordHash: await hashPassword(newPassword),
        passwordType: 'regular',
        firstLogin: false,
        recoveryPasswordHash: null,
        recoveryExpiresAt: null,
        sessionEpoch: sql`${t.users.sessionEpoch} + 1`,
        updatedAt: now,
      })
      .where(eq(t.users.id, user.id))
      .returning({ epoch: t.users.sessionEpoch });
    const { token } = await this.deps.signer.sign(
      session.userId,
      session.accountId,
      changed!.epoch,
      now,
    );
    return { token };
  }

  /**
   * E-mails a temporary password valid for a day. The current password keeps working, so nobody
   * can lock a user out by asking for a recovery; unknown e-mails get the same silent answer.
   */
  async recoverPassword(email: string): Promise<void> {
    const { db, mailer, publicUrl } = this.deps;
    const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
    const password = temporaryPassword();
    // Hashed for an unknown e-mail too, so the time of the answer tells nothing.
    const recoveryPasswordHash = await hashPassword(password);
    if (!user) return;
    await db
      .update(t.users)
      .set({
        recoveryPasswordHash,
        recoveryExpiresAt: new Date(this.now().getTime() + RECOVERY_PASSWORD_MS),
        updatedAt: this.now(),
      })
      .where(eq(t.users.id, user.id));
    await mailer.send(
      composeMail('recovery_password', user.email, user.language, {
        name: user.name,
        password,
        link: `${publicUrl}/v3/login`,
      }),
    );
  }
}
