import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../db/bootstrap.ts';
import { PASSWORD, bearer, makeAccount, makeUser } from '../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maintenance: true });
});
afterAll(() => t.close());

describe('maintenance mode', () => {
  it.each([
    '/api/crops',
    '/api/estados/1',
    '/api/unknown',
    '/admin-api/accounts',
    '/payment-api/plans',
    '/api/openapi.json',
  ])('answers %s with 503 exception.maintenance', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 503, key: 'exception.maintenance' });
  });

  it('keeps /healthz and the web app answering', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(302);
  });

  it('admits only platform administrators at login, who can switch maintenance off', async () => {
    const customer = await makeUser(t.db, { accountId: await makeAccount(t.db) });
    for (const email of [customer.email, 'nobody@example.com']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/admin-api/login',
        payload: { email, password: PASSWORD },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ key: 'exception.maintenance' });
    }
    await ensurePlatformAdmin(t.db, { email: 'ops@lavoura.test', password: PASSWORD });
    const admin = await t.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      payload: { email: 'ops@lavoura.test', password: PASSWORD },
    });
    expect(admin.statusCode).toBe(200);
    const token = admin.json<{ token: string }>().token;
    // Ordinary calls stay closed even for the administrator; the switch answers.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/menu/dados-usuario',
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(503);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/maintenance',
      headers: bearer(token),
      payload: { enabled: false },
    });
    expect(off.json()).toEqual({ enabled: false });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin-api/login',
          payload: { email: customer.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    t.maintenance.enabled = true;
  });

  it('serves the API again once switched off', async () => {
    t.maintenance.enabled = false;
    expect((await t.app.inject({ method: 'GET', url: '/api/crops' })).statusCode).toBe(200);
    t.maintenance.enabled = true;
    expect((await t.app.inject({ method: 'GET', url: '/api/crops' })).statusCode).toBe(503);
  });
});
