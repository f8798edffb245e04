import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { PASSWORD, login, makeAccount, makeUser, userRow } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAX_FAILED_LOGINS } from './login-lockout.service.ts';

/** The lockout holds when the attempts arrive all at once: each is reserved before it is checked. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(() => {
  app.clock.now = new Date();
});

const MINUTE = 60 * 1000;

describe('login lockout under parallel attempts', () => {
  it('never signs in when 30 wrong passwords and the right one arrive at once', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    const before = await userRow(app.db, user.email);
    const passwords = [...Array.from({ length: 30 }, (_, i) => `Wrong-pass${i}`), PASSWORD];
    const answers = await Promise.all(
      passwords.map((password) => login(app, user.email, password)),
    );

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).not.toContain(200);
    // At most MAX_FAILED_LOGINS passwords were checked: the failures before the lock answer 401,
    // everything else is refused by the lock.
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(MAX_FAILED_LOGINS);
    for (const answer of answers.filter((a) => a.statusCode !== 401)) {
      expect(answer.json()).toMatchObject({ code: 429, key: 'exception.too_many_attempts' });
    }
    const [attempts] = await app.db
      .select()
      .from(t.loginAttempts)
      .where(eq(t.loginAttempts.email, user.email));
    expect(attempts!.lockedUntil!.getTime()).toBeGreaterThan(app.clock.now.getTime());
    // The refusals changed nothing of the user.
    expect(await userRow(app.db, user.email)).toEqual(before);

    // Still locked for the right password alone; open again once the lock has run out.
    expect((await login(app, user.email)).statusCode).toBe(429);
    app.clock.now = new Date(Date.now() + 5 * MINUTE + 1000);
    expect((await login(app, user.email)).statusCode).toBe(200);
  });

  it('locks an unknown e-mail the same way', async () => {
    const email = 'nobody-here@example.com';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(app, email, 'Wrong-pass1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(MAX_FAILED_LOGINS - 1);
    expect(statuses.filter((s) => s === 429).length).toBe(12 - (MAX_FAILED_LOGINS - 1));
    expect(await app.db.select().from(t.users).where(eq(t.users.email, email))).toEqual([]);
  });

  it('lets two simultaneous right logins of one user both in', async () => {
    const user = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    await login(app, user.email, 'Wrong-pass1');
    const answers = await Promise.all([login(app, user.email), login(app, user.email)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
  });
});
