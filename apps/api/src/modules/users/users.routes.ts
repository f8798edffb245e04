import {
  ERRORS,
  LANGUAGES,
  jobTitleBodySchema,
  memberSchema,
  missingPermissionError,
  phoneBodySchema,
  routeAccess,
  sessionUserSchema,
  userActiveBodySchema,
  userCreateBodySchema,
  userUpdateBodySchema,
  errorBodySchema,
} from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { sessionOf, type Session } from '../../http/auth.ts';
import { commonErrorResponses, idSchema } from '../../http/schemas.ts';
import type { UsersService } from './users.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const userParams = z.object({ id: idSchema });

/**
 * A user may act on themself; acting on another member of the account takes the user-edit
 * permission and a plan that includes user management. Another account's user is not found.
 */
export async function assertSelfOrUserAdministrator(
  db: Database,
  session: Session,
  userId: number,
  permission: 'USER_EDITAR' | 'USER_VISUALIZAR' = 'USER_EDITAR',
): Promise<void> {
  if (userId === session.userId) return;
  if (
    routeAccess('users', session.planLevel) !== 'allowed' ||
    !session.permissions.has(permission)
  ) {
    throw new AppError(
      missingPermissionError(session.planLevel),
      `User has no permission: ${permission}`,
    );
  }
  const [member] = await db
    .select({ id: t.memberships.id })
    .from(t.memberships)
    .where(and(eq(t.memberships.accountId, session.accountId), eq(t.memberships.userId, userId)));
  if (!member) throw new AppError(ERRORS.userNotFound, 'User not found');
}

/** The signed-in user, the account's users, phones, job titles, language and permissions. */
export function usersRoutes(users: UsersService, db: Database) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    app.get(
      '/menu/dados-usuario',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'getSessionUser',
          summary: 'The signed-in user, their account, profile, plan and permissions',
          response: { 200: sessionUserSchema, ...errors },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        return users.sessionUser(session);
      },
    );
    app.put(
      '/profile',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'updateOwnProfile',
          summary: 'The signed-in user edits their own name, language and phone',
          body: userUpdateBodySchema.pick({ name: true, language: true, phone: true }),
          response: { 200: sessionUserSchema, ...errors },
        },
      },
      async (request) => users.updateOwnProfile(sessionOf(request), request.body),
    );
    app.get(
      '/permissions',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'listPermissions',
          summary: 'Permission codes of the signed-in user, optionally for a season-crop',
          querystring: z.object({ season_crop_id: idSchema.optional() }),
          response: { 200: z.array(z.string()), ...errors },
        },
      },
      async (request) => users.permissions(sessionOf(request), request.query.season_crop_id),
    );

    app.get(
      '/users',
      {
        config: { access: { permission: 'USER_LISTAR', planRoute: 'users' } },
        schema: {
          tags,
          operationId: 'listUsers',
          summary: 'Members of the account',
          response: { 200: z.array(memberSchema), ...errors },
        },
      },
      async (request) => users.list(sessionOf(request)),
    );
    app.post(
      '/users',
      {
        config: { access: { permission: 'USER_CADASTRAR', planRoute: 'users' } },
        schema: {
          tags,
          operationId: 'createUser',
          summary: 'Add a member to the account; they get an e-mailed temporary password',
          body: userCreateBodySchema,
          response: { 201: memberSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.create(sessionOf(request), request.body)),
    );
    app.put(
      '/users/:id',
      {
        config: { access: { permission: 'USER_EDITAR', planRoute: 'users' } },
        schema: {
          tags,
          operationId: 'updateUser',
          summary: 'Edit a member of the account',
          params: userParams,
          body: userUpdateBodySchema,
          response: { 200: memberSchema, ...errors },
        },
      },
      async (request) => users.update(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/users/:id',
      {
        config: { access: { permission: 'USER_EXCLUIR', planRoute: 'users' } },
        schema: {
          tags,
          operationId: 'removeUser',
          summary: 'Remove a member from the account',
          params: userParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await users.remove(sessionOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.put(
      '/users/:id/active',
      {
        config: { access: { permission: 'USER_EDITAR', planRoute: 'users' } },
        schema: {
          tags,
          operationId: 'setUserActive',
          summary: 'Activate or deactivate a member of the account',
          params: userParams,
          body: userActiveBodySchema,
          response: { 200: memberSchema, ...errors },
        },
      },
      async (request) =>
        users.setActive(sessionOf(request), request.params.id, request.body.active),
    );

    app.get(
      '/users/:id/phones',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'listUserPhones',
          summary: 'Phone numbers of a user',
          params: userParams,
          response: { 200: z.array(z.string()), ...errors },
        },
      },
      async (request) => {
        await assertSelfOrUserAdministrator(
          db,
          sessionOf(request),
          request.params.id,
          'USER_VISUALIZAR',
        );
        return users.phones(sessionOf(request), request.params.id);
      },
    );
    app.post(
      '/users/:id/phones',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'addUserPhone',
          summary: 'Add a phone number to a user',
          params: userParams,
          body: phoneBodySchema,
          response: { 201: z.array(z.string()), ...errors },
        },
      },
      async (request, reply) => {
        await assertSelfOrUserAdministrator(db, sessionOf(request), request.params.id);
        return reply
          .status(201)
          .send(await users.addPhone(sessionOf(request), request.params.id, request.body.phone));
      },
    );
    app.post(
      '/job-titles',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'setJobTitle',
          summary: 'Set a user’s job title',
          body: jobTitleBodySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await assertSelfOrUserAdministrator(db, sessionOf(request), request.body.user_id);
        await users.setJobTitle(
          sessionOf(request),
          request.body.user_id,
          request.body.job_title_id,
        );
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/usuarios/idioma/:lang',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'setLanguage',
          summary: 'Set the signed-in user’s language',
          params: z.object({ lang: z.enum(LANGUAGES) }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await users.setLanguage(sessionOf(request), request.params.lang);
        return reply.status(204).send(null);
      },
    );
  };
}
