import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { DEFAULT_ENABLE_LIMIT_PER_SEASON } from '@lavoura/domain';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client.ts';
import { SAFE_METHODS, registerAuth } from './http/auth.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerMaintenanceGate, type MaintenanceSwitch } from './http/maintenance.ts';
import { registerOpenApi } from './http/openapi.ts';
import {
  DEFAULT_RATE_LIMITS,
  registerRateLimits,
  type RateLimitSettings,
} from './http/rate-limits.ts';
import { registerJsonDepthLimit, requestLimitOptions } from './http/request-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerVersionedAnswers } from './http/versioned-answers.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerWebApp } from './http/web-app.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { TokenSigner } from './modules/auth/tokens.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { ReferenceService } from './modules/reference/reference.service.ts';
import { farmsRoutes } from './modules/farms/farms.routes.ts';
import { DataVersions } from './modules/farms/data-versions.service.ts';
import { FarmsService } from './modules/farms/farms.service.ts';
import { plotsRoutes } from './modules/farms/plots.routes.ts';
import { BillingPlansService } from './modules/plans/billing-plans.service.ts';
import { billingPlanBackOfficeRoutes, planRoutes } from './modules/plans/billing-plans.routes.ts';
import { freeUsageRoutes } from './modules/plans/free-usage.routes.ts';
import {
  billBackOfficeRoutes,
  paymentRoutes,
  paymentWebhookRoutes,
} from './modules/plans/payments.routes.ts';
import { paymentServices } from './modules/plans/payment-services.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import { sandboxPaymentProvider } from './providers/payments/sandbox-provider.ts';
import { FreeUsageService } from './modules/plans/free-usage.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { CatalogueService } from './modules/catalogue/catalogue.service.ts';
import { accountCatalogueRoutes } from './modules/account-catalogue/account-catalogue.routes.ts';
import { AccountCatalogueService } from './modules/account-catalogue/account-catalogue.service.ts';
import { defensivesRoutes } from './modules/catalogue/defensives.routes.ts';
import { DefensivesService } from './modules/catalogue/defensives.service.ts';
import { executionsRoutes } from './modules/programs/executions.routes.ts';
import { prescriptionRoutes } from './modules/programs/prescription.routes.ts';
import { sprayWindowsRoutes } from './modules/programs/spray-windows.routes.ts';
import { applicationRecordsRoutes } from './modules/programs/application-records.routes.ts';
import { ApplicationRecordsService } from './modules/programs/application-records.service.ts';
import { applicationLogRoutes } from './modules/programs/application-log.routes.ts';
import { ApplicationLogService } from './modules/programs/application-log.service.ts';
import { SprayWindowsService } from './modules/programs/spray-windows.service.ts';
import { PrescriptionService } from './modules/programs/prescription.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import { programsRoutes } from './modules/programs/programs.routes.ts';
import { programServices } from './modules/programs/program-services.ts';
import { performanceRoutes } from './modules/performance/performance.routes.ts';
import { PerformanceService } from './modules/performance/performance.service.ts';
import { harvestsRoutes } from './modules/sowings/harvests.routes.ts';
import { HarvestsService } from './modules/sowings/harvests.service.ts';
import { irrigationsRoutes } from './modules/sowings/irrigations.routes.ts';
import { sowingsRoutes } from './modules/sowings/sowings.routes.ts';
import { SowingsService } from './modules/sowings/sowings.service.ts';
import { stagesRoutes } from './modules/sowings/stages.routes.ts';
import { StagesService } from './modules/sowings/stages.service.ts';
import { IrrigationsService } from './modules/sowings/irrigations.service.ts';
import { varietiesRoutes } from './modules/varieties/varieties.routes.ts';
import { VarietiesService } from './modules/varieties/varieties.service.ts';
import { PlotContractedAreas } from './modules/farms/plot-contracted-areas.service.ts';
import { PlotImports } from './modules/farms/plot-imports.ts';
import { PlotsService } from './modules/farms/plots.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { MaintenanceService } from './modules/settings/maintenance.service.ts';
import { notesRoutes } from './modules/notes/notes.routes.ts';
import { NotesService } from './modules/notes/notes.service.ts';
import type { FileStorage } from './providers/storage/file-storage.ts';
import { localStorage } from './providers/storage/local-storage.ts';
import { weatherRoutes } from './modules/weather/weather.routes.ts';
import { WeatherService } from './modules/weather/weather.service.ts';
import type { WeatherProvider } from './providers/weather/weather-provider.ts';
import { simulatedWeatherProvider } from './providers/weather/simulated-weather.ts';
import { ndviRoutes } from './modules/ndvi/ndvi.routes.ts';
import { NdviService } from './modules/ndvi/ndvi.service.ts';
import type { NdviProvider } from './providers/ndvi/ndvi-provider.ts';
import { simulatedNdviProvider } from './providers/ndvi/simulated-provider.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { MarketService } from './modules/market/market.service.ts';
import type { MarketProvider } from './providers/market/market-provider.ts';
import { simulatedMarketProvider } from './providers/market/simulated-market-provider.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { IntegrationsService } from './modules/integrations/integrations.service.ts';
import { linkageRoutes } from './modules/linkage/linkage.routes.ts';
import { LinkageService } from './modules/linkage/linkage.service.ts';
import { googleOAuth, type GoogleOAuthConfig } from './providers/google-calendar/google-oauth.ts';
import { leafApiProvider, type LeafApiConfig } from './providers/leaf/leaf-api.ts';
import { notConnectedLeaf } from './providers/leaf/leaf-provider.ts';
import { digestRoutes } from './modules/digest/digest.routes.ts';
import { DigestService } from './modules/digest/digest.service.ts';
import { DigestTokens } from './modules/digest/digest-token.ts';
import { UnsubscribeTokens } from './modules/notifications/unsubscribe-token.ts';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe.routes.ts';
import { UnsubscribeService } from './modules/notifications/unsubscribe.service.ts';
import {
  JobQueue,
  jobsSchemaFor,
  type JobQueueOptions,
} from './modules/notifications/job-queue.ts';
import { jobsRoutes } from './modules/notifications/jobs.routes.ts';
import { JobsService } from './modules/notifications/jobs.service.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { outboxWhatsApp, type WhatsAppSender } from './providers/whatsapp/whatsapp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly subscription jobs: bill due renewals, then end lapsed subscriptions. */
    runSubscriptionJobs(): Promise<void>;
    /** Every weekly digest and quotes summary of the week now, without the job queue (tests, tools). */
    runWeeklyNotifications(now?: Date): Promise<{ sent: number; failed: number }>;
    /** The rain alerts of the next days' planned sprays now. */
    runWeatherAlerts(now?: Date): Promise<number>;
    /** The durable job queue, when this process runs it (AppDependencies.jobQueue). */
    jobQueue: JobQueue | undefined;
    /** Each account's data version as this process keeps it. */
    dataVersions: DataVersions;
  }
}

