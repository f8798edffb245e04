import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/** Files in a folder of this machine (`DATA_DIR/files/` by default), one file per key. */
export function localStorage(root: string): FileStorage {
  const where = (key: string) => path.join(root, ...assertStorageKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = where(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(where(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(where(key), { force: true });
    },
  };
}
