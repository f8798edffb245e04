import { describe, expect, it } from 'vitest';
import { CARD_ATTEMPTS_PER_DAY, cardAttemptAllowed } from './card-attempts.ts';

describe('card attempts of a day', () => {
  it('five attempts a day are tried; the sixth is refused before the provider', () => {
    expect(CARD_ATTEMPTS_PER_DAY).toBe(5);
    expect(cardAttemptAllowed(0)).toBe(true);
    expect(cardAttemptAllowed(4)).toBe(true);
    expect(cardAttemptAllowed(5)).toBe(false);
    expect(cardAttemptAllowed(6)).toBe(false);
  });
});
