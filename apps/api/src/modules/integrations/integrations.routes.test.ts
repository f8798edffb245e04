import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addDays,
  currentSeasonStartYear,
  seasonPeriod,
  todayIn,
  type SprayWindowDay,
} from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { geojsonFile, multipart, shapefileZip, square } from '../../test/integration-files.ts';

/**
 * Integrations (issue 14 item 8; spec 3 §2, §3, §4, §7 Integrations): the catalogue and the
 * member's list, the refused toggle, the iCalendar feed (parsed back with ical.js), Google's OAuth
 * path against a local fake of its token endpoint, the field-data import (GeoJSON and a zipped
 * shapefile) and the leaf-data service against a local fake of Leaf's fields API.
 */

interface Fake {
  url: string;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

async function startFake(
  answer: (request: { method: string; url: string; body: string }) => {
    status: number;
    body: unknown;
  },
): Promise<Fake> {
  const requests: Fake['requests'] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method!, url: request.url!, headers: request.headers, body };
      requests.push(entry);
      const { status, body: json } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let app: TestApp;
let accountId: number;
let admin: { id: number; email: string; token: string };
let farmId: number;
let otherFarmId: number;
let plotName: string;
let season: { start_period: string };
const day = (offset: number) => addDays(season.start_period, offset);
const sprayingIds: number[] = [];

const get = (url: string, token = admin.token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload?: Record<string, unknown>, token = admin.token) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

/**
 * An execution program on a sowing of `plot` with a spraying per date (by default two of the
 * season's), the first applied unless said otherwise.
 */
async function programWithSprays(
  farm: number,
  plot: number,
  name: string,
  { dates = [day(105), day(126)], applyFirst = true, sownOn = day(60) } = {},
) {
  const [seasonCrop] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(
      and(
        eq(t.seasonCrops.countryId, 1),
        eq(t.seasonCrops.cropId, 1),
        eq(t.seasonCrops.startPeriod, season.start_period),
      ),
    );
  const [variety] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  // The farm's variety of the season: made once, shared by the farm's programs.
  const values = { accountId, farmId: farm, seasonCropId: seasonCrop!.id, varietyId: variety!.id };
  await app.db.insert(t.farmVarieties).values(values).onConflictDoNothing();
  const [farmVariety] = await app.db
    .select({ id: t.farmVarieties.id })
    .from(t.farmVarieties)
    .where(
      and(
        eq(t.farmVarieties.farmId, farm),
        eq(t.farmVarieties.seasonCropId, seasonCrop!.id),
        eq(t.farmVarieties.varietyId, variety!.id),
      ),
    );
  const [sowing] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId: farm,
      plotId: plot,
      cropId: 1,
      seasonCropId: seasonCrop!.id,
      farmVarietyId: farmVariety!.id,
      area: 20,
      sowingDate: sownOn,
      emergenceDate: addDays(sownOn, 7),
      estimatedCycle: 120,
    })
    .returning({ id: t.sowings.id });
  const [fox] = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
  const created = await post('/api/programas', {
    semeadura_id: sowing!.id,
    nome: name,
    doenca_principal_id: 1,
  });
  expect(created.statusCode).toBe(201);
  const programId = created.json<{ id: number }>().id;
  for (const date of dates) {
    const added = await post(`/api/programas/${programId}/planejamentos`, {
      data: date,
      produtos: [{ defensivo_id: fox!.id, dose: 0.5, preco: 120 }],
    });
    expect(added.statusCode).toBe(201);
  }
  if (applyFirst) {
    const applied = await post(`/api/programs/${programId}/sprayings/1/apply`, {
      applied_at: day(104),
    });
    expect(applied.statusCode).toBe(200);
  }
  const rows = await app.db
    .select({ id: t.sprayings.id })
    .from(t.sprayings)
    .where(eq(t.sprayings.programId, programId))
    .orderBy(t.sprayings.ordinal);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  admin = account.members.CONTA!;
  season = seasonPeriod(1, 1, currentSeasonStartYear(1, 1, todayIn('America/Sao_Paulo')));
  farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Boa Vista' });
  otherFarmId = await makeFarm(app.db, accountId, { name: 'Fazenda Retiro' });
  plotName = 'Talhão 01';
  const plot = await makePlot(app.db, accountId, farmId, { name: plotName });
  const otherPlot = await makePlot(app.db, accountId, otherFarmId, { name: 'Talhão do Retiro' });
  sprayingIds.push(...(await programWithSprays(farmId, plot, 'Ferrugem safra')));
  await programWithSprays(otherFarmId, otherPlot, 'Retiro');
});
afterAll(() => app.close());

