import { CLIENT_ERROR_KEYS, ERROR_KEYS, errorBodySchema, type ErrorBody } from '@lavoura/domain';
import { setMaintenance } from './maintenance';

/** Key for a request that never got an answer (offline, DNS, refused connection). */
export const NETWORK_ERROR_KEY = CLIENT_ERROR_KEYS.networkError;

/** A failed API call; `body` is the API's one error shape, so the UI can translate `key`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(`${body.key} (${status}): ${body.context.message}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get key(): string {
    return this.body.key;
  }
}

/**
 * What the client does when the API refuses the session (401 on a call that needed one): the app's
 * session store registers its end of the session here, so this layer knows no app state.
 */
let sessionRejected: (key: string) => void = () => undefined;

export function whenSessionRejected(handler: (key: string) => void): void {
  sessionRejected = handler;
}

export interface ApiRequestInit<T> extends RequestInit {
  /** Sent as a JSON body with the matching content type. */
  json?: unknown;
  /** The answer's contract (a zod schema from @lavoura/domain): a mismatch is an error, not data. */
  schema?: { parse(value: unknown): T };
  /**
   * A public call of someone not signed in (login, sign-up, activation, password recovery): a 401
   * is the caller's answer (wrong password), not the session's end.
   */
  anonymous?: boolean;
}

function unexpected(status: number, message: string): ErrorBody {
  return { code: status, key: ERROR_KEYS.unexpected, context: { message } };
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * fetch for our APIs: JSON in and out, errors thrown as ApiError, and the maintenance flag kept in
 * step with every outcome (503 on, anything else off). The session travels as the httpOnly token
 * cookie, which the browser sends itself (same origin); the app adds no Authorization header. A
 * 401 ends the session (stores and query cache reset); the navigation guard then shows /login.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit<T> = {}): Promise<T> {
  const { json, schema, anonymous = false, ...request } = init;
  const headers = new Headers(request.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    request.body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { ...request, headers, credentials: 'same-origin' });
  } catch (cause) {
    // An aborted query is TanStack Query's business, not an error to report.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    setMaintenance(false);
    throw new ApiError(0, {
      code: 0,
      key: NETWORK_ERROR_KEY,
      context: { message: cause instanceof Error ? cause.message : 'Network error' },
    });
  }

  setMaintenance(response.status === 503);
  const body = await readJson(response);

  if (!response.ok) {
    const parsed = body.ok ? errorBodySchema.safeParse(body.value) : undefined;
    const error = new ApiError(
      response.status,
      parsed?.success ? parsed.data : unexpected(response.status, `HTTP ${response.status}`),
    );
    if (response.status === 401 && !anonymous) sessionRejected(error.key);
    throw error;
  }
  if (!body.ok) throw new ApiError(response.status, unexpected(response.status, 'Invalid JSON'));
  if (!schema) return body.value as T;
  try {
    return schema.parse(body.value);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(
      response.status,
      unexpected(response.status, `Answer of ${path}: ${detail}`),
    );
  }
}
