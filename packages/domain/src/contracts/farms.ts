import { z } from 'zod/mini';
import { PLOT_IMPORT_LIMITS } from '../farms/plot-import.ts';
import { FIELD_KEYS } from '../field-errors.ts';
import { isValidPhone } from '../phone.ts';
import { queryIdSchema, recordIdSchema } from './common.ts';

/**
 * Farms and plots as the API answers them and takes them (spec 2 §3 and §7; the names are the
 * spec's, Portuguese ones included). Areas are hectares, prices per 60 kg bag in the farm
 * country's currency: the web app converts to the language's units.
 */

/** The `updated_at` the client read: a write based on an older one answers 409. */
const updatedAtSchema = z.iso.datetime({ offset: true });

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
const latitude = z.number().check(z.gte(-90), z.lte(90));
const longitude = z.number().check(z.gte(-180), z.lte(180));
const area = z.number().check(z.positive(), z.lte(1_000_000));

const bagPriceInputSchema = z.object({
  crop_id: recordIdSchema,
  price: z.number().check(z.positive(), z.lte(1_000_000_000)),
});

const bagPriceSchema = z.object({
  crop_id: z.int(),
  currency_id: z.int(),
  price: z.number(),
});

const bagPrices = z.array(bagPriceInputSchema).check(z.maxLength(10));

export const farmBodySchema = z.object({
  nome: name,
  pais: recordIdSchema,
  estado: recordIdSchema,
  municipio: recordIdSchema,
  bag_price: bagPrices,
  latitude: z.optional(latitude),
  longitude: z.optional(longitude),
});
export type FarmBody = z.infer<typeof farmBodySchema>;

export const farmUpdateBodySchema = z.extend(farmBodySchema, { updated_at: updatedAtSchema });
export type FarmUpdateBody = z.infer<typeof farmUpdateBodySchema>;

export const bagPricesBodySchema = z.object({ bag_price: bagPrices, updated_at: updatedAtSchema });

export const enableBodySchema = z.object({ enabled: z.boolean(), updated_at: updatedAtSchema });
export type EnableBody = z.infer<typeof enableBodySchema>;

const place = z.object({ id: z.int(), nome: z.string() });

export const farmSchema = z.object({
  id: z.int(),
  nome: z.string(),
  account_id: z.int(),
  enabled: z.boolean(),
  /** The farm has a sowing in progress (not harvested, not lost). */
  active_sowing: z.boolean(),
  /** An application is due within the next 15 days (spec 2 §9). */
  closets_applications: z.boolean(),
  total_area: z.number(),
  total_talhoes: z.int(),
  total_plots: z.int(),
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
z.globalRegistry.add(farmSchema, { id: 'Farm' });
export type Farm = z.infer<typeof farmSchema>;

export const farmStatsSchema = z.object({
  total_area: z.number(),
  total_plots: z.int(),
  enabled_plots: z.int(),
  active_sowings: z.int(),
  /** The next planned application (YYYY-MM-DD), null while none is planned. */
  next_application: z.nullable(z.string()),
});
export type FarmStats = z.infer<typeof farmStatsSchema>;

/** What the signed-in member hears about a farm (spec 2 §7), and their WhatsApp number. */
export const farmNotificationsSchema = z.object({
  notification_type_ids: z.array(z.int()),
  whatsapp_opt_in: z.boolean(),
  phone: z.nullable(z.string()),
});
export type FarmNotifications = z.infer<typeof farmNotificationsSchema>;

/** With the WhatsApp opt-in, a complete phone of Brazil, the USA or Paraguay is required. */
export const farmNotificationsBodySchema = z
  .object({
    notification_type_ids: z.array(recordIdSchema).check(z.maxLength(20)),
    whatsapp_opt_in: z.boolean(),
    phone: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(30)))),
  })
  .check(
    z.refine((body) => !body.whatsapp_opt_in || (body.phone ?? '') !== '', {
      message: FIELD_KEYS.required,
      path: ['phone'],
    }),
    z.refine((body) => !body.phone || isValidPhone(body.phone), {
      message: FIELD_KEYS.phone,
      path: ['phone'],
    }),
  );
export type FarmNotificationsBody = z.infer<typeof farmNotificationsBodySchema>;

// ---- plots -----------------------------------------------------------------------------------

const position = z.tuple([z.number(), z.number()], z.number());

/** GeoJSON Polygon (EPSG:4326): the checker in geo/plot-geometry says whether it is a plot. */
const polygonInputSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(z.array(position).check(z.maxLength(10_000)))
    .check(z.minLength(1), z.maxLength(100)),
});

const plotPolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
});

const pipeList = z.string().check(z.maxLength(200_000));

const plotFields = {
  nome: name,
  /** The outline: GeoJSON, or the spec's two pipe lists (`"lat1|lat2|…"`, `"lng1|lng2|…"`). */
  geometry: z.optional(polygonInputSchema),
  coordenadas_lat: z.optional(pipeList),
  coordenadas_lng: z.optional(pipeList),
  area: z.optional(area),
  elevation: z.optional(z.nullable(z.number().check(z.gte(-500), z.lte(9_000)))),
  clay_soil: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(100)))),
  /** The user saw the plots the outline overlaps and saves it anyway (else 409 plot.overlap). */
  confirm_overlap: z.optional(z.boolean()),
};

function hasOutline(body: {
  geometry?: unknown;
  coordenadas_lat?: string | undefined;
  coordenadas_lng?: string | undefined;
}): boolean {
  return (
    body.geometry !== undefined ||
    (body.coordenadas_lat !== undefined && body.coordenadas_lng !== undefined)
  );
}

