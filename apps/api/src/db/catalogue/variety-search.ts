import { searchableText, type VarietyRow } from '@lavoura/domain';

/**
 * What a variety search compares, so that a grower finds a cultivar however they write it: "M
 * 6410" finds "M6410IPRO", "BMX Olimpo" finds "BMX Olimpo IPRO". The text holds the name and the
 * maintainer as `searchableText` spells them, the name once more under its brand's prefix where
 * the data say which prefix that is, and all the names again without spaces or punctuation
 * (`compactSearch`), which a search is also compared with.
 */

/** Letters and digits only, in `searchableText`'s spelling: "M 6410" and "M-6410" → "m6410". */
export const compactSearch = (text: string) => searchableText(text).replace(/[^\p{L}\p{N}]/gu, '');

/** The words of a text, in `searchableText`'s spelling, one space apart. */
const words = (text: string) =>
  searchableText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The source whose `company` is the brand a cultivar is sold under (the trials' "Marca"). */
const BRAND_SOURCE = 'tcc-soy';

/**
 * Each brand's prefix, as the data show it: the first word of every cultivar of a brand in the
 * trials of `tcc-soy`, when the brand has two or more cultivars and they all start with the same
 * word ("BMX" for Brasmax, "M" for Monsoy). Keyed by the brand as `searchableText` spells it.
 */
export function brandPrefixes(rows: readonly VarietyRow[]): Map<string, string> {
  const firstWords = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.source_id !== BRAND_SOURCE || !row.company) continue;
    const brand = searchableText(row.company);
    const [first] = row.name.trim().split(/\s+/);
    firstWords.set(brand, (firstWords.get(brand) ?? new Set()).add(first!));
    counts.set(brand, (counts.get(brand) ?? 0) + 1);
  }
  const prefixes = new Map<string, string>();
  for (const [brand, words] of firstWords) {
    const [word] = words;
    // A word that is a whole name (Stine's "76KA72") is a code, not a prefix.
    if (words.size === 1 && counts.get(brand)! >= 2 && /^\p{L}+$/u.test(word!)) {
      prefixes.set(brand, word!);
    }
  }
  return prefixes;
}

/**
 * The variety's name under each brand prefix its maintainer's name names ("MONSOY LTDA" names
 * Monsoy, whose prefix is "M"), for a name written without it: a bare code that starts with a
 * digit, or a name with no digit at all. A name that starts with some other letters ("BT3248M003")
 * is a code of its own and gets no prefix.
 */
function brandAliases(row: VarietyRow, prefixes: ReadonlyMap<string, string>): string[] {
  if (!row.company || !/^\p{N}|^[^\p{N}]*$/u.test(row.name.trim())) return [];
  const company = ` ${words(row.company)} `;
  const aliases: string[] = [];
  for (const [brand, prefix] of prefixes) {
    if (!company.includes(` ${words(brand)} `)) continue;
    if (compactSearch(row.name).startsWith(compactSearch(prefix))) continue;
    aliases.push(`${prefix} ${row.name}`);
  }
  return aliases;
}

/** The text `filterVarieties` searches for one variety (the `search_text` column). */
export function varietySearchText(row: VarietyRow, prefixes: ReadonlyMap<string, string>): string {
  const names = [row.name, ...brandAliases(row, prefixes)];
  return searchableText(
    [...names, row.company ?? '', ...names.map(compactSearch)].filter(Boolean).join(' '),
  );
}
