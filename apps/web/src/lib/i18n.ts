import i18next, { type BackendModule, type PostProcessorModule, type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  isLanguage,
  pluralCategory,
  resolveLanguage,
  type Language,
} from '@lavoura/domain';
import { DEFAULT_NAMESPACE, loadTexts, tidyPunctuation, type Namespace } from '@lavoura/i18n/web';

/** The spec keeps the interface language in local storage under this key. */
export const LANGUAGE_STORAGE_KEY = 'language';

// Storage can be disabled (private modes, blocked cookies); the language rule must still work.
function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not stored: the choice lasts for this page only.
  }
}

/** The spec's rule: stored choice, else the browser's pt/es/en, else English. */
export function detectLanguage(): Language {
  return resolveLanguage(readStoredLanguage(), navigator.languages);
}

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * What every page shows before its area loads: the frame, the maintenance and error pages, the
 * reference names. An area's own namespaces load with its chunk (lazy-area.ts); the API's error
 * texts (`errors`) with the signed-in frame and with the public pages that tell them.
 */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'shell', 'reference', 'warnings'];

// Texts arrive per language and namespace as chunks of their own (@lavoura/i18n/web).
const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadTexts(language as Language, namespace as Namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

// A date's abbreviated month before a sentence's period ("19 de nov.."): one period, as on the server.
const punctuation: PostProcessorModule = {
  type: 'postProcessor',
  name: 'punctuation',
  process: (value: string) => tidyPunctuation(value),
};

/**
 * An i18next instance that loads the shell's texts of `language` at once and any other namespace
 * when asked (`loadNamespaces`). There is no fallback language: loading one would double the
 * download, and the parity test guarantees every key in pt, en and es.
 */
export function createI18n(language: Language = detectLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLanguage);
  void instance
    .use(lazyTexts)
    .use(punctuation)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [...SHELL_NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      postProcess: ['punctuation'],
      // Pages render once their texts are there (`i18nReady`, lazy areas), so nothing suspends.
      react: { useSuspense: false },
      // In development and tests a missing key raises the `missingKey` event (tests assert on it).
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (languages, namespace, key) => {
        console.warn(`Missing translation ${namespace}:${key} (${languages.join(', ')})`);
      },
    });
  applyPluralRule(instance);
  return instance;
}

/** Plural keys (_one, _other) chosen by the product's rule: "0 talhões" in pt, as in en and es. */
function applyPluralRule(instance: I18n): void {
  const resolver = instance.services.pluralResolver as {
    getSuffix(code: string, count: number, options?: { ordinal?: boolean }): string;
  };
  const cldrSuffix = resolver.getSuffix.bind(resolver);
  resolver.getSuffix = (code, count, options = {}) =>
    options.ordinal || !isLanguage(code)
      ? cldrSuffix(code, count, options)
      : `_${pluralCategory(count, code)}`;
}

export const i18n = createI18n();

/** Settles when the shell's texts of the starting language are loaded (the first render waits). */
export const i18nReady: Promise<void> = new Promise((resolve) => {
  if (i18n.isInitialized) resolve();
  else i18n.on('initialized', () => resolve());
});

/** Loads namespaces of the current language (an area's, a lazily opened dialog's). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (namespaces.length > 0) await i18n.loadNamespaces([...namespaces]);
}

/**
 * Loads a namespace of the current language and tells whether its texts are there: unlike
 * i18next, which never asks again for a namespace whose fetch failed (offline), this asks again.
 */
export async function ensureNamespace(namespace: Namespace): Promise<boolean> {
  await i18n.loadNamespaces(namespace);
  const language = currentLanguage();
  if (!i18n.hasResourceBundle(language, namespace)) {
    await i18n.reloadResources(language, namespace);
  }
  return i18n.hasResourceBundle(language, namespace);
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/** The current language as one of ours (i18next may report a region or a fallback chain). */
function currentLanguage(instance: I18n = i18n): Language {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}

/** The language components render in; re-renders when the user switches it. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return currentLanguage(instance);
}
