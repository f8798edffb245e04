import {
  WeatherProviderError,
  type ForecastOptions,
  type ProviderDay,
  type ProviderForecast,
  type ProviderHistory,
  type WeatherProvider,
} from './weather-provider.ts';

/** The public endpoints (https://open-meteo.com/en/docs, /en/docs/historical-weather-api). */
const OPEN_METEO_FORECAST_URL = 'https://api.open-meteo.com/v1/forecast';
const OPEN_METEO_ARCHIVE_URL = 'https://archive-api.open-meteo.com/v1/archive';

const DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'wind_speed_10m_max',
] as const;
const HOURLY = [
  'temperature_2m',
  'precipitation',
  'dew_point_2m',
  'soil_moisture_0_to_1cm',
  'relative_humidity_2m',
  'wind_speed_10m',
  'wind_gusts_10m',
] as const;
const CURRENT = ['temperature_2m', 'precipitation', 'wind_speed_10m'] as const;

type Series = (number | null)[];

/** The documented JSON answer of /v1/forecast for the variables above (nulls where a model has none). */
interface ForecastAnswer {
  timezone?: string;
  current?: { time: string } & Partial<Record<(typeof CURRENT)[number], number | null>>;
  hourly?: { time: string[] } & Partial<Record<(typeof HOURLY)[number], Series>>;
  daily?: { time: string[] } & Partial<Record<(typeof DAILY)[number], Series>>;
}

interface ArchiveAnswer {
  daily?: { time: string[]; precipitation_sum?: Series };
}

/**
 * Open-Meteo (WEATHER_PROVIDER=open-meteo): the forecast API for today, the days around it and
 * the hours, the archive API (ERA5 reanalysis, published a few days late) for rain history. Units
 * are the defaults the documentation gives: °C, km/h, mm; soil moisture m³/m³. No key is needed
 * for non-commercial use; a commercial plan has its own host (`customer-…`), hence configurable
 * base URLs (OPEN_METEO_FORECAST_URL, OPEN_METEO_ARCHIVE_URL).
 */
export function openMeteoWeatherProvider(
  options: {
    forecastUrl?: string;
    archiveUrl?: string;
    /** Milliseconds before a call is given up (10 s). */
    timeoutMs?: number;
    fetch?: typeof fetch;
  } = {},
): WeatherProvider {
  const forecastUrl = options.forecastUrl ?? OPEN_METEO_FORECAST_URL;
  const archiveUrl = options.archiveUrl ?? OPEN_METEO_ARCHIVE_URL;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const call = options.fetch ?? fetch;

  async function get<T>(base: string, query: Record<string, string>): Promise<T> {
    const url = `${base}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await call(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new WeatherProviderError(`Open-Meteo unreachable: ${String(cause)}`, { cause });
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      throw new WeatherProviderError(`Open-Meteo answered ${response.status} without JSON`, {
        cause,
      });
    }
    if (!response.ok) {
      // The documented error object: {"error": true, "reason": "..."}.
      const reason = (body as { reason?: unknown } | null)?.reason;
      throw new WeatherProviderError(
        `Open-Meteo answered ${response.status}: ${typeof reason === 'string' ? reason : text.slice(0, 200)}`,
      );
    }
    return body as T;
  }

  return {
    name: 'open-meteo',
    simulated: false,
    async forecast(
      latitude,
      longitude,
      timeZone,
      span: ForecastOptions,
    ): Promise<ProviderForecast> {
      const answer = await get<ForecastAnswer>(forecastUrl, {
        latitude: String(latitude),
        longitude: String(longitude),
        daily: DAILY.join(','),
        hourly: HOURLY.join(','),
        current: CURRENT.join(','),
        timezone: timeZone,
        past_days: String(span.pastDays),
        forecast_days: String(span.forecastDays),
      });
      return readForecast(answer, timeZone);
    },
    async history(latitude, longitude, from, to, timeZone): Promise<ProviderHistory> {
      const answer = await get<ArchiveAnswer>(archiveUrl, {
        latitude: String(latitude),
        longitude: String(longitude),
        start_date: from,
        end_date: to,
        daily: 'precipitation_sum',
        timezone: timeZone,
      });
      const time = answer.daily?.time;
      const rain = answer.daily?.precipitation_sum;
      if (!Array.isArray(time) || !Array.isArray(rain))
        throw new WeatherProviderError('Open-Meteo archive answer without daily precipitation_sum');
      const days: ProviderHistory['days'] = [];
      time.forEach((date, index) => {
        const value = rain[index];
        // The reanalysis lags a few days behind: those days come as null and are left out.
        if (typeof value === 'number') days.push({ date, precipitationMm: value });
      });
      return { provider: 'open-meteo', simulated: false, days };
    },
  };
}

const mean = (values: number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

function readForecast(answer: ForecastAnswer, timeZone: string): ProviderForecast {
  const { daily, hourly, current } = answer;
  if (!daily?.time || !hourly?.time || !current?.time)
    throw new WeatherProviderError('Open-Meteo forecast answer without daily, hourly or current');
  const column = (series: Series | undefined, index: number): number | null =>
    typeof series?.[index] === 'number' ? series[index] : null;

  // Hours by day (local times `YYYY-MM-DDTHH:mm` because &timezone= was given).
  const hoursOf = new Map<string, number[]>();
  hourly.time.forEach((time, index) => {
    const day = time.slice(0, 10);
    const list = hoursOf.get(day) ?? [];
    list.push(index);
    hoursOf.set(day, list);
  });

  const days: ProviderDay[] = [];
  daily.time.forEach((date, index) => {
    const max = column(daily.temperature_2m_max, index);
    const min = column(daily.temperature_2m_min, index);
    // A day the models do not reach (the end of a long forecast) is left out, not invented.
    if (max === null || min === null) return;
    const hours = hoursOf.get(date) ?? [];
    const hourRows = hours.map((at) => ({
      time: hourly.time[at]!,
      precipitationMm: column(hourly.precipitation, at) ?? 0,
      temperatureC: column(hourly.temperature_2m, at) ?? min,
      relativeHumidityPct: column(hourly.relative_humidity_2m, at),
      windSpeedKmh: column(hourly.wind_speed_10m, at),
      windGustKmh: column(hourly.wind_gusts_10m, at),
    }));
    const dewPoints = hours
      .map((at) => column(hourly.dew_point_2m, at))
      .filter((value): value is number => value !== null);
    const moisture = hours
      .map((at) => column(hourly.soil_moisture_0_to_1cm, at))
      .filter((value): value is number => value !== null);
    const dewMean = mean(dewPoints);
    const moistureMean = mean(moisture);
    days.push({
      date,
      precipitationMm:
        column(daily.precipitation_sum, index) ??
        round(
          hourRows.reduce((sum, hour) => sum + hour.precipitationMm, 0),
          1,
        ),
      temperatureMaxC: max,
      temperatureMinC: min,
      dewPointC: dewMean === null ? min : round(dewMean, 1),
      windSpeedKmh: column(daily.wind_speed_10m_max, index) ?? 0,
      soilMoisture: moistureMean === null ? null : round(moistureMean, 3),
      weatherCode: column(daily.weather_code, index) ?? 3,
      hourly: hourRows,
    });
  });
  return {
    provider: 'open-meteo',
    simulated: false,
    timeZone: answer.timezone ?? timeZone,
    current: {
      time: current.time,
      temperatureC: current.temperature_2m ?? days[0]?.temperatureMaxC ?? 0,
      windSpeedKmh: current.wind_speed_10m ?? 0,
      precipitationMm: current.precipitation ?? 0,
    },
    days,
  };
}
