import { z } from 'zod/mini';
import { DOSE_UNITS } from '../catalogue/dose-unit.ts';
import { FIELD_KEYS } from '../field-errors.ts';
import { recordIdSchema } from './common.ts';

/**
 * The account's own products and varieties (issue 28 item 5): what a catalogue lacks, entered by
 * an administrator or agronomist for their account alone. The engine reads an account product as a
 * catalogue one: efficacy from the rules of its actives (AGRONOMY §4b), registered dose from its
 * own `doses`; a target it lists no dose for is "not informed".
 */

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
const positive = z.number().check(z.positive(), z.lte(100_000));

const accountProductActiveSchema = z.strictObject({
  nome: name,
  /** Concentration in the product, e.g. 150 (g/L); null: not informed. */
  concentracao: z.optional(z.nullable(positive)),
  unidade: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(20)))),
});

const accountProductDoseSchema = z
  .strictObject({
    doenca_id: recordIdSchema,
    dose_min: positive,
    dose_max: positive,
    /** L, mL, kg or g per hectare of the product. */
    unidade: z.enum(DOSE_UNITS),
  })
  .check(
    z.refine((dose) => dose.dose_min <= dose.dose_max, {
      message: FIELD_KEYS.invalid,
      path: ['dose_max'],
    }),
  );

export const accountProductBodySchema = z.strictObject({
  nome: name,
  crop_id: recordIdSchema,
  country_id: recordIdSchema,
  /** Formulation code or text, e.g. "SC" or "SC - Suspensão Concentrada": it gives the L or kg. */
  formulacao: z.string().check(z.trim(), z.minLength(2), z.maxLength(80)),
  ativos: z.array(accountProductActiveSchema).check(z.minLength(1), z.maxLength(6)),
  doses: z.array(accountProductDoseSchema).check(z.maxLength(20)),
  /** Pre-harvest interval, days; null: not informed. */
  intervalo_seguranca_dias: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(365)))),
  /** The registration number, as the label gives it; null: not informed. */
  registro: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(40)))),
});
export type AccountProductBody = z.infer<typeof accountProductBodySchema>;

/** Who entered a row of the account's own and when ("informed by {name} on {date}"). */
export const informedSchema = z.object({
  nome: z.nullable(z.string()),
  data: z.string(),
});

export const accountProductSchema = z.object({
  id: z.int(),
  origem: z.literal('account'),
  nome: z.string(),
  crop_id: z.int(),
  country_id: z.int(),
  formulacao: z.string(),
  /** L or kg, from the formulation; null: a formulation the rule does not know. */
  unidade: z.nullable(z.enum(['L', 'kg'])),
  ativos: z.array(
    z.object({
      nome: z.string(),
      concentracao: z.nullable(z.number()),
      unidade: z.nullable(z.string()),
    }),
  ),
  doses: z.array(
    z.object({
      doenca_id: z.int(),
      dose_min: z.number(),
      dose_max: z.number(),
      unidade: z.enum(DOSE_UNITS),
    }),
  ),
  intervalo_seguranca_dias: z.nullable(z.int()),
  registro: z.nullable(z.string()),
  informado_por: informedSchema,
});
z.globalRegistry.add(accountProductSchema, { id: 'AccountProduct' });
export type AccountProduct = z.infer<typeof accountProductSchema>;

export const accountVarietyBodySchema = z.strictObject({
  nome: name,
  crop_id: recordIdSchema,
  country_id: recordIdSchema,
  /** Maturity group (GMR), e.g. 6.4; null: not informed. */
  gmr: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(10)))),
  /** Days from emergence to harvest maturity; null: not informed. */
  ciclo_dias: z.optional(z.nullable(z.int().check(z.gte(60), z.lte(200)))),
});
export type AccountVarietyBody = z.infer<typeof accountVarietyBodySchema>;

export const accountVarietySchema = z.object({
  id: z.int(),
  origem: z.literal('account'),
  nome: z.string(),
  crop_id: z.int(),
  country_id: z.int(),
  gmr: z.nullable(z.number()),
  ciclo_dias: z.nullable(z.int()),
  informado_por: informedSchema,
});
z.globalRegistry.add(accountVarietySchema, { id: 'AccountVariety' });
export type AccountVariety = z.infer<typeof accountVarietySchema>;
