import { describe, expect, it } from 'vitest';
import { LOCALE_RULES, pluralCategory, resolveLanguage } from './locale.ts';

describe('locale rules', () => {
  it('ties each language to its time zone, locale and currency', () => {
    expect(LOCALE_RULES.pt).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      locale: 'pt-BR',
      currency: 'BRL',
    });
    expect(LOCALE_RULES.en).toMatchObject({
      timeZone: 'America/New_York',
      locale: 'en-US',
      currency: 'USD',
    });
    expect(LOCALE_RULES.es).toMatchObject({
      timeZone: 'America/Asuncion',
      locale: 'es-PY',
      currency: 'USD',
    });
  });
});

describe('default language', () => {
  it('prefers the stored choice', () => {
    expect(resolveLanguage('es', ['pt-BR'])).toBe('es');
  });
  it('falls back to the browser language when it is pt, es or en', () => {
    expect(resolveLanguage(null, ['pt-BR', 'en'])).toBe('pt');
    expect(resolveLanguage(undefined, ['es-PY'])).toBe('es');
    expect(resolveLanguage('fr', ['en-GB'])).toBe('en');
  });
  it('takes the first supported browser language, else English', () => {
    expect(resolveLanguage(null, ['fr-FR', 'es'])).toBe('es');
    expect(resolveLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(resolveLanguage(null, [])).toBe('en');
  });
});

describe('plural forms', () => {
  it('writes none in the plural in every language, one in the singular', () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      expect([0, 1, 2].map((count) => pluralCategory(count, language))).toEqual([
        'other',
        'one',
        'other',
      ]);
    }
  });
});
