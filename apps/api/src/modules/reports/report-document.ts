import {
  CROPS,
  LOCALE_RULES,
  formatFarmInstant,
  formatMoney,
  formatNumber,
  toDisplayPrice,
  formatDose,
  toDisplayUnit,
  unitOf,
  type CurrencyCode,
  type Language,
} from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import {
  PDF_COLOURS as COLOURS,
  bandedRow,
  day,
  drawPageFooters,
  slug,
  PDF_FONTS,
  startPdf,
} from '../../lib/pdf.ts';
import type { ProgramaReport, SeasonReport } from '@lavoura/domain';

/**
 * The reports as A4 PDFs (issue 14 item 5; docs/reports.md): each report is first put in the
 * reader's language and units (`composeProgramaReport`, `composeSeasonReport`: plain rows of
 * text), then written by one renderer (`reportPdf`) with pdfkit, like the prescription: a header
 * with the farm, the season and the date, key figures, titled tables whose header repeats on a
 * new page, and page numbers in the footer.
 */

interface Column {
  label: string;
  /** Share of the page's width. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

interface Table {
  title?: string;
  columns: Column[];
  rows: string[][];
  /** Shown instead of an empty table. */
  empty: string;
}

interface Block {
  heading: string;
  lines: string[];
  tables: Table[];
}

export interface ReportSheet {
  language: Language;
  layout: 'portrait' | 'landscape';
  title: string;
  subtitle: string;
  generated: string;
  figures: { label: string; value: string }[];
  blocks: Block[];
  notes: string[];
  /** Without extension, ASCII. */
  fileName: string;
}

// ---- formatting ------------------------------------------------------------------------------

function instant(value: string, language: Language, timeZone: string): string {
  return formatFarmInstant(value, language, timeZone, 'short');
}

function monthName(value: string, language: Language): string {
  const [year, month] = value.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, 1)));
}

/** What both reports format the same way, in one language. */
function formatter(language: Language, report: ProgramaReport | SeasonReport) {
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(language, 'reports', key, values);
  const none = t('none');
  const areaUnit = unitOf('area', language);
  const currency = report.currency as CurrencyCode;
  const area = (ha: number) => formatNumber(toDisplayUnit('area', ha, language), language, 2);
  const money = (value: number) => formatMoney(value, currency, language);
  const crop = CROPS.find((row) => row.id === report.season_crop.crop_id);
  return {
    t,
    none,
    areaUnit,
    area,
    money,
    /** A cost per hectare as per the language's area. */
    moneyPerArea: (perHa: number) => money(toDisplayPrice('area', perHa, language)),
    date: (value: string | null) => (value ? day(value, language) : none),
    number: (value: number | null, decimals = 1) =>
      value === null ? none : formatNumber(value, language, decimals),
    stage: (stage: { message_key: string } | null) =>
      stage ? translate(language, 'reference', stage.message_key) : none,
    head: () => ({
      language,
      title: '',
      subtitle: t('subtitle', {
        farm: report.farm.name,
        place: report.farm.place,
        season: report.season_crop.season_name,
        crop: crop ? translate(language, 'reference', crop.message_key) : '',
      }),
      generated: t('generated', {
        date: instant(report.generated_at, language, report.farm.time_zone),
      }),
    }),
    fileName: (kind: 'programa' | 'season') =>
      t(`file_name.${kind}`, {
        farm: slug(report.farm.name) || 'farm',
        season: slug(report.season_crop.season_name),
      })
        .replace(/-{2,}/g, '-')
        .replace(/^-|-$/g, ''),
  };
}

// ---- the farm spraying report ----------------------------------------------------------------

