import {
  idParamsSchema,
  invitationAnswerBodySchema,
  invitationParamsSchema,
  invitationSchema,
  languageParamsSchema,
  permissionsQuerySchema,
  profileUpdateBodySchema,
  jobTitleBodySchema,
  memberSchema,
  phoneBodySchema,
  sessionUserSchema,
  userActiveBodySchema,
  userCreateBodySchema,
  userUpdateBodySchema,
  errorBodySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { UsersService } from './users.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};

/** The signed-in user, the account's users, phones, job titles, language and permissions. */
export function usersRoutes(users: UsersService) {
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
          body: profileUpdateBodySchema,
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
          querystring: permissionsQuerySchema,
          response: { 200: z.array(z.string()), ...errors },
        },
      },
      // The frozen list the domain builds once per profile, plan and season state, not a copy:
      // the serializer validates and serialises a frozen answer once (http/serializer.ts).
      async (request) =>
        (await users.permissions(sessionOf(request), request.query.season_crop_id)) as string[],
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
      async (request, reply) => {
        const session = sessionOf(request);
        const { key, version } = await users.listVersion(session);
        await reply.versionedAnswer(key, version, () => users.list(session));
        return reply;
      },
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
          params: idParamsSchema,
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
          params: idParamsSchema,
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
          params: idParamsSchema,
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
          params: idParamsSchema,
          response: { 200: z.array(z.string()), ...errors },
        },
      },
      async (request) => {
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
          params: idParamsSchema,
          body: phoneBodySchema,
          response: { 201: z.array(z.string()), ...errors },
        },
      },
      async (request, reply) => {
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
          params: languageParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await users.setLanguage(sessionOf(request), request.params.lang);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      '/users/:id/recovery-password',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'clearRecoveryPassword',
          summary: 'Discard one’s own pending temporary password',
          params: idParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await users.clearRecoveryPassword(sessionOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/invitations',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'listInvitations',
          summary: 'Accounts that invited the signed-in person and wait for an answer',
          response: { 200: z.array(invitationSchema), ...errors },
        },
      },
      async (request) => users.invitations(sessionOf(request)),
    );
    app.put(
      '/invitations/:account_id',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'answerInvitation',
          summary: 'Accept or decline an invitation to an account',
          params: invitationParamsSchema,
          body: invitationAnswerBodySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await users.answerInvitation(
          sessionOf(request),
          request.params.account_id,
          request.body.accept,
        );
        return reply.status(204).send(null);
      },
    );
  };
}
