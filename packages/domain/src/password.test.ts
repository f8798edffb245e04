import { describe, expect, it } from 'vitest';
import { checkPassword, isStrongPassword } from './password.ts';

describe('password rule: 8+ characters with upper case, lower case and a digit', () => {
  it.each(['Soja2026', 'Trigo-Safra-9', 'ÁguaLimpa1'])('accepts %s', (password) => {
    expect(isStrongPassword(password)).toBe(true);
  });

  it.each([
    ['Soja202', 'length'],
    ['soja2026', 'upper'],
    ['SOJA2026', 'lower'],
    ['SojaSoja', 'digit'],
  ] as const)('refuses %s for its %s', (password, failing) => {
    expect(isStrongPassword(password)).toBe(false);
    expect(checkPassword(password)[failing]).toBe(false);
  });
});
