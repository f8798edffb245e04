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

export function formatCurrency(value: number, language: Language): string {
  const rules = LOCALE_RULES[language];
  return new Intl.NumberFormat(rules.locale, {
    style: 'currency',
    currency: rules.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
