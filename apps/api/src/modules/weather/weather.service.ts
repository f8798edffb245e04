import {
  DEFAULT_HISTORY_DAYS,
  ERRORS,
  MAX_HISTORY_DAYS,
  addDays,
  daysBetween,
  historyGapFrom,
  mayReadFarm,
  observedRainDateProblem,
  rainLevelOf,
  todayIn,
  weatherConditionOf,
  type FarmPrecipitation,
  type FarmScope,
  type FarmWeather,
  type ObservedRain,
  type PrecipitationBody,
  type RainLevel,
  type WeatherDay,
  type WeatherProviderName,
  type WeatherCondition,
} from '@lavoura/domain';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { DataVersions } from '../farms/data-versions.service.ts';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  WeatherProviderError,
  type ProviderForecast,
  type ProviderHistory,
  type WeatherProvider,
} from '../../providers/weather/weather-provider.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * Who reads a farm's weather: a signed-in session (its `Session` fits), or a scheduled job acting
 * for an account (`{ accountId, farms: { all: true } }`). Another account's farm, or one outside
 * `farms`, is not found (404).
 */
export interface WeatherReader {
  accountId: number;
  farms: FarmScope;
}

/** One day of a farm's weather as the weekly digest and the weather alert read it (metric). */
interface DailyWeather {
  /** YYYY-MM-DD, a day of the farm's time zone. */
  date: string;
  /** Before the farm's today. */
  past: boolean;
  /**
   * Rain of the day (mm): what people recorded at the farm when they did, otherwise the
   * provider's (forecast for today and later, model or reanalysis for past days). Null when
   * neither knows the day.
   */
  rain_mm: number | null;
  /** Where rain_mm comes from. */
  rain_source: 'observed' | 'provider' | null;
  rain_status: RainLevel | null;
  temp_min_c: number | null;
  temp_max_c: number | null;
  /** From the day's WMO code; null for history days older than the forecast's past week. */
  weather_status: WeatherCondition | null;
}

export interface DailyWeatherSummary {
  farmId: number;
  farmName: string;
  timeZone: string;
  /** The farm's today. */
  today: string;
  provider: WeatherProviderName;
  /** The numbers are the offline simulation's: say so wherever they are shown. */
  simulated: boolean;
  /** Every day of the period the providers know, oldest first (future days past the forecast are left out). */
  days: DailyWeather[];
}

export interface WeatherServiceDeps {
  db: Database;
  provider: WeatherProvider;
  now?: () => Date;
  /** The process's kept data versions; without them every call reads its farm. */
  dataVersions?: DataVersions;
}

/** The forecast kept per place and hour: a week back (for the digest's last week) and a week ahead. */
const FORECAST_SPAN = { pastDays: 7, forecastDays: 8 } as const;
const HOUR_MS = 3_600_000;

interface FarmPlace {
  id: number;
  name: string;
  enabled: boolean;
  latitude: number;
  longitude: number;
  timeZone: string;
  createdAt: Date;
}

export interface FarmHourlyForecast {
  provider: WeatherProviderName;
  simulated: boolean;
  /** The farm's today and the start of its current hour (`YYYY-MM-DDTHH:mm`). */
  today: string;
  now: string;
  days: { date: string; hours: ProviderForecast['days'][number]['hourly'] }[];
}

