/**
 * What a file of plots (KML or KMZ, GeoJSON, zipped shapefile) may hold: one rule for the
 * preview, which reads the file, and for the import, which reads the same file again on the
 * server and saves it in one call. So an import saves whatever its preview showed.
 */
export const PLOT_IMPORT_LIMITS = {
  /** The uploaded file (spec 2 §9: files up to 5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Plots in one file; a real 587-field farm export fits. */
  maxPlots: 1000,
} as const;

/** The refusal of a file with more plots than one import takes, else undefined. */
export function tooManyPlots(count: number): { max_plots: number } | undefined {
  return count > PLOT_IMPORT_LIMITS.maxPlots
    ? { max_plots: PLOT_IMPORT_LIMITS.maxPlots }
    : undefined;
}

/**
 * Attributes a file may keep a field's name in (KML ExtendedData, GeoJSON properties, a
 * shapefile's table), in order of preference, compared without case.
 */
const PLOT_NAME_KEYS = [
  'name',
  'field_name',
  'fieldname',
  'field',
  'nome',
  'talhao',
  'talhão',
  'label',
  'title',
] as const;

/** Plot names are at most this long (plotsManyBodySchema). */
export const PLOT_NAME_MAX = 120;

/**
 * A plot's name from a feature's attributes: the one the user picked (e.g. CAR's COD_IMOVEL) or
 * else the first of PLOT_NAME_KEYS with a value; undefined when none has one.
 */
export function nameFromAttributes(
  attributes: Record<string, unknown> | undefined,
  picked?: string,
): string | undefined {
  if (!attributes) return undefined;
  const entries = Object.entries(attributes);
  const valueOf = (key: string) => {
    const found = entries.find(([name]) => name.toLowerCase() === key.toLowerCase())?.[1];
    if ((typeof found === 'string' && found.trim()) || typeof found === 'number')
      return String(found).trim().slice(0, PLOT_NAME_MAX);
    return undefined;
  };
  if (picked !== undefined) return valueOf(picked);
  for (const key of PLOT_NAME_KEYS) {
    const value = valueOf(key);
    if (value !== undefined) return value;
  }
  return undefined;
}
