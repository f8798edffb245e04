import path from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { localStorage } from './local-storage.ts';
import { s3Storage, type S3StorageOptions } from './s3-storage.ts';

/** What STORAGE_DRIVER and its variables chose (config.ts). */
export type StorageConfig = { driver: 'local' } | ({ driver: 's3' } & S3StorageOptions);

/** The storage of the configuration: `local` under DATA_DIR/files/, or the S3-compatible store. */
export function createStorage(config: StorageConfig, dataDir: string): FileStorage {
  if (config.driver === 's3') {
    const { driver: _driver, ...options } = config;
    return s3Storage(options);
  }
  return localStorage(path.join(dataDir, 'files'));
}
