import {
  SPRAY_DAY_TOLERANCE,
  addDays,
  bestSprayWindow,
  classifySprayHours,
  nearestGoodDay,
  sprayWindowThresholds,
  type SprayHour,
  type SprayHourWeather,
  DEFAULT_SPRAY_WINDOW_THRESHOLDS,
  ERRORS,
  SPRAY_WINDOW_THRESHOLD_BOUNDS,
  sprayWindowThresholdsProblem,
  type PlannedDayWindow,
  type SprayWindowDay,
  type SprayWindowSettings,
  type SprayWindowSettingsBody,
  type SprayWindowThresholdKey,
  type SprayWindowThresholds,
} from '@lavoura/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ofAccount } from '../../policies/tenancy.ts';
import type { Session } from '../auth/session.types.ts';
import { DataVersions } from '../farms/data-versions.service.ts';
import type {
  FarmHourlyForecast,
  WeatherReader,
  WeatherService,
} from '../weather/weather.service.ts';
import {
  openPause,
  programOf,
  sprayingsOf,
  type ProgramsServiceDeps,
} from './program-store.service.ts';

export interface SprayWindowsServiceDeps extends ProgramsServiceDeps {
  weather: WeatherService;
}

/** The forecast reaches this many days from today (WeatherService keeps eight). */
const MAX_DAYS = 7;

/**
 * Spray windows of a program's next sprayings (issue 30 item 1): for each spraying not yet
 * applied and planned from today (or up to its ±2-day tolerance before) to `days` ahead, the
 * planned day's forecast hours classified by `classifySprayHours`, its best window still ahead,
 * and, when it has none, the nearest day within the tolerance that has one. A paused program has
 * none: nothing is sprayed while it waits.
 */
export class SprayWindowsService {
  private readonly versions: DataVersions;

