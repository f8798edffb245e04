import { describe, expect, it } from 'vitest';
import { decideReenable, isStale } from './enablement.ts';

describe('re-enabling per season', () => {
  it('allows the limit’s number of re-enables in one season, then refuses', () => {
    let stored = { seasonId: null as number | null, count: 0 };
    for (let i = 0; i < 2; i++) {
      const decision = decideReenable(stored, 7, 2);
      expect(decision.allowed).toBe(true);
      if (decision.allowed) stored = decision.next;
    }
    expect(decideReenable(stored, 7, 2)).toEqual({ allowed: false, limit: 2 });
  });

  it('starts counting again in a new season', () => {
    expect(decideReenable({ seasonId: 7, count: 2 }, 8, 2)).toEqual({
      allowed: true,
      next: { seasonId: 8, count: 1 },
    });
  });
});

describe('stale writes', () => {
  it('compares the instant, whatever the offset it is written in', () => {
    const stored = new Date('2026-11-23T12:00:00.123Z');
    expect(isStale('2026-11-23T09:00:00.123-03:00', stored)).toBe(false);
    expect(isStale('2026-11-23T12:00:00.124Z', stored)).toBe(true);
  });
});
