import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSnapshot, accountWith, bearer, tokenFor } from '../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * A probe of our own, driven by the OpenAPI document so that every route a later area adds is
 * probed too: each operation is sent without a token, with another account's ids and with fuzzed
 * bodies. Nothing answers 500, every refusal has the error shape, no call crosses tenants (account
 * A is unchanged after account B's administrator tried everything on A's ids).
 */
let app: TestApp;
let accountA: number;
let adminA: { id: number; email: string; token: string };
let adminB: { id: number; email: string; token: string };

interface Operation {
  method: string;
  path: string;
  security: unknown[] | undefined;
  params: { name: string; in: string }[];
  bodyProperties: Record<string, { type?: string | string[] }> | undefined;
  hasBody: boolean;
}
let operations: Operation[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const a = await accountWith(app, ['CONTA', 'FARM'], { planId: 4, name: 'Probe Alfa' });
  const b = await accountWith(app, ['CONTA'], { planId: 4, name: 'Probe Beta' });
  accountA = a.accountId;
  adminA = a.members.CONTA!;
  adminB = b.members.CONTA!;
  const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    security?: unknown[];
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          parameters?: { name: string; in: string }[];
          requestBody?: {
            content?: Record<string, { schema?: { properties?: Record<string, object> } }>;
          };
        }
      >
    >;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      security: operation.security ?? document.security,
      params: operation.parameters ?? [],
      bodyProperties: operation.requestBody?.content?.['application/json']?.schema?.properties as
        Operation['bodyProperties'] | undefined,
      hasBody: operation.requestBody !== undefined,
    })),
  );
});
afterAll(() => app.close());

/** Public, or public with an optional session (security lists the empty requirement `{}`). */
const isPublic = (operation: Operation) =>
  operation.security?.length === 0 ||
  (operation.security ?? []).some((requirement) => Object.keys(requirement as object).length === 0);

/** A's ids wherever a path takes an id; a plausible value elsewhere. */
function urlFor(operation: Operation, id: number): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === 'lang') return 'pt';
    if (/country/.test(name)) return '1';
    if (/id$/.test(name)) return String(id);
    return 'x';
  });
}

/** Bodies no contract accepts: wrong shapes, wrong types for each field, deep and huge values. */
function fuzzedBodies(operation: Operation): unknown[] {
  const bodies: unknown[] = [[], 'text', 42, null, { __proto__: { admin: true } }];
  let deep: unknown = 'x';
  for (let level = 0; level < 200; level += 1) deep = { a: deep };
  bodies.push(deep);
  for (const name of Object.keys(operation.bodyProperties ?? {})) {
    for (const wrong of [{ nested: true }, ['list'], -1, 'x'.repeat(5000), '\u0000', true]) {
      bodies.push({ [name]: wrong });
    }
  }
  return bodies;
}

const snapshotOfA = () => accountSnapshot(app.db, accountA);

const ERROR_SHAPE = {
  code: expect.any(Number),
  key: expect.stringMatching(/^(plan\.)?exception\./),
  context: expect.objectContaining({ message: expect.any(String) }),
};

/** Every answer at or above 400 has the one error shape and its status as code. */
function expectWellFormed(
  label: string,
  response: { statusCode: number; json(): unknown; body: string },
) {
  expect({ label, status: response.statusCode < 500 }).toEqual({ label, status: true });
  if (response.statusCode >= 400) {
    const body = response.json() as { code: number };
    expect(body, label).toMatchObject(ERROR_SHAPE);
    expect(body.code, label).toBe(response.statusCode);
  }
}

describe('the OpenAPI-driven probe', () => {
  it('finds the routes of the document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((operation) => operation.security === undefined)).toEqual([]);
  });

  it('answers 401 in the error shape to every non-public route without a token', async () => {
    for (const operation of operations.filter((o) => !isPublic(o))) {
      const response = await app.app.inject({
        method: operation.method as 'GET',
        url: urlFor(operation, 1),
        ...(operation.hasBody ? { payload: {} } : {}),
      });
      const label = `${operation.method} ${operation.path}`;
      expect({ label, status: response.statusCode }).toEqual({ label, status: 401 });
      expect(response.json(), label).toMatchObject(ERROR_SHAPE);
    }
  });

  it('lets account B’s administrator reach nothing of account A by its ids, and changes nothing there', async () => {
    const before = await snapshotOfA();
    for (const operation of operations.filter(
      (o) => !isPublic(o) && o.params.some((p) => p.in === 'path' && /id$/.test(p.name)),
    )) {
      for (const id of [adminA.id, accountA]) {
        // A fresh session per call: logout, refresh and account switch end the one they use.
        const token = await tokenFor(app, adminB.email);
        const response = await app.app.inject({
          method: operation.method as 'GET',
          url: urlFor(operation, id),
          headers: bearer(token),
          ...(operation.hasBody ? { payload: {} } : {}),
        });
        const label = `${operation.method} ${operation.path} with A's id ${id}`;
        expectWellFormed(label, response);
        expect({ label, crossed: response.statusCode < 300 }).toEqual({ label, crossed: false });
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it('answers every fuzzed body with a 4xx in the error shape, never a 500, changing nothing of A', async () => {
    const before = await snapshotOfA();
    for (const operation of operations.filter((o) => o.hasBody)) {
      const token = isPublic(operation) ? undefined : await tokenFor(app, adminB.email);
      for (const body of fuzzedBodies(operation)) {
        const response = await app.app.inject({
          method: operation.method as 'POST',
          url: urlFor(operation, adminB.id),
          headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
          payload: JSON.stringify(body),
        });
        const label = `${operation.method} ${operation.path} with ${JSON.stringify(body)?.slice(0, 60)}`;
        expectWellFormed(label, response);
        expect({ label, refused: response.statusCode >= 400 }).toEqual({ label, refused: true });
      }
    }
    expect(await snapshotOfA()).toEqual(before);
    // A's administrator still works normally after all that.
    const me = await app.app.inject({
      method: 'GET',
      url: '/api/menu/dados-usuario',
      headers: bearer(await tokenFor(app, adminA.email)),
    });
    expect(me.statusCode).toBe(200);
  });
});
