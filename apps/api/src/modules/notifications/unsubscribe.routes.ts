import { errorBodySchema, unsubscribeQuerySchema } from '@lavoura/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fileAnswer } from '../../http/schemas.ts';
import { unsubscribeHtml, type UnsubscribeService } from './unsubscribe.service.ts';

const tags = ['notifications'];

const querystring = unsubscribeQuerySchema;

// A person's browser follows the link: every answer, a refusal too, is a small page to read.
const page = (description: string) => fileAnswer(description, ['text/html']);
const response = {
  200: page('The page, in the person’s language'),
  400: page('Not an unsubscribe link (exception.unsubscribe.invalid_token): a page saying so'),
  410: page('The link has expired (exception.unsubscribe.expired_token): a page saying so'),
  500: errorBodySchema,
  503: errorBodySchema,
};

/**
 * The unsubscribe link of the recurring e-mails (issue 29 item 9), public: the signed token is the
 * access. GET is the link a person follows from the e-mail's body; POST is RFC 8058's one-click,
 * which a mail app sends to the List-Unsubscribe address with the body
 * `List-Unsubscribe=One-Click` (form-encoded or multipart; read and ignored: the token says it all),
 * and the one the GET's page sends when the person confirms. Only the POST changes anything.
 */
export function unsubscribeRoutes(service: UnsubscribeService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_r, body, done) =>
        done(null, body),
      );
    const answer = (action: 'confirmation' | 'unsubscribe') =>
      async function handler(request: { query: z.infer<typeof querystring> }, reply: FastifyReply) {
        const page = await service[action](request.query.token ?? '', request.query.lang);
        return reply
          .code(page.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(unsubscribeHtml(page));
      };
    app.get(
      '/notifications/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'unsubscribeFromEmail',
          summary:
            'The page of a recurring e-mail’s unsubscribe link: it names the kind of e-mail (weekly digest, quotes, rain alert) and asks to confirm with a button that POSTs back; following the link changes nothing (a mail scanner opens every link). 400 exception.unsubscribe.invalid_token, 410 expired_token',
          querystring,
          response,
        },
      },
      answer('confirmation'),
    );
    app.post(
      '/notifications/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'unsubscribeFromEmailOneClick',
          summary:
            'Turns the token’s kind of e-mail off for its person on every farm of its account and answers a page saying so: the confirmation’s button, or RFC 8058 one-click (body List-Unsubscribe=One-Click). A tampered or expired token changes nothing (400, 410)',
          querystring,
          response,
        },
      },
      answer('unsubscribe'),
    );
  };
}
