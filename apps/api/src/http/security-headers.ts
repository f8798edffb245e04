import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Hosts of the map tiles: OpenStreetMap (streets) and Esri World Imagery (satellite). */
const MAP_TILE_HOSTS = ['https://tile.openstreetmap.org', 'https://server.arcgisonline.com'];

/**
 * The Content-Security-Policy of every answer. Scripts only from our origin, never inline (the
 * built app and the OpenAPI UI load theirs from files); styles may be inline because MUI (emotion)
 * injects <style> tags at run time (and Leaflet positions its panes with style attributes); images
 * also from the map's tile hosts. Nobody may frame the app (clickjacking).
 */
function contentSecurityPolicy(production: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // The plots map's background tiles (apps/web/src/lib/map/leaflet-base.ts).
    'img-src': ["'self'", 'data:', 'blob:', ...MAP_TILE_HOSTS],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Over plain http (development, tests) upgrading would break every request.
    'upgrade-insecure-requests': production ? [] : null,
  };
}

/** helmet's options: which headers, with which values. */
export function helmetOptions(production: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(production) },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options, computed once by running its middleware on a
 * recording response. With no nonces and no per-request directive functions (we have neither)
 * helmet only ever sets constant headers, so the answer is the same for every request; the
 * @fastify/helmet plugin instead builds helmet's middleware again on every request (options
 * checked, CSP validated and serialised, a dozen setHeader calls), which was a tenth of the CPU
 * of a small authenticated answer. Same library, same options, same header set (names in lower
 * case, as Fastify writes them).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.freeze(headers);
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
  const headers = helmetHeaders(helmetOptions(options.production));
  // onRequest, where @fastify/helmet set them: answers and errors alike, 404s included.
  app.addHook(
    'onRequest',
    (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      reply.headers(headers);
      done();
    },
  );

  app.addHook('onSend', (request, reply, payload, done) => {
    const access = request.routeOptions.config.access;
    if (access && access !== 'public') reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
