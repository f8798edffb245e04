import { randomUUID } from 'node:crypto';
import {
  ERRORS,
  bodyFieldError,
  type Note,
  type NoteBody,
  type NoteFilter,
  type NoteUpdateBody,
} from '@lavoura/domain';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import type { Session } from '../auth/session.types.ts';
import { attachmentType } from './attachment-type.ts';
import { toNote, type NoteRow } from './note.presenter.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/** An attachment as the request brought it (already within the size limit). */
export interface Upload {
  name: string;
  bytes: Uint8Array;
}

interface CheckedUpload extends Upload {
  mimetype: string;
  key: string;
}

export interface NotesServiceDeps {
  db: Database;
  storage: FileStorage;
  /** Told of a stored file that could not be removed (the row is gone already). */
  warn?: (message: string, error: unknown) => void;
  now?: () => Date;
}

const editor = alias(t.users, 'editor');

/**
 * The field notebook of a farm (spec 3 §7 Notes). Every query starts from the session's account
 * and the farms it sees (`visibleFarms`): another account's note, or one on a farm the member is
 * not assigned to, is not found (404). Attachments' bytes go through the storage interface; a
 * refused upload stores nothing, and removing a note or a file removes its bytes.
 */
export class NotesService {
  private readonly now: () => Date;

