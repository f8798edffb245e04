import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  isLanguage,
  resolveLanguage,
  type Language,
} from '@lavoura/domain';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from '@lavoura/i18n';

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

/** An i18next instance with every namespace of every language bundled (no loading step). */
export function createI18n(language: Language = detectLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLanguage);
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    // Resources are bundled, so init is synchronous and nothing needs to suspend.
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // In development and tests a missing key raises the `missingKey` event (tests assert on it).
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (languages, namespace, key) => {
      console.warn(`Missing translation ${namespace}:${key} (${languages.join(', ')})`);
    },
  });
  return instance;
}

export const i18n = createI18n();

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/** The current language as one of ours (i18next may report a region or a fallback chain). */
export function currentLanguage(instance: I18n = i18n): Language {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}

/** The language components render in; re-renders when the user switches it. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return currentLanguage(instance);
}
