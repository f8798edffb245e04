import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { ensurePlatformAdmin } from '../../db/bootstrap.ts';
import { accountWith, bearer, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ADMIN = { email: 'prices@lavoura.test', password: 'Back-office1' };

let app: TestApp;
let adminToken: string;
let customerToken: string;
beforeAll(async () => {
  app = await createTestApp();
  await ensurePlatformAdmin(app.db, ADMIN);
  adminToken = await tokenFor(app, ADMIN.email, ADMIN.password);
  customerToken = (await accountWith(app, ['CONTA'], { planId: 5 })).members.CONTA!.token;
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  app.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the price list', () => {
  it('answers the tiers with Light’s cheapest monthly price, 490.00 a year = 40.83', async () => {
    const tiers = (await call('GET', '/api/plans')).json();
    expect(tiers.map((tier: { name: string }) => tier.name)).toEqual([
      'Freemium',
      'Light',
      'Pro',
      'Lavoura',
      'Full',
    ]);
    expect(tiers[1]).toMatchObject({ id: 1, priority_level: 1, cheapest_price_per_month: 40.83 });
    expect(tiers[0]).toMatchObject({ id: 5, priority_level: 0, cheapest_price_per_month: null });
  });

  it('names every billing plan, its interval and its price in the language asked for', async () => {
    const pt = (await call('GET', '/payment-api/plans?language=pt', customerToken)).json();
    const lightMonthly = pt.find(
      (plan: { tier_id: number; interval_count: number }) =>
        plan.tier_id === 1 && plan.interval_count === 1,
    );
    expect(lightMonthly).toMatchObject({
      name: 'Light Mensal',
      status: 'active',
      interval_name: 'Mensal',
      price: 59,
      price_per_month: 59,
    });
    expect(nbsp(lightMonthly.plan_items[0].pricing_schema.short_format)).toBe('R$ 59,00');

    const en = (await call('GET', '/payment-api/plans?language=en', customerToken)).json();
    const lightAnnual = en.find(
      (plan: { tier_id: number; interval_count: number }) =>
        plan.tier_id === 1 && plan.interval_count === 12,
    );
    expect(lightAnnual).toMatchObject({
      name: 'Light Annual',
      interval_name: 'Annual',
      price: 490,
      price_per_month: 40.83,
    });
    expect(lightAnnual.plan_items[0].pricing_schema.short_format).toBe('R$490.00');

    const es = (await call('GET', '/payment-api/plans?language=es', customerToken)).json();
    expect(es.find((plan: { id: number }) => plan.id === lightAnnual.id)).toMatchObject({
      name: 'Light Anual',
      interval_name: 'Anual',
    });
    expect((await call('GET', '/payment-api/plans?language=fr', customerToken)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/payment-api/plans')).statusCode).toBe(401);
  });

  it('is changed by platform administrators only; a cheaper plan moves the cheapest price', async () => {
    const body = {
      tier_id: 1,
      interval_count: 12,
      price: 420,
      status: 'active',
      names: { pt: 'Light Anual Promo', en: 'Light Annual Promo', es: 'Light Anual Promo' },
    };
    expect((await call('POST', '/admin-api/billing-plans', customerToken, body)).statusCode).toBe(
      403,
    );
    const created = await call('POST', '/admin-api/billing-plans', adminToken, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ price: 420, names: body.names });
    const tiers = (await call('GET', '/api/plans')).json();
    expect(tiers[1].cheapest_price_per_month).toBe(35);

    // Deactivated: still listed (with its status), no longer the cheapest.
    const id = created.json().id;
    const off = await call('PUT', `/admin-api/billing-plans/${id}`, adminToken, {
      ...body,
      status: 'inactive',
    });
    expect(off.json()).toMatchObject({ status: 'inactive' });
    expect((await call('GET', '/api/plans')).json()[1].cheapest_price_per_month).toBe(40.83);
    const listed = (await call('GET', '/payment-api/plans?language=pt', customerToken)).json();
    expect(listed.find((plan: { id: number }) => plan.id === id)).toMatchObject({
      status: 'inactive',
    });
  });

  it('a price written by another process is answered in every language and in the tiers', async () => {
    const lightMonthly = (plans: { id: number; tier_id: number; interval_count: number }[]) =>
      plans.find((plan) => plan.tier_id === 1 && plan.interval_count === 1)!;
    const pt = (await call('GET', '/payment-api/plans?language=pt', customerToken)).json();
    const en = (await call('GET', '/payment-api/plans?language=en', customerToken)).json();
    expect(lightMonthly(en)).toMatchObject({ price: 59 });
    expect((await call('GET', '/api/plans')).json()[1].cheapest_price_per_month).toBe(40.83);

    // Straight to the database, as another process would: only the notification tells this one.
    await app.db
      .update(t.billingPlans)
      .set({ price: '29.00' })
      .where(eq(t.billingPlans.id, lightMonthly(pt).id));
    const deadline = performance.now() + 5000; // the notification, never the 10 s of a cache
    let tiers = (await call('GET', '/api/plans')).json();
    while (tiers[1].cheapest_price_per_month !== 29 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      tiers = (await call('GET', '/api/plans')).json();
    }
    expect(tiers[1].cheapest_price_per_month).toBe(29);
    for (const language of ['pt', 'en', 'es'])
      expect(
        lightMonthly(
          (await call('GET', `/payment-api/plans?language=${language}`, customerToken)).json(),
        ),
      ).toMatchObject({ price: 29, price_per_month: 29 });
    await app.db
      .update(t.billingPlans)
      .set({ price: '59.00' })
      .where(eq(t.billingPlans.id, lightMonthly(pt).id));
  });

  it('refuses a bad price, interval or name and changes nothing', async () => {
    const before = (await call('GET', '/admin-api/billing-plans', adminToken)).json();
    for (const bad of [
      { price: 0 },
      { interval_count: 3 },
      { tier_id: 5 },
      { names: { pt: '', en: 'x', es: 'x' } },
    ]) {
      const answer = await call('POST', '/admin-api/billing-plans', adminToken, {
        tier_id: 2,
        interval_count: 1,
        price: 10,
        status: 'active',
        names: { pt: 'x', en: 'x', es: 'x' },
        ...bad,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ key: 'exception.validation_error' });
    }
    expect((await call('GET', '/admin-api/billing-plans', adminToken)).json()).toEqual(before);
    expect(
      (
        await call('PUT', '/admin-api/billing-plans/999999', adminToken, {
          tier_id: 2,
          interval_count: 1,
          price: 10,
          status: 'active',
          names: { pt: 'x', en: 'x', es: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
