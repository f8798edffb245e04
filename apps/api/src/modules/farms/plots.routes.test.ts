import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLOT_IMPORT_LIMITS, type Plot } from '@lavoura/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makeSowing } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { shapefileZip, square } from '../../test/integration-files.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../packages/domain/src/geo/fixtures',
);

let app: TestApp;
let accountId: number;
let admin: { id: number; token: string };
let farmId: number;

/** A field of about 92 ha west of Londrina (a quadrilateral following two roads). */
const FIELD: [number, number][] = [
  [-51.2401, -23.3012],
  [-51.2302, -23.3019],
  [-51.2311, -23.3101],
  [-51.2409, -23.3093],
];
const closed = (ring: [number, number][]) => [...ring, ring[0]!];

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  admin = account.members.CONTA!;
  farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Água Limpa' });
});
afterAll(() => app.close());

async function send(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * Creates FIELD (or the body's outline). The tests draw the same field again and again on one
 * farm, so they confirm the overlap; the refusal has its own tests ('plots that overlap').
 */
async function createPlot(body: Record<string, unknown> = {}, token = admin.token) {
  return send(token, 'POST', '/api/talhoes', {
    fazenda_id: farmId,
    nome: 'Talhão da Estrada',
    geometry: { type: 'Polygon', coordinates: [closed(FIELD)] },
    confirm_overlap: true,
    ...body,
  });
}

/** A rectangle [west, south, east, north] as a GeoJSON outline. */
function box(west: number, south: number, east: number, north: number) {
  return {
    type: 'Polygon',
    coordinates: [
      closed([
        [west, south],
        [east, south],
        [east, north],
        [west, north],
      ]),
    ],
  };
}

const plotRows = () => app.db.select().from(t.plots).orderBy(asc(t.plots.id));

function multipart(fileName: string, content: Buffer, field = 'file') {
  const boundary = '----lavoura-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/vnd.google-earth.kml+xml\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: {
      ...bearer(admin.token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  };
}

describe('creating a plot', () => {
  it('measures the outline on the server and answers it in GeoJSON and in the pipe lists', async () => {
    const response = await createPlot();
    expect(response.statusCode).toBe(201);
    const plot = response.json<Plot>();
    expect(plot.area_calculada).toBeGreaterThan(85);
    expect(plot.area_calculada).toBeLessThan(100);
    expect(plot).toMatchObject({
      nome: 'Talhão da Estrada',
      fazenda_id: farmId,
      area: plot.area_calculada,
      enabled: true,
      enabled_ndvi: false,
      enabled_sowing: true,
      // To the hundredth of a hectare, as the sowing rule counts it (domain `remainingArea`).
      remaining_area: Math.round(plot.area_calculada * 100) / 100,
      sown_areas: [],
      coordenadas_lat: FIELD.map(([, lat]) => lat).join('|'),
      coordenadas_lng: FIELD.map(([lng]) => lng).join('|'),
      geometry: { type: 'Polygon', coordinates: [closed(FIELD)] },
    });
    expect(plot.latitude).toBeGreaterThan(-23.3101);
    expect(plot.latitude).toBeLessThan(-23.3012);
  });

  it('takes the spec’s pipe lists, open or closed, for the same outline', async () => {
    const open = await createPlot({
      geometry: undefined,
      coordenadas_lat: FIELD.map(([, lat]) => lat).join('|'),
      coordenadas_lng: FIELD.map(([lng]) => lng).join('|'),
    });
    const shut = await createPlot({
      geometry: undefined,
      coordenadas_lat: closed(FIELD)
        .map(([, lat]) => lat)
        .join('|'),
      coordenadas_lng: closed(FIELD)
        .map(([lng]) => lng)
        .join('|'),
      area: 90,
    });
    expect(open.json().geometry).toEqual({ type: 'Polygon', coordinates: [closed(FIELD)] });
    expect(shut.json().area_calculada).toBe(open.json().area_calculada);
    expect(shut.json().area).toBe(90);
  });

  it.each([
    ['two points', { coordinates: [[FIELD[0], FIELD[1], FIELD[0]]] }, 'too_few_points'],
    [
      'a latitude of 95',
      { coordinates: [closed([FIELD[0]!, [-51.23, 95], FIELD[2]!])] },
      'latitude_out_of_range',
    ],
    [
      'a bow tie',
      { coordinates: [closed([FIELD[0]!, FIELD[2]!, FIELD[1]!, FIELD[3]!])] },
      'self_crossing',
    ],
  ])('refuses %s with 400 exception.plot.invalid_geometry and its reason', async (_, g, reason) => {
    const before = await plotRows();
    const response = await createPlot({ geometry: { type: 'Polygon', ...g } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      key: 'exception.plot.invalid_geometry',
      context: { additionalInfo: { reason } },
    });
    expect(await plotRows()).toEqual(before);
  });

  it('refuses a plot on a disabled farm, and on a farm the session does not reach', async () => {
    const disabled = await makeFarm(app.db, accountId, { enabled: false });
    const onDisabled = await createPlot({ fazenda_id: disabled });
    expect([onDisabled.statusCode, onDisabled.json().key]).toEqual([
      409,
      'exception.farm.disabled',
    ]);
    const other = await accountWith(app, ['CONTA']);
    const foreign = await makeFarm(app.db, other.accountId);
    const onForeign = await createPlot({ fazenda_id: foreign });
    expect([onForeign.statusCode, onForeign.json().key]).toEqual([400, 'exception.farm_not_found']);
  });
});

describe('the plots of a farm', () => {
  it('lists them newest first; enabled=1 leaves the disabled ones out', async () => {
    const farm = await makeFarm(app.db, accountId);
    const ids: number[] = [];
    for (const nome of ['Primeiro', 'Segundo', 'Terceiro'])
      ids.push((await createPlot({ fazenda_id: farm, nome })).json<Plot>().id);
    const second = (
      await send(admin.token, 'GET', `/api/talhoes/${ids[1]}/fazenda/${farm}`)
    ).json<Plot>();
    await send(admin.token, 'PUT', `/api/plots/${ids[1]}/enable-disable`, {
      enabled: false,
      updated_at: second.updated_at,
    });
    const all = (await send(admin.token, 'GET', `/api/talhoes/${farm}`)).json<Plot[]>();
    expect(all.map((p) => p.nome)).toEqual(['Terceiro', 'Segundo', 'Primeiro']);
    const enabled = (await send(admin.token, 'GET', `/api/talhoes/${farm}?enabled=1`)).json<
      Plot[]
    >();
    expect(enabled.map((p) => p.nome)).toEqual(['Terceiro', 'Primeiro']);
    const wrongFarm = await send(admin.token, 'GET', `/api/talhoes/${ids[0]}/fazenda/${farmId}`);
    expect(wrongFarm.statusCode).toBe(404);
  });
});

describe('editing a plot', () => {
  it('saves with the updated_at it read and refuses a stale one with 409', async () => {
    const plot = (await createPlot()).json<Plot>();
    const first = await send(admin.token, 'PUT', `/api/talhoes/${plot.id}`, {
      nome: 'Talhão Renomeado',
      area: 80.5,
      updated_at: plot.updated_at,
    });
    expect(first.json()).toMatchObject({ nome: 'Talhão Renomeado', area: 80.5 });
    const stale = await send(admin.token, 'PUT', `/api/talhoes/${plot.id}`, {
      nome: 'Outro',
      updated_at: plot.updated_at,
    });
    expect([stale.statusCode, stale.json().key]).toEqual([409, 'exception.conflict']);
  });

  it('locks the area for a year after NDVI was contracted', async () => {
    const plot = (await createPlot()).json<Plot>();
    await app.db
      .update(t.plots)
      .set({ ndviContractedAt: new Date(app.clock.now.getTime() - 30 * 86_400_000) })
      .where(eq(t.plots.id, plot.id));
    const read = (
      await send(admin.token, 'GET', `/api/talhoes/${plot.id}/fazenda/${farmId}`)
    ).json<Plot>();
    expect(read.enabled_ndvi).toBe(true);
    const response = await send(admin.token, 'PUT', `/api/talhoes/${plot.id}`, {
      nome: read.nome,
      area: read.area + 5,
      updated_at: read.updated_at,
    });
    expect([response.statusCode, response.json().key]).toEqual([409, 'exception.plot.area_locked']);
    const renamed = await send(admin.token, 'PUT', `/api/talhoes/${plot.id}`, {
      nome: 'Só o nome',
      updated_at: read.updated_at,
    });
    expect(renamed.json()).toMatchObject({ nome: 'Só o nome', area: read.area });
  });

  it('enables a plot again at most twice a season', async () => {
    let plot = (await createPlot()).json<Plot>();
    const toggle = async (enabled: boolean) => {
      const response = await send(admin.token, 'PUT', `/api/plots/${plot.id}/enable-disable`, {
        enabled,
        updated_at: plot.updated_at,
      });
      if (response.statusCode === 200) plot = response.json<Plot>();
      return response;
    };
    for (let i = 0; i < 2; i++) {
      await toggle(false);
      expect((await toggle(true)).statusCode).toBe(200);
    }
    await toggle(false);
    const third = await toggle(true);
    expect([third.statusCode, third.json().key]).toEqual([
      409,
      'exception.season.enable_limit_exceeded',
    ]);
  });
});

describe('sowings and the plot', () => {
  it('gives the remaining area of the current season and refuses deleting while unharvested', async () => {
    const plot = (await createPlot({ area: 100 })).json<Plot>();
    const sowing = await makeSowing(app.db, accountId, farmId, plot.id, { area: 60 });
    // A harvested (closed) sowing of the season still took its ground: it counts, as in the
    // sowing rule; a deleted one does not.
    await makeSowing(app.db, accountId, farmId, plot.id, { area: 30, closed: true });
    const deleted = await makeSowing(app.db, accountId, farmId, plot.id, { area: 5 });
    await app.db.update(t.sowings).set({ deletedAt: new Date() }).where(eq(t.sowings.id, deleted));
    const remaining = await send(admin.token, 'GET', `/api/talhoes/${plot.id}/remaining-area`);
    expect(remaining.json()).toEqual({ area: 100, sown_area: 90, remaining_area: 10 });
    const listed = (await send(admin.token, 'GET', `/api/talhoes/${farmId}`))
      .json<Plot[]>()
      .find((p) => p.id === plot.id);
    expect(listed).toMatchObject({
      remaining_area: 10,
      sown_areas: [{ season_crop_id: expect.any(Number), area: 90 }],
      enabled_sowing: false,
    });

    const refused = await send(admin.token, 'DELETE', `/api/talhoes/${plot.id}`);
    expect([refused.statusCode, refused.json().key]).toEqual([
      409,
      'exception.plot.has_unharvested_sowing',
    ]);
    await app.db.update(t.sowings).set({ closedAt: new Date() }).where(eq(t.sowings.id, sowing));
    expect((await send(admin.token, 'DELETE', `/api/talhoes/${plot.id}`)).statusCode).toBe(204);
    const after = (await send(admin.token, 'GET', `/api/talhoes/${farmId}`)).json<Plot[]>();
    expect(after.some((p) => p.id === plot.id)).toBe(false);
  });
});

describe('KML import', () => {
  it('previews the plots of a Google Earth file without saving them', async () => {
    const before = await plotRows();
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/plots/kml-preview',
      ...multipart(
        'cascavel.kml',
        fs.readFileSync(path.join(fixtures, 'google-earth-cascavel.kml')),
      ),
    });
    expect(response.statusCode).toBe(200);
    const { plots } = response.json<{ plots: { nome: string; area_calculada: number }[] }>();
    expect(plots).toHaveLength(4);
    for (const plot of plots) expect(plot.area_calculada).toBeGreaterThan(1);
    expect(await plotRows()).toEqual(before);
  });

  it('reads a KMZ like its KML', async () => {
    const read = async (file: string) =>
      (
        await app.app.inject({
          method: 'POST',
          url: '/api/plots/kml-preview',
          ...multipart(file, fs.readFileSync(path.join(fixtures, file))),
        })
      ).json();
    expect(await read('itapua-lotes.kmz')).toEqual(await read('itapua-lotes.kml'));
  });

  it.each([
    ['html-error-page.kml', 400, 'exception.kml.invalid_format'],
    ['bad-coordinate.kml', 400, 'exception.kml.invalid_coordinates'],
    ['two-point-polygon.kml', 400, 'exception.kml.too_few_points'],
    ['bow-tie.kml', 400, 'exception.plot.invalid_geometry'],
  ])('refuses %s with %i %s naming the placemark', async (file, status, key) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/plots/kml-preview',
      ...multipart(file, fs.readFileSync(path.join(fixtures, file))),
    });
    expect([response.statusCode, response.json().key]).toEqual([status, key]);
    if (key !== 'exception.kml.invalid_format')
      expect(response.json().context.additionalInfo).toMatchObject({
        placemark: expect.any(String),
        position: expect.any(Number),
      });
  });

  it('names the refused Placemark by its place in the file as well as its name', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/plots/kml-preview',
      ...multipart('bow-tie.kml', fs.readFileSync(path.join(fixtures, 'bow-tie.kml'))),
    });
    expect(response.json().context.additionalInfo).toEqual({
      placemark: 'Talhão 7 - Cruzado',
      position: 3,
      reason: 'self_crossing',
    });
  });

  it('refuses a file over 5 MB with 413 exception.file.too_large', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x20);
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/plots/kml-preview',
      ...multipart('big.kml', big),
    });
    expect([response.statusCode, response.json().key]).toEqual([413, 'exception.file.too_large']);
  });

  it('saves the previewed plots in one transaction, or none when one outline is bad', async () => {
    const preview = (
      await app.app.inject({
        method: 'POST',
        url: '/api/plots/kml-preview',
        ...multipart('sorriso.kml', fs.readFileSync(path.join(fixtures, 'my-maps-sorriso.kml'))),
      })
    ).json<{ plots: { nome: string; geometry: unknown; area_calculada: number }[] }>().plots;
    const farm = await makeFarm(app.db, accountId);
    const before = await plotRows();
    const bad = await send(admin.token, 'POST', '/api/plots/many', {
      fazenda_id: farm,
      plots: [
        ...preview.map(({ nome, geometry }) => ({ nome, geometry })),
        {
          nome: 'Ruim',
          geometry: { type: 'Polygon', coordinates: [[FIELD[0], FIELD[1], FIELD[0]]] },
        },
      ],
    });
    expect([bad.statusCode, bad.json().key]).toEqual([400, 'exception.plot.invalid_geometry']);
    expect(bad.json().context.additionalInfo).toMatchObject({ nome: 'Ruim', plot: preview.length });
    expect(await plotRows()).toEqual(before);

    const saved = await send(admin.token, 'POST', '/api/plots/many', {
      fazenda_id: farm,
      plots: preview.map(({ nome, geometry }) => ({ nome, geometry })),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Plot[]>().map((p) => [p.nome, p.area_calculada])).toEqual(
      preview.map((p) => [p.nome, Math.round(p.area_calculada * 10_000) / 10_000]),
    );
  });
});

