import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import {
  identityCounts,
  mailsTo,
  makeAccount,
  makeUser,
  outbox,
  userRow,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Sign-up, activation and resend tell nobody whether an e-mail has an account: an address that
 * exists gets the answer a new one gets, and its owner an e-mail. Codes allow five wrong tries.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(() => {
  app.clock.now = new Date();
});

const MINUTE = 60 * 1000;
const later = (ms: number) => (app.clock.now = new Date(Date.now() + ms));
const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/admin-api/register',
    payload: {
      name: 'Ana Agricultora',
      email,
      password: 'Soja2026ok',
      account_name: 'Fazenda Nova',
      country_id: 1,
      language: 'pt',
      ...extra,
    },
  });
const activate = (email: string, code: string) =>
  app.app.inject({ method: 'POST', url: '/api/account-active', payload: { email, code } });
const resend = (email: string) =>
  app.app.inject({ method: 'POST', url: '/api/account-active/resend', payload: { email } });
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function activationCodeOf(email: string): Promise<string> {
  const mails = (await mailsTo(app, email)).filter((m) => m.subject.startsWith('Ative'));
  return codeOf(mails[mails.length - 1]!.text);
}

describe('sign-up with an address that has an account', () => {
  it('answers exactly like a new sign-up, changes nothing and e-mails the owner instead', async () => {
    const fresh = await signUp('fresh@example.com');
    const existing = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    await app.db.update(t.users).set({ language: 'en' }).where(eq(t.users.email, existing.email));
    const before = await identityCounts(app.db);
    const ownerBefore = await userRow(app.db, existing.email);

    const again = await signUp(existing.email, { password: 'Other2026ok', language: 'es' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    expect(again.json()).toEqual({ email: existing.email });

    expect(await identityCounts(app.db)).toEqual(before);
    expect(await userRow(app.db, existing.email)).toEqual(ownerBefore);
    const [notice, ...more] = await mailsTo(app, existing.email);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe('Someone tried to sign up with your e-mail');
    expect(notice!.text).toContain('http://lavoura.test/v3/login');
    expect(notice!.text).not.toMatch(/\b\d{6}\b/);
  });

  it('answers 201 to ten simultaneous sign-ups with one e-mail and creates one account', async () => {
    const email = 'rush@example.com';
    const before = await identityCounts(app.db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signUp(email, { account_name: `Fazenda ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    for (const answer of answers) expect(answer.json()).toEqual({ email });
    expect(await identityCounts(app.db)).toMatchObject({
      users: before.users! + 1,
      accounts: before.accounts! + 1,
      memberships: before.memberships! + 1,
    });
    const mails = await mailsTo(app, email);
    expect(mails.filter((m) => m.subject === 'Ative sua conta no Lavoura')).toHaveLength(1);
    expect(mails).toHaveLength(10);
  });
});

describe('activation code', () => {
  it('allows five wrong tries, then the code is void even when right, until a new one is sent', async () => {
    const email = 'tries@example.com';
    await signUp(email);
    const code = await activationCodeOf(email);
    const pending = await userRow(app.db, email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await activate(email, wrongCode(code))).json()).toMatchObject({
        code: 400,
        key: 'exception.activation_code_invalid',
      });
    }
    expect((await activate(email, code)).json()).toMatchObject({
      code: 400,
      key: 'exception.activation_code_void',
    });
    // Each refusal changed nothing of the user.
    expect(await userRow(app.db, email)).toEqual(pending);

    later(3 * MINUTE + 1000);
    expect((await resend(email)).statusCode).toBe(204);
    const fresh = await activationCodeOf(email);
    expect((await activate(email, fresh)).json()).toEqual({ status: 'activated' });
  });

  it('gives a new account its own five tries, however many were spent on the address before', async () => {
    const email = 'guessed-before@example.com';
    for (let attempt = 1; attempt <= 5; attempt += 1) await activate(email, '123456');
    expect((await signUp(email)).statusCode).toBe(201);
    const code = await activationCodeOf(email);
    expect((await activate(email, code)).json()).toEqual({ status: 'activated' });
  });

  it('does not give a pending code more tries when someone signs up again with its address', async () => {
    const email = 'pending-code@example.com';
    await signUp(email);
    const code = await activationCodeOf(email);
    for (let attempt = 1; attempt <= 5; attempt += 1) await activate(email, wrongCode(code));
    later(3 * MINUTE + 1000);
    expect((await signUp(email)).statusCode).toBe(201);
    expect((await activate(email, code)).json()).toMatchObject({
      key: 'exception.activation_code_void',
    });
  });

  it('checks at most five codes when many arrive at once', async () => {
    const email = 'burst@example.com';
    await signUp(email);
    const code = await activationCodeOf(email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => activate(email, wrongCode(code))),
    );
    const keys = answers.map((a) => a.json<{ key: string }>().key);
    expect(keys.filter((k) => k === 'exception.activation_code_invalid')).toHaveLength(5);
    expect(keys.filter((k) => k === 'exception.activation_code_void')).toHaveLength(7);
    expect((await activate(email, code)).json()).toMatchObject({
      key: 'exception.activation_code_void',
    });
    expect((await userRow(app.db, email))!.activatedAt).toBeNull();
  });

  it('is void once expired', async () => {
    const email = 'expired@example.com';
    await signUp(email);
    const code = await activationCodeOf(email);
    later(24 * 60 * MINUTE + 1000);
    expect((await activate(email, code)).json()).toMatchObject({
      code: 400,
      key: 'exception.activation_code_void',
    });
    expect((await userRow(app.db, email))!.activatedAt).toBeNull();
  });
});

describe('activation and resend of an address without an account', () => {
  it('answer as for an address with one: wrong code, void after five tries, resend and its wait', async () => {
    const known = 'known@example.com';
    await signUp(known);
    const code = await activationCodeOf(known);
    const unknown = 'unknown@example.com';
    const before = await identityCounts(app.db);
    const mailsBefore = (await outbox(app)).length;

    for (const email of [known, unknown]) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await activate(email, wrongCode(code))).json()).toMatchObject({
          code: 400,
          key: 'exception.activation_code_invalid',
        });
      }
      expect((await activate(email, wrongCode(code))).json()).toMatchObject({
        code: 400,
        key: 'exception.activation_code_void',
      });
    }
    // The sign-up sent a code a moment ago; the unknown address asks twice.
    const answer = (response: Awaited<ReturnType<typeof resend>>) => ({
      status: response.statusCode,
      body: response.body,
    });
    const knownTooSoon = answer(await resend(known));
    const unknownFirst = answer(await resend(unknown));
    const unknownTooSoon = answer(await resend(unknown));
    expect(knownTooSoon).toEqual({ status: 204, body: '' });
    expect(unknownFirst).toEqual(knownTooSoon);
    expect(unknownTooSoon).toEqual(knownTooSoon);
    expect(await identityCounts(app.db)).toEqual(before);
    expect(await outbox(app)).toHaveLength(mailsBefore);
  });

  it('answers a registered address resent too soon exactly as an unknown one, and sends no second code', async () => {
    const known = 'resent-too-soon@example.com';
    const unknown = 'never-signed-up@example.com';
    await signUp(known);
    expect(await mailsTo(app, known)).toHaveLength(1);

    const fromKnown = await resend(known);
    const fromUnknown = await resend(unknown);
    expect(fromKnown.statusCode).toBe(204);
    expect([fromUnknown.statusCode, fromUnknown.body]).toEqual([
      fromKnown.statusCode,
      fromKnown.body,
    ]);
    expect(Object.keys(fromUnknown.headers).sort()).toEqual(Object.keys(fromKnown.headers).sort());
    // The throttle still holds: the sign-up's code is the only e-mail until the wait is over.
    expect(await mailsTo(app, known)).toHaveLength(1);
    expect(await mailsTo(app, unknown)).toHaveLength(0);
    later(3 * MINUTE + 1000);
    expect((await resend(known)).statusCode).toBe(204);
    expect(await mailsTo(app, known)).toHaveLength(2);
  });

  it('answers a resend for an active account like any other, without an e-mail', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    const before = await userRow(app.db, user.email);
    expect((await resend(user.email)).statusCode).toBe(204);
    expect(await mailsTo(app, user.email)).toHaveLength(0);
    expect(await userRow(app.db, user.email)).toEqual(before);
  });
});
