import type { WeatherService } from '../weather/weather.service.ts';

/**
 * What the digest and the rain alert need of the weather module (issue 14 item 1): a farm's days,
 * past and forecast (`WeatherService.dailySummary`). Without it (`undefined`) the digest answers
 * its weather as not available and no rain alert is sent.
 */
export type FarmWeatherSource = Pick<WeatherService, 'dailySummary'>;
