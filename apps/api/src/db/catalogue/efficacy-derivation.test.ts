import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deriveS15RustEfficacy } from './efficacy-derivation.ts';

const dir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../reference-data/catalogue/efficacy',
);
const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const derive = () =>
  deriveS15RustEfficacy(
    read('s15-soybean-rust/sev_data.csv'),
    read('s15-soybean-rust/yld_data.csv'),
  );

describe('the [D] rust efficacies (AGRONOMY.md §4b, S15 trials)', () => {
  it('re-derives from the bundled trials exactly the values §4b lists, season 2013/14, 20 trials each', () => {
    const derived = derive();
    expect(derived.season).toBe('2013/14');
    const efficacy = Object.fromEntries(
      Object.entries(derived.combinations).map(([code, value]) => [code, value.efficacy]),
    );
    expect(efficacy).toEqual({
      trif_prot: 75.5,
      pico_cypr: 58.6,
      azox_cypr: 47.4,
      pyra_epox: 25.9,
      pyra_metc: 29.7,
      tebu: 19.9,
      cypr: 23.8,
      azox: 20.5,
    });
    for (const value of Object.values(derived.combinations)) expect(value.trials).toBe(20);
  });

  it('matches the committed table the catalogue loads (npm run data:efficacy was re-run)', () => {
    expect(JSON.parse(read('s15-derived.json'))).toEqual(derive());
  });

  it('bundles the trial data with its licence', () => {
    expect(read('s15-soybean-rust/LICENSE')).toContain('MIT License');
  });
});
