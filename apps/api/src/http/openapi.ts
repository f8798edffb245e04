import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeDocument } from './openapi-document.ts';

/** The areas of the API, in the order the UI lists them. */
const TAGS = [
  { name: 'session', description: 'Sign-in, sessions, account switch and passwords' },
  { name: 'accounts', description: 'Sign-up and activation of an account' },
  { name: 'users', description: 'The signed-in user and the members of the account' },
  { name: 'reference', description: 'Reference data, readable without a session' },
  { name: 'farms', description: 'Farms and their plots, drawn on the map or imported from KML' },
  { name: 'plans', description: 'Plans, subscriptions, payment and the free-usage limit' },
  { name: 'back office', description: 'Platform administrators only' },
];

/** A session travels as a bearer token (API clients) or in the httpOnly cookie `token` (the web app). */
const SESSION_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/**
 * The OpenAPI document, generated from the route schemas: each operation's `security` comes from
 * its declared access rule (public ones say `[]`), so the document cannot drift from auth.ts.
 * Served at /api/openapi.json and browsable at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lavoura API',
        version: '0.1.0',
        description: 'Farm management and spray programs',
      },
      // Relative: the server that serves this document, whatever its host.
      servers: [{ url: '/', description: 'This Lavoura server' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      const security =
        access === 'public' ? [] : access?.optional ? [{}, ...SESSION_SECURITY] : SESSION_SECURITY;
      return { schema: { ...schema, security }, url };
    },
    // The schemas registered with an id (`z.globalRegistry.add(schema, { id })`, wherever they
    // are defined) become components that operations reference; then files and descriptions.
    transformObject: (input) =>
      describeDocument(
        createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } })(input),
      ),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to validator.swagger.io: the CSP allows no other origin.
    uiConfig: { validatorUrl: null },
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
}