describe('the catalogue and the member’s list', () => {
  it('offers the three integrations with fixed ids; Leaf is inactive without a Leaf account', async () => {
    const response = await get('/api/integrations');
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ id: number; code: string; is_active: boolean }[]>()
        .map((row) => [row.id, row.code, row.is_active]),
    ).toEqual([
      [1, 'fieldview', true],
      [2, 'google_calendar', true],
      [3, 'leaf_agriculture', false],
    ]);
  });

  it('is upsell below the Full plan (levels 0 to 3): 403 with the plan key', async () => {
    for (const planId of [5, 1, 2, 3]) {
      const { members } = await accountWith(app, ['CONTA'], { planId });
      const response = await get('/api/integrations', members.CONTA!.token);
      expect([planId, response.statusCode]).toEqual([planId, 403]);
    }
  });

  it('refuses manual toggling: 403 for a known integration, 404 for an unknown one', async () => {
    const refused = await app.app.inject({
      method: 'PATCH',
      url: '/api/integrations/toggle',
      headers: bearer(admin.token),
      payload: { integration_id: 2 },
    });
    expect([refused.statusCode, refused.json().key]).toEqual([
      403,
      'exception.integration.manual_toggle_not_allowed',
    ]);
    const unknown = await app.app.inject({
      method: 'PATCH',
      url: '/api/integrations/toggle',
      headers: bearer(admin.token),
      payload: { integration_id: 99 },
    });
    expect([unknown.statusCode, unknown.json().key]).toEqual([
      404,
      'exception.integration.not_found',
    ]);
  });
});

