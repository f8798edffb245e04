/**
 * `npm run data:coverage`: what the bundled catalogue feeds the engine, in the figures the data
 * issue (28) reports: the efficacy rules (AGRONOMY §4b, one per product, country and disease) that
 * reach a product registered for the target, registered against none, or not informed; the
 * products with a label dose and a safety interval; the varieties with a maturity group.
 */
import { DISEASES } from '@lavoura/domain';
import {
  efficacyRows,
} from '../../apps/api/src/db/catalogue/catalogue-efficacy.ts';
import { readCatalogueData } from '../../apps/api/src/db/catalogue/catalogue-files.ts';

const data = readCatalogueData();
const rows = efficacyRows(data.pesticides, data.efficacyRules, data.s15);
const byKey = new Map(data.pesticides.map((product) => [product.key, product]));
type Reach = { registered: number; not_registered: number; not_informed: number };
const none = (): Reach => ({ registered: 0, not_registered: 0, not_informed: 0 });
const reach = none();
// The same counts per disease and country: which targets the sources still leave unanswered.
const byTarget = new Map<string, Reach>();
for (const row of rows) {
  const product = byKey.get(row.key)!;
  const registration = product.diseases?.find((disease) => disease.disease_id === row.diseaseId);
  const answer: keyof Reach = !product.diseases
    ? 'not_informed'
    : !registration
      ? 'not_registered'
      : registration.inferred
        ? 'not_informed'
        : 'registered';
  reach[answer] += 1;
  const code = DISEASES.find((disease) => disease.id === row.diseaseId)?.code ?? row.diseaseId;
  const target = `${code} ${product.country}`;
  const counts = byTarget.get(target) ?? none();
  counts[answer] += 1;
  byTarget.set(target, counts);
}
const fungicides = data.pesticides.filter((product) => product.categories.includes('fungicide'));
const withAny = (test: (disease: NonNullable<(typeof fungicides)[number]['diseases']>[number]) => boolean) =>
  fungicides.filter((product) => (product.diseases ?? []).some(test)).length;
console.log(`efficacy rules: ${rows.length}`);
console.log(
  `  reach a registered product-target pair: ${reach.registered}; not registered (the source says): ${reach.not_registered}; not informed: ${reach.not_informed}`,
);
for (const [target, counts] of [...byTarget].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `    ${target.padEnd(7)} registered ${counts.registered}, not registered ${counts.not_registered}, not informed ${counts.not_informed}`,
  );
console.log(`fungicides: ${fungicides.length}`);
console.log(`  with a label dose for one of our diseases: ${withAny((d) => d.dose_min !== undefined)}`);
console.log(
  `  with a safety interval: ${withAny((d) => d.safety_interval_days !== undefined)}`,
);
console.log(
  `varieties: ${data.varieties.length}; with a maturity group: ${data.varieties.filter((v) => v.gmr !== null).length}`,
);