export interface AppDependencies {
  db: Database;
  /** Where sessions hear of changes (LISTEN); without it every call reads its session afresh. */
  sessionNotifications?: Pick<DatabaseHandle, 'listen' | 'schema'> | undefined;
  maintenance: MaintenanceSwitch;
  /** The built web app; undefined in API-only tests. */
  webDistDir?: string | undefined;
  jwtSecret: string;
  mailer: Mailer;
  /** Base of the links in e-mails (http://localhost:3000). */
  publicUrl: string;
  /** The clock; tests move it to check expiries. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** A real deployment behind https: HSTS and upgrade-insecure-requests. */
  production?: boolean;
  /** Limits on the public identity routes (DEFAULT_RATE_LIMITS otherwise); false lifts them. */
  rateLimits?: RateLimitSettings | false;
  /** Re-enables of a farm or plot per soybean season (ENABLE_LIMIT_PER_SEASON, default 2). */
  enableLimitPerSeason?: number;
  /** Where plans are paid (PAYMENT_PROVIDER): the offline sandbox unless another is given. */
  paymentProvider?: PaymentProvider;
  /** The secret the provider's webhook carries (PAYMENT_WEBHOOK_SECRET); without it every call is refused. */
  paymentWebhookSecret?: string;
  /** Where note attachments are kept (STORAGE_DRIVER); a folder of the system's temp dir if absent. */
  storage?: FileStorage;
  /** Where members' requests reach the team (SUPPORT_EMAIL). */
  supportEmail?: string;
  /** Google OAuth for the calendar (GOOGLE_CLIENT_ID...) and the Leaf API (LEAF_API_TOKEN...). */
  integrations?: { google?: GoogleOAuthConfig | undefined; leaf?: LeafApiConfig | undefined };
  /** Where farms' weather comes from (WEATHER_PROVIDER): the simulated default unless given. */
  weatherProvider?: WeatherProvider;
  /** Where NDVI scenes and images come from (NDVI_PROVIDER): the simulated default unless given. */
  ndviProvider?: NdviProvider;
  /** Where market quotes and the dollar come from (MARKET_PROVIDER): the simulated default unless given. */
  marketProvider?: MarketProvider;
  /** WhatsApp messages (WHATSAPP_PROVIDER): the offline outbox in a temp folder unless given. */
  whatsapp?: WhatsAppSender;
  /**
   * The durable job queue (pg-boss: weekly digest, alerts) with its workers and crons, started when
   * the app is ready and stopped on close. Absent in tests and the bench: no worker runs.
   */
  jobQueue?: Omit<JobQueueOptions, 'log'> | undefined;
}

