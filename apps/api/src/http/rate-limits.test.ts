import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      perIp: { max: 4, windowMs: 60_000 },
      perEmail: { max: 2, windowMs: 60_000 },
    },
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expectThrottled(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    code: 429,
    key: 'exception.too_many_requests',
    context: expect.objectContaining({ message: expect.any(String) }),
  });
}

describe('rate limits on the public identity routes', () => {
  it('limits one e-mail, from any IP, per route', async () => {
    const body = { email: 'Someone@Example.com', password: 'Wrong-pass1' };
    expect((await post('/admin-api/login', body, '198.51.100.1')).statusCode).toBe(401);
    expect((await post('/admin-api/login', body, '198.51.100.2')).statusCode).toBe(401);
    // The same address written differently is the same e-mail.
    const third = await post(
      '/admin-api/login',
      { ...body, email: ' someone@example.com' },
      '198.51.100.3',
    );
    expectThrottled(third);
    // Another e-mail is not affected, nor is the same e-mail on another route.
    expect(
      (await post('/admin-api/login', { ...body, email: 'other@example.com' }, '198.51.100.4'))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/admin-api/recovery-password', { email: body.email }, '198.51.100.5'))
        .statusCode,
    ).toBe(204);
  });

  it.each([
    '/admin-api/login',
    '/admin-api/register',
    '/api/account-active',
    '/api/account-active/resend',
    '/admin-api/recovery-password',
  ])('limits one IP on %s, whatever the e-mail', async (url) => {
    const ip = `192.0.2.${url.length}`;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await post(url, { email: `ip-${attempt}@example.com` }, ip);
      expect(response.statusCode).not.toBe(429);
    }
    expectThrottled(await post(url, { email: 'ip-5@example.com' }, ip));
    expect((await post(url, { email: 'ip-6@example.com' }, '192.0.2.250')).statusCode).not.toBe(
      429,
    );
  });

  it('leaves other routes alone', async () => {
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/crops',
        remoteAddress: '192.0.2.99',
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
