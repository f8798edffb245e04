import type { Language } from '@lavoura/domain';
import type { Namespace } from './namespaces.ts';
import { tidyPunctuation } from './punctuation.ts';
import { resources } from './resources.ts';

/**
 * Server-side lookup of a text (e-mails, reports): nested key, {{name}} interpolation, falling back
 * to Portuguese like the web app. The web app uses i18next on the same resources.
 */
export function translate(
  language: Language,
  namespace: Namespace,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const find = (lang: Language): unknown =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        resources[lang][namespace],
      );
  const text = find(language) ?? find('pt');
  if (typeof text !== 'string') throw new Error(`Missing text ${namespace}:${key}`);
  return tidyPunctuation(
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? '')),
  );
}