function composeProgramaReport(report: ProgramaReport, language: Language): ReportSheet {
  const f = formatter(language, report);
  const { t, none } = f;
  const score = (value: number | null) =>
    value === null ? none : formatNumber(value, language, 1);
  const blocks: Block[] = report.sowings.map((row) => ({
    heading: t('sowing_line', {
      plot: row.plot.name,
      variety: row.variety ?? none,
      area: `${f.area(row.area)} ${f.areaUnit}`,
      sowing: f.date(row.sowing_date),
      emergence: f.date(row.emergence_date),
    }),
    lines: [
      t('program_line', {
        name: row.program.name.trim() || none,
        score:
          row.program.program_score === null
            ? t('program_no_score')
            : t('program_score', { score: score(row.program.program_score) }),
        cost: row.program.cost_total === null ? none : f.money(row.program.cost_total),
        cost_per_area: `${f.moneyPerArea(row.program.cost_per_ha)}/${f.areaUnit}`,
      }) + (row.program.is_paused_by_climate ? ` · ${t('paused')}` : ''),
    ],
    tables: [
      {
        columns: [
          { label: t('column.spray'), width: 0.04, align: 'center' },
          { label: t('column.ideal_date'), width: 0.085 },
          { label: t('column.planned_stage'), width: 0.13 },
          { label: t('column.realised_date'), width: 0.085 },
          { label: t('column.applied_stage'), width: 0.13 },
          { label: t('column.delay'), width: 0.08 },
          { label: t('column.products', { unit: f.areaUnit }), width: 0.25 },
          { label: t('column.cost_per_area', { unit: f.areaUnit }), width: 0.075, align: 'right' },
          { label: t('column.cost_total'), width: 0.08, align: 'right' },
          { label: t('column.score'), width: 0.045, align: 'right' },
        ],
        rows: row.sprays.map((spray) => [
          String(spray.ordinal),
          f.date(spray.planned_date),
          f.stage(spray.planned_stage),
          spray.applied_date ? f.date(spray.applied_date) : t('not_applied'),
          spray.applied_date ? f.stage(spray.applied_stage) : none,
          spray.delay_days === null
            ? none
            : spray.delay_days === 0
              ? t('on_time')
              : spray.delay_days > 0
                ? t('days_late', { count: spray.delay_days })
                : t('days_early', { count: -spray.delay_days }),
          spray.products
            .map((product) =>
              t('products_of_spray', {
                name: product.name,
                dose: formatDose(product.dose, product.unit, language),
              }),
            )
            .join('\n') || none,
          f.moneyPerArea(spray.cost_per_ha),
          f.money(spray.cost_total),
          score(spray.spray_score),
        ]),
        empty: none,
      },
    ],
  }));
  if (report.pesticides)
    blocks.push({
      heading: t('section.pesticides'),
      lines: [],
      tables: [
        {
          columns: [
            { label: t('column.pesticide'), width: 0.4 },
            { label: t('column.sprays'), width: 0.15, align: 'right' },
            { label: t('column.quantity_planned'), width: 0.15, align: 'right' },
            { label: t('column.quantity_applied'), width: 0.15, align: 'right' },
            { label: t('column.cost_applied'), width: 0.15, align: 'right' },
          ],
          rows: report.pesticides.map((product) => [
            product.name,
            `${product.sprays_applied}/${product.sprays_planned}`,
            formatNumber(product.quantity_planned, language, 2),
            formatNumber(product.quantity_applied, language, 2),
            f.money(product.cost_applied),
          ]),
          empty: t('no_pesticides'),
        },
      ],
    });
  const { totals } = report;
  return {
    ...f.head(),
    layout: 'landscape',
    title: t('title.programa'),
    figures: [
      { label: t('summary.sowings'), value: String(totals.sowings) },
      { label: t('summary.area', { unit: f.areaUnit }), value: f.area(totals.area) },
      { label: t('summary.sprays_planned'), value: String(totals.sprays_planned) },
      { label: t('summary.sprays_applied'), value: String(totals.sprays_applied) },
      { label: t('summary.cost_total'), value: f.money(totals.cost_total) },
      {
        label: t('summary.cost_per_area', { unit: f.areaUnit }),
        value: f.moneyPerArea(totals.cost_per_ha),
      },
      { label: t('summary.average_score'), value: score(totals.average_program_score) },
    ],
    blocks,
    notes: [t('notes.units', { unit: f.areaUnit }), t('notes.stages')],
    fileName: f.fileName('programa'),
  };
}

