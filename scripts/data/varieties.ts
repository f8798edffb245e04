/**
 * `npm run data:varieties`: builds the catalogue's soybean and wheat varieties
 * (apps/api/src/db/reference-data/catalogue/varieties/varieties.json) from the five public source
 * files bundled beside it (SOURCES.md there says what each gives; two CSVs are written by
 * scripts/data/varieties-extract.ts from their repositories' files). A fact a source does not
 * state stays null (reactions []): the maturity group and cycle come only from the tcc-soy trials
 * (Brazil) and GRIN (United States); no population, sowing window, registration number or
 * reaction is filled in, because no source carries one. Rows are sorted by key and the file is
 * written byte-for-byte the same on every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { varietyRowSchema, type VarietyRow } from '../../packages/domain/src/index.ts';
import { cultivarBase, fold, splitMaintainers } from './variety-names.ts';

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
const DELPONTE = {
  id: 'delponte-wheat',
  title:
    'emdelponte/r4pde (Emerson M. Del Ponte, UFV): FHBWheatBrazil, Fusarium head blight index of wheat field trials in southern Brazil 1998-2024, with the cultivar grown in each trial',
  url: 'https://github.com/emdelponte/r4pde/blob/e0a06213877a94f47cc9dab087b061c2465200d9/FHBWheatBrazil.csv',
  licence:
    'MIT (DESCRIPTION "MIT + file LICENSE", LICENSE stub 2025 Emerson Del Ponte, README.md of the package; LICENSE-r4pde.txt)',
  commit: 'e0a06213877a94f47cc9dab087b061c2465200d9',
  file: 'delponte-wheat-FHBWheatBrazil.csv',
};
const TCC = {
  id: 'tcc-soy',
  title:
    'arpanosso/tcc-neucy-moro: soybean cultivar trials of seasons 2020/21 to 2024/25 (undergraduate thesis of Neucy Moro), brand, declared GMR, technology, sowing and end-of-cycle dates per plot (data-raw/Dados TCC Neucy - Organizados.xlsx)',
  url: 'https://github.com/arpanosso/tcc-neucy-moro/blob/438518dc9748cdaf0db6066bc401275ac521de97/data-raw/Dados%20TCC%20Neucy%20-%20Organizados.xlsx',
  licence: 'MIT (LICENSE.md of the repository)',
  commit: '438518dc9748cdaf0db6066bc401275ac521de97',
  file: 'tcc-soy-trials.csv',
};
const GRIN = {
  id: 'grin-soy',
  title:
    'USDA-ARS GRIN-Global, Soybean Germplasm Collection: US soybean cultivars with their maturity group, as copied in Ankit-Jo14/genetics (maxPedigree, University of Georgia) data/data.csv',
  url: 'https://github.com/Ankit-Jo14/genetics/blob/7f4cc9d314e55e06c09e75eba9b3557e951cc9e7/data/data.csv',
  licence:
    'US Government work, public domain (17 U.S.C. 105); the repository that holds the copy states no licence (NOTICE-grin-soy.txt)',
  commit: '7f4cc9d314e55e06c09e75eba9b3557e951cc9e7',
  file: 'grin-soy-cultivars.csv',
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
const csvRows = (file: string) =>
  parse(fs.readFileSync(path.join(dir, file), 'utf8').replace(/^\uFEFF/, ''), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
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

/** A costa-soy row, with the technology its transgenic event names (how tcc-soy writes it). */
interface CostaRow {
  variety: VarietyRow;
  tech: string;
}

async function costaSoy(): Promise<CostaRow[]> {
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
  // Each event: whether it is transgenic, and the technology suffix it is sold under.
  const EVENT: Record<string, { gmo: boolean; tech: string }> = {
    CONVENTIONAL: { gmo: false, tech: '' },
    SOYBEAN_ROUNDUP_READY: { gmo: true, tech: 'RR' },
    SOYBEAN_INTACTA_RR2PRO: { gmo: true, tech: 'IPRO' },
    SOYBEAN_LL: { gmo: true, tech: 'LL' },
    SOYBEAN_CV127: { gmo: true, tech: 'CV' },
  };
  return original.map((r) => {
    const code = clean(r.Name!);
    const names = [...new Set(spelled.get(fold(code)) ?? [])];
    const growth = clean(r.Growth_type!);
    const event = clean(r.Event!);
    if (growth && !(growth in GROWTH)) throw new Error(`${COSTA.id}: growth type ${growth}`);
    if (!(event in EVENT)) throw new Error(`${COSTA.id}: event ${event}`);
    // The maintainer's name has "_" for its spaces in this sheet, and several maintainers are
    // sometimes run together in one cell (variety-names.ts splits them).
    const maintainer = orNull(r.Maintainer!.replace(/_/g, ' '));
    return {
      variety: {
        ...row(COSTA.id, names.length === 1 ? names[0]! : code, {
          company: maintainer && splitMaintainers(maintainer),
          crop: 'soybean',
          countries: ['BR'],
          growth_habit: growth ? GROWTH[growth]! : null,
          gmo: EVENT[event]!.gmo,
        }),
        key: `${COSTA.id}:${slug(code)}`,
      },
      tech: EVENT[event]!.tech,
    };
  });
}

