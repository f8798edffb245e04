import { describe, expect, it } from 'vitest';
import { isIndicatedFor } from './region.ts';

describe('isIndicatedFor', () => {
  const parana = { country: 'BR', stateCode: 'PR' };
  it('refuses a variety of another country', () => {
    expect(isIndicatedFor({ countries: ['US'], regionStates: null }, parana)).toBe(false);
  });
  it('accepts a variety of the country with no regional recommendation', () => {
    expect(isIndicatedFor({ countries: ['BR'], regionStates: null }, parana)).toBe(true);
  });
  it('follows the recommended states where the source lists them', () => {
    expect(isIndicatedFor({ countries: ['BR'], regionStates: ['PR', 'SC'] }, parana)).toBe(true);
    expect(isIndicatedFor({ countries: ['BR'], regionStates: ['MT', 'GO'] }, parana)).toBe(false);
    expect(
      isIndicatedFor(
        { countries: ['BR'], regionStates: ['PR'] },
        { country: 'BR', stateCode: null },
      ),
    ).toBe(false);
  });
});