/** The team's address for members' requests when SUPPORT_EMAIL is not set. */
const DEFAULT_SUPPORT_EMAIL = 'suporte@lavoura.app';

/** One log line per request, when it completes, instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

/** Builds the whole HTTP application. main.ts listens with it; tests call it with inject(). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new OneLinePerRequest(),
    trustProxy: true,
    ...requestLimitOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  registerJsonDepthLimit(app);
  await registerSecurityHeaders(app, { production: deps.production ?? false });
  // Answers of 1 KB and more, br or gzip as the client accepts; built assets come pre-compressed.
  // Brotli at quality 4, not zlib's default 11: as small as gzip's best or smaller, and fast
  // enough for a large list answered on every request (q11 took over a second on 2 MB of JSON).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerVersionedAnswers(app);
  if (deps.rateLimits !== false)
    await registerRateLimits(app, deps.rateLimits ?? DEFAULT_RATE_LIMITS);
  registerMaintenanceGate(app, deps.maintenance);
  const signer = new TokenSigner(deps.jwtSecret);
  const reference = new ReferenceService(deps.db, deps.now);
  await reference.load();
  const sessions = new SessionService(deps.db, signer, reference, deps.now);
  // Each account's data version, which names every kept list answer (versioned-answers.ts).
  const dataVersions = new DataVersions(deps.db);
  app.decorate('dataVersions', dataVersions);
  const services = {
    db: deps.db,
    dataVersions,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    ...(deps.now ? { now: deps.now } : {}),
  };
  const billingPlans = new BillingPlansService(services);
  if (deps.sessionNotifications) {
    const stop = await sessions.listen(
      deps.sessionNotifications.listen,
      deps.sessionNotifications.schema,
      [billingPlans, dataVersions],
    );
    app.addHook('onClose', stop);
  }
  // A state-changing call may have moved data versions: this process forgets them before it
  // answers, so the caller's next list reads the new version (other processes hear the NOTIFY).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) dataVersions.forgetAfterWrite(request.session);
    done(null, payload);
  });
  const cookies = { secure: deps.production ?? false };
  await registerAuth(app, sessions, { ...cookies, publicUrl: deps.publicUrl });
  registerInputGuard(app);

  await registerOpenApi(app);

  const auth = new AuthService({ ...services, signer, reference, maintenance: deps.maintenance });
  const accounts = new AccountsService(services);
  const users = new UsersService({ ...services, reference, sessions });
  const farms = new FarmsService({
    ...services,
    reference,
    enableLimitPerSeason: deps.enableLimitPerSeason ?? DEFAULT_ENABLE_LIMIT_PER_SEASON,
  });
  const plots = new PlotsService({
    ...services,
    reference,
    farms,
    enableLimitPerSeason: deps.enableLimitPerSeason ?? DEFAULT_ENABLE_LIMIT_PER_SEASON,
  });

  await app.register(
    referenceRoutes(
      reference,
      async (session, farmId) => (await farms.get(session, farmId)).pais.id,
    ),
    { prefix: '/api' },
  );
  await app.register(authRoutes(auth, deps.db, cookies));
  await app.register(accountsRoutes(accounts, new MaintenanceService(deps.db, deps.maintenance)));
  await app.register(usersRoutes(users), { prefix: '/api' });
  await app.register(farmsRoutes(farms), { prefix: '/api' });
  await app.register(
    plotsRoutes(plots, new PlotImports(plots, farms), new PlotContractedAreas(deps.db)),
    { prefix: '/api' },
  );
  await app.register(planRoutes(billingPlans));
  await app.register(billingPlanBackOfficeRoutes(billingPlans), { prefix: '/admin-api' });
  const payments = paymentServices({
    ...services,
    reference,
    billingPlans,
    provider: deps.paymentProvider ?? sandboxPaymentProvider(),
  });
  await app.register(paymentRoutes(payments));
  await app.register(paymentWebhookRoutes(payments, deps.paymentWebhookSecret));
  await app.register(billBackOfficeRoutes(payments), { prefix: '/admin-api' });
  // Renewals are billed and lapsed subscriptions end on time, even if nobody asks.
  app.decorate('runSubscriptionJobs', async () => {
    await payments.renewals.renewDue();
    await payments.subscriptions.endLapsed();
  });
  const lapse = setInterval(
    () =>
      void app
        .runSubscriptionJobs()
        .catch((error: unknown) => app.log.error({ err: error }, 'Subscription jobs failed')),
    3_600_000,
  );
  lapse.unref();
  app.addHook('onClose', async () => clearInterval(lapse));
  const freeUsage = new FreeUsageService({ ...services, reference });
  await app.register(freeUsageRoutes(freeUsage), { prefix: '/api' });
  await app.register(
    catalogueRoutes(new CatalogueService({ db: deps.db, dataVersions, freeUsage })),
    {
      prefix: '/api',
    },
  );
  await app.register(defensivesRoutes(new DefensivesService(deps.db)), { prefix: '/api' });
  await app.register(accountCatalogueRoutes(new AccountCatalogueService(deps.db)), {
    prefix: '/api',
  });
  const notes = new NotesService({
    ...services,
    storage: deps.storage ?? localStorage(path.join(os.tmpdir(), `lavoura-files-${process.pid}`)),
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  await app.register(notesRoutes(notes), { prefix: '/api' });
  const varieties = new VarietiesService({
    db: deps.db,
    mailer: deps.mailer,
    supportEmail: deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
  });
  await app.register(varietiesRoutes(varieties), { prefix: '/api' });
  const programs = programServices(services);
  await app.register(
    sowingsRoutes(new SowingsService({ ...services, reference, programs: programs.schedule })),
    {
      prefix: '/api',
    },
  );
  await app.register(programsRoutes(programs), { prefix: '/api' });
  await app.register(executionsRoutes(programs), { prefix: '/api' });
  await app.register(
    prescriptionRoutes(new PrescriptionService({ ...services, programs: programs.answers })),
    {
      prefix: '/api',
    },
  );
  await app.register(stagesRoutes(new StagesService(services)), { prefix: '/api' });
  await app.register(harvestsRoutes(new HarvestsService(services)), { prefix: '/api' });
  await app.register(irrigationsRoutes(new IrrigationsService(services)), { prefix: '/api' });
  await app.register(performanceRoutes(new PerformanceService(services)), { prefix: '/api' });
  const market = new MarketService({
    provider: deps.marketProvider ?? simulatedMarketProvider(),
    ...(deps.now ? { now: deps.now } : {}),
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  await app.register(marketRoutes(market), { prefix: '/api' });
  const ndvi = new NdviService({
    db: deps.db,
    provider: deps.ndviProvider ?? simulatedNdviProvider(),
    ...(deps.now ? { now: deps.now } : {}),
  });
  await app.register(ndviRoutes(ndvi), { prefix: '/api' });
  const weather = new WeatherService({
    db: deps.db,
    dataVersions,
    provider: deps.weatherProvider ?? simulatedWeatherProvider(deps.now ? { now: deps.now } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  await app.register(weatherRoutes(weather), { prefix: '/api' });
  const sprayWindows = new SprayWindowsService({ ...services, weather });
  await app.register(sprayWindowsRoutes(sprayWindows), { prefix: '/api' });
  await app.register(
    applicationRecordsRoutes(new ApplicationRecordsService({ ...services, weather })),
    { prefix: '/api' },
  );
  await app.register(applicationLogRoutes(new ApplicationLogService(services)), {
    prefix: '/api',
  });
  await app.register(
    reportsRoutes(
      new ReportsService({
        ...services,
        programs: programs.answers,
        weather,
        warn: (message, error) => app.log.warn({ err: error }, message),
      }),
    ),
    { prefix: '/api' },
  );
  // The weekly digest and the notifications the farm settings drive (issue 14 items 6 and 7).
  const warn = (message: string, error: unknown) => app.log.warn({ err: error }, message);
  const digest = new DigestService({
    ...services,
    tokens: new DigestTokens(deps.jwtSecret),
    weather,
    sprayWindows,
    warn,
  });
  await app.register(digestRoutes(digest), { prefix: '/api' });
  // The consultant's view across their accounts (issue 30 item 9).
  await app.register(
    linkageRoutes(new LinkageService({ ...services, weather, sprayWindows, warn })),
    { prefix: '/api' },
  );
  const whatsapp =
    deps.whatsapp ?? outboxWhatsApp(path.join(os.tmpdir(), `lavoura-whatsapp-${process.pid}`));
  // The recurring e-mails' unsubscribe link (issue 29 item 9).
  const unsubscribe = new UnsubscribeService({
    ...services,
    tokens: new UnsubscribeTokens(deps.jwtSecret),
  });
  await app.register(unsubscribeRoutes(unsubscribe), { prefix: '/api' });
  const notifications = new NotificationsService({
    ...services,
    digest,
    unsubscribe,
    whatsapp,
    weather,
    market,
    warn,
  });
  app.decorate('runWeeklyNotifications', (now?: Date) => notifications.runWeekly(now));
  app.decorate('runWeatherAlerts', (now?: Date) => notifications.weatherAlerts(now));
  const jobQueue = deps.jobQueue
    ? new JobQueue(
        {
          ...deps.jobQueue,
          log: {
            error: (error, message) => app.log.error({ err: error }, message),
            info: (message) => app.log.info(message),
          },
        },
        notifications,
      )
    : undefined;
  app.decorate('jobQueue', jobQueue);
  if (jobQueue) {
    app.addHook('onReady', () => jobQueue.start());
    app.addHook('onClose', () => jobQueue.stop());
  }
  await app.register(
    jobsRoutes(
      new JobsService({
        db: deps.db,
        jobsSchema:
          deps.jobQueue?.schema ?? jobsSchemaFor(deps.sessionNotifications?.schema ?? 'public'),
        running: jobQueue !== undefined,
        channels: { email: deps.mailer.kind, whatsapp: whatsapp.kind },
      }),
      async () => {
        const now = deps.now?.() ?? new Date();
        if (jobQueue) return { queued: true, count: await jobQueue.enqueueWeekly(now) };
        return { queued: false, count: (await notifications.runWeekly(now)).sent };
      },
    ),
    { prefix: '/admin-api' },
  );
  const integrationsService = new IntegrationsService({
    ...services,
    farms,
    plots,
    sprayWindows,
    secret: deps.jwtSecret,
    google: deps.integrations?.google ? googleOAuth(deps.integrations.google) : undefined,
    leaf: deps.integrations?.leaf ? leafApiProvider(deps.integrations.leaf) : notConnectedLeaf(),
  });
  await app.register(integrationsRoutes(integrationsService), { prefix: '/api' });
  await app.register(healthRoutes(deps.db));
  await registerWebApp(app, deps.webDistDir);

  return app;
}
