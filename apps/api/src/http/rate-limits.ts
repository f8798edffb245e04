import rateLimit from '@fastify/rate-limit';
import { ERRORS } from '@lavoura/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

interface RateLimit {
  /** Requests allowed per key within the window. */
  max: number;
  windowMs: number;
}

/** How often one client (IP) and one e-mail may call each public identity route. */
export interface RateLimitSettings {
  perIp: RateLimit;
  perEmail: RateLimit;
}

/**
 * Enough for a person who mistypes, far too few for guessing passwords or codes or for flooding
 * someone's mailbox. Failed logins also lock the e-mail after 5 attempts (login-lockout.service.ts).
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perIp: { max: 30, windowMs: 60_000 },
  perEmail: { max: 10, windowMs: 15 * 60_000 },
};

/** The public routes that check a secret or send an e-mail: login, sign-up, activation, resend, recovery. */
const RATE_LIMITED_ROUTES: ReadonlySet<string> = new Set([
  'POST /admin-api/login',
  'POST /admin-api/register',
  'POST /api/account-active',
  'POST /api/account-active/resend',
  'POST /admin-api/recovery-password',
]);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Throws 429 exception.too_many_requests with Retry-After once a limiter's key is over its max. */
async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', String(result.ttlInSeconds));
  throw new AppError(
    ERRORS.tooManyRequests,
    `Too many requests: try again in ${result.ttlInSeconds} s`,
    { retry_after: result.ttlInSeconds },
  );
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

/**
 * Per-IP and per-e-mail limits on RATE_LIMITED_ROUTES, counted per route. The per-IP check runs
 * before the body is read; the per-e-mail one once it is parsed, before validation. The counts
 * live in this process's memory: several API processes would each count apart (a shared store,
 * e.g. Redis, would be needed then).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<void> {
  await app.register(rateLimit, { global: false });
  const route = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;
  const byIp = app.createRateLimit({
    max: settings.perIp.max,
    timeWindow: settings.perIp.windowMs,
    keyGenerator: (request) => `${route(request)} ip ${request.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: settings.perEmail.max,
    timeWindow: settings.perEmail.windowMs,
    keyGenerator: (request) => `${route(request)} email ${emailOf(request.body) ?? ''}`,
    allowList: (request) => emailOf(request.body) === undefined,
  });

  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    if (!methods.some((method) => RATE_LIMITED_ROUTES.has(`${method} ${options.url}`))) return;
    options.onRequest = [
      ...toArray(options.onRequest),
      (request: FastifyRequest, reply: FastifyReply) => enforce(byIp, request, reply),
    ];
    options.preValidation = [
      (request: FastifyRequest, reply: FastifyReply) => enforce(byEmail, request, reply),
      ...toArray(options.preValidation),
    ];
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
