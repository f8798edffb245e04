import { describe, expect, it } from 'vitest';
import { InvalidQueryValueError } from '../query-fragment.ts';
import { noteFormFields } from '../contracts/notes.ts';
import { fileExtension, formatNoteFilter, isNoteFileName, parseNoteFilter } from './note-rules.ts';

describe('the note filter', () => {
  it('reads the pairs of each field', () => {
    expect(parseNoteFilter('plot_id:3,category_id:2,created_by:7,created_at:2026-11-24')).toEqual({
      plot_id: 3,
      category_id: 2,
      created_by: 7,
      created_at: '2026-11-24',
    });
    expect(parseNoteFilter(undefined)).toEqual({});
    expect(parseNoteFilter('')).toEqual({});
  });

  it.each([
    'plot_id:3;drop',
    'plot_id:',
    'plot_id',
    'plot_id:1=1',
    'owner:3',
    'plot_id:abc',
    'plot_id:0',
    'plot_id:1,plot_id:2',
    'created_at:2026-02-30',
    'created_at:yesterday',
    'category_id:2 or 1',
  ])('refuses %s as an invalid query value', (filter) => {
    expect(() => parseNoteFilter(filter)).toThrow(InvalidQueryValueError);
  });

  it('writes what it reads', () => {
    const filter = { category_id: 2, created_at: '2026-11-24' };
    expect(formatNoteFilter(filter)).toBe('category_id:2,created_at:2026-11-24');
    expect(parseNoteFilter(formatNoteFilter(filter))).toEqual(filter);
  });
});

describe('attachment names', () => {
  it('takes the spec’s extensions in any case', () => {
    expect(fileExtension('Foto.JPEG')).toBe('jpeg');
    expect(isNoteFileName('laudo.PDF')).toBe(true);
    expect(isNoteFileName('planilha.xlsx')).toBe(true);
    expect(isNoteFileName('setup.exe')).toBe(false);
    expect(isNoteFileName('sem-extensao')).toBe(false);
  });
});

describe('a multipart form as the JSON body', () => {
  it('turns ids into numbers and an empty plot into none', () => {
    expect(
      noteFormFields({
        title: ['Ferrugem'],
        category_id: ['3'],
        plot_id: [''],
        remove_file_ids: ['4,5', '6'],
      }),
    ).toEqual({ title: 'Ferrugem', category_id: 3, plot_id: null, remove_file_ids: [4, 5, 6] });
    expect(noteFormFields({ category_id: ['pests'] })).toEqual({ category_id: 'pests' });
  });
});
