import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './request-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      app.post('/api/test/echo', { config: { access: 'public' } }, async (request) => ({
        received: typeof request.body,
      }));
    },
  });
});
afterAll(() => t.close());

const errorShape = (code: number, key: string) => ({
  code,
  key,
  context: expect.objectContaining({ message: expect.any(String) }),
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('requests the framework refuses answer in the error shape', () => {
  it('answers a URL with broken percent-encoding with 400 bad_request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/estados/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorShape(400, 'exception.bad_request'));
  });

  it('answers a path parameter over its length with 400 bad_request', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/estados/${'1'.repeat(300)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorShape(400, 'exception.bad_request'));
  });

  it('answers a JSON body over 1 MB with 413 payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorShape(413, 'exception.payload_too_large'));
  });

  it('answers JSON nested thousands of levels deep with 400 validation_error', async () => {
    for (const url of ['/api/test/echo', '/admin-api/login']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: `{"email": ${nested(5000)}}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape(400, 'exception.validation_error'));
    }
  });

  it('still parses JSON nested to the limit, and keeps refusing prototype poisoning', async () => {
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: nested(MAX_JSON_DEPTH),
    });
    expect(deep.json()).toEqual({ received: 'object' });
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual(errorShape(400, 'exception.bad_request'));
  });

  it('answers headers over Node’s size limit with 431 headers_too_large', async () => {
    // Node's HTTP parser refuses these before Fastify: only a real socket shows the answer.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/crops', headers: { 'x-big': 'a'.repeat(20_000) } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual(errorShape(431, 'exception.headers_too_large'));
  });
});

describe('jsonDepthExceeds', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds(nested(3), 3)).toBe(false);
    expect(jsonDepthExceeds(nested(4), 3)).toBe(true);
    expect(jsonDepthExceeds(`{"a": "${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(jsonDepthExceeds(`{"a": "\\"[[[[["}`, 3)).toBe(false);
  });
});
