import {
  CROPS,
  DISEASES,
  LOCALE_RULES,
  addDays,
  tankMixOrder,
  doseInAreaUnit,
  doseUnitLabel,
  formatDose,
  formatNumber,
  productUnitOf,
  toDisplayUnit,
  unitOf,
  type EvaluationWarning,
  type ResponsibleProfessional,
  type Language,
} from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import ExcelJS from 'exceljs';
import {
  PDF_COLOURS as COLOURS,
  bandedRow,
  day,
  drawPageFooters,
  slug,
  PDF_FONTS,
  startPdf,
} from '../../lib/pdf.ts';

/**
 * The spray prescription a sprayer operator takes to the field (issue 13 item 9; docs/prescription.md):
 * what the service read, put in the user's language and units once (`composePrescription`), then
 * written as a PDF (pdfkit) or a spreadsheet (exceljs) with the same rows.
 */

/** What the service gathers for one spraying of a program; doses per hectare, areas in hectares. */
export interface PrescriptionData {
  language: Language;
  farm: { name: string; place: string | null; timeZone: string };
  plots: readonly string[];
  /** Hectares the totals are for: the sowing's, or a plan's variety's sowings'; null: none. */
  area: number | null;
  cropId: number;
  variety: string | null;
  /** A plan (no sowing): its emergence is the expected one and there is no sowing date. */
  planning: boolean;
  sowingDate: string | null;
  emergence: string | null;
  mainDiseaseId: number | null;
  programName: string;
  sprayingCount: number;
  spraying: {
    ordinal: number;
    plannedDate: string;
    appliedAt: string | null;
    whiteMold: boolean;
    /** The reference text key of the growth stage the timeline expects on the planned date. */
    stageKey: string | null;
  };
  /** In the application's order; the dose per hectare in the product's unit. */
  products: readonly { name: string; formulation: string | null; dose: number }[];
  /** Days either side of the planned date the spray may be applied (spec 2 §9). */
  toleranceDays: number;
  /**
   * The program's resistance and safety-interval warnings on this spraying (issue 30 items 3–4),
   * as the program's answer gives them.
   */
  warnings: readonly EvaluationWarning[];
  /** The account's responsible professional (GET /api/responsible-professional); nulls: blank lines. */
  professional: ResponsibleProfessional;
  generatedAt: Date;
}

interface Field {
  label: string;
  value: string;
  /** Spans two of the three columns of the PDF's grid. */
  wide?: boolean;
}

interface ProductRow {
  order: number;
  name: string;
  formulation: string;
  /** Per hectare, or per acre in English: rounded as written. */
  dose: number;
  /** "L/ha", "L/ac"; null: the product's unit is not informed. */
  doseUnit: string | null;
  /** "0,4 L/ha". */
  doseText: string;
  /** For the whole area, in the product's unit; null without an area. */
  total: number | null;
  /** The product's own unit, L or kg; null: not informed. */
  totalUnit: string | null;
  totalText: string;
}

