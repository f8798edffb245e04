import { addDays, todayIn, type FarmPrecipitation, type FarmWeather } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../test/open-meteo-fake.ts';
import { openMeteoWeatherProvider } from '../../providers/weather/open-meteo-weather.ts';
import { simulatedWeatherProvider } from '../../providers/weather/simulated-weather.ts';
import {
  WeatherProviderError,
  type WeatherProvider,
} from '../../providers/weather/weather-provider.ts';
import { assignFarms, makeFarm } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { WeatherService } from './weather.service.ts';

/** A farm's weather and rainfall (issue 14 item 1; spec 3 §3, §7, §9). */

const ZONE = 'America/Sao_Paulo';
let app: TestApp;
let accountId: number;
let adminId: number;
let token: string;
let farmId: number;
let newFarmId: number;
let unassignedFarmId: number;
let agronomistToken: string;
let observerToken: string;
let strangerToken: string;
let today: string;

beforeAll(async () => {
  app = await createTestApp();
  today = todayIn(ZONE, app.clock.now);
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  adminId = account.members.CONTA!.id;
  token = account.members.CONTA!.token;
  const longAgo = new Date(app.clock.now.getTime() - 90 * 86_400_000);
  farmId = await makeFarm(app.db, accountId, { name: 'Sede', createdAt: longAgo });
  newFarmId = await makeFarm(app.db, accountId, {
    name: 'Nova',
    createdAt: new Date(app.clock.now.getTime() - 3 * 86_400_000),
  });
  unassignedFarmId = await makeFarm(app.db, accountId, { name: 'Retiro', createdAt: longAgo });
  const agronomist = await makeUser(app.db, { accountId, profile: 'FARM' });
  await assignFarms(app.db, accountId, agronomist.id, [farmId]);
  agronomistToken = await tokenFor(app, agronomist.email);
  const observer = await makeUser(app.db, { accountId, profile: 'ASSISTENTE_TECNICO' });
  await assignFarms(app.db, accountId, observer.id, [farmId]);
  observerToken = await tokenFor(app, observer.email);
  strangerToken = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
});
afterAll(() => app.close());

const get = (url: string, as = token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(as) });
const post = (url: string, payload: unknown, as = token) =>
  app.app.inject({ method: 'POST', url, headers: bearer(as), payload: payload as object });

async function observedRows(farm = farmId) {
  return app.db
    .select({ day: t.observedPrecipitations.day, mm: t.observedPrecipitations.observedMm })
    .from(t.observedPrecipitations)
    .where(
      and(
        eq(t.observedPrecipitations.accountId, accountId),
        eq(t.observedPrecipitations.farmId, farm),
      ),
    )
    .orderBy(t.observedPrecipitations.day);
}

/** A second app on the same database, with another weather provider. */
async function appWith(provider: WeatherProvider): Promise<FastifyInstance> {
  const other = await buildApp({
    db: app.db,
    maintenance: { enabled: false },
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
    publicUrl: 'http://lavoura.test',
    now: () => app.clock.now,
    weatherProvider: provider,
  });
  await other.ready();
  return other;
}

