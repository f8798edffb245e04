import { addDays, todayIn } from '@lavoura/domain';
import type {
  ForecastOptions,
  ProviderDay,
  ProviderForecast,
  ProviderHistory,
  WeatherProvider,
} from './weather-provider.ts';

/**
 * The offline weather (WEATHER_PROVIDER=simulated, the default): made up, but the same for the
 * same place (rounded to 0.1°, about 11 km) and day in every process and every call, so a
 * forecast day seen today is the history day seen next week. Plausible for the season and the
 * latitude: in the southern hemisphere the rainy season is October to March (central Brazil has
 * a near-dry winter, southern Brazil and Paraguay rain all year with a summer peak), in the
 * northern one it peaks in June–August; temperatures fall with latitude and follow the season.
 * Every answer says `simulated: true`.
 */
export function simulatedWeatherProvider(options: { now?: () => Date } = {}): WeatherProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: 'simulated',
    simulated: true,
    async forecast(
      latitude,
      longitude,
      timeZone,
      span: ForecastOptions,
    ): Promise<ProviderForecast> {
      const at = now();
      const today = todayIn(timeZone, at);
      const days: ProviderDay[] = [];
      for (let offset = -span.pastDays; offset < span.forecastDays; offset += 1)
        days.push(simulatedDay(latitude, longitude, addDays(today, offset)));
      const hour = localHour(timeZone, at);
      const todayDay = days[span.pastDays]!;
      const current = todayDay.hourly[hour]!;
      return {
        provider: 'simulated',
        simulated: true,
        timeZone,
        current: {
          time: current.time,
          temperatureC: current.temperatureC,
          windSpeedKmh: round1(todayDay.windSpeedKmh * 0.6),
          precipitationMm: current.precipitationMm,
        },
        days,
      };
    },
    async history(latitude, longitude, from, to): Promise<ProviderHistory> {
      const days: ProviderHistory['days'] = [];
      for (let day = from; day <= to; day = addDays(day, 1))
        days.push({ date: day, precipitationMm: dailyRain(latitude, longitude, day) });
      return { provider: 'simulated', simulated: true, days };
    },
  };
}

/** The hour (0–23) it is now in a time zone. */
function localHour(timeZone: string, at: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(at)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour ?? 12) % 24;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Vapour pressure at the dew point over that at the temperature: relative humidity (0–1). */
function magnusRatio(dewPointC: number, temperatureC: number): number {
  const pressure = (value: number) => Math.exp((17.625 * value) / (value + 243.04));
  return pressure(dewPointC) / pressure(temperatureC);
}
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** FNV-1a of the text: the seed of one place, day and quantity. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: a small, fast generator of numbers in [0, 1) from a seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(latitude: number, longitude: number, day: string, what: string) {
  return random(hash(`${latitude.toFixed(1)}|${longitude.toFixed(1)}|${day}|${what}`));
}

/** Day of the year, 0–365. */
function dayOfYear(day: string): number {
  const date = Date.parse(`${day}T00:00:00Z`);
  return Math.floor((date - Date.UTC(new Date(date).getUTCFullYear(), 0, 1)) / 86_400_000);
}

/** 1 at the height of the local summer, -1 in the depth of winter. */
function seasonal(latitude: number, day: string): number {
  const peak = latitude < 0 ? 15 : 196; // mid-January south of the equator, mid-July north
  return Math.cos((2 * Math.PI * (dayOfYear(day) - peak)) / 365.25);
}

/** The chance of a rainy day: wetter in summer, with a marked dry winter in the tropics. */
function rainChance(latitude: number, day: string): number {
  const tropical = Math.abs(latitude) < 20;
  const base = tropical ? 0.3 : 0.33;
  const swing = tropical ? 0.3 : 0.12;
  return Math.min(0.7, Math.max(0.03, base + swing * seasonal(latitude, day)));
}

