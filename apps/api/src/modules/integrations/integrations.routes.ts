import multipart from '@fastify/multipart';
import {
  ERRORS,
  PLOT_IMPORT_LIMITS,
  calendarFeedParamsSchema,
  calendarFeedSchema,
  errorBodySchema,
  farmIdParamsSchema,
  googleCalendarStartSchema,
  googleSaveTokenAnswerSchema,
  googleSaveTokenBodySchema,
  integrationSchema,
  integrationToggleAnswerSchema,
  integrationToggleBodySchema,
  leafFieldsAnswerSchema,
  plotSchema,
  userIntegrationSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses, fileAnswer, multipartFileBody } from '../../http/schemas.ts';
import type { IntegrationsService } from './integrations.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
};
const tags = ['integrations'];
/** Boundaries files: the KML import's 5 MB (spec 2 §9), one rule for every file of plots. */
const FIELD_IMPORT_MAX_BYTES = PLOT_IMPORT_LIMITS.maxBytes;
const integrations = { planRoute: 'integrations' } as const;

/**
 * Integrations (spec 3 §2, §3, §4 and §7 Integrations; issue 14 item 8; docs/integrations.md):
 * the catalogue and the member's list, the refused toggle, the iCalendar feed and its secret,
 * Google's OAuth path, the field-data import and the leaf-data service.
 */
export function integrationsRoutes(service: IntegrationsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    await fastify.register(multipart, {
      limits: { fileSize: FIELD_IMPORT_MAX_BYTES, files: 1, fields: 5 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/integrations',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'listIntegrations',
          summary:
            'The integrations offered (fieldview, google_calendar, leaf_agriculture); is_active: it works on this server',
          response: { 200: z.array(integrationSchema), ...errors },
        },
      },
      async () => service.catalogue(),
    );
    app.get(
      '/integrations/user-integrations',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'listUserIntegrations',
          summary: 'The signed-in member’s integrations and whether each is connected',
          response: { 200: z.array(userIntegrationSchema), ...errors },
        },
      },
      async (request) => service.userIntegrations(sessionOf(request)),
    );
    app.patch(
      '/integrations/toggle',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'toggleIntegration',
          summary:
            'Refused: an integration is activated by connecting it (403 exception.integration.manual_toggle_not_allowed; unknown id 404 exception.integration.not_found)',
          body: integrationToggleBodySchema,
          response: {
            200: integrationToggleAnswerSchema,
            ...errors,
          },
        },
      },
      async (request) => service.toggle(request.body.integration_id),
    );
    app.get(
      '/integrations/calendar-feed',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'getCalendarFeed',
          summary:
            'The member’s secret iCalendar address (created on the first read) of the sprays of the farms they see',
          response: { 200: calendarFeedSchema, ...errors },
        },
      },
      async (request) => service.calendarFeed(sessionOf(request)),
    );
    app.post(
      '/integrations/calendar-feed',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'renewCalendarFeed',
          summary: 'A new secret iCalendar address; the old one answers 404 from now on',
          response: { 200: calendarFeedSchema, ...errors },
        },
      },
      async (request) => service.renewCalendarFeed(sessionOf(request)),
    );
    app.get(
      '/calendar/:secret.ics',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'getCalendarFeedFile',
          summary:
            'The iCalendar feed (text/calendar) a calendar app subscribes to: one all-day event per spraying, TENTATIVE when planned, CONFIRMED when applied; 404 exception.calendar.feed_not_found for an unknown or renewed secret',
          params: calendarFeedParamsSchema,
          response: {
            200: fileAnswer('The iCalendar feed', ['text/calendar']),
            404: errorBodySchema,
            500: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const text = await service.feedText(request.params.secret);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="lavoura.ics"')
          .header('cache-control', 'private, max-age=300')
          .send(text);
      },
    );
    app.post(
      '/google-api/calendar',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'startGoogleCalendar',
          summary:
            'Google’s consent URL for the calendar (scope calendar.events, signed state), or configured: false when GOOGLE_CLIENT_ID is not set',
          response: { 200: googleCalendarStartSchema, ...errors },
        },
      },
      async (request) => service.googleStart(sessionOf(request)),
    );
    app.post(
      '/google-api/save-token',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'saveGoogleCalendarToken',
          summary:
            'Exchange the code Google sent back for tokens, kept on the server; the calendar integration becomes active (502 exception.google_calendar.auth_failed when Google refuses)',
          body: googleSaveTokenBodySchema,
          response: { 200: googleSaveTokenAnswerSchema, 502: errorBodySchema, ...errors },
        },
      },
      async (request) => service.googleSaveToken(sessionOf(request), request.body),
    );
    app.get(
      '/integrations/leaf/fields',
      {
        config: { access: integrations },
        schema: {
          tags,
          operationId: 'listLeafFields',
          summary:
            'The fields of the configured Leaf Agriculture account; connected: false (and no fields) when none is configured',
          response: { 200: leafFieldsAnswerSchema, 502: errorBodySchema, ...errors },
        },
      },
      async () => service.leafFields(),
    );
    app.post(
      '/fazendas/:id/field-import',
      {
        config: { access: { permission: 'TALHAO_CADASTRAR', planRoute: 'integrations' } },
        schema: {
          tags,
          operationId: 'importFieldBoundaries',
          summary:
            'Create plots on a farm from a boundaries export (multipart field `file`, 5 MB at most): GeoJSON Polygons/MultiPolygons or a zipped shapefile; saved like a KML import',
          consumes: ['multipart/form-data'],
          params: farmIdParamsSchema,
          body: multipartFileBody('GeoJSON or a zipped shapefile, 5 MB at most'),
          response: {
            201: z.array(plotSchema),
            409: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        // The farm first: another account's farm is 404 whatever the body is.
        const plots = await service.fieldImport(sessionOf(request), request.params.id, async () => {
          if (!request.isMultipart())
            throw new AppError(ERRORS.unsupportedMediaType, 'Send the file as multipart/form-data');
          const file = await request.file();
          if (!file || file.fieldname !== 'file')
            throw new AppError(ERRORS.fieldImportInvalidFile, 'No file in the field `file`', {
              reason: 'no_file',
            });
          const bytes = await file.toBuffer().catch((error: unknown) => {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
              throw new AppError(ERRORS.fileTooLarge, 'The file is larger than 5 MB', {
                max_bytes: FIELD_IMPORT_MAX_BYTES,
              });
            throw error;
          });
          return new Uint8Array(bytes);
        });
        return reply.status(201).send(plots);
      },
    );
  };
}
