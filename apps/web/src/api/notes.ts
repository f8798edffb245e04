import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  formatNoteFilter,
  noteSchema,
  type Note,
  type NoteBody,
  type NoteFilter,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { Note, NoteFilter };

/** Notes are the farm's: under ['farm', id] they leave the cache with a farm switch. */
export const noteKeys = {
  all: (farmId: number) => ['farm', farmId, 'notes'] as const,
  list: (farmId: number, filter: NoteFilter) =>
    ['farm', farmId, 'notes', formatNoteFilter(filter)] as const,
};

export function notesQuery(farmId: number, filter: NoteFilter) {
  const query = formatNoteFilter(filter);
  return queryOptions({
    queryKey: noteKeys.list(farmId, filter),
    queryFn: ({ signal }) =>
      apiFetch<Note[]>(
        `/api/farms/${farmId}/fields-notes${query ? `?${new URLSearchParams({ filter: query })}` : ''}`,
        { signal, schema: z.array(noteSchema) },
      ),
  });
}

/** GET /api/farms/{id}/fields-notes: the farm's notes, newest first, as filtered. */
export function useNotes(farmId: number | null, filter: NoteFilter, enabled = true) {
  return useQuery({
    ...notesQuery(farmId ?? 0, filter),
    enabled: enabled && farmId !== null,
  });
}

/**
 * The note as a multipart form: the body's fields (no plot: an empty field; the server reads them
 * with noteFormFields), the new files in `files`, the files to remove.
 */
function noteForm(body: NoteBody, files: readonly File[], removeFileIds: readonly number[]) {
  const form = new FormData();
  form.append('title', body.title);
  form.append('description', body.description ?? '');
  form.append('category_id', String(body.category_id));
  form.append('plot_id', String(body.plot_id ?? ''));
  if (removeFileIds.length > 0) form.append('remove_file_ids', removeFileIds.join(','));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** POST /api/farms/{id}/fields-notes */
export function createNote(farmId: number, body: NoteBody, files: readonly File[]) {
  return apiFetch(`/api/farms/${farmId}/fields-notes`, {
    method: 'POST',
    body: noteForm(body, files, []),
    schema: noteSchema,
  });
}

/** POST /api/farms/{id}/fields-notes/{noteId} */
export function updateNote(
  farmId: number,
  noteId: number,
  body: NoteBody,
  files: readonly File[],
  removeFileIds: readonly number[],
) {
  return apiFetch(`/api/farms/${farmId}/fields-notes/${noteId}`, {
    method: 'POST',
    body: noteForm(body, files, removeFileIds),
    schema: noteSchema,
  });
}

/** DELETE /api/fields-notes/{id} */
export async function deleteNote(noteId: number): Promise<void> {
  await apiFetch(`/api/fields-notes/${noteId}`, { method: 'DELETE' });
}