describe('the farm’s forecast', () => {
  it('answers the same forecast on the English and the Portuguese path, marked simulated', async () => {
    const english = await get(`/api/farms/${farmId}/weather`);
    const portuguese = await get(`/api/fazendas/${farmId}/clima`);
    expect(english.statusCode).toBe(200);
    expect(portuguese.statusCode).toBe(200);
    expect(portuguese.json()).toEqual(english.json());
    const weather = english.json<FarmWeather>();
    expect(weather).toMatchObject({
      farm_id: farmId,
      provider: 'simulated',
      simulated: true,
      time_zone: ZONE,
    });
    // Today and the week ahead, each with its 24 hours.
    expect(weather.days.map((day) => day.date)).toEqual(
      Array.from({ length: 8 }, (_, index) => addDays(today, index)),
    );
    const [first, second] = weather.days;
    expect(first!.temperature.current).toBe(weather.current.temperature);
    expect(second!.temperature.current).toBeNull();
    for (const day of weather.days) {
      expect(day.hourly.precipitation).toHaveLength(24);
      expect(day.hourly.amount).toBeCloseTo(day.precipitation, 1);
      expect(day.temperature.min).toBeLessThan(day.temperature.max);
      expect(day.temperature.max).toBeLessThan(45);
      expect(day.temperature.min).toBeGreaterThan(-5);
      expect(day.wind_speed).toBeGreaterThan(0);
      expect(day.soil_moisture).toBeGreaterThan(0);
      expect(day.soil_moisture).toBeLessThan(0.6);
      expect(day.dew_point_temperature).toBeLessThanOrEqual(day.temperature.min + 1);
    }
    // Every answer of the simulation says so.
    const history = await get(`/api/fazendas/${farmId}/precipitation`);
    expect(history.json<FarmPrecipitation>().simulated).toBe(true);
  });

  it('is asked of the provider once an hour per place: a repeated call answers the same', async () => {
    let calls = 0;
    const simulated = simulatedWeatherProvider({ now: () => app.clock.now });
    const counting: WeatherProvider = {
      ...simulated,
      forecast: (...args) => {
        calls += 1;
        return simulated.forecast(...args);
      },
    };
    const other = await appWith(counting);
    try {
      const first = await other.inject({
        method: 'GET',
        url: `/api/farms/${farmId}/weather`,
        headers: bearer(token),
      });
      const again = await other.inject({
        method: 'GET',
        url: `/api/fazendas/${farmId}/clima`,
        headers: bearer(token),
      });
      // Another farm at the same place shares the provider's answer.
      const neighbour = await other.inject({
        method: 'GET',
        url: `/api/farms/${unassignedFarmId}/weather`,
        headers: bearer(token),
      });
      expect([first.statusCode, again.statusCode, neighbour.statusCode]).toEqual([200, 200, 200]);
      expect(again.body).toBe(first.body);
      expect(neighbour.json<FarmWeather>().days).toEqual(first.json<FarmWeather>().days);
      expect(calls).toBe(1);
      // The next hour asks again.
      app.clock.now = new Date(app.clock.now.getTime() + 3_600_000);
      await other.inject({
        method: 'GET',
        url: `/api/farms/${farmId}/weather`,
        headers: bearer(token),
      });
      expect(calls).toBe(2);
    } finally {
      app.clock.now = new Date(app.clock.now.getTime() - 3_600_000);
      await other.close();
    }
  });

  it('answers 502 exception.provider_unavailable when the provider fails, and works again after', async () => {
    let failing = true;
    const simulated = simulatedWeatherProvider({ now: () => app.clock.now });
    const flaky: WeatherProvider = {
      ...simulated,
      forecast: (...args) =>
        failing ? Promise.reject(new WeatherProviderError('down')) : simulated.forecast(...args),
    };
    const other = await appWith(flaky);
    try {
      const failed = await other.inject({
        method: 'GET',
        url: `/api/farms/${farmId}/weather`,
        headers: bearer(token),
      });
      expect([failed.statusCode, failed.json().key]).toEqual([
        502,
        'exception.provider_unavailable',
      ]);
      failing = false;
      const ok = await other.inject({
        method: 'GET',
        url: `/api/farms/${farmId}/weather`,
        headers: bearer(token),
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('the farm’s rainfall', () => {
  it('lists the last 30 days of history by default, up to yesterday', async () => {
    const response = await get(`/api/fazendas/${farmId}/precipitation`);
    expect(response.statusCode).toBe(200);
    const body = response.json<FarmPrecipitation>();
    expect(body).toMatchObject({
      farmId,
      farmName: 'Sede',
      provider: 'simulated',
      simulated: true,
      from: addDays(today, -29),
      to: today,
      history_unavailable_from: null,
    });
    expect(new Date(body.farmCreatedAt).getTime()).toBeLessThan(app.clock.now.getTime());
    expect(body.prec_mm_day.map((day) => day.date)).toEqual(
      Array.from({ length: 29 }, (_, index) => addDays(today, index - 29)),
    );
    const [first] = body.prec_mm_day;
    expect(first!.id).toBe(Number(first!.date.replaceAll('-', '')));
    expect(body.prec_mm_day.every((day) => day.cons_mm >= 0)).toBe(true);
  });

  it('has no history for the last 10 days of a farm created less than 10 days ago', async () => {
    const body = (await get(`/api/fazendas/${newFarmId}/precipitation`)).json<FarmPrecipitation>();
    const gap = addDays(today, -9);
    expect(body.history_unavailable_from).toBe(gap);
    expect(body.prec_mm_day.length).toBe(20);
    expect(body.prec_mm_day.every((day) => day.date < gap)).toBe(true);
  });

  it('answers a chosen period and refuses a reversed one', async () => {
    const from = addDays(today, -60);
    const to = addDays(today, -50);
    const body = (
      await get(`/api/fazendas/${farmId}/precipitation?from=${from}&to=${to}`)
    ).json<FarmPrecipitation>();
    expect(body.prec_mm_day.map((day) => day.date)).toEqual(
      Array.from({ length: 11 }, (_, index) => addDays(from, index)),
    );
    const reversed = await get(`/api/fazendas/${farmId}/precipitation?from=${to}&to=${from}`);
    expect([reversed.statusCode, reversed.json().key]).toEqual([400, 'exception.validation_error']);
    const notADay = await get(`/api/fazendas/${farmId}/precipitation?from=2026-02-30`);
    expect(notADay.statusCode).toBe(400);
  });

  it('records the rain measured on a day, and the same day again replaces it', async () => {
    const day = addDays(today, -2);
    const first = await post(`/api/fazendas/${farmId}/precipitation`, {
      date: day,
      observed: 12.5,
    });
    expect([first.statusCode, first.json()]).toEqual([200, { date: day, observed_mm: 12.5 }]);
    const again = await post(`/api/fazendas/${farmId}/precipitation`, { date: day, observed: 8 });
    expect(again.statusCode).toBe(200);
    const todays = await post(`/api/fazendas/${farmId}/precipitation`, {
      date: today,
      observed: 0,
    });
    expect(todays.statusCode).toBe(200);
    expect(await observedRows()).toEqual([
      { day, mm: 8 },
      { day: today, mm: 0 },
    ]);
    const body = (await get(`/api/fazendas/${farmId}/precipitation`)).json<FarmPrecipitation>();
    expect(body.obs_prec_mm_day).toEqual([
      { date: day, observed_mm: 8 },
      { date: today, observed_mm: 0 },
    ]);
    const [row] = await app.db
      .select({ by: t.observedPrecipitations.createdBy })
      .from(t.observedPrecipitations)
      .where(eq(t.observedPrecipitations.day, day));
    expect(row!.by).toBe(adminId);
  });

  it('refuses a day after the farm’s today with exception.precipitation.date_in_future', async () => {
    const before = await observedRows();
    const response = await post(`/api/fazendas/${farmId}/precipitation`, {
      date: addDays(today, 1),
      observed: 3,
    });
    expect([response.statusCode, response.json().key]).toEqual([
      400,
      'exception.precipitation.date_in_future',
    ]);
    expect(await observedRows()).toEqual(before);
  });

  it('refuses rain on a disabled farm with 409 and stores nothing, while its weather stays readable', async () => {
    const disabled = await makeFarm(app.db, accountId, { name: 'Parada', enabled: false });
    const response = await post(`/api/fazendas/${disabled}/precipitation`, {
      date: today,
      observed: 3,
    });
    expect([response.statusCode, response.json().key]).toEqual([409, 'exception.farm.disabled']);
    expect(await observedRows(disabled)).toEqual([]);
    expect((await get(`/api/fazendas/${disabled}/precipitation`)).statusCode).toBe(200);
  });

  it.each([
    ['a negative amount', { date: '2026-01-10', observed: -1 }, 'body.observed'],
    ['an impossible amount', { date: '2026-01-10', observed: 5000 }, 'body.observed'],
    ['text for the amount', { date: '2026-01-10', observed: '12' }, 'body.observed'],
    ['no amount', { date: '2026-01-10' }, 'body.observed'],
    ['no day', { observed: 4 }, 'body.date'],
    ['a day that does not exist', { date: '2026-02-30', observed: 4 }, 'body.date'],
    ['an unknown field', { date: '2026-01-10', observed: 4, farm_id: 9 }, 'body'],
  ])('refuses %s with 400 and stores nothing', async (_, payload, field) => {
    const before = await observedRows();
    const response = await post(`/api/fazendas/${farmId}/precipitation`, payload);
    expect([response.statusCode, response.json().key]).toEqual([400, 'exception.validation_error']);
    const fields = response
      .json<{ context: { additionalInfo: { field: string }[] } }>()
      .context.additionalInfo.map((item) => item.field);
    expect(fields.some((name) => name.startsWith(field))).toBe(true);
    expect(await observedRows()).toEqual(before);
  });
});

describe('who reaches a farm’s weather', () => {
  it('lets a member assigned to the farm read it; recording rain needs FAZENDA_EDITAR', async () => {
    expect((await get(`/api/farms/${farmId}/weather`, agronomistToken)).statusCode).toBe(200);
    expect((await get(`/api/fazendas/${farmId}/precipitation`, observerToken)).statusCode).toBe(
      200,
    );
    const before = await observedRows();
    for (const as of [observerToken, agronomistToken]) {
      const refused = await post(
        `/api/fazendas/${farmId}/precipitation`,
        { date: today, observed: 1 },
        as,
      );
      expect(refused.statusCode).toBe(403);
    }
    expect(await observedRows()).toEqual(before);
  });

  it('answers 404 for a farm of the account not assigned to the member, and for another account’s farm', async () => {
    for (const [as, farm] of [
      [agronomistToken, unassignedFarmId],
      [strangerToken, farmId],
    ] as const) {
      for (const url of [
        `/api/farms/${farm}/weather`,
        `/api/fazendas/${farm}/clima`,
        `/api/fazendas/${farm}/precipitation`,
      ]) {
        const response = await get(url, as);
        expect([url, response.statusCode, response.json().key]).toEqual([
          url,
          404,
          'exception.not_found',
        ]);
      }
    }
    const before = await observedRows();
    const write = await post(
      `/api/fazendas/${farmId}/precipitation`,
      { date: today, observed: 40 },
      strangerToken,
    );
    expect([write.statusCode, write.json().key]).toEqual([404, 'exception.not_found']);
    expect(await observedRows()).toEqual(before);
  });
});

describe('WeatherService.dailySummary (for the digest and the rain alert)', () => {
  it('gives each day’s rain and temperatures, the recorded rain first, past and future', async () => {
    const service = new WeatherService({
      db: app.db,
      provider: simulatedWeatherProvider({ now: () => app.clock.now }),
      now: () => app.clock.now,
    });
    const weather = (await get(`/api/farms/${farmId}/weather`)).json<FarmWeather>();
    const summary = await service.dailySummary(
      { accountId, farms: { all: true } },
      farmId,
      addDays(today, -14),
      addDays(today, 10),
    );
    expect(summary).toMatchObject({ farmId, farmName: 'Sede', today, simulated: true });
    // A week back from the forecast, older days from the history, nothing past the forecast.
    expect(summary.days.map((day) => day.date)).toEqual(
      Array.from({ length: 22 }, (_, index) => addDays(today, index - 14)),
    );
    const old = summary.days[0]!;
    expect(old).toMatchObject({ past: true, temp_min_c: null, weather_status: null });
    expect(old.rain_mm).not.toBeNull();
    const recorded = summary.days.find((day) => day.date === addDays(today, -2))!;
    expect(recorded).toMatchObject({ rain_mm: 8, rain_source: 'observed' });
    const tomorrow = summary.days.find((day) => day.date === addDays(today, 1))!;
    expect(tomorrow).toMatchObject({
      past: false,
      rain_mm: weather.days[1]!.precipitation,
      rain_source: 'provider',
      temp_min_c: weather.days[1]!.temperature.min,
      temp_max_c: weather.days[1]!.temperature.max,
      weather_status: weather.days[1]!.weather_status,
    });
    await expect(
      service.dailySummary(
        { accountId: accountId + 10_000, farms: { all: true } },
        farmId,
        today,
        today,
      ),
    ).rejects.toMatchObject({ key: 'exception.not_found' });
  });
});

describe('with the open-meteo provider (a local fake of its API)', () => {
  let fake: FakeOpenMeteo;
  let other: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
    other = await appWith(
      openMeteoWeatherProvider({ forecastUrl: fake.forecastUrl, archiveUrl: fake.archiveUrl }),
    );
  });
  afterAll(async () => {
    await other.close();
    await fake.close();
  });

  it('answers the provider’s numbers without the simulated mark', async () => {
    const response = await other.inject({
      method: 'GET',
      url: `/api/farms/${farmId}/weather`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const weather = response.json<FarmWeather>();
    expect(weather.provider).toBe('open-meteo');
    expect(weather).not.toHaveProperty('simulated');
    expect(weather.days[0]!.date).toBe(todayIn(ZONE));
    expect(weather.days[0]!.soil_moisture).toBe(0.31);
    const [request] = fake.requests;
    expect(request!.searchParams.get('latitude')).toBe('-23.31');
    expect(request!.searchParams.get('timezone')).toBe(ZONE);

    const history = await other.inject({
      method: 'GET',
      url: `/api/fazendas/${farmId}/precipitation`,
      headers: bearer(token),
    });
    const body = history.json<FarmPrecipitation>();
    expect(body).not.toHaveProperty('simulated');
    expect(body.prec_mm_day.length).toBe(29);
  });
});
