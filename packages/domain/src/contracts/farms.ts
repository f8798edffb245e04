import { z } from 'zod';
import { FIELD_KEYS } from '../field-errors.ts';
import { recordIdSchema } from './common.ts';

/**
 * Farms and plots as the API answers them and takes them (spec 2 §3 and §7; the names are the
 * spec's, Portuguese ones included). Areas are hectares, prices per 60 kg bag in the farm
 * country's currency: the web app converts to the language's units.
 */

/** The `updated_at` the client read: a write based on an older one answers 409. */
export const updatedAtSchema = z.iso.datetime({ offset: true });

const name = z.string().trim().min(1).max(120);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const area = z.number().positive().max(1_000_000);

export const bagPriceInputSchema = z.object({
  crop_id: recordIdSchema,
  price: z.number().positive().max(1_000_000_000),
});

export const bagPriceSchema = z.object({
  crop_id: z.number().int(),
  currency_id: z.number().int(),
  price: z.number(),
});

const bagPrices = z.array(bagPriceInputSchema).max(10);

export const farmBodySchema = z.object({
  nome: name,
  pais: recordIdSchema,
  estado: recordIdSchema,
  municipio: recordIdSchema,
  bag_price: bagPrices,
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});
export type FarmBody = z.infer<typeof farmBodySchema>;

export const farmUpdateBodySchema = farmBodySchema.extend({ updated_at: updatedAtSchema });
export type FarmUpdateBody = z.infer<typeof farmUpdateBodySchema>;

export const bagPricesBodySchema = z.object({ bag_price: bagPrices, updated_at: updatedAtSchema });

export const enableBodySchema = z.object({ enabled: z.boolean(), updated_at: updatedAtSchema });

const place = z.object({ id: z.number().int(), nome: z.string() });

export const farmSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  account_id: z.number().int(),
  enabled: z.boolean(),
  /** The farm has a sowing in progress (not harvested, not lost). */
  active_sowing: z.boolean(),
  /** An application is due within the next 15 days (spec 2 §9). */
  closets_applications: z.boolean(),
  total_area: z.number(),
  total_talhoes: z.number().int(),
  total_plots: z.number().int(),
  bag_price: z.array(bagPriceSchema),
  pais: place,
  estado: place,
  municipio: place,
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Farm = z.infer<typeof farmSchema>;

export const farmStatsSchema = z.object({
  total_area: z.number(),
  total_plots: z.number().int(),
  enabled_plots: z.number().int(),
  active_sowings: z.number().int(),
  /** The next planned application (YYYY-MM-DD), null while none is planned. */
  next_application: z.string().nullable(),
});
export type FarmStats = z.infer<typeof farmStatsSchema>;

// ---- plots -----------------------------------------------------------------------------------

const position = z.tuple([z.number(), z.number()]).rest(z.number());

/** GeoJSON Polygon (EPSG:4326): the checker in geo/plot-geometry says whether it is a plot. */
export const polygonInputSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(position).max(10_000)).min(1).max(100),
});

export const plotPolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
});

const pipeList = z.string().max(200_000);

/** A plot's outline: GeoJSON, or the spec's two pipe lists (`"lat1|lat2|…"`, `"lng1|lng2|…"`). */
const outline = {
  geometry: polygonInputSchema.optional(),
  coordenadas_lat: pipeList.optional(),
  coordenadas_lng: pipeList.optional(),
};

const plotFields = {
  nome: name,
  ...outline,
  area: area.optional(),
  elevation: z.number().min(-500).max(9_000).nullable().optional(),
  clay_soil: z.number().min(0).max(100).nullable().optional(),
};

function hasOutline(body: {
  geometry?: unknown;
  coordenadas_lat?: string;
  coordenadas_lng?: string;
}): boolean {
  return (
    body.geometry !== undefined ||
    (body.coordenadas_lat !== undefined && body.coordenadas_lng !== undefined)
  );
}

export const plotCreateBodySchema = z
  .object({ fazenda_id: recordIdSchema, ...plotFields })
  .refine(hasOutline, { message: FIELD_KEYS.required, path: ['geometry'] });
export type PlotCreateBody = z.infer<typeof plotCreateBodySchema>;

export const plotUpdateBodySchema = z.object({
  ...plotFields,
  updated_at: updatedAtSchema,
});
export type PlotUpdateBody = z.infer<typeof plotUpdateBodySchema>;

export const plotsManyBodySchema = z.object({
  fazenda_id: recordIdSchema,
  plots: z
    .array(z.object({ nome: name, geometry: polygonInputSchema }))
    .min(1)
    .max(500),
});

export const plotSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  fazenda_id: z.number().int(),
  area: z.number(),
  area_calculada: z.number(),
  geometry: plotPolygonSchema,
  coordenadas_lat: z.string(),
  coordenadas_lng: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  elevation: z.number().nullable(),
  clay_soil: z.number().nullable(),
  /** No authoritative soil-type list yet: always null. */
  soil_type_id: z.number().int().nullable(),
  enabled: z.boolean(),
  enabled_ndvi: z.boolean(),
  /** The plot can take a new sowing: enabled, and no sowing on it waits for its harvest. */
  enabled_sowing: z.boolean(),
  contracted_area: z.number().nullable(),
  remaining_area: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plot = z.infer<typeof plotSchema>;

export const remainingAreaSchema = z.object({
  area: z.number(),
  sown_area: z.number(),
  remaining_area: z.number(),
});

export const kmlPreviewSchema = z.object({
  plots: z.array(
    z.object({ nome: z.string(), geometry: plotPolygonSchema, area_calculada: z.number() }),
  ),
});