/** The prescription in the user's language and units: what both files write. */
export interface PrescriptionSheet {
  language: Language;
  title: string;
  subtitle: string;
  status: string;
  applied: boolean;
  whiteMold: string | null;
  sections: { title: string; fields: Field[] }[];
  products: {
    title: string;
    columns: { order: string; product: string; formulation: string; dose: string; total: string };
    rows: ProductRow[];
    notes: string[];
  };
  /** The plan checks' warnings as sentences; null when there are none. */
  warnings: { title: string; lines: string[] } | null;
  /** Lines to write on; the responsible professional's come filled when the account entered them. */
  record: { title: string; fields: { label: string; value: string }[] };
  /** What the document is: a technical recommendation (issue 30 item 6). */
  kind: string;
  footer: string;
  sheetName: string;
  /** Without extension, ASCII. */
  fileName: string;
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

export function composePrescription(data: PrescriptionData): PrescriptionSheet {
  const { language } = data;
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(language, 'prescription', key, values);
  const reference = (key: string) => translate(language, 'reference', key);
  const none = t('not_informed');
  const areaUnit = unitOf('area', language);
  const areaText =
    data.area === null
      ? null
      : `${formatNumber(toDisplayUnit('area', data.area, language), language)} ${areaUnit}`;
  const crop = CROPS.find((row) => row.id === data.cropId);
  const disease = DISEASES.find((row) => row.id === data.mainDiseaseId);
  const { spraying } = data;

  const rows = tankMixOrder(data.products).map((product, index): ProductRow => {
    // The product's unit (L or kg, from its formulation) stays: only the area converts.
    const dose = round(doseInAreaUnit(product.dose, language), 3);
    const total = data.area === null ? null : round(product.dose * data.area, 2);
    const unit = productUnitOf(product.formulation);
    return {
      order: index + 1,
      name: product.name,
      formulation: product.code ?? '—',
      dose,
      doseUnit: doseUnitLabel(unit, language),
      doseText: formatDose(product.dose, unit, language),
      total,
      totalUnit: unit,
      totalText:
        total === null ? '—' : `${formatNumber(total, language, 2)}${unit ? ` ${unit}` : ''}`,
    };
  });
  const generated = new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: data.farm.timeZone,
  }).format(data.generatedAt);
  const plotPart = data.plots.map(slug).filter(Boolean).join('-').slice(0, 60);
  const fileName = t('file_name', {
    farm: slug(data.farm.name) || 'farm',
    plot: plotPart,
    number: spraying.ordinal,
  })
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');

  return {
    language,
    title: t('title'),
    subtitle: t('subtitle', {
      number: spraying.ordinal,
      count: data.sprayingCount,
      program: data.programName.trim() || t('unnamed_program'),
    }),
    status: spraying.appliedAt
      ? t('status.applied', { date: day(spraying.appliedAt, language) })
      : t('status.planned'),
    applied: spraying.appliedAt !== null,
    whiteMold: spraying.whiteMold ? t('white_mold') : null,
    sections: [
      {
        title: t('section.field'),
        fields: [
          {
            label: t('label.farm'),
            value: data.farm.place ? `${data.farm.name} (${data.farm.place})` : data.farm.name,
          },
          { label: t('label.plots'), value: data.plots.join(', ') || none },
          { label: t('label.area'), value: areaText ?? none },
          { label: t('label.crop'), value: crop ? reference(crop.message_key) : none },
          { label: t('label.variety'), value: data.variety ?? none },
          { label: t('label.target'), value: disease ? reference(disease.message_key) : none },
          data.planning
            ? { label: t('label.sowing_date'), value: t('planning') }
            : {
                label: t('label.sowing_date'),
                value: data.sowingDate ? day(data.sowingDate, language) : none,
              },
          {
            label: data.planning ? t('label.expected_emergence') : t('label.emergence'),
            value: data.emergence ? day(data.emergence, language) : none,
          },
          {
            label: t('label.stage'),
            value: spraying.stageKey ? reference(spraying.stageKey) : none,
          },
        ],
      },
      {
        title: t('section.date'),
        fields: [
          { label: t('label.planned_date'), value: day(spraying.plannedDate, language) },
          {
            label: t('label.window'),
            value: t('window', {
              start: day(addDays(spraying.plannedDate, -data.toleranceDays), language),
              end: day(addDays(spraying.plannedDate, data.toleranceDays), language),
              days: data.toleranceDays,
            }),
            wide: true,
          },
        ],
      },
    ],
    products: {
      title: t('section.products'),
      columns: {
        order: t('column.order'),
        product: t('column.product'),
        formulation: t('column.formulation'),
        dose: t('column.dose'),
        total: areaText ? t('column.total', { area: areaText }) : t('column.total_no_area'),
      },
      rows,
      notes: [t('note.order'), t('note.units'), ...(areaText ? [] : [t('note.no_area')])],
    },
    warnings: data.warnings.length
      ? {
          title: t('section.warnings'),
          lines: data.warnings.map((warning) => warningText(warning, language)),
        }
      : null,
    record: {
      title: t('section.record'),
      fields: [
        { label: t('record.applied_at'), value: '' },
        { label: t('record.operator'), value: '' },
        {
          label: t('record.volume', { unit: `${unitOf('volume', language)}/${areaUnit}` }),
          value: '',
        },
        { label: t('record.weather'), value: '' },
        { label: t('record.professional'), value: data.professional.name ?? '' },
        { label: t('record.registration'), value: data.professional.registration ?? '' },
        { label: t('record.signature'), value: '' },
      ],
    },
    kind: t('kind'),
    footer: t('footer', { date: generated }),
    sheetName: t('sheet_name'),
    fileName,
  };
}

