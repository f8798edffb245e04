import PDFDocument from 'pdfkit';

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
  margins: { top: number; bottom: number; left: number; right: number };
  layout?: 'portrait' | 'landscape';
}): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: options.margins,
    bufferPages: true,
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
