import { eq, ne } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import {
  PASSWORD,
  bearer,
  login,
  mailsTo,
  makeAccount,
  makeUser,
  tokenFor,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const OWN_ORIGIN = 'http://lavoura.test';
const NEW_PASSWORD = 'Trigo2027ok';

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

/** A browser's request: the session cookie only, from the app's own page unless told. */
const browser = (
  target: FastifyInstance,
  token: string,
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; origin?: string | null },
) =>
  target.inject({
    method: request.method,
    url: request.url,
    cookies: { token },
    headers: request.origin === null ? {} : { origin: request.origin ?? OWN_ORIGIN },
  });

const dadosUsuario = (token: string, target = app.app) =>
  target.inject({ method: 'GET', url: '/api/menu/dados-usuario', headers: bearer(token) });

/** Polls a call until it answers 401, for at most `ms`; the last answer. */
async function until401(call: () => Promise<LightMyRequestResponse>, ms: number) {
  const deadline = performance.now() + ms;
  let response = await call();
  while (response.statusCode !== 401 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    response = await call();
  }
  return response;
}

async function member() {
  return makeUser(app.db, { accountId: await makeAccount(app.db) });
}

describe('session cookies', () => {
  it('login sets an httpOnly token cookie and a readable expiry cookie, and still answers the token', async () => {
    const user = await member();
    const response = await login(app, user.email);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(cookieOf(response, 'token')).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 86400,
    });
    expect(cookieOf(response, 'token')?.secure).toBeFalsy();
    const expiresAt = cookieOf(response, 'token_expires_at');
    expect(expiresAt).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: 86400 });
    expect(expiresAt?.httpOnly).toBeFalsy();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(Number(expiresAt?.value)).toBe(claims.exp);
  });

  it('authenticates by the cookie alone, and logout clears both cookies and ends the session', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    const read = await browser(app.app, token, { method: 'GET', url: '/api/menu/dados-usuario' });
    expect(read.json()).toMatchObject({ email: user.email });

    const logout = await browser(app.app, token, { method: 'POST', url: '/admin-api/logout' });
    expect(logout.statusCode).toBe(200);
    for (const name of ['token', 'token_expires_at']) {
      expect(cookieOf(logout, name)).toMatchObject({ value: '', path: '/' });
    }
    const after = await browser(app.app, token, { method: 'GET', url: '/api/menu/dados-usuario' });
    expect(after.json()).toMatchObject({ code: 401, key: 'exception.invalid_token' });
    expect(cookieOf(after, 'token')).toMatchObject({ value: '' });
  });

  it('token-refresh sets the new token as the cookie', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    const refresh = await browser(app.app, token, {
      method: 'POST',
      url: '/admin-api/token-refresh',
    });
    const fresh = refresh.json<{ token: string }>().token;
    expect(fresh).not.toBe(token);
    expect(cookieOf(refresh, 'token')?.value).toBe(fresh);
    expect(cookieOf(refresh, 'token_expires_at')?.value).toMatch(/^\d+$/);
  });

  it('refuses a state-changing call carried by the cookie from another site, or from nowhere', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    for (const origin of ['https://evil.example', null]) {
      const refused = await browser(app.app, token, {
        method: 'POST',
        url: '/admin-api/logout',
        origin,
      });
      expect(refused.json()).toMatchObject({ code: 403, key: 'exception.csrf' });
    }
    // Still signed in: nothing was done.
    expect((await dadosUsuario(token)).statusCode).toBe(200);
    // A Referer of the app's own pages will do; so does a Bearer header (API clients).
    const fromPage = await app.app.inject({
      method: 'POST',
      url: '/admin-api/token-refresh',
      cookies: { token },
      headers: { referer: `${OWN_ORIGIN}/v3/home` },
    });
    expect(fromPage.statusCode).toBe(200);
    const apiClient = await app.app.inject({
      method: 'POST',
      url: '/admin-api/logout',
      headers: bearer(fromPage.json<{ token: string }>().token),
    });
    expect(apiClient.statusCode).toBe(200);
  });

  it('accepts the request’s own host as the origin', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    const response = await app.app.inject({
      method: 'POST',
      url: '/admin-api/logout',
      cookies: { token },
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('a password change or a recovery ends every other session', () => {
  const changePassword = (token: string, oldPassword: string) =>
    app.app.inject({
      method: 'POST',
      url: '/admin-api/change-password',
      headers: bearer(token),
      payload: {
        old_password: oldPassword,
        new_password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });

  it('refuses the other sessions at once, refresh included, and gives the current one a new token', async () => {
    const user = await member();
    const here = await tokenFor(app, user.email);
    const elsewhere = await tokenFor(app, user.email);
    expect((await dadosUsuario(elsewhere)).statusCode).toBe(200); // cached now

    const change = await changePassword(here, PASSWORD);
    expect(change.statusCode).toBe(204);
    expect((await dadosUsuario(elsewhere)).json()).toMatchObject({
      code: 401,
      key: 'exception.invalid_token',
    });
    const refresh = await app.app.inject({
      method: 'POST',
      url: '/admin-api/token-refresh',
      headers: bearer(elsewhere),
    });
    expect(refresh.statusCode).toBe(401);
    expect((await dadosUsuario(here)).statusCode).toBe(401);
    const current = cookieOf(change, 'token')?.value;
    expect((await dadosUsuario(current!)).json()).toMatchObject({ email: user.email });
  });

  it('a recovery: signing in with the e-mailed password and changing it ends the rest', async () => {
    const user = await member();
    const elsewhere = await tokenFor(app, user.email);
    await app.app.inject({
      method: 'POST',
      url: '/admin-api/recovery-password',
      payload: { email: user.email },
    });
    const [mail] = await mailsTo(app, user.email);
    const temporary = /senha temporária (\S+) /.exec(mail!.text)?.[1];
    const recovered = await tokenFor(app, user.email, temporary!);
    expect((await changePassword(recovered, temporary!)).statusCode).toBe(204);
    expect((await dadosUsuario(elsewhere)).statusCode).toBe(401);
    expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the session cache follows the database', () => {
  it('a change written straight to the database ends a cached session within 50 ms', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    expect((await dadosUsuario(token)).statusCode).toBe(200);
    await app.db
      .update(t.memberships)
      .set({ active: false })
      .where(eq(t.memberships.userId, user.id));
    const response = await until401(() => dadosUsuario(token), 50);
    expect(response.json()).toMatchObject({ code: 401, key: 'exception.user_inactive' });
  });

  it('a contract moved to the future ends a cached session within 50 ms', async () => {
    const accountId = await makeAccount(app.db);
    const user = await makeUser(app.db, { accountId });
    const token = await tokenFor(app, user.email);
    expect((await dadosUsuario(token)).statusCode).toBe(200);
    await app.db
      .update(t.accounts)
      .set({ contractStart: '2999-01-01' })
      .where(eq(t.accounts.id, accountId));
    const response = await until401(() => dadosUsuario(token), 50);
    expect(response.json()).toMatchObject({ key: 'exception.contract_not_started' });
  });
});

/** Polls a call until its answer passes `seen`, for at most 5 s (the cache keeps entries 10 s). */
async function untilSeen(
  call: () => Promise<LightMyRequestResponse>,
  seen: (body: Record<string, unknown>) => boolean,
) {
  const deadline = performance.now() + 5000;
  let response = await call();
  while (!seen(response.json()) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    response = await call();
  }
  return response.json<Record<string, unknown>>();
}

describe('the signed-in user kept with the cached session', () => {
  it('a name, language or phone edited through the API is answered by the next call', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    expect((await dadosUsuario(token)).json()).toMatchObject({ language: 'pt' });
    expect((await dadosUsuario(token)).json()).toMatchObject({ language: 'pt' }); // kept
    const edit = await app.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'Renamed Farmer', language: 'es', phone: '+5545999990001' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await dadosUsuario(token)).json()).toMatchObject({
      name: 'Renamed Farmer',
      language: 'es',
      phones: ['+5545999990001'],
    });
  });

  it('what another process writes to the user, the member, the phones or the account is answered', async () => {
    const accountId = await makeAccount(app.db);
    const user = await makeUser(app.db, { accountId });
    const token = await tokenFor(app, user.email);
    const before = (await dadosUsuario(token)).json<{
      total_users: number;
      job_title: { id: number } | null;
    }>();
    expect((await dadosUsuario(token)).statusCode).toBe(200); // kept
    const [jobTitle] = await app.db
      .select({ id: t.jobTitles.id })
      .from(t.jobTitles)
      .where(ne(t.jobTitles.id, before.job_title?.id ?? 0))
      .limit(1);

    // Straight to the database, as another process would: only the notifications tell this one.
    await app.db.update(t.users).set({ name: 'Written Elsewhere' }).where(eq(t.users.id, user.id));
    expect(
      await untilSeen(
        () => dadosUsuario(token),
        (body) => body.name === 'Written Elsewhere',
      ),
    ).toMatchObject({ name: 'Written Elsewhere' });

    await app.db.update(t.users).set({ language: 'en' }).where(eq(t.users.id, user.id));
    expect(
      await untilSeen(
        () => dadosUsuario(token),
        (body) => body.language === 'en',
      ),
    ).toMatchObject({ language: 'en' });

    await app.db.insert(t.userPhones).values({ userId: user.id, phone: '+5545988880002' });
    expect(
      await untilSeen(
        () => dadosUsuario(token),
        (body) => (body.phones as string[]).length > 0,
      ),
    ).toMatchObject({ phones: ['+5545988880002'] });

    await app.db
      .update(t.memberships)
      .set({ jobTitleId: jobTitle!.id })
      .where(eq(t.memberships.userId, user.id));
    expect(
      await untilSeen(
        () => dadosUsuario(token),
        (body) => (body.job_title as { id: number } | null)?.id === jobTitle!.id,
      ),
    ).toMatchObject({ job_title: { id: jobTitle!.id } });

    await app.db
      .update(t.accounts)
      .set({ name: 'Renamed Account' })
      .where(eq(t.accounts.id, accountId));
    expect(
      await untilSeen(
        () => dadosUsuario(token),
        (body) => (body.account as { name: string }).name === 'Renamed Account',
      ),
    ).toMatchObject({ account: { name: 'Renamed Account' } });

    await makeUser(app.db, { accountId });
    expect(
      await untilSeen(
        () => dadosUsuario(token),
        (body) => body.total_users !== before.total_users,
      ),
    ).toMatchObject({ total_users: before.total_users + 1 });
  });
});

describe('two app instances on one database', () => {
  let other: { app: FastifyInstance; handle?: DatabaseHandle };

  beforeAll(async () => {
    // On PostgreSQL a second pool and listener on the same database, like a second process; PGlite
    // is one process's database, so the second instance shares it.
    const handle =
      app.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: app.databaseUrl })
        : undefined;
    const database = handle ?? app.database;
    other = {
      app: await buildApp({
        db: database.db,
        sessionNotifications: database,
        maintenance: { enabled: false },
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
        mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
        publicUrl: 'http://lavoura.test',
      }),
      ...(handle ? { handle } : {}),
    };
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
    await other.handle?.close();
  });

  it('a logout on one instance answers 401 on the other within 50 ms', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    expect((await dadosUsuario(token)).statusCode).toBe(200); // cached on the first instance
    expect((await dadosUsuario(token, other.app)).statusCode).toBe(200);

    const logout = await other.app.inject({
      method: 'POST',
      url: '/admin-api/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    const response = await until401(() => dadosUsuario(token), 50);
    expect(response.json()).toMatchObject({ code: 401, key: 'exception.invalid_token' });
  });

  it('a name changed on one instance is answered by the other', async () => {
    const user = await member();
    const token = await tokenFor(app, user.email);
    expect((await dadosUsuario(token)).statusCode).toBe(200); // kept on the first instance
    const edit = await other.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'Named On The Other', language: 'en' },
    });
    expect(edit.statusCode).toBe(200);
    expect(
      await untilSeen(
        () => dadosUsuario(token),
        (body) => body.name === 'Named On The Other',
      ),
    ).toMatchObject({ name: 'Named On The Other', language: 'en' });
  });

  it('a member deactivated on one instance is refused on the other within 50 ms', async () => {
    const accountId = await makeAccount(app.db);
    const admin = await makeUser(app.db, { accountId, profile: 'CONTA' });
    const farmer = await makeUser(app.db, { accountId, profile: 'FARM' });
    const adminToken = await tokenFor(app, admin.email);
    const farmerToken = await tokenFor(app, farmer.email);
    expect((await dadosUsuario(farmerToken)).statusCode).toBe(200);

    const deactivate = await other.app.inject({
      method: 'PUT',
      url: `/api/users/${farmer.id}/active`,
      headers: bearer(adminToken),
      payload: { active: false },
    });
    expect(deactivate.statusCode).toBeLessThan(300);
    const response = await until401(() => dadosUsuario(farmerToken), 50);
    expect(response.json()).toMatchObject({ code: 401, key: 'exception.user_inactive' });
  });
});