export const plotCreateBodySchema = z
  .object({ fazenda_id: recordIdSchema, ...plotFields })
  .check(z.refine(hasOutline, { message: FIELD_KEYS.required, path: ['geometry'] }));
export type PlotCreateBody = z.infer<typeof plotCreateBodySchema>;

export const plotUpdateBodySchema = z.object({ ...plotFields, updated_at: updatedAtSchema });
export type PlotUpdateBody = z.infer<typeof plotUpdateBodySchema>;

export const plotsManyBodySchema = z.object({
  fazenda_id: recordIdSchema,
  plots: z
    .array(z.object({ nome: name, geometry: polygonInputSchema }))
    .check(z.minLength(1), z.maxLength(PLOT_IMPORT_LIMITS.maxPlots)),
  /** The user saw the overlaps of the imported outlines and imports them anyway. */
  confirm_overlap: z.optional(z.boolean()),
});

/**
 * What a refused overlap names (409 `plot.overlap`, `additionalInfo`): each pair of the outline
 * sent (`nome`, the imported Placemark's name or the drawn plot's) and a plot of the farm it
 * overlaps (`plot_id` null for another outline of the same import), with the ground they share.
 */
export const plotOverlapInfoSchema = z.object({
  area_ha: z.number(),
  overlaps: z.array(
    z.object({
      nome: z.string(),
      plot_id: z.nullable(z.int()),
      plot_nome: z.string(),
      area_ha: z.number(),
    }),
  ),
});
export type PlotOverlapInfo = z.infer<typeof plotOverlapInfoSchema>;

export const plotSchema = z.object({
  id: z.int(),
  nome: z.string(),
  fazenda_id: z.int(),
  area: z.number(),
  area_calculada: z.number(),
  geometry: plotPolygonSchema,
  coordenadas_lat: z.string(),
  coordenadas_lng: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  elevation: z.nullable(z.number()),
  clay_soil: z.nullable(z.number()),
  /** No authoritative soil-type list yet: always null. */
  soil_type_id: z.nullable(z.int()),
  enabled: z.boolean(),
  enabled_ndvi: z.boolean(),
  /** The plot can take a new sowing: enabled, and no sowing on it waits for its harvest. */
  enabled_sowing: z.boolean(),
  contracted_area: z.nullable(z.number()),
  /**
   * What the plot's current season-crops leave free (ha): the least of them, so the number never
   * promises ground a sowing would be refused (`leastRemainingArea` of `sown_areas`).
   */
  remaining_area: z.number(),
  /**
   * Hectares the live sowings of each current season-crop take of the plot, harvested ones
   * included; the sowing form's remaining area for its season-crop is `remainingArea` of these.
   */
  sown_areas: z.array(z.object({ season_crop_id: z.int(), area: z.number() })),
  created_at: z.string(),
  updated_at: z.string(),
});
z.globalRegistry.add(plotSchema, { id: 'Plot' });
export type Plot = z.infer<typeof plotSchema>;

/** The params of a route on a farm's plots (`/talhoes/:id`, `/fazendas/:id/kml-import`…). */
export const farmIdParamsSchema = z.object({
  id: queryIdSchema.check(z.describe('the farm’s id')),
});

/** GET /api/talhoes/{id}: enabled=1 gives only the farm's enabled plots (the menu's). */
export const plotsQuerySchema = z.object({ enabled: z.optional(z.enum(['0', '1'])) });

/** GET /api/talhoes/{field_id}/fazenda/{farm_id}: one plot of a farm. */
export const farmPlotParamsSchema = z.object({ field_id: queryIdSchema, farm_id: queryIdSchema });

export const remainingAreaSchema = z.object({
  area: z.number(),
  sown_area: z.number(),
  remaining_area: z.number(),
});
export type RemainingArea = z.infer<typeof remainingAreaSchema>;

export const kmlPreviewSchema = z.object({
  plots: z.array(
    z.object({ nome: z.string(), geometry: plotPolygonSchema, area_calculada: z.number() }),
  ),
  /** The attributes the file's features carry (a KML's ExtendedData), to pick one as the name. */
  attributes: z.array(z.string()),
});

/**
 * The query of a plot file's preview and import: the attribute that names the plots (one of the
 * preview's `attributes`) and, for the import, the user's confirmation of the overlaps it named.
 */
export const plotFileQuerySchema = z.object({
  name_attribute: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  confirm_overlap: z.optional(z.enum(['0', '1'])),
});
z.globalRegistry.add(kmlPreviewSchema, { id: 'KmlPreview' });
/** A plot file's polygons as the server read and measured them, nothing saved yet. */
export type KmlPreview = z.infer<typeof kmlPreviewSchema>;

// ---- contracted area (Full plan) -------------------------------------------------------------

/** The account's contracted area (set in the back office) and what its plots use of it (ha). */
export const plotsAreaSchema = z.object({
  contracted_area: z.nullable(z.number()),
  used_area: z.number(),
});

export const accountPlotSchema = z.object({
  id: z.int(),
  nome: z.string(),
  fazenda_id: z.int(),
  fazenda_nome: z.string(),
  area: z.number(),
  contracted_area: z.nullable(z.number()),
});
z.globalRegistry.add(accountPlotSchema, { id: 'AccountPlot' });
export type AccountPlot = z.infer<typeof accountPlotSchema>;

/** Each plot's share of the account's contracted area; the sum may not exceed the contract. */
export const managerPlotBodySchema = z.object({
  plots: z
    .array(
      z.object({
        id: recordIdSchema,
        contracted_area: z.nullable(z.number().check(z.gte(0), z.lte(1_000_000))),
      }),
    )
    .check(z.minLength(1), z.maxLength(5_000)),
});
export type ManagerPlotBody = z.infer<typeof managerPlotBodySchema>;