// ---- the season report -----------------------------------------------------------------------

function composeSeasonReport(report: SeasonReport, language: Language): ReportSheet {
  const f = formatter(language, report);
  const { t, none } = f;
  const yieldUnit = unitOf('productivity', language);
  const rainUnit = unitOf('precipitation', language);
  const productivity = (value: number | null) =>
    value === null
      ? none
      : formatNumber(toDisplayUnit('productivity', value, language), language, 1);
  const rain = (value: number | null) =>
    value === null
      ? none
      : formatNumber(
          toDisplayUnit('precipitation', value, language),
          language,
          rainUnit === 'in' ? 2 : 1,
        );
  const timeZone = report.farm.time_zone;

  const blocks: Block[] = report.sowings.map((row) => ({
    heading: t('sowing_line', {
      plot: row.plot.name,
      variety: row.variety ?? none,
      area: `${f.area(row.area)} ${f.areaUnit}`,
      sowing: f.date(row.sowing_date),
      emergence: f.date(row.emergence_date),
    }),
    lines: [
      `${t(`status.${row.status}`)} · ${t('current_stage', { stage: f.stage(row.current_stage) })}`,
    ],
    tables: [
      {
        title: t('section.harvests'),
        columns: [
          { label: t('column.harvest_date'), width: 0.3 },
          { label: t('column.productivity', { unit: yieldUnit }), width: 0.4, align: 'right' },
          { label: t('column.desiccation'), width: 0.3, align: 'center' },
        ],
        rows: row.harvests.map((harvest) => [
          f.date(harvest.date),
          harvest.lost ? t('lost') : productivity(harvest.productivity),
          harvest.desiccation ? t('yes') : t('no'),
        ]),
        empty: t('no_harvests'),
      },
      {
        title: t('section.irrigations'),
        columns: [
          { label: t('column.start'), width: 0.35 },
          { label: t('column.end'), width: 0.35 },
          { label: t('column.blade', { unit: rainUnit }), width: 0.3, align: 'right' },
        ],
        rows: row.irrigations.map((irrigation) => [
          instant(irrigation.start, language, timeZone),
          instant(irrigation.end, language, timeZone),
          rain(irrigation.blade_mm),
        ]),
        empty: t('no_irrigations'),
      },
      {
        title: t('section.observations'),
        columns: [
          { label: t('column.date'), width: 0.3 },
          { label: t('column.stage'), width: 0.7 },
        ],
        rows: row.stage_observations.map((observation) => [
          f.date(observation.date),
          f.stage(observation.stage),
        ]),
        empty: t('no_observations'),
      },
    ],
  }));

  const { weather } = report;
  const periodColumns = (label: string): Column[] => [
    { label, width: 0.4 },
    { label: t('column.precipitation', { unit: rainUnit }), width: 0.3, align: 'right' },
    { label: t('column.observed', { unit: rainUnit }), width: 0.3, align: 'right' },
  ];
  blocks.push({
    heading: t('section.weather'),
    lines: [
      t('weather_range', { from: f.date(weather.from), to: f.date(weather.to) }),
      ...(weather.source === 'observed_only' ? [t('weather_observed_only')] : []),
      ...(weather.simulated ? [t('weather_simulated')] : []),
    ],
    tables: [
      {
        title: t('section.by_month'),
        columns: periodColumns(t('column.period')),
        rows: weather.by_month.map((period) => [
          monthName(period.start.slice(0, 7), language),
          rain(period.precipitation_mm),
          rain(period.observed_mm),
        ]),
        empty: none,
      },
      {
        title: t('section.by_week'),
        columns: periodColumns(t('column.period')),
        rows: weather.by_week.map((period) => [
          `${f.date(period.start)} – ${f.date(period.end)}`,
          rain(period.precipitation_mm),
          rain(period.observed_mm),
        ]),
        empty: none,
      },
    ],
  });

  const { totals } = report;
  return {
    ...f.head(),
    layout: 'portrait',
    title: t('title.season'),
    figures: [
      { label: t('summary.sowings'), value: String(totals.sowings) },
      { label: t('summary.area', { unit: f.areaUnit }), value: f.area(totals.area) },
      { label: t('summary.harvested'), value: String(totals.harvested) },
      { label: t('summary.lost'), value: String(totals.lost) },
      {
        label: t('summary.average_productivity', { unit: yieldUnit }),
        value: productivity(totals.average_productivity),
      },
      {
        label: t('summary.best_productivity', { unit: yieldUnit }),
        value: productivity(totals.best_productivity),
      },
      {
        label: t('summary.worst_productivity', { unit: yieldUnit }),
        value: productivity(totals.worst_productivity),
      },
      { label: t('summary.irrigation', { unit: rainUnit }), value: rain(totals.irrigation_mm) },
      {
        label: t('summary.precipitation', { unit: rainUnit }),
        value: rain(weather.precipitation_mm),
      },
      { label: t('summary.observed', { unit: rainUnit }), value: rain(weather.observed_mm) },
      { label: t('summary.rainy_days'), value: String(weather.rainy_days) },
      { label: t('summary.observations'), value: String(totals.stage_observations) },
    ],
    blocks,
    notes: [t('notes.harvest_stage'), t('notes.rain')],
    fileName: f.fileName('season'),
  };
}

