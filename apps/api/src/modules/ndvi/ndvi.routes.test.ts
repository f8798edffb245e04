import { NDVI_SCALE, hexToRgb } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** NDVI of a plot (issue 14 item 3; spec 3 §3 NDVI image record, §7 NDVI) with the simulated default. */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;
let otherFarmId: number;
/** A triangle with NDVI contracted, a plot without, and one on a farm the agronomist does not see. */
let ndviPlot: number;
let plainPlot: number;
let hiddenPlot: number;
let agronomistToken: string;
let strangerToken: string;

const TODAY = '2027-01-20';
/** Half of the default square: the image's bounding box has transparent corners. */
const TRIANGLE = {
  type: 'Polygon',
  coordinates: [
    [
      [-51.17, -23.32],
      [-51.16, -23.32],
      [-51.17, -23.31],
      [-51.17, -23.32],
    ],
  ],
};

beforeAll(async () => {
  app = await createTestApp();
  app.clock.now = new Date(`${TODAY}T15:00:00Z`);
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId, { name: 'Sede' });
  otherFarmId = await makeFarm(app.db, accountId, { name: 'Retiro' });
  ndviPlot = await makePlot(app.db, accountId, farmId, { name: 'Triângulo' });
  await app.db
    .update(t.plots)
    .set({ geometry: TRIANGLE, ndviContractedAt: new Date('2026-06-01T12:00:00Z') })
    .where(eq(t.plots.id, ndviPlot));
  plainPlot = await makePlot(app.db, accountId, farmId, { name: 'Sem NDVI' });
  hiddenPlot = await makePlot(app.db, accountId, otherFarmId, { name: 'Retiro 1' });
  await app.db
    .update(t.plots)
    .set({ ndviContractedAt: new Date('2026-06-01T12:00:00Z') })
    .where(eq(t.plots.id, hiddenPlot));
  const farmUser = await makeUser(app.db, { accountId, profile: 'FARM' });
  await assignFarms(app.db, accountId, farmUser.id, [farmId]);
  agronomistToken = await tokenFor(app, farmUser.email);
  strangerToken = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
});
afterAll(() => app.close());

const list = (plotId: number, dates: unknown, as = token) =>
  app.app.inject({
    method: 'POST',
    url: '/api/ndvi',
    headers: bearer(as),
    payload: { plot_id: plotId, dates },
  });
const image = (url: string, as = token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(as) });

interface Answer {
  simulated: boolean;
  provider: string;
  bounds: [[number, number], [number, number]];
  scale: typeof NDVI_SCALE;
  items: {
    field_id: number;
    type: string;
    date: string;
    images: { ndvi: string };
    cloudCovering: number;
  }[];
}

