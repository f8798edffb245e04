/**
 * A text once its values are in: an abbreviation that ends a sentence keeps its one period
 * ("… até 19 de nov.." reads "… até 19 de nov."), as written Portuguese, Spanish and English do.
 * An ellipsis ("...") stays.
 */
export function tidyPunctuation(text: string): string {
  return text.replace(/(\p{L})\.\.(?!\.)/gu, '$1.');
}