// ---------- tcc-soy: Brazilian soybean cultivar trials, declared GMR and observed cycle ----------

/** A cultivar of the tcc-soy trials: its facts, read over every plot that names it. */
interface TccCultivar {
  name: string;
  brand: string;
  tech: string;
  gmr: number | null;
  minCycle: number;
  maxCycle: number;
}

const DAY = 86_400_000;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY;

/**
 * The trials' cultivars. Per cultivar: the brand and technology (the build fails if the plots
 * disagree); the GMR the brand declares when every plot gives the same one (three cultivars are
 * given two values, e.g. 8.0 and 7.9: they stay null); and the cycle, days from sowing to the
 * end-of-cycle date, averaged over each season's plots (every sowing time and replicate) and
 * rounded, whose smallest and largest season are min_cycle and max_cycle.
 */
function tccCultivars(): TccCultivar[] {
  const plots = csvRows(TCC.file);
  const byName = new Map<string, Record<string, string>[]>();
  for (const plot of plots) {
    // The sheet writes a few names with a no-break space ("CZ\u00a0 48B08 i2x"): clean() folds it.
    const name = clean(plot.Cultivar!);
    byName.set(name, [...(byName.get(name) ?? []), plot]);
  }
  return [...byName].map(([name, rows]) => {
    const only = (column: string) => {
      const values = [...new Set(rows.map((r) => clean(r[column]!)))];
      if (values.length !== 1) throw new Error(`${TCC.id}: ${name} has ${column} ${values.join(' / ')}`);
      return values[0]!;
    };
    const gmrs = [...new Set(rows.map((r) => Number(clean(r['G.M.R.']!))))];
    if (gmrs.some((gmr) => !Number.isFinite(gmr))) throw new Error(`${TCC.id}: ${name} GMR`);
    const seasons = new Map<string, number[]>();
    for (const r of rows) {
      const cycle = days(r['Data Sem.']!, r['Data Ciclo']!);
      if (!Number.isInteger(cycle) || cycle <= 0) throw new Error(`${TCC.id}: ${name} cycle ${cycle}`);
      seasons.set(r.Safra!, [...(seasons.get(r.Safra!) ?? []), cycle]);
    }
    const means = [...seasons.values()].map((cycles) =>
      Math.round(cycles.reduce((sum, cycle) => sum + cycle, 0) / cycles.length),
    );
    return {
      name,
      brand: only('Marca'),
      tech: only('Biotec.').toUpperCase(),
      gmr: gmrs.length === 1 ? gmrs[0]! : null,
      minCycle: Math.min(...means),
      maxCycle: Math.max(...means),
    };
  });
}

/**
 * The costa-soy row a trial cultivar is, if any: the one whose name is the same once case,
 * accents, spaces, hyphens and the technology suffix are left aside ("M 8372 IPRO" = "M8372IPRO")
 * and whose transgenic event is the cultivar's technology ("ST 700 i2x" is not "ST 700RR").
 * A brand prefix is never added or dropped to make two names meet: "CZ 48B32 IPRO" (Credenz) is
 * not taken for "48B32IPRO" (D&PL), since nothing in either source says they are one cultivar.
 */
function costaMatch(cultivar: TccCultivar, costa: CostaRow[]): CostaRow | null {
  const base = cultivarBase(cultivar.name);
  const found = costa.filter(
    ({ variety, tech }) => cultivarBase(variety.name) === base && tech === cultivar.tech,
  );
  if (found.length > 1) throw new Error(`${TCC.id}: ${cultivar.name} is several costa-soy rows`);
  return found[0] ?? null;
}

// ---------- grin-soy: US soybean cultivars of the USDA germplasm collection ----------

function grinSoy(): VarietyRow[] {
  return csvRows(GRIN.file).map((r) => {
    const group = clean(r.MG!);
    if (!/^\d$/.test(group)) throw new Error(`${GRIN.id}: ${r.Cultivar_ID} MG ${group}`);
    return {
      ...row(GRIN.id, clean(r.Cultivar_Name!), {
        crop: 'soybean',
        countries: ['US'],
        // "0" may be GRIN's 0, 00 or 000 (NOTICE-grin-soy.txt): not a maturity group we can give.
        gmr: group === '0' ? null : Number(group),
      }),
      key: `${GRIN.id}:${slug(clean(r.Cultivar_ID!))}`,
    };
  });
}

// ---------- uidaho-wheat: released wheat cultivars of the US Pacific Northwest trials ----------

