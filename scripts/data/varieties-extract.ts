/**
 * Writes the two variety source tables bundled as CSV beside varieties.json, from the files of
 * their repositories (varieties/SOURCES.md names the repository, commit and file of each):
 *
 *   npx tsx scripts/data/varieties-extract.ts <tcc-neucy-moro xlsx> <genetics data.csv>
 *
 * - `tcc-soy-trials.csv`: the plot rows of arpanosso/tcc-neucy-moro's
 *   `data-raw/Dados TCC Neucy - Organizados.xlsx` (sheet "Dados totais"), only the columns the
 *   build reads: row number, season, sowing time, cultivar, brand, GMR, technology, replicate,
 *   sowing date and end-of-cycle date. Texts are copied as the sheet holds them (spaces
 *   included); dates are written as YYYY-MM-DD.
 * - `grin-soy-cultivars.csv`: the rows of Ankit-Jo14/genetics' `data/data.csv` whose country is
 *   "United States" and that give a maturity group, only the GRIN identity columns and `MG`,
 *   copied as the file holds them.
 *
 * The output is the same bytes on every run over the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'apps/api/src/db/reference-data/catalogue/varieties');

const [tccFile, grinFile] = process.argv.slice(2);
if (!tccFile || !grinFile) {
  throw new Error('usage: varieties-extract.ts <tcc-neucy-moro xlsx> <genetics data/data.csv>');
}

/** One CSV field, quoted when it holds a comma, a quote, a line break or edge spaces. */
const field = (value: string) =>
  /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
const csv = (rows: string[][]) => rows.map((cells) => cells.map(field).join(',')).join('\n') + '\n';

// ---------- tcc-neucy-moro: plot rows with GMR, sowing and end-of-cycle dates ----------

const TCC_COLUMNS = [
  'Nº',
  'Safra',
  'Época',
  'Cultivar',
  'Marca',
  'G.M.R.',
  'Biotec.',
  'Rep',
  'Data Sem.',
  'Data Ciclo',
] as const;

function cellText(value: ExcelJS.CellValue, column: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // The sheet's dates are whole days, which exceljs gives as UTC midnight.
    if (value.getUTCHours() !== 0 || value.getUTCMinutes() !== 0) {
      throw new Error(`${column}: ${value.toISOString()} is not a whole day`);
    }
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  throw new Error(`${column}: unexpected cell ${JSON.stringify(value)}`);
}

const workbook = new ExcelJS.Workbook();
await workbook.xlsx.readFile(tccFile);
const sheet = workbook.getWorksheet('Dados totais');
if (!sheet) throw new Error(`${tccFile}: no sheet "Dados totais"`);
// exceljs gives a row's values from index 1, with holes: Array.from fills them.
const header = Array.from(sheet.getRow(1).values as ExcelJS.CellValue[], (value) =>
  String(value ?? ''),
);
const columnOf = new Map(header.map((name, index) => [name, index]));
for (const name of TCC_COLUMNS) {
  if (!columnOf.has(name)) throw new Error(`${tccFile}: no column ${name}`);
}
const tccRows: string[][] = [[...TCC_COLUMNS]];
sheet.eachRow({ includeEmpty: false }, (row, number) => {
  if (number === 1) return;
  const values = row.values as ExcelJS.CellValue[];
  tccRows.push(TCC_COLUMNS.map((name) => cellText(values[columnOf.get(name)!], name)));
});
fs.writeFileSync(path.join(dir, 'tcc-soy-trials.csv'), csv(tccRows));

// ---------- Ankit-Jo14/genetics: GRIN soybean cultivars of the United States with a maturity group ----------

const GRIN_COLUMNS = [
  'Cultivar_ID',
  'Cultivar_Name',
  'Cultivar_Alias',
  'Subcollection',
  'State',
  'Country',
  'Year',
  'MG',
] as const;
const grin = parse(fs.readFileSync(grinFile, 'utf8').replace(/^\uFEFF/, ''), {
  columns: true,
  skip_empty_lines: true,
}) as Record<string, string>[];
const grinRows: string[][] = [
  [...GRIN_COLUMNS],
  ...grin
    .filter((r) => r.Country === 'United States' && (r.MG ?? '').trim() !== '')
    .map((r) => GRIN_COLUMNS.map((name) => r[name] ?? '')),
];
fs.writeFileSync(path.join(dir, 'grin-soy-cultivars.csv'), csv(grinRows));

console.log(`tcc-soy-trials.csv      ${tccRows.length - 1} rows`);
console.log(`grin-soy-cultivars.csv  ${grinRows.length - 1} rows`);