// ---- the PDF ---------------------------------------------------------------------------------

/** A report sheet as an A4 PDF: header, key figures, titled tables, notes, page numbers. */
function reportPdf(sheet: ReportSheet): Promise<Buffer> {
  const margin = 36;
  const { doc, done } = startPdf({
    title: `${sheet.title} – ${sheet.subtitle}`,
    locale: LOCALE_RULES[sheet.language].locale,
    layout: sheet.layout,
    margins: { top: margin, bottom: 52, left: margin, right: margin },
  });

  const left = margin;
  const width = doc.page.width - margin * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // Header: the brand and the date, the title, the farm and season.
  const top = doc.y;
  doc.rect(0, 0, doc.page.width, 6).fill(COLOURS.green);
  doc.font(PDF_FONTS.bold).fontSize(11).fillColor(COLOURS.green).text('Lavoura', left, top);
  doc
    .font(PDF_FONTS.regular)
    .fontSize(9)
    .fillColor(COLOURS.grey)
    .text(sheet.generated, left, top + 1, { width, align: 'right' });
  doc
    .font(PDF_FONTS.bold)
    .fontSize(20)
    .fillColor(COLOURS.navy)
    .text(sheet.title, left, top + 22, { width });
  doc
    .font(PDF_FONTS.regular)
    .fontSize(11)
    .fillColor(COLOURS.grey)
    .text(sheet.subtitle, left, doc.y + 2, { width });
  doc.y += 10;

  // Key figures: a row of boxes, label over value.
  const perRow = sheet.layout === 'landscape' ? 7 : 4;
  const cell = width / perRow;
  for (let start = 0; start < sheet.figures.length; start += perRow) {
    const row = sheet.figures.slice(start, start + perRow);
    const height = 40;
    ensure(height);
    const y = doc.y;
    row.forEach((figure, index) => {
      const x = left + index * cell;
      doc.rect(x, y, cell, height).fill(index % 2 ? COLOURS.band : COLOURS.greenTint);
      doc
        .font(PDF_FONTS.regular)
        .fontSize(7)
        .fillColor(COLOURS.grey)
        .text(figure.label, x + 6, y + 5, { width: cell - 12, height: 16, ellipsis: true });
      doc
        .font(PDF_FONTS.bold)
        .fontSize(11)
        .fillColor(COLOURS.navy)
        .text(figure.value, x + 6, y + 22, { width: cell - 12, lineBreak: false });
    });
    doc.y = y + height + 4;
  }

  const pad = 4;
  const table = (spec: Table) => {
    const widths = spec.columns.map((column) => column.width * width);
    if (spec.title) {
      ensure(40);
      doc.y += 4;
      doc
        .font(PDF_FONTS.bold)
        .fontSize(8.5)
        .fillColor(COLOURS.green)
        .text(spec.title, left, doc.y, { width });
      doc.y += 2;
    }
    if (!spec.rows.length) {
      doc
        .font(PDF_FONTS.italic)
        .fontSize(8.5)
        .fillColor(COLOURS.grey)
        .text(spec.empty, left, doc.y, { width });
      doc.y += 4;
      return;
    }
    const header = () => {
      doc.font(PDF_FONTS.bold).fontSize(7.5);
      const height =
        Math.max(
          ...spec.columns.map((column, index) =>
            doc.heightOfString(column.label, { width: widths[index]! - pad * 2 }),
          ),
        ) +
        pad * 2;
      ensure(height + 18);
      const y = doc.y;
      doc.rect(left, y, width, height).fill(COLOURS.navy);
      let x = left;
      spec.columns.forEach((column, index) => {
        doc.fillColor('#FFFFFF').text(column.label, x + pad, y + pad, {
          width: widths[index]! - pad * 2,
          align: column.align ?? 'left',
        });
        x += widths[index]!;
      });
      doc.y = y + height;
    };
    header();
    spec.rows.forEach((cells, rowIndex) => {
      doc.font(PDF_FONTS.regular).fontSize(8);
      const height =
        Math.max(
          ...cells.map((value, index) =>
            doc.heightOfString(value, { width: widths[index]! - pad * 2 }),
          ),
        ) +
        pad * 2;
      if (doc.y + height > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      bandedRow(doc, { left, y, width, height, striped: rowIndex % 2 === 1, rule: 0.5 });
      let x = left;
      cells.forEach((value, index) => {
        doc
          .font(PDF_FONTS.regular)
          .fontSize(8)
          .fillColor(COLOURS.navy)
          .text(value, x + pad, y + pad, {
            width: widths[index]! - pad * 2,
            align: spec.columns[index]?.align ?? 'left',
          });
        x += widths[index]!;
      });
      doc.y = y + height;
    });
    doc.y += 6;
  };

  for (const block of sheet.blocks) {
    ensure(70);
    doc.y += 8;
    doc
      .font(PDF_FONTS.bold)
      .fontSize(10.5)
      .fillColor(COLOURS.navy)
      .text(block.heading, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(1)
      .strokeColor(COLOURS.green)
      .stroke();
    doc.y += 5;
    for (const line of block.lines)
      doc
        .font(PDF_FONTS.regular)
        .fontSize(8.5)
        .fillColor(COLOURS.grey)
        .text(line, left, doc.y, { width });
    doc.y += 3;
    for (const spec of block.tables) table(spec);
  }

  doc.y += 4;
  for (const note of sheet.notes) {
    doc.font(PDF_FONTS.regular).fontSize(7.5);
    ensure(doc.heightOfString(note, { width }) + 4);
    doc.fillColor(COLOURS.grey).text(note, left, doc.y, { width });
    doc.y += 2;
  }

  // The footer of every page: the report, the farm and season, and the page.
  drawPageFooters(doc, {
    left,
    width,
    fromBottom: 32,
    fontSize: 7.5,
    leftShare: 2 / 3,
    text: `${sheet.title} · ${sheet.subtitle}`,
    pageText: (page, pages) => translate(sheet.language, 'reports', 'page', { page, pages }),
    font: PDF_FONTS.regular,
  });
  doc.end();
  return done;
}

export async function programaPdf(report: ProgramaReport, language: Language) {
  const sheet = composeProgramaReport(report, language);
  return { fileName: `${sheet.fileName}.pdf`, bytes: await reportPdf(sheet) };
}

export async function seasonReportPdf(report: SeasonReport, language: Language) {
  const sheet = composeSeasonReport(report, language);
  return { fileName: `${sheet.fileName}.pdf`, bytes: await reportPdf(sheet) };
}
