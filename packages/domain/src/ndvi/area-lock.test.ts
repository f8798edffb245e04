import { describe, expect, it } from 'vitest';
import { areaLockedUntil, changesLockedArea } from './area-lock.ts';

describe('the NDVI area lock', () => {
  const contracted = new Date('2026-03-10T12:00:00.000Z');

  it('holds for 365 days from the contract, to the millisecond', () => {
    const until = new Date('2027-03-10T12:00:00.000Z');
    expect(areaLockedUntil(contracted, contracted)).toEqual(until);
    expect(areaLockedUntil(contracted, new Date(until.getTime() - 1))).toEqual(until);
    expect(areaLockedUntil(contracted, until)).toBeNull();
  });

  it('does not lock a plot never contracted', () => {
    expect(areaLockedUntil(null, contracted)).toBeNull();
  });

  it('lets a recomputed outline through but refuses a hundredth of a hectare', () => {
    expect(changesLockedArea(12.5, 12.5)).toBe(false);
    expect(changesLockedArea(12.5 + 1e-7, 12.5)).toBe(false);
    expect(changesLockedArea(12.5 - 1e-7, 12.5)).toBe(false);
    expect(changesLockedArea(12.500002, 12.5)).toBe(true);
    expect(changesLockedArea(12.49, 12.5)).toBe(true);
  });
});
