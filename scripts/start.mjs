// `npm start`: builds whatever is missing or older than its sources, then runs the API, which
// migrates and seeds the database and serves the web app on PORT (default 3000).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newest(paths) {
  let latest = 0;
  const visit = (target) => {
    const stat = fs.statSync(target, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target))
        if (entry !== 'node_modules') visit(path.join(target, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const shared = [at('packages/domain/src'), at('packages/i18n/src'), at('package-lock.json')];
const targets = [
  {
    name: '@lavoura/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      ...shared,
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
    ],
  },
  {
    name: '@lavoura/api',
    output: at('apps/api/dist/main.js'),
    sources: [...shared, at('apps/api/src'), at('apps/api/build.mjs')],
  },
];

for (const target of targets) {
  const built = fs.statSync(target.output, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built < newest(target.sources)) {
    console.log(`Building ${target.name}...`);
    execSync(`npm run build --workspace ${target.name}`, { cwd: root, stdio: 'inherit' });
  }
}

await import(path.join(root, 'apps/api/dist/main.js'));
