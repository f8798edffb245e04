import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EFFICACY_NOTES,
  pesticideRowSchema,
  varietyRowSchema,
  type PesticideRow,
  type VarietyRow,
} from '@lavoura/domain';
import { z } from 'zod';
import type { S15Derivation } from './efficacy-derivation.ts';

/**
 * The bundled catalogue data set (reference-data/catalogue, sources in docs/data-sources.md):
 * read, checked against the domain's row contracts, and named by a hash of its bytes, so a new
 * data file is a new version that the next start loads.
 */

/** The folder of the data files, from the sources (src/db) or from the bundle (dist). */
function findCatalogueDir(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    for (const candidate of [
      path.join(dir, 'reference-data', 'catalogue'),
      path.join(dir, 'src', 'db', 'reference-data', 'catalogue'),
    ]) {
      if (fs.existsSync(path.join(candidate, 'efficacy', 'efficacy.json'))) return candidate;
    }
  }
  throw new Error(`No reference-data/catalogue above ${from}`);
}

/** Every file the loader reads, relative to the catalogue folder. */
const CATALOGUE_FILES = {
  agrofit: 'agrofit/pesticides.json',
  namedProducts: 'named-products.json',
  varieties: 'varieties/varieties.json',
  efficacyRules: 'efficacy/efficacy.json',
  s15: 'efficacy/s15-derived.json',
} as const;

const efficacyValue = z.object({
  efficacy: z.number().min(0).max(100),
  tag: z.enum(['S', 'D', 'A']),
  source: z.string().min(1),
  note: z.enum(EFFICACY_NOTES).optional(),
});

const efficacyRulesSchema = z.object({
  by_actives: z.array(
    z.union([
      z.object({
        actives: z.array(z.string()).min(1),
        crop: z.enum(['soybean', 'wheat']),
        countries: z.array(z.enum(['BR', 'PY', 'US'])),
        disease: z.string(),
        derived: z.string(),
      }),
      efficacyValue.extend({
        actives: z.array(z.string()).min(1),
        crop: z.enum(['soybean', 'wheat']),
        countries: z.array(z.enum(['BR', 'PY', 'US'])),
        disease: z.string(),
      }),
    ]),
  ),
  by_name: z.array(
    z.object({
      name: z.string(),
      crop: z.enum(['soybean', 'wheat']),
      countries: z.array(z.enum(['BR', 'PY', 'US'])),
      values: z.record(z.string(), z.number().min(0).max(100)),
      others: z.number().min(0).max(100).optional(),
    }),
  ),
  other_soybean_diseases: z.array(z.string()),
});
export type EfficacyRules = z.infer<typeof efficacyRulesSchema>;

export interface CatalogueData {
  version: string;
  pesticides: PesticideRow[];
  varieties: VarietyRow[];
  efficacyRules: EfficacyRules;
  s15: S15Derivation;
}

function parseRows<T>(schema: { parse(value: unknown): T }, rows: unknown[], file: string): T[] {
  return rows.map((row, index) => {
    try {
      return schema.parse(row);
    } catch (error) {
      throw new Error(`${file}, row ${index + 1}: ${(error as Error).message}`);
    }
  });
}

/** The efficacy rules and the derived S15 table alone. */
export function readEfficacyRules(
  dir = findCatalogueDir(),
): Pick<CatalogueData, 'efficacyRules' | 's15'> {
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  return {
    efficacyRules: efficacyRulesSchema.parse(read(CATALOGUE_FILES.efficacyRules)),
    s15: read(CATALOGUE_FILES.s15) as S15Derivation,
  };
}

/** The version of the files alone: a hash of their bytes, cheap enough for every start. */
export function catalogueVersion(dir = findCatalogueDir()): string {
  const hash = createHash('sha256');
  for (const file of Object.values(CATALOGUE_FILES)) {
    hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  }
  return `sha256:${hash.digest('hex').slice(0, 16)}`;
}

export function readCatalogueData(dir = findCatalogueDir()): CatalogueData {
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const agrofit = read(CATALOGUE_FILES.agrofit) as { products: unknown[] };
  const named = read(CATALOGUE_FILES.namedProducts) as { products: unknown[] };
  const varieties = read(CATALOGUE_FILES.varieties) as { varieties: unknown[] };
  const efficacyRules = efficacyRulesSchema.parse(read(CATALOGUE_FILES.efficacyRules));
  const s15 = read(CATALOGUE_FILES.s15) as S15Derivation;
  return {
    pesticides: [
      ...parseRows(pesticideRowSchema, agrofit.products, CATALOGUE_FILES.agrofit),
      ...parseRows(pesticideRowSchema, named.products, CATALOGUE_FILES.namedProducts),
    ],
    varieties: parseRows(varietyRowSchema, varieties.varieties, CATALOGUE_FILES.varieties),
    efficacyRules,
    s15,
    version: catalogueVersion(dir),
  };
}
