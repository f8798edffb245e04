// Web bundle figures (part of `npm run bench`, after the build): the gzip size of the JS and CSS a
// first visit to the login page and to the home page downloads. Reads apps/web/dist (index.html and
// the Vite manifest) and follows, for each route: the entry and its static imports, the lazy chunks
// the route renders (layout, area) with their static imports, and the text chunks of one language
// (the shell's namespaces and those the route's chunks declare). Budget: docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = process.env.WEB_DIST_DIR ?? path.join(web, 'dist');
const LANGUAGE = process.env.BENCH_LANGUAGE ?? 'pt';
const LOGIN_JS_BUDGET_KB = 240;

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(root, manifestFile)}: run \`npm run build\` first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, imports?: string[], css?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** The `readonly Namespace[] = [...]` list a source file declares under `name`. */
function declaredNamespaces(file, name) {
  const source = fs.readFileSync(path.join(web, file), 'utf8');
  const match = source.match(new RegExp(`${name}: readonly Namespace\\[\\] = \\[([^\\]]*)\\]`));
  if (!match) throw new Error(`${file} declares no ${name}`);
  return [...match[1].matchAll(/'(\w+)'/g)].map(([, namespace]) => namespace);
}

const SHELL = declaredNamespaces('src/lib/i18n.ts', 'SHELL_NAMESPACES');
const ROUTES = [
  { name: 'login (/v3/login)', chunks: [{ src: 'src/areas/auth/index.tsx', ns: 'namespaces' }] },
  {
    name: 'home (/v3/my_farm)',
    chunks: [
      { src: 'src/shell/app-shell.tsx', ns: 'SIGNED_IN_NAMESPACES' },
      { src: 'src/areas/home/index.tsx', ns: 'namespaces' },
    ],
  },
];

function entryKey() {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry);
  if (!key) throw new Error('The manifest has no entry');
  return key;
}

/** A manifest entry and every chunk it imports statically (what the browser fetches with it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
  seen.add(key);
  for (const child of manifest[key].imports ?? []) closure(child, seen);
  return seen;
}

function textsKey(namespace) {
  const suffix = `packages/i18n/src/locales/${LANGUAGE}/${namespace}.json`;
  const key = Object.keys(manifest).find((name) => name.endsWith(suffix));
  if (!key) throw new Error(`No chunk for the texts ${LANGUAGE}/${namespace}`);
  return key;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(fs.readFileSync(path.join(dist, file))).length);
  }
  return gzipCache.get(file);
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
console.log(`Web bundle: gzip kB a first visit downloads (texts in ${LANGUAGE}), ${dist}`);
for (const route of ROUTES) {
  const keys = closure(entryKey());
  const namespaces = new Set(SHELL);
  for (const chunk of route.chunks) {
    closure(chunk.src, keys);
    for (const namespace of declaredNamespaces(chunk.src, chunk.ns)) namespaces.add(namespace);
  }
  for (const namespace of namespaces) closure(textsKey(namespace), keys);

  const js = new Set([...keys].map((key) => manifest[key].file));
  const css = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  const jsTotal = sum(js);
  const texts = [...keys].filter((key) => key.includes('/locales/'));
  const textsTotal = sum(new Set(texts.map((key) => manifest[key].file)));

  console.log(
    `\n${route.name}: JS ${kb(jsTotal)} kB in ${js.size} files (texts ${kb(textsTotal)} kB: ` +
      `${[...namespaces].join(', ')}), CSS ${kb(sum(css))} kB in ${css.size} files`,
  );
  const largest = [...js]
    .filter((file) => !texts.some((key) => manifest[key].file === file))
    .sort((a, b) => gzipSize(b) - gzipSize(a));
  for (const file of largest.slice(0, Number(process.env.BENCH_LIST ?? 8)))
    console.log(`  ${kb(gzipSize(file)).padStart(6)}  ${file}`);
  // A figure, not a gate: the rest of `npm run bench` still runs.
  if (route.name.startsWith('login') && jsTotal / 1000 > LOGIN_JS_BUDGET_KB) {
    console.log(`  over the budget of ${LOGIN_JS_BUDGET_KB} kB of JS for the login page`);
  }
}
