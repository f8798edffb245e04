/** A query fragment is `word=word` (letters, digits, underscore, hyphen) and nothing else. */
const FRAGMENT = /^[A-Za-z0-9_-]+=[A-Za-z0-9_-]+$/;

export class InvalidQueryValueError extends Error {
  constructor() {
    super('Invalid query value');
    this.name = 'InvalidQueryValueError';
  }
}

export function assertQueryFragment(fragment: string): string {
  if (!FRAGMENT.test(fragment)) throw new InvalidQueryValueError();
  return fragment;
}

/** Joins validated fragments into a query string ('a=1&b=2'); throws on the first bad one. */
export function buildQueryString(fragments: readonly string[]): string {
  return fragments.map(assertQueryFragment).join('&');
}