function uidahoWheat(): VarietyRow[] {
  return (
    csvRows(UIDAHO.file)
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

// ---------- delponte-wheat: wheat cultivars of Brazil's FHB field trials ----------

/**
 * The names this source writes two ways for one cultivar, with the spelling kept: only names whose
 * folded key is the other's without a breeder prefix that the same file writes on other cultivars
 * too. The build fails when a name here is missing from the file, and when the file holds another
 * such pair not listed here, so no merge is made by a rule nobody reads.
 */
const DELPONTE_SAME: Record<string, string> = {
  // One trial (2014) writes "Sinuelo"; 4 others write "TBIO Sinuelo", the prefix the file also
  // writes on TBIO Toruk, TBIO Audaz and 7 more. The file names no other Sinuelo.
  Sinuelo: 'TBIO Sinuelo',
};

function delponteWheat(): VarietyRow[] {
  // One cell may name several cultivars grown in the trial ("BR23, BRS119, CEP27").
  const written = csvRows(DELPONTE.file).flatMap((r) =>
    r.cultivar!.split(',').map(clean).filter((name) => name !== '' && name !== 'NA'),
  );
  // A name written twice up to case and spaces is one cultivar, kept as the file first writes it.
  const compact = (name: string) => name.toLowerCase().replace(/\s+/g, '');
  const names = new Map<string, string>();
  for (const name of written) if (!names.has(compact(name))) names.set(compact(name), name);
  const distinct = [...names.values()];
  for (const [bare, prefixed] of Object.entries(DELPONTE_SAME)) {
    if (!distinct.includes(bare) || !distinct.includes(prefixed)) {
      throw new Error(`${DELPONTE.id}: ${bare} / ${prefixed} not both in the file`);
    }
  }
  // Any other bare name that is a prefixed name of the file without its first word must be
  // listed above (merged) or looked at: the build says which.
  for (const prefixed of distinct) {
    const [first, ...rest] = prefixed.split(' ');
    if (rest.length === 0 || !/^\p{L}+$/u.test(first!)) continue;
    for (const bare of distinct) {
      if (fold(bare) === fold(rest.join(' ')) && DELPONTE_SAME[bare] !== prefixed) {
        throw new Error(`${DELPONTE.id}: ${bare} may be ${prefixed}; list it in DELPONTE_SAME`);
      }
    }
  }
  return distinct
    .filter((name) => !(name in DELPONTE_SAME))
    .map((name) =>
      // The file states no breeder, cycle or reaction: a prefix (TBIO, BRS, CD…) is not read as one.
      row(DELPONTE.id, name, { crop: 'wheat', countries: ['BR'] }),
    );
}

// ---------- the catalogue ----------

const costa = await costaSoy();
// A trial cultivar that is a costa-soy row gives that row its GMR and cycle; the others are rows
// of their own, named and branded as the trials write them.
const matched: string[] = [];
const tccRows: VarietyRow[] = [];
for (const cultivar of tccCultivars()) {
  const facts = { gmr: cultivar.gmr, min_cycle: cultivar.minCycle, max_cycle: cultivar.maxCycle };
  const same = costaMatch(cultivar, costa);
  if (same) {
    if (same.variety.gmr !== null) throw new Error(`${same.variety.key}: two trial cultivars`);
    Object.assign(same.variety, facts);
    matched.push(`${cultivar.name} = ${same.variety.key}`);
  } else {
    tccRows.push(
      row(TCC.id, cultivar.name, {
        company: cultivar.brand,
        crop: 'soybean',
        countries: ['BR'],
        // Every technology the trials name (IPRO, i2x, RR, E, CE, XTD, CV) is a transgenic event;
        // a blank one says nothing.
        gmo: cultivar.tech ? true : null,
        ...facts,
      }),
    );
  }
}

// A source may list a cultivar twice (the wheat vocabulary has "SY Renegade" on two lines): the
// rows are kept once when they say the same, and the build fails when they do not.
const byKey = new Map<string, VarietyRow>();
for (const variety of [
  ...costa.map(({ variety }) => variety),
  ...tccRows,
  ...grinSoy(),
  ...uidahoWheat(),
  ...delponteWheat(),
].map((v) => varietyRowSchema.parse(v))) {
  const seen = byKey.get(variety.key);
  if (seen && JSON.stringify(seen) !== JSON.stringify(variety)) {
    throw new Error(`${variety.key}: two rows that differ`);
  }
  byKey.set(variety.key, variety);
}
const varieties = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

const sources = [COSTA, UIDAHO, TCC, GRIN, DELPONTE]
  .map(({ id, title, url, licence, commit }) => ({ id, title, url, licence, commit }))
  .sort((a, b) => (a.id < b.id ? -1 : 1));
const out = path.join(dir, 'varieties.json');
fs.writeFileSync(out, `${JSON.stringify({ sources, varieties }, null, 2)}\n`);
console.log(`wrote ${path.relative(root, out)}`);
for (const source of sources) {
  const rows = varieties.filter((v) => v.source_id === source.id);
  const gmr = rows.filter((v) => v.gmr !== null).length;
  const cycle = rows.filter((v) => v.min_cycle !== null).length;
  console.log(
    `  ${source.id.padEnd(14)} ${String(rows.length).padStart(5)} rows, ${gmr} with a GMR, ${cycle} with a cycle`,
  );
}
console.log(`  tcc-soy cultivars given to costa-soy rows: ${matched.length}`);
for (const line of matched) console.log(`    ${line}`);
