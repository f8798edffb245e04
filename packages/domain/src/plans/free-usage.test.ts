import { describe, expect, it } from 'vitest';
import { PLAN_LEVELS } from '../reference/plans.ts';
import { dailyUseLimit } from './capabilities.ts';
import { freeUsage, usageBand } from './free-usage.ts';

describe('free usage', () => {
  it('limits only Freemium accounts, to 5 uses a day', () => {
    expect(dailyUseLimit(PLAN_LEVELS.freemium)).toBe(5);
    for (const level of [PLAN_LEVELS.light, PLAN_LEVELS.pro, PLAN_LEVELS.full])
      expect(dailyUseLimit(level)).toBeNull();
  });

  it('gives progress as a whole percent of the limit, 100 at the limit', () => {
    expect(freeUsage(5, 0)).toEqual({ limit: 5, used: 0, progress: 0 });
    expect(freeUsage(5, 2)).toEqual({ limit: 5, used: 2, progress: 40 });
    expect(freeUsage(5, 5)).toEqual({ limit: 5, used: 5, progress: 100 });
    expect(freeUsage(null, 3)).toEqual({ limit: null, used: 0, progress: 0 });
  });

  it('colours the bar green up to 50, yellow up to 70, orange-red above', () => {
    expect([0, 50, 51, 70, 71, 100].map(usageBand)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });
});
