import { FILE_MEDIA_TYPES } from './schemas.ts';

/** What a status means on any route; a route's own description (`.describe`) wins. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'The answer',
  201: 'Created: the new record',
  202: 'Accepted: the work goes on after the answer',
  204: 'Done: no body',
  400: 'Refused: an invalid request (exception.validation_error names the fields in context.additionalInfo) or a rule of the record',
  401: 'No valid session: sign in again',
  402: 'Payment needed: the account’s plan or bill refuses it',
  403: 'Not allowed: the profile’s permission or the account’s plan',
  404: 'Not found, or not within the session’s account and farms',
  409: 'Conflict: a stale updated_at/version, or a state that refuses the change',
  413: 'Too large: the body or a file exceeds its limit',
  415: 'Unsupported media type or file type',
  429: 'Too many requests: try again later',
  500: 'Unexpected error',
  502: 'An outside service failed or refused',
  503: 'Maintenance: the API is switched off for now',
};

/** A file's bytes in any media type, as OpenAPI 3.0 says it. */
const BINARY = { type: 'string', format: 'binary' };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A response's media types: a schema marked with FILE_MEDIA_TYPES answers those files, and JSON
 * as well when the schema says more than the mark (e.g. a report as JSON or, with format=pdf, PDF).
 */
function mediaOf(content: Json): Json {
  const json = content['application/json'];
  if (!isObject(json) || !isObject(json.schema) || !(FILE_MEDIA_TYPES in json.schema))
    return content;
  const { [FILE_MEDIA_TYPES]: types, description: _description, ...schema } = json.schema;
  const files = Object.fromEntries(
    (Array.isArray(types) ? types.map(String) : []).map((type) => [type, { schema: BINARY }]),
  );
  if (Object.keys(schema).length === 0) return files;
  // A described registered schema comes as `allOf: [{ $ref }]`: the reference alone says it.
  const only = Array.isArray(schema.allOf) && schema.allOf.length === 1 ? schema.allOf[0] : null;
  const answer = Object.keys(schema).length === 1 && isObject(only) ? only : schema;
  return { 'application/json': { schema: answer }, ...files };
}

function describeResponses(responses: Json): Json {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (!isObject(response)) return [status, response];
      const description =
        typeof response.description === 'string' && response.description !== 'Default Response'
          ? response.description
          : (STATUS_DESCRIPTIONS[status] ?? 'The answer');
      const content = isObject(response.content) ? mediaOf(response.content) : undefined;
      return [status, { ...response, description, ...(content ? { content } : {}) }];
    }),
  );
}

/** The component names a value refers to (`#/components/schemas/<name>`). */
function referencedSchemas(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedSchemas(item, into);
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/'))
        into.add(item.slice('#/components/schemas/'.length));
      else referencedSchemas(item, into);
    }
  return into;
}

/**
 * Keeps the components the operations use, directly or through another component: the registry
 * holds every schema with an id, and each twice (`X` answered, `XInput` received).
 */
function usedSchemas(paths: unknown, schemas: Json): Json {
  const used = referencedSchemas(paths, new Set());
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop())
    for (const next of referencedSchemas(schemas[name], new Set()))
      if (!used.has(next)) {
        used.add(next);
        queue.push(next);
      }
  return Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => used.has(name))
      .sort()
      .map((name) => [name, schemas[name]]),
  );
}

/**
 * A nullable reference comes from zod as `{ nullable: true, allOf: [{ $ref }] }`, which OpenAPI 3.0
 * reads only with a `type` beside `nullable`: the referenced component's type is written there.
 */
function typeNullableReferences(value: unknown, schemas: Json): unknown {
  if (Array.isArray(value)) return value.map((item) => typeNullableReferences(item, schemas));
  if (!isObject(value)) return value;
  const node = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, typeNullableReferences(item, schemas)]),
  );
  const ref = Array.isArray(node.allOf) && isObject(node.allOf[0]) ? node.allOf[0].$ref : null;
  if (node.nullable !== true || 'type' in node || typeof ref !== 'string') return node;
  const target = schemas[ref.slice('#/components/schemas/'.length)];
  return isObject(target) && typeof target.type === 'string'
    ? { type: target.type, ...node }
    : node;
}

/**
 * An operation that takes JSON or a multipart form (a note with its attachments) reads the same
 * fields from either, plus the form's files in `files` (notes.routes.ts `readNote`): the form's
 * schema says so, so a generated client can send them.
 */
function withFormFiles(operation: Json): Json {
  const body = operation.requestBody;
  if (!isObject(body) || !isObject(body.content)) return operation;
  const form = body.content['multipart/form-data'];
  if (!isObject(form) || !isObject(form.schema) || !('application/json' in body.content))
    return operation;
  const files = {
    type: 'object',
    properties: {
      files: {
        type: 'array',
        description: 'Attachments, 5 MB each at most',
        items: { type: 'string', format: 'binary' },
      },
    },
  };
  return {
    ...operation,
    requestBody: {
      ...body,
      content: {
        ...body.content,
        'multipart/form-data': { ...form, schema: { allOf: [form.schema, files] } },
      },
    },
  };
}

/**
 * The last step of the document for generated clients: every response described (no "Default
 * Response"), file answers under their media types instead of JSON, unused components dropped.
 */
export function describeDocument<T extends object>(document: T): T {
  const { paths, components } = document as { paths?: unknown; components?: Json };
  if (!isObject(paths)) return document;
  const described = Object.fromEntries(
    Object.entries(paths).map(([url, methods]) => [
      url,
      isObject(methods)
        ? Object.fromEntries(
            Object.entries(methods).map(([method, operation]) => [
              method,
              isObject(operation) && isObject(operation.responses)
                ? withFormFiles({
                    ...operation,
                    responses: describeResponses(operation.responses),
                  })
                : operation,
            ]),
          )
        : methods,
    ]),
  );
  const registered = isObject(components?.schemas) ? components.schemas : {};
  const schemas = usedSchemas(described, registered);
  return {
    ...document,
    paths: typeNullableReferences(described, schemas),
    components: { ...components, schemas: typeNullableReferences(schemas, schemas) },
  };
}
