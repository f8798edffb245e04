import {
  accountProductBodySchema,
  accountProductSchema,
  accountVarietyBodySchema,
  accountVarietySchema,
  errorBodySchema,
  idParamsSchema as params,
  type PermissionCode,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { AccountCatalogueService } from './account-catalogue.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['account-catalogue'];
// The catalogue's own edit codes of spec 1 §6: pesticides (DEFENSIVO) and varieties (CULTIVAR).
const product = (permission: PermissionCode) =>
  ({ access: { permission, planRoute: 'programas' } }) as const;
const variety = (permission: PermissionCode) =>
  ({ access: { permission, planRoute: 'cultivares' } }) as const;

/**
 * The account's own products and varieties (issue 28 item 5): what the catalogue lacks, for the
 * account alone. Another account's id answers 404; one used answers 409.
 */
export function accountCatalogueRoutes(service: AccountCatalogueService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/account-products',
      {
        config: product('DEFENSIVO_LISTAR'),
        schema: {
          tags,
          operationId: 'listAccountProducts',
          summary: 'The products the account entered itself',
          response: { 200: z.array(accountProductSchema), ...errors },
        },
      },
      async (request) => service.products(sessionOf(request)),
    );
    app.get(
      '/account-products/:id',
      {
        config: product('DEFENSIVO_LISTAR'),
        schema: {
          tags,
          operationId: 'getAccountProduct',
          summary: 'One product the account entered',
          params,
          response: { 200: accountProductSchema, ...errors },
        },
      },
      async (request) => service.product(sessionOf(request), request.params.id),
    );
    app.post(
      '/account-products',
      {
        config: product('DEFENSIVO_CADASTRAR'),
        schema: {
          tags,
          operationId: 'createAccountProduct',
          summary:
            'Enters a fungicide the catalogue lacks, for the account alone: its actives give its efficacy (AGRONOMY §4b), its doses its registered dose',
          body: accountProductBodySchema,
          response: { 201: accountProductSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return service.createProduct(sessionOf(request), request.body);
      },
    );
    app.put(
      '/account-products/:id',
      {
        config: product('DEFENSIVO_EDITAR'),
        schema: {
          tags,
          operationId: 'updateAccountProduct',
          summary: 'Changes a product the account entered',
          params,
          body: accountProductBodySchema,
          response: { 200: accountProductSchema, ...errors },
        },
      },
      async (request) => service.updateProduct(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/account-products/:id',
      {
        config: product('DEFENSIVO_EXCLUIR'),
        schema: {
          tags,
          operationId: 'deleteAccountProduct',
          summary:
            'Deletes a product the account entered; 409 exception.product.in_use once in a program',
          params,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.deleteProduct(sessionOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/account-varieties',
      {
        config: variety('CULTIVAR_LISTAR'),
        schema: {
          tags,
          operationId: 'listAccountVarieties',
          summary: 'The varieties the account entered itself',
          response: { 200: z.array(accountVarietySchema), ...errors },
        },
      },
      async (request) => service.varieties(sessionOf(request)),
    );
    app.get(
      '/account-varieties/:id',
      {
        config: variety('CULTIVAR_LISTAR'),
        schema: {
          tags,
          operationId: 'getAccountVariety',
          summary: 'One variety the account entered',
          params,
          response: { 200: accountVarietySchema, ...errors },
        },
      },
      async (request) => service.variety(sessionOf(request), request.params.id),
    );
    app.post(
      '/account-varieties',
      {
        config: variety('CULTIVAR_CADASTRAR'),
        schema: {
          tags,
          operationId: 'createAccountVariety',
          summary: 'Enters a variety the catalogue lacks, for the account alone',
          body: accountVarietyBodySchema,
          response: { 201: accountVarietySchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return service.createVariety(sessionOf(request), request.body);
      },
    );
    app.put(
      '/account-varieties/:id',
      {
        config: variety('CULTIVAR_EDITAR'),
        schema: {
          tags,
          operationId: 'updateAccountVariety',
          summary: 'Changes a variety the account entered',
          params,
          body: accountVarietyBodySchema,
          response: { 200: accountVarietySchema, ...errors },
        },
      },
      async (request) => service.updateVariety(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/account-varieties/:id',
      {
        config: variety('CULTIVAR_EXCLUIR'),
        schema: {
          tags,
          operationId: 'deleteAccountVariety',
          summary:
            'Deletes a variety the account entered; 409 exception.variety.in_use once sown or planned',
          params,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.deleteVariety(sessionOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
