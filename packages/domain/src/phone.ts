import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Phones are kept in E.164 (+5511987654321) and must be complete numbers of the three markets. */
export const PHONE_COUNTRIES = ['BR', 'US', 'PY'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

export function isValidPhone(e164: string): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  return (
    !!parsed &&
    parsed.number === e164 &&
    (PHONE_COUNTRIES as readonly string[]).includes(parsed.country ?? '') &&
    isValidPhoneNumber(e164)
  );
}

/** Reads what a person typed, with the country they picked, as E.164; undefined when incomplete. */
export function toE164(typed: string, country: PhoneCountry): string | undefined {
  const parsed = parsePhoneNumberFromString(typed, country);
  return parsed?.isValid() ? parsed.number : undefined;
}
