// Bundles the API into dist/main.js: our workspace packages (domain, i18n) are compiled in,
// every npm dependency stays an import resolved from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@lavoura/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
