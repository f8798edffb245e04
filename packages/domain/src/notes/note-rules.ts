import { isCalendarDay } from '../contracts/common.ts';
import { assertQueryFragment, InvalidQueryValueError } from '../query-fragment.ts';

/** Attachments of a note (spec 3 §5, §9): these types, at most 5 MB each. */
export const NOTE_FILE_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'heic',
  'xlsx',
  'xls',
  'pdf',
  'doc',
  'docx',
] as const;
export const NOTE_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Attachments one create or update takes at most. */
export const NOTE_FILES_PER_REQUEST = 10;

/** The extension of a file name, lower case ('' without one). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isNoteFileName(name: string): boolean {
  return (NOTE_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/** The fields a note list may be filtered by (spec 3 §7 Notes). */
const NOTE_FILTER_FIELDS = ['plot_id', 'category_id', 'created_by', 'created_at'] as const;
type NoteFilterField = (typeof NOTE_FILTER_FIELDS)[number];
export type NoteFilter = Partial<Record<NoteFilterField, number | string>>;

/**
 * `filter=plot_id:3,category_id:2` as a filter. Each pair is the query fragment `plot_id=3`,
 * checked by the spec's rule (word=word); an unknown field, a repeated one, an id that is no
 * positive integer or a day that is no calendar day fails the same way: InvalidQueryValueError.
 */
export function parseNoteFilter(filter: string | undefined): NoteFilter {
  const result: NoteFilter = {};
  if (filter === undefined || filter.trim() === '') return result;
  for (const pair of filter.split(',')) {
    const fragment = assertQueryFragment(pair.trim().replace(':', '='));
    const [field, value] = fragment.split('=') as [string, string];
    if (!(NOTE_FILTER_FIELDS as readonly string[]).includes(field) || field in result)
      throw new InvalidQueryValueError();
    if (field === 'created_at') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isCalendarDay(value))
        throw new InvalidQueryValueError();
      result.created_at = value;
    } else {
      if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647)
        throw new InvalidQueryValueError();
      result[field as Exclude<NoteFilterField, 'created_at'>] = Number(value);
    }
  }
  return result;
}

/** The filter as the query value the API takes (`plot_id:3,category_id:2`). */
export function formatNoteFilter(filter: NoteFilter): string {
  return NOTE_FILTER_FIELDS.filter((field) => filter[field] !== undefined && filter[field] !== '')
    .map((field) => `${field}:${filter[field]}`)
    .join(',');
}
