import { PLANS, PROFILE_IDS, type ProfileUid } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityCounts, login } from '../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, demoEmail, ensurePlatformAdmin, seedDemoData } from './bootstrap.ts';
import * as t from './schema.ts';

const PLAN_KEYS = [
  ['freemium', 5],
  ['light', 1],
  ['pro', 2],
  ['lavoura', 3],
  ['full', 4],
] as const;
const CUSTOMER_PROFILES: ProfileUid[] = [
  'CONTA',
  'FARM',
  'ASSISTENTE_TECNICO',
  'CON_REV',
  'PESQUISA',
];

let app: TestApp;
let firstRun: boolean;
beforeAll(async () => {
  app = await createTestApp();
  firstRun = await seedDemoData(app.db);
});
afterAll(() => app.close());

describe('seedDemoData', () => {
  it('creates one account per plan level, each with one user per customer profile', async () => {
    expect(firstRun).toBe(true);
    const accounts = await app.db.select().from(t.accounts).where(eq(t.accounts.internal, false));
    expect(accounts.map((a) => a.planId).sort()).toEqual(PLANS.map((p) => p.id).sort());
    for (const [plan, planId] of PLAN_KEYS) {
      const account = accounts.find((a) => a.planId === planId)!;
      const members = await app.db
        .select({ email: t.users.email, profileId: t.memberships.profileId })
        .from(t.memberships)
        .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
        .where(eq(t.memberships.accountId, account.id));
      const own = members.filter((m) => m.email.endsWith(`@${plan}.demo.lavoura.app`));
      expect(own.map((m) => m.profileId).sort()).toEqual(
        CUSTOMER_PROFILES.map((p) => PROFILE_IDS[p]).sort(),
      );
      expect(members.length - own.length).toBe(plan === 'pro' ? 1 : 0);
    }
  });

  it.each(
    PLAN_KEYS.flatMap(([plan, planId]) =>
      CUSTOMER_PROFILES.map((profile) => [plan, profile, planId] as const),
    ),
  )('lets the %s %s demo user log in with DEMO_PASSWORD', async (plan, profile, planId) => {
    const session = await login(app, demoEmail(plan, profile), DEMO_PASSWORD);
    expect(session.statusCode, session.body).toBe(200);
    // Each enters the account of their plan with their profile (the Full administrator included).
    expect(session.json().user).toMatchObject({
      plan: { id: planId },
      user_profile: { uid: profile },
    });
  });

  it('gives the Full account’s administrator two accounts, entering the Full one as CONTA', async () => {
    const session = (await login(app, demoEmail('full', 'CONTA'), DEMO_PASSWORD)).json();
    expect(session.accounts).toHaveLength(2);
    expect(session.user).toMatchObject({ plan: { id: 4 }, user_profile: { uid: 'CONTA' } });
    const pro = session.accounts.find((a: { current: boolean }) => !a.current);
    const switched = await app.app.inject({
      method: 'POST',
      url: '/admin-api/select-account',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { account_id: pro.id },
    });
    expect(switched.json().user).toMatchObject({ plan: { id: 2 }, user_profile: { uid: 'FARM' } });
  });

  it('creates the demo platform administrator', async () => {
    const session = await login(app, 'admin@demo.lavoura.app', DEMO_PASSWORD);
    expect(session.json().user.user_profile.uid).toBe('ADMIN');
  });

  it('creates nothing on a second call', async () => {
    const before = await identityCounts(app.db);
    expect(await seedDemoData(app.db)).toBe(false);
    expect(
      await ensurePlatformAdmin(app.db, {
        email: 'admin@demo.lavoura.app',
        password: DEMO_PASSWORD,
      }),
    ).toBe(false);
    expect(await identityCounts(app.db)).toEqual(before);
  });
});