  constructor(private readonly deps: SprayWindowsServiceDeps) {
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  /**
   * What names the answer (http/versioned-answers.ts): the program and the farms the session
   * sees, at the account's data version (moved by every write to programs, sprayings and pauses)
   * and the weather's hour (the forecast and what is past change with it).
   */
  async answerKey(
    session: Session,
    programId: number,
    days: number,
  ): Promise<{ key: string; version: string }> {
    const scope = session.farms.all
      ? 'all'
      : [...session.farms.farmIds].sort((a, b) => a - b).join(',');
    const version = await this.versions.version(session.accountId);
    return {
      key: `spray-windows:${session.accountId}:${scope}:${programId}:${days}`,
      version: `${version}:${this.deps.weather.currentHour()}`,
    };
  }

  async windows(session: Session, programId: number, days = MAX_DAYS): Promise<SprayWindowDay[]> {
    const program = await programOf(this.deps.db, session, programId);
    const [sprayings, pause] = await Promise.all([
      sprayingsOf(this.deps.db, session, [program.id]),
      openPause(this.deps.db, session, program.id),
    ]);
    if (pause) return [];
    const farm = await this.deps.weather.farm(session, program.farmId);
    const [forecast, thresholds] = await Promise.all([
      this.deps.weather.hourlyForecast(farm),
      this.thresholds(session.accountId),
    ]);
    const last = addDays(forecast.today, Math.min(days, MAX_DAYS) - 1);
    const due = sprayings.filter(
      (spraying) =>
        spraying.appliedAt === null &&
        spraying.plannedDate >= addDays(forecast.today, -SPRAY_DAY_TOLERANCE) &&
        spraying.plannedDate <= last,
    );
    if (!due.length) return [];
    const rated = forecastWindows(forecast, thresholds);
    return due.map((spraying): SprayWindowDay => {
      const { hours, best_window, nearest_good_day } = rated.of(spraying.plannedDate);
      return {
        spraying_id: spraying.id,
        aplicacao: spraying.ordinal,
        date: spraying.plannedDate,
        hours,
        best_window,
        nearest_good_day,
        provider: forecast.provider,
        ...(forecast.simulated ? { simulated: true as const } : {}),
      };
    });
  }

  /** The account's thresholds: its own values over the sourced defaults. */
  async thresholds(accountId: number): Promise<SprayWindowThresholds> {
    return sprayWindowThresholds(await this.ownThresholds(this.deps.db, accountId));
  }

  /** GET /spray-window-settings: every threshold with its default, source and bounds. */
  async settings(session: Session): Promise<SprayWindowSettings> {
    const own = await this.ownThresholds(this.deps.db, session.accountId);
    const values = sprayWindowThresholds(own);
    return {
      thresholds: (Object.keys(SPRAY_WINDOW_THRESHOLD_BOUNDS) as SprayWindowThresholdKey[]).map(
        (key) => {
          const threshold = DEFAULT_SPRAY_WINDOW_THRESHOLDS[key];
          return {
            key,
            value: values[key],
            default: threshold.value,
            source: threshold.source,
            basis: [...(threshold.basis ?? [])],
            overridden: own[key] !== undefined,
            min: SPRAY_WINDOW_THRESHOLD_BOUNDS[key][0],
            max: SPRAY_WINDOW_THRESHOLD_BOUNDS[key][1],
          };
        },
      ),
    };
  }

  /**
   * PUT /spray-window-settings: the account's own values (null: back to the default); refused
   * with nothing written when a lower limit would pass the one above it.
   */
  async updateSettings(
    session: Session,
    body: SprayWindowSettingsBody,
  ): Promise<SprayWindowSettings> {
    await this.deps.db.transaction(async (tx) => {
      const own = await this.ownThresholds(tx, session.accountId, true);
      for (const [key, value] of Object.entries(body) as [
        SprayWindowThresholdKey,
        number | null,
      ][]) {
        if (value === null || value === DEFAULT_SPRAY_WINDOW_THRESHOLDS[key].value) delete own[key];
        else own[key] = value;
      }
      const problem = sprayWindowThresholdsProblem(sprayWindowThresholds(own));
      if (problem)
        throw new AppError(ERRORS.sprayWindowThresholdsInconsistent, 'Inconsistent thresholds', {
          field: problem,
        });
      await tx
        .insert(t.sprayWindowSettings)
        .values({ accountId: session.accountId, thresholds: own, updatedBy: session.userId })
        .onConflictDoUpdate({
          target: t.sprayWindowSettings.accountId,
          set: { thresholds: own, updatedBy: session.userId, updatedAt: sql`now()` },
        });
    });
    this.versions.forgetAfterWrite(session);
    return this.settings(session);
  }

  private async ownThresholds(
    db: Executor,
    accountId: number,
    lock = false,
  ): Promise<Partial<Record<SprayWindowThresholdKey, number>>> {
    const query = db
      .select({ thresholds: t.sprayWindowSettings.thresholds })
      .from(t.sprayWindowSettings)
      .where(ofAccount(t.sprayWindowSettings, accountId));
    const [row] = lock ? await query.for('update') : await query;
    return { ...(row?.thresholds ?? {}) };
  }

  /**
   * The windows of planned days on a farm, for a reader that is not a session (the calendar
   * feed): each day's best window or nearest good day; days past the forecast are left out.
   */
  async farmDays(
    reader: WeatherReader,
    farmId: number,
    dates: readonly string[],
  ): Promise<Map<string, PlannedDayWindow>> {
    const [forecast, thresholds] = await Promise.all([
      this.deps.weather.farm(reader, farmId).then((farm) => this.deps.weather.hourlyForecast(farm)),
      this.thresholds(reader.accountId),
    ]);
    const days = forecastWindows(forecast, thresholds);
    const last = addDays(forecast.today, MAX_DAYS - 1);
    const windows = new Map<string, PlannedDayWindow>();
    for (const date of dates) {
      if (date < addDays(forecast.today, -SPRAY_DAY_TOLERANCE) || date > last) continue;
      const { best_window, nearest_good_day } = days.of(date);
      windows.set(date, { best_window, nearest_good_day, simulated: forecast.simulated });
    }
    return windows;
  }
}

/** The forecast's days rated, and what one planned day holds. */
function forecastWindows(forecast: FarmHourlyForecast, thresholds: SprayWindowThresholds) {
  const classified = classifiedDays(forecast, thresholds);
  const goodDays = new Set(
    [...classified].flatMap(([date, hours]) =>
      bestSprayWindow(hours, forecast.now) ? [date] : [],
    ),
  );
  return {
    of(date: string): Pick<SprayWindowDay, 'hours' | 'best_window' | 'nearest_good_day'> {
      const hours = classified.get(date) ?? [];
      const best = bestSprayWindow(hours, forecast.now);
      const nearest = best ? null : nearestGoodDay(date, goodDays);
      return {
        hours: hours.map((hour) => ({ ...hour, past: hour.start < forecast.now })),
        best_window: best,
        nearest_good_day: nearest
          ? { date: nearest, best_window: bestSprayWindow(classified.get(nearest)!, forecast.now)! }
          : null,
      };
    },
  };
}

/**
 * Every forecast day's hours classified, in one run so that an evening's rain-fast look-ahead
 * reads the next morning. An hour the provider gave no wind or humidity for is left out: it
 * cannot be judged.
 */
function classifiedDays(
  forecast: FarmHourlyForecast,
  thresholds: SprayWindowThresholds,
): Map<string, SprayHour[]> {
  const all = forecast.days.flatMap((day) => day.hours);
  const hours: SprayHourWeather[] = all.flatMap((hour, index) =>
    hour.windSpeedKmh === null || hour.relativeHumidityPct === null
      ? []
      : [
          {
            time: hour.time,
            windKmh: hour.windSpeedKmh,
            gustKmh: hour.windGustKmh ?? hour.windSpeedKmh,
            temperatureC: hour.temperatureC,
            humidityPct: hour.relativeHumidityPct,
            // A provider hour's rain fell in the hour before its time: the next one's is this one's.
            rainMm: (all[index + 1] ?? hour).precipitationMm,
          },
        ],
  );
  const byDay = new Map<string, SprayHour[]>();
  for (const hour of classifySprayHours(hours, thresholds)) {
    const day = hour.start.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), hour]);
  }
  return byDay;
}
