import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, makePlot, place } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Bad input on every farms-area route that takes a body: wrong types, missing fields, values out
 * of range. Each answers 400 in the one error shape naming the failing field, and writes nothing.
 */
let app: TestApp;
let token: string;
let farmId: number;
let plotId: number;
let where: { countryId: number; stateId: number; cityId: number };
const MISSING = undefined;
const READ = '2026-11-23T12:00:00.000Z';

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA']);
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, account.accountId);
  plotId = await makePlot(app.db, account.accountId, farmId);
  where = await place(app.db);
});
afterAll(() => app.close());

interface Route {
  route: string;
  method: 'POST' | 'PUT';
  url: () => string;
  valid: () => Record<string, unknown>;
  /** [what, change to the valid body (a key set to MISSING is removed), field] */
  bad: [string, Record<string, unknown>, string][];
}

const farmBody = () => ({
  nome: 'Fazenda Boa Vista',
  pais: where.countryId,
  estado: where.stateId,
  municipio: where.cityId,
  bag_price: [
    { crop_id: 1, price: 120 },
    { crop_id: 2, price: 70 },
  ],
});
const farmBadFields: Route['bad'] = [
  ['no name', { nome: MISSING }, 'body.nome'],
  ['a name of spaces', { nome: '   ' }, 'body.nome'],
  ['a name of 121 characters', { nome: 'a'.repeat(121) }, 'body.nome'],
  ['a country id as text', { pais: 'BR' }, 'body.pais'],
  ['a negative state id', { estado: -4 }, 'body.estado'],
  ['a city id with decimals', { municipio: 1.5 }, 'body.municipio'],
  ['bag prices as an object', { bag_price: { crop_id: 1 } }, 'body.bag_price'],
  ['a negative price', { bag_price: [{ crop_id: 1, price: -3 }] }, 'body.bag_price.0.price'],
  ['a price as text', { bag_price: [{ crop_id: 1, price: '12,50' }] }, 'body.bag_price.0.price'],
  ['a latitude of 95', { latitude: 95 }, 'body.latitude'],
  ['a longitude of -181', { longitude: -181 }, 'body.longitude'],
];

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-51.17, -23.32],
      [-51.16, -23.32],
      [-51.16, -23.31],
      [-51.17, -23.32],
    ],
  ],
};
const plotBadFields: Route['bad'] = [
  ['no name', { nome: MISSING }, 'body.nome'],
  ['a name of 121 characters', { nome: 'a'.repeat(121) }, 'body.nome'],
  ['a zero area', { area: 0 }, 'body.area'],
  ['an area as text', { area: '12 ha' }, 'body.area'],
  ['a clay share of 101 %', { clay_soil: 101 }, 'body.clay_soil'],
  ['a LineString', { geometry: { type: 'LineString', coordinates: [] } }, 'body.geometry.type'],
  [
    'coordinates as text',
    { geometry: { type: 'Polygon', coordinates: 'x' } },
    'body.geometry.coordinates',
  ],
  [
    'a position of one number',
    { geometry: { type: 'Polygon', coordinates: [[[1]]] } },
    'body.geometry.coordinates.0.0.1',
  ],
];

