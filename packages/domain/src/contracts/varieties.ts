import { z } from 'zod/mini';
import { queryIdSchema, recordIdSchema } from './common.ts';

/**
 * A farm's varieties (spec 2 §3 Variety and Seed, §7 Seeds and varieties; issue 11 item 2): the
 * catalogue's varieties a farm grows in a season-crop, as the API takes and answers them.
 */

export const farmVarietyBodySchema = z.strictObject({
  fazenda_id: recordIdSchema,
  season_crop_id: recordIdSchema,
  /** A variety of the catalogue's data set. */
  seed_id: recordIdSchema,
});
export type FarmVarietyBody = z.infer<typeof farmVarietyBodySchema>;

/** The catalogue's "add to my farm": the same, with the catalogue's name of the variety. */
export const catalogueVarietyBodySchema = z.strictObject({
  seedId: recordIdSchema,
  fazenda_id: recordIdSchema,
  season_crop_id: recordIdSchema,
});

export const farmVarietyCloneBodySchema = z.strictObject({
  fazendas: z.array(recordIdSchema).check(z.minLength(1), z.maxLength(200)),
});

export const varietySolicitationBodySchema = z.strictObject({
  suggestion_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  suggestion_description: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
});
export type VarietySolicitationBody = z.infer<typeof varietySolicitationBodySchema>;

export const farmVarietiesQuerySchema = z.strictObject({
  fazenda_id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
  season_crop_id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
});

export const farmSeedsQuerySchema = z.strictObject({
  crop_id: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
  season_crop_id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
  /** The season's period, as the web sends it; the season-crop already fixes it. */
  period: z.optional(z.string().check(z.maxLength(40))),
  search: z.optional(z.string().check(z.trim(), z.maxLength(120))),
});

/** A variety as a farm has it: the farm-variety id and the catalogue's facts. */
export const farmVarietySchema = z.object({
  id: z.int(),
  seed_id: z.int(),
  farm_id: z.int(),
  season_crop_id: z.int(),
  name: z.string(),
  asset_owner: z.nullable(z.string()),
  crop_id: z.int(),
  relative_maturity: z.nullable(z.number()),
  growth_habit: z.nullable(z.string()),
  genetically_modified_organism: z.nullable(z.boolean()),
});
z.globalRegistry.add(farmVarietySchema, { id: 'FarmVariety' });
export type FarmVariety = z.infer<typeof farmVarietySchema>;

/** A catalogue variety offered to a farm, with whether it is added and indicated there. */
export const farmSeedSchema = z.object({
  seed_id: z.int(),
  name: z.string(),
  asset_owner: z.nullable(z.string()),
  crop_id: z.int(),
  relative_maturity: z.nullable(z.number()),
  growth_habit: z.nullable(z.string()),
  genetically_modified_organism: z.nullable(z.boolean()),
  /** The farm-variety id when the farm has it in this season-crop, else null. */
  added: z.nullable(z.int()),
  recommended: z.boolean(),
});
export type FarmSeed = z.infer<typeof farmSeedSchema>;

/** /farms/:farm_id/…: a farm's varieties. */
export const farmVarietiesParamsSchema = z.object({ farm_id: queryIdSchema });

/** /farms/:farm_id/…/:id: one variety of a farm. */
export const farmVarietyParamsSchema = z.object({ id: queryIdSchema, farm_id: queryIdSchema });
