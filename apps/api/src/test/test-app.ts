import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDependencies } from '../app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { MaintenanceSwitch } from '../http/maintenance.ts';
import type { RateLimitSettings } from '../http/rate-limits.ts';
import { outboxMailer } from '../providers/mail/mailer.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { localStorage } from '../providers/storage/local-storage.ts';
import { databaseUrlFor } from './test-databases.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  /** PostgreSQL: this app's own database, for a second pool or process on it (PGlite: none). */
  databaseUrl: string | undefined;
  maintenance: MaintenanceSwitch;
  /** Where this app's e-mails land (.eml files). */
  outboxDir: string;
  /** Where this app's note attachments land (the local storage's folder). */
  filesDir: string;
  /** The app's clock: move `clock.now` to let codes, tokens and locks expire. */
  clock: { now: Date };
  close(): Promise<void>;
}

/**
 * The real application on a real, private database: a clone of the run's seeded PGlite template,
 * or (TEST_DATABASE=postgres) a copy of the run's template database, dropped on close.
 */
export async function createTestApp(
  options: {
    maintenance?: boolean;
    webDistDir?: string;
    /** Routes a test adds before the app is ready (e.g. one that fails unexpectedly). */
    extraRoutes?: (app: FastifyInstance) => void;
    /** Rate limits of the public identity routes: by default too high for any test to reach. */
    rateLimits?: RateLimitSettings;
    /** Where attachments go: a local storage in a temp folder (filesDir) unless given. */
    storage?: FileStorage;
    /** Google OAuth and Leaf API settings (integrations), pointed at a local fake by a test. */
    integrations?: AppDependencies['integrations'];
    /** The weather provider: the offline simulation unless given (e.g. Open-Meteo on a local fake). */
    weatherProvider?: AppDependencies['weatherProvider'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const maintenance = { enabled: options.maintenance ?? false };
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-outbox-'));
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-files-'));
  const clock = { now: new Date() };
  const app = await buildApp({
    storage: options.storage ?? localStorage(filesDir),
    ...(options.integrations ? { integrations: options.integrations } : {}),
    ...(options.weatherProvider ? { weatherProvider: options.weatherProvider } : {}),
    db: database.handle.db,
    sessionNotifications: database.handle,
    maintenance,
    webDistDir: options.webDistDir,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    mailer: outboxMailer(outboxDir, 'Lavoura <no-reply@lavoura.test>'),
    publicUrl: 'http://lavoura.test',
    now: () => clock.now,
    rateLimits: options.rateLimits ?? {
      perIp: { max: 1_000_000, windowMs: 60_000 },
      perEmail: { max: 1_000_000, windowMs: 60_000 },
    },
  });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    db: database.handle.db,
    database: database.handle,
    databaseUrl: database.url,
    maintenance,
    outboxDir,
    filesDir,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(outboxDir, { recursive: true, force: true });
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** The run's seeded PGlite snapshot, read once per worker (the files of a worker share this module). */
let pgliteSnapshot: Blob | undefined;

async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  url: string | undefined;
  drop(): Promise<void>;
}> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const serverUrl = process.env.DATABASE_URL;
    const template = inject('postgresTemplate');
    if (!serverUrl || !template) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
    // A copy of the run's migrated, seeded template: tens of milliseconds, nothing shared.
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const url = databaseUrlFor(serverUrl, name);
    const handle = await openDatabase({ databaseUrl: url });
    return {
      handle,
      url,
      drop: async () => {
        await handle.close().catch(() => undefined); // a test may have closed it already
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  }
  // A database of the file's own, started from the snapshot in memory: under a second.
  pgliteSnapshot ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const handle = await openDatabase({ pgliteDump: pgliteSnapshot });
  return { handle, url: undefined, drop: () => handle.close().catch(() => undefined) };
}

/** One statement on the server's own connection (the app's pool may be closed by now). */
async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Waits (at most 5 s) until the app has heard of every data version moved so far: a write straight
 * to the database, as another process makes it, reaches a kept list once its notification arrives
 * (PostgreSQL: milliseconds after the commit; PGlite: before the write returns).
 */
export async function versionsHeard(app: TestApp): Promise<void> {
  const deadline = performance.now() + 5000;
  for (;;) {
    const kept = app.app.dataVersions.keptVersions();
    if (kept.size === 0) return;
    const rows = await app.db
      .select({
        accountId: t.accountDataVersions.accountId,
        version: t.accountDataVersions.version,
      })
      .from(t.accountDataVersions)
      .where(inArray(t.accountDataVersions.accountId, [...kept.keys()]));
    const current = new Map(rows.map((row) => [row.accountId, String(row.version)]));
    const stale = [...kept].some(
      ([accountId, version]) => (current.get(accountId) ?? '0') !== version,
    );
    if (!stale || performance.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
