import { FREEMIUM_PLAN_ID } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A Freemium account in Brazil (São Paulo time, UTC−3) and its administrator's token. */
async function freemium(countryId = 1) {
  const account = await accountWith(app, ['CONTA'], { planId: FREEMIUM_PLAN_ID, countryId });
  return { accountId: account.accountId, token: account.members.CONTA!.token };
}

const usage = (token: string) =>
  app.app.inject({ method: 'GET', url: '/api/freemium', headers: bearer(token) });
const consume = (token: string) =>
  app.app.inject({ method: 'POST', url: '/api/freemium/consume', headers: bearer(token) });

describe('the free-usage limit', () => {
  it('counts five uses a day, then refuses the sixth and counts nothing', async () => {
    app.clock.now = new Date('2026-11-23T15:00:00Z');
    const { token } = await freemium();
    expect((await usage(token)).json()).toEqual({ limit: 5, used: 0, progress: 0 });
    const answers = [];
    for (let use = 0; use < 5; use += 1) answers.push((await consume(token)).json());
    expect(answers.map((answer) => answer.progress)).toEqual([20, 40, 60, 80, 100]);

    const refused = await consume(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'exception.freemium.limit_exceeded' });
    expect((await usage(token)).json()).toEqual({ limit: 5, used: 5, progress: 100 });
  });

  it('starts again at midnight in the account country’s time zone, not in UTC', async () => {
    app.clock.now = new Date('2026-11-24T02:30:00Z'); // 23:30 of the 23rd in São Paulo
    const { token } = await freemium();
    for (let use = 0; use < 5; use += 1) expect((await consume(token)).statusCode).toBe(200);
    expect((await consume(token)).statusCode).toBe(403);

    app.clock.now = new Date('2026-11-24T02:59:59Z'); // still the 23rd there
    expect((await consume(token)).statusCode).toBe(403);
    app.clock.now = new Date('2026-11-24T03:00:00Z'); // midnight in São Paulo
    expect((await usage(token)).json()).toEqual({ limit: 5, used: 0, progress: 0 });
    expect((await consume(token)).json()).toEqual({ limit: 5, used: 1, progress: 20 });
  });

  it('lets exactly one of two simultaneous uses through at four of five', async () => {
    app.clock.now = new Date('2026-11-23T15:00:00Z');
    const { token, accountId } = await freemium();
    for (let use = 0; use < 4; use += 1) await consume(token);
    const statuses = (await Promise.all([consume(token), consume(token)])).map(
      (answer) => answer.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 403]);
    const [row] = await app.db
      .select({ used: t.freeUses.used })
      .from(t.freeUses)
      .where(and(eq(t.freeUses.accountId, accountId), eq(t.freeUses.day, '2026-11-23')));
    expect(row?.used).toBe(5);
  });

  it('has no limit on paid plans: nothing is counted and every use passes', async () => {
    for (const planId of [1, 2, 4]) {
      const account = await accountWith(app, ['CONTA'], { planId });
      const token = account.members.CONTA!.token;
      for (let use = 0; use < 7; use += 1)
        expect((await consume(token)).json()).toEqual({ limit: null, used: 0, progress: 0 });
      expect((await usage(token)).json()).toEqual({ limit: null, used: 0, progress: 0 });
      const rows = await app.db
        .select()
        .from(t.freeUses)
        .where(eq(t.freeUses.accountId, account.accountId));
      expect(rows).toEqual([]);
    }
  });

  it('counts per account: one account’s uses leave another’s alone', async () => {
    app.clock.now = new Date('2026-11-23T15:00:00Z');
    const first = await freemium();
    const second = await freemium(2);
    for (let use = 0; use < 5; use += 1) await consume(first.token);
    expect((await usage(second.token)).json()).toEqual({ limit: 5, used: 0, progress: 0 });
  });

  it('needs a session', async () => {
    const answer = await app.app.inject({ method: 'POST', url: '/api/freemium/consume' });
    expect(answer.statusCode).toBe(401);
  });
});
