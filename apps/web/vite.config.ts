import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API runs as a separate process in development; the SPA calls it on the same origin, so the
// dev and preview servers forward the API prefixes to it (in production one process serves both).
const API_ORIGIN = 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/api', '/admin-api', '/payment-api', '/healthz'].map((prefix) => [prefix, API_ORIGIN]),
);

const MUI_STYLING =
  /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming)|@emotion|@babel[\\/]runtime|stylis|react-is|hoist-non-react-statics)[\\/]/;

// Libraries change less often than our code: separate chunks stay cached across deployments.
const vendorChunks = [
  // MUI's styling engine is on every page; its components are left to go with the pages that use
  // them, so the sign-in pages do not download the signed-in shell's drawer, menus and tables. So
  // are react-transition-group and useMediaQuery, which components use (a group takes in every
  // matching module any page uses).
  {
    name: 'mui-core',
    test: (id: string) => MUI_STYLING.test(id) && !/[\\/]useMediaQuery[\\/]/.test(id),
  },
  // The few MUI components the sign-in page itself draws, and every page after it: one chunk
  // instead of a dozen small ones (each file costs its own gzip overhead), and only these, named
  // one by one, so no component of a later page rides along.
  {
    name: 'mui-base',
    test: /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(Box|Paper|Stack|Skeleton|CircularProgress|ButtonBase|Button|Typography|InputBase|OutlinedInput|InputLabel|FormControl|FormHelperText|FormLabel|Alert|SvgIcon|IconButton|Link)[\\/]/,
  },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  // Texts are not in it: each language's namespace is a chunk of its own (@lavoura/i18n/web).
  // Nor is <Trans> with its HTML parser (html-parse-stringify): a group takes in every matching
  // module any page uses, and only the sign-up page's terms label renders <Trans>.
  {
    name: 'i18n',
    test: (id: string) =>
      /node_modules[\\/](i18next|react-i18next)[\\/]/.test(id) &&
      !/react-i18next[\\/]dist[\\/]es[\\/](Icu)?Trans(WithoutContext|Utils)?[\\/.]/.test(id),
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  // zod-jitless rides with zod so it runs before any chunk builds a schema (see the file). Only
  // zod's core and mini, which the contracts use: zod's classic API stays with a page that imports
  // it, but the core parts it needs still land here, about 10 kB gzip more on every page. The web
  // app uses zod/mini.
  {
    name: 'zod',
    test: /node_modules[\\/]zod[\\/](mini|v4[\\/](core|mini))[\\/]|src[\\/]zod-jitless/,
  },
];

/**
 * The domain's phone rules import libphonenumber-js statically (the server needs them at once);
 * the web app gets a stand-in that loads the library with the areas that edit phones
 * (src/lib/phone-rules.ts), which keeps it out of the first download.
 */
function lazyPhoneRules(): Plugin {
  const standIn = fileURLToPath(new URL('./src/lib/phone-rules.ts', import.meta.url));
  return {
    name: 'lavoura:lazy-phone-rules',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromDomain = importer?.replace(/\\/g, '/').endsWith('packages/domain/src/phone.ts');
      return source === 'libphonenumber-js/min' && fromDomain ? standIn : null;
    },
  };
}

/**
 * Writes a .br and a .gz beside every built text asset, at the highest levels (once, at build
 * time): the server sends them as they are to clients that accept them (@fastify/static's
 * preCompressed) instead of compressing on every request.
 */
function preCompress(): Plugin {
  return {
    name: 'lavoura:pre-compress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The field app (issue 30 item 7; docs/offline.md): a manifest to install it, and a service worker
 * (Workbox, generated at build time) that keeps every built file for use without signal and the
 * API's last answers (network first: signal always gets fresh data). Files the API writes for
 * download (prescriptions, reports, the application log, the calendar feed) are never kept.
 */
const fieldApp = VitePWA({
  // main.tsx registers it (workbox-window), in the built app only.
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['icons/lavoura.svg'],
  manifest: {
    id: '/v3/',
    name: 'Lavoura',
    short_name: 'Lavoura',
    description: 'Disease-control spray programs for soybean and wheat',
    lang: 'pt-BR',
    start_url: '/v3/my_farm',
    scope: '/v3/',
    display: 'standalone',
    theme_color: '#2E7D32',
    background_color: '#ffffff',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/lavoura.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // Every lazy area is kept: a page never opened with signal still opens without it.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/v3/index.html',
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin &&
          request.method === 'GET' &&
          url.pathname.startsWith('/api/') &&
          !/\/export\b|\/application-log\b|\/calendar|\/reports\/|\.ics$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'lavoura-api',
          expiration: { maxEntries: 500, maxAgeSeconds: 14 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  base: '/v3/',
  plugins: [react(), lazyPhoneRules(), preCompress(), fieldApp],
  build: {
    outDir: 'dist',
    // bench/bundle-size.mjs reads which files each route loads from the manifest.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
  server: { port: 5173, proxy },
  preview: { proxy },
});
