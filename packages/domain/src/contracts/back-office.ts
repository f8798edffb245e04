import { z } from 'zod/mini';
import { LANGUAGES } from '../locale.ts';
import { FIELD_KEYS } from '../field-errors.ts';
import { countryIdSchema, recordIdSchema, isoDateSchema } from './common.ts';

/**
 * The platform administrators' back office: accounts, plans, contracts and the maintenance switch.
 */
const name = z.string().check(z.trim(), z.minLength(2), z.maxLength(120));
const maxUsers = z.int().check(z.minimum(1), z.maximum(10_000));
const contractedArea = z.nullable(z.number().check(z.positive(), z.maximum(100_000_000)));

export const backOfficeAccountSchema = z.object({
  id: z.int(),
  name: z.string(),
  country_id: z.int(),
  plan: z.object({ id: z.int(), name: z.string(), priority_level: z.int() }),
  max_users: z.int(),
  active_users: z.int(),
  contract_start: z.nullable(z.string()),
  contracted_area: z.nullable(z.number()),
  internal: z.boolean(),
  created_at: z.string(),
});
z.globalRegistry.add(backOfficeAccountSchema, { id: 'BackOfficeAccount' });

export const backOfficeAccountCreateBodySchema = z.object({
  name,
  country_id: countryIdSchema,
  plan_id: recordIdSchema,
  max_users: maxUsers,
  contract_start: z.optional(z.nullable(isoDateSchema)),
  contracted_area: z.optional(contractedArea),
  admin: z.object({
    name,
    email: z
      .string()
      .check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email({ message: FIELD_KEYS.email })),
    language: z.enum(LANGUAGES),
  }),
});

export const backOfficeAccountUpdateBodySchema = z
  .object({
    plan_id: z.optional(recordIdSchema),
    max_users: z.optional(maxUsers),
    contract_start: z.optional(z.nullable(isoDateSchema)),
    contracted_area: z.optional(contractedArea),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { message: FIELD_KEYS.required }));

export const maintenanceStateSchema = z.object({ enabled: z.boolean() });

// ---- notification jobs (issue 14 item 6) ---------------------------------------------------

/** A job of the notification queues (pg-boss), waiting, running, done or archived. */
const notificationJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  singleton_key: z.nullable(z.string()),
  retry_count: z.int(),
  retry_limit: z.int(),
  created_on: z.nullable(z.string()),
  started_on: z.nullable(z.string()),
  completed_on: z.nullable(z.string()),
  error: z.nullable(z.string()),
});

/** A notification sent (or tried) to a member: one per member, kind, subject and channel. */
const notificationDeliverySchema = z.object({
  id: z.int(),
  account_id: z.int(),
  user_id: z.int(),
  email: z.string(),
  kind: z.string(),
  subject: z.string(),
  channel: z.string(),
  status: z.string(),
  attempts: z.int(),
  last_error: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  created_at: z.string(),
  /** Written to an outbox folder (offline adapters), not sent to anyone. */
  offline: z.boolean(),
});

/** GET /admin-api/jobs: the queue, the channels' adapters, the recent jobs and deliveries. */
export const notificationJobsSchema = z.object({
  queue: z.object({ running: z.boolean(), schema: z.string() }),
  channels: z.object({
    email: z.string(),
    whatsapp: z.string(),
    offline: z.object({ email: z.boolean(), whatsapp: z.boolean() }),
  }),
  jobs: z.array(notificationJobSchema),
  deliveries: z.array(notificationDeliverySchema),
});

/** POST /admin-api/jobs/weekly-digest: queued (the queue runs here) or sent inline, and how many. */
export const weeklyRunSchema = z.object({ queued: z.boolean(), count: z.int() });

export type BackOfficeAccount = z.infer<typeof backOfficeAccountSchema>;
export type WeeklyRun = z.infer<typeof weeklyRunSchema>;