describe('POST /api/ndvi', () => {
  it('lists a simulated scene every 5 days of the window, newest first, marked simulated', async () => {
    const response = await list(ndviPlot, ['2026-11-01', '2026-12-31']);
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.simulated).toBe(true);
    expect(answer.provider).toBe('simulated');
    expect(answer.bounds).toEqual([
      [-23.32, -51.17],
      [-23.31, -51.16],
    ]);
    expect(answer.scale.stops[0]).toEqual({ value: 0, color: '#a50026' });
    expect(answer.items.length).toBe(12);
    const dates = answer.items.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (let i = 1; i < dates.length; i += 1) {
      const gap = (Date.parse(dates[i - 1]!) - Date.parse(dates[i]!)) / 86_400_000;
      expect(gap).toBe(5);
    }
    for (const item of answer.items) {
      // The spec's record, field for field.
      expect(Object.keys(item).sort()).toEqual(
        ['cloudCovering', 'date', 'field_id', 'images', 'type'].sort(),
      );
      expect(item.field_id).toBe(ndviPlot);
      expect(item.type).toBe('simulated-sentinel-2');
      expect(item.date >= '2026-11-01' && item.date <= '2026-12-31').toBe(true);
      expect(item.cloudCovering).toBeGreaterThanOrEqual(0);
      expect(item.cloudCovering).toBeLessThanOrEqual(100);
      expect(item.images.ndvi).toMatch(
        new RegExp(`^/api/ndvi/images/${ndviPlot}/${item.date}\\.png\\?v=[\\w-]+$`),
      );
    }
    // Deterministic: the same window answers the same scenes.
    expect((await list(ndviPlot, ['2026-11-01', '2026-12-31'])).json()).toEqual(answer);
  });

  it('lists nothing after the farm’s today', async () => {
    const answer = (await list(ndviPlot, ['2027-01-10', '2027-03-01'])).json<Answer>();
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.items.every((item) => item.date <= TODAY)).toBe(true);
    expect((await list(ndviPlot, ['2027-02-01', '2027-03-01'])).json<Answer>().items).toEqual([]);
  });

  it('refuses a plot without NDVI with the upsell key', async () => {
    const response = await list(plainPlot, ['2026-11-01', '2026-12-31']);
    expect([response.statusCode, response.json().key]).toEqual([403, 'exception.ndvi.not_enabled']);
  });

  it('answers 400 exception.plot_not_found for another account’s plot in the body, and for a farm the member does not see', async () => {
    for (const [plot, as] of [
      [ndviPlot, strangerToken],
      [hiddenPlot, agronomistToken],
      [999_999, token],
    ] as const) {
      const response = await list(plot, ['2026-11-01', '2026-12-31'], as);
      expect([response.statusCode, response.json().key]).toEqual([400, 'exception.plot_not_found']);
      expect(response.json().context.additionalInfo).toEqual({ plot_id: plot });
    }
    // The agronomist reaches the plot of the farm assigned to them.
    expect((await list(ndviPlot, ['2026-11-01', '2026-12-31'], agronomistToken)).statusCode).toBe(
      200,
    );
  });

  it('refuses bad windows with 400 and the failing field', async () => {
    for (const dates of [
      ['2026-12-31', '2026-11-01'], // reversed
      ['2025-01-01', '2026-12-31'], // longer than a year
      ['2026-02-30', '2026-03-10'], // no such day
      ['2026-11-01'], // one date
      '2026-11-01',
    ]) {
      const response = await list(ndviPlot, dates);
      expect(response.statusCode, JSON.stringify(dates)).toBe(400);
      const body = response.json<{
        key: string;
        context: { additionalInfo: { field: string }[] };
      }>();
      expect(body.key).toBe('exception.validation_error');
      expect(body.context.additionalInfo[0]!.field).toMatch(/^body\.dates/);
    }
  });

  it('needs a session', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/ndvi',
      payload: { plot_id: ndviPlot, dates: ['2026-11-01', '2026-12-31'] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/ndvi/images/{plot_id}/{date}.png', () => {
  it('is a PNG of the plot: coloured with the scale inside the outline, transparent outside', async () => {
    const answer = (await list(ndviPlot, ['2026-11-01', '2026-12-31'])).json<Answer>();
    // The clearest scene of the window.
    const scene = [...answer.items].sort((a, b) => a.cloudCovering - b.cloudCovering)[0]!;
    const response = await image(scene.images.ndvi);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    const png = PNG.sync.read(response.rawPayload);
    // The triangle is about 1 km on a side: 10 m pixels.
    expect(png.width).toBeGreaterThan(90);
    expect(Math.abs(png.width - png.height)).toBeLessThan(png.width * 0.1);
    const pixel = (x: number, y: number) => {
      const at = (y * png.width + x) * 4;
      return [...png.data.subarray(at, at + 4)] as [number, number, number, number];
    };
    // The triangle's corners: south-west, south-east, north-west. North-east is outside.
    expect(pixel(png.width - 3, 2)[3]).toBe(0);
    const inside = pixel(5, png.height - 6);
    expect(inside[3]).toBe(255);
    // Every opaque pixel is a colour of the scale (between two stops), not grey or black.
    const palette = NDVI_SCALE.stops.map((stop) => hexToRgb(stop.color));
    let opaque = 0;
    let transparent = 0;
    for (let y = 0; y < png.height; y += 7) {
      for (let x = 0; x < png.width; x += 7) {
        const [r, g, b, a] = pixel(x, y);
        if (a === 0) {
          transparent += 1;
          continue;
        }
        opaque += 1;
        const near = palette.some(
          (colour, i) =>
            i > 0 &&
            [r, g, b].every(
              (channel, c) =>
                channel >= Math.min(colour[c]!, palette[i - 1]![c]!) - 1 &&
                channel <= Math.max(colour[c]!, palette[i - 1]![c]!) + 1,
            ),
        );
        expect(near, `${r},${g},${b}`).toBe(true);
      }
    }
    // Half the box is the plot.
    expect(opaque / (opaque + transparent)).toBeGreaterThan(0.4);
    expect(opaque / (opaque + transparent)).toBeLessThan(0.6);
    // Deterministic.
    expect((await image(scene.images.ndvi)).rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('greens up as a crop on the plot grows', async () => {
    const [seasonCrop] = await app.db.select({ id: t.seasonCrops.id }).from(t.seasonCrops).limit(1);
    await app.db.insert(t.sowings).values({
      accountId,
      farmId,
      plotId: ndviPlot,
      cropId: 1,
      seasonCropId: seasonCrop!.id,
      area: 10,
      sowingDate: '2026-10-01',
    });
    const mean = async (date: string) => {
      const png = PNG.sync.read(
        (await image(`/api/ndvi/images/${ndviPlot}/${date}.png`)).rawPayload,
      );
      // Greenness: the green channel over the red one, averaged over the plot.
      let sum = 0;
      let count = 0;
      for (let at = 0; at < png.data.length; at += 4) {
        if (png.data[at + 3] === 0) continue;
        sum += png.data[at + 1]! - png.data[at]!;
        count += 1;
      }
      return sum / count;
    };
    /** The clearest scene of a window. */
    const clearest = async (from: string, to: string) =>
      [...(await list(ndviPlot, [from, to])).json<Answer>().items].sort(
        (a, b) => a.cloudCovering - b.cloudCovering,
      )[0]!.date;
    // Days 0 to 9 after sowing (bare soil), and 65 to 90 (a closed canopy).
    const bare = await mean(await clearest('2026-10-01', '2026-10-10'));
    const canopy = await mean(await clearest('2026-12-05', '2026-12-30'));
    expect(canopy).toBeGreaterThan(bare + 60);
  });

  it('answers 403 without NDVI, 404 for a foreign or unseen plot and a day after today', async () => {
    const cases = [
      [`/api/ndvi/images/${plainPlot}/2026-12-01.png`, token, 403, 'exception.ndvi.not_enabled'],
      [`/api/ndvi/images/${ndviPlot}/2026-12-01.png`, strangerToken, 404, 'exception.not_found'],
      [
        `/api/ndvi/images/${hiddenPlot}/2026-12-01.png`,
        agronomistToken,
        404,
        'exception.not_found',
      ],
      [`/api/ndvi/images/${ndviPlot}/2027-01-21.png`, token, 404, 'exception.not_found'],
      [`/api/ndvi/images/${ndviPlot}/2026-13-01.png`, token, 400, 'exception.validation_error'],
    ] as const;
    for (const [url, as, status, key] of cases) {
      const response = await image(url, as);
      expect([url, response.statusCode, response.json().key]).toEqual([url, status, key]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(
      (await app.app.inject({ method: 'GET', url: `/api/ndvi/images/${ndviPlot}/2026-12-01.png` }))
        .statusCode,
    ).toBe(401);
  });
});
