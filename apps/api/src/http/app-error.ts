import type { ErrorType } from '@lavoura/domain';

/**
 * The one error type of the API. Services throw it with an entry of the registry (`ERRORS` of
 * @lavoura/domain), which fixes its key and status; the central handler turns it into the error
 * shape {code, key, context: {message, additionalInfo}}. Handlers never catch.
 */
export class AppError extends Error {
  readonly key: string;
  readonly status: number;

  constructor(
    readonly type: ErrorType,
    message: string = type.key,
    readonly additionalInfo?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.key = type.key;
    this.status = type.status;
  }
}
