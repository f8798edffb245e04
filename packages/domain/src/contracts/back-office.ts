import { z } from 'zod';
import { LANGUAGES } from '../locale.ts';
import { FIELD_KEYS } from '../field-errors.ts';
import { countryIdSchema, recordIdSchema, isoDateSchema } from './common.ts';

/**
 * The platform administrators' back office: accounts, plans, contracts and the maintenance switch.
 */
const name = z.string().trim().min(2).max(120);
const maxUsers = z.number().int().min(1).max(10_000);
const contractedArea = z.number().positive().max(100_000_000).nullable();

export const backOfficeAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country_id: z.number().int(),
  plan: z.object({ id: z.number().int(), name: z.string(), priority_level: z.number().int() }),
  max_users: z.number().int(),
  active_users: z.number().int(),
  contract_start: z.string().nullable(),
  contracted_area: z.number().nullable(),
  internal: z.boolean(),
  created_at: z.string(),
});

export const backOfficeAccountCreateBodySchema = z.object({
  name,
  country_id: countryIdSchema,
  plan_id: recordIdSchema,
  max_users: maxUsers,
  contract_start: isoDateSchema.nullable().optional(),
  contracted_area: contractedArea.optional(),
  admin: z.object({
    name,
    email: z.string().trim().toLowerCase().max(254).email({ message: FIELD_KEYS.email }),
    language: z.enum(LANGUAGES),
  }),
});

export const backOfficeAccountUpdateBodySchema = z
  .object({
    plan_id: recordIdSchema.optional(),
    max_users: maxUsers.optional(),
    contract_start: isoDateSchema.nullable().optional(),
    contracted_area: contractedArea.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: FIELD_KEYS.required });

export const maintenanceStateSchema = z.object({ enabled: z.boolean() });

export type BackOfficeAccount = z.infer<typeof backOfficeAccountSchema>;
export type BackOfficeAccountCreateBody = z.infer<typeof backOfficeAccountCreateBodySchema>;
export type BackOfficeAccountUpdateBody = z.infer<typeof backOfficeAccountUpdateBodySchema>;
