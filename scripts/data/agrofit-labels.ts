/**
 * `npm run data:agrofit-labels [mirror-git-dir]`: writes the label indications of the Brazilian
 * fungicides for soybean and wheat (apps/api/src/db/reference-data/catalogue/agrofit/label-indications.csv):
 * one row per product, crop and target, with the label's dose range, its unit and the safety
 * interval, from the AGROFIT label data of the ReceituAGRO database as published in
 * agrimindapps/monorepo (bring it here first with the `fetch` tool; docs/data-sources.md names the
 * commit). `npm run data:agrofit` then reads this file. What a row does not give stays empty.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';

export const LABEL_SOURCE = {
  id: 'receituagro',
  repository: 'https://github.com/agrimindapps/monorepo',
  commit: '55db06e33b791ae7029f5190b4a453e5f17373b2',
  path: 'apps/app-receituagro/assets/database/json',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mirror = process.argv[2] ?? '/work/.mirror/agrimindapps+monorepo/repo';
const out = path.join(root, 'apps/api/src/db/reference-data/catalogue/agrofit/label-indications.csv');

const git = (...args: string[]) =>
  execFileSync('git', ['-C', mirror, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** Every row of one table (its JSON files are split in parts of under 4 MB). */
function table<T>(name: string): T[] {
  const files = git('ls-tree', '--name-only', `HEAD:${LABEL_SOURCE.path}/${name}`)
    .split('\n')
    .filter((file) => file.endsWith('.json'));
  return files.flatMap(
    (file) => JSON.parse(git('show', `HEAD:${LABEL_SOURCE.path}/${name}/${file}`)) as T[],
  );
}

interface Diagnosis {
  fkIdDefensivo: string;
  fkIdCultura: string;
  fkIdPraga: string;
  dsMin: string | null;
  dsMax: string | null;
  um: string | null;
  intervalo2: string | null;
  updatedAt: number | null;
}
interface Product {
  idReg: string;
  nomeComum: string;
  mapa: string;
  classeAgronomica: string;
}

const CROPS: Record<string, 'soybean' | 'wheat'> = {
  Soja: 'soybean',
  'Soja - Geneticamente Modificada': 'soybean',
  'Soja CV - Geneticamente Modificada': 'soybean',
  'Soja S.P.D': 'soybean',
  Trigo: 'wheat',
  'Trigo S.P.D.': 'wheat',
};

/**
 * The source's unit texts of a dose per hectare of product ("Lt de Calda / Ha" is its form's
 * label for litres of product per hectare: Fox reads 0.4 in it, its label 0.4 L/ha). Doses per
 * 100 kg of seed, per 100 L of water or of the active ingredient are not a dose per hectare of
 * product: the row keeps its registration and no dose.
 */
const UNITS: Record<string, 'L/ha' | 'mL/ha' | 'kg/ha' | 'g/ha'> = {
  'lt de calda / ha': 'L/ha',
  'lt / ha': 'L/ha',
  'l/ha': 'L/ha',
  'l p.c./ha': 'L/ha',
  'ml de calda / ha': 'mL/ha',
  'ml / ha': 'mL/ha',
  'ml/ha': 'mL/ha',
  'mlt / ha': 'mL/ha',
  'ml p.c./ha': 'mL/ha',
  'kg/ha': 'kg/ha',
  'kg / ha': 'kg/ha',
  'g/ha': 'g/ha',
  'gr / ha': 'g/ha',
};

/** "0,3", "0.4", "1.000" (a thousand: the form's thousands separator), "1.5". */
export function parseAmount(text: string | null): number | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  let normal: string;
  if (value.includes(',')) normal = value.replace(/\./g, '').replace(',', '.');
  else if (/^[1-9]\d{0,2}\.\d{3}$/.test(value)) normal = value.replace('.', '');
  else normal = value;
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  const amount = Number(normal);
  return amount > 0 ? amount : null;
}

/** "30", "30 dias.", "35 dias": days; "-1", "-", "UNA" (use not applicable), "ND": not informed. */
export function parseDays(text: string | null): number | null {
  const match = (text ?? '').trim().match(/^(\d+)(\s*dias?\.?)?$/i);
  return match ? Number(match[1]) : null;
}

function build() {
  const crops = new Map(
    table<{ idReg: string; cultura: string }>('tbculturas').map((row) => [row.idReg, row.cultura]),
  );
  const pests = new Map(
    table<{ idReg: string; nomeCientifico: string }>('tbpragas').map((row) => [
      row.idReg,
      row.nomeCientifico,
    ]),
  );
  const products = new Map(table<Product>('tbfitossanitarios').map((row) => [row.idReg, row]));
  const rows: string[][] = [];
  for (const diagnosis of table<Diagnosis>('tbdiagnostico')) {
    const crop = CROPS[crops.get(diagnosis.fkIdCultura) ?? ''];
    const product = products.get(diagnosis.fkIdDefensivo);
    const pathogen = pests.get(diagnosis.fkIdPraga)?.replace(/\s+/g, ' ').trim();
    if (!crop || !product || !pathogen || !/fungicida/i.test(product.classeAgronomica)) continue;
    const registration = product.mapa.replace(/\D/g, '');
    if (!registration) continue;
    const unit = UNITS[(diagnosis.um ?? '').trim().toLowerCase()] ?? null;
    const max = unit ? parseAmount(diagnosis.dsMax) : null;
    const min = max === null ? null : (parseAmount(diagnosis.dsMin) ?? max);
    const dose = max !== null && min !== null && min <= max;
    rows.push([
      registration,
      product.nomeComum.replace(/\s+/g, ' ').trim(),
      crop,
      pathogen,
      dose ? String(min) : '',
      dose ? String(max) : '',
      dose ? unit! : '',
      String(parseDays(diagnosis.intervalo2) ?? ''),
      diagnosis.updatedAt ? new Date(diagnosis.updatedAt).toISOString().slice(0, 10) : '',
    ]);
  }
  const unique = new Map(rows.map((row) => [row.slice(0, 4).join('|'), row]));
  return [...unique.values()].sort((a, b) => a.join('|').localeCompare(b.join('|')));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = build();
  fs.writeFileSync(
    out,
    stringify(rows, {
      header: true,
      columns: [
        'registration_number',
        'brand',
        'crop',
        'pathogen',
        'dose_min',
        'dose_max',
        'dose_unit',
        'safety_interval_days',
        'updated',
      ],
    }),
  );
  console.log(
    `wrote ${path.relative(root, out)}: ${rows.length} indications, ${rows.filter((row) => row[6]).length} with a dose, ${rows.filter((row) => row[7]).length} with a safety interval`,
  );
}