  constructor(private readonly deps: NotesServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(session: Session, farmId: number, filter: NoteFilter): Promise<Note[]> {
    await this.farmOf(session, farmId);
    const conditions: SQL[] = [eq(t.fieldNotes.farmId, farmId)];
    if (filter.plot_id !== undefined) conditions.push(eq(t.fieldNotes.plotId, +filter.plot_id));
    if (filter.category_id !== undefined)
      conditions.push(eq(t.fieldNotes.categoryId, +filter.category_id));
    if (filter.created_by !== undefined)
      conditions.push(eq(t.fieldNotes.createdBy, +filter.created_by));
    if (filter.created_at !== undefined)
      // The day as the farm lives it.
      conditions.push(
        sql`(${t.fieldNotes.createdAt} at time zone ${t.farms.timeZone})::date = ${String(filter.created_at)}::date`,
      );
    const rows = await this.selection(this.deps.db, session, and(...conditions)!).orderBy(
      desc(t.fieldNotes.createdAt),
      desc(t.fieldNotes.id),
    );
    return rows.map(toNote);
  }

  async create(session: Session, farmId: number, body: NoteBody, uploads: Upload[]): Promise<Note> {
    const files = await this.check(session, uploads);
    const farm = await this.farmOf(session, farmId);
    const plotId = await this.plotOf(session, farm.id, body.plot_id ?? null);
    const at = this.now();
    return this.storing(files, async (tx) => {
      const [note] = await tx
        .insert(t.fieldNotes)
        .values({
          accountId: session.accountId,
          farmId: farm.id,
          plotId,
          categoryId: body.category_id,
          title: body.title,
          description: body.description ?? '',
          createdBy: session.userId,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: t.fieldNotes.id });
      await this.attach(tx, session, note!.id, files);
      return this.get(session, note!.id, tx);
    });
  }

  async update(
    session: Session,
    farmId: number,
    noteId: number,
    body: NoteUpdateBody,
    uploads: Upload[],
  ): Promise<Note> {
    const files = await this.check(session, uploads);
    const note = await this.get(session, noteId);
    if (note.farm.id !== farmId) throw new AppError(ERRORS.notFound, 'Note not found');
    authorizeRecord(session, 'note', 'change', { farmId });
    const plotId = await this.plotOf(session, farmId, body.plot_id ?? null);
    const removing = body.remove_file_ids ?? [];
    const own = new Set(note.files.map((file) => file.id));
    const unknown = removing.filter((id) => !own.has(id));
    if (unknown.length > 0)
      throw new AppError(ERRORS.validation, 'Not a file of this note', [
        bodyFieldError('remove_file_ids', `Unknown file ids ${unknown.join(', ')}`),
      ]);
    // Each write moves updated_at by at least a millisecond (docs/architecture.md).
    const at = new Date(Math.max(this.now().getTime(), Date.parse(note.updated_at) + 1));
    let removedKeys: string[] = [];
    const updated = await this.storing(files, async (tx) => {
      await tx
        .update(t.fieldNotes)
        .set({
          title: body.title,
          description: body.description ?? '',
          categoryId: body.category_id,
          plotId,
          editedBy: session.userId,
          updatedAt: at,
        })
        .where(and(ofAccount(t.fieldNotes, session), eq(t.fieldNotes.id, noteId)));
      if (removing.length > 0) {
        const removed = await tx
          .delete(t.fieldNoteFiles)
          .where(
            and(
              ofAccount(t.fieldNoteFiles, session),
              eq(t.fieldNoteFiles.noteId, noteId),
              inArray(t.fieldNoteFiles.id, removing),
            ),
          )
          .returning({ key: t.fieldNoteFiles.storageKey });
        removedKeys = removed.map((row) => row.key);
      }
      await this.attach(tx, session, noteId, files);
      return this.get(session, noteId, tx);
    });
    await this.forget(removedKeys);
    return updated;
  }

  /** Deletes a note and its files, rows and bytes. */
  async remove(session: Session, noteId: number): Promise<void> {
    const note = await this.get(session, noteId);
    authorizeRecord(session, 'note', 'delete', { farmId: note.farm.id });
    const keys = await this.deps.db.transaction(async (tx) => {
      const files = await tx
        .select({ key: t.fieldNoteFiles.storageKey })
        .from(t.fieldNoteFiles)
        .where(and(ofAccount(t.fieldNoteFiles, session), eq(t.fieldNoteFiles.noteId, note.id)));
      await tx
        .delete(t.fieldNotes)
        .where(and(ofAccount(t.fieldNotes, session), eq(t.fieldNotes.id, note.id)));
      return files.map((file) => file.key);
    });
    await this.forget(keys);
  }

  /** One attachment's bytes, for the authorised download route. */
  async download(
    session: Session,
    noteId: number,
    fileId: number,
  ): Promise<{ name: string; mimetype: string; bytes: Uint8Array }> {
    const [file] = await this.deps.db
      .select({
        name: t.fieldNoteFiles.name,
        mimetype: t.fieldNoteFiles.mimetype,
        key: t.fieldNoteFiles.storageKey,
      })
      .from(t.fieldNoteFiles)
      .innerJoin(
        t.fieldNotes,
        and(
          eq(t.fieldNotes.accountId, t.fieldNoteFiles.accountId),
          eq(t.fieldNotes.id, t.fieldNoteFiles.noteId),
        ),
      )
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.fieldNotes.accountId), eq(t.farms.id, t.fieldNotes.farmId)),
      )
      .where(
        and(
          ofAccount(t.fieldNoteFiles, session),
          eq(t.fieldNoteFiles.noteId, noteId),
          eq(t.fieldNoteFiles.id, fileId),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!file) throw new AppError(ERRORS.notFound, 'File not found');
    const bytes = await this.deps.storage.get(file.key);
    if (!bytes) throw new AppError(ERRORS.notFound, 'File not found');
    return { name: file.name, mimetype: file.mimetype, bytes };
  }

  async get(session: Session, noteId: number, db: Executor = this.deps.db): Promise<Note> {
    const [row] = await this.selection(db, session, eq(t.fieldNotes.id, noteId));
    if (!row) throw new AppError(ERRORS.notFound, 'Note not found');
    return toNote(row);
  }

  /** Every attachment's type from its content, before anything is stored. */
  private async check(session: Session, uploads: Upload[]): Promise<CheckedUpload[]> {
    const checked: CheckedUpload[] = [];
    for (const upload of uploads) {
      const mimetype = await attachmentType(upload.name, upload.bytes);
      if (!mimetype)
        throw new AppError(ERRORS.fileUnsupportedType, 'This file type is not accepted', {
          name: upload.name,
        });
      checked.push({ ...upload, mimetype, key: `notes/${session.accountId}/${randomUUID()}` });
    }
    return checked;
  }

  /**
   * Runs the write with the files stored first: if storing or the write fails, the transaction
   * rolls back and the bytes already stored are removed, so a refused note leaves nothing.
   */
  private async storing<T>(
    files: CheckedUpload[],
    write: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    const stored: string[] = [];
    try {
      return await this.deps.db.transaction(async (tx) => {
        for (const file of files) {
          await this.deps.storage.put(file.key, file.bytes, file.mimetype);
          stored.push(file.key);
        }
        return write(tx);
      });
    } catch (error) {
      await this.forget(stored);
      throw error;
    }
  }

  private async attach(tx: Executor, session: Session, noteId: number, files: CheckedUpload[]) {
    if (files.length === 0) return;
    await tx.insert(t.fieldNoteFiles).values(
      files.map((file) => ({
        accountId: session.accountId,
        noteId,
        name: file.name,
        mimetype: file.mimetype,
        size: file.bytes.byteLength,
        storageKey: file.key,
      })),
    );
  }

  /** Removes stored bytes whose rows are gone; a failure is reported, not thrown. */
  private async forget(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.deps.storage.delete(key)));
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        this.deps.warn?.(`stored file ${keys[index]} could not be removed`, result.reason);
    });
  }

  private async farmOf(session: Session, farmId: number): Promise<{ id: number }> {
    const [farm] = await this.deps.db
      .select({ id: t.farms.id })
      .from(t.farms)
      .where(
        and(
          ofAccount(t.farms, session),
          eq(t.farms.id, farmId),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
    return farm;
  }

  /** A plot id of the body: one of the farm's plots, or 400 exception.plot_not_found. */
  private async plotOf(session: Session, farmId: number, plotId: number | null) {
    if (plotId === null) return null;
    const [plot] = await this.deps.db
      .select({ id: t.plots.id })
      .from(t.plots)
      .where(
        and(
          ofAccount(t.plots, session),
          eq(t.plots.farmId, farmId),
          eq(t.plots.id, plotId),
          isNull(t.plots.deletedAt),
        ),
      );
    if (!plot) throw new AppError(ERRORS.plotNotFound, 'Unknown plot', { plot_id: plotId });
    return plot.id;
  }

  private selection(db: Executor, session: Session, where: SQL) {
    return db
      .select({
        id: t.fieldNotes.id,
        title: t.fieldNotes.title,
        description: t.fieldNotes.description,
        categoryId: t.fieldNotes.categoryId,
        farmId: t.farms.id,
        farmName: t.farms.name,
        plotId: t.fieldNotes.plotId,
        plotName: t.plots.name,
        createdById: t.users.id,
        createdByName: t.users.name,
        editedById: editor.id,
        editedByName: editor.name,
        createdAt: t.fieldNotes.createdAt,
        updatedAt: t.fieldNotes.updatedAt,
        files: sql<NoteRow['files']>`coalesce((
          select json_agg(json_build_object('id', f.id, 'name', f.name, 'mimetype', f.mimetype,
            'size', f.size) order by f.id)
          from ${t.fieldNoteFiles} f
          where f.account_id = ${t.fieldNotes.accountId} and f.note_id = ${t.fieldNotes.id}),
          '[]'::json)`,
      })
      .from(t.fieldNotes)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.fieldNotes.accountId), eq(t.farms.id, t.fieldNotes.farmId)),
      )
      .innerJoin(t.users, eq(t.users.id, t.fieldNotes.createdBy))
      .leftJoin(editor, eq(editor.id, t.fieldNotes.editedBy))
      .leftJoin(
        t.plots,
        and(eq(t.plots.accountId, t.fieldNotes.accountId), eq(t.plots.id, t.fieldNotes.plotId)),
      )
      .where(
        and(
          ofAccount(t.fieldNotes, session),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
          where,
        ),
      );
  }
}
