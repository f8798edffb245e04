import { describe, expect, it } from 'vitest';
import { assertQueryFragment, buildQueryString } from './query-fragment.ts';

describe('query-fragment validator', () => {
  it.each(['crop_id=1', 'category=fungicide', 'start-period=2026-08-01', 'A_b-9=x'])(
    'accepts %s',
    (fragment) => {
      expect(assertQueryFragment(fragment)).toBe(fragment);
    },
  );

  it.each(['crop_id', '=1', 'a=', 'a=b=c', 'a=1&b=2', 'name=João', 'q=a b', 'x=<script>'])(
    'refuses %s with "Invalid query value"',
    (fragment) => {
      expect(() => assertQueryFragment(fragment)).toThrow('Invalid query value');
    },
  );

  it('joins valid fragments and stops at the first bad one', () => {
    expect(buildQueryString(['a=1', 'b=2'])).toBe('a=1&b=2');
    expect(() => buildQueryString(['a=1', 'b=2;drop'])).toThrow('Invalid query value');
  });
});
