import { LANGUAGES, type Language } from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import type { Page } from 'playwright-core';
import { RAW_KEY } from './browser.ts';

/**
 * Texts in the wrong language: what a screen shows (its visible text, and the aria-label, title and
 * placeholder of every visible element, and the document's title) read against the app's texts.
 *
 * User content (a farm's, plot's or note's name and text, as the grower typed it, Portuguese in the
 * demo whatever the page's language) is marked translate="no" where the UI renders it (the HTML
 * attribute for "not to be translated", which browser translators honour too): the check skips it,
 * as it skips the map's credits (the names of the map library and of the imagery's providers).
 * Data the app shows as the source gives it (product and company names, AGROFIT's active
 * ingredients) carries no sentence of another language, so the check reads it.
 */

/** One text a screen shows, with where it is (the element's tag and test id or role). */
interface ShownText {
  text: string;
  where: string;
}

/** Every visible text of the page outside translate="no", one entry per text node or attribute. */
async function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string }[] = [];
    const describe = (element: Element) => {
      const id = element.getAttribute('data-testid') ?? element.getAttribute('role');
      return id ? `${element.tagName.toLowerCase()}[${id}]` : element.tagName.toLowerCase();
    };
    // User content, and the map's credits (names of the map library and imagery providers).
    const userContent = (element: Element) =>
      element.closest('[translate=no], .leaflet-control-attribution') !== null;
    const visible = (element: Element) =>
      !('checkVisibility' in element) ||
      (element as HTMLElement).checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const value = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (!parent || value === '' || !/\p{L}/u.test(value)) continue;
      if (parent.closest('script, style, noscript') || userContent(parent) || !visible(parent)) {
        continue;
      }
      found.push({ text: value, where: describe(parent) });
    }
    const elements = Array.from(document.body.querySelectorAll('*'));
    // Which elements hold a block (a paragraph, a list, a table…) or user content: read bottom-up
    // once, not by a search under every element.
    const holdsBlock = new Set<Element>();
    const holdsUserContent = new Set<Element>();
    for (let index = elements.length - 1; index >= 0; index -= 1) {
      const element = elements[index]!;
      const parent = element.parentElement;
      if (!parent) continue;
      if (/^(P|DIV|LI|UL|OL|TABLE|H[1-6])$/.test(element.tagName) || holdsBlock.has(element)) {
        holdsBlock.add(parent);
      }
      if (element.getAttribute('translate') === 'no' || holdsUserContent.has(element)) {
        holdsUserContent.add(parent);
      }
    }
    for (const element of elements) {
      if (userContent(element) || !visible(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (value && /\p{L}/u.test(value)) {
          found.push({ text: value, where: `${describe(element)} ${name}` });
        }
      }
      // Paragraph-like elements: their whole text, for a sentence split over inline elements.
      if (
        /^(P|LI|H[1-6]|TD|TH|LABEL|BUTTON|A|SPAN|DIV)$/.test(element.tagName) &&
        !holdsBlock.has(element) &&
        !holdsUserContent.has(element) &&
        element.childElementCount > 0
      ) {
        const whole = element.textContent?.replace(/\s+/g, ' ').trim() ?? '';
        if (whole.includes(' ')) found.push({ text: whole, where: `${describe(element)} text` });
      }
    }
    if (document.title) found.push({ text: document.title, where: 'document title' });
    return found;
  });
}

/** Every text of a language's resources, flattened (plural forms and nested keys included). */
function flatten(node: unknown, into: string[] = []): string[] {
  if (typeof node === 'string') into.push(node);
  else if (node && typeof node === 'object') {
    for (const value of Object.values(node)) flatten(value, into);
  }
  return into;
}

/** Every key path of the resources ("catalog:detail.note", "detail.note"): a raw key on screen. */
const KEY_PATHS = new Set<string>();
function collectKeys(node: unknown, prefix: string) {
  if (typeof node === 'string') {
    KEY_PATHS.add(prefix);
    return;
  }
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      collectKeys(value, prefix === '' ? key : `${prefix}.${key}`);
    }
  }
}
for (const [namespace, texts] of Object.entries(resources.en as Record<string, unknown>)) {
  for (const [key, value] of Object.entries(texts as Record<string, unknown>)) {
    collectKeys(value, key);
    collectKeys(value, `${namespace}:${key}`);
  }
}

const normal = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * A language's texts: the literal ones, and those with interpolations as patterns (only where the
 * literal part says something: "{{count}} ha" would match any number of hectares).
 */
interface LanguageTexts {
  literal: Set<string>;
  /** The patterns by their first three characters ("p:…"), else their last three ("s:…"). */
  patterns: Map<string, RegExp[]>;
  /** Patterns that begin and end with an interpolation. */
  loose: RegExp[];
  /** What a text was found to be: the same texts recur on every screen. */
  known: Map<string, boolean>;
}
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function languageTexts(language: Language): LanguageTexts {
  const texts: LanguageTexts = {
    literal: new Set(),
    patterns: new Map(),
    loose: [],
    known: new Map(),
  };
  for (const raw of flatten(resources[language])) {
    const value = normal(raw.replace(/<\/?\d+>|<\/?[a-z]+>/g, ''));
    if (!value.includes('{{')) {
      texts.literal.add(value);
      continue;
    }
    const parts = value.split(/\{\{[^}]+\}\}/);
    const letters = parts.join(' ').replace(/[^\p{L}]+/gu, '');
    if (letters.length < 12) continue;
    const pattern = new RegExp(`^${parts.map(escape).join('.+?')}$`, 'u');
    const first = parts[0]!;
    const last = parts[parts.length - 1]!;
    const key =
      first.length >= 3
        ? `p:${first.slice(0, 3)}`
        : last.length >= 3
          ? `s:${last.slice(-3)}`
          : null;
    if (key === null) texts.loose.push(pattern);
    else texts.patterns.set(key, [...(texts.patterns.get(key) ?? []), pattern]);
  }
  return texts;
}
const TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [language, languageTexts(language)]),
) as Record<Language, LanguageTexts>;

