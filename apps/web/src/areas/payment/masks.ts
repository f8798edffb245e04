import type { CardBrand } from '@lavoura/domain/card';

/** What a field shows as the user types: digits placed in the field's usual pattern. */

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function group(digits: string, sizes: readonly number[], separators: readonly string[]): string {
  let out = '';
  let at = 0;
  sizes.forEach((size, index) => {
    const part = digits.slice(at, at + size);
    if (!part) return;
    if (index > 0) out += separators[index - 1] ?? ' ';
    out += part;
    at += size;
  });
  return out;
}

/** CPF 000.000.000-00 up to 11 digits, CNPJ 00.000.000/0000-00 beyond. */
export function maskRegistryCode(value: string): string {
  const digits = digitsOf(value, 14);
  if (digits.length <= 11) return group(digits, [3, 3, 3, 2], ['.', '.', '-']);
  return group(digits, [2, 3, 3, 4, 2], ['.', '.', '/', '-']);
}

/** CEP 00000-000. */
export function maskZipcode(value: string): string {
  return group(digitsOf(value, 8), [5, 3], ['-']);
}

/** Card numbers in the brand's groups: American Express 4-6-5, Diners Club 4-6-4, others by 4. */
export function maskCardNumber(value: string, brand: CardBrand | null): string {
  if (brand === 'american_express') return group(digitsOf(value, 15), [4, 6, 5], [' ', ' ']);
  if (brand === 'diners_club') return group(digitsOf(value, 14), [4, 6, 4], [' ', ' ']);
  return group(digitsOf(value, 19), [4, 4, 4, 4, 3], [' ', ' ', ' ', ' ']);
}

/** MM/YYYY */
export function maskExpiration(value: string): string {
  return group(digitsOf(value, 6), [2, 4], ['/']);
}

export function maskCvv(value: string, brand: CardBrand | null): string {
  return digitsOf(value, brand === 'american_express' ? 4 : 3);
}

/** Brazilian states: two capital letters. */
export function maskState(value: string): string {
  return value
    .replace(/[^a-z]/gi, '')
    .slice(0, 2)
    .toUpperCase();
}

/**
 * A bank slip's typable line as printed on slips (47 digits: 00000.00000 00000.000000
 * 00000.000000 0 00000000000000); anything else as it came.
 */
export function formatTypableLine(line: string): string {
  if (!/^\d{47}$/.test(line)) return line;
  return group(line, [5, 5, 5, 6, 5, 6, 1, 14], ['.', ' ', '.', ' ', '.', ' ', ' ']);
}
