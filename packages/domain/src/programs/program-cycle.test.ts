import { describe, expect, it } from 'vitest';
import { importedProgramCycle, varietyCycleDays } from './program-cycle.ts';

describe('the cycle of a plan imported into a sowing', () => {
  it('is the sowing’s estimated cycle when it has one', () => {
    expect(importedProgramCycle(115, { minCycle: 100, maxCycle: 110 })).toEqual({
      days: 115,
      source: 'sowing',
    });
  });

  it('is the variety’s when the sowing has none', () => {
    expect(importedProgramCycle(null, { minCycle: 100, maxCycle: 110 })).toEqual({
      days: 105,
      source: 'variety',
    });
    expect(importedProgramCycle(null, { minCycle: null, maxCycle: 130 })).toEqual({
      days: 130,
      source: 'variety',
    });
  });

  it('is the reference 120 days when neither is informed', () => {
    expect(importedProgramCycle(null, { minCycle: null, maxCycle: null })).toEqual({
      days: 120,
      source: 'reference',
    });
    expect(importedProgramCycle(null, null)).toEqual({ days: 120, source: 'reference' });
  });

  it('reads a variety’s range as its middle, rounded to a day', () => {
    expect(varietyCycleDays(101, 110)).toBe(106);
    expect(varietyCycleDays(null, null)).toBeNull();
  });
});
