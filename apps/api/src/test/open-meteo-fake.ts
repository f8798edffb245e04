import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, todayIn } from '@lavoura/domain';
import { openMeteoWeatherProvider } from '../providers/weather/open-meteo-weather.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A local stand-in for Open-Meteo, for tests (there is no network here). Its answers follow the
 * documented JSON return object of the forecast API (https://open-meteo.com/en/docs, "JSON Return
 * Object": latitude, longitude, elevation, generationtime_ms, utc_offset_seconds, timezone,
 * timezone_abbreviation, then `current`/`hourly`/`daily` with a `time` array and one array per
 * requested variable, each with its `*_units`) and of the archive API
 * (https://open-meteo.com/en/docs/historical-weather-api: the same object with `daily`; days the
 * ERA5 reanalysis has not reached yet come as null). Errors are the documented
 * `{"error": true, "reason": "..."}` with status 400. It answers only the variables it is asked
 * for, so a renamed variable in the adapter shows up as a missing column.
 */
export interface FakeOpenMeteo {
  forecastUrl: string;
  archiveUrl: string;
  /** Every request's path and query, in order. */
  requests: URL[];
  /** Answer every request with HTTP 400 and the documented error object (or 500 without JSON). */
  failWith: 'none' | 'error-object' | 'server-error';
  /** The most recent day the archive has a value for (later days come as null). */
  archiveUntil: string | null;
  close(): Promise<void>;
}

/** The value of a variable at a day and hour: simple arithmetic, so tests can predict it. */
export const fakeValues = {
  temperature: (hour: number) => 18 + (hour % 24) / 2,
  /** 2 mm at 15 h and 1 mm at 16 h on every other day of the month (odd days). */
  precipitation: (day: string, hour: number): number =>
    Number(day.slice(8, 10)) % 2 === 1 ? (hour === 15 ? 2 : hour === 16 ? 1 : 0) : 0,
  dewPoint: (hour: number) => 14 + (hour % 2),
  soilMoisture: 0.31,
  windMax: 17.6,
  /** Calm before 7 h (2 km/h), 8 km/h by day, 14 km/h from 17 h; gusts half as much again. */
  wind: (hour: number) => (hour < 7 ? 2 : hour < 17 ? 8 : 14),
  humidity: (hour: number) => (hour < 12 ? 80 : 55),
  archiveRain: (day: string) => Number(day.slice(8, 10)) / 10,
};

const UNITS: Record<string, string> = {
  time: 'iso8601',
  interval: 'seconds',
  temperature_2m: '°C',
  temperature_2m_max: '°C',
  temperature_2m_min: '°C',
  dew_point_2m: '°C',
  precipitation: 'mm',
  precipitation_sum: 'mm',
  wind_speed_10m: 'km/h',
  wind_speed_10m_max: 'km/h',
  wind_gusts_10m: 'km/h',
  relative_humidity_2m: '%',
  soil_moisture_0_to_1cm: 'm³/m³',
  weather_code: 'wmo code',
};

function unitsOf(variables: string[], extra: string[] = ['time']): Record<string, string> {
  return Object.fromEntries([...extra, ...variables].map((name) => [name, UNITS[name] ?? '']));
}

function list(value: string | null): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

function header(url: URL, timeZone: string) {
  return {
    latitude: Math.round(Number(url.searchParams.get('latitude')) * 16) / 16,
    longitude: Math.round(Number(url.searchParams.get('longitude')) * 16) / 16,
    generationtime_ms: 0.43,
    utc_offset_seconds: timeZone === 'GMT' ? 0 : -10800,
    timezone: timeZone,
    timezone_abbreviation: timeZone === 'GMT' ? 'GMT' : 'GMT-3',
    elevation: 585,
  };
}

