import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard } from './card.ts';

const today = new Date('2026-11-23T12:00:00Z');
const card = (card_number: string, card_expiration = '12/2028', card_cvv = '123') => ({
  card_number,
  card_expiration,
  card_cvv,
});

describe('payment cards', () => {
  it('tells the seven brands taken in Brazil from their numbers', () => {
    expect(cardBrand('4111 1111 1111 1111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223000048400011')).toBe('mastercard');
    expect(cardBrand('6362970000457013')).toBe('elo');
    expect(cardBrand('6062825624254001')).toBe('hipercard');
    expect(cardBrand('378282246310005')).toBe('american_express');
    expect(cardBrand('36227206271667')).toBe('diners_club');
    expect(cardBrand('3530111333300000')).toBe('jcb');
    expect(cardBrand('6011111111111117')).toBeNull(); // Discover: not taken
  });

  it('accepts a good card and keeps only its brand and last four digits', () => {
    expect(checkCard(card('4111 1111 1111 1111'), today)).toEqual({
      ok: true,
      brand: 'visa',
      last_four: '1111',
    });
    expect(checkCard(card('378282246310005', '11/2026', '1234'), today)).toMatchObject({
      ok: true,
      brand: 'american_express',
    });
  });

  it('refuses fewer than 14 digits, a wrong check digit and brands not taken', () => {
    expect(checkCard(card('4111 1111 1111'), today)).toEqual({
      ok: false,
      field: 'card_number',
      reason: 'too_short',
    });
    expect(checkCard(card('4111111111111112'), today)).toMatchObject({ reason: 'check_digit' });
    expect(checkCard(card('6011111111111117'), today)).toMatchObject({ reason: 'unknown_brand' });
    expect(checkCard(card('4111-1111-abcd-1111'), today)).toMatchObject({ field: 'card_number' });
  });

  it('takes a card to the end of its month, not after', () => {
    expect(checkCard(card('4111111111111111', '11/2026'), today).ok).toBe(true);
    expect(checkCard(card('4111111111111111', '10/2026'), today)).toEqual({
      ok: false,
      field: 'card_expiration',
      reason: 'expired',
    });
    for (const bad of ['13/2027', '00/2027', '1/2027', '12/27'])
      expect(checkCard(card('4111111111111111', bad), today)).toMatchObject({
        field: 'card_expiration',
        reason: 'invalid_expiration',
      });
  });

  it('asks 3 CVV digits, 4 for American Express', () => {
    expect(checkCard(card('4111111111111111', '12/2028', '12'), today)).toMatchObject({
      field: 'card_cvv',
    });
    expect(checkCard(card('378282246310005', '12/2028', '123'), today)).toMatchObject({
      field: 'card_cvv',
    });
  });
});
