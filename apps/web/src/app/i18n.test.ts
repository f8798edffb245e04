import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, changeLanguage, createI18n, detectLanguage, i18n } from './i18n';

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('interface language', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('uses the stored choice over the browser language', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    browserLanguages(['pt-BR', 'pt']);
    expect(detectLanguage()).toBe('es');
  });

  it('takes the browser language when it is pt, es or en, whatever the region', () => {
    browserLanguages(['es-PY', 'en']);
    expect(detectLanguage()).toBe('es');
  });

  it('falls back to English for a browser language the app does not speak', () => {
    browserLanguages(['fr']);
    expect(detectLanguage()).toBe('en');
  });

  it('ignores a stored value that is not a language of the app', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    browserLanguages(['pt-BR']);
    expect(detectLanguage()).toBe('pt');
  });

  it('starts i18next in the detected language and marks the document with it', () => {
    browserLanguages(['es-PY']);
    const instance = createI18n();
    expect(instance.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(instance.t('crop.soybean', { ns: 'reference' })).toBe('Soja');
  });

  it('remembers a language the user picks and applies it to the document', async () => {
    await changeLanguage('pt');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt');
    expect(i18n.language).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
    expect(i18n.t('crop.wheat', { ns: 'reference' })).toBe('Trigo');
  });

  it('falls back to Portuguese for a text missing in the chosen language', async () => {
    await changeLanguage('en');
    i18n.addResource('pt', 'common', 'only_in_pt', 'Só em português');
    expect(i18n.t('only_in_pt')).toBe('Só em português');
  });
});
