/**
 * The top bar's farm selector (enabled farms with their active sowing and applications) arrives
 * with the farms issue. The shell already decides where it shows: not on /profile or /users, and
 * only with farm.list.
 */
export function FarmSelectorSlot() {
  return null;
}

/** The spec: hidden on /profile and /users, and for users without farm.list. */
export function showsFarmSelector(pathname: string, canListFarms: boolean): boolean {
  return canListFarms && !['/profile', '/users'].some((path) => pathname.startsWith(path));
}
