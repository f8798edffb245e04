import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer. Scripts only from our origin, never inline (the
 * built app and the OpenAPI UI load theirs from files); styles may be inline because MUI (emotion)
 * injects <style> tags at run time. Nobody may frame the app (clickjacking).
 */
export function contentSecurityPolicy(production: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Over plain http (development, tests) upgrading would break every request.
    'upgrade-insecure-requests': production ? [] : null,
  };
}

/**
 * Security headers on every answer (helmet): CSP, nosniff, Referrer-Policy, no framing, and HSTS
 * in production only (it would pin browsers to https on a developer's localhost). Answers of a
 * route that needs a session (its errors too) are never stored by a browser or a proxy.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options.production),
    },
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access && access !== 'public') reply.header('cache-control', 'no-store');
  });
}
