import { describe, expect, it } from 'vitest';
import {
  historyGapFrom,
  observedRainDateProblem,
  precipitationBodySchema,
  rainLevelOf,
  weatherConditionOf,
} from './weather.ts';

describe('weather rules', () => {
  it('reads the WMO weather codes Open-Meteo documents', () => {
    expect([0, 1, 2, 3, 45, 53, 63, 81, 75, 95, 99].map(weatherConditionOf)).toEqual([
      'clear',
      'clear',
      'partly_cloudy',
      'cloudy',
      'fog',
      'drizzle',
      'rain',
      'showers',
      'snow',
      'thunderstorm',
      'thunderstorm',
    ]);
  });

  it('names the rain of a day', () => {
    expect([0, 0.1, 0.2, 4.9, 5, 24.9, 25, 120].map(rainLevelOf)).toEqual([
      'dry',
      'dry',
      'light',
      'light',
      'moderate',
      'moderate',
      'heavy',
      'heavy',
    ]);
  });

  it('leaves a farm younger than 10 days without history for its last 10 days', () => {
    expect(historyGapFrom('2026-11-24', '2026-11-27')).toBe('2026-11-18');
    expect(historyGapFrom('2026-11-18', '2026-11-27')).toBe('2026-11-18');
    expect(historyGapFrom('2026-11-17', '2026-11-27')).toBeNull();
  });

  it('refuses measured rain after the farm’s today, and impossible amounts', () => {
    expect(observedRainDateProblem('2026-11-28', '2026-11-27')).toBe('date_in_future');
    expect(observedRainDateProblem('2026-11-27', '2026-11-27')).toBeNull();
    expect(precipitationBodySchema.safeParse({ date: '2026-11-27', observed: 0 }).success).toBe(
      true,
    );
    for (const body of [
      { date: '2026-11-27', observed: -0.1 },
      { date: '2026-11-27', observed: 1000.5 },
      { date: '2026-02-30', observed: 3 },
      { date: '2026-11-27', observed: 3, extra: 1 },
    ])
      expect(precipitationBodySchema.safeParse(body).success).toBe(false);
  });
});