/** The start of the hour it is in a time zone, as the provider writes hours: `YYYY-MM-DDTHH:00`. */
function localHourStart(timeZone: string, at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:00`;
}

/** The day as the history's record id: 2026-11-20 -> 20261120. */
const dayId = (day: string) => Number(day.replaceAll('-', ''));

/**
 * A farm's weather (spec 3 §3 Weather, §7; issue 14 item 1): the forecast by day and hour, the
 * rain history, and the rain people measured (`observed_precipitations`). Provider answers are
 * kept in memory per place (lat/lon rounded to 0.01°, about 1 km) and clock hour, so a farm's
 * weather costs one provider call an hour however often it is asked, and farms at one place share
 * it. A provider failure answers 502 exception.provider_unavailable.
 */
export class WeatherService {
  private readonly forecasts = new LRUCache<string, Promise<ProviderForecast>>({
    max: 5_000,
    ttl: 2 * HOUR_MS,
  });
  private readonly histories = new LRUCache<string, Promise<ProviderHistory>>({
    max: 5_000,
    ttl: 2 * HOUR_MS,
  });

  private readonly versions: DataVersions;

  constructor(private readonly deps: WeatherServiceDeps) {
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  get providerName(): WeatherProviderName {
    return this.deps.provider.name;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The clock hour answers are kept for (a forecast is kept per hour). */
  currentHour(): number {
    return this.hour();
  }

  /** The clock hour answers are kept for. */
  private hour(): number {
    return Math.floor(this.now().getTime() / HOUR_MS);
  }

  /** The farm, if the reader sees it: 404 otherwise (another account's, unassigned, deleted). */
  async farm(reader: WeatherReader, farmId: number): Promise<FarmPlace> {
    // Kept with the account's data version in memory: a kept forecast costs no query.
    const row = await this.versions.farm(reader.accountId, farmId);
    if (!row || !mayReadFarm(reader.farms, row.id))
      throw new AppError(ERRORS.notFound, 'Farm not found');
    return row;
  }

  /**
   * What the farm's forecast answer depends on besides the farm: its place, its time zone and the
   * hour (for `reply.versionedAnswer`; the caller has already checked the reader sees the farm).
   */
  answerKey(farm: FarmPlace): { key: string; version: string } {
    return {
      key: `weather:${this.deps.provider.name}:${farm.id}:${place(farm)}:${farm.timeZone}`,
      version: String(this.hour()),
    };
  }

  /** GET /farms/{id}/weather: the farm's conditions now and its forecast from today on. */
  async weather(reader: WeatherReader, farmId: number): Promise<FarmWeather> {
    return this.weatherOf(await this.farm(reader, farmId));
  }

  async weatherOf(farm: FarmPlace): Promise<FarmWeather> {
    const forecast = await this.forecast(farm);
    const today = todayIn(farm.timeZone, this.now());
    return {
      farm_id: farm.id,
      provider: forecast.provider,
      ...(forecast.simulated ? { simulated: true as const } : {}),
      time_zone: farm.timeZone,
      generated_at: new Date(this.hour() * HOUR_MS).toISOString(),
      current: {
        time: forecast.current.time,
        temperature: forecast.current.temperatureC,
        wind_speed: forecast.current.windSpeedKmh,
        precipitation: forecast.current.precipitationMm,
      },
      days: forecast.days
        .filter((day) => day.date >= today)
        .map((day): WeatherDay => ({
          date: day.date,
          precipitation: day.precipitationMm,
          rain_status: rainLevelOf(day.precipitationMm),
          weather_status: weatherConditionOf(day.weatherCode),
          weather_code: day.weatherCode,
          temperature: {
            current: day.date === today ? forecast.current.temperatureC : null,
            max: day.temperatureMaxC,
            min: day.temperatureMinC,
          },
          dew_point_temperature: day.dewPointC,
          wind_speed: day.windSpeedKmh,
          soil_moisture: day.soilMoisture,
          hourly: {
            amount:
              Math.round(day.hourly.reduce((sum, hour) => sum + hour.precipitationMm, 0) * 10) / 10,
            precipitation: day.hourly.map((hour) => ({
              time: hour.time,
              millimeters: hour.precipitationMm,
              temperature: hour.temperatureC,
            })),
          },
        })),
    };
  }

  /**
   * The forecast's hours from today on, for the spray windows (issue 30): local times of the
   * farm's time zone, `now` the start of the hour it is there.
   */
  async hourlyForecast(farm: FarmPlace): Promise<FarmHourlyForecast> {
    const forecast = await this.forecast(farm);
    const at = this.now();
    const today = todayIn(farm.timeZone, at);
    return {
      provider: forecast.provider,
      simulated: forecast.simulated,
      today,
      now: localHourStart(farm.timeZone, at),
      days: forecast.days
        .filter((day) => day.date >= today)
        .map((day) => ({ date: day.date, hours: day.hourly })),
    };
  }

  /**
   * The provider's values of one local hour of a day from a week back to a week ahead (the
   * application record's weather), or null when the forecast does not reach it or lacks them.
   */
  async hourOf(
    farm: FarmPlace,
    date: string,
    time: string,
  ): Promise<ProviderForecast['days'][number]['hourly'][number] | null> {
    const forecast = await this.forecast(farm);
    const hour = `${date}T${time.slice(0, 2)}:00`;
    const day = forecast.days.find((each) => each.date === date);
    return day?.hourly.find((each) => each.time === hour) ?? null;
  }

  /**
   * GET /fazendas/{id}/precipitation: the provider's rain per day and the rain people measured,
   * over a period (the last 30 days by default; at most a year; never past the farm's today).
   * A farm younger than 10 days has no history for its last 10 days (spec 3 §9).
   */
  async precipitation(
    reader: WeatherReader,
    farmId: number,
    query: { from?: string | undefined; to?: string | undefined },
  ): Promise<FarmPrecipitation> {
    const farm = await this.farm(reader, farmId);
    const today = todayIn(farm.timeZone, this.now());
    const to = query.to && query.to < today ? query.to : today;
    const from = query.from ?? addDays(to, -(DEFAULT_HISTORY_DAYS - 1));
    if (from > to || daysBetween(from, to) >= MAX_HISTORY_DAYS)
      throw new AppError(ERRORS.validation, 'The period runs from `from` to `to`, at most a year', [
        {
          field: 'querystring.from',
          key: 'field.invalid',
          message: `from must be on or before ${to}, within ${MAX_HISTORY_DAYS} days`,
        },
      ]);
    const gapFrom = historyGapFrom(todayIn(farm.timeZone, farm.createdAt), today);
    // History ends yesterday (today is not over), and before a new farm's gap.
    const historyTo = [
      to,
      addDays(today, -1),
      ...(gapFrom ? [addDays(gapFrom, -1)] : []),
    ].sort()[0]!;

    const [history, forecast, observed] = await Promise.all([
      from <= historyTo ? this.history(farm, from, historyTo) : undefined,
      this.forecast(farm),
      this.observed(reader.accountId, farm.id, from, to),
    ]);
    const byDay = new Map((history?.days ?? []).map((day) => [day.date, day.precipitationMm]));
    // The archive lags a few days: those days come from the forecast's own past days.
    for (const day of forecast.days)
      if (day.date >= from && day.date <= historyTo && !byDay.has(day.date))
        byDay.set(day.date, day.precipitationMm);
    const simulated = forecast.simulated || Boolean(history?.simulated);
    return {
      farmId: farm.id,
      farmName: farm.name,
      farmCreatedAt: farm.createdAt.toISOString(),
      provider: this.deps.provider.name,
      ...(simulated ? { simulated: true as const } : {}),
      time_zone: farm.timeZone,
      from,
      to,
      history_unavailable_from: gapFrom && gapFrom <= to ? (gapFrom < from ? from : gapFrom) : null,
      prec_mm_day: [...byDay.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, mm]) => ({ id: dayId(date), date, cons_mm: mm })),
      obs_prec_mm_day: observed.map((row) => ({ date: row.day, observed_mm: row.observedMm })),
    };
  }

  /**
   * POST /fazendas/{id}/precipitation: the rain measured on a day (mm), replacing what was
   * recorded for that day. Not on a day after the farm's today (400
   * exception.precipitation.date_in_future), not on a disabled farm (409).
   */
  async recordObserved(
    reader: WeatherReader & { userId: number },
    farmId: number,
    body: PrecipitationBody,
  ): Promise<ObservedRain> {
    const farm = await this.farm(reader, farmId);
    if (!farm.enabled) throw new AppError(ERRORS.farmDisabled, 'The farm is disabled');
    const today = todayIn(farm.timeZone, this.now());
    if (observedRainDateProblem(body.date, today))
      throw new AppError(ERRORS.precipitationInFuture, `The farm's today is ${today}`);
    const values = {
      observedMm: Math.round(body.observed * 100) / 100,
      createdBy: reader.userId,
      updatedAt: this.now(),
    };
    const [row] = await this.deps.db
      .insert(t.observedPrecipitations)
      .values({ accountId: reader.accountId, farmId: farm.id, day: body.date, ...values })
      .onConflictDoUpdate({
        target: [
          t.observedPrecipitations.accountId,
          t.observedPrecipitations.farmId,
          t.observedPrecipitations.day,
        ],
        set: values,
      })
      .returning({
        day: t.observedPrecipitations.day,
        observedMm: t.observedPrecipitations.observedMm,
      });
    return { date: row!.day, observed_mm: row!.observedMm };
  }

  /**
   * A farm's weather per day from `from` to `to` (YYYY-MM-DD, the farm's days), past and future,
   * for the weekly digest and the rain alert: rain (observed at the farm when recorded), minimum
   * and maximum temperature and the sky. Days from a week back to a week ahead come from the
   * forecast (temperatures included); older days from the rain history (rain only); days past the
   * forecast are left out. Uses the same hourly cache as the routes.
   *
   * @example
   *   const week = await weather.dailySummary({ accountId, farms: { all: true } }, farmId,
   *     '2026-11-16', '2026-11-22');
   *   week.days[0]; // { date, past, rain_mm, rain_source, rain_status, temp_min_c, temp_max_c, weather_status }
   */
  async dailySummary(
    reader: WeatherReader,
    farmId: number,
    from: string,
    to: string,
  ): Promise<DailyWeatherSummary> {
    const farm = await this.farm(reader, farmId);
    const today = todayIn(farm.timeZone, this.now());
    const forecast = await this.forecast(farm);
    const forecastDays = new Map(forecast.days.map((day) => [day.date, day]));
    const firstForecastDay = forecast.days[0]?.date ?? today;
    const historyTo = [to, addDays(firstForecastDay, -1), addDays(today, -1)].sort()[0]!;
    const history = from <= historyTo ? await this.history(farm, from, historyTo) : undefined;
    const historyDays = new Map(
      (history?.days ?? []).map((day) => [day.date, day.precipitationMm]),
    );
    const observed = new Map(
      (await this.observed(reader.accountId, farm.id, from, to)).map((row) => [
        row.day,
        row.observedMm,
      ]),
    );

    const days: DailyWeather[] = [];
    for (
      let date = from;
      date <= to && daysBetween(from, date) < MAX_HISTORY_DAYS;
      date = addDays(date, 1)
    ) {
      const day = forecastDays.get(date);
      const providerRain = day?.precipitationMm ?? historyDays.get(date) ?? null;
      const observedRain = observed.get(date) ?? null;
      if (!day && date > today && observedRain === null) continue;
      const rain = observedRain ?? providerRain;
      days.push({
        date,
        past: date < today,
        rain_mm: rain,
        rain_source: observedRain !== null ? 'observed' : providerRain !== null ? 'provider' : null,
        rain_status: rain === null ? null : rainLevelOf(rain),
        temp_min_c: day?.temperatureMinC ?? null,
        temp_max_c: day?.temperatureMaxC ?? null,
        weather_status: day ? weatherConditionOf(day.weatherCode) : null,
      });
    }
    return {
      farmId: farm.id,
      farmName: farm.name,
      timeZone: farm.timeZone,
      today,
      provider: this.deps.provider.name,
      simulated: forecast.simulated,
      days,
    };
  }

  private async observed(accountId: number, farmId: number, from: string, to: string) {
    return this.deps.db
      .select({
        day: t.observedPrecipitations.day,
        observedMm: t.observedPrecipitations.observedMm,
      })
      .from(t.observedPrecipitations)
      .where(
        and(
          ofAccount(t.observedPrecipitations, accountId),
          eq(t.observedPrecipitations.farmId, farmId),
          between(t.observedPrecipitations.day, sql`${from}::date`, sql`${to}::date`),
        ),
      )
      .orderBy(asc(t.observedPrecipitations.day));
  }

  /** The provider's forecast for the farm's place, once per place, time zone and hour. */
  private forecast(farm: FarmPlace): Promise<ProviderForecast> {
    const key = `${place(farm)}|${farm.timeZone}|${this.hour()}`;
    return this.remember(this.forecasts, key, () =>
      this.deps.provider.forecast(
        roundCoordinate(farm.latitude),
        roundCoordinate(farm.longitude),
        farm.timeZone,
        FORECAST_SPAN,
      ),
    );
  }

  private history(farm: FarmPlace, from: string, to: string): Promise<ProviderHistory> {
    const key = `${place(farm)}|${farm.timeZone}|${from}|${to}|${this.hour()}`;
    return this.remember(this.histories, key, () =>
      this.deps.provider.history(
        roundCoordinate(farm.latitude),
        roundCoordinate(farm.longitude),
        from,
        to,
        farm.timeZone,
      ),
    );
  }

  /**
   * One call per key while it runs and for the hour after: callers arriving together share it; a
   * failure is not kept (the next call asks again) and answers 502.
   */
  private remember<T>(cache: LRUCache<string, Promise<T>>, key: string, load: () => Promise<T>) {
    const known = cache.get(key);
    if (known) return known;
    const loading = load().catch((error: unknown) => {
      cache.delete(key);
      if (error instanceof WeatherProviderError)
        throw new AppError(ERRORS.providerUnavailable, error.message);
      throw error;
    });
    cache.set(key, loading);
    return loading;
  }
}

/** Coordinates as the cache and the provider see them: 0.01° (about 1 km). */
function roundCoordinate(value: number): number {
  return Math.round(value * 100) / 100;
}

function place(farm: Pick<FarmPlace, 'latitude' | 'longitude'>): string {
  return `${roundCoordinate(farm.latitude).toFixed(2)},${roundCoordinate(farm.longitude).toFixed(2)}`;
}
