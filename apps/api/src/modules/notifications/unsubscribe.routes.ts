import { errorBodySchema, unsubscribeQuerySchema } from '@lavoura/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unsubscribeHtml, type UnsubscribeService } from './unsubscribe.service.ts';

const tags = ['notifications'];

const querystring = unsubscribeQuerySchema;

const page = z.string().describe('text/html; charset=utf-8');
const response = { 200: page, 400: page, 410: page, 500: errorBodySchema, 503: errorBodySchema };

/**
 * The unsubscribe link of the recurring e-mails (issue 29 item 9), public: the signed token is the
 * access. GET is the link a person follows from the e-mail's body; POST is RFC 8058's one-click,
 * which a mail app sends to the List-Unsubscribe address with the body
 * `List-Unsubscribe=One-Click` (form-encoded or multipart; read and ignored: the token says it all).
 */
export function unsubscribeRoutes(service: UnsubscribeService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_r, body, done) =>
        done(null, body),
      );
    const handler = async (
      request: { query: z.infer<typeof querystring> },
      reply: FastifyReply,
    ) => {
      const answer = await service.unsubscribe(request.query.token ?? '', request.query.lang);
      return reply
        .code(answer.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribeHtml(answer));
    };
    app.get(
      '/notifications/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'unsubscribeFromEmail',
          summary:
            'Turns the token’s kind of e-mail (weekly digest, quotes, rain alert) off for its person on every farm of its account and answers a small page saying so; 400 exception.unsubscribe.invalid_token or 410 expired_token change nothing',
          querystring,
          response,
        },
      },
      handler,
    );
    app.post(
      '/notifications/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'unsubscribeFromEmailOneClick',
          summary:
            'RFC 8058 one-click unsubscribe (body List-Unsubscribe=One-Click): the same as the GET',
          querystring,
          response,
        },
      },
      handler,
    );
  };
}
