/**
 * Where attachments' bytes live (DESIGN.md §6): `local`, the default, under `DATA_DIR/files/`,
 * and `s3`, any S3-compatible object store (STORAGE_DRIVER, see docs/notes.md). The database keeps
 * each file's key; a key is ours only (`notes/<account>/<uuid>`), never a user's text.
 */
export const STORAGE_KINDS = ['local', 's3'] as const;
type StorageKind = (typeof STORAGE_KINDS)[number];

export interface FileStorage {
  readonly kind: StorageKind;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; a key already gone is no error. */
  delete(key: string): Promise<void>;
}

/** Keys are `a-z0-9_-` segments joined by `/`: nothing that could climb out of a folder. */
export function assertStorageKey(key: string): string {
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i.test(key)) throw new Error(`Invalid storage key ${key}`);
  return key;
}
