import {
  ERRORS,
  fieldErrorKey,
  fieldErrorLimit,
  type ErrorBody,
  type ErrorType,
  type FieldError,
} from '@lavoura/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

/** The registry's entry for an error Fastify raises about the request itself, by status. */
const FRAMEWORK_ERRORS: Record<number, ErrorType> = {
  400: ERRORS.badRequest,
  401: ERRORS.invalidToken,
  403: ERRORS.actionUnauthorized,
  404: ERRORS.notFound,
  405: ERRORS.methodNotAllowed,
  413: ERRORS.payloadTooLarge,
  415: ERRORS.unsupportedMediaType,
  429: ERRORS.tooManyRequests,
  431: ERRORS.headersTooLarge,
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
 * Turns the failing fields of a schema validation into {field, key, message} entries. The key is
 * the one the shared zod error map of @lavoura/domain gives (a contract may name its own), so the
 * web form and the API tell a broken rule in the same words.
 */
function fieldErrors(error: FastifyError): FieldError[] {
  const where = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const message = issue.message ?? 'Invalid value';
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const rule = { ...issue.params, code: issue.keyword, message };
    const limit = fieldErrorLimit(rule);
    return {
      field: path ? `${where}.${path}` : where,
      key: fieldErrorKey(rule),
      message,
      ...(limit === undefined ? {} : { limit }),
    };
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
        .send(errorBody(400, ERRORS.validation.key, 'Validation failed', fieldErrors(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Errors Fastify raises about the request itself (malformed JSON, wrong content type...).
      return reply
        .status(status)
        .send(
          errorBody(status, (FRAMEWORK_ERRORS[status] ?? ERRORS.badRequest).key, error.message),
        );
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(errorBody(500, ERRORS.unexpected.key, 'An unexpected error occurred'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        errorBody(
          404,
          ERRORS.routeNotFound.key,
          `Route ${request.method} ${request.url} not found`,
        ),
      );
  });
}
