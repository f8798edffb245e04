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
 * Characters the PDF's standard fonts (WinAnsi) cannot draw are written without their accent or
 * as "?": the Latin of pt, en and es is all there.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(char)
    )
      out += char;
    else {
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

/**
 * An A4 PDF of the app (prescriptions, reports): standard fonts, pages kept in memory so that the
 * footers can number them at the end, and the whole file as one Buffer once `doc.end()` is called.
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
    info: { Title: winAnsi(options.title), Author: 'Lavoura', Creator: 'Lavoura' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
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
