import { addDays } from '../calendar-days.ts';

/**
 * Spray windows (issue 30 item 1): whether each forecast hour is good, marginal or bad for a
 * fungicide application, with its reasons. Every threshold is written as AGRONOMY.md writes its
 * numbers: with the source it was read in, or tagged as an assumption (docs/agronomy.md, "Spray
 * windows"). An account may set its own where its practice differs.
 */

/** Where a spray-window threshold comes from (docs/agronomy.md lists them with their addresses). */
export const SPRAY_WINDOW_SOURCES = {
  /** GRDC, Spray Application Manual, module 10 "Weather monitoring for spraying operations" (2025). */
  W1: 'GRDC Spray Application Manual, module 10 (2025)',
  /**
   * Australian Bureau of Meteorology's delta-T chart as given by T. Wolf, "What is Delta T and why
   * is it important for spraying?" (Sprayers101): 2–8 °C preferred, 8–10 marginal, above 10
   * unsuitable, below 2 marginal.
   */
  W2: 'Bureau of Meteorology delta-T chart (T. Wolf, Sprayers101)',
  /**
   * The Brazilian application-technology rule of thumb: wind 3–10 km/h, temperature below 30 °C,
   * relative humidity above 55–60 % (Aegro, "Condições climáticas para pulverização").
   */
  W3: 'Aegro, condições climáticas para pulverização',
} as const;
type SprayWindowSourceId = keyof typeof SPRAY_WINDOW_SOURCES;

export interface SprayWindowThresholds {
  /** Below it the air is too calm: a surface inversion is likely and fine droplets hang and drift. */
  wind_min_kmh: number;
  /** Up to it the wind is good; above it, marginal. */
  wind_good_max_kmh: number;
  /** Above it the wind is bad (drift). */
  wind_max_kmh: number;
  /** Gusts above it make the hour marginal. */
  gust_max_kmh: number;
  /** Delta-T below it is marginal (droplets survive long, inversion likely). */
  delta_t_min_c: number;
  /** Delta-T up to it is good; above it, marginal. */
  delta_t_good_max_c: number;
  /** Delta-T above it is bad (droplets evaporate before they land). */
  delta_t_max_c: number;
  /** Temperature up to it is good; above it, marginal. */
  temperature_good_max_c: number;
  /** Temperature above it is bad. */
  temperature_max_c: number;
  /** Hours without rain after the application for the product to hold (its rain-fast time). */
  rainfast_hours: number;
  /** Rain in an hour from this much (mm) counts as rain. */
  rain_min_mm: number;
}

export type SprayWindowThresholdKey = keyof SprayWindowThresholds;

/** A default and where it comes from: a source read, or an assumption with the sources behind it. */
export interface SprayWindowThreshold {
  value: number;
  source: SprayWindowSourceId | 'assumption';
  basis?: readonly SprayWindowSourceId[];
}

export const DEFAULT_SPRAY_WINDOW_THRESHOLDS: Record<
  SprayWindowThresholdKey,
  SprayWindowThreshold
> = {
  wind_min_kmh: { value: 3, source: 'W3', basis: ['W1'] },
  wind_good_max_kmh: { value: 10, source: 'W3' },
  // Many labels stop at 15–20 km/h; we take the lower end.
  wind_max_kmh: { value: 15, source: 'assumption', basis: ['W1'] },
  gust_max_kmh: { value: 20, source: 'assumption', basis: ['W1'] },
  delta_t_min_c: { value: 2, source: 'W2' },
  delta_t_good_max_c: { value: 8, source: 'W2' },
  delta_t_max_c: { value: 10, source: 'W2' },
  temperature_good_max_c: { value: 30, source: 'W3' },
  temperature_max_c: { value: 35, source: 'assumption', basis: ['W3'] },
  // No product of the catalogue states its rain-fast time yet: two hours until one does.
  rainfast_hours: { value: 2, source: 'assumption' },
  rain_min_mm: { value: 0.2, source: 'assumption' },
};

/** The defaults, with an account's own values over them. */
export function sprayWindowThresholds(
  overrides: Partial<SprayWindowThresholds> = {},
): SprayWindowThresholds {
  const values = Object.fromEntries(
    Object.entries(DEFAULT_SPRAY_WINDOW_THRESHOLDS).map(([key, threshold]) => [
      key,
      overrides[key as SprayWindowThresholdKey] ?? threshold.value,
    ]),
  );
  return values as unknown as SprayWindowThresholds;
}