/** A KML of `count` fields side by side near Sorriso, each a 90-point ring (a real outline's size). */
function manyFieldsKml(
  count: number,
  names: (index: number) => string = (i) => `<name>T${i + 1}</name>`,
) {
  const placemarks = Array.from({ length: count }, (_, index) => {
    const lng = -55.8 + (index % 30) * 0.01;
    const lat = -12.5 + Math.floor(index / 30) * 0.01;
    const ring = Array.from({ length: 90 }, (_, k) => {
      const angle = (2 * Math.PI * k) / 90;
      return `${(lng + 0.004 * Math.cos(angle)).toFixed(7)},${(lat + 0.004 * Math.sin(angle)).toFixed(7)},0`;
    });
    return `<Placemark>${names(index)}<Polygon><outerBoundaryIs><LinearRing><coordinates>${[...ring, ring[0]].join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
  });
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks.join('')}</Document></kml>`,
  );
}

describe('KML import saved on the server (what the preview accepts, the import saves)', () => {
  const importKml = (farm: number, file: Buffer, query = '') =>
    app.app.inject({
      method: 'POST',
      url: `/api/fazendas/${farm}/kml-import${query}`,
      ...multipart('fields.kml', file),
    });

  it('saves a 600-field file the preview accepted, whose outlines as JSON pass the 1 MB body limit', async () => {
    const file = manyFieldsKml(600);
    const preview = await app.app.inject({
      method: 'POST',
      url: '/api/plots/kml-preview',
      ...multipart('fields.kml', file),
    });
    expect(preview.statusCode).toBe(200);
    const plots = preview.json<{ plots: { nome: string; geometry: unknown }[] }>().plots;
    expect(plots).toHaveLength(600);
    // What the browser used to post back: refused by the body limit (413).
    const body = {
      fazenda_id: farmId,
      plots: plots.map(({ nome, geometry }) => ({ nome, geometry })),
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    expect((await send(admin.token, 'POST', '/api/plots/many', body)).statusCode).toBe(413);

    const farm = await makeFarm(app.db, accountId);
    const saved = await importKml(farm, file);
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Plot[]>().map((plot) => plot.nome)).toEqual(plots.map((plot) => plot.nome));
    expect((await send(admin.token, 'GET', `/api/talhoes/${farm}`)).json()).toHaveLength(600);
  });

  it('refuses a file over PLOT_IMPORT_LIMITS.maxPlots in the preview and in the import alike, saving nothing', async () => {
    const file = manyFieldsKml(PLOT_IMPORT_LIMITS.maxPlots + 1);
    const farm = await makeFarm(app.db, accountId);
    const before = await plotRows();
    for (const response of [
      await app.app.inject({
        method: 'POST',
        url: '/api/plots/kml-preview',
        ...multipart('fields.kml', file),
      }),
      await importKml(farm, file),
    ]) {
      expect([response.statusCode, response.json().key]).toEqual([
        400,
        'exception.kml.too_many_plots',
      ]);
      expect(response.json().context.additionalInfo).toEqual({
        max_plots: PLOT_IMPORT_LIMITS.maxPlots,
      });
    }
    expect(await plotRows()).toEqual(before);
  });

  it('names the plots by the ExtendedData attribute picked, in the preview and the import', async () => {
    const file = manyFieldsKml(
      3,
      (i) =>
        `<name>#${i + 1}</name><ExtendedData><SchemaData><SimpleData name="COD_IMOVEL">MT-510790${i}</SimpleData></SchemaData></ExtendedData>`,
    );
    const preview = await app.app.inject({
      method: 'POST',
      url: '/api/plots/kml-preview?name_attribute=COD_IMOVEL',
      ...multipart('car.kml', file),
    });
    expect(preview.json()).toMatchObject({
      attributes: ['COD_IMOVEL'],
      plots: [{ nome: 'MT-5107900' }, { nome: 'MT-5107901' }, { nome: 'MT-5107902' }],
    });
    const farm = await makeFarm(app.db, accountId);
    const saved = await importKml(farm, file, '?name_attribute=COD_IMOVEL');
    expect(saved.json<Plot[]>().map((plot) => plot.nome)).toEqual([
      'MT-5107900',
      'MT-5107901',
      'MT-5107902',
    ]);
  });

  it('reads a GeoJSON or a zipped shapefile too, listing its attributes to name the plots by (CAR’s COD_IMOVEL)', async () => {
    const feature = (cod: string, west: number) => ({
      type: 'Feature',
      properties: { COD_IMOVEL: cod, NOM_MUNICI: 'Sorriso' },
      geometry: { type: 'Polygon', coordinates: [square(west, -12.5)] },
    });
    const car = Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [feature('MT-5107925-A1', -55.8), feature('MT-5107925-B2', -55.78)],
      }),
    );
    const preview = async (file: Buffer, query = '') =>
      (
        await app.app.inject({
          method: 'POST',
          url: `/api/plots/kml-preview${query}`,
          ...multipart('car.geojson', file),
        })
      ).json<{ plots: { nome: string }[]; attributes: string[] }>();
    const plain = await preview(car);
    expect(plain.attributes).toEqual(['COD_IMOVEL', 'NOM_MUNICI']);
    expect(plain.plots.map((plot) => plot.nome)).toEqual(['#1', '#2']);
    const named = await preview(car, '?name_attribute=COD_IMOVEL');
    expect(named.plots.map((plot) => plot.nome)).toEqual(['MT-5107925-A1', 'MT-5107925-B2']);
    const farm = await makeFarm(app.db, accountId);
    const saved = await importKml(farm, car, '?name_attribute=COD_IMOVEL');
    expect(saved.json<Plot[]>().map((plot) => plot.nome)).toEqual([
      'MT-5107925-A1',
      'MT-5107925-B2',
    ]);
    const shapefile = await preview(
      shapefileZip([
        { name: 'Talhao A', rings: [square(-51.3, -23.5)] },
        { name: 'Talhao B', rings: [square(-51.28, -23.5)] },
      ]),
    );
    expect(shapefile.plots.map((plot) => plot.nome)).toEqual(['Talhao A', 'Talhao B']);
    expect(shapefile.attributes).toContain('NAME');
  });

  it('refuses overlaps until confirmed, a bad file naming its Placemark, and a farm of another account', async () => {
    const farm = await makeFarm(app.db, accountId);
    const file = manyFieldsKml(2);
    expect((await importKml(farm, file)).statusCode).toBe(201);
    const again = await importKml(farm, file);
    expect([again.statusCode, again.json().key]).toEqual([409, 'exception.plot.overlap']);
    expect((await importKml(farm, file, '?confirm_overlap=1')).statusCode).toBe(201);

    const bad = await importKml(farm, fs.readFileSync(path.join(fixtures, 'bow-tie.kml')));
    expect([bad.statusCode, bad.json().context.additionalInfo]).toEqual([
      400,
      { placemark: 'Talhão 7 - Cruzado', position: 3, reason: 'self_crossing' },
    ]);
    const other = await accountWith(app, ['CONTA'], { planId: 4 });
    const theirs = await makeFarm(app.db, other.accountId);
    expect((await importKml(theirs, file)).statusCode).toBe(404);
  });
});

