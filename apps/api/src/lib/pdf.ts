import fs from 'node:fs';
import { createRequire } from 'node:module';
import { LOCALE_RULES, type Language } from '@lavoura/domain';
import PDFDocument from 'pdfkit';

/** The app's colours in its documents (the web theme's primary, secondary and text). */
export const PDF_COLOURS = {
  green: '#2E7D32',
  navy: '#1B2A4A',
  grey: '#55627A',
  rule: '#D5DBE3',
  band: '#F3F6F8',
  greenTint: '#E8F3E9',
};

/**
 * The documents' font: Noto Sans (SIL Open Font License 1.1, from the npm package
 * @expo-google-fonts/noto-sans; docs/data-sources.md), embedded as a subset of the glyphs a
 * document uses. It draws the Latin of every language, Vietnamese, Greek and Cyrillic, so a plot
 * or farm imported with such a name prints as written (the PDF standard fonts drew "?"). Not CJK,
 * Arabic, Hebrew or Thai: those print as empty boxes (docs/prescription.md says why).
 */
export const PDF_FONTS = {
  regular: 'NotoSans',
  bold: 'NotoSans-Bold',
  italic: 'NotoSans-Italic',
} as const;
const FONT_FILES: Record<keyof typeof PDF_FONTS, string> = {
  regular: '400Regular/NotoSans_400Regular.ttf',
  bold: '700Bold/NotoSans_700Bold.ttf',
  italic: '400Regular_Italic/NotoSans_400Regular_Italic.ttf',
};
let fontData: Map<string, Buffer> | undefined;
/** The font files, read once per process (a few hundred KB each). */
function fonts(): Map<string, Buffer> {
  if (!fontData) {
    const resolve = createRequire(import.meta.url).resolve;
    fontData = new Map(
      (Object.keys(PDF_FONTS) as (keyof typeof PDF_FONTS)[]).map((style) => [
        PDF_FONTS[style],
        fs.readFileSync(resolve(`@expo-google-fonts/noto-sans/${FONT_FILES[style]}`)),
      ]),
    );
  }
  return fontData;
}

/**
 * An A4 PDF of the app (prescriptions, reports): the embedded Noto Sans, pages kept in memory so
 * that the footers can number them at the end, and the whole file as one Buffer once `doc.end()`
 * is called.
 */
export function startPdf(options: {
  title: string;
  /** The document's language (/Lang), for screen readers and hyphenation: `pt-BR`, `en-US`… */
  locale: string;
  margins: { top: number; bottom: number; left: number; right: number };
  layout?: 'portrait' | 'landscape';
}): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: options.margins,
    bufferPages: true,
    lang: options.locale,
    info: { Title: options.title, Author: 'Lavoura', Creator: 'Lavoura' },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  doc.font(PDF_FONTS.regular);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A name as a file name part: no accents, lower case, words joined by hyphens. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/**
 * A calendar day as the language writes it in full digits: 05/01/2026, 01/05/2026 in English. A
 * value with a time (2026-01-05T14:00:00Z) is written as its day, as stored.
 */
export function day(value: string, language: Language): string {
  const [year, month, date] = value.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, date!)));
}

/**
 * The footer of every page, drawn once the content is laid out (the pages are buffered): a rule,
 * the document's words on the left (cut with an ellipsis) and "page N of M" on the right.
 */
export function drawPageFooters(
  doc: PDFKit.PDFDocument,
  footer: {
    left: number;
    width: number;
    /** How far above the page's bottom edge the text sits. */
    fromBottom: number;
    fontSize: number;
    /** The share of the width the left words take (the page number has the rest). */
    leftShare: number;
    text: string;
    pageText: (page: number, pages: number) => string;
    font: string;
  },
): void {
  const { left, width } = footer;
  const leftWidth = width * footer.leftShare;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - footer.fromBottom;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.6)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc
      .font(footer.font)
      .fontSize(footer.fontSize)
      .fillColor(PDF_COLOURS.grey)
      .text(footer.text, left, y, { width: leftWidth, lineBreak: false, ellipsis: true });
    doc.text(footer.pageText(index + 1, range.count), left + leftWidth, y, {
      width: width - leftWidth,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = saved;
  }
}

/** A table row's background: every other row banded, a rule below each. */
export function bandedRow(
  doc: PDFKit.PDFDocument,
  row: { left: number; y: number; width: number; height: number; striped: boolean; rule: number },
): void {
  if (row.striped) doc.rect(row.left, row.y, row.width, row.height).fill(PDF_COLOURS.band);
  doc
    .moveTo(row.left, row.y + row.height)
    .lineTo(row.left + row.width, row.y + row.height)
    .lineWidth(row.rule)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
}
