/**
 * Tank-mix order by formulation, the usual WALES sequence: wettable powders and granules first,
 * then liquid suspensions, then emulsions and oil-based liquids, then solutions. A formulation the
 * catalogue does not give (or one outside these groups) goes last; ties keep the application's order.
 */
const MIX_GROUPS: readonly (readonly string[])[] = [
  ['WP', 'WG', 'DF', 'WDG', 'SP', 'SG', 'WS'],
  ['SC', 'SE', 'CS', 'FS', 'CF', 'ZC'],
  ['EC', 'EW', 'ME', 'OD', 'DC'],
  ['SL'],
];

/**
 * "SC - Suspensão Concentrada" -> "SC": the international code the catalogue's text starts with
 * ("Concentrado Solúvel (SL)", as other label data writes it, ends with it).
 */
export function formulationCode(formulation: string | null | undefined): string | null {
  const text = formulation ?? '';
  const match = /^\s*([A-Z]{2,3})\b/.exec(text) ?? /\(([A-Z]{2,3})\)\s*$/.exec(text);
  return match ? match[1]! : null;
}

/** The products in the order they go into the tank (stable within a group). */
export function tankMixOrder<Product extends { formulation: string | null }>(
  products: readonly Product[],
): (Product & { code: string | null })[] {
  const rank = (code: string | null) => {
    const group = code ? MIX_GROUPS.findIndex((codes) => codes.includes(code)) : -1;
    return group === -1 ? MIX_GROUPS.length : group;
  };
  return products
    .map((product, index) => ({ product, index, code: formulationCode(product.formulation) }))
    .sort((a, b) => rank(a.code) - rank(b.code) || a.index - b.index)
    .map(({ product, code }) => ({ ...product, code }));
}
