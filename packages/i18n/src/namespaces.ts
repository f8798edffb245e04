/**
 * The namespaces of the texts, one per area. Kept apart from the resources so that the web app can
 * name them without bundling every text of every language.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'reference',
  'home',
  'shell',
  'warnings',
  'emails',
  'auth',
  'plans',
  'catalog',
  'users',
  'profile',
  'terms',
  'farms',
  'field',
  'map',
  'notes',
  'varieties',
  'sowings',
  'sowing-records',
  'programs',
  'execution',
  'comparison',
  'prescription',
  'weather',
  'market',
  'ndvi',
  'performance',
  'reports',
  'digest',
  'integrations',
  'linkage',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';
