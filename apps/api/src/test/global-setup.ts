import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite data directory (tar) every API test file starts from. */
    pgliteTemplate: string;
  }
}

/** Migrates and seeds one embedded database per run; each test file starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (project.config.env?.TEST_DATABASE === 'postgres') {
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const database = await openDatabase({});
  await migrate(database);
  await seedReferenceData(database.db);
  const dump = await database.dump!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
