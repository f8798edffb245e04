import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPRAY_WINDOW_THRESHOLDS,
  SPRAY_WINDOW_SOURCES,
  bestSprayWindow,
  classifySprayHours,
  deltaT,
  nearestGoodDay,
  pressureAt,
  sprayWindowThresholds,
  sprayWindowThresholdsProblem,
  wetBulbTemperature,
  type SprayHourWeather,
} from './spray-windows.ts';

/**
 * The psychrometric equation solved independently: Newton's method on e_a = e_s(Tw) − γ·P·(T − Tw)
 * with the Magnus saturation formula (Alduchov & Eskridge 1996) instead of FAO-56's Tetens.
 */
function referenceWetBulb(temperature: number, humidity: number, pressure = 101.3): number {
  const saturation = (t: number) => 0.61094 * Math.exp((17.625 * t) / (t + 243.04));
  const actual = (saturation(temperature) * humidity) / 100;
  let wet = temperature;
  for (let step = 0; step < 50; step += 1) {
    const f = saturation(wet) - 0.000662 * pressure * (temperature - wet) - actual;
    const slope = (saturation(wet) * 17.625 * 243.04) / (wet + 243.04) ** 2 + 0.000662 * pressure;
    wet -= f / slope;
  }
  return wet;
}

describe('delta-T', () => {
  it('agrees with the psychrometric equation solved another way to 0.1 °C over field conditions', () => {
    for (let temperature = 0; temperature <= 42; temperature += 3)
      for (let humidity = 10; humidity <= 100; humidity += 10) {
        const expected = temperature - referenceWetBulb(temperature, humidity);
        expect(Math.abs(deltaT(temperature, humidity) - expected)).toBeLessThanOrEqual(0.1);
      }
  });

  it('reads the psychrometric chart at sea level: 20 °C and 50 % is a wet bulb of 13.8 °C', () => {
    expect(wetBulbTemperature(20, 50)).toBeCloseTo(13.8, 1);
    expect(deltaT(20, 50)).toBe(6.2);
    expect(deltaT(15, 100)).toBe(0);
  });

  it('falls with altitude: thinner air cools the wet bulb more', () => {
    expect(pressureAt(0)).toBeCloseTo(101.3, 1);
    expect(pressureAt(1000)).toBeCloseTo(90.0, 0);
    expect(deltaT(25, 40, pressureAt(1000))).toBeGreaterThan(deltaT(25, 40));
  });
});

const defaults = sprayWindowThresholds();

/** A mild, breezy, moist morning hour: good on every count. */
function hour(time: string, change: Partial<SprayHourWeather> = {}): SprayHourWeather {
  return {
    time,
    windKmh: 7,
    gustKmh: 12,
    temperatureC: 22,
    humidityPct: 70,
    rainMm: 0,
    ...change,
  };
}

function day(changes: Record<number, Partial<SprayHourWeather>>): SprayHourWeather[] {
  return Array.from({ length: 24 }, (_, index) =>
    hour(`2026-12-08T${String(index).padStart(2, '0')}:00`, changes[index]),
  );
}

