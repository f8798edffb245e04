/** Card payments an account may attempt in a day (declines and provider errors count). */
export const CARD_ATTEMPTS_PER_DAY = 5;

/**
 * Whether the account may try one more card payment today after `attemptsToday` counted ones:
 * the sixth of a day is refused (429) before it reaches the provider.
 */
export function cardAttemptAllowed(attemptsToday: number): boolean {
  return attemptsToday < CARD_ATTEMPTS_PER_DAY;
}
