import { ERRORS, type ErrorType } from '@lavoura/domain';

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

/**
 * A lookup of an id sent in a request's body: what answers 404 for the same id in a path
 * (another account's record, a farm the member is not assigned) is a bad body here, 400 with the
 * entity's key (`farmNotFound`, `plotNotFound`, `sowingNotFound`) and the id given.
 */
export async function bodyReference<T>(
  lookup: Promise<T>,
  type: ErrorType,
  info: Record<string, unknown>,
): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.key === ERRORS.notFound.key)
      throw new AppError(type, 'Unknown id in the body', info);
    throw error;
  }
}
