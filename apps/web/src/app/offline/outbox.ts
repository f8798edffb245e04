import { useSyncExternalStore } from 'react';
import type { ErrorBody, NoteBody } from '@lavoura/domain';
import { openDB, type IDBPDatabase } from 'idb';
import { ApiError, NETWORK_ERROR_KEY } from '../../api/http';

/**
 * The field app's outbox (issue 30 item 7): what a member did without signal waits here, in
 * IndexedDB so a closed tab or a flat phone battery loses nothing, and is sent in order when the
 * signal returns (`outbox-sync.ts`). Each change is kept with its outcome: waiting, sent, or
 * refused with the server's error (a spraying applied by someone else meanwhile, a program paused),
 * which the screen shows until the member dismisses it. Never dropped in silence.
 */

/** A file attached to a queued note: its bytes, so any browser can keep it. */
export interface QueuedFile {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** The changes the field app can make without signal. */
export type OutboxChange =
  | {
      kind: 'apply-spraying';
      farmId: number;
      programId: number;
      ordinal: number;
      appliedAt: string;
      /** What the screen says of it: the program's name and the sowing's variety. */
      subject: string;
    }
  | { kind: 'note'; farmId: number; body: NoteBody; files: QueuedFile[] };

type OutboxState = 'waiting' | 'sent' | 'refused';

export interface OutboxEntry {
  id: number;
  /** Sent with this member's session only: another account's or person's waits for them. */
  accountId: number;
  userId: number;
  change: OutboxChange;
  queuedAt: string;
  state: OutboxState;
  sentAt: string | null;
  /** The server's refusal, as the API answered it. */
  error: { status: number; body: ErrorBody } | null;
}

const DATABASE = 'lavoura-field';
const STORE = 'outbox';
/** Sent changes are listed for a week, then forgotten. */
const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

let database: Promise<IDBPDatabase> | null = null;
function open(): Promise<IDBPDatabase> {
  database ??= openDB(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    },
  });
  return database;
}

let entries: readonly OutboxEntry[] = [];
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: readonly OutboxEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

/** Reads the outbox once (and forgets what was sent more than a week ago). */
export function loadOutbox(): Promise<void> {
  loaded ??= (async () => {
    try {
      const db = await open();
      const all = (await db.getAll(STORE)) as OutboxEntry[];
      const cutoff = Date.now() - SENT_KEPT_MS;
      const old = all.filter((row) => row.state === 'sent' && Date.parse(row.sentAt!) < cutoff);
      for (const row of old) await db.delete(STORE, row.id);
      publish(all.filter((row) => !old.includes(row)));
    } catch (error) {
      // No IndexedDB (a private window of some browsers): nothing can wait offline.
      console.warn('The outbox cannot be read', error);
    }
  })();
  return loaded;
}

/** Keeps a change to send later; resolves once it is on disk. */
export async function enqueue(
  owner: { accountId: number; userId: number },
  change: OutboxChange,
): Promise<OutboxEntry> {
  await loadOutbox();
  const db = await open();
  const row: Omit<OutboxEntry, 'id'> = {
    ...owner,
    change,
    queuedAt: new Date().toISOString(),
    state: 'waiting',
    sentAt: null,
    error: null,
  };
  const id = (await db.add(STORE, row)) as number;
  const entry = { ...row, id };
  publish([...entries, entry]);
  return entry;
}

/** Writes an entry's outcome. */
export async function settle(
  entry: OutboxEntry,
  outcome: { state: 'sent' } | { state: 'refused'; error: ApiError },
): Promise<void> {
  const next: OutboxEntry =
    outcome.state === 'sent'
      ? { ...entry, state: 'sent', sentAt: new Date().toISOString(), error: null }
      : {
          ...entry,
          state: 'refused',
          sentAt: null,
          error: { status: outcome.error.status, body: outcome.error.body },
        };
  const db = await open();
  await db.put(STORE, next);
  publish(entries.map((row) => (row.id === entry.id ? next : row)));
}

/** The member has read it: a sent or refused entry leaves the list. */
export async function dismiss(ids: readonly number[]): Promise<void> {
  const db = await open();
  for (const id of ids) await db.delete(STORE, id);
  publish(entries.filter((row) => !ids.includes(row.id)));
}

/** The entries of this member in this account, oldest first. */
export function outboxOf(
  all: readonly OutboxEntry[],
  owner: { accountId: number; userId: number },
): OutboxEntry[] {
  return all
    .filter((row) => row.accountId === owner.accountId && row.userId === owner.userId)
    .sort((a, b) => a.id - b.id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadOutbox();
  return () => listeners.delete(listener);
}

/** Every entry on this device, kept in step with every change. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}

/** The current entries, outside React (the sync). */
export function currentOutbox(): readonly OutboxEntry[] {
  return entries;
}

/** A refusal as the error the screens know how to tell. */
export function refusalOf(entry: OutboxEntry): ApiError | null {
  return entry.error ? new ApiError(entry.error.status, entry.error.body) : null;
}

/** Whether a failed call never reached the server: the change may wait for the signal. */
export function unreachable(error: unknown): boolean {
  return error instanceof ApiError && error.key === NETWORK_ERROR_KEY;
}

/** Files as bytes to keep, and back. */
export async function queuedFiles(files: readonly File[]): Promise<QueuedFile[]> {
  return Promise.all(
    files.map(async (file) => ({
      name: file.name,
      type: file.type,
      bytes: await file.arrayBuffer(),
    })),
  );
}

export function filesOf(files: readonly QueuedFile[]): File[] {
  return files.map((file) => new File([file.bytes], file.name, { type: file.type }));
}

/** Tests start from an empty outbox. */
export async function clearOutboxForTests(): Promise<void> {
  const db = await open();
  await db.clear(STORE);
  loaded = null;
  publish([]);
}
