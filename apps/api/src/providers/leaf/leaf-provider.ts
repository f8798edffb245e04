/**
 * The leaf-data service (spec 3 Integrations: leaf_agriculture) behind one interface: the real
 * Leaf Agriculture API (leaf-api.ts) when LEAF_API_TOKEN is set, else `notConnectedLeaf`, which
 * says so and invents nothing (a list of made-up fields would be mistaken for the grower's).
 */
export interface LeafField {
  id: string;
  name: string;
  /** The platform the field came from (JohnDeere, ClimateFieldView, ...), null if created in Leaf. */
  provider: string | null;
  /** Hectares; null when Leaf gives no area. */
  area_ha: number | null;
}

export interface LeafProvider {
  /** False for the offline default: no Leaf account is configured. */
  readonly connected: boolean;
  /** The fields of the configured Leaf user (or of every Leaf user of the API owner). */
  fields(): Promise<LeafField[]>;
}

export function notConnectedLeaf(): LeafProvider {
  return { connected: false, fields: async () => [] };
}
