import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One database, whichever engine: the embedded PGlite or a PostgreSQL server. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs raw SQL (several statements allowed); used by migrations only. */
  execute(statements: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's data directory as a tarball (PGlite only). */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL schema holding our tables (a test run uses its own). */
  schema?: string;
  /** Directory of the embedded database; omitted means in memory. */
  pgliteDir?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated, seeded template). */
  pgliteDump?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema ?? 'public');
  return openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    execute: async (statements) => {
      await client.exec(statements);
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(connectionString: string, schemaName: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Every connection resolves unqualified table names in our schema.
    options: `-c search_path=${schemaName}`,
  });
  pool.on('error', () => {
    // An idle client lost its server; the pool replaces it and the next query reports the cause.
  });
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  await db.execute(sql`select 1`);
  return {
    kind: 'postgres',
    db,
    execute: async (statements) => {
      // One client for the whole script, so a failed transaction is rolled back on its own session.
      const client = await pool.connect();
      try {
        await client.query(statements);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
