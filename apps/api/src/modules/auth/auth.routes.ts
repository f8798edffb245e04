import {
  accountEntrySchema,
  changePasswordBodySchema,
  emailBodySchema,
  errorBodySchema,
  loginBodySchema,
  logoutAnswerSchema,
  selectAccountBodySchema,
  sessionAnswerSchema,
  switchAccountBodySchema,
  tokenAnswerSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { AuthService } from './auth.service.ts';
import {
  clearSessionCookies,
  setSessionCookies,
  type SessionCookieOptions,
} from './session-cookies.ts';
import type { Database } from '../../db/client.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
};

/** Sign-in and sessions: /admin-api (login, logout, accounts, passwords) and the menu calls of /api. */
export function authRoutes(auth: AuthService, db: Database, cookies: SessionCookieOptions) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['session'];

    app.post(
      '/admin-api/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'login',
          summary: 'Sign in with e-mail and password: a session token and the user',
          body: loginBodySchema,
          response: { 200: sessionAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await auth.login(request.body.email, request.body.password);
        setSessionCookies(reply, answer.token, cookies);
        return answer;
      },
    );
    app.post(
      '/admin-api/recovery-password',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'recoverPassword',
          summary: 'E-mail a temporary password valid one day',
          body: emailBodySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await auth.recoverPassword(request.body.email);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/admin-api/select-account',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'selectAccount',
          summary: 'Enter another account of the signed-in user: a new token',
          body: selectAccountBodySchema,
          response: { 200: sessionAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await auth.selectAccount(sessionOf(request), request.body.account_id);
        setSessionCookies(reply, answer.token, cookies);
        return answer;
      },
    );
    app.put(
      '/api/menu/alterar-conta',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'switchAccount',
          summary: 'Switch the signed-in user to another of their accounts (menu)',
          body: switchAccountBodySchema,
          response: { 200: sessionAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await auth.selectAccount(sessionOf(request), request.body.id);
        setSessionCookies(reply, answer.token, cookies);
        return answer;
      },
    );
    app.get(
      '/api/menu/contas',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'listMyAccounts',
          summary: 'Accounts the signed-in user belongs to',
          response: { 200: z.array(accountEntrySchema), ...errors },
        },
      },
      async (request) => auth.accounts(sessionOf(request)),
    );
    app.post(
      '/admin-api/logout',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'logout',
          summary: 'Sign out: revoke the current token',
          response: { 200: logoutAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        await auth.revoke(sessionOf(request));
        clearSessionCookies(reply, cookies);
        return { message: 'logged out' };
      },
    );
    app.post(
      '/admin-api/token-refresh',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'refreshToken',
          summary: 'A fresh token for the current session; the old one is revoked',
          response: { 200: tokenAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await auth.refresh(sessionOf(request));
        setSessionCookies(reply, answer.token, cookies);
        return answer;
      },
    );
    app.post(
      '/admin-api/change-password',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'changePassword',
          summary: 'Change the signed-in user’s password; every other session of theirs ends',
          body: changePasswordBodySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        // Every other session ends; this one continues with a new token, in the cookie.
        const { token } = await auth.changePassword(
          sessionOf(request),
          request.body.old_password,
          request.body.new_password,
        );
        setSessionCookies(reply, token, cookies);
        return reply.status(204).send(null);
      },
    );
  };
}
