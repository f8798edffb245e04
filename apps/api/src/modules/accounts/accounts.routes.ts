import {
  activationAnswerSchema,
  activationBodySchema,
  emailBodySchema,
  errorBodySchema,
  LANGUAGES,
  registerAnswerSchema,
  registerBodySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { saveMaintenanceSetting, type MaintenanceSwitch } from '../../http/maintenance.ts';
import { commonErrorResponses, idSchema } from '../../http/schemas.ts';
import type { AccountsService } from './accounts.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
/** A calendar day: `2026-02-30` matches the pattern but is no day, and the database would refuse it. */
const isCalendarDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return (
    value >= '0001-01-01' &&
    !Number.isNaN(day.getTime()) &&
    day.toISOString().slice(0, 10) === value
  );
};
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field.date' })
  .refine(isCalendarDay, { message: 'field.date' });

const backOfficeAccountSchema = z.object({
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

/** Public sign-up and activation, and the platform administrators' back office. */
export function accountsRoutes(
  accounts: AccountsService,
  db: Database,
  maintenance: MaintenanceSwitch,
) {
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
          body: z.object({
            name: z.string().trim().min(2).max(120),
            country_id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            plan_id: idSchema,
            max_users: z.number().int().min(1).max(10_000),
            contract_start: isoDate.nullable().optional(),
            contracted_area: z.number().positive().nullable().optional(),
            admin: z.object({
              name: z.string().trim().min(2).max(120),
              email: z.string().trim().toLowerCase().email(),
              language: z.enum(LANGUAGES),
            }),
          }),
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
          params: z.object({ id: idSchema }),
          body: z
            .object({
              plan_id: idSchema.optional(),
              max_users: z.number().int().min(1).max(10_000).optional(),
              contract_start: isoDate.nullable().optional(),
              contracted_area: z.number().positive().nullable().optional(),
            })
            .refine((body) => Object.keys(body).length > 0, { message: 'field.required' }),
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
          response: { 200: z.object({ enabled: z.boolean() }), ...errors },
        },
      },
      async () => ({ enabled: maintenance.enabled }),
    );
    app.put(
      '/admin-api/maintenance',
      {
        config: backOffice,
        schema: {
          tags: backOfficeTags,
          operationId: 'setMaintenance',
          summary: 'Switch maintenance mode on or off (back office)',
          body: z.object({ enabled: z.boolean() }),
          response: { 200: z.object({ enabled: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        await saveMaintenanceSetting(db, request.body.enabled);
        maintenance.enabled = request.body.enabled;
        return { enabled: maintenance.enabled };
      },
    );
  };
}