/** Rain of one day (mm): most days dry, rainy days mostly a few mm, now and then a storm. */
function dailyRain(latitude: number, longitude: number, day: string): number {
  const next = generator(latitude, longitude, day, 'rain');
  if (next() >= rainChance(latitude, day)) return 0;
  const mean = 9 + 5 * seasonal(latitude, day);
  return round1(Math.min(150, 0.3 - Math.log(1 - next()) * mean));
}

function simulatedDay(latitude: number, longitude: number, day: string): ProviderDay {
  const next = generator(latitude, longitude, day, 'day');
  const rain = dailyRain(latitude, longitude, day);
  const absLatitude = Math.abs(latitude);
  const annualMean = 29 - 0.35 * absLatitude;
  const swing = Math.max(2, 0.25 * absLatitude - 2);
  const mean = annualMean + swing * seasonal(latitude, day) + (next() - 0.5) * 4;
  const range = rain > 0 ? 6 + next() * 3 : 9 + next() * 5;
  const max = round1(mean + range / 2 - (rain > 10 ? 1.5 : 0));
  const min = round1(mean - range / 2);
  const dewPoint = round1(Math.min(min + 1, min - (rain > 0 ? 0.5 : 1.5 + next() * 4)));
  const wind = round1(8 + next() * 14 + (rain > 10 ? 8 : 0));
  // Wetter soil after the rain of the last days, drying out over about a week.
  let wetness = 0;
  for (let back = 0; back < 7; back += 1)
    wetness += dailyRain(latitude, longitude, addDays(day, -back)) * (1 - back / 7);
  const soilMoisture = round3(Math.min(0.45, 0.16 + wetness / 220 + next() * 0.02));
  const weatherCode =
    rain >= 25
      ? 95
      : rain >= 8
        ? 63
        : rain >= 2
          ? 61
          : rain > 0
            ? 80
            : [0, 1, 2, 3][Math.floor(next() * 4)]!;

  // Rain falls in an afternoon spell; temperature runs from the minimum at 6 h to the maximum at 15 h.
  const start = 12 + Math.floor(next() * 7);
  const hours = 1 + Math.floor(next() * 4);
  // The wind calms at night (surface inversions) and peaks in the afternoon; its own seed keeps
  // the day's other numbers as they were.
  const gusty = generator(latitude, longitude, day, 'wind-hours');
  const hourly = Array.from({ length: 24 }, (_, hour) => {
    const phase =
      hour >= 6 && hour <= 15
        ? (1 - Math.cos((Math.PI * (hour - 6)) / 9)) / 2
        : hour > 15
          ? (1 + Math.cos((Math.PI * (hour - 15)) / 15)) / 2
          : (1 + Math.cos((Math.PI * (hour + 9)) / 15)) / 2;
    const wet = rain > 0 && hour >= start && hour < start + hours;
    const temperatureC = round1(min + (max - min) * phase - (wet ? 2 : 0));
    const windSpeedKmh = round1(wind * (0.2 + 0.8 * phase) * (0.85 + gusty() * 0.3));
    return {
      time: `${day}T${String(hour).padStart(2, '0')}:00`,
      precipitationMm: wet ? round1(rain / hours) : 0,
      temperatureC,
      // From the day's dew point (Magnus): moist nights, drier afternoons, near saturation in rain.
      relativeHumidityPct: Math.round(
        Math.min(100, wet ? 96 : 100 * magnusRatio(dewPoint, temperatureC)),
      ),
      windSpeedKmh,
      windGustKmh: round1(windSpeedKmh * (1.3 + gusty() * 0.4)),
    };
  });
  // The hours' rain is what the day says, to the tenth of a millimetre.
  const hoursRain = hourly.reduce((sum, hour) => sum + hour.precipitationMm, 0);
  if (rain > 0)
    hourly[start]!.precipitationMm = round1(hourly[start]!.precipitationMm + rain - hoursRain);
  return {
    date: day,
    precipitationMm: rain,
    temperatureMaxC: max,
    temperatureMinC: min,
    dewPointC: dewPoint,
    windSpeedKmh: wind,
    soilMoisture,
    weatherCode,
    hourly,
  };
}
