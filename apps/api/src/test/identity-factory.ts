import fs from 'node:fs';
import path from 'node:path';
import { PROFILE_IDS, type ProfileUid } from '@lavoura/domain';
import { count, eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { TestApp } from './test-app.ts';

/** Typed factories for identity rows, written straight to the real test database. */
export const PASSWORD = 'Plant1ng-season';
let passwordHash: Promise<string> | undefined;
const knownHash = () => (passwordHash ??= hashPassword(PASSWORD));

let sequence = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${(sequence += 1)}`;

export async function makeAccount(
  db: Database,
  options: {
    planId?: number;
    maxUsers?: number;
    contractStart?: string | null;
    countryId?: number;
    name?: string;
  } = {},
): Promise<number> {
  const [account] = await db
    .insert(t.accounts)
    .values({
      name: options.name ?? `Account ${unique()}`,
      countryId: options.countryId ?? 1,
      planId: options.planId ?? 4,
      maxUsers: options.maxUsers ?? 10,
      contractStart: options.contractStart === undefined ? '2026-01-01' : options.contractStart,
    })
    .returning({ id: t.accounts.id });
  return account!.id;
}

export async function makeUser(
  db: Database,
  options: {
    accountId?: number;
    profile?: ProfileUid;
    email?: string;
    activated?: boolean;
    active?: boolean;
    firstLogin?: boolean;
    name?: string;
  } = {},
): Promise<{ id: number; email: string }> {
  const email = options.email ?? `user-${unique()}@example.com`;
  const [user] = await db
    .insert(t.users)
    .values({
      email,
      name: options.name ?? 'Test User',
      passwordHash: await knownHash(),
      activatedAt: options.activated === false ? null : new Date(),
      firstLogin: options.firstLogin ?? false,
    })
    .returning({ id: t.users.id });
  if (options.accountId !== undefined) {
    await db.insert(t.memberships).values({
      accountId: options.accountId,
      userId: user!.id,
      profileId: PROFILE_IDS[options.profile ?? 'CONTA'],
      active: options.active ?? true,
      jobTitleId: 1,
    });
  }
  return { id: user!.id, email };
}

export async function login(app: TestApp, email: string, password = PASSWORD) {
  return app.app.inject({ method: 'POST', url: '/admin-api/login', payload: { email, password } });
}

export async function tokenFor(app: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await login(app, email, password);
  if (response.statusCode !== 200)
    throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** An account with one member per given profile, each with a token. */
export async function accountWith(
  app: TestApp,
  profiles: ProfileUid[],
  options: Parameters<typeof makeAccount>[1] = {},
): Promise<{
  accountId: number;
  members: Record<string, { id: number; email: string; token: string }>;
}> {
  const accountId = await makeAccount(app.db, options);
  const members: Record<string, { id: number; email: string; token: string }> = {};
  for (const profile of profiles) {
    const user = await makeUser(app.db, { accountId, profile });
    members[profile] = { ...user, token: await tokenFor(app, user.email) };
  }
  return { accountId, members };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  /** The header fields as written, by lower-case name, unfolded (list-unsubscribe…). */
  headers: Record<string, string>;
}

/** The e-mails the app wrote to its outbox, oldest first. */
export async function outbox(app: TestApp): Promise<SentMail[]> {
  if (!fs.existsSync(app.outboxDir)) return [];
  const files = fs.readdirSync(app.outboxDir).sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(fs.readFileSync(path.join(app.outboxDir, file)));
      const to = Array.isArray(mail.to)
        ? mail.to.map((a) => a.text).join(', ')
        : (mail.to?.text ?? '');
      const headers = Object.fromEntries(
        mail.headerLines.map(({ key, line }) => [
          key,
          line
            .slice(line.indexOf(':') + 1)
            .replace(/\r?\n[ \t]+/g, ' ')
            .trim(),
        ]),
      );
      return { to, subject: mail.subject ?? '', text: mail.text ?? '', headers };
    }),
  );
}

export async function mailsTo(app: TestApp, email: string): Promise<SentMail[]> {
  return (await outbox(app)).filter((mail) => mail.to.includes(email));
}

export async function userRow(db: Database, email: string) {
  const [row] = await db.select().from(t.users).where(eq(t.users.email, email));
  return row;
}

/** Row counts of the identity tables, to show that a refused call wrote nothing. */
export async function identityCounts(db: Database): Promise<Record<string, number>> {
  const tables = {
    users: t.users,
    accounts: t.accounts,
    memberships: t.memberships,
    user_phones: t.userPhones,
    membership_farms: t.membershipFarms,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Everything stored about an account's people: users, memberships, phones and farm assignments. */
export async function accountSnapshot(db: Database, accountId: number) {
  const memberships = await db
    .select()
    .from(t.memberships)
    .where(eq(t.memberships.accountId, accountId))
    .orderBy(t.memberships.id);
  const userIds = memberships.map((m) => m.userId);
  if (userIds.length === 0) return { memberships, users: [], phones: [], farms: [] };
  const users = await db
    .select()
    .from(t.users)
    .where(inArray(t.users.id, userIds))
    .orderBy(t.users.id);
  const phones = await db
    .select()
    .from(t.userPhones)
    .where(inArray(t.userPhones.userId, userIds))
    .orderBy(t.userPhones.id);
  const farms = await db
    .select()
    .from(t.membershipFarms)
    .where(
      inArray(
        t.membershipFarms.membershipId,
        memberships.map((m) => m.id),
      ),
    );
  return { memberships, users, phones, farms };
}