function isText(language: Language, value: string): boolean {
  const texts = TEXTS[language];
  if (texts.literal.has(value)) return true;
  const known = texts.known.get(value);
  if (known !== undefined) return known;
  const candidates = [
    ...(texts.patterns.get(`p:${value.slice(0, 3)}`) ?? []),
    ...(texts.patterns.get(`s:${value.slice(-3)}`) ?? []),
    ...texts.loose,
  ];
  const found = value.length <= 400 && candidates.some((pattern) => pattern.test(value));
  texts.known.set(value, found);
  return found;
}

/** MUI's built-in English labels, shown when the theme lacks the language's locale pack. */
const MUI_ENGLISH = new Set([
  'Open',
  'Close',
  'Clear',
  'Go to first page',
  'Go to last page',
  'Go to next page',
  'Go to previous page',
  'Rows per page:',
  'No options',
  'Loading…',
  'Show path',
  'breadcrumb',
  'pagination navigation',
]);

/**
 * Words only one of our languages writes (articles, prepositions, conjunctions, common verbs): a
 * sentence of four words or more with two of another language's and none of its own is that
 * language's. Words two of them share ("a", "no", "de", "que", "para", "por", "este") are left out.
 */
const MARKERS: Record<Language, Set<string>> = {
  en: new Set(
    'the and of to is are was were with from this that these those for not has have been will be by or it its your you which when than at an on into only'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'não é são um uma umas com do da dos das ao à às aos seu sua seus suas você mais pelo pela pelos pelas ou em está estão foi isso também quando sem já há pode ainda nenhum nenhuma'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las del al con una unas es son y en está están su sus sin más también cuando usted ya hay puede aún ningún ninguna'.split(
      ' ',
    ),
  ),
};

function sentenceLanguage(value: string, language: Language): Language | null {
  for (const sentence of value.split(/[.!?;\n•·]+/)) {
    const words = sentence.match(/\p{L}+/gu) ?? [];
    if (words.length < 4) continue;
    if (words.some((word) => MARKERS[language].has(word.toLowerCase()))) continue;
    // Another language's words count in lowercase only: a capital starts a name ("São Joaquim da
    // Barra", a company's town), where "São" is no verb.
    for (const other of LANGUAGES) {
      const count = words.filter((word) => MARKERS[other].has(word)).length;
      if (other !== language && count >= 2) return other;
    }
  }
  return null;
}

/** A token that is one of the app's text keys ("detail.note", "catalog:detail.note"). */
function rawKey(value: string): string | null {
  const match = RAW_KEY.exec(value);
  if (match) return match[0];
  for (const token of value.match(/[a-z_]+(?::[a-z0-9_]+)?(?:\.[a-z0-9_]+)+/g) ?? []) {
    if (KEY_PATHS.has(token)) return token;
  }
  return null;
}

/** The language of a text another language's resources have and the page's have not. */
function otherLanguageText(value: string, language: Language): Language | null {
  if (isText(language, value)) return null;
  return LANGUAGES.find((each) => each !== language && isText(each, value)) ?? null;
}

/**
 * What one text is, when it is not the page's language: a raw key, one of MUI's English labels on a
 * page in Portuguese or Spanish, a text of another language's resources that is not also one of the
 * page's (the whole text, or a part of two words or more between " - ", " + " and " · ", as a
 * code and its name read: "SC - Suspensão Concentrada"), or a sentence of another language.
 */
function finding(value: string, language: Language): string | null {
  const key = rawKey(value);
  if (key) return `raw key ${key}`;
  if (language !== 'en' && MUI_ENGLISH.has(value)) return `MUI's English "${value}"`;
  for (const part of [value, ...value.split(/ [-+·] /)]) {
    if (part !== value && !/\p{L}+\s+\p{L}+/u.test(part)) continue;
    const other = otherLanguageText(part, language);
    if (other)
      return `${other} text "${part.slice(0, 120)}"${part === value ? '' : ` in "${value.slice(0, 120)}"`}`;
  }
  const other = sentenceLanguage(value, language);
  if (other && !isText(language, value)) return `${other} sentence "${value.slice(0, 120)}"`;
  return null;
}

/** What the screen shows that is not in the page's language, one line per text and where it is. */
export async function languageFindings(page: Page, language: Language): Promise<string[]> {
  const lines = new Map<string, string>();
  for (const { text, where } of await shownTexts(page)) {
    if (lines.has(text)) continue;
    const found = finding(text, language);
    if (found) lines.set(text, `${found} at ${where}`);
  }
  return [...lines.values()];
}
