import { describe, expect, it } from 'vitest';
import { isValidPhone, toE164 } from './phone.ts';

describe('phones of the three markets', () => {
  it('reads what a person typed into E.164 with the country they picked', () => {
    expect(toE164('(11) 98765-4321', 'BR')).toBe('+5511987654321');
    expect(toE164('0981 123456', 'PY')).toBe('+595981123456');
    expect(toE164('(202) 555-0143', 'US')).toBe('+12025550143');
    expect(toE164('98765', 'BR')).toBeUndefined();
  });

  it('accepts only complete numbers of Brazil, the USA and Paraguay', () => {
    expect(isValidPhone('+5511987654321')).toBe(true);
    expect(isValidPhone('+595981123456')).toBe(true);
    expect(isValidPhone('+551198765')).toBe(false);
    expect(isValidPhone('+33612345678')).toBe(false);
    expect(isValidPhone('11987654321')).toBe(false);
  });
});
