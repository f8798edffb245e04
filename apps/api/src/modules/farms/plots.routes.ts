import multipart from '@fastify/multipart';
import {
  ERRORS,
  enableBodySchema,
  errorBodySchema,
  accountPlotSchema,
  farmIdParamsSchema,
  farmPlotParamsSchema,
  idParamsSchema,
  kmlPreviewSchema,
  managerPlotBodySchema,
  PLOT_IMPORT_LIMITS,
  plotFileQuerySchema,
  plotsAreaSchema,
  plotCreateBodySchema,
  plotSchema,
  plotsManyBodySchema,
  plotsQuerySchema,
  plotUpdateBodySchema,
  remainingAreaSchema,
} from '@lavoura/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses, multipartFileBody } from '../../http/schemas.ts';
import type { PlotContractedAreas } from './plot-contracted-areas.service.ts';
import type { PlotImports } from './plot-imports.ts';
import type { PlotsService } from './plots.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['farms'];
const plotParams = idParamsSchema;
const MAX_BYTES = PLOT_IMPORT_LIMITS.maxBytes;

/** The bytes of the multipart field `file` (a KML or KMZ upload, 5 MB at most). */
async function uploadedKml(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart())
    throw new AppError(ERRORS.unsupportedMediaType, 'Send the file as multipart/form-data');
  const file = await request.file();
  if (!file || file.fieldname !== 'file')
    throw new AppError(ERRORS.kmlInvalidFormat, 'No file in the field `file`', {
      reason: 'no_file',
    });
  const bytes = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(ERRORS.fileTooLarge, 'The file is larger than 5 MB', {
        max_bytes: MAX_BYTES,
      });
    throw error;
  });
  return new Uint8Array(bytes);
}

