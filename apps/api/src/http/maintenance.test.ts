import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    '/admin-api/login',
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

  it('serves the API again once switched off', async () => {
    t.maintenance.enabled = false;
    expect((await t.app.inject({ method: 'GET', url: '/api/crops' })).statusCode).toBe(200);
    t.maintenance.enabled = true;
    expect((await t.app.inject({ method: 'GET', url: '/api/crops' })).statusCode).toBe(503);
  });
});
