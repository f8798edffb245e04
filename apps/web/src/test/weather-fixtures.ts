import type { FarmPrecipitation, FarmWeather, WeatherDay } from '@lavoura/domain';

/** Answers of the weather API as the server gives them (metric), for web tests. */

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function weatherDay(date: string, values: Partial<WeatherDay> = {}): WeatherDay {
  return {
    date,
    precipitation: 10,
    rain_status: 'moderate',
    weather_status: 'rain',
    weather_code: 63,
    temperature: { current: null, max: 30, min: 20 },
    dew_point_temperature: 18,
    wind_speed: 20,
    soil_moisture: 0.32,
    hourly: {
      amount: 10,
      precipitation: Array.from({ length: 24 }, (_, hour) => ({
        time: `${date}T${String(hour).padStart(2, '0')}:00`,
        millimeters: hour === 15 ? 10 : 0,
        temperature: 25,
      })),
    },
    ...values,
  };
}

/** Eight days from `today`: 10 mm, 30/20 °C, wind 20 km/h each. */
export function weatherAnswer(
  farmId: number,
  { today = '2026-11-27', simulated = true }: { today?: string; simulated?: boolean } = {},
): FarmWeather {
  return {
    farm_id: farmId,
    provider: simulated ? 'simulated' : 'open-meteo',
    ...(simulated ? { simulated: true as const } : {}),
    time_zone: 'America/Sao_Paulo',
    generated_at: `${today}T12:00:00.000Z`,
    current: { time: `${today}T09:00`, temperature: 25, wind_speed: 10, precipitation: 0 },
    days: Array.from({ length: 8 }, (_, index) =>
      weatherDay(
        addDays(today, index),
        index === 0 ? { temperature: { current: 25, max: 30, min: 20 } } : {},
      ),
    ),
  };
}

export function precipitationAnswer(
  farmId: number,
  {
    today = '2026-11-27',
    simulated = true,
    observed = [],
    gapFrom = null,
  }: {
    today?: string;
    simulated?: boolean;
    observed?: FarmPrecipitation['obs_prec_mm_day'];
    gapFrom?: string | null;
  } = {},
): FarmPrecipitation {
  const from = addDays(today, -29);
  return {
    farmId,
    farmName: 'Fazenda Santa Helena',
    farmCreatedAt: '2025-01-10T12:00:00.000Z',
    provider: simulated ? 'simulated' : 'open-meteo',
    ...(simulated ? { simulated: true as const } : {}),
    time_zone: 'America/Sao_Paulo',
    from,
    to: today,
    history_unavailable_from: gapFrom,
    prec_mm_day: Array.from({ length: 29 }, (_, index) => {
      const date = addDays(from, index);
      return { id: Number(date.replaceAll('-', '')), date, cons_mm: index % 3 === 0 ? 5 : 0 };
    }),
    obs_prec_mm_day: observed,
  };
}
