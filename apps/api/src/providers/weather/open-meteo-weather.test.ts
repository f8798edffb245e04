import { addDays, todayIn } from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeValues, startFakeOpenMeteo, type FakeOpenMeteo } from '../../test/open-meteo-fake.ts';
import { openMeteoWeatherProvider } from './open-meteo-weather.ts';
import { simulatedWeatherProvider } from './simulated-weather.ts';
import { WeatherProviderError } from './weather-provider.ts';

/**
 * The Open-Meteo adapter against a local fake serving answers shaped as
 * https://open-meteo.com/en/docs ("JSON Return Object", "Errors") and
 * https://open-meteo.com/en/docs/historical-weather-api document them (src/test/open-meteo-fake.ts).
 */

const ZONE = 'America/Sao_Paulo';
let fake: FakeOpenMeteo;

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
});
afterAll(() => fake.close());

const provider = () =>
  openMeteoWeatherProvider({ forecastUrl: fake.forecastUrl, archiveUrl: fake.archiveUrl });

describe('the open-meteo weather provider', () => {
  it('asks the forecast API for the documented variables in the farm’s time zone and reads days and hours', async () => {
    fake.requests.length = 0;
    const forecast = await provider().forecast(-23.31, -51.16, ZONE, {
      pastDays: 7,
      forecastDays: 8,
    });
    const [request] = fake.requests;
    expect(request!.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(request!.searchParams)).toEqual({
      latitude: '-23.31',
      longitude: '-51.16',
      daily:
        'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,wind_speed_10m_max',
      hourly:
        'temperature_2m,precipitation,dew_point_2m,soil_moisture_0_to_1cm,relative_humidity_2m,wind_speed_10m,wind_gusts_10m',
      current: 'temperature_2m,precipitation,wind_speed_10m',
      timezone: ZONE,
      past_days: '7',
      forecast_days: '8',
    });

    const today = todayIn(ZONE);
    expect(forecast.provider).toBe('open-meteo');
    expect(forecast.simulated).toBe(false);
    expect(forecast.timeZone).toBe(ZONE);
    expect(forecast.days.map((day) => day.date)).toEqual(
      Array.from({ length: 15 }, (_, index) => addDays(today, index - 7)),
    );
    const odd = forecast.days.find((day) => Number(day.date.slice(8)) % 2 === 1)!;
    expect(odd).toMatchObject({
      precipitationMm: 3,
      temperatureMaxC: fakeValues.temperature(23),
      temperatureMinC: fakeValues.temperature(0),
      dewPointC: 14.5,
      windSpeedKmh: fakeValues.windMax,
      soilMoisture: fakeValues.soilMoisture,
      weatherCode: 61,
    });
    expect(odd.hourly).toHaveLength(24);
    expect(odd.hourly[15]).toEqual({
      time: `${odd.date}T15:00`,
      precipitationMm: 2,
      temperatureC: fakeValues.temperature(15),
      relativeHumidityPct: fakeValues.humidity(15),
      windSpeedKmh: fakeValues.wind(15),
      windGustKmh: fakeValues.wind(15) * 1.5,
    });
    expect(forecast.current).toEqual({
      time: `${today}T12:00`,
      temperatureC: fakeValues.temperature(12),
      windSpeedKmh: 9.4,
      precipitationMm: fakeValues.precipitation(today, 12),
    });
  });

  it('reads the archive’s daily rain and leaves out the days the reanalysis has not reached', async () => {
    fake.requests.length = 0;
    fake.archiveUntil = '2026-10-05';
    const history = await provider().history(-23.31, -51.16, '2026-10-01', '2026-10-08', ZONE);
    fake.archiveUntil = null;
    expect(Object.fromEntries(fake.requests[0]!.searchParams)).toEqual({
      latitude: '-23.31',
      longitude: '-51.16',
      start_date: '2026-10-01',
      end_date: '2026-10-08',
      daily: 'precipitation_sum',
      timezone: ZONE,
    });
    expect(fake.requests[0]!.pathname).toBe('/v1/archive');
    expect(history).toEqual({
      provider: 'open-meteo',
      simulated: false,
      days: ['01', '02', '03', '04', '05'].map((day) => ({
        date: `2026-10-${day}`,
        precipitationMm: Number(day) / 10,
      })),
    });
  });

  it('turns the documented error object, a non-JSON answer and an unreachable host into a provider error', async () => {
    fake.failWith = 'error-object';
    await expect(provider().forecast(1, 1, ZONE, { pastDays: 0, forecastDays: 1 })).rejects.toThrow(
      /400: Parameter latitude is missing/,
    );
    fake.failWith = 'server-error';
    await expect(provider().history(1, 1, '2026-01-01', '2026-01-02', ZONE)).rejects.toBeInstanceOf(
      WeatherProviderError,
    );
    fake.failWith = 'none';
    const nowhere = openMeteoWeatherProvider({
      forecastUrl: 'http://127.0.0.1:1/v1/forecast',
      timeoutMs: 2_000,
    });
    await expect(
      nowhere.forecast(1, 1, ZONE, { pastDays: 0, forecastDays: 1 }),
    ).rejects.toBeInstanceOf(WeatherProviderError);
  });
});

