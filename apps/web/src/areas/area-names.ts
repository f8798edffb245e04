/** The spec's complete list of lazy-loaded areas; each is a folder under src/areas. */
export const AREA_NAMES = [
  'activities',
  'catalog',
  'comparison',
  'farms',
  'field',
  'home',
  'notes',
  'performance',
  'planning',
  'sowing',
  'integrations',
  'linkage',
  'users',
  'profile',
  'reports',
  'auth',
  'payment',
  'plans',
  'warnings',
] as const;

export type AreaName = (typeof AREA_NAMES)[number];
