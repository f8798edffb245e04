import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Bad input on every notes route that takes a body (as JSON; notes.routes.test.ts sends the same
 * as multipart forms): each answers 400 in the one error shape naming the field, and writes nothing.
 */
let app: TestApp;
let token: string;
let farmId: number;
let plotId: number;
let noteId: number;
const MISSING = undefined;

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA']);
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, account.accountId);
  plotId = await makePlot(app.db, account.accountId, farmId);
  const created = await app.app.inject({
    method: 'POST',
    url: `/api/farms/${farmId}/fields-notes`,
    headers: bearer(token),
    payload: { title: 'Nota', category_id: 2 },
  });
  noteId = created.json<{ id: number }>().id;
});
afterAll(() => app.close());

interface Route {
  route: string;
  url: () => string;
  valid: () => Record<string, unknown>;
  bad: [string, Record<string, unknown>, string][];
}

const noteBad: Route['bad'] = [
  ['no title', { title: MISSING }, 'body.title'],
  ['a title of spaces', { title: '  ' }, 'body.title'],
  ['a title of 121 characters', { title: 'a'.repeat(121) }, 'body.title'],
  ['a title as a number', { title: 12 }, 'body.title'],
  ['a description of 5001 characters', { description: 'a'.repeat(5001) }, 'body.description'],
  ['no category', { category_id: MISSING }, 'body.category_id'],
  ['category 0', { category_id: 0 }, 'body.category_id'],
  ['category 9', { category_id: 9 }, 'body.category_id'],
  ['a category as text', { category_id: 'pests' }, 'body.category_id'],
  ['a negative plot', { plot_id: -1 }, 'body.plot_id'],
  ['a plot with decimals', { plot_id: 1.5 }, 'body.plot_id'],
];

const ROUTES: Route[] = [
  {
    route: 'POST /api/farms/{id}/fields-notes',
    url: () => `/api/farms/${farmId}/fields-notes`,
    valid: () => ({ title: 'Nota', category_id: 2, plot_id: plotId }),
    bad: noteBad,
  },
  {
    route: 'POST /api/farms/{id}/fields-notes/{noteId}',
    url: () => `/api/farms/${farmId}/fields-notes/${noteId}`,
    valid: () => ({ title: 'Nota', category_id: 2 }),
    bad: [
      ...noteBad,
      ['file ids as text', { remove_file_ids: 'all' }, 'body.remove_file_ids'],
      ['a file id of zero', { remove_file_ids: [0] }, 'body.remove_file_ids.0'],
    ],
  },
];

async function everything() {
  return {
    notes: await app.db.select().from(t.fieldNotes).orderBy(asc(t.fieldNotes.id)),
    files: await app.db.select().from(t.fieldNoteFiles),
  };
}

function bodyOf(valid: Record<string, unknown>, change: Record<string, unknown>) {
  const body: Record<string, unknown> = { ...valid, ...change };
  for (const [key, value] of Object.entries(change)) if (value === MISSING) delete body[key];
  return body;
}

describe('every notes route with a body is listed here', () => {
  it('matches the OpenAPI document', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; tags?: string[] }>>;
    }>();
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody !== undefined)
        .filter(([, operation]) => operation.tags?.includes('notes'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withBody.sort()).toEqual(ROUTES.map((r) => r.route).sort());
  });
});

describe.each(ROUTES.map((route) => [route.route, route] as const))('%s', (_, route) => {
  it.each(route.bad)(
    'answers 400 for %s naming the field, and writes nothing',
    async (_what, change, field) => {
      const before = await everything();
      const response = await app.app.inject({
        method: 'POST',
        url: route.url(),
        headers: bearer(token),
        payload: bodyOf(route.valid(), change),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().key).toBe('exception.validation_error');
      expect(response.json().context.additionalInfo).toEqual(
        expect.arrayContaining([expect.objectContaining({ field })]),
      );
      expect(await everything()).toEqual(before);
    },
  );

  it('answers 400 naming the body when there is none', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: route.url(),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('exception.validation_error');
  });

  it('accepts the valid body', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: route.url(),
      headers: bearer(token),
      payload: route.valid(),
    });
    expect(response.statusCode).toBeLessThan(300);
  });
});