/** Plots (talhões) of the farms (spec 2 §7), drawn on the map or imported from KML. */
export function plotsRoutes(plots: PlotsService, imports: PlotImports, areas: PlotContractedAreas) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    await fastify.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 5 } });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      // The spec's /talhoes/{farm_id}: one parameter name per path, PUT and DELETE take a plot's.
      '/talhoes/:id',
      {
        config: { access: { permission: 'TALHAO_LISTAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'listPlots',
          summary: 'The plots of a farm, newest first; enabled=1 gives only the enabled ones',
          params: farmIdParamsSchema,
          querystring: plotsQuerySchema,
          response: { 200: z.array(plotSchema), ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const enabledOnly = request.query.enabled === '1';
        const { key, version } = await plots.listVersion(session, request.params.id, enabledOnly);
        await reply.versionedAnswer(key, version, () =>
          plots.list(session, request.params.id, enabledOnly),
        );
        return reply;
      },
    );
    app.get(
      '/talhoes/:field_id/fazenda/:farm_id',
      {
        config: { access: { permission: 'TALHAO_VISUALIZAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'getPlot',
          summary: 'One plot of a farm',
          params: farmPlotParamsSchema,
          response: { 200: plotSchema, ...errors },
        },
      },
      async (request) =>
        plots.get(sessionOf(request), request.params.field_id, request.params.farm_id),
    );
    app.post(
      '/talhoes',
      {
        config: { access: { permission: 'TALHAO_CADASTRAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'createPlot',
          summary: 'Create a plot from its outline (GeoJSON or the two pipe lists)',
          body: plotCreateBodySchema,
          response: { 201: plotSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await plots.create(sessionOf(request), request.body)),
    );
    app.put(
      '/talhoes/:id',
      {
        config: { access: { permission: 'TALHAO_EDITAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'updatePlot',
          summary: 'Edit a plot; the body carries the updated_at it was read with',
          params: plotParams,
          body: plotUpdateBodySchema,
          response: { 200: plotSchema, ...errors },
        },
      },
      async (request) => plots.update(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/talhoes/:id',
      {
        config: { access: { permission: 'TALHAO_EXCLUIR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'deletePlot',
          summary: 'Delete a plot (refused while a sowing on it is not harvested)',
          params: plotParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await plots.remove(sessionOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.put(
      '/plots/:id/enable-disable',
      {
        config: { access: { permission: 'TALHAO_EDITAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'setPlotEnabled',
          summary: 'Enable or disable a plot (re-enabling is limited per season)',
          params: plotParams,
          body: enableBodySchema,
          response: { 200: plotSchema, ...errors },
        },
      },
      async (request) => plots.setEnabled(sessionOf(request), request.params.id, request.body),
    );
    app.get(
      '/talhoes/:id/remaining-area',
      {
        config: { access: { permission: 'TALHAO_VISUALIZAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'getPlotRemainingArea',
          summary: 'The plot’s area, the area sown in the current season and what remains (ha)',
          params: plotParams,
          response: { 200: remainingAreaSchema, ...errors },
        },
      },
      async (request) => plots.remainingArea(sessionOf(request), request.params.id),
    );
    app.post(
      '/plots/many',
      {
        config: { access: { permission: 'TALHAO_CADASTRAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'createPlots',
          summary: 'Save the plots of a KML import in one transaction',
          body: plotsManyBodySchema,
          response: { 201: z.array(plotSchema), ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await plots.createMany(sessionOf(request), request.body)),
    );
    app.get(
      '/accounts/plots-area',
      {
        config: { access: { permission: 'TALHAO_LISTAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'getPlotsArea',
          summary: 'The account’s contracted area and the area its plots use (Full plan)',
          response: { 200: plotsAreaSchema, ...errors },
        },
      },
      async (request) => areas.plotsArea(sessionOf(request)),
    );
    app.get(
      '/accounts/:id/allPlots',
      {
        config: { access: { permission: 'TALHAO_LISTAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'listAccountPlots',
          summary: 'Every plot of the account with its contracted share (Full plan)',
          params: idParamsSchema,
          response: { 200: z.array(accountPlotSchema), ...errors },
        },
      },
      async (request) => areas.accountPlots(sessionOf(request), request.params.id),
    );
    for (const [method, path, operationId] of [
      ['POST', '/plots/manager-plot', 'setPlotsContractedArea'],
      ['PUT', '/accounts/area', 'setAccountArea'],
    ] as const) {
      app.route({
        method,
        url: path,
        config: { access: { permission: 'MANAGER_ACCOUNT_EDITAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId,
          summary: 'Share the contracted area among plots; the sum may not exceed the contract',
          body: managerPlotBodySchema,
          response: { 200: z.array(accountPlotSchema), ...errors },
        },
        handler: async (request) => areas.setContractedAreas(sessionOf(request), request.body),
      });
    }
    app.post(
      '/plots/kml-preview',
      {
        config: { access: { permission: 'TALHAO_CADASTRAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'previewKml',
          summary:
            'The plots of a KML or KMZ file, GeoJSON or zipped shapefile (multipart field `file`, 5 MB at most) and the attributes that may name them, unsaved',
          consumes: ['multipart/form-data'],
          body: multipartFileBody('The KML, KMZ, GeoJSON or zipped shapefile, 5 MB at most'),
          querystring: plotFileQuerySchema,
          response: {
            200: kmlPreviewSchema,
            413: errorBodySchema,
            415: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) =>
        await imports.preview(await uploadedKml(request), {
          nameAttribute: request.query.name_attribute,
        }),
    );
    app.post(
      '/fazendas/:id/kml-import',
      {
        config: { access: { permission: 'TALHAO_CADASTRAR', planRoute: 'field' } },
        schema: {
          tags,
          operationId: 'importKml',
          summary:
            'Create plots on a farm from a file its preview read (KML, KMZ, GeoJSON or zipped shapefile; multipart field `file`, 5 MB at most), in one transaction',
          consumes: ['multipart/form-data'],
          params: farmIdParamsSchema,
          querystring: plotFileQuerySchema,
          body: multipartFileBody('The file the preview read, 5 MB at most'),
          response: {
            201: z.array(plotSchema),
            413: errorBodySchema,
            415: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const saved = await imports.importFile(
          sessionOf(request),
          request.params.id,
          () => uploadedKml(request),
          {
            nameAttribute: request.query.name_attribute,
            confirmOverlap: request.query.confirm_overlap === '1',
          },
        );
        return reply.status(201).send(saved);
      },
    );
  };
}
