import {
  LOCALE_RULES,
  doseInAreaUnit,
  doseUnitLabel,
  formatNumber,
  toDisplayUnit,
  unitOf,
  type Language,
  type ProductUnit,
} from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import {
  PDF_COLOURS,
  PDF_FONTS,
  bandedRow,
  day,
  drawPageFooters,
  slug,
  startPdf,
} from '../../lib/pdf.ts';

/** One applied spraying of the log, metric, with its record (all optional) and products. */
interface LogEntry {
  plot: string;
  ordinal: number;
  appliedAt: string;
  areaHa: number;
  operator: string | null;
  equipment: string | null;
  sprayVolumeLHa: number | null;
  nozzle: string | null;
  startTime: string | null;
  endTime: string | null;
  weather: {
    wind_kmh: number | null;
    temperature_c: number | null;
    humidity_pct: number | null;
  } | null;
  products: { name: string; dosePerHa: number; unit: ProductUnit | null; batch: string | null }[];
}

export interface ApplicationLog {
  language: Language;
  farm: string;
  season: string;
  cropId: number;
  generatedAt: string;
  fileName: string;
  entries: LogEntry[];
}

/** The log's columns, one row per product of each applied spraying, in the language's units. */
function table(log: ApplicationLog): { headers: string[]; rows: string[][] } {
  const { language } = log;
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(language, 'prescription', `log.${key}`, values);
  const metric = unitOf('area', language) === 'ha';
  const number = (value: number, digits = 2) => formatNumber(value, language, digits);
  const volume = (lHa: number) =>
    metric
      ? `${number(lHa, 1)} L/ha`
      : `${number(toDisplayUnit('volume', lHa, language) / toDisplayUnit('area', 1, language), 2)} gal/ac`;
  const headers = [
    t('plot'),
    t('spray'),
    t('date'),
    t('time'),
    t('area', { unit: unitOf('area', language) }),
    t('product'),
    t('dose'),
    t('batch'),
    t('operator'),
    t('equipment'),
    t('volume'),
    t('nozzle'),
    t('weather'),
  ];
  const rows = log.entries.flatMap((entry) => {
    const weather = entry.weather
      ? [
          entry.weather.wind_kmh === null
            ? null
            : `${number(toDisplayUnit('speed', entry.weather.wind_kmh, language), 0)} ${unitOf('speed', language)}`,
          entry.weather.temperature_c === null
            ? null
            : `${number(toDisplayUnit('temperature', entry.weather.temperature_c, language), 0)}${unitOf('temperature', language)}`,
          entry.weather.humidity_pct === null ? null : `${number(entry.weather.humidity_pct, 0)} %`,
        ]
          .filter(Boolean)
          .join(', ')
      : '';
    const time =
      entry.startTime || entry.endTime ? `${entry.startTime ?? ''}–${entry.endTime ?? ''}` : '';
    const common = [
      entry.plot,
      String(entry.ordinal),
      day(entry.appliedAt, language),
      time,
      number(toDisplayUnit('area', entry.areaHa, language)),
    ];
    const record = [
      entry.operator ?? '',
      entry.equipment ?? '',
      entry.sprayVolumeLHa === null ? '' : volume(entry.sprayVolumeLHa),
      entry.nozzle ?? '',
      weather,
    ];
    const products = entry.products.length
      ? entry.products
      : [{ name: t('no_products'), dosePerHa: Number.NaN, unit: null, batch: null }];
    return products.map((product) => [
      ...common,
      product.name,
      Number.isNaN(product.dosePerHa)
        ? ''
        : `${number(doseInAreaUnit(product.dosePerHa, language), 3)} ${doseUnitLabel(product.unit, language) ?? unitOf('perArea', language)}`,
      product.batch ?? '',
      ...record,
    ]);
  });
  return { headers, rows };
}

/** The file's name without extension: the farm and the season. */
export function applicationLogFileName(language: Language, farm: string, season: string): string {
  return translate(language, 'prescription', 'log.file_name', {
    farm: slug(farm),
    season: slug(season),
  });
}

function titleOf(log: ApplicationLog): string {
  return translate(log.language, 'prescription', 'log.title');
}

function subtitleOf(log: ApplicationLog): string {
  return translate(log.language, 'prescription', 'log.subtitle', {
    farm: log.farm,
    season: log.season,
  });
}

