/**
 * `npm run data:varieties`: builds the catalogue's soybean and wheat varieties
 * (apps/api/src/db/reference-data/catalogue/varieties/varieties.json) from the two public source
 * files bundled beside it (SOURCES.md there says what each gives). A fact a source does not state
 * stays null (reactions []): no maturity group, cycle, population, sowing window, registration
 * number or reaction is filled in here, because neither source carries one. Rows are sorted by key
 * and the file is written byte-for-byte the same on every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { varietyRowSchema, type VarietyRow } from '../../packages/domain/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'apps/api/src/db/reference-data/catalogue/varieties');

const COSTA = {
  id: 'costa-soy',
  title:
    'Costa, W. G. et al. (2025), Crop Science: morphological descriptors, transgenic event and maintainer of commercial soybean cultivars in Brazil (data/data.xlsx, sheet "Original")',
  url: 'https://github.com/WevertonGomesCosta/Genetic-diversity-and-interaction-between-the-maintainers-of-commercial-Soybean-cultivars-using-self/blob/b6dee433ccbb342ae8ad180e918ba36c9ed4a825/data/data.xlsx',
  licence: 'CC BY-NC-SA 4.0 (non-commercial, share-alike; analysis/license.Rmd of the repository)',
  commit: 'b6dee433ccbb342ae8ad180e918ba36c9ed4a825',
  file: 'costa-soy-data.xlsx',
};
const UIDAHO = {
  id: 'uidaho-wheat',
  title:
    'IdahoAgStats/factcuratoR: wheat cultivar controlled vocabulary of the Pacific Northwest variety trials (University of Idaho Statistical Programs)',
  url: 'https://github.com/IdahoAgStats/factcuratoR/blob/568fdf569f365c592925a44d3fde6c010ca049d3/tests/testthat/test_controlled_vocab/cultivar_wheat.csv',
  licence: 'GPL-3.0-or-later (LICENSE.md and DESCRIPTION of the package)',
  commit: '568fdf569f365c592925a44d3fde6c010ca049d3',
  file: 'uidaho-wheat-cultivar_wheat.csv',
};

/** The sheet named `sheetName`, as records keyed by its first row (cell texts as displayed). */
async function xlsxSheet(file: string, sheetName: string): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`${file}: no sheet ${sheetName}`);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text ?? '';
    });
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  });
  const [header, ...body] = rows;
  return body
    .filter((cells) => cells.some((cell) => cell.trim() !== ''))
    .map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}

// ---------- helpers ----------

const clean = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();
const orNull = (text: string) => {
  const value = clean(text);
  return value === '' || value === 'NA' ? null : value;
};
/** Letters and digits only, upper case, accents dropped: how the two sheets' names line up. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');

function row(source: string, name: string, fields: Partial<VarietyRow>): VarietyRow {
  return {
    key: `${source}:${slug(name)}`,
    source_id: source,
    name,
    company: null,
    crop: 'soybean',
    countries: ['BR'],
    gmr: null,
    growth_habit: null,
    cycle_class: null,
    min_cycle: null,
    max_cycle: null,
    rust_tolerant: null,
    min_population: null,
    max_population: null,
    start_sowing: null,
    end_sowing: null,
    gmo: null,
    region_states: null,
    registration_number: null,
    reactions: [],
    ...fields,
  };
}

// ---------- costa-soy: Brazilian soybean cultivars, maintainer, transgenic event, growth type ----------

async function costaSoy(): Promise<VarietyRow[]> {
  const file = path.join(dir, COSTA.file);
  const original = await xlsxSheet(file, 'Original');
  // The sheet "Preparando" spells the same names with their spaces and case ("BRS Raiana" for
  // "BRSRAIANA"); it is used for the displayed name where exactly one of its names folds to the
  // name of the "Original" row.
  const spelled = new Map<string, string[]>();
  for (const { Nome } of await xlsxSheet(file, 'Preparando')) {
    const name = clean(Nome ?? '');
    if (name) spelled.set(fold(name), [...(spelled.get(fold(name)) ?? []), name]);
  }
  const GROWTH: Record<string, VarietyRow['growth_habit']> = {
    DETERMINED: 'determinate',
    'SEMI-DETERMINED': 'semi_determinate',
    INDETERMINATE: 'indeterminate',
  };
  const GMO: Record<string, boolean> = {
    CONVENTIONAL: false,
    SOYBEAN_ROUNDUP_READY: true,
    SOYBEAN_INTACTA_RR2PRO: true,
    SOYBEAN_LL: true,
    SOYBEAN_CV127: true,
  };
  return original.map((r) => {
    const code = clean(r.Name!);
    const names = [...new Set(spelled.get(fold(code)) ?? [])];
    const growth = clean(r.Growth_type!);
    const event = clean(r.Event!);
    if (growth && !(growth in GROWTH)) throw new Error(`${COSTA.id}: growth type ${growth}`);
    if (!(event in GMO)) throw new Error(`${COSTA.id}: event ${event}`);
    // The maintainer's name has "_" for its spaces in this sheet.
    const company = orNull(r.Maintainer!.replace(/_/g, ' '));
    return {
      ...row(COSTA.id, names.length === 1 ? names[0]! : code, {
        company,
        crop: 'soybean',
        countries: ['BR'],
        growth_habit: growth ? GROWTH[growth]! : null,
        gmo: GMO[event]!,
      }),
      key: `${COSTA.id}:${slug(code)}`,
    };
  });
}

// ---------- uidaho-wheat: released wheat cultivars of the US Pacific Northwest trials ----------

function uidahoWheat(): VarietyRow[] {
  const text = fs.readFileSync(path.join(dir, UIDAHO.file), 'utf8').replace(/^\uFEFF/, '');
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return (
    rows
      // Released cultivars only: the vocabulary also lists breeding lines (no release year, or
      // "unreleased"), and a few triticales, which are not wheat.
      .filter((r) => /Wheat$/.test(clean(r.crop!)) && /^\d{4}$/.test(clean(r.year_released!)))
      .map((r) =>
        row(UIDAHO.id, clean(r.variety!), {
          company: orNull(r.current_germplasm_owner!),
          crop: 'wheat',
          countries: ['US'],
        }),
      )
  );
}

// A source may list a cultivar twice (the wheat vocabulary has "SY Renegade" on two lines): the
// rows are kept once when they say the same, and the build fails when they do not.
const byKey = new Map<string, VarietyRow>();
for (const variety of [...(await costaSoy()), ...uidahoWheat()].map((v) => varietyRowSchema.parse(v))) {
  const seen = byKey.get(variety.key);
  if (seen && JSON.stringify(seen) !== JSON.stringify(variety)) {
    throw new Error(`${variety.key}: two rows that differ`);
  }
  byKey.set(variety.key, variety);
}
const varieties = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

const sources = [COSTA, UIDAHO]
  .map(({ id, title, url, licence, commit }) => ({ id, title, url, licence, commit }))
  .sort((a, b) => (a.id < b.id ? -1 : 1));
const out = path.join(dir, 'varieties.json');
fs.writeFileSync(out, `${JSON.stringify({ sources, varieties }, null, 2)}\n`);
console.log(`wrote ${path.relative(root, out)}`);
for (const source of sources) {
  const rows = varieties.filter((v) => v.source_id === source.id);
  console.log(`  ${source.id.padEnd(13)} ${String(rows.length).padStart(5)} rows`);
}