/** Why an account's thresholds are refused: the first that contradicts another, or null. */
export function sprayWindowThresholdsProblem(values: SprayWindowThresholds): string | null {
  if (values.wind_min_kmh > values.wind_good_max_kmh) return 'wind_min_kmh';
  if (values.wind_good_max_kmh > values.wind_max_kmh) return 'wind_good_max_kmh';
  if (values.delta_t_min_c > values.delta_t_good_max_c) return 'delta_t_min_c';
  if (values.delta_t_good_max_c > values.delta_t_max_c) return 'delta_t_good_max_c';
  if (values.temperature_good_max_c > values.temperature_max_c) return 'temperature_good_max_c';
  return null;
}

// --- Delta-T -------------------------------------------------------------------------------------

/** Saturation vapour pressure (kPa) at a temperature (°C): FAO-56 eq. 11 (Tetens). */
function saturationVapourPressure(temperatureC: number): number {
  return 0.6108 * Math.exp((17.27 * temperatureC) / (temperatureC + 237.3));
}

/** Atmospheric pressure (kPa) at an elevation (m): FAO-56 eq. 7; 101.3 at sea level. */
export function pressureAt(elevationM: number): number {
  return 101.3 * ((293 - 0.0065 * elevationM) / 293) ** 5.26;
}

/**
 * The wet-bulb temperature (°C) of air at a temperature and relative humidity: the root of the
 * psychrometric equation e_a = e°(T_wet) − γ_psy·P·(T − T_wet), with the coefficient of a
 * ventilated (Assmann) psychrometer, γ_psy = 0.000662 °C⁻¹ (FAO-56 eq. 15 and 16), found by
 * bisection (the right side grows with T_wet, so the root is unique between the dew point and T).
 */
export function wetBulbTemperature(
  temperatureC: number,
  humidityPct: number,
  pressureKpa = 101.3,
): number {
  const humidity = Math.min(100, Math.max(0, humidityPct));
  const actual = (saturationVapourPressure(temperatureC) * humidity) / 100;
  const gap = (wet: number) =>
    saturationVapourPressure(wet) - 0.000662 * pressureKpa * (temperatureC - wet) - actual;
  let low = temperatureC - 60;
  let high = temperatureC;
  for (let step = 0; step < 60; step += 1) {
    const middle = (low + high) / 2;
    if (gap(middle) > 0) high = middle;
    else low = middle;
  }
  return (low + high) / 2;
}

/** Delta-T (°C): dry-bulb minus wet-bulb temperature, to the tenth of a degree. */
export function deltaT(temperatureC: number, humidityPct: number, pressureKpa = 101.3): number {
  const value = temperatureC - wetBulbTemperature(temperatureC, humidityPct, pressureKpa);
  return Math.round(value * 10) / 10;
}

// --- Hours ---------------------------------------------------------------------------------------

export type SprayQuality = 'good' | 'marginal' | 'bad';

/** Why an hour is not good; each names the threshold it crossed. */
type SprayReasonCode =
  | 'wind_calm'
  | 'wind_strong'
  | 'gusts'
  | 'delta_t_low'
  | 'delta_t_high'
  | 'hot'
  | 'rain'
  | 'rain_before_rainfast';

interface SprayReason {
  code: SprayReasonCode;
  quality: Exclude<SprayQuality, 'good'>;
}

/** One forecast hour as the windows read it (metric); `time` is its local start `YYYY-MM-DDTHH:mm`. */
export interface SprayHourWeather {
  time: string;
  windKmh: number;
  gustKmh: number;
  temperatureC: number;
  humidityPct: number;
  /** Rain in the hour (mm). */
  rainMm: number;
}

export interface SprayHour {
  start: string;
  quality: SprayQuality;
  reasons: SprayReason[];
  wind_kmh: number;
  gust_kmh: number;
  temperature_c: number;
  humidity_pct: number;
  delta_t: number;
  rain_mm: number;
}

const RANK: Record<SprayQuality, number> = { good: 0, marginal: 1, bad: 2 };

/**
 * Every hour of a run of consecutive forecast hours, classified. `hours` must be in order and
 * continue past the last one to judge (the rain-fast look-ahead reads the hours after each).
 */