/** The safety checks' texts say "day" or "days" by the days missing. */
const COUNTED = new Set(['safety_interval', 'harvest_in_safety_interval']);

/**
 * A plan check's warning as the editor words it (programs texts): the groups, the products with
 * their FRAC codes, the days missing before the harvest.
 */
function warningText(warning: EvaluationWarning, language: Language): string {
  const p = (key: string, values?: Record<string, string | number>) =>
    translate(language, 'programs', key, values);
  const harvest = warning.colheita;
  const date = harvest ? day(harvest.data, language) : '';
  const group = warning.grupos?.[0];
  const values = {
    product:
      warning.produtos?.find((product) => product.defensivo_id === warning.defensivo_id)?.nome ??
      p('score.a_product'),
    value: warning.valor === null ? '' : formatNumber(warning.valor, language),
    count: warning.valor === null ? '' : formatNumber(warning.valor, language),
    limit: warning.limite === null ? '' : formatNumber(warning.limite, language),
    groups: (warning.grupos ?? []).join(', '),
    group: warning.code === 'season_cap' && group ? p(`warning_detail.group_${group}`) : '',
    date,
    harvest: harvest ? p(`warning_detail.harvest_${harvest.origem}`, { date }) : '',
    spray: warning.aplicacao ?? '',
  };
  const key = COUNTED.has(warning.code)
    ? `warning.${warning.code}_${warning.valor === 1 ? 'one' : 'other'}`
    : `warning.${warning.code}`;
  const text = p(key, values);
  if (!warning.produtos?.length || COUNTED.has(warning.code)) return text;
  const list = warning.produtos
    .map((product) =>
      p(product.anterior ? 'warning_detail.product_frac_previous' : 'warning_detail.product_frac', {
        product: product.nome,
        codes: product.frac.length ? product.frac.join(', ') : '–',
      }),
    )
    .join('; ');
  return `${text} ${p('warning_detail.products', { list })}`;
}

/** The page-numbering text of the PDF's footer. */
const pageText = (language: Language, page: number, pages: number) =>
  translate(language, 'prescription', 'page', { page, pages });

