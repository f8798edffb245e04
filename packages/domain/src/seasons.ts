import { CROP_IDS, type CropId } from './reference/crops.ts';

/**
 * Season periods of the spec: soybean seasons run Aug 1 – May 31 (crossing the new year), wheat
 * seasons Jan 1 – Sep 30. A season is identified by the year it starts in. Dates are date-only
 * `YYYY-MM-DD` strings; "today" must already be computed in the country's time zone (todayIn).
 */
export type SeasonStatus = 'current' | 'previous' | 'inactive';

export interface SeasonPeriod {
  crop_id: CropId;
  start_year: number;
  season_name: string;
  start_period: string;
  end_period: string;
}

export function seasonPeriod(cropId: CropId, startYear: number): SeasonPeriod {
  if (cropId === CROP_IDS.soybean) {
    return {
      crop_id: cropId,
      start_year: startYear,
      season_name: `${startYear}/${startYear + 1}`,
      start_period: `${startYear}-08-01`,
      end_period: `${startYear + 1}-05-31`,
    };
  }
  return {
    crop_id: cropId,
    start_year: startYear,
    season_name: String(startYear),
    start_period: `${startYear}-01-01`,
    end_period: `${startYear}-09-30`,
  };
}

/**
 * The current season is the latest one that has started by `today`: between two soybean seasons
 * (June, July) the one that just ended stays current until the next one starts, so a grower keeps
 * working with it through harvest.
 */
export function currentSeasonStartYear(cropId: CropId, today: string): number {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (cropId === CROP_IDS.soybean) return month >= 8 ? year : year - 1;
  return year;
}

export function seasonStatus(cropId: CropId, startPeriod: string, today: string): SeasonStatus {
  const startYear = Number(startPeriod.slice(0, 4));
  const current = currentSeasonStartYear(cropId, today);
  if (startYear === current) return 'current';
  if (startYear === current - 1) return 'previous';
  return 'inactive';
}

/** The seasons that must exist for a crop: previous, current and next around today. */
export function requiredSeasons(cropId: CropId, today: string): SeasonPeriod[] {
  const current = currentSeasonStartYear(cropId, today);
  return [current - 1, current, current + 1].map((year) => seasonPeriod(cropId, year));
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function formatDay(timeZone: string, at: number): string {
  const parts = dayFormatter(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const MINUTE_MS = 60_000;
/** Per time zone, the last UTC minute asked about, when the whole minute is one day there. */
const dayOfMinute = new Map<string, { from: number; to: number; day: string }>();

/**
 * Today's date (`YYYY-MM-DD`) in a time zone. Every authenticated call asks (the contract check),
 * so the answer is kept per zone for the UTC minute it was asked in, provided that minute starts
 * and ends on the same day there (a day changes on a whole minute in every zone of today's
 * tz database; a minute that straddles a change, as with an old local-mean-time offset, is
 * computed each time): one Intl formatting per zone and minute instead of one per call.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const at = now.getTime();
  const known = dayOfMinute.get(timeZone);
  if (known && at >= known.from && at < known.to) return known.day;
  const day = formatDay(timeZone, at);
  const from = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  const to = from + MINUTE_MS;
  if (formatDay(timeZone, from) === day && formatDay(timeZone, to - 1) === day)
    dayOfMinute.set(timeZone, { from, to, day });
  return day;
}

/** The spec's first "actual" period: from the earliest start to the latest end of the seasons given. */
export function actualPeriod(
  seasons: readonly { start_period: string; end_period: string }[],
): { start_period: string; end_period: string } | undefined {
  if (seasons.length === 0) return undefined;
  const starts = seasons.map((s) => s.start_period).sort();
  const ends = seasons.map((s) => s.end_period).sort();
  return { start_period: starts[0]!, end_period: ends[ends.length - 1]! };
}
