/**
 * `npm run data:coverage`: what the bundled catalogue feeds the engine, in the figures the data
 * issue (28) reports: the efficacy rules (AGRONOMY §4b, one per product, country and disease) that
 * reach a product registered for the target, registered against none, or not informed; the
 * products with a label dose and a safety interval; the varieties with a maturity group.
 */
import {
  efficacyRows,
} from '../../apps/api/src/db/catalogue/catalogue-efficacy.ts';
import { readCatalogueData } from '../../apps/api/src/db/catalogue/catalogue-files.ts';

const data = readCatalogueData();
const rows = efficacyRows(data.pesticides, data.efficacyRules, data.s15);
const byKey = new Map(data.pesticides.map((product) => [product.key, product]));
const reach = { registered: 0, not_registered: 0, not_informed: 0 };
for (const row of rows) {
  const product = byKey.get(row.key)!;
  const registration = product.diseases?.find((disease) => disease.disease_id === row.diseaseId);
  if (!product.diseases) reach.not_informed += 1;
  else if (!registration) reach.not_registered += 1;
  else if (registration.inferred) reach.not_informed += 1;
  else reach.registered += 1;
}
const fungicides = data.pesticides.filter((product) => product.categories.includes('fungicide'));
const withAny = (test: (disease: NonNullable<(typeof fungicides)[number]['diseases']>[number]) => boolean) =>
  fungicides.filter((product) => (product.diseases ?? []).some(test)).length;
console.log(`efficacy rules: ${rows.length}`);
console.log(
  `  reach a registered product-target pair: ${reach.registered}; not registered (the source says): ${reach.not_registered}; not informed: ${reach.not_informed}`,
);
console.log(`fungicides: ${fungicides.length}`);
console.log(`  with a label dose for one of our diseases: ${withAny((d) => d.dose_min !== undefined)}`);
console.log(
  `  with a safety interval: ${withAny((d) => d.safety_interval_days !== undefined)}`,
);
console.log(
  `varieties: ${data.varieties.length}; with a maturity group: ${data.varieties.filter((v) => v.gmr !== null).length}`,
);
