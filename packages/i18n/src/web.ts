/// <reference types="vite/client" />
import type { Language } from '@lavoura/domain';
import type { Namespace } from './namespaces.ts';

export { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from './namespaces.ts';
export { tidyPunctuation } from './punctuation.ts';

export type Texts = Record<string, unknown>;

// The web entry: each language's namespace is a chunk of its own, fetched when first needed, so a
// page downloads only the texts of the language in use and of the areas it shows. The server's
// e-mail texts never reach the browser.
const LOADERS = import.meta.glob<Texts>(['./locales/*/*.json', '!./locales/*/emails.json'], {
  import: 'default',
});

/** The texts of one namespace in one language (a dynamic import, cached by the browser). */
export async function loadTexts(language: Language, namespace: Namespace): Promise<Texts> {
  const load = LOADERS[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No texts ${language}/${namespace}`);
  return load();
}
