import { useMemo } from 'react';
import { LOCALE_RULES, formatNumber, toDisplayUnit, unitOf, type Language } from '@lavoura/domain';
import { useLanguage } from '../../../lib/i18n';
import { dateOnlyToUtc } from '../../../lib/date-only';

/**
 * Weather quantities the language's way: the API answers metric (mm, °C, km/h); Portuguese and
 * Spanish show them so, English in inches, °F and mph (spec 3 §9 Units by locale).
 */
export interface WeatherFormat {
  language: Language;
  /** Rain in the language's unit, as a number (mm or in). */
  rainValue(mm: number): number;
  rain(mm: number): string;
  rainUnit: string;
  temperature(celsius: number): string;
  temperatureValue(celsius: number): number;
  temperatureUnit: string;
  wind(kmh: number): string;
  /** Volumetric soil water (m³/m³) as a percentage. */
  soilMoisture(value: number): string;
  /** "Fri, Nov 27" for a YYYY-MM-DD day. */
  day(date: string): string;
  /** "27/11" for a chart axis. */
  shortDay(date: string): string;
  /** A chart's value (a tooltip's, an axis tick's) the language's way: 15,3 in pt, 15.3 in en. */
  chartValue(value: unknown): string;
}

function weatherFormat(language: Language): WeatherFormat {
  const locale = LOCALE_RULES[language].locale;
  const metric = unitOf('precipitation', language) === 'mm';
  const rainValue = (mm: number) => toDisplayUnit('precipitation', mm, language);
  const temperatureValue = (celsius: number) => toDisplayUnit('temperature', celsius, language);
  const dayFormat = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const shortFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  return {
    language,
    rainValue,
    rain: (mm) =>
      `${formatNumber(rainValue(mm), language, metric ? 1 : 2)} ${unitOf('precipitation', language)}`,
    rainUnit: unitOf('precipitation', language),
    temperatureValue,
    temperature: (celsius) =>
      `${formatNumber(temperatureValue(celsius), language, 0)}${unitOf('temperature', language)}`,
    temperatureUnit: unitOf('temperature', language),
    wind: (kmh) =>
      `${formatNumber(toDisplayUnit('speed', kmh, language), language, 0)} ${unitOf('speed', language)}`,
    soilMoisture: (value) => `${formatNumber(value * 100, language, 0)} %`,
    day: (date) => dayFormat.format(dateOnlyToUtc(date)),
    shortDay: (date) => shortFormat.format(dateOnlyToUtc(date)),
    chartValue: (value) =>
      typeof value === 'number'
        ? formatNumber(value, language, metric ? 1 : 2)
        : String(value ?? ''),
  };
}

export function useWeatherFormat(): WeatherFormat {
  const language = useLanguage();
  return useMemo(() => weatherFormat(language), [language]);
}
