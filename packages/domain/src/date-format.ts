import { LOCALE_RULES, type Language } from './locale.ts';

/**
 * Dates as people type and read them in each language, whatever the browser's own locale: day,
 * month, year in Portuguese and Spanish (20/10/2026), month, day, year in English (10/20/2026);
 * times on the 24-hour clock (06:30). The product keeps days as YYYY-MM-DD and a moment typed on a
 * clock as YYYY-MM-DDTHH:mm.
 */
export type DateInputPart = 'day' | 'month' | 'year';

/** The order the language writes a date's parts in. */
export function dateInputOrder(language: Language): readonly DateInputPart[] {
  return LOCALE_RULES[language].locale.startsWith('en')
    ? ['month', 'day', 'year']
    : ['day', 'month', 'year'];
}

const DIGITS: Record<DateInputPart, number> = { day: 2, month: 2, year: 4 };
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function realDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** A stored day (YYYY-MM-DD) or moment (YYYY-MM-DDTHH:mm) as the language writes it; '' stays ''. */
export function formatDateInput(value: string, language: Language): string {
  const match = ISO_MOMENT.exec(value) ?? ISO_DAY.exec(value);
  if (!match) return '';
  const [, year, month, day, hours, minutes] = match;
  const parts: Record<DateInputPart, string> = { day: day!, month: month!, year: year! };
  const date = dateInputOrder(language)
    .map((part) => parts[part])
    .join('/');
  return hours === undefined ? date : `${date} ${hours}:${minutes}`;
}

/**
 * What someone typed as a date (and a time with `withTime`), in their language's order, as the
 * stored value: "20/10/2026" in pt is 2026-10-20, "10/20/2026" in en is the same day. Slashes,
 * points, dashes or spaces separate the parts; a stored value pasted as is is read too. Null when
 * it is not complete or not a real day (31/02) or time (24:10).
 */
export function parseDateInput(text: string, language: Language, withTime = false): string | null {
  const trimmed = text.trim();
  const iso = (withTime ? ISO_MOMENT : ISO_DAY).exec(trimmed);
  let year: number, month: number, day: number;
  let hours = 0;
  let minutes = 0;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (withTime) [hours, minutes] = [Number(iso[4]), Number(iso[5])];
  } else {
    const pattern = withTime
      ? /^(\d{1,4})[/.\-\s](\d{1,4})[/.\-\s](\d{1,4})[\s,T]+(\d{1,2})[:h.](\d{2})$/
      : /^(\d{1,4})[/.\-\s](\d{1,4})[/.\-\s](\d{1,4})$/;
    const match = pattern.exec(trimmed);
    if (!match) return null;
    const values: Partial<Record<DateInputPart, string>> = {};
    dateInputOrder(language).forEach((part, index) => (values[part] = match[index + 1]!));
    if (values.year!.length !== 4 || values.day!.length > 2 || values.month!.length > 2)
      return null;
    [year, month, day] = [Number(values.year), Number(values.month), Number(values.day)];
    if (withTime) [hours, minutes] = [Number(match[4]), Number(match[5])];
  }
  if (!realDay(year, month, day) || hours > 23 || minutes > 59) return null;
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return withTime ? `${date}T${pad(hours)}:${pad(minutes)}` : date;
}

/**
 * A date as it is being typed, with its separators put in: "2010" becomes "20/10", "20102026"
 * "20/10/2026", and with `withTime` "201020260630" "20/10/2026 06:30". Text that already has its
 * separators, or a stored value pasted as is, is kept as typed.
 */
export function maskDateInput(text: string, language: Language, withTime = false): string {
  if (!/^[\d/: ]*$/.test(text)) return text;
  // Separators typed by hand around parts of another length ("5/3/2026") stay as typed.
  const lengths = [...dateInputOrder(language).map((part) => DIGITS[part]), 2, 2];
  const typed = text.split(/[/: ]+/);
  if (typed.slice(0, -1).some((group, index) => group.length !== lengths[index])) return text;
  const digits = text.replace(/\D/g, '').slice(0, withTime ? 12 : 8);
  const groups: string[] = [];
  let at = 0;
  for (const part of dateInputOrder(language)) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + DIGITS[part]));
    at += DIGITS[part];
  }
  let masked = groups.join('/');
  if (withTime && at < digits.length) {
    const time = digits.slice(at);
    masked += ` ${time.length > 2 ? `${time.slice(0, 2)}:${time.slice(2)}` : time}`;
  }
  return masked;
}

/**
 * An instant (ISO 8601 with offset) on the farm's clock, the language's way: a note's moment on its
 * page and in a report's PDF, an irrigation's start, read the same wherever the reader is.
 */
export function formatFarmInstant(
  value: string,
  language: Language,
  timeZone: string,
  dateStyle: 'short' | 'medium' = 'medium',
): string {
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    dateStyle,
    timeStyle: 'short',
    timeZone,
  }).format(new Date(value));
}
