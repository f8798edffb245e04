import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import {
  PASSWORD,
  bearer,
  login,
  mailsTo,
  makeAccount,
  makeUser,
  tokenFor,
  userRow,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(() => {
  app.clock.now = new Date();
});

const later = (ms: number) => (app.clock.now = new Date(Date.now() + ms));
const MINUTE = 60 * 1000;
const me = (token: string) =>
  app.app.inject({ method: 'GET', url: '/api/menu/dados-usuario', headers: bearer(token) });

describe('login errors, each with its own key', () => {
  it('answers 401 invalid_credentials for a wrong password or an unknown e-mail', async () => {
    const accountId = await makeAccount(app.db);
    const user = await makeUser(app.db, { accountId });
    expect((await login(app, user.email, 'Wrong-pass1')).json()).toMatchObject({
      code: 401,
      key: 'exception.invalid_credentials',
    });
    expect((await login(app, 'ghost@example.com', PASSWORD)).json()).toMatchObject({
      code: 401,
      key: 'exception.invalid_credentials',
    });
  });

  it('locks an e-mail for 5 minutes after 5 failures, even for the right password', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(app, user.email, 'Wrong-pass1')).statusCode).toBe(401);
    }
    expect((await login(app, user.email, 'Wrong-pass1')).json()).toMatchObject({
      code: 429,
      key: 'exception.too_many_attempts',
    });
    expect((await login(app, user.email, PASSWORD)).json()).toMatchObject({
      code: 429,
      key: 'exception.too_many_attempts',
    });
    later(4 * MINUTE);
    expect((await login(app, user.email, PASSWORD)).statusCode).toBe(429);
    later(5 * MINUTE + 1000);
    expect((await login(app, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures from zero again after a successful login', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(app, user.email, 'Wrong-pass1');
    expect((await login(app, user.email)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(app, user.email, 'Wrong-pass1')).statusCode).toBe(401);
    }
  });

  it('tells a user whose e-mail is not confirmed to check the activation e-mail', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db), activated: false });
    expect((await login(app, user.email)).json()).toMatchObject({
      code: 403,
      key: 'exception.account_not_activated',
    });
  });

  it('refuses a user inactive in every account, and one with no account', async () => {
    const inactive = await makeUser(app.db, {
      accountId: await makeAccount(app.db),
      active: false,
    });
    expect((await login(app, inactive.email)).json()).toMatchObject({
      code: 403,
      key: 'exception.user_inactive',
    });
    const orphan = await makeUser(app.db);
    expect((await login(app, orphan.email)).json()).toMatchObject({
      code: 403,
      key: 'exception.no_accounts',
    });
  });

  it('refuses a paid account without a contract, and tells when a future contract starts', async () => {
    const noContract = await makeUser(app.db, {
      accountId: await makeAccount(app.db, { planId: 2, contractStart: null }),
    });
    expect((await login(app, noContract.email)).json()).toMatchObject({
      code: 403,
      key: 'exception.no_contracts',
    });
    const future = await makeUser(app.db, {
      accountId: await makeAccount(app.db, { planId: 4, contractStart: '2099-03-01' }),
    });
    expect((await login(app, future.email)).json()).toMatchObject({
      code: 403,
      key: 'exception.contract_not_started',
      context: { additionalInfo: { date: '2099-03-01' } },
    });
  });

  it('enters another account of the user when the last one cannot be entered yet', async () => {
    const user = await makeUser(app.db, {
      accountId: await makeAccount(app.db, { contractStart: '2099-01-01', name: 'A future' }),
    });
    const usable = await makeAccount(app.db, { name: 'B usable' });
    await app.db.insert(t.memberships).values({ accountId: usable, userId: user.id, profileId: 3 });
    const session = await login(app, user.email);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.account.id).toBe(usable);
  });
});

