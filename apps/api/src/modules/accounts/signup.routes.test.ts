import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { login, mailsTo, userRow } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const signUp = (payload: Record<string, unknown>) =>
  app.app.inject({ method: 'POST', url: '/admin-api/register', payload });
const body = (email: string) => ({
  name: 'Maria Produtora',
  email,
  password: 'Soja2026ok',
  account_name: 'Fazenda Esperança',
  country_id: 1,
  language: 'pt',
});
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const activate = (email: string, code: string) =>
  app.app.inject({ method: 'POST', url: '/api/account-active', payload: { email, code } });
const resend = (email: string) =>
  app.app.inject({ method: 'POST', url: '/api/account-active/resend', payload: { email } });

async function rowCounts() {
  const [users] = await app.db.select({ n: count() }).from(t.users);
  const [accounts] = await app.db.select({ n: count() }).from(t.accounts);
  return { users: users!.n, accounts: accounts!.n };
}

describe('sign-up and activation', () => {
  it('creates an inactive Freemium account whose code, e-mailed in the user’s language, activates it', async () => {
    const email = 'maria@example.com';
    const created = await signUp(body('Maria@Example.com '));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email });

    const [mail] = await mailsTo(app, email);
    expect(mail!.subject).toBe('Ative sua conta no Lavoura');
    const code = codeOf(mail!.text);
    expect(mail!.text).toContain(
      `http://lavoura.test/v3/account/activate?email=maria%40example.com&code=${code}`,
    );

    expect((await login(app, email, 'Soja2026ok')).json()).toMatchObject({
      code: 403,
      key: 'exception.account_not_activated',
    });
    const wrong = await activate(email, code === '000000' ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({ code: 400, key: 'exception.activation_code_invalid' });

    expect((await activate(email, code)).json()).toEqual({ status: 'activated' });
    expect((await activate(email, code)).json()).toEqual({ status: 'already_active' });

    const session = await login(app, email, 'Soja2026ok');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      is_first_login: false,
      recovery_password: false,
      accounts: [{ name: 'Fazenda Esperança', current: true }],
      user: {
        email,
        language: 'pt',
        user_profile: { id: 2, uid: 'CONTA' },
        plan: { id: 5, priority_level: 0 },
        account: { max_users: 5, country_id: 1 },
      },
    });
  });

  it('resends the code at most once every 3 minutes, and the new code replaces the old', async () => {
    const email = 'joao@example.com';
    await signUp({ ...body(email), language: 'en' });
    const [first] = await mailsTo(app, email);
    expect(first!.subject).toBe('Activate your Lavoura account');

    // Too soon: the answer every address gets, and no second e-mail.
    const tooSoon = await resend(email);
    expect(tooSoon.statusCode).toBe(204);
    expect(await mailsTo(app, email)).toHaveLength(1);

    app.clock.now = new Date(Date.now() + 3 * 60 * 1000 + 1000);
    try {
      expect((await resend(email)).statusCode).toBe(204);
      const mails = await mailsTo(app, email);
      expect(mails).toHaveLength(2);
      const [oldCode, newCode] = mails.map((m) => codeOf(m.text));
      if (oldCode !== newCode) expect((await activate(email, oldCode!)).statusCode).toBe(400);
      expect((await activate(email, newCode!)).json()).toEqual({ status: 'activated' });
      // An active account is answered like any address, and nothing is e-mailed.
      app.clock.now = new Date(Date.now() + 7 * 60 * 1000);
      expect((await resend(email)).statusCode).toBe(204);
      expect(await mailsTo(app, email)).toHaveLength(2);
    } finally {
      app.clock.now = new Date();
    }
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    await signUp(body(email));
    const code = codeOf((await mailsTo(app, email))[0]!.text);
    app.clock.now = new Date(Date.now() + 25 * 60 * 60 * 1000);
    try {
      expect((await activate(email, code)).json()).toMatchObject({
        code: 400,
        key: 'exception.activation_code_void',
      });
      expect((await userRow(app.db, email))!.activatedAt).toBeNull();
    } finally {
      app.clock.now = new Date();
    }
  });

  it('answers a second sign-up with the same e-mail like the first and writes nothing', async () => {
    const first = await signUp(body('twice@example.com'));
    const before = await rowCounts();
    const again = await signUp({ ...body('TWICE@example.com'), account_name: 'Other farm' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['a weak password', { password: 'soja2026' }, 'body.password', 'field.password_rule'],
    ['no digit', { password: 'SojaSojaSoja' }, 'body.password', 'field.password_rule'],
    ['a bad e-mail', { email: 'not-an-email' }, 'body.email', 'field.email'],
    ['an unknown country', { country_id: 7 }, 'body.country_id', 'field.invalid'],
    ['an unknown language', { language: 'fr' }, 'body.language', 'field.invalid'],
    ['a missing account name', { account_name: undefined }, 'body.account_name', 'field.required'],
  ])('answers 400 for %s, naming the field, and writes nothing', async (_, change, field, key) => {
    const before = await rowCounts();
    const response = await signUp({ ...body(`bad-${field}@example.com`), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().context.additionalInfo).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, key })]),
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('answers activation of an unknown e-mail like a wrong code', async () => {
    expect((await activate('nobody@example.com', '123456')).json()).toMatchObject({
      code: 400,
      key: 'exception.activation_code_invalid',
    });
    expect((await activate('nobody@example.com', '12345')).statusCode).toBe(400);
  });
});
