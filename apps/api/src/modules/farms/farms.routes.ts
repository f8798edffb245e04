import {
  bagPricesBodySchema,
  enableBodySchema,
  errorBodySchema,
  farmBodySchema,
  farmNotificationsBodySchema,
  farmNotificationsSchema,
  farmSchema,
  farmStatsSchema,
  farmUpdateBodySchema,
  idParamsSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { FarmsService } from './farms.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const farmParams = idParamsSchema;
const tags = ['farms'];

/**
 * Farms (spec 2 §7). Where the spec names an English and a Portuguese path for one call, both
 * exist and share the handler (DESIGN §1).
 */
export function farmsRoutes(farms: FarmsService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    for (const [path, operationId] of [
      ['/farms', 'listFarms'],
      ['/fazendas', 'listFazendas'],
    ] as const) {
      app.get(
        path,
        {
          config: { access: { permission: 'FAZENDA_LISTAR', planRoute: 'farms' } },
          schema: {
            tags,
            operationId,
            summary: 'The farms the session sees: enabled first, then newest first',
            response: { 200: z.array(farmSchema), ...errors },
          },
        },
        async (request, reply) => {
          const session = sessionOf(request);
          const { key, version } = await farms.listVersion(session);
          await reply.versionedAnswer(key, version, () => farms.list(session));
          return reply;
        },
      );
    }
    for (const [path, operationId] of [
      ['/farms/:id', 'getFarm'],
      ['/fazendas/:id', 'getFazenda'],
    ] as const) {
      app.get(
        path,
        {
          config: { access: { permission: 'FAZENDA_VISUALIZAR', planRoute: 'farms' } },
          schema: {
            tags,
            operationId,
            summary: 'One farm with its totals, place and bag prices',
            params: farmParams,
            response: { 200: farmSchema, ...errors },
          },
        },
        async (request) => farms.get(sessionOf(request), request.params.id),
      );
    }
    app.post(
      '/fazendas',
      {
        config: { access: { permission: 'FAZENDA_CADASTRAR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'createFarm',
          summary: 'Create a farm: name, country, state, city and a bag price per crop',
          body: farmBodySchema,
          response: { 201: farmSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await farms.create(sessionOf(request), request.body)),
    );
    app.put(
      '/fazendas/:id',
      {
        config: { access: { permission: 'FAZENDA_EDITAR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'updateFarm',
          summary: 'Edit a farm; the body carries the updated_at it was read with',
          params: farmParams,
          body: farmUpdateBodySchema,
          response: { 200: farmSchema, ...errors },
        },
      },
      async (request) => farms.update(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/fazendas/:id',
      {
        config: { access: { permission: 'FAZENDA_EXCLUIR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'deleteFarm',
          summary: 'Delete a farm (refused while it has sowings or planned varieties)',
          params: farmParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await farms.remove(sessionOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.put(
      '/farms/:id/enable-disable',
      {
        config: { access: { permission: 'FAZENDA_EDITAR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'setFarmEnabled',
          summary: 'Enable or disable a farm (re-enabling is limited per season)',
          params: farmParams,
          body: enableBodySchema,
          response: { 200: farmSchema, ...errors },
        },
      },
      async (request) => farms.setEnabled(sessionOf(request), request.params.id, request.body),
    );
    app.put(
      '/farms/:id/bag-prices',
      {
        config: { access: { permission: 'FAZENDA_EDITAR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'setFarmBagPrices',
          summary: 'Set the price of a bag of each crop',
          params: farmParams,
          body: bagPricesBodySchema,
          response: { 200: farmSchema, ...errors },
        },
      },
      async (request) => farms.setBagPrices(sessionOf(request), request.params.id, request.body),
    );
    app.get(
      '/farms/:id/notifications',
      {
        config: { access: { permission: 'FAZENDA_VISUALIZAR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'getFarmNotifications',
          summary: 'What the signed-in member hears about the farm, and their WhatsApp number',
          params: farmParams,
          response: { 200: farmNotificationsSchema, ...errors },
        },
      },
      async (request) => farms.notifications(sessionOf(request), request.params.id),
    );
    app.put(
      '/farms/:id/notifications',
      {
        config: { access: { permission: 'FAZENDA_VISUALIZAR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'setFarmNotifications',
          summary:
            'Choose the notifications of the farm (weather, quotations, weekly applications)',
          params: farmParams,
          body: farmNotificationsBodySchema,
          response: { 200: farmNotificationsSchema, ...errors },
        },
      },
      async (request) =>
        farms.setNotifications(sessionOf(request), request.params.id, request.body),
    );
    app.get(
      '/fazendas/:id/stats',
      {
        config: { access: { permission: 'FAZENDA_VISUALIZAR', planRoute: 'farms' } },
        schema: {
          tags,
          operationId: 'getFarmStats',
          summary: 'Totals of a farm: area, plots, enabled plots, active sowings, next application',
          params: farmParams,
          response: { 200: farmStatsSchema, ...errors },
        },
      },
      async (request) => farms.stats(sessionOf(request), request.params.id),
    );
  };
}
