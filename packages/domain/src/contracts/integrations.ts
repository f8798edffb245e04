import { z } from 'zod/mini';
import { recordIdSchema } from './common.ts';

/**
 * Integrations (spec 3 §2, §3 and §7 Integrations; issue 14 item 8): the catalogue, the member's
 * own rows, the calendar feed, the Google OAuth path, the field-data import and the leaf-data
 * service. docs/integrations.md.
 */

const integrationFields = {
  id: z.int(),
  code: z.enum(['fieldview', 'google_calendar', 'leaf_agriculture']),
  name: z.string(),
  kind: z.enum(['field_import', 'calendar', 'leaf_data']),
};

/** The catalogue: `is_active` says whether the integration works on this server. */
export const integrationSchema = z.object({ ...integrationFields, is_active: z.boolean() });
export type Integration = z.infer<typeof integrationSchema>;

/** The member's integrations: `is_active` says whether it is connected for them. */
export const userIntegrationSchema = z.object({
  ...integrationFields,
  is_active: z.boolean(),
  /** google_calendar: 'oauth' once Google tokens are saved, else 'feed'; null for the others. */
  connection: z.nullable(z.enum(['oauth', 'feed', 'file_import'])),
  updated_at: z.string(),
});
export type UserIntegration = z.infer<typeof userIntegrationSchema>;

export const integrationToggleBodySchema = z.object({ integration_id: recordIdSchema });
/** PATCH /api/integrations/toggle always refuses (403): its answer is declared for the document. */
export const integrationToggleAnswerSchema = z
  .object({ message: z.string() })
  .check(z.describe('not answered while the spec refuses it'));

/** The member's secret iCalendar address. */
export const calendarFeedSchema = z.object({
  url: z.string(),
  created_at: z.string(),
});
z.globalRegistry.add(calendarFeedSchema, { id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/calendar/{secret}.ics: the secret of the member's address. */
export const calendarFeedParamsSchema = z.object({
  secret: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** Where to send the member for Google's consent, or why not. */
export const googleCalendarStartSchema = z.object({
  configured: z.boolean(),
  /** Google's authorisation URL (client id, redirect URI, scope, signed state); null unconfigured. */
  url: z.nullable(z.string()),
});
export type GoogleCalendarStart = z.infer<typeof googleCalendarStartSchema>;

export const googleSaveTokenBodySchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(2048)),
  state: z.string().check(z.minLength(1), z.maxLength(2048)),
});
export type GoogleSaveTokenBody = z.infer<typeof googleSaveTokenBodySchema>;

export const googleSaveTokenAnswerSchema = z.object({
  is_active: z.boolean(),
  scope: z.string(),
  expires_at: z.string(),
});

/** A field of the leaf-data service, as the adapter maps it. */
const leafFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.nullable(z.string()),
  area_ha: z.nullable(z.number()),
});

export const leafFieldsAnswerSchema = z.object({
  /** False when no Leaf account is configured on the server: nothing is invented then. */
  connected: z.boolean(),
  fields: z.array(leafFieldSchema),
});
export type LeafFieldsAnswer = z.infer<typeof leafFieldsAnswerSchema>;
