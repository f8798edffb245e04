import { NOTE_CATEGORIES, type Note } from '@lavoura/domain';

/** A note row with its names and files, as notes.service reads it. */
export interface NoteRow {
  id: number;
  title: string;
  description: string;
  categoryId: number;
  farmId: number;
  farmName: string;
  plotId: number | null;
  plotName: string | null;
  createdById: number;
  createdByName: string;
  editedById: number | null;
  editedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  files: { id: number; name: string; mimetype: string; size: number }[];
}

/** Where a note's file downloads: the authorised route, never the storage's own address. */
function fileLink(noteId: number, fileId: number): string {
  return `/api/fields-notes/${noteId}/files/${fileId}`;
}

export function toNote(row: NoteRow): Note {
  const category = NOTE_CATEGORIES.find((item) => item.id === row.categoryId)!;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: { id: category.id, code: category.code, message_key: category.message_key },
    farm: { id: row.farmId, nome: row.farmName },
    plot: row.plotId === null ? null : { id: row.plotId, nome: row.plotName ?? '' },
    created_by: { id: row.createdById, name: row.createdByName },
    edited_by:
      row.editedById === null ? null : { id: row.editedById, name: row.editedByName ?? '' },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    files: row.files.map((file) => ({
      id: file.id,
      mimetype: file.mimetype,
      name: file.name,
      storage_link: fileLink(row.id, file.id),
      size: file.size,
    })),
  };
}