function forecastAnswer(url: URL) {
  const timeZone = url.searchParams.get('timezone') ?? 'GMT';
  const today = todayIn(timeZone);
  const past = Number(url.searchParams.get('past_days') ?? 0);
  const ahead = Number(url.searchParams.get('forecast_days') ?? 7);
  const days = Array.from({ length: past + ahead }, (_, index) => addDays(today, index - past));
  const hours = days.flatMap((day) =>
    Array.from({ length: 24 }, (_, hour) => `${day}T${String(hour).padStart(2, '0')}:00`),
  );
  const hourlyVariables = list(url.searchParams.get('hourly'));
  const dailyVariables = list(url.searchParams.get('daily'));
  const currentVariables = list(url.searchParams.get('current'));
  const hourValue = (name: string, time: string) => {
    const day = time.slice(0, 10);
    const hour = Number(time.slice(11, 13));
    if (name === 'temperature_2m') return fakeValues.temperature(hour);
    if (name === 'precipitation') return fakeValues.precipitation(day, hour);
    if (name === 'dew_point_2m') return fakeValues.dewPoint(hour);
    if (name === 'soil_moisture_0_to_1cm') return fakeValues.soilMoisture;
    if (name === 'relative_humidity_2m') return fakeValues.humidity(hour);
    if (name === 'wind_speed_10m') return fakeValues.wind(hour);
    if (name === 'wind_gusts_10m') return fakeValues.wind(hour) * 1.5;
    return null;
  };
  const dayValue = (name: string, day: string) => {
    const rain = Array.from({ length: 24 }, (_, hour) => fakeValues.precipitation(day, hour));
    const total = rain.reduce((sum, value) => sum + value, 0);
    if (name === 'temperature_2m_max') return fakeValues.temperature(23);
    if (name === 'temperature_2m_min') return fakeValues.temperature(0);
    if (name === 'precipitation_sum') return total;
    if (name === 'wind_speed_10m_max') return fakeValues.windMax;
    if (name === 'weather_code') return total > 0 ? 61 : 2;
    return null;
  };
  const nowHour = `${today}T12:00`;
  return {
    ...header(url, timeZone),
    ...(currentVariables.length
      ? {
          current_units: unitsOf(currentVariables, ['time', 'interval']),
          current: {
            time: nowHour,
            interval: 900,
            ...Object.fromEntries(
              currentVariables.map((name) => [
                name,
                name === 'wind_speed_10m' ? 9.4 : hourValue(name, nowHour),
              ]),
            ),
          },
        }
      : {}),
    ...(hourlyVariables.length
      ? {
          hourly_units: unitsOf(hourlyVariables),
          hourly: {
            time: hours,
            ...Object.fromEntries(
              hourlyVariables.map((name) => [name, hours.map((time) => hourValue(name, time))]),
            ),
          },
        }
      : {}),
    ...(dailyVariables.length
      ? {
          daily_units: unitsOf(dailyVariables),
          daily: {
            time: days,
            ...Object.fromEntries(
              dailyVariables.map((name) => [name, days.map((day) => dayValue(name, day))]),
            ),
          },
        }
      : {}),
  };
}

function archiveAnswer(url: URL, until: string | null) {
  const timeZone = url.searchParams.get('timezone') ?? 'GMT';
  const start = url.searchParams.get('start_date')!;
  const end = url.searchParams.get('end_date')!;
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  const variables = list(url.searchParams.get('daily'));
  return {
    ...header(url, timeZone),
    daily_units: unitsOf(variables),
    daily: {
      time: days,
      ...Object.fromEntries(
        variables.map((name) => [
          name,
          days.map((day) =>
            name === 'precipitation_sum' && (until === null || day <= until)
              ? fakeValues.archiveRain(day)
              : null,
          ),
        ]),
      ),
    },
  };
}

export async function startFakeOpenMeteo(): Promise<FakeOpenMeteo> {
  const fake = {
    requests: [] as URL[],
    failWith: 'none' as FakeOpenMeteo['failWith'],
    archiveUntil: null as string | null,
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.open-meteo');
    fake.requests.push(url);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (fake.failWith === 'server-error') {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
      return;
    }
    if (fake.failWith === 'error-object' || !url.searchParams.get('latitude'))
      return reply(400, {
        error: true,
        reason: 'Parameter latitude is missing or out of range',
      });
    if (url.pathname === '/v1/forecast') return reply(200, forecastAnswer(url));
    if (url.pathname === '/v1/archive') return reply(200, archiveAnswer(url, fake.archiveUntil));
    return reply(404, { error: true, reason: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    forecastUrl: `http://127.0.0.1:${port}/v1/forecast`,
    archiveUrl: `http://127.0.0.1:${port}/v1/archive`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A test app whose weather is Open-Meteo served by the local fake; `close` ends both. */
export async function testAppOnFakeOpenMeteo(): Promise<{ app: TestApp; close(): Promise<void> }> {
  const fake = await startFakeOpenMeteo();
  const app = await createTestApp({
    weatherProvider: openMeteoWeatherProvider({
      forecastUrl: fake.forecastUrl,
      archiveUrl: fake.archiveUrl,
    }),
  });
  return {
    app,
    close: async () => {
      await app.close();
      await fake.close();
    },
  };
}