describe('the login answer', () => {
  it('marks the first login of a user created with a temporary password, and the Full-plan welcome once', async () => {
    const accountId = await makeAccount(app.db, { planId: 4 });
    const user = await makeUser(app.db, { accountId, firstLogin: true });
    const first = (await login(app, user.email)).json();
    expect(first).toMatchObject({
      is_first_login: true,
      is_first_login_full_plan: true,
      recovery_password: false,
    });
    expect(first.user.first_login).toBe('Y');
    expect(typeof first.token).toBe('string');
    const second = (await login(app, user.email)).json();
    expect(second.is_first_login_full_plan).toBe(false);
  });

  it('lists the user’s accounts and enters the one used last', async () => {
    const a = await makeAccount(app.db, { name: 'Alpha' });
    const b = await makeAccount(app.db, { name: 'Beta' });
    const user = await makeUser(app.db, { accountId: a });
    await app.db.insert(t.memberships).values({ accountId: b, userId: user.id, profileId: 3 });
    const token = await tokenFor(app, user.email);
    const switched = await app.app.inject({
      method: 'POST',
      url: '/admin-api/select-account',
      headers: bearer(token),
      payload: { account_id: b },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().accounts).toEqual([
      { id: a, name: 'Alpha', current: false },
      { id: b, name: 'Beta', current: true },
    ]);
    expect(switched.json().user.user_profile.uid).toBe('FARM');
    const again = (await login(app, user.email)).json();
    expect(again.user.account.id).toBe(b);
  });
});

describe('sessions and tokens', () => {
  let email: string;
  beforeAll(async () => {
    email = (await makeUser(app.db, { accountId: await makeAccount(app.db) })).email;
  });

  it('refuses a call without a token, a forged one and a tampered one', async () => {
    expect(
      (await app.app.inject({ method: 'GET', url: '/api/menu/dados-usuario' })).json(),
    ).toMatchObject({ code: 401, key: 'exception.token_not_provided' });
    const forged = await new SignJWT({ acc: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await me(forged)).json()).toMatchObject({ code: 401, key: 'exception.invalid_token' });
    const token = await tokenFor(app, email);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, acc: claims.acc + 1 })).toString('base64url'),
      signature,
    ].join('.');
    expect((await me(tampered)).json()).toMatchObject({
      code: 401,
      key: 'exception.invalid_token',
    });
    expect((await me('not.a.jwt')).statusCode).toBe(401);
  });

  it('expires a token after a day', async () => {
    const token = await tokenFor(app, email);
    expect((await me(token)).statusCode).toBe(200);
    // jose checks expiry against the real clock: sign a token that is already past its end.
    app.clock.now = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const old = await tokenFor(app, email);
    app.clock.now = new Date();
    expect((await me(old)).json()).toMatchObject({ code: 401, key: 'exception.token_expired' });
  });

  it('revokes the token on logout', async () => {
    const token = await tokenFor(app, email);
    const out = await app.app.inject({
      method: 'POST',
      url: '/admin-api/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({ code: 401, key: 'exception.invalid_token' });
  });

  it('refreshes a token into a new one and revokes the old', async () => {
    const token = await tokenFor(app, email);
    const refreshed = await app.app.inject({
      method: 'POST',
      url: '/admin-api/token-refresh',
      headers: bearer(token),
    });
    const fresh = refreshed.json<{ token: string }>().token;
    expect(fresh).not.toBe(token);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses to enter an account the user does not belong to', async () => {
    const token = await tokenFor(app, email);
    const other = await makeAccount(app.db);
    const response = await app.app.inject({
      method: 'PUT',
      url: '/api/menu/alterar-conta',
      headers: bearer(token),
      payload: { id: other },
    });
    expect(response.json()).toMatchObject({ code: 404, key: 'exception.account_not_found' });
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('passwords', () => {
  it('changes the password with the current one, following the rule, and clears the first-login flag', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db), firstLogin: true });
    const token = await tokenFor(app, user.email);
    const change = (payload: Record<string, string>) =>
      app.app.inject({
        method: 'POST',
        url: '/admin-api/change-password',
        headers: bearer(token),
        payload,
      });
    expect(
      (
        await change({
          old_password: 'Wrong-pass1',
          new_password: 'Trigo2027ok',
          password_confirmation: 'Trigo2027ok',
        })
      ).json(),
    ).toMatchObject({ code: 400, key: 'exception.invalid_current_password' });
    const mismatch = await change({
      old_password: PASSWORD,
      new_password: 'Trigo2027ok',
      password_confirmation: 'Trigo2027no',
    });
    expect(mismatch.json().context.additionalInfo).toEqual([
      expect.objectContaining({
        field: 'body.password_confirmation',
        key: 'field.passwords_do_not_match',
      }),
    ]);
    const weak = await change({
      old_password: PASSWORD,
      new_password: 'trigo',
      password_confirmation: 'trigo',
    });
    expect(weak.statusCode).toBe(400);
    expect((await login(app, user.email)).statusCode).toBe(200);

    expect(
      (
        await change({
          old_password: PASSWORD,
          new_password: 'Trigo2027ok',
          password_confirmation: 'Trigo2027ok',
        })
      ).statusCode,
    ).toBe(204);
    expect((await login(app, user.email)).statusCode).toBe(401);
    const session = (await login(app, user.email, 'Trigo2027ok')).json();
    expect(session.is_first_login).toBe(false);
  });

  it('e-mails a temporary password valid one day that forces a change, and keeps the old one working', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    const ask = await app.app.inject({
      method: 'POST',
      url: '/admin-api/recovery-password',
      payload: { email: user.email },
    });
    expect(ask.statusCode).toBe(204);
    const unknown = await app.app.inject({
      method: 'POST',
      url: '/admin-api/recovery-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(204);
    const [mail] = await mailsTo(app, user.email);
    const temporary = /senha temporária (\S+) /.exec(mail!.text)?.[1];
    expect(temporary).toBeTruthy();

    expect((await login(app, user.email)).json().recovery_password).toBe(false);
    const withTemporary = (await login(app, user.email, temporary!)).json();
    expect(withTemporary.recovery_password).toBe(true);
    expect(withTemporary.user.password_type).toBe('recovery_temp_password');

    later(24 * 60 * MINUTE + 1000);
    expect((await login(app, user.email, temporary!)).json()).toMatchObject({
      code: 401,
      key: 'exception.temporary_password_expired',
    });
  });

  it('lets a user drop their recovery password', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    await app.app.inject({
      method: 'POST',
      url: '/admin-api/recovery-password',
      payload: { email: user.email },
    });
    const token = await tokenFor(app, user.email);
    const dropped = await app.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/recovery-password`,
      headers: bearer(token),
    });
    expect(dropped.statusCode).toBe(204);
    expect((await userRow(app.db, user.email))!.recoveryPasswordHash).toBeNull();
    const [row] = await app.db.select().from(t.users).where(eq(t.users.id, user.id));
    expect(row!.passwordType).toBe('regular');
  });
});
