import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { findMigrationsDir, migrate } from './db/migrate.ts';
import { seedReferenceData } from './db/seed.ts';

/** Process entry: config -> database (migrated, seeded) -> app -> listen; closes cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const migrationsDir = findMigrationsDir();
  await migrate(database, config.databaseSchema, migrationsDir);
  await seedReferenceData(database.db);

  const app = await buildApp({
    db: database.db,
    maintenance: { enabled: config.maintenanceMode },
    webDistDir: config.webDistDir ?? path.resolve(migrationsDir, '../../web/dist'),
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, maintenance: config.maintenanceMode },
    `Lavoura on http://localhost:${config.port}/v3/`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
