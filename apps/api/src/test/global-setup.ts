import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';
import { databaseUrlFor, TEST_DATABASE_PREFIX } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite data directory (tar): each worker loads it once, each file clones it. */
    pgliteTemplate: string;
    /** A migrated, seeded PostgreSQL database: each test app is a `CREATE DATABASE … TEMPLATE` of it. */
    postgresTemplate: string;
  }
}

/**
 * Builds the run's one template database (migrated and seeded once, not once per file):
 * - PGlite: a data-directory dump in a temp file;
 * - PostgreSQL (TEST_DATABASE=postgres): a database of its own on DATABASE_URL's server, named after
 *   this process, dropped with every copy of it when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DATABASE === 'postgres') return postgresTemplate(project);
  project.provide('postgresTemplate', '');
  const database = await openDatabase({});
  await migrate(database);
  await seedReferenceData(database.db);
  // Written out of the WAL into the tables: a file's copy then starts without replaying it.
  await database.execute('CHECKPOINT');
  const dump = await database.dump!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplate', '');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await dropLeftovers(admin);
  const template = `${TEST_DATABASE_PREFIX}${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${template}"`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, template) });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
  } finally {
    // A template takes no connection of its own: copies would refuse to start.
    await database.close();
  }
  project.provide('postgresTemplate', template);
  return async () => {
    // The template and any copy a crashed file left behind.
    await dropDatabases(admin, (name) => name === template || name.startsWith(`${template}_`));
    await admin.end();
  };
}

async function dropDatabases(admin: pg.Client, which: (name: string) => boolean): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${TEST_DATABASE_PREFIX}%'`,
  );
  for (const { datname } of rows.filter((row) => which(row.datname)))
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}

/** Test databases of runs whose process is gone (killed before their teardown). */
async function dropLeftovers(admin: pg.Client): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  await dropDatabases(admin, (name) => {
    const pid = Number.parseInt(name.slice(TEST_DATABASE_PREFIX.length), 10);
    return Number.isInteger(pid) && pid !== process.pid && !alive(pid);
  });
}
