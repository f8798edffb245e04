import { describe, expect, it } from 'vitest';
import { SessionCache, parseSessionChange } from './session-cache.ts';

const keys = { userId: 1, accountId: 10, membershipId: 100 };

function listeningCache(clock = { now: 0 }) {
  const cache = new SessionCache<string>(1000, () => clock.now);
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('is skipped while the listener is down: nothing stored, nothing served', () => {
    const cache = new SessionCache<string>();
    cache.store('jti', keys, 'row', cache.generation);
    expect(cache.get('jti')).toBeUndefined();

    cache.setListening(true);
    cache.store('jti', keys, 'row', cache.generation);
    expect(cache.get('jti')).toBe('row');
    cache.setListening(false);
    expect(cache.get('jti')).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('jti')).toBeUndefined(); // what was cached may have missed changes
  });

  it('does not store a row read before a change it may have missed', () => {
    const cache = listeningCache();
    const generation = cache.generation; // the read starts
    cache.forget({ kind: 'user', userId: 999 }); // some change arrives meanwhile
    cache.store('jti', keys, 'stale', generation);
    expect(cache.get('jti')).toBeUndefined();
  });

  it('forgets exactly the entries a change names', () => {
    const cache = listeningCache();
    const other = { userId: 2, accountId: 20, membershipId: 200 };
    const fill = () => {
      cache.store('a', keys, 'a', cache.generation);
      cache.store('b', other, 'b', cache.generation);
    };
    const cases = [
      { kind: 'token', jti: 'a' },
      { kind: 'user', userId: 1 },
      { kind: 'member', membershipId: 100 },
      { kind: 'account', accountId: 10 },
    ] as const;
    for (const change of cases) {
      fill();
      cache.forget(change);
      expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 'b']);
    }
    fill();
    cache.forgetUserOrAccount(2, 10);
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
  });

  it('lets an entry live only its time', () => {
    const clock = { now: 0 };
    const cache = listeningCache(clock);
    cache.store('jti', keys, 'row', cache.generation);
    clock.now = 999;
    expect(cache.get('jti')).toBe('row');
    clock.now = 1000;
    expect(cache.get('jti')).toBeUndefined();
  });
});

describe('parseSessionChange', () => {
  it('reads the triggers’ payloads of its own schema only', () => {
    expect(parseSessionChange('public:token:abc-1', 'public')).toEqual({
      kind: 'token',
      jti: 'abc-1',
    });
    expect(parseSessionChange('public:user:7', 'public')).toEqual({ kind: 'user', userId: 7 });
    expect(parseSessionChange('public:member:8', 'public')).toEqual({
      kind: 'member',
      membershipId: 8,
    });
    expect(parseSessionChange('public:account:9', 'public')).toEqual({
      kind: 'account',
      accountId: 9,
    });
    expect(parseSessionChange('test_1:user:7', 'public')).toBeUndefined();
    expect(parseSessionChange('public:user:x', 'public')).toBeUndefined();
    expect(parseSessionChange('public:farm:1', 'public')).toBeUndefined();
  });
});
