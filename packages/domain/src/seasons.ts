import { COUNTRY_IDS, type CountryId } from './reference/countries.ts';
import { CROP_IDS, type CropId } from './reference/crops.ts';

/**
 * Season calendars by country and crop. A season is identified by the year it starts in. Dates are
 * date-only `YYYY-MM-DD` strings; "today" must already be computed in the country's time zone
 * (todayIn).
 *
 * Brazil and Paraguay keep the spec's periods: soybean Aug 1 – May 31 (crossing the new year),
 * wheat Jan 1 – Sep 30. In the USA those would end a soybean season before its harvest, so the USA
 * follows the USDA NASS crop-progress planting and harvest windows (docs/data-sources.md):
 * soybean is sown April–June and harvested September–November, hence Mar 1 – Dec 31 of one year;
 * winter wheat is sown September–November and harvested June–July, hence Sep 1 – Aug 31.
 */
export type SeasonStatus = 'current' | 'previous' | 'inactive';

export interface SeasonPeriod {
  crop_id: CropId;
  start_year: number;
  season_name: string;
  start_period: string;
  end_period: string;
}

interface SeasonCalendar {
  /** `MM-DD` of the first day, in the start year. */
  start: string;
  /** `MM-DD` of the last day, in the start year or, when `crossesYear`, the next one. */
  end: string;
  crossesYear: boolean;
}

const SPEC_CALENDAR: Record<CropId, SeasonCalendar> = {
  [CROP_IDS.soybean]: { start: '08-01', end: '05-31', crossesYear: true },
  [CROP_IDS.wheat]: { start: '01-01', end: '09-30', crossesYear: false },
};

const SEASON_CALENDARS: Record<CountryId, Record<CropId, SeasonCalendar>> = {
  [COUNTRY_IDS.brazil]: SPEC_CALENDAR,
  [COUNTRY_IDS.paraguay]: SPEC_CALENDAR,
  [COUNTRY_IDS.usa]: {
    [CROP_IDS.soybean]: { start: '03-01', end: '12-31', crossesYear: false },
    [CROP_IDS.wheat]: { start: '09-01', end: '08-31', crossesYear: true },
  },
};

function calendarOf(countryId: number, cropId: CropId): SeasonCalendar {
  const calendars = SEASON_CALENDARS[countryId as CountryId] ?? SPEC_CALENDAR;
  return calendars[cropId];
}

export function seasonPeriod(countryId: number, cropId: CropId, startYear: number): SeasonPeriod {
  const calendar = calendarOf(countryId, cropId);
  const endYear = calendar.crossesYear ? startYear + 1 : startYear;
  return {
    crop_id: cropId,
    start_year: startYear,
    season_name: calendar.crossesYear ? `${startYear}/${endYear}` : String(startYear),
    start_period: `${startYear}-${calendar.start}`,
    end_period: `${endYear}-${calendar.end}`,
  };
}

/**
 * The current season is the latest one that has started by `today`: between two seasons (June and
 * July for Brazil's soybean, January and February for the USA's) the one that just ended stays
 * current until the next one starts, so a grower keeps working with it through harvest.
 */
export function currentSeasonStartYear(countryId: number, cropId: CropId, today: string): number {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= calendarOf(countryId, cropId).start ? year : year - 1;
}

export function seasonStatus(
  countryId: number,
  cropId: CropId,
  startPeriod: string,
  today: string,
): SeasonStatus {
  const startYear = Number(startPeriod.slice(0, 4));
  const current = currentSeasonStartYear(countryId, cropId, today);
  if (startYear === current) return 'current';
  if (startYear === current - 1) return 'previous';
  return 'inactive';
}

/** The seasons that must exist for a country's crop: previous, current and next around today. */
export function requiredSeasons(countryId: number, cropId: CropId, today: string): SeasonPeriod[] {
  const current = currentSeasonStartYear(countryId, cropId, today);
  return [current - 1, current, current + 1].map((year) => seasonPeriod(countryId, cropId, year));
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
