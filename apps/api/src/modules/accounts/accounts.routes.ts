import {
  activationAnswerSchema,
  activationBodySchema,
  backOfficeAccountCreateBodySchema,
  backOfficeAccountSchema,
  backOfficeAccountUpdateBodySchema,
  emailBodySchema,
  errorBodySchema,
  idParamsSchema,
  maintenanceStateSchema,
  registerAnswerSchema,
  registerBodySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MaintenanceService } from '../settings/maintenance.service.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { AccountsService } from './accounts.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
/** Public sign-up and activation, and the platform administrators' back office. */
export function accountsRoutes(accounts: AccountsService, maintenance: MaintenanceService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    app.post(
      '/admin-api/register',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'register',
          summary: 'Sign up: a Freemium account and its administrator, inactive until activated',
          body: registerBodySchema,
          response: { 201: registerAnswerSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.register(request.body)),
    );
    app.post(
      '/api/account-active',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'activateAccount',
          summary: 'Activate a signed-up account with the e-mailed code',
          body: activationBodySchema,
          response: { 200: activationAnswerSchema, ...errors },
        },
      },
      async (request) => accounts.activate(request.body.email, request.body.code),
    );
    app.post(
      '/api/account-active/resend',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'resendActivationCode',
          summary: 'E-mail the activation code again (once every 3 minutes)',
          body: emailBodySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await accounts.resendActivation(request.body.email);
        return reply.status(204).send(null);
      },
    );

    const backOffice = { access: { platformAdmin: true as const } };
    const backOfficeTags = ['back office'];
    app.get(
      '/admin-api/accounts',
      {
        config: backOffice,
        schema: {
          tags: backOfficeTags,
          operationId: 'listAccounts',
          summary: 'Every account with its plan, contract and users (back office)',
          response: { 200: z.array(backOfficeAccountSchema), ...errors },
        },
      },
      async () => accounts.listAccounts(),
    );
    app.post(
      '/admin-api/accounts',
      {
        config: backOffice,
        schema: {
          tags: backOfficeTags,
          operationId: 'createAccount',
          summary: 'Create an account with its administrator (back office)',
          body: backOfficeAccountCreateBodySchema,
          response: { 201: backOfficeAccountSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.createAccount(request.body)),
    );
    app.put(
      '/admin-api/accounts/:id',
      {
        config: backOffice,
        schema: {
          tags: backOfficeTags,
          operationId: 'updateAccount',
          summary: 'Plan level, contract (start date, contracted area) and max_users of an account',
          params: idParamsSchema,
          body: backOfficeAccountUpdateBodySchema,
          response: { 200: backOfficeAccountSchema, ...errors },
        },
      },
      async (request) => accounts.updateAccount(request.params.id, request.body),
    );
    app.get(
      '/admin-api/maintenance',
      {
        config: backOffice,
        schema: {
          tags: backOfficeTags,
          operationId: 'getMaintenance',
          summary: 'Whether maintenance mode is on (back office)',
          response: { 200: maintenanceStateSchema, ...errors },
        },
      },
      async () => ({ enabled: maintenance.state.enabled }),
    );
    app.put(
      '/admin-api/maintenance',
      {
        config: backOffice,
        schema: {
          tags: backOfficeTags,
          operationId: 'setMaintenance',
          summary: 'Switch maintenance mode on or off (back office)',
          body: maintenanceStateSchema,
          response: { 200: maintenanceStateSchema, ...errors },
        },
      },
      async (request) => {
        return { enabled: await maintenance.set(request.body.enabled) };
      },
    );
  };
}