/** RFC 4180 (csv-stringify): CRLF line ends, and a BOM so spreadsheets read it as UTF-8. */
export function applicationLogCsv(log: ApplicationLog): string {
  const { headers, rows } = table(log);
  return stringify([headers, ...rows], { bom: true, record_delimiter: 'windows', quoted: true });
}

export async function applicationLogXlsx(log: ApplicationLog): Promise<Buffer> {
  const { headers, rows } = table(log);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lavoura';
  workbook.title = `${titleOf(log)} – ${subtitleOf(log)}`;
  const ws = workbook.addWorksheet(
    translate(log.language, 'prescription', 'log.sheet_name').slice(0, 31),
    {
      pageSetup: {
        paperSize: 9,
        orientation: 'landscape',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
      },
      views: [{ state: 'frozen', ySplit: 3 }],
    },
  );
  ws.addRow([titleOf(log)]).getCell(1).font = { bold: true, size: 14, color: { argb: 'FF1B2A4A' } };
  ws.addRow([subtitleOf(log)]).getCell(1).font = { color: { argb: 'FF55627A' } };
  const header = ws.addRow(headers);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2E7D32' } };
    cell.alignment = { wrapText: true, vertical: 'middle' };
  });
  for (const row of rows) ws.addRow(row);
  ws.columns.forEach((column, index) => {
    column.width = [18, 8, 12, 12, 10, 24, 14, 14, 18, 18, 14, 14, 24][index] ?? 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function applicationLogPdf(log: ApplicationLog): Promise<Buffer> {
  const { headers, rows } = table(log);
  const margin = 30;
  const { doc, done } = startPdf({
    title: `${titleOf(log)} – ${subtitleOf(log)}`,
    locale: LOCALE_RULES[log.language].locale,
    margins: { top: margin, bottom: 48, left: margin, right: margin },
    layout: 'landscape',
  });
  const left = margin;
  const width = doc.page.width - margin * 2;
  doc.rect(0, 0, doc.page.width, 6).fill(PDF_COLOURS.green);
  doc.font(PDF_FONTS.bold).fontSize(11).fillColor(PDF_COLOURS.green).text('Lavoura', left, margin);
  doc
    .font(PDF_FONTS.bold)
    .fontSize(18)
    .fillColor(PDF_COLOURS.navy)
    .text(titleOf(log), left, doc.y + 4);
  doc
    .font(PDF_FONTS.regular)
    .fontSize(10)
    .fillColor(PDF_COLOURS.grey)
    .text(subtitleOf(log), left, doc.y + 2);
  doc.y += 10;
  const shares = [10, 4, 7, 7, 5, 11, 8, 8, 9, 9, 7, 7, 10];
  const total = shares.reduce((sum, share) => sum + share, 0);
  const widths = shares.map((share) => (share / total) * width);
  const drawRow = (cells: string[], bold: boolean, striped: boolean) => {
    doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(7);
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell || ' ', { width: widths[index]! - 4 }),
        ),
      ) + 6;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    bandedRow(doc, { left, y, width, height, striped, rule: 0.4 });
    let x = left;
    cells.forEach((cell, index) => {
      doc
        .fillColor(bold ? PDF_COLOURS.green : PDF_COLOURS.navy)
        .text(cell, x + 2, y + 3, { width: widths[index]! - 4 });
      x += widths[index]!;
    });
    doc.y = y + height;
  };
  drawRow(headers, true, false);
  if (rows.length === 0)
    doc
      .font(PDF_FONTS.italic)
      .fontSize(10)
      .fillColor(PDF_COLOURS.grey)
      .text(translate(log.language, 'prescription', 'log.empty'), left, doc.y + 8, { width });
  rows.forEach((row, index) => drawRow(row, false, index % 2 === 1));
  drawPageFooters(doc, {
    left,
    width,
    fromBottom: 28,
    fontSize: 7,
    leftShare: 0.7,
    text: translate(log.language, 'prescription', 'footer', {
      date: day(log.generatedAt, log.language),
    }),
    pageText: (page, pages) => translate(log.language, 'prescription', 'page', { page, pages }),
    font: PDF_FONTS.regular,
  });
  doc.end();
  return done;
}