/** The prescription as an A4 PDF: header, field grid, date, products table, field record, footer. */
export function prescriptionPdf(sheet: PrescriptionSheet): Promise<Buffer> {
  const margin = 42;
  const { doc, done } = startPdf({
    title: `${sheet.title} – ${sheet.subtitle}`,
    locale: LOCALE_RULES[sheet.language].locale,
    margins: { top: margin, bottom: 56, left: margin, right: margin },
  });

  const left = margin;
  const width = doc.page.width - margin * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** A new page when `height` does not fit below the cursor. */
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // Header: the brand and the status on one line, then the title and the application.
  const top = doc.y;
  doc.rect(0, 0, doc.page.width, 6).fill(COLOURS.green);
  doc.font(PDF_FONTS.bold).fontSize(11).fillColor(COLOURS.green).text('Lavoura', left, top);
  // What the document is (issue 30 item 6): a technical recommendation, beside the brand.
  const brand = doc.widthOfString('Lavoura');
  doc
    .font(PDF_FONTS.bold)
    .fontSize(8)
    .fillColor(COLOURS.grey)
    .text(sheet.kind.toLocaleUpperCase(sheet.language), left + brand + 10, top + 2.5, {
      lineBreak: false,
    });
  const status = sheet.whiteMold ? `${sheet.status} · ${sheet.whiteMold}` : sheet.status;
  doc.font(PDF_FONTS.bold).fontSize(9);
  const statusWidth = doc.widthOfString(status) + 16;
  doc
    .roundedRect(left + width - statusWidth, top - 3, statusWidth, 17, 8)
    .fill(sheet.applied ? COLOURS.green : COLOURS.greenTint);
  doc
    .fillColor(sheet.applied ? '#FFFFFF' : COLOURS.green)
    .text(status, left + width - statusWidth, top + 1.5, { width: statusWidth, align: 'center' });
  doc
    .font(PDF_FONTS.bold)
    .fontSize(21)
    .fillColor(COLOURS.navy)
    .text(sheet.title, left, top + 24, { width });
  doc
    .font(PDF_FONTS.regular)
    .fontSize(11)
    .fillColor(COLOURS.grey)
    .text(sheet.subtitle, left, doc.y + 2, { width });
  doc.y += 10;

  const heading = (title: string) => {
    ensure(60);
    doc.y += 8;
    doc
      .font(PDF_FONTS.bold)
      .fontSize(9)
      .fillColor(COLOURS.green)
      .text(title.toLocaleUpperCase(sheet.language), left, doc.y, {
        width,
        characterSpacing: 0.6,
      });
    doc.y += 4;
  };

  // The field grid: three columns of label over value, in ruled boxes.
  const columns = 3;
  const cell = width / columns;
  const pad = 7;
  for (const section of sheet.sections) {
    heading(section.title);
    let row: Field[] = [];
    const rows: Field[][] = [];
    let used = 0;
    for (const field of section.fields) {
      const span = field.wide ? 2 : 1;
      if (used + span > columns) {
        rows.push(row);
        row = [];
        used = 0;
      }
      row.push(field);
      used += span;
    }
    if (row.length) rows.push(row);
    for (const fields of rows) {
      const heights = fields.map((field) => {
        const w = cell * (field.wide ? 2 : 1) - pad * 2;
        doc.font(PDF_FONTS.regular).fontSize(7.5);
        const label = doc.heightOfString(field.label, { width: w });
        doc.font(PDF_FONTS.bold).fontSize(10.5);
        return label + 2 + doc.heightOfString(field.value, { width: w });
      });
      const height = Math.max(...heights) + pad * 2;
      ensure(height);
      const y = doc.y;
      let x = left;
      for (const field of fields) {
        const w = cell * (field.wide ? 2 : 1);
        doc.rect(x, y, w, height).lineWidth(0.6).strokeColor(COLOURS.rule).stroke();
        doc
          .font(PDF_FONTS.regular)
          .fontSize(7.5)
          .fillColor(COLOURS.grey)
          .text(field.label, x + pad, y + pad, { width: w - pad * 2 });
        doc
          .font(PDF_FONTS.bold)
          .fontSize(10.5)
          .fillColor(COLOURS.navy)
          .text(field.value, x + pad, doc.y + 2, { width: w - pad * 2 });
        x += w;
      }
      // A short last row is closed by an empty ruled cell.
      if (x < left + width - 1)
        doc
          .rect(x, y, left + width - x, height)
          .lineWidth(0.6)
          .strokeColor(COLOURS.rule)
          .stroke();
      doc.y = y + height;
    }
  }

  // The products, in tank-mix order.
  heading(sheet.products.title);
  const cols = [
    { key: 'order', width: 44, align: 'center' },
    { key: 'product', width: width - 44 - 78 - 92 - 104, align: 'left' },
    { key: 'formulation', width: 78, align: 'center' },
    { key: 'dose', width: 92, align: 'right' },
    { key: 'total', width: 104, align: 'right' },
  ] as const;
  const tablePad = 6;
  const headerRow = () => {
    doc.font(PDF_FONTS.bold).fontSize(8.5);
    const height =
      Math.max(
        ...cols.map((col) =>
          doc.heightOfString(sheet.products.columns[col.key], {
            width: col.width - tablePad * 2,
          }),
        ),
      ) +
      tablePad * 2;
    ensure(height + 24);
    const y = doc.y;
    doc.rect(left, y, width, height).fill(COLOURS.navy);
    let x = left;
    for (const col of cols) {
      doc.fillColor('#FFFFFF').text(sheet.products.columns[col.key], x + tablePad, y + tablePad, {
        width: col.width - tablePad * 2,
        align: col.align,
      });
      x += col.width;
    }
    doc.y = y + height;
  };
  headerRow();
  sheet.products.rows.forEach((product, index) => {
    const values = {
      order: String(product.order),
      product: product.name,
      formulation: product.formulation,
      dose: product.doseText,
      total: product.totalText,
    };
    const fontOf = (key: (typeof cols)[number]['key']) =>
      key === 'product' || key === 'order' ? PDF_FONTS.bold : PDF_FONTS.regular;
    const height =
      Math.max(
        ...cols.map((col) =>
          doc
            .font(fontOf(col.key))
            .fontSize(10)
            .heightOfString(values[col.key], { width: col.width - tablePad * 2 }),
        ),
      ) +
      tablePad * 2;
    if (doc.y + height > bottom()) {
      doc.addPage();
      headerRow();
    }
    const y = doc.y;
    bandedRow(doc, { left, y, width, height, striped: index % 2 === 1, rule: 0.6 });
    let x = left;
    for (const col of cols) {
      doc
        .font(fontOf(col.key))
        .fontSize(10)
        .fillColor(COLOURS.navy)
        .text(values[col.key], x + tablePad, y + tablePad, {
          width: col.width - tablePad * 2,
          align: col.align,
        });
      x += col.width;
    }
    doc.y = y + height;
  });
  doc.y += 6;
  for (const note of sheet.products.notes) {
    doc.font(PDF_FONTS.regular).fontSize(8);
    ensure(doc.heightOfString(note, { width }) + 4);
    doc.fillColor(COLOURS.grey).text(note, left, doc.y, { width, lineGap: 1 });
    doc.y += 3;
  }

  // The program's resistance and safety-interval warnings on this spraying.
  if (sheet.warnings) {
    heading(sheet.warnings.title);
    for (const line of sheet.warnings.lines) {
      doc.font(PDF_FONTS.regular).fontSize(9);
      ensure(doc.heightOfString(line, { width }) + 5);
      doc.fillColor(COLOURS.navy).text(line, left, doc.y, { width, lineGap: 1 });
      doc.y += 4;
    }
  }

  // The field record: labelled lines to write on.
  heading(sheet.record.title);
  const half = (width - 24) / 2;
  sheet.record.fields.forEach(({ label, value }, index) => {
    const wide = index === sheet.record.fields.length - 1 && index % 2 === 0;
    const column = wide ? 0 : index % 2;
    if (column === 0) ensure(34);
    const x = left + column * (half + 24);
    const y = column === 0 ? doc.y : doc.y - 32;
    const w = wide ? width : half;
    doc
      .moveTo(x, y + 22)
      .lineTo(x + w, y + 22)
      .lineWidth(0.6)
      .strokeColor(COLOURS.grey)
      .stroke();
    if (value)
      doc
        .font(PDF_FONTS.regular)
        .fontSize(10)
        .fillColor(COLOURS.navy)
        .text(value, x, y + 9, { width: w, lineBreak: false, ellipsis: true });
    doc
      .font(PDF_FONTS.regular)
      .fontSize(7.5)
      .fillColor(COLOURS.grey)
      .text(label, x, y + 25, { width: w });
    doc.y = y + 32;
  });

  // The footer of every page: when it was made, by whom, and the page.
  drawPageFooters(doc, {
    left,
    width,
    fromBottom: 36,
    fontSize: 8,
    leftShare: 1 / 2,
    text: sheet.footer,
    pageText: (page, pages) => pageText(sheet.language, page, pages),
    font: PDF_FONTS.regular,
  });
  doc.end();
  return done;
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/** The prescription as one worksheet with the PDF's rows; doses and totals are numbers. */
export async function prescriptionXlsx(sheet: PrescriptionSheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lavoura';
  workbook.title = `${sheet.title} – ${sheet.subtitle}`;
  const ws = workbook.addWorksheet(sheetName(sheet.sheetName), {
    pageSetup: {
      paperSize: 9,
      orientation: 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    },
    views: [{ showGridLines: false }],
  });
  ws.columns = [{ width: 9 }, { width: 38 }, { width: 14 }, { width: 16 }, { width: 20 }];
  const green = { argb: 'FF2E7D32' };
  const navy = { argb: 'FF1B2A4A' };
  const grey = { argb: 'FF55627A' };
  const thin = { style: 'thin' as const, color: { argb: 'FFD5DBE3' } };
  const merged = (value: string, font: Partial<ExcelJS.Font> = {}, height?: number) => {
    const row = ws.addRow([value]);
    ws.mergeCells(row.number, 1, row.number, 5);
    row.getCell(1).font = { color: navy, ...font };
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    if (height) row.height = height;
    return row;
  };
  const section = (title: string) => {
    ws.addRow([]);
    merged(title, { bold: true, color: green, size: 11 });
  };
  /** Label in A:B, value in C:E. */
  const field = (label: string, value: string) => {
    const row = ws.addRow([label, '', value]);
    ws.mergeCells(row.number, 1, row.number, 2);
    ws.mergeCells(row.number, 3, row.number, 5);
    row.getCell(1).font = { color: grey };
    row.getCell(3).font = { bold: true, color: navy };
    row.getCell(3).alignment = { wrapText: true, vertical: 'top' };
    for (const cell of [1, 3]) row.getCell(cell).border = { bottom: thin };
    return row;
  };

  merged(sheet.kind.toLocaleUpperCase(sheet.language), { bold: true, color: green, size: 9 });
  merged(sheet.title, { bold: true, size: 16 }, 24);
  merged(sheet.subtitle, { color: grey, size: 11 });
  merged(sheet.whiteMold ? `${sheet.status} · ${sheet.whiteMold}` : sheet.status, {
    bold: true,
    color: green,
  });
  for (const part of sheet.sections) {
    section(part.title);
    for (const item of part.fields) field(item.label, item.value);
  }

  section(sheet.products.title);
  const { columns } = sheet.products;
  const header = ws.addRow([
    columns.order,
    columns.product,
    columns.formulation,
    columns.dose,
    columns.total,
  ]);
  header.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: navy };
    cell.alignment = { wrapText: true, vertical: 'middle' };
  });
  for (const product of sheet.products.rows) {
    const row = ws.addRow([
      product.order,
      product.name,
      product.formulation,
      product.dose,
      product.total ?? '—',
    ]);
    row.getCell(1).alignment = { horizontal: 'center' };
    row.getCell(2).font = { bold: true, color: navy };
    row.getCell(3).alignment = { horizontal: 'center' };
    // Numbers stay numbers; their format writes the unit after them ("0.4 L/ha").
    row.getCell(4).numFmt = `#,##0.###${product.doseUnit ? ` "${product.doseUnit}"` : ''}`;
    row.getCell(5).numFmt = `#,##0.##${product.totalUnit ? ` "${product.totalUnit}"` : ''}`;
    row.getCell(5).alignment = { horizontal: 'right' };
    row.eachCell((cell) => (cell.border = { bottom: thin }));
  }
  for (const note of sheet.products.notes)
    merged(note, { color: grey, size: 9 }, note.length > 160 ? 48 : 16);

  if (sheet.warnings) {
    section(sheet.warnings.title);
    for (const line of sheet.warnings.lines)
      merged(line, { color: navy, size: 10 }, line.length > 120 ? 48 : 32);
  }

  section(sheet.record.title);
  for (const { label, value } of sheet.record.fields) field(label, value).height = 22;

  ws.addRow([]);
  merged(sheet.footer, { color: grey, size: 9 });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
