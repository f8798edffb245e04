import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@lavoura/i18n';
import {
  LANGUAGE_STORAGE_KEY,
  SHELL_NAMESPACES,
  changeLanguage,
  createI18n,
  detectLanguage,
  ensureNamespace,
  i18n,
} from './i18n';

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

  it('starts i18next in the detected language and marks the document with it', async () => {
    browserLanguages(['es-PY']);
    const instance = createI18n();
    await new Promise((resolve) => instance.on('initialized', resolve));
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

  it('loads only the shell texts of the language in use, and an area when asked', async () => {
    const instance = createI18n('en');
    await new Promise((resolve) => instance.on('initialized', resolve));
    for (const namespace of SHELL_NAMESPACES) {
      expect(instance.hasResourceBundle('en', namespace), namespace).toBe(true);
    }
    expect(instance.hasResourceBundle('en', 'users')).toBe(false);
    expect(instance.hasResourceBundle('pt', 'common')).toBe(false);
    expect(instance.hasResourceBundle('es', 'common')).toBe(false);

    await instance.loadNamespaces('users');
    expect(instance.t('title', { ns: 'users' })).toBe(resources.en.users.title);
    expect(instance.hasResourceBundle('pt', 'users')).toBe(false);
  });

  it('fetches again a namespace whose fetch failed, which i18next never asks for again', async () => {
    await i18n.changeLanguage('en');
    const language = 'en';
    // What i18next keeps of a failed fetch (offline): no texts, and the namespace marked failed.
    i18n.removeResourceBundle(language, 'errors');
    (i18n.services.backendConnector as { state: Record<string, number> }).state[
      `${language}|errors`
    ] = -1;
    try {
      await i18n.loadNamespaces('errors');
      expect(i18n.hasResourceBundle(language, 'errors')).toBe(false);

      expect(await ensureNamespace('errors')).toBe(true);
      expect(i18n.t('exception.network_error', { ns: 'errors' })).toBe(
        (resources.en.errors as { exception: Record<string, string> }).exception.network_error,
      );
    } finally {
      if (!i18n.hasResourceBundle(language, 'errors'))
        await i18n.reloadResources(language, 'errors');
    }
  });

  it('loads the texts already in use in the new language when the user switches', async () => {
    const instance = createI18n('en');
    await instance.loadNamespaces('users');
    await instance.changeLanguage('pt');
    expect(instance.t('title', { ns: 'users' })).toBe(resources.pt.users.title);
    expect(instance.t('crop.wheat', { ns: 'reference' })).toBe('Trigo');
  });
});

describe('plurals and punctuation', () => {
  it('reads 0, 1 and 2 right in every language: none takes the plural in Portuguese too', async () => {
    const counts = (language: 'pt' | 'en' | 'es', namespace: string, key: string) => {
      const t = i18n.getFixedT(language, namespace);
      return [0, 1, 2].map((count) => t(key, { count }));
    };
    expect(counts('pt', 'varieties', 'count')).toEqual([
      '0 cultivares',
      '1 cultivar',
      '2 cultivares',
    ]);
    expect(counts('en', 'varieties', 'count')).toEqual(['0 varieties', '1 variety', '2 varieties']);
    expect(counts('es', 'varieties', 'count')).toEqual([
      '0 variedades',
      '1 variedad',
      '2 variedades',
    ]);
    expect(counts('pt', 'digest', 'upcoming.in_days')).toEqual([
      'em 0 dias',
      'em 1 dia',
      'em 2 dias',
    ]);
    expect(counts('en', 'digest', 'upcoming.in_days')).toEqual([
      'in 0 days',
      'in 1 day',
      'in 2 days',
    ]);
    expect(counts('es', 'digest', 'upcoming.in_days')).toEqual([
      'en 0 días',
      'en 1 día',
      'en 2 días',
    ]);
    // A text with a form of its own for none keeps it.
    expect(i18n.getFixedT('pt', 'programs')('score.exposure', { count: 0 })).toBe(
      'Nenhum dia de risco pleno sem proteção nos 14 dias anteriores',
    );
  });

  it('keeps one period where an abbreviated date ends a sentence', async () => {
    const t = i18n.getFixedT('pt', 'plans');
    expect(t('subscription.canceled_until', { date: '19 de nov.' })).toMatch(/19 de nov\.$/);
    expect(t('subscription.canceled_until', { date: '19 de nov.' })).not.toContain('..');
  });
});
