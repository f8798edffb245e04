// Apart from the farm rules (current-farm.ts): the navigation guard, on every page from the
// first, needs only this name, not the rules and what they import.

/** The query parameter that names the farm a page shows (`/my_farm?fazenda_id=3`). */
export const FARM_QUERY = 'fazenda_id';