export function classifySprayHours(
  hours: readonly SprayHourWeather[],
  thresholds: SprayWindowThresholds,
  pressureKpa = 101.3,
): SprayHour[] {
  return hours.map((hour, index) => {
    const reasons: SprayReason[] = [];
    const delta = deltaT(hour.temperatureC, hour.humidityPct, pressureKpa);
    if (hour.windKmh < thresholds.wind_min_kmh) reasons.push({ code: 'wind_calm', quality: 'bad' });
    else if (hour.windKmh > thresholds.wind_max_kmh)
      reasons.push({ code: 'wind_strong', quality: 'bad' });
    else if (hour.windKmh > thresholds.wind_good_max_kmh)
      reasons.push({ code: 'wind_strong', quality: 'marginal' });
    if (hour.gustKmh > thresholds.gust_max_kmh)
      reasons.push({ code: 'gusts', quality: 'marginal' });
    if (delta < thresholds.delta_t_min_c)
      reasons.push({ code: 'delta_t_low', quality: 'marginal' });
    else if (delta > thresholds.delta_t_max_c)
      reasons.push({ code: 'delta_t_high', quality: 'bad' });
    else if (delta > thresholds.delta_t_good_max_c)
      reasons.push({ code: 'delta_t_high', quality: 'marginal' });
    if (hour.temperatureC > thresholds.temperature_max_c)
      reasons.push({ code: 'hot', quality: 'bad' });
    else if (hour.temperatureC > thresholds.temperature_good_max_c)
      reasons.push({ code: 'hot', quality: 'marginal' });
    if (hour.rainMm >= thresholds.rain_min_mm) reasons.push({ code: 'rain', quality: 'bad' });
    else {
      // The product must stay dry for its rain-fast time after the hour it is sprayed in.
      const after = hours.slice(index + 1, index + 1 + Math.ceil(thresholds.rainfast_hours));
      if (after.some((next) => next.rainMm >= thresholds.rain_min_mm))
        reasons.push({ code: 'rain_before_rainfast', quality: 'bad' });
    }
    const quality = reasons.reduce<SprayQuality>(
      (worst, reason) => (RANK[reason.quality] > RANK[worst] ? reason.quality : worst),
      'good',
    );
    return {
      start: hour.time,
      quality,
      reasons,
      wind_kmh: hour.windKmh,
      gust_kmh: hour.gustKmh,
      temperature_c: hour.temperatureC,
      humidity_pct: hour.humidityPct,
      delta_t: delta,
      rain_mm: hour.rainMm,
    };
  });
}

/** A run of consecutive good hours: from the first one's start to the last one's end. */
export interface SprayWindow {
  start: string;
  /** The end of its last hour (`YYYY-MM-DDTHH:mm`; 24:00 is written as the next day's 00:00). */
  end: string;
  hours: number;
}

function hourAfter(time: string): string {
  const at = new Date(`${time}:00Z`);
  at.setUTCHours(at.getUTCHours() + 1);
  return at.toISOString().slice(0, 16);
}

/** The longest run of good hours among those not yet past (the earliest of equal ones), or null. */
export function bestSprayWindow(hours: readonly SprayHour[], notBefore = ''): SprayWindow | null {
  let best: SprayWindow | null = null;
  let run: SprayHour[] = [];
  const close = () => {
    if (run.length && (!best || run.length > best.hours))
      best = {
        start: run[0]!.start,
        end: hourAfter(run[run.length - 1]!.start),
        hours: run.length,
      };
    run = [];
  };
  for (const hour of hours) {
    if (hour.quality === 'good' && hour.start >= notBefore) run.push(hour);
    else close();
  }
  close();
  return best;
}

/** How far a spraying may move from its planned day (AGRONOMY §8's tolerance, days). */
export const SPRAY_DAY_TOLERANCE = 2;

/**
 * The nearest day with a good hour within the tolerance of a planned day that has none, among the
 * days the forecast covers (the earlier of two equally near), or null.
 */
export function nearestGoodDay(plannedDay: string, goodDays: ReadonlySet<string>): string | null {
  for (let distance = 1; distance <= SPRAY_DAY_TOLERANCE; distance += 1)
    for (const day of [addDays(plannedDay, -distance), addDays(plannedDay, distance)])
      if (goodDays.has(day)) return day;
  return null;
}
