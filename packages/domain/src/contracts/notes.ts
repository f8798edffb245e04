import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { NOTE_CATEGORIES } from '../reference/enumerations.ts';
import { queryIdSchema, recordIdSchema } from './common.ts';

/**
 * Field notes (spec 3 §3 Note, §7 Notes; issue 11 items 6–7) as the API answers and takes them.
 * Create and update take these fields as JSON, or as multipart form fields with the attachments
 * in `files` (the server turns the form's texts into these types first: `noteFormFields`).
 */

const categoryIds = NOTE_CATEGORIES.map((category) => category.id);

/** A note's text: the body may leave it out, the form's text box holds it (maybe empty). */
export const noteDescriptionSchema = z.string().check(z.trim(), z.maxLength(5000));

export const noteBodySchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  description: z.optional(noteDescriptionSchema),
  category_id: z
    .int()
    .check(z.refine((id) => categoryIds.includes(id), { message: FIELD_KEYS.invalid })),
  /** The plot the note is about: one of the farm's, or none. */
  plot_id: z.optional(z.nullable(recordIdSchema)),
});
export type NoteBody = z.infer<typeof noteBodySchema>;

export const noteUpdateBodySchema = z.extend(noteBodySchema, {
  /** Attachments to remove from the note (its own file ids). */
  remove_file_ids: z.optional(z.array(recordIdSchema).check(z.maxLength(50))),
});
export type NoteUpdateBody = z.infer<typeof noteUpdateBodySchema>;

/**
 * A multipart form's text fields as the JSON body has them: ids as numbers (an empty plot is
 * none), `remove_file_ids` as a list (repeated fields or one comma-separated value). A text that
 * is no number stays text, so the schema names the field.
 */
export function noteFormFields(fields: Record<string, string[]>): Record<string, unknown> {
  const id = (value: string) => (/^\d{1,10}$/.test(value.trim()) ? Number(value) : value);
  const body: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(fields)) {
    const value = values[values.length - 1] ?? '';
    if (name === 'category_id') body[name] = id(value);
    else if (name === 'plot_id') body[name] = value.trim() === '' ? null : id(value);
    else if (name === 'remove_file_ids')
      body[name] = values
        .flatMap((item) => item.split(','))
        .filter((item) => item.trim() !== '')
        .map(id);
    else body[name] = value;
  }
  return body;
}

const named = z.object({ id: z.int(), name: z.string() });

const noteFileSchema = z.object({
  id: z.int(),
  mimetype: z.string(),
  name: z.string(),
  /** The authorised download route of the file (GET /api/fields-notes/{note_id}/files/{file_id}). */
  storage_link: z.string(),
  /** Bytes. */
  size: z.int(),
});
z.globalRegistry.add(noteFileSchema, { id: 'NoteFile' });

export const noteSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  category: z.object({ id: z.int(), code: z.string(), message_key: z.string() }),
  farm: z.object({ id: z.int(), nome: z.string() }),
  plot: z.nullable(z.object({ id: z.int(), nome: z.string() })),
  created_by: named,
  edited_by: z.nullable(named),
  created_at: z.string(),
  updated_at: z.string(),
  files: z.array(noteFileSchema),
});
z.globalRegistry.add(noteSchema, { id: 'Note' });
export type Note = z.infer<typeof noteSchema>;

/** GET /api/farms/{id}/fields-notes: the notes' filter (parseNoteFilter reads it). */
export const notesQuerySchema = z.object({
  filter: z.optional(z.string().check(z.maxLength(500))),
});

/** /farms/:id/fields-notes/:noteId: a note of a farm. */
export const farmNoteParamsSchema = z.object({ id: queryIdSchema, noteId: queryIdSchema });

/** /fields-notes/:note_id/files/:file_id: an attachment of a note. */
export const noteFileParamsSchema = z.object({ note_id: queryIdSchema, file_id: queryIdSchema });
