/**
 * `npm run data:efficacy`: derives the [D] efficacies of AGRONOMY.md §4b from the bundled S15
 * cooperative-trial data and writes the committed table the catalogue loads. Re-run it when the
 * bundled data changes; apps/api/src/db/catalogue/efficacy-derivation.test.ts re-runs the same
 * derivation and compares.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveS15RustEfficacy } from '../../apps/api/src/db/catalogue/efficacy-derivation.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'apps/api/src/db/reference-data/catalogue/efficacy');
const s15 = path.join(dir, 's15-soybean-rust');

const derived = deriveS15RustEfficacy(
  fs.readFileSync(path.join(s15, 'sev_data.csv'), 'utf8'),
  fs.readFileSync(path.join(s15, 'yld_data.csv'), 'utf8'),
);
const out = path.join(dir, 's15-derived.json');
fs.writeFileSync(out, `${JSON.stringify(derived, null, 2)}\n`);
console.log(`wrote ${path.relative(root, out)} (harvest year ${derived.harvest_year})`);
for (const [code, value] of Object.entries(derived.combinations)) {
  console.log(`  ${code.padEnd(10)} ${String(value.efficacy).padStart(5)} %  +${value.yield_gain_kg_ha} kg/ha  n=${value.trials}`);
}