const ROUTES: Route[] = [
  {
    route: 'POST /api/talhoes',
    method: 'POST',
    url: () => '/api/talhoes',
    valid: () => ({ fazenda_id: farmId, nome: 'Talhão', geometry: square }),
    bad: [
      ...plotBadFields,
      ['no farm', { fazenda_id: MISSING }, 'body.fazenda_id'],
      ['no outline', { geometry: MISSING }, 'body.geometry'],
    ],
  },
  {
    route: 'PUT /api/talhoes/{id}',
    method: 'PUT',
    url: () => `/api/talhoes/${plotId}`,
    valid: () => ({ nome: 'Talhão', updated_at: READ }),
    bad: [...plotBadFields, ['no updated_at', { updated_at: MISSING }, 'body.updated_at']],
  },
  {
    route: 'PUT /api/plots/{id}/enable-disable',
    method: 'PUT',
    url: () => `/api/plots/${plotId}/enable-disable`,
    valid: () => ({ enabled: true, updated_at: READ }),
    bad: [
      ['"true" as text', { enabled: 'true' }, 'body.enabled'],
      ['no updated_at', { updated_at: MISSING }, 'body.updated_at'],
    ],
  },
  ...(['POST /api/plots/manager-plot', 'PUT /api/accounts/area'] as const).map((route): Route => ({
    route,
    method: route.startsWith('POST') ? 'POST' : 'PUT',
    url: () => (route.startsWith('POST') ? '/api/plots/manager-plot' : '/api/accounts/area'),
    valid: () => ({ plots: [{ id: plotId, contracted_area: 10 }] }),
    bad: [
      ['no plots', { plots: [] }, 'body.plots'],
      [
        'a negative share',
        { plots: [{ id: plotId, contracted_area: -1 }] },
        'body.plots.0.contracted_area',
      ],
      ['a plot id as text', { plots: [{ id: 'x', contracted_area: 1 }] }, 'body.plots.0.id'],
    ],
  })),
  {
    route: 'POST /api/plots/many',
    method: 'POST',
    url: () => '/api/plots/many',
    valid: () => ({ fazenda_id: farmId, plots: [{ nome: 'A', geometry: square }] }),
    bad: [
      ['no plots', { plots: [] }, 'body.plots'],
      ['a plot without a name', { plots: [{ geometry: square }] }, 'body.plots.0.nome'],
      ['a farm id as text', { fazenda_id: 'x' }, 'body.fazenda_id'],
    ],
  },
  {
    route: 'POST /api/fazendas',
    method: 'POST',
    url: () => '/api/fazendas',
    valid: farmBody,
    bad: farmBadFields,
  },
  {
    route: 'PUT /api/fazendas/{id}',
    method: 'PUT',
    url: () => `/api/fazendas/${farmId}`,
    valid: () => ({ ...farmBody(), updated_at: READ }),
    bad: [
      ...farmBadFields,
      ['no updated_at', { updated_at: MISSING }, 'body.updated_at'],
      ['a date as updated_at', { updated_at: '2026-11-23' }, 'body.updated_at'],
    ],
  },
  {
    route: 'PUT /api/farms/{id}/enable-disable',
    method: 'PUT',
    url: () => `/api/farms/${farmId}/enable-disable`,
    valid: () => ({ enabled: false, updated_at: READ }),
    bad: [
      ['"false" as text', { enabled: 'false' }, 'body.enabled'],
      ['0 as enabled', { enabled: 0 }, 'body.enabled'],
      ['no updated_at', { updated_at: MISSING }, 'body.updated_at'],
    ],
  },
  {
    route: 'PUT /api/farms/{id}/notifications',
    method: 'PUT',
    url: () => `/api/farms/${farmId}/notifications`,
    valid: () => ({ notification_type_ids: [], whatsapp_opt_in: false }),
    bad: [
      ['ids as text', { notification_type_ids: 'all' }, 'body.notification_type_ids'],
      ['the opt-in as text', { whatsapp_opt_in: 'yes' }, 'body.whatsapp_opt_in'],
      ['a phone as a number', { phone: 5543991234567 }, 'body.phone'],
    ],
  },
  {
    route: 'PUT /api/farms/{id}/bag-prices',
    method: 'PUT',
    url: () => `/api/farms/${farmId}/bag-prices`,
    valid: () => ({ bag_price: farmBody().bag_price, updated_at: READ }),
    bad: [
      ['no prices', { bag_price: MISSING }, 'body.bag_price'],
      ['a zero price', { bag_price: [{ crop_id: 1, price: 0 }] }, 'body.bag_price.0.price'],
      [
        'a crop id as text',
        { bag_price: [{ crop_id: 'soja', price: 1 }] },
        'body.bag_price.0.crop_id',
      ],
    ],
  },
];

async function everything() {
  return {
    farms: await app.db.select().from(t.farms).orderBy(asc(t.farms.id)),
    prices: await app.db.select().from(t.farmBagPrices),
    plots: await app.db.select().from(t.plots).orderBy(asc(t.plots.id)),
  };
}

function bodyOf(valid: Record<string, unknown>, change: Record<string, unknown>) {
  const body: Record<string, unknown> = { ...valid, ...change };
  for (const [key, value] of Object.entries(change)) if (value === MISSING) delete body[key];
  return body;
}

describe('every farms-area route with a body is listed here', () => {
  it('matches the OpenAPI document', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, unknown> }; tags?: string[] }>
      >;
    }>();
    // JSON bodies: an upload (the KML preview's multipart form) is refused by its own tests.
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content['application/json'] !== undefined)
        .filter(([, operation]) => operation.tags?.some((tag) => tag === 'farms'))
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
        method: route.method,
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
});
