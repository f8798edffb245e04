import type { WeatherProviderName } from '@lavoura/domain';

/**
 * Where a farm's weather comes from (DESIGN.md §6, WEATHER_PROVIDER): `simulated`, the offline
 * default (deterministic per place and day, labelled `simulated` in every answer), and
 * `open-meteo`, the real forecast and archive APIs (https://open-meteo.com/en/docs,
 * https://open-meteo.com/en/docs/historical-weather-api). Everything is metric: mm, °C, km/h,
 * m³/m³. Days are calendar days of the given time zone; hours are its local times.
 */

interface ProviderHour {
  /** Local time `YYYY-MM-DDTHH:mm` (the hour's end for rain: Open-Meteo's "preceding hour sum"). */
  time: string;
  precipitationMm: number;
  temperatureC: number;
  /** Relative humidity at 2 m (%), wind speed and gusts at 10 m (km/h): null when not given. */
  relativeHumidityPct: number | null;
  windSpeedKmh: number | null;
  windGustKmh: number | null;
}

export interface ProviderDay {
  date: string;
  precipitationMm: number;
  temperatureMaxC: number;
  temperatureMinC: number;
  /** The day's mean dew point at 2 m. */
  dewPointC: number;
  /** The day's highest wind speed at 10 m. */
  windSpeedKmh: number;
  /** Mean soil water content at 0–1 cm (m³/m³); null when the provider has none. */
  soilMoisture: number | null;
  /** WMO weather interpretation code of the day. */
  weatherCode: number;
  hourly: ProviderHour[];
}

export interface ProviderForecast {
  provider: WeatherProviderName;
  simulated: boolean;
  timeZone: string;
  /** Conditions now. */
  current: { time: string; temperatureC: number; windSpeedKmh: number; precipitationMm: number };
  /** `pastDays` days before today, today, then the forecast days, in order. */
  days: ProviderDay[];
}

export interface ProviderHistory {
  provider: WeatherProviderName;
  simulated: boolean;
  /** Rain per day (mm), oldest first; a day the provider has no value for yet is left out. */
  days: { date: string; precipitationMm: number }[];
}

export interface ForecastOptions {
  /** Days before today to include (Open-Meteo's `past_days`, 0–92). */
  pastDays: number;
  /** Days from today on (Open-Meteo's `forecast_days`, 1–16). */
  forecastDays: number;
}

export interface WeatherProvider {
  readonly name: WeatherProviderName;
  /** Its numbers are made up offline: every answer built from them says `simulated: true`. */
  readonly simulated: boolean;
  forecast(
    latitude: number,
    longitude: number,
    timeZone: string,
    options: ForecastOptions,
  ): Promise<ProviderForecast>;
  /** Observed (reanalysed) rain per day from `from` to `to` inclusive, days of `timeZone`. */
  history(
    latitude: number,
    longitude: number,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<ProviderHistory>;
}

/** The provider failed or answered something we cannot read: the API answers 502. */
export class WeatherProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WeatherProviderError';
  }
}
