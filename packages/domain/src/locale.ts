/** Interface languages and what follows from each: time zone, number/date locale, currency, units. */
export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface LocaleRules {
  timeZone: string;
  locale: string;
  currency: 'BRL' | 'USD';
  unitSystem: 'metric' | 'imperial';
}

export const LOCALE_RULES: Record<Language, LocaleRules> = {
  pt: { timeZone: 'America/Sao_Paulo', locale: 'pt-BR', currency: 'BRL', unitSystem: 'metric' },
  en: { timeZone: 'America/New_York', locale: 'en-US', currency: 'USD', unitSystem: 'imperial' },
  es: { timeZone: 'America/Asuncion', locale: 'es-PY', currency: 'USD', unitSystem: 'metric' },
};

/** Texts missing in a language fall back to Portuguese, the product's reference language. */
export const FALLBACK_LANGUAGE: Language = 'pt';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The spec's default-language rule: the stored choice; else the browser's language when it is
 * pt, es or en (any region: pt-BR counts as pt); else English.
 */
export function resolveLanguage(
  stored: string | null | undefined,
  browser: readonly string[],
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The plural form a count takes in the language (`one` or `other`, i18next's key suffixes). As
 * CLDR, except that Portuguese writes none in the plural ("0 talhões", "0 cultivares"), where
 * CLDR's Portuguese rule, made for fractions ("0,5 litro"), gives the singular.
 */
export function pluralCategory(count: number, language: Language): Intl.LDMLPluralRule {
  if (language === 'pt' && count === 0) return 'other';
  return new Intl.PluralRules(LOCALE_RULES[language].locale).select(count);
}
