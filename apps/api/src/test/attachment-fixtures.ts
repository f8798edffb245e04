import { strToU8, zipSync } from 'fflate';

/**
 * Small files of each attachment type, made here by their formats' signatures: what the type
 * check reads is the content, so each fixture carries its real magic bytes.
 */

/** A real 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A JPEG's start (SOI, JFIF APP0) and end. */
export const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);

/** An HEIF container of brand heic (an iPhone photo's first box). */
export const heic = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from('ftypheic', 'latin1'),
  Buffer.from([0x00, 0x00, 0x00, 0x00]),
  Buffer.from('mif1heic', 'latin1'),
  Buffer.alloc(64),
]);

export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`;

export const docx = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      contentTypes(
        'word/document.xml',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
    ),
    'word/document.xml': strToU8('<w:document/>'),
  }),
);

export const xlsx = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      contentTypes(
        'xl/workbook.xml',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      ),
    ),
    'xl/workbook.xml': strToU8('<workbook/>'),
  }),
);

/** An OLE2 compound file whose directory names this stream (UTF-16LE), as Office writes. */
function compoundFile(stream: string): Buffer {
  const file = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x003e, 24); // minor version
  file.writeUInt16LE(0x0003, 26); // major version 3: 512-byte sectors
  file.writeUInt16LE(0xfffe, 28); // little-endian
  file.writeUInt16LE(9, 30); // sector shift
  Buffer.from('Root Entry', 'utf16le').copy(file, 512);
  Buffer.from(stream, 'utf16le').copy(file, 640);
  return file;
}
export const doc = compoundFile('WordDocument');
export const xls = compoundFile('Workbook');
/** A compound file that is neither (an installer package looks like this). */
export const otherCompound = compoundFile('SummaryInformation');

/** A Windows executable's start: MZ, the PE offset, PE signature. */
export const exe = (() => {
  const file = Buffer.alloc(512);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
})();

/** A shell script. */
export const script = Buffer.from('#!/bin/sh\nrm -rf /\n', 'latin1');
