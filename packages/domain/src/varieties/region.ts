/**
 * Whether a variety is indicated where a farm is (issue 11: "not indicated for the region"). A
 * variety is sold for some countries; where its recommendation lists states, the farm's state must
 * be one of them. A recommendation the source does not give (null) restricts nothing.
 */
export function isIndicatedFor(
  variety: { countries: readonly string[]; regionStates: readonly string[] | null },
  farm: { country: string; stateCode: string | null },
): boolean {
  if (!variety.countries.includes(farm.country)) return false;
  if (variety.regionStates === null) return true;
  return farm.stateCode !== null && variety.regionStates.includes(farm.stateCode);
}