describe('classifySprayHours', () => {
  it('calls an hour good when wind, delta-T, temperature and rain are all within range', () => {
    const [first] = classifySprayHours([hour('2026-12-08T07:00')], defaults);
    expect(first).toMatchObject({ quality: 'good', reasons: [], delta_t: deltaT(22, 70) });
  });

  it('calls a calm hour bad (inversion and drift) and a strong wind marginal, then bad', () => {
    const hours = classifySprayHours(
      [
        hour('2026-12-08T05:00', { windKmh: 2 }),
        hour('2026-12-08T06:00', { windKmh: 12 }),
        hour('2026-12-08T07:00', { windKmh: 18 }),
        hour('2026-12-08T08:00', { gustKmh: 30 }),
      ],
      defaults,
    );
    expect(hours.map((each) => [each.quality, each.reasons.map((reason) => reason.code)])).toEqual([
      ['bad', ['wind_calm']],
      ['marginal', ['wind_strong']],
      ['bad', ['wind_strong']],
      ['marginal', ['gusts']],
    ]);
  });

  it('grades delta-T as the chart does: below 2 marginal, 8 to 10 marginal, above 10 bad', () => {
    const hours = classifySprayHours(
      [
        hour('2026-12-08T05:00', { temperatureC: 18, humidityPct: 95 }),
        hour('2026-12-08T06:00', { temperatureC: 26, humidityPct: 38 }),
        hour('2026-12-08T07:00', { temperatureC: 29, humidityPct: 25 }),
      ],
      defaults,
    );
    expect(hours.map((each) => each.delta_t)).toEqual([
      deltaT(18, 95),
      deltaT(26, 38),
      deltaT(29, 25),
    ]);
    expect(hours[0]!.delta_t).toBeLessThan(2);
    expect(hours[1]!.delta_t).toBeGreaterThan(8);
    expect(hours[1]!.delta_t).toBeLessThanOrEqual(10);
    expect(hours[2]!.delta_t).toBeGreaterThan(10);
    expect(hours.map((each) => [each.quality, each.reasons.map((reason) => reason.code)])).toEqual([
      ['marginal', ['delta_t_low']],
      ['marginal', ['delta_t_high']],
      ['bad', ['delta_t_high']],
    ]);
  });

  it('calls the heat above 30 °C marginal and above 35 °C bad', () => {
    const hours = classifySprayHours(
      [
        hour('2026-12-08T13:00', { temperatureC: 31, humidityPct: 75 }),
        hour('2026-12-08T14:00', { temperatureC: 36, humidityPct: 80 }),
      ],
      defaults,
    );
    expect(hours[0]).toMatchObject({ quality: 'marginal', reasons: [{ code: 'hot' }] });
    expect(hours[1]!.quality).toBe('bad');
    expect(hours[1]!.reasons).toContainEqual({ code: 'hot', quality: 'bad' });
  });

  it('calls bad an hour with rain, and the hours whose rain-fast time the rain would cut', () => {
    const hours = classifySprayHours(day({ 15: { rainMm: 3.4 } }), defaults);
    expect(hours[15]).toMatchObject({ quality: 'bad', reasons: [{ code: 'rain' }] });
    expect(hours[14]!.reasons).toEqual([{ code: 'rain_before_rainfast', quality: 'bad' }]);
    expect(hours[13]!.reasons).toEqual([{ code: 'rain_before_rainfast', quality: 'bad' }]);
    expect(hours[12]!.quality).toBe('good');
    expect(hours[16]!.quality).toBe('good');
    // A product that must stay dry four hours loses two more hours before the shower.
    const longer = classifySprayHours(
      day({ 15: { rainMm: 3.4 } }),
      sprayWindowThresholds({ rainfast_hours: 4 }),
    );
    expect(longer[11]!.quality).toBe('bad');
    expect(longer[10]!.quality).toBe('good');
  });

  it('takes an account’s own thresholds over the defaults', () => {
    const windy = [hour('2026-12-08T09:00', { windKmh: 12 })];
    expect(classifySprayHours(windy, defaults)[0]!.quality).toBe('marginal');
    expect(
      classifySprayHours(windy, sprayWindowThresholds({ wind_good_max_kmh: 14 }))[0]!.quality,
    ).toBe('good');
    expect(sprayWindowThresholdsProblem(sprayWindowThresholds({ wind_good_max_kmh: 20 }))).toBe(
      'wind_good_max_kmh',
    );
    expect(sprayWindowThresholdsProblem(defaults)).toBeNull();
  });

  it('names a source or an assumption for every default, and only sources it lists', () => {
    const known = Object.keys(SPRAY_WINDOW_SOURCES);
    for (const threshold of Object.values(DEFAULT_SPRAY_WINDOW_THRESHOLDS)) {
      expect([...known, 'assumption']).toContain(threshold.source);
      for (const basis of threshold.basis ?? []) expect(known).toContain(basis);
    }
  });
});

describe('bestSprayWindow and nearestGoodDay', () => {
  it('finds the longest run of good hours from now on, the earlier of two equal runs', () => {
    const hours = classifySprayHours(
      day({
        0: { windKmh: 1 },
        1: { windKmh: 1 },
        2: { windKmh: 1 },
        3: { windKmh: 1 },
        4: { windKmh: 1 },
        5: { windKmh: 1 },
        9: { windKmh: 20 },
        13: { windKmh: 20 },
        14: { windKmh: 20 },
        15: { windKmh: 20 },
        16: { windKmh: 20 },
        17: { windKmh: 20 },
        18: { windKmh: 20 },
        19: { windKmh: 20 },
        20: { windKmh: 20 },
        21: { windKmh: 20 },
        22: { windKmh: 20 },
        23: { windKmh: 20 },
      }),
      defaults,
    );
    // Good: 06–09 (3 hours) and 10–13 (3 hours).
    expect(bestSprayWindow(hours)).toEqual({
      start: '2026-12-08T06:00',
      end: '2026-12-08T09:00',
      hours: 3,
    });
    // At 07:00 the first run has two hours left: the second is longer.
    expect(bestSprayWindow(hours, '2026-12-08T07:00')).toEqual({
      start: '2026-12-08T10:00',
      end: '2026-12-08T13:00',
      hours: 3,
    });
    const stormy = classifySprayHours(
      day({}).map((each) => ({ ...each, rainMm: 1 })),
      defaults,
    );
    expect(bestSprayWindow(stormy)).toBeNull();
  });

  it('ends a window that runs to midnight at the next day’s 00:00', () => {
    const hours = classifySprayHours(day({}), defaults);
    expect(bestSprayWindow(hours)).toEqual({
      start: '2026-12-08T00:00',
      end: '2026-12-09T00:00',
      hours: 24,
    });
  });

  it('suggests the nearest day with a good hour within two days, the earlier when tied', () => {
    expect(nearestGoodDay('2026-12-10', new Set(['2026-12-09', '2026-12-11']))).toBe('2026-12-09');
    expect(nearestGoodDay('2026-12-10', new Set(['2026-12-12']))).toBe('2026-12-12');
    expect(nearestGoodDay('2026-12-10', new Set(['2026-12-13', '2026-12-07']))).toBeNull();
  });
});
