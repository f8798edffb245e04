import cardValidator from 'card-validator';
import creditCardType from 'credit-card-type';
import luhn10 from 'card-validator/dist/luhn-10.js';

/**
 * A payment card as the payment form and the payment API check it (spec 1 §3 and §9): the brands
 * Brazil's processors take, at least 14 digits, the Luhn check digit, an expiry not in the past
 * and the brand's CVV length. Brand detection by number range is Braintree's (card-validator),
 * not ours. Only the brand and the last four digits are ever kept.
 */
export type CardBrand =
  'mastercard' | 'visa' | 'elo' | 'hipercard' | 'american_express' | 'diners_club' | 'jcb';

/** The brands' display names, as printed on the cards. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  mastercard: 'MasterCard',
  visa: 'Visa',
  elo: 'Elo',
  hipercard: 'Hipercard',
  american_express: 'American Express',
  diners_club: 'Diners Club',
  jcb: 'JCB',
};

const BRAND_OF_TYPE: Record<string, CardBrand> = {
  mastercard: 'mastercard',
  visa: 'visa',
  elo: 'elo',
  hipercard: 'hipercard',
  'american-express': 'american_express',
  'diners-club': 'diners_club',
  jcb: 'jcb',
};

const MIN_CARD_DIGITS = 14;

/** The digits of a card number as typed (spaces and dashes of the mask dropped). */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** The brand of a card number, as soon as its first digits tell; null for brands not taken. */
export function cardBrand(typed: string): CardBrand | null {
  const digits = cardDigits(typed);
  if (!/^\d+$/.test(digits)) return null;
  // Hipercard's range overlaps others': the most specific match comes first.
  for (const type of creditCardType(digits)) {
    const brand = BRAND_OF_TYPE[type.type];
    if (brand) return brand;
  }
  return null;
}

export interface CardInput {
  card_number: string;
  /** "MM/YYYY" */
  card_expiration: string;
  card_cvv: string;
}

export type CardField = keyof CardInput;
export type CardProblemReason =
  'too_short' | 'check_digit' | 'unknown_brand' | 'invalid_expiration' | 'expired' | 'invalid_cvv';

export type CardCheck =
  | { ok: true; brand: CardBrand; last_four: string }
  | { ok: false; field: CardField; reason: CardProblemReason };

/** Checks a card; `today` decides whether its month has passed (a card is good to its month's end). */
export function checkCard(card: CardInput, today: Date): CardCheck {
  const digits = cardDigits(card.card_number);
  if (!/^\d+$/.test(digits) || digits.length < MIN_CARD_DIGITS)
    return { ok: false, field: 'card_number', reason: 'too_short' };
  if (!luhn10(digits)) return { ok: false, field: 'card_number', reason: 'check_digit' };
  const brand = cardBrand(digits);
  // A taken brand with a length its range does not issue is no card either.
  if (!brand || !cardValidator.number(digits).isValid)
    return { ok: false, field: 'card_number', reason: 'unknown_brand' };

  const expiry = /^(\d{2})\/(\d{4})$/.exec(card.card_expiration.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? Number(expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12 || year > today.getUTCFullYear() + 20)
    return { ok: false, field: 'card_expiration', reason: 'invalid_expiration' };
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth)
    return { ok: false, field: 'card_expiration', reason: 'expired' };

  const cvvLength = brand === 'american_express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(card.card_cvv.trim()))
    return { ok: false, field: 'card_cvv', reason: 'invalid_cvv' };
  return { ok: true, brand, last_four: digits.slice(-4) };
}
