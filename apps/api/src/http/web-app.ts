import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app under /v3/. Hashed assets are cached for a year and sent in
 * their pre-compressed form (br, gzip) when the client accepts it; every other path under /v3/
 * answers index.html so the app's router can take it (deep links, reloads).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/v3/'));
  app.get('/v3', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/v3/'));

  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  if (!distDir || !indexFile || !fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: /v3/ is not served (run npm run build)');
    return;
  }
  const indexHtml = fs.readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/v3/',
    index: false,
    wildcard: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset: sent as they are, nothing compressed per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.get('/v3/*', { schema: { hide: true } }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const file = path.join(distDir, relative);
    if (
      relative &&
      file.startsWith(distDir + path.sep) &&
      fs.statSync(file, { throwIfNoEntry: false })?.isFile()
    ) {
      return reply.sendFile(relative);
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}