describe('plots that overlap', () => {
  // About 1 km × 1.1 km near Cascavel; HALF_EAST shares the eastern half of WEST.
  const WEST = box(-53.41, -24.92, -53.4, -24.91);
  const HALF_EAST = box(-53.405, -24.92, -53.395, -24.91);
  const NEIGHBOUR = box(-53.4, -24.92, -53.39, -24.91);
  const farmTotal = async (farm: number) =>
    (await send(admin.token, 'GET', `/api/fazendas/${farm}/stats`)).json<{ total_area: number }>()
      .total_area;

  it('refuses a new outline over a plot of the farm, naming it and the shared area, until confirmed', async () => {
    const farm = await makeFarm(app.db, accountId);
    const west = (
      await createPlot({
        fazenda_id: farm,
        nome: 'Oeste',
        geometry: WEST,
        confirm_overlap: undefined,
      })
    ).json<Plot>();
    const neighbour = await createPlot({
      fazenda_id: farm,
      nome: 'Vizinho',
      geometry: NEIGHBOUR,
      confirm_overlap: undefined,
    });
    expect(neighbour.statusCode).toBe(201);
    const before = await plotRows();

    const refused = await createPlot({
      fazenda_id: farm,
      nome: 'Meio',
      geometry: HALF_EAST,
      confirm_overlap: undefined,
    });
    expect([refused.statusCode, refused.json().key]).toEqual([409, 'exception.plot.overlap']);
    const info = refused.json().context.additionalInfo;
    // Half of West, and half of the neighbour: about 55 ha each.
    expect(info.overlaps).toEqual([
      {
        nome: 'Meio',
        plot_id: expect.any(Number),
        plot_nome: expect.any(String),
        area_ha: expect.closeTo(west.area_calculada / 2, 0),
      },
      {
        nome: 'Meio',
        plot_id: expect.any(Number),
        plot_nome: expect.any(String),
        area_ha: expect.closeTo(west.area_calculada / 2, 0),
      },
    ]);
    expect(info.overlaps.map((o: { plot_nome: string }) => o.plot_nome).sort()).toEqual([
      'Oeste',
      'Vizinho',
    ]);
    expect(info.area_ha).toBeCloseTo(west.area_calculada, 0);
    expect(await plotRows()).toEqual(before);
    expect(await farmTotal(farm)).toBeCloseTo(west.area_calculada * 2, 2);

    const confirmed = await createPlot({ fazenda_id: farm, nome: 'Meio', geometry: HALF_EAST });
    expect(confirmed.statusCode).toBe(201);
    // The shared ground counts once: the farm is still West and its neighbour.
    expect(await farmTotal(farm)).toBeCloseTo(west.area_calculada * 2, 2);
    const listed = (await send(admin.token, 'GET', '/api/farms')).json<
      { id: number; total_area: number }[]
    >();
    expect(listed.find((f) => f.id === farm)!.total_area).toBeCloseTo(west.area_calculada * 2, 2);
  });

  it('refuses moving an outline over another plot unless confirmed; its own old outline does not count', async () => {
    const farm = await makeFarm(app.db, accountId);
    await createPlot({
      fazenda_id: farm,
      nome: 'Oeste',
      geometry: WEST,
      confirm_overlap: undefined,
    });
    const east = (
      await createPlot({
        fazenda_id: farm,
        nome: 'Leste',
        geometry: NEIGHBOUR,
        confirm_overlap: undefined,
      })
    ).json<Plot>();
    // Over its own old outline only: no question.
    const nudged = await send(admin.token, 'PUT', `/api/talhoes/${east.id}`, {
      nome: 'Leste',
      geometry: box(-53.4, -24.92, -53.391, -24.91),
      updated_at: east.updated_at,
    });
    expect(nudged.statusCode).toBe(200);
    const refused = await send(admin.token, 'PUT', `/api/talhoes/${east.id}`, {
      nome: 'Leste',
      geometry: HALF_EAST,
      updated_at: nudged.json<Plot>().updated_at,
    });
    expect([refused.statusCode, refused.json().key]).toEqual([409, 'exception.plot.overlap']);
    expect(refused.json().context.additionalInfo.overlaps).toEqual([
      expect.objectContaining({ nome: 'Leste', plot_nome: 'Oeste' }),
    ]);
    const unchanged = (
      await send(admin.token, 'GET', `/api/talhoes/${east.id}/fazenda/${farm}`)
    ).json<Plot>();
    expect(unchanged.updated_at).toBe(nudged.json<Plot>().updated_at);
    const confirmed = await send(admin.token, 'PUT', `/api/talhoes/${east.id}`, {
      nome: 'Leste',
      geometry: HALF_EAST,
      updated_at: unchanged.updated_at,
      confirm_overlap: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<Plot>().geometry).toEqual(HALF_EAST);
  });

  it('refuses an import over a plot or over itself, naming each pair, until confirmed', async () => {
    const farm = await makeFarm(app.db, accountId);
    await createPlot({
      fazenda_id: farm,
      nome: 'Oeste',
      geometry: WEST,
      confirm_overlap: undefined,
    });
    const before = await plotRows();
    const body = {
      fazenda_id: farm,
      plots: [
        { nome: 'Lote 1', geometry: HALF_EAST },
        { nome: 'Lote 2', geometry: box(-53.3975, -24.92, -53.3875, -24.91) },
        { nome: 'Lote 3', geometry: box(-53.3, -24.8, -53.29, -24.79) },
      ],
    };
    const refused = await send(admin.token, 'POST', '/api/plots/many', body);
    expect([refused.statusCode, refused.json().key]).toEqual([409, 'exception.plot.overlap']);
    expect(refused.json().context.additionalInfo.overlaps).toEqual([
      expect.objectContaining({ nome: 'Lote 1', plot_nome: 'Oeste', plot_id: expect.any(Number) }),
      expect.objectContaining({ nome: 'Lote 2', plot_nome: 'Lote 1', plot_id: null }),
    ]);
    expect(await plotRows()).toEqual(before);

    const saved = await send(admin.token, 'POST', '/api/plots/many', {
      ...body,
      confirm_overlap: true,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Plot[]>().map((p) => p.nome)).toEqual(['Lote 1', 'Lote 2', 'Lote 3']);
  });
});

describe('who changes plots', () => {
  it('lets the observer and the agronomist read the plots of their farm but not change them', async () => {
    const team = await accountWith(app, ['CONTA', 'FARM', 'ASSISTENTE_TECNICO']);
    const farm = await makeFarm(app.db, team.accountId);
    const plot = (await createPlot({ fazenda_id: farm }, team.members.CONTA!.token)).json<Plot>();
    for (const profile of ['FARM', 'ASSISTENTE_TECNICO']) {
      const member = team.members[profile]!;
      await assignFarms(app.db, team.accountId, member.id, [farm]);
      // A new token: the farm assignment is read at sign-in and on every session change.
      const list = await send(member.token, 'GET', `/api/talhoes/${farm}`);
      expect(list.json<Plot[]>().map((p) => p.id)).toEqual([plot.id]);
      const attempts = [
        await createPlot({ fazenda_id: farm }, member.token),
        await send(member.token, 'PUT', `/api/talhoes/${plot.id}`, {
          nome: 'Tomado',
          updated_at: plot.updated_at,
        }),
        await send(member.token, 'DELETE', `/api/talhoes/${plot.id}`),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    }
  });
});

describe('the contracted area (Full plan)', () => {
  it('shares the contract among plots and refuses a sum beyond it, changing nothing', async () => {
    const full = await accountWith(app, ['CONTA'], { planId: 4 });
    await app.db
      .update(t.accounts)
      .set({ contractedArea: 150 })
      .where(eq(t.accounts.id, full.accountId));
    const token = full.members.CONTA!.token;
    const farm = await makeFarm(app.db, full.accountId);
    const ids: number[] = [];
    for (const nome of ['A', 'B', 'C'])
      ids.push((await createPlot({ fazenda_id: farm, nome, area: 100 }, token)).json<Plot>().id);

    const saved = await send(token, 'POST', '/api/plots/manager-plot', {
      plots: [
        { id: ids[0], contracted_area: 80 },
        { id: ids[1], contracted_area: 60 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await send(token, 'GET', '/api/accounts/plots-area')).json()).toEqual({
      contracted_area: 150,
      used_area: 140,
    });

    const over = await send(token, 'PUT', '/api/accounts/area', {
      plots: [{ id: ids[2], contracted_area: 20 }],
    });
    expect([over.statusCode, over.json().key]).toEqual([
      409,
      'exception.plot.exceeded_contracted_area',
    ]);
    const rows = (await send(token, 'GET', `/api/accounts/${full.accountId}/allPlots`)).json<
      { id: number; contracted_area: number | null }[]
    >();
    expect(rows.map((row) => [row.id, row.contracted_area])).toEqual([
      [ids[0], 80],
      [ids[1], 60],
      [ids[2], null],
    ]);

    const tooBig = await send(token, 'POST', '/api/plots/manager-plot', {
      plots: [{ id: ids[2], contracted_area: 100.5 }],
    });
    expect([tooBig.statusCode, tooBig.json().key]).toEqual([400, 'exception.validation_error']);
    const foreign = await send(token, 'POST', '/api/plots/manager-plot', {
      plots: [{ id: (await createPlot()).json<Plot>().id, contracted_area: 1 }],
    });
    expect([foreign.statusCode, foreign.json().key]).toEqual([400, 'exception.plot_not_found']);
    const otherAccount = await send(token, 'GET', `/api/accounts/${accountId}/allPlots`);
    expect(otherAccount.statusCode).toBe(404);
  });

  it('is a Full-plan feature', async () => {
    const pro = await accountWith(app, ['CONTA'], { planId: 2 });
    const response = await send(pro.members.CONTA!.token, 'GET', '/api/accounts/plots-area');
    expect(response.statusCode).toBe(403);
  });
});
