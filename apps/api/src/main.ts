import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { findMigrationsDir, migrate } from './db/migrate.ts';
import { seedReferenceData } from './db/seed.ts';
import { ensurePlatformAdmin, resolveJwtSecret, seedDemoData } from './db/bootstrap.ts';
import { createMailer } from './providers/mail/mailer.ts';
import { sandboxPaymentProvider } from './providers/payments/sandbox-provider.ts';
import { parseVindiPlans, vindiPaymentProvider } from './providers/payments/vindi-provider.ts';
import { createStorage } from './providers/storage/create-storage.ts';
import { createWeatherProvider } from './providers/weather/create-weather-provider.ts';
import { sentinelHubNdviProvider } from './providers/ndvi/sentinel-hub-provider.ts';
import { simulatedNdviProvider } from './providers/ndvi/simulated-provider.ts';
import { bcbIpeadataMarketProvider } from './providers/market/bcb-ipeadata-market-provider.ts';
import { simulatedMarketProvider } from './providers/market/simulated-market-provider.ts';
import { MaintenanceService } from './modules/settings/maintenance.service.ts';
import { jobsSchemaFor } from './modules/notifications/job-queue.ts';
import { embeddedClientOf } from './modules/notifications/pgboss-pglite.ts';
import { createWhatsApp } from './providers/whatsapp/whatsapp.ts';
import { PhaseTimer } from './lib/phase-timer.ts';

/** Process entry: config -> database (migrated, seeded) -> app -> listen; closes cleanly on signals. */
async function main(): Promise<void> {
  const timer = new PhaseTimer();
  const config = loadConfig();
  const database = await timer.time('database', () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      pgliteDir: path.join(config.dataDir, 'pglite'),
    }),
  );
  const migrationsDir = findMigrationsDir();
  await timer.time('migrations', () => migrate(database, config.databaseSchema, migrationsDir));
  await seedReferenceData(database.db, new Date(), timer);
  const demo = await timer.time('demo data', async () => {
    if (config.admin) await ensurePlatformAdmin(database.db, config.admin);
    return config.demoData && (await seedDemoData(database.db));
  });

  // MAINTENANCE_MODE=true wins at start; otherwise the switch the back office last stored.
  const maintenance = { enabled: false };
  const maintenanceSetting = new MaintenanceService(database.db, maintenance);
  if (config.maintenanceMode) await maintenanceSetting.set(true);
  else await maintenanceSetting.follow();

  const app = await timer.time('app', () =>
    buildApp({
      db: database.db,
      sessionNotifications: database,
      maintenance,
      jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
      mailer: createMailer(config.mailTransport, config.dataDir, config.mailFrom),
      supportEmail: config.supportEmail,
      publicUrl: config.publicUrl,
      production: config.env === 'production',
      ...(config.rateLimits ? {} : { rateLimits: false as const }),
      enableLimitPerSeason: config.enableLimitPerSeason,
      paymentProvider:
        config.payments.provider === 'vindi'
          ? vindiPaymentProvider({
              apiUrl: config.payments.apiUrl,
              apiKey: config.payments.apiKey,
              plans: parseVindiPlans(config.payments.plans),
            })
          : sandboxPaymentProvider(),
      ...(config.paymentWebhookSecret ? { paymentWebhookSecret: config.paymentWebhookSecret } : {}),
      storage: createStorage(config.storage, config.dataDir),
      integrations: config.integrations,
      weatherProvider: createWeatherProvider(config.weather),
      ndviProvider:
        config.ndvi.provider === 'sentinel-hub'
          ? sentinelHubNdviProvider(config.ndvi)
          : simulatedNdviProvider(),
      marketProvider:
        config.market.provider === 'bcb-ipeadata'
          ? bcbIpeadataMarketProvider({
              ptaxUrl: config.market.ptaxUrl,
              ipeadataUrl: config.market.ipeadataUrl,
              series: { 1: config.market.soybeanSeries, 2: config.market.wheatSeries },
            })
          : simulatedMarketProvider(),
      whatsapp: createWhatsApp(config.whatsapp, config.dataDir),
      // The durable job queue (weekly digest, alerts) in pg-boss's own schema of this database.
      jobQueue: config.jobs.enabled
        ? {
            schema: jobsSchemaFor(config.databaseSchema),
            ...(database.kind === 'postgres'
              ? { connectionString: config.databaseUrl }
              : { pglite: embeddedClientOf(database.db) }),
            weeklyCron: config.jobs.weeklyCron,
            dailyCron: config.jobs.dailyCron,
          }
        : undefined,
      webDistDir: config.webDistDir ?? path.resolve(migrationsDir, '../../web/dist'),
      logger: { level: config.logLevel },
    }),
  );
  // The plugins' start, with the job queue's (pg-boss's schema and schedules) when it runs here.
  await timer.time(config.jobs.enabled ? 'job queue' : 'plugins', async () => {
    await app.ready();
  });

  if (demo) app.log.info('demo accounts created: see the README for their logins');

  // Other processes may switch maintenance through the back office: follow the stored setting.
  const poll = setInterval(() => {
    maintenanceSetting
      .follow()
      .catch((error: unknown) => app.log.warn({ err: error }, 'maintenance setting unreadable'));
  }, 5000);
  poll.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(poll);
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await timer.time('listen', () => app.listen({ port: config.port, host: config.host }));
  const { totalMs, phases } = timer.report();
  app.log.info(
    {
      database: database.kind,
      maintenance: config.maintenanceMode,
      startMs: totalMs,
      phasesMs: phases,
    },
    `Lavoura on http://localhost:${config.port}/v3/ (started in ${(totalMs / 1000).toFixed(1)} s: ${Object.entries(
      phases,
    )
      .map(([name, ms]) => `${name} ${ms} ms`)
      .join(', ')})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
