// `npm run check` step: every error key of the registry (and every field key of the one zod error
// map) has a text in pt, en and es. Run: `tsx scripts/checks/error-texts.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_ERROR_KEYS, FIELD_KEYS, LANGUAGES } from '@lavoura/domain';

type Texts = Record<string, unknown>;

/** The text at a dotted i18next path (`exception.users.exceeded_limit`), if it is a non-empty string. */
function textAt(texts: Texts, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

/** `language: key` for each key without its text in that language. */
export function missingErrorTexts(
  keys: readonly string[],
  textsByLanguage: Readonly<Record<string, Texts>>,
): string[] {
  const missing: string[] = [];
  for (const [language, texts] of Object.entries(textsByLanguage)) {
    for (const key of keys) if (!textAt(texts, key)) missing.push(`${language}: ${key}`);
  }
  return missing;
}

/** The errors namespace of each language, as packages/i18n ships it. */
export function shippedErrorTexts(root: string): Record<string, Texts> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      JSON.parse(
        fs.readFileSync(
          path.join(root, 'packages/i18n/src/locales', language, 'errors.json'),
          'utf8',
        ),
      ) as Texts,
    ]),
  );
}

export const CHECKED_KEYS: readonly string[] = [...ALL_ERROR_KEYS, ...Object.values(FIELD_KEYS)];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const missing = missingErrorTexts(CHECKED_KEYS, shippedErrorTexts(root));
  if (missing.length > 0) {
    console.error(`Error keys without their text (packages/i18n/src/locales/*/errors.json):`);
    for (const line of missing) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`error texts: ${CHECKED_KEYS.length} keys have their pt, en and es texts`);
}
