import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@lavoura/domain';
import { NAMESPACES, resources } from './index.ts';

/** Every leaf of a nested resource as `path -> value` (path joined with '.', as i18next reads it). */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, child] of Object.entries(node)) {
      for (const [path, value] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        leaves.set(path, value);
      }
    }
  } else {
    leaves.set(prefix, node);
  }
  return leaves;
}

// A text that is still a key ("crop.soybean", "exception.not_found", "todo_label") was never
// translated: lower-case identifiers joined by dots or underscores, no spaces.
const LOOKS_LIKE_KEY = /^[a-z0-9]+([._][a-z0-9]+)+$/;

describe('translations', () => {
  const keysOf = (language: (typeof LANGUAGES)[number], namespace: string) =>
    [...flatten(resources[language][namespace as keyof (typeof resources)['pt']]).keys()].sort();

  it.each(NAMESPACES)('namespace %s has the same keys in pt, en and es', (namespace) => {
    const reference = keysOf('pt', namespace);
    expect(reference.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(keysOf(language, namespace), `${language}/${namespace}`).toEqual(reference);
    }
  });

  it.each(LANGUAGES)('every %s text is a non-empty translated string', (language) => {
    const problems: string[] = [];
    for (const namespace of NAMESPACES) {
      for (const [path, value] of flatten(resources[language][namespace])) {
        const where = `${language}/${namespace}:${path}`;
        if (typeof value !== 'string') problems.push(`${where} is not a string`);
        else if (value.trim() === '') problems.push(`${where} is empty`);
        else if (LOOKS_LIKE_KEY.test(value.trim()) || value.trim() === path) {
          problems.push(`${where} looks like a key: ${value}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('recognises an untranslated key', () => {
    expect(LOOKS_LIKE_KEY.test('crop.soybean')).toBe(true);
    expect(LOOKS_LIKE_KEY.test('Soja')).toBe(false);
    expect(LOOKS_LIKE_KEY.test('R5.1 – Grãos com até 10% de granação')).toBe(false);
  });
});
