import { ERROR_KEYS } from '@lavoura/domain';

/**
 * The one error type of the API. Services throw it; the central handler turns it into the error
 * shape {code, key, context: {message, additionalInfo}}. Handlers never catch.
 */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
    message: string = key,
    readonly additionalInfo?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(key: string = ERROR_KEYS.notFound, message = 'Not found'): AppError {
    return new AppError(key, 404, message);
  }
}