describe('the simulated weather provider', () => {
  const now = new Date('2026-01-15T15:00:00Z');
  const simulated = simulatedWeatherProvider({ now: () => now });

  it('gives the same numbers for the same place and day, and says it is simulated', async () => {
    const first = await simulated.forecast(-23.31, -51.16, ZONE, { pastDays: 7, forecastDays: 8 });
    const again = await simulatedWeatherProvider({ now: () => now }).forecast(
      -23.31,
      -51.16,
      ZONE,
      {
        pastDays: 7,
        forecastDays: 8,
      },
    );
    expect(again).toEqual(first);
    expect(first.simulated).toBe(true);
    // A forecast day is the history day of the same date.
    const history = await simulated.history(
      -23.31,
      -51.16,
      first.days[0]!.date,
      first.days[6]!.date,
      ZONE,
    );
    expect(history.simulated).toBe(true);
    expect(history.days.map((day) => day.precipitationMm)).toEqual(
      first.days.slice(0, 7).map((day) => day.precipitationMm),
    );
    for (const day of first.days) {
      expect(day.temperatureMinC).toBeLessThan(day.temperatureMaxC);
      expect(day.dewPointC).toBeLessThanOrEqual(day.temperatureMinC + 1);
      expect(day.hourly).toHaveLength(24);
      const hoursRain = day.hourly.reduce((sum, hour) => sum + hour.precipitationMm, 0);
      expect(hoursRain).toBeCloseTo(day.precipitationMm, 1);
    }
  });

  it('rains in the southern summer and keeps central Brazil’s winter nearly dry', async () => {
    const rainyDays = async (latitude: number, from: string) => {
      const year = await simulated.history(latitude, -50, from, addDays(from, 89), ZONE);
      return year.days.filter((day) => day.precipitationMm > 0).length;
    };
    // Goiás (-16°): December–February against June–August.
    expect(await rainyDays(-16, '2025-12-01')).toBeGreaterThan(40);
    expect(await rainyDays(-16, '2025-06-01')).toBeLessThan(12);
    // Iowa (42°N) is warmer in July than in January.
    const meanMax = async (at: string) => {
      const week = await simulatedWeatherProvider({ now: () => new Date(at) }).forecast(
        42,
        -93,
        'America/Chicago',
        { pastDays: 0, forecastDays: 8 },
      );
      return week.days.reduce((sum, day) => sum + day.temperatureMaxC, 0) / week.days.length;
    };
    expect(await meanMax('2026-07-10T18:00:00Z')).toBeGreaterThan(
      (await meanMax('2026-01-10T18:00:00Z')) + 10,
    );
  });

  it('calms the wind at night and dries the air in the afternoon, hour by hour, for the spray windows', async () => {
    const forecast = await simulated.forecast(-23.31, -51.16, ZONE, {
      pastDays: 0,
      forecastDays: 8,
    });
    expect(forecast.days.some((day) => day.precipitationMm === 0)).toBe(true);
    for (const day of forecast.days) {
      const dawn = day.hourly[4]!;
      const afternoon = day.hourly[15]!;
      expect(dawn.windSpeedKmh!).toBeLessThan(afternoon.windSpeedKmh!);
      expect(afternoon.windGustKmh!).toBeGreaterThan(afternoon.windSpeedKmh!);
      if (day.precipitationMm === 0)
        expect(dawn.relativeHumidityPct!).toBeGreaterThan(afternoon.relativeHumidityPct! + 10);
      for (const hour of day.hourly) {
        expect(hour.relativeHumidityPct).toBeGreaterThanOrEqual(0);
        expect(hour.relativeHumidityPct).toBeLessThanOrEqual(100);
      }
    }
  });
});
