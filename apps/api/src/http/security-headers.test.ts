import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeAccount, makeUser, tokenFor } from '../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { helmetHeaders, helmetOptions, registerSecurityHeaders } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a CSP without inline scripts that forbids framing, nosniff and no referrer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/crops' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Development and tests run over http: no HSTS, no upgrade of requests.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends the headers on errors too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends exactly helmet’s header set for our options, on answers and errors alike', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';connect-src 'self';font-src 'self' data:;" +
        "form-action 'self';frame-ancestors 'none';img-src 'self' data: blob: " +
        'https://tile.openstreetmap.org https://server.arcgisonline.com;' +
        "object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    expect(helmetHeaders(helmetOptions(false))).toEqual(expected);
    for (const url of ['/api/crops', '/api/nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject(expected);
    }
  });

  it('adds HSTS and upgrade-insecure-requests in production', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, { production: true });
    app.get('/', async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    await app.close();
  });
});

describe('Cache-Control: no-store on answers that need a session', () => {
  it('marks an authenticated answer and its errors no-store, public answers not', async () => {
    const accountId = await makeAccount(t.db);
    const user = await makeUser(t.db, { accountId });
    const token = await tokenFor(t, user.email);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/menu/dados-usuario',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/menu/dados-usuario' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 1 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');

    const login = await t.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      payload: { email: user.email, password: 'wrong-Pass1' },
    });
    expect(login.headers['cache-control']).toBeUndefined();
    const crops = await t.app.inject({ method: 'GET', url: '/api/crops' });
    expect(crops.headers['cache-control']).toBeUndefined();
  });
});
