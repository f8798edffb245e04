import { describe, expect, it } from 'vitest';
import * as fixture from '../../test/attachment-fixtures.ts';
import { attachmentType } from './attachment-type.ts';

describe('the type of an attachment', () => {
  it.each([
    ['foto.jpg', fixture.jpeg, 'image/jpeg'],
    ['foto.JPEG', fixture.jpeg, 'image/jpeg'],
    ['mapa.png', fixture.png, 'image/png'],
    ['iphone.heic', fixture.heic, 'image/heic'],
    ['laudo.pdf', fixture.pdf, 'application/pdf'],
    [
      'relatorio.docx',
      fixture.docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'custos.xlsx',
      fixture.xlsx,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['antigo.doc', fixture.doc, 'application/msword'],
    ['antigo.xls', fixture.xls, 'application/vnd.ms-excel'],
    // The content decides the type stored: a PNG called .jpg is a PNG.
    ['foto.jpg', fixture.png, 'image/png'],
  ])('%s is accepted as %s', async (name, bytes, type) => {
    expect(await attachmentType(name, bytes)).toBe(type);
  });

  it.each([
    ['a renamed executable', 'laudo.pdf', fixture.exe],
    ['a script called .jpg', 'foto.jpg', fixture.script],
    ['a compound file that is no Word file', 'antigo.doc', fixture.otherCompound],
    ['a Word file called .xls', 'antigo.xls', fixture.doc],
    ['a PDF with another extension', 'laudo.txt', fixture.pdf],
    ['an executable', 'setup.exe', fixture.exe],
    ['an empty file', 'vazio.pdf', Buffer.alloc(0)],
  ])('%s is refused', async (_what, name, bytes) => {
    expect(await attachmentType(name, bytes)).toBeNull();
  });
});
