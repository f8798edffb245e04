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
/** An open transaction of `db.transaction(async (tx) => ...)`. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a service's helper runs its queries on: the database, or the caller's transaction. */
export type Executor = Database | Transaction;

/** One database, whichever engine: the embedded PGlite or a PostgreSQL server. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The PostgreSQL schema holding our tables ('public' on PGlite). */
  schema: string;
  /** Change notifications of the database (LISTEN); see `NotificationSource`. */
  listen: NotificationSource;
  /** Runs raw SQL (several statements allowed); used by migrations only. */
  execute(statements: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's data directory as a tarball (PGlite only). */
  dump?: () => Promise<Blob>;
}

/**
 * Subscribes to a NOTIFY channel. `onState(true)` once listening, `onState(false)` whenever the
 * listener is down (notifications may be lost until the next `true`); it reconnects by itself.
 * Resolves after the first attempt with a function that stops listening.
 */
export type NotificationSource = (
  channel: string,
  handlers: { onNotification(payload: string): void; onState(up: boolean): void },
) => Promise<() => Promise<void>>;

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
    schema: 'public',
    // One process, one database: PGlite delivers a notification before the query that raised it
    // resolves, and the listener can never be down.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotification);
      handlers.onState(true);
      return async () => {
        handlers.onState(false);
        await unlisten().catch(() => undefined); // the database may be closed already
      };
    },
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
    schema: schemaName,
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers),
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

/** How long a lost LISTEN connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000;

/** A dedicated connection (not from the pool) that LISTENs and reconnects when lost. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: Parameters<NotificationSource>[1],
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    current = client;
    let down = false;
    const lost = () => {
      if (down) return;
      down = true;
      handlers.onState(false);
      client.end().catch(() => undefined);
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, LISTEN_RETRY_MS);
      retry.unref();
    };
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined)
        handlers.onNotification(message.payload);
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (!down && !stopped) handlers.onState(true);
    } catch {
      lost();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    handlers.onState(false);
    await current?.end().catch(() => undefined);
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
