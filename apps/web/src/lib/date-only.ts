import { LOCALE_RULES, type Language } from '@lavoura/domain';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A `YYYY-MM-DD` agronomic day as an instant at UTC midnight. Formatting it in UTC gives back the
 * same calendar day in every time zone (new Date('2025-08-01') shown in Brazil is July 31).
 */
export function dateOnlyToUtc(value: string): Date {
  const match = DATE_ONLY.exec(value);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${value}`);
  const [, year, month, day] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

function dateFormat(language: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatDateOnly(value: string, language: Language): string {
  return dateFormat(language).format(dateOnlyToUtc(value));
}

/** "1 de ago. de 2025 – 31 de mai. de 2026", written the way the language writes ranges. */
export function formatDateOnlyRange(start: string, end: string, language: Language): string {
  return dateFormat(language).formatRange(dateOnlyToUtc(start), dateOnlyToUtc(end));
}
