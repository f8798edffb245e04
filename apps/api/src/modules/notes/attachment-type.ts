import { fileExtension, isNoteFileName } from '@lavoura/domain';
import { fileTypeFromBuffer } from 'file-type';

/** The content types a note's attachment may have, from its bytes (file-type's detection). */
const ACCEPTED: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heic',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // Detected by newer file-type versions from the compound file's streams.
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

/** The media types an attachment is answered with (its download's OpenAPI answer). */
export const NOTE_FILE_MEDIA_TYPES = [...new Set(Object.values(ACCEPTED))];

/** An OLE2 compound file's stream name, as its directory stores it (UTF-16LE). */
const utf16 = (name: string) => Buffer.from(name, 'utf16le');
const WORD_STREAM = utf16('WordDocument');
const EXCEL_STREAMS = [utf16('Workbook'), utf16('Book')];

/**
 * The type of an attachment from its content, not its name (spec 3 §5): JPEG, PNG, HEIC, PDF,
 * the zip-based Word and Excel files, and the older OLE2 ones (a compound file is a .doc when it
 * holds a WordDocument stream, a .xls with a Workbook or Book stream; an installer or anything
 * else in that container is not). The name must also carry one of the accepted extensions.
 * Answers the MIME type to store, or null when the file is refused.
 */
export async function attachmentType(name: string, bytes: Uint8Array): Promise<string | null> {
  if (!isNoteFileName(name)) return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  if (detected.ext === 'cfb') {
    const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const extension = fileExtension(name);
    if (extension === 'doc' && content.includes(WORD_STREAM)) return 'application/msword';
    if (extension === 'xls' && EXCEL_STREAMS.some((stream) => content.includes(stream)))
      return 'application/vnd.ms-excel';
    return null;
  }
  return ACCEPTED[detected.ext] ?? null;
}
