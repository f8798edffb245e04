import { ERRORS, type FieldError } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** Where a value holds text PostgreSQL cannot store (the NUL character), as `body.a.b` paths. */
function nulFields(value: unknown, path: string, found: string[]): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulFields(item, `${path}.${index}`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nulFields(item, `${path}.${key}`, found);
  }
  return found;
}

/**
 * Refuses text with NUL characters in a body or query with a 400 naming the field: PostgreSQL
 * rejects them in text columns, which would otherwise surface as a 500 after validation passed.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const fields = nulFields(request.query, 'querystring', nulFields(request.body, 'body', []));
    if (fields.length === 0) {
      done();
      return;
    }
    const errors: FieldError[] = fields.map((field) => ({
      field,
      key: 'field.invalid',
      message: 'Text must not contain NUL characters',
    }));
    done(new AppError(ERRORS.validation, 'Validation failed', errors));
  });
}
