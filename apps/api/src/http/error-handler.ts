import { ERROR_KEYS, type ErrorBody, type FieldError } from '@lavoura/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

const KEY_BY_STATUS: Record<number, string> = {
  400: ERROR_KEYS.badRequest,
  401: 'exception.invalid_token',
  403: ERROR_KEYS.actionUnauthorized,
  404: ERROR_KEYS.notFound,
  405: ERROR_KEYS.badRequest,
  413: 'exception.payload_too_large',
  415: 'exception.unsupported_media_type',
  429: 'exception.too_many_attempts',
};

export function errorBody(
  status: number,
  key: string,
  message: string,
  additionalInfo?: unknown,
): ErrorBody {
  return {
    code: status,
    key,
    context: additionalInfo === undefined ? { message } : { message, additionalInfo },
  };
}

/**
 * Turns the failing fields of a schema validation into {field, key, message} entries. A schema may
 * name its own translatable key as the issue message ('field.password_rule').
 */
function fieldErrors(error: FastifyError): FieldError[] {
  const where = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const code = issue.keyword;
    const message = issue.message ?? 'Invalid value';
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    let key = 'field.invalid';
    if (message.startsWith('field.')) key = message;
    else if (code === 'invalid_type' && /received undefined/.test(message)) key = 'field.required';
    else if (code === 'too_small') key = 'field.too_small';
    else if (code === 'too_big') key = 'field.too_big';
    return { field: path ? `${where}.${path}` : where, key, message };
  });
}

/**
 * The central error handler: every failure leaves the API in the one error shape, and nothing
 * internal (stack, SQL, file paths) reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(errorBody(error.status, error.key, error.message, error.additionalInfo));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(errorBody(400, ERROR_KEYS.validation, 'Validation failed', fieldErrors(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Errors Fastify raises about the request itself (malformed JSON, wrong content type...).
      return reply
        .status(status)
        .send(errorBody(status, KEY_BY_STATUS[status] ?? ERROR_KEYS.badRequest, error.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(errorBody(500, ERROR_KEYS.unexpected, 'An unexpected error occurred'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        errorBody(
          404,
          ERROR_KEYS.routeNotFound,
          `Route ${request.method} ${request.url} not found`,
        ),
      );
  });
}
