import { findCountry, type Language } from '@lavoura/domain';

export type TermsCountry = 'BR' | 'PY' | 'US';

/** The country whose terms apply to an account (its country id), Brazil when unknown. */
export function termsCountryOf(countryId: number | null | undefined): TermsCountry {
  return countryId ? (findCountry(countryId)?.acronym ?? 'BR') : 'BR';
}

/** The terms of use depend on the country and the language (in-app page /terms). */
export function termsPath(country: TermsCountry, language: Language): string {
  return `/terms?country=${country}&lang=${language}`;
}