describe('the iCalendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;
  const events = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        allDay: event.startDate.isDate,
        status: vevent.getFirstPropertyValue('status'),
        description: event.description,
      };
    });

  it('starts with no integration; reading the address creates it and marks the calendar connected', async () => {
    const member = await makeUser(app.db, { accountId, profile: 'CONTA' });
    const token = await tokenFor(app, member.email);
    expect((await get('/api/integrations/user-integrations', token)).json()).toEqual([]);
    const feed = await get('/api/integrations/calendar-feed', token);
    expect(feed.statusCode).toBe(200);
    const { url } = feed.json<{ url: string }>();
    // 32 random bytes, base64url.
    expect(url).toMatch(/^http:\/\/lavoura\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await get('/api/integrations/calendar-feed', token)).json().url).toBe(url);
    expect(
      (await get('/api/integrations/user-integrations', token))
        .json<{ code: string; is_active: boolean; connection: string }[]>()
        .map((row) => [row.code, row.is_active, row.connection]),
    ).toEqual([['google_calendar', true, 'feed']]);
  });

  it('lists every farm’s planned and applied sprays for an administrator, in their language, and parses', async () => {
    const { url } = (await get('/api/integrations/calendar-feed')).json<{ url: string }>();
    const response = await app.app.inject({ method: 'GET', url: feedPath(url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // RFC 5545 §3.1: every line, the last included, ends with CRLF; no bare line feed.
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(response.body).not.toMatch(/[^\r]\n/);
    const parsed = events(response.body);
    expect(parsed).toHaveLength(4);
    const ours = parsed.filter((event) => event.summary.includes(plotName));
    expect(
      ours.map((event) => [event.uid, event.summary, event.start, event.allDay, event.status]),
    ).toEqual([
      [
        `spraying-${sprayingIds[0]}@lavoura.test`,
        'Aplicação 1 — Talhão 01 (Soja)',
        day(104),
        true,
        'CONFIRMED',
      ],
      [
        `spraying-${sprayingIds[1]}@lavoura.test`,
        'Aplicação 2 — Talhão 01 (Soja)',
        day(126),
        true,
        'TENTATIVE',
      ],
    ]);
    const ptDate = (value: string) => value.split('-').reverse().join('/');
    expect(ours[0]!.description).toContain('Fazenda: Fazenda Boa Vista');
    expect(ours[0]!.description).toContain('Programa: Ferrugem safra');
    expect(ours[0]!.description).toContain(`Planejada para ${ptDate(day(105))}`);
    expect(ours[0]!.description).toContain(`Realizada em ${ptDate(day(104))}`);
    expect(ours[0]!.description).toContain('- Fox: 0,5 L/ha');
    expect(parsed.some((event) => event.summary.includes('Talhão do Retiro'))).toBe(true);
    // Polled again: the same UIDs, so a calendar app updates rather than duplicates.
    const again = events((await app.app.inject({ method: 'GET', url: feedPath(url) })).body);
    expect(again.map((event) => event.uid)).toEqual(parsed.map((event) => event.uid));
  });

  it('writes the spray window on a spraying planned this week, marked simulated offline (issue 30 item 2)', async () => {
    const today = todayIn('America/Sao_Paulo', app.clock.now);
    const plot = await makePlot(app.db, accountId, farmId, { name: 'Talhão da Janela' });
    const [sprayingId] = await programWithSprays(farmId, plot, 'Janela', {
      dates: [addDays(today, 2)],
      applyFirst: false,
      sownOn: addDays(today, -60),
    });
    const [program] = await app.db
      .select({ id: t.sprayings.programId })
      .from(t.sprayings)
      .where(eq(t.sprayings.id, sprayingId!));
    const [window] = (await get(`/api/programs/${program!.id}/spray-windows`)).json<
      SprayWindowDay[]
    >();
    const { url } = (await get('/api/integrations/calendar-feed')).json<{ url: string }>();
    const parsed = events((await app.app.inject({ method: 'GET', url: feedPath(url) })).body);
    const event = parsed.find((row) => row.uid === `spraying-${sprayingId}@lavoura.test`)!;
    const hour = (time: string) => time.slice(11, 16);
    const line = window!.best_window
      ? `Melhor janela de aplicação: ${hour(window!.best_window.start)}–${hour(window!.best_window.end)}`
      : window!.nearest_good_day
        ? `Sem hora boa para aplicar neste dia; mais próxima: ${window!.nearest_good_day.date.split('-').reverse().join('/')}`
        : 'Sem hora boa para aplicar neste dia nem em até dois dias';
    expect(event.description).toContain(line);
    expect(event.description).toContain('(previsão simulada)');
    // Applied sprays and days past the week carry none.
    const applied = parsed.find((row) => row.uid === `spraying-${sprayingIds[0]}@lavoura.test`)!;
    expect(applied.description).not.toContain('janela');
  });

  it('speaks English (imperial units) to an English-speaking member', async () => {
    const member = await makeUser(app.db, { accountId, profile: 'CONTA' });
    await app.db.update(t.users).set({ language: 'en' }).where(eq(t.users.id, member.id));
    const token = await tokenFor(app, member.email);
    const { url } = (await get('/api/integrations/calendar-feed', token)).json<{ url: string }>();
    const parsed = events((await app.app.inject({ method: 'GET', url: feedPath(url) })).body);
    const first = parsed.find((event) => event.uid === `spraying-${sprayingIds[0]}@lavoura.test`)!;
    expect(first.summary).toBe('Spray 1 — Talhão 01 (Soybean)');
    expect(first.description).toContain('Farm: Fazenda Boa Vista');
    // 0.5 per hectare is 0.202 per acre.
    expect(first.description).toContain('- Fox: 0.202 L/ac');
  });

  it('shows a member only the farms assigned to them', async () => {
    const agronomist = await makeUser(app.db, { accountId, profile: 'FARM' });
    await assignFarms(app.db, accountId, agronomist.id, [otherFarmId]);
    const token = await tokenFor(app, agronomist.email);
    const { url } = (await get('/api/integrations/calendar-feed', token)).json<{ url: string }>();
    const parsed = events((await app.app.inject({ method: 'GET', url: feedPath(url) })).body);
    expect(parsed).toHaveLength(2);
    expect(parsed.every((event) => event.summary.includes('Talhão do Retiro'))).toBe(true);
  });

  it('a renewed address ends the old one (404 with the key) and the new one works', async () => {
    const before = (await get('/api/integrations/calendar-feed')).json<{ url: string }>().url;
    const renewed = await post('/api/integrations/calendar-feed');
    expect(renewed.statusCode).toBe(200);
    const after = renewed.json<{ url: string }>().url;
    expect(after).not.toBe(before);
    const old = await app.app.inject({ method: 'GET', url: feedPath(before) });
    expect([old.statusCode, old.json().key]).toEqual([404, 'exception.calendar.feed_not_found']);
    expect((await app.app.inject({ method: 'GET', url: feedPath(after) })).statusCode).toBe(200);
    expect((await get('/api/integrations/calendar-feed')).json().url).toBe(after);
  });

  it('answers 404 for an unknown secret, for a deactivated member and below the Full plan', async () => {
    const unknown = await app.app.inject({ method: 'GET', url: '/api/calendar/nope.ics' });
    expect([unknown.statusCode, unknown.json().key]).toEqual([
      404,
      'exception.calendar.feed_not_found',
    ]);
    const other = await accountWith(app, ['CONTA'], { planId: 4 });
    const { url } = (
      await get('/api/integrations/calendar-feed', other.members.CONTA!.token)
    ).json<{ url: string }>();
    // Another account's feed holds none of this account's sprays.
    expect(events((await app.app.inject({ method: 'GET', url: feedPath(url) })).body)).toEqual([]);
    await app.db.update(t.accounts).set({ planId: 2 }).where(eq(t.accounts.id, other.accountId));
    expect((await app.app.inject({ method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
    await app.db.update(t.accounts).set({ planId: 4 }).where(eq(t.accounts.id, other.accountId));
    await app.db
      .update(t.memberships)
      .set({ active: false })
      .where(eq(t.memberships.userId, other.members.CONTA!.id));
    expect((await app.app.inject({ method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
  });
});

describe('Google Calendar without GOOGLE_CLIENT_ID', () => {
  it('says it is not configured, and a token cannot be saved', async () => {
    const start = await post('/api/google-api/calendar');
    expect(start.json()).toEqual({ configured: false, url: null });
    const save = await post('/api/google-api/save-token', { code: 'x', state: 'y' });
    expect([save.statusCode, save.json().key]).toEqual([
      502,
      'exception.google_calendar.auth_failed',
    ]);
  });
});

describe('the field-data import', () => {
  const upload = (farm: number, file: Buffer, name: string, token = admin.token) => {
    const body = multipart(file, name);
    return app.app.inject({
      method: 'POST',
      url: `/api/fazendas/${farm}/field-import`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const plotNames = async (farm: number) =>
    (await get(`/api/talhoes/${farm}`)).json<{ nome: string }[]>().map((plot) => plot.nome);

  it('creates the plots of a GeoJSON boundaries export, a MultiPolygon giving one plot per part', async () => {
    const farm = await makeFarm(app.db, accountId, { name: 'Fazenda GeoJSON' });
    const file = geojsonFile([
      { name: 'Norte', geometry: { type: 'Polygon', coordinates: [square(-51.2, -23.4)] } },
      {
        name: 'Sul',
        geometry: {
          type: 'MultiPolygon',
          coordinates: [[square(-51.2, -23.45)], [square(-51.18, -23.45)]],
        },
      },
      // A point is no plot: skipped.
      { name: 'Sede', geometry: { type: 'Point', coordinates: [-51.2, -23.4] } },
    ]);
    const response = await upload(farm, file, 'fieldview-boundaries.geojson');
    expect(response.statusCode).toBe(201);
    const plots = response.json<{ nome: string; fazenda_id: number; area_calculada: number }[]>();
    expect(plots.map((plot) => plot.nome).sort()).toEqual(['Norte', 'Sul (1)', 'Sul (2)']);
    expect(plots.every((plot) => plot.fazenda_id === farm)).toBe(true);
    // 0.01° × 0.01° at 23.4° S: about 1.11 km × 1.02 km.
    for (const plot of plots) expect(plot.area_calculada).toBeGreaterThan(110);
    for (const plot of plots) expect(plot.area_calculada).toBeLessThan(116);
    expect((await plotNames(farm)).sort()).toEqual(['Norte', 'Sul (1)', 'Sul (2)']);
    expect(
      (await get('/api/integrations/user-integrations'))
        .json<{ code: string; is_active: boolean }[]>()
        .find((row) => row.code === 'fieldview')?.is_active,
    ).toBe(true);
  });

  it('creates the plots of a zipped shapefile (ESRI Shapefile Technical Description, 1998)', async () => {
    const farm = await makeFarm(app.db, accountId, { name: 'Fazenda Shapefile' });
    const file = shapefileZip([
      { name: 'Talhao A', rings: [square(-51.3, -23.5)] },
      { name: 'Talhao B', rings: [square(-51.28, -23.5, 0.005)] },
    ]);
    const response = await upload(farm, file, 'talhoes.zip');
    expect(response.statusCode).toBe(201);
    const plots = response.json<{ nome: string; area_calculada: number }[]>();
    expect(plots.map((plot) => plot.nome).sort()).toEqual(['Talhao A', 'Talhao B']);
    const areaOf = (name: string) => plots.find((plot) => plot.nome === name)!.area_calculada;
    // Half the side, a quarter of the area.
    expect(areaOf('Talhao B') / areaOf('Talhao A')).toBeCloseTo(0.25, 2);
  });

  it('keeps the name of a bare GeoJSON Feature (not in a FeatureCollection)', async () => {
    const farm = await makeFarm(app.db, accountId, { name: 'Fazenda Feature' });
    const feature = {
      type: 'Feature',
      properties: { name: 'Talhão da Sede' },
      geometry: { type: 'Polygon', coordinates: [square(-51.4, -23.6)] },
    };
    const response = await upload(farm, Buffer.from(JSON.stringify(feature)), 'sede.geojson');
    expect(response.statusCode).toBe(201);
    expect(await plotNames(farm)).toEqual(['Talhão da Sede']);
  });

  it('refuses a file that is neither GeoJSON nor a shapefile, or holds no polygon: 400, nothing saved', async () => {
    const farm = await makeFarm(app.db, accountId, { name: 'Fazenda Vazia' });
    for (const [file, name] of [
      [Buffer.from('not a boundaries file'), 'notes.txt'],
      [Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [] })), 'empty.geojson'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.zip'],
    ] as const) {
      const response = await upload(farm, file, name);
      expect([name, response.statusCode, response.json().key]).toEqual([
        name,
        400,
        'exception.field_import.invalid_file',
      ]);
    }
    expect(await plotNames(farm)).toEqual([]);
  });

  it('answers a bad outline as the KML import does, and saves none of the file', async () => {
    const farm = await makeFarm(app.db, accountId, { name: 'Fazenda Cruzada' });
    const bowTie = [
      [-51.2, -23.4],
      [-51.19, -23.39],
      [-51.19, -23.4],
      [-51.2, -23.39],
      [-51.2, -23.4],
    ];
    const response = await upload(
      farm,
      geojsonFile([
        { name: 'Bom', geometry: { type: 'Polygon', coordinates: [square(-51.2, -23.4)] } },
        { name: 'Gravata', geometry: { type: 'Polygon', coordinates: [bowTie] } },
      ]),
      'b.geojson',
    );
    const kml = await post('/api/plots/many', {
      fazenda_id: farm,
      plots: [
        { nome: 'Bom', geometry: { type: 'Polygon', coordinates: [square(-51.2, -23.4)] } },
        { nome: 'Gravata', geometry: { type: 'Polygon', coordinates: [bowTie] } },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(kml.json());
    expect(await plotNames(farm)).toEqual([]);
  });

  it('is refused to an observer (no TALHAO_CADASTRAR) and 404 for a farm the member does not see', async () => {
    const observer = await makeUser(app.db, { accountId, profile: 'ASSISTENTE_TECNICO' });
    const file = geojsonFile([
      { name: 'X', geometry: { type: 'Polygon', coordinates: [square(-51.2, -23.4)] } },
    ]);
    const refused = await upload(farmId, file, 'x.geojson', await tokenFor(app, observer.email));
    expect(refused.statusCode).toBe(403);
    const other = await accountWith(app, ['CONTA'], { planId: 4 });
    const foreign = await upload(farmId, file, 'x.geojson', other.members.CONTA!.token);
    expect([foreign.statusCode, foreign.json().key]).toEqual([404, 'exception.not_found']);
  });
});

describe('the leaf-data service offline', () => {
  it('says it is not connected and shows no made-up fields', async () => {
    const response = await get('/api/integrations/leaf/fields');
    expect(response.json()).toEqual({ connected: false, fields: [] });
  });
});

describe('with Google and Leaf configured (local fakes)', () => {
  let configured: TestApp;
  let google: Fake;
  let leaf: Fake;
  let token: string;

  beforeAll(async () => {
    // https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code:
    // the token endpoint answers {access_token, expires_in, refresh_token, scope, token_type}, or
    // an error such as {"error": "invalid_grant", "error_description": "Bad Request"} with 400.
    google = await startFake(({ body }) => {
      const form = new URLSearchParams(body);
      if (form.get('code') !== 'good-code')
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
      return {
        status: 200,
        body: {
          access_token: '1/fFAGRNJru1FTz70BzhT3Zg',
          expires_in: 3920,
          token_type: 'Bearer',
          scope: 'https://www.googleapis.com/auth/calendar.events',
          refresh_token: '1//xEoDL4iW3cxlI7yDbSRFYNG01kVKM2C-259HOF2aQbI',
        },
      };
    });
    // https://docs.withleaf.io/api-reference/fields ("Get all fields"): a JSON array of fields.
    leaf = await startFake(({ url }) => {
      if (!url.startsWith('/services/fields/api/fields')) return { status: 404, body: {} };
      return {
        status: 200,
        body: [
          {
            id: 'a6a8e5d2-9c8e-4a3b-8f53-6a0f4f3b3b11',
            leafUserId: '3d2c1f4e-0e5b-4f3e-9b8a-2d1c0b9a8f7e',
            name: 'North Quarter',
            providerName: 'ClimateFieldView',
            providerFieldId: '0b9a8f7e',
            type: 'ORIGINAL',
            area: { value: 64.75, unit: 'ha' },
            boundaries: ['7e8f9a0b-1c2d-3e4f-5a6b-7c8d9e0f1a2b'],
            farmId: 12,
            createdTime: '2026-03-01T10:00:00.000Z',
            updatedTime: '2026-03-01T10:00:00.000Z',
          },
          {
            id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
            leafUserId: '3d2c1f4e-0e5b-4f3e-9b8a-2d1c0b9a8f7e',
            name: 'South 40',
            providerName: 'JohnDeere',
            type: 'ORIGINAL',
            area: { value: 40, unit: 'ac' },
          },
        ],
      };
    });
    configured = await createTestApp({
      integrations: {
        google: {
          clientId: 'client-123.apps.googleusercontent.com',
          clientSecret: 'shh',
          authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl: `${google.url}/token`,
        },
        leaf: { baseUrl: leaf.url, token: 'leaf-token', leafUserId: undefined },
      },
    });
    const account = await accountWith(configured, ['CONTA'], { planId: 4 });
    token = account.members.CONTA!.token;
  });
  afterAll(async () => {
    await configured.close();
    await google.close();
    await leaf.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    configured.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('sends the member to Google’s consent with the client, the redirect, the events scope and a signed state', async () => {
    const start = (await call('POST', '/api/google-api/calendar')).json<{
      configured: boolean;
      url: string;
    }>();
    expect(start.configured).toBe(true);
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('client-123.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe('http://lavoura.test/v3/integrations');
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar.events');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('exchanges the code for tokens, keeps them on the server and marks the calendar connected', async () => {
    const start = (await call('POST', '/api/google-api/calendar')).json<{ url: string }>();
    const state = new URL(start.url).searchParams.get('state')!;
    const saved = await call('POST', '/api/google-api/save-token', { code: 'good-code', state });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      is_active: true,
      scope: 'https://www.googleapis.com/auth/calendar.events',
    });
    const sent = new URLSearchParams(google.requests.at(-1)!.body);
    expect(Object.fromEntries(sent)).toEqual({
      code: 'good-code',
      client_id: 'client-123.apps.googleusercontent.com',
      client_secret: 'shh',
      redirect_uri: 'http://lavoura.test/v3/integrations',
      grant_type: 'authorization_code',
    });
    const list = (await call('GET', '/api/integrations/user-integrations')).json<
      { code: string; is_active: boolean; connection: string }[]
    >();
    expect(list.map((row) => [row.code, row.is_active, row.connection])).toEqual([
      ['google_calendar', true, 'oauth'],
    ]);
    // The tokens never leave the server.
    expect(JSON.stringify(list)).not.toContain('1/fFAGRNJru1FTz70BzhT3Zg');
    const [row] = await configured.db
      .select({ credentials: t.userIntegrations.credentials })
      .from(t.userIntegrations);
    expect(row!.credentials).toMatchObject({
      access_token: '1/fFAGRNJru1FTz70BzhT3Zg',
      refresh_token: '1//xEoDL4iW3cxlI7yDbSRFYNG01kVKM2C-259HOF2aQbI',
    });
  });

  it('answers 502 auth_failed when Google refuses the code, and for a state that is not the session’s', async () => {
    const start = (await call('POST', '/api/google-api/calendar')).json<{ url: string }>();
    const state = new URL(start.url).searchParams.get('state')!;
    const refused = await call('POST', '/api/google-api/save-token', { code: 'used-code', state });
    expect([refused.statusCode, refused.json().key]).toEqual([
      502,
      'exception.google_calendar.auth_failed',
    ]);
    const requests = google.requests.length;
    const forged = await call('POST', '/api/google-api/save-token', {
      code: 'good-code',
      state: `${state.split('.')[0]}.AAAA`,
    });
    expect([forged.statusCode, forged.json().key]).toEqual([
      502,
      'exception.google_calendar.auth_failed',
    ]);
    // A forged state never reaches Google.
    expect(google.requests.length).toBe(requests);
  });

  it('lists the Leaf user’s fields, areas in hectares, with the bearer token', async () => {
    expect(
      (await call('GET', '/api/integrations')).json<{ code: string; is_active: boolean }[]>()[2],
    ).toMatchObject({ code: 'leaf_agriculture', is_active: true });
    const response = await call('GET', '/api/integrations/leaf/fields');
    expect(response.statusCode).toBe(200);
    const answer = response.json<{
      connected: boolean;
      fields: { id: string; name: string; provider: string; area_ha: number }[];
    }>();
    expect(answer.connected).toBe(true);
    expect(answer.fields.map((field) => [field.name, field.provider])).toEqual([
      ['North Quarter', 'ClimateFieldView'],
      ['South 40', 'JohnDeere'],
    ]);
    expect(answer.fields[0]!.area_ha).toBe(64.75);
    expect(answer.fields[1]!.area_ha).toBeCloseTo(16.19, 2);
    const request = leaf.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer leaf-token');
    expect(request.url).toBe('/services/fields/api/fields?page=0&size=100');
  });
});
