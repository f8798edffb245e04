import { openMeteoWeatherProvider } from './open-meteo-weather.ts';
import { simulatedWeatherProvider } from './simulated-weather.ts';
import type { WeatherProvider } from './weather-provider.ts';

/** WEATHER_PROVIDER and its settings, as config.ts reads them. */
export type WeatherConfig =
  { provider: 'simulated' } | { provider: 'open-meteo'; forecastUrl: string; archiveUrl: string };

export function createWeatherProvider(config: WeatherConfig): WeatherProvider {
  return config.provider === 'open-meteo'
    ? openMeteoWeatherProvider({ forecastUrl: config.forecastUrl, archiveUrl: config.archiveUrl })
    : simulatedWeatherProvider();
}
