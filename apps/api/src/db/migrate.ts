import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

/**
 * Applies the committed drizzle-kit migrations (apps/api/drizzle) that the database has not seen,
 * each in its own transaction. Our own small runner instead of drizzle's so the same files can be
 * applied into any PostgreSQL schema (drizzle-kit writes foreign keys as "public"."table").
 */
const MIGRATIONS_TABLE = 'lavoura_migrations';

interface JournalEntry {
  idx: number;
  tag: string;
}

export function findMigrationsDir(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`No drizzle/meta/_journal.json above ${from}`);
}

export async function migrate(
  database: DatabaseHandle,
  schemaName = 'public',
  migrationsDir = findMigrationsDir(),
): Promise<string[]> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };

  if (schemaName !== 'public')
    await database.execute(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
  await database.execute(
    `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const result = await database.db.execute(sql.raw(`SELECT tag FROM "${MIGRATIONS_TABLE}"`));
  const rows = (result as unknown as { rows: { tag: string }[] }).rows;
  const applied = new Set(rows.map((row) => row.tag));

  const appliedNow: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    if (applied.has(entry.tag)) continue;
    let statements = fs.readFileSync(path.join(migrationsDir, `${entry.tag}.sql`), 'utf8');
    statements = statements.replaceAll('--> statement-breakpoint', '');
    if (schemaName !== 'public')
      statements = statements.replaceAll('"public".', `"${schemaName}".`);
    try {
      // The tag is inserted first: a second process migrating at the same moment fails on the
      // primary key instead of applying the migration twice.
      await database.execute(
        `BEGIN;\nINSERT INTO "${MIGRATIONS_TABLE}" (tag) VALUES ('${entry.tag}');\n${statements}\nCOMMIT;`,
      );
    } catch (error) {
      await database.execute('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${entry.tag} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    appliedNow.push(entry.tag);
  }
  return appliedNow;
}
