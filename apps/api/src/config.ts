import path from 'node:path';
import { z } from 'zod';
import { MARKET_PROVIDER_KINDS } from './providers/market/market-provider.ts';
import { NDVI_PROVIDER_KINDS } from './providers/ndvi/ndvi-provider.ts';
import type { StorageConfig } from './providers/storage/create-storage.ts';
import { STORAGE_KINDS } from './providers/storage/file-storage.ts';
import type { WeatherConfig } from './providers/weather/create-weather-provider.ts';

/** The process environment, parsed once. Every variable is listed in the README's table. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // An empty value counts as unset (a shell's `DATABASE_URL= npm start`).
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().url().optional(),
  ),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and underscores')
    .default('public'),
  // Only the exact text 'true' switches maintenance on, like every toggle of the product.
  MAINTENANCE_MODE: z
    .string()
    .optional()
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  MAIL_TRANSPORT: z
    .string()
    .refine((value) => value === 'outbox' || /^smtps?:\/\//.test(value), 'outbox or an smtp:// URL')
    .default('outbox'),
  MAIL_FROM: z.string().default('Lavoura <no-reply@lavoura.app>'),
  SUPPORT_EMAIL: z.string().email().default('suporte@lavoura.app'),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  ENABLE_LIMIT_PER_SEASON: z.coerce.number().int().min(0).max(1000).default(2),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'vindi']).default('sandbox'),
  VINDI_API_URL: z.string().url().default('https://app.vindi.com.br/api/v1'),
  VINDI_API_KEY: z.string().optional(),
  VINDI_PLANS: z.string().default(''),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  STORAGE_DRIVER: z.enum(STORAGE_KINDS).default('local'),
  S3_ENDPOINT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().url().optional(),
  ),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  S3_PREFIX: z.string().default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  LEAF_API_URL: z.string().url().default('https://api.withleaf.io'),
  LEAF_API_TOKEN: z.string().optional(),
  LEAF_USER_ID: z.string().optional(),
  WEATHER_PROVIDER: z.enum(['simulated', 'open-meteo']).default('simulated'),
  OPEN_METEO_FORECAST_URL: z.string().url().default('https://api.open-meteo.com/v1/forecast'),
  OPEN_METEO_ARCHIVE_URL: z.string().url().default('https://archive-api.open-meteo.com/v1/archive'),
  NDVI_PROVIDER: z.enum(NDVI_PROVIDER_KINDS).default('simulated'),
  SENTINEL_HUB_URL: z.string().url().default('https://services.sentinel-hub.com'),
  SENTINEL_HUB_TOKEN_URL: z
    .string()
    .url()
    .default('https://services.sentinel-hub.com/auth/realms/main/protocol/openid-connect/token'),
  SENTINEL_HUB_CLIENT_ID: z.string().optional(),
  SENTINEL_HUB_CLIENT_SECRET: z.string().optional(),
  MARKET_PROVIDER: z.enum(MARKET_PROVIDER_KINDS).default('simulated'),
  MARKET_PTAX_URL: z
    .string()
    .url()
    .default('https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata'),
  MARKET_IPEADATA_URL: z.string().url().default('http://www.ipeadata.gov.br/api/odata4'),
  MARKET_SOYBEAN_SERIES: z.string().default(''),
  MARKET_WHEAT_SERIES: z.string().default(''),
  JOBS: z.enum(['on', 'off']).default('on'),
  WEEKLY_DIGEST_CRON: z.string().default('0 10 * * 1'),
  NOTIFICATIONS_DAILY_CRON: z.string().default('0 9 * * *'),
  WHATSAPP_PROVIDER: z.enum(['outbox', 'cloud-api']).default('outbox'),
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  maintenanceMode: boolean;
  logLevel: string;
  /** The built web app (apps/web/dist); absent in API-only tests. */
  webDistDir: string | undefined;
  /** Signs session tokens; required in production, else kept under DATA_DIR. */
  jwtSecret: string | undefined;
  mailTransport: string;
  mailFrom: string;
  /** Where members' requests (a missing variety) are e-mailed. */
  supportEmail: string;
  /** Where links in e-mails point to. */
  publicUrl: string;
  /** Rate limits on the public identity routes; off only for load and browser tests. */
  rateLimits: boolean;
  /** How many times a farm or a plot may be enabled again in one soybean season. */
  enableLimitPerSeason: number;
  admin: { email: string; password: string } | undefined;
  /** Demo accounts on an empty embedded database, never in production. */
  demoData: boolean;
  /** Where plans are paid: the offline sandbox, or Vindi with its key and plan ids. */
  payments:
    { provider: 'sandbox' } | { provider: 'vindi'; apiUrl: string; apiKey: string; plans: string };
  /** Shared with the provider's webhook (its URL carries it as ?secret=). */
  paymentWebhookSecret: string | undefined;
  /** Where note attachments are kept: `local` (DATA_DIR/files/) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Google OAuth for the calendar (off without GOOGLE_CLIENT_ID) and the Leaf API (off without LEAF_API_TOKEN). */
  integrations: {
    google:
      { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string } | undefined;
    leaf: { baseUrl: string; token: string; leafUserId: string | undefined } | undefined;
  };
  /** Farms' weather: the offline simulation (default) or Open-Meteo's forecast and archive APIs. */
  weather: WeatherConfig;
  /** NDVI scenes and images: the simulated default, or Sentinel-2 through Sentinel Hub. */
  ndvi:
    | { provider: 'simulated' }
    | {
        provider: 'sentinel-hub';
        baseUrl: string;
        tokenUrl: string;
        clientId: string;
        clientSecret: string;
      };
  /** Market quotes and the dollar: the simulated default, or the BCB PTAX + ipeadata sources. */
  market:
    | { provider: 'simulated' }
    | {
        provider: 'bcb-ipeadata';
        ptaxUrl: string;
        ipeadataUrl: string;
        /** ipeadata series codes per crop (MARKET_SOYBEAN_SERIES, MARKET_WHEAT_SERIES). */
        soybeanSeries: string[];
        wheatSeries: string[];
      };
  /** The durable job queue (weekly digest, alerts): its workers and crons (UTC). */
  jobs: { enabled: boolean; weeklyCron: string; dailyCron: string };
  /** WhatsApp: the offline outbox (DATA_DIR/whatsapp-outbox/) or Meta's Cloud API. */
  whatsapp:
    | { provider: 'outbox' }
    | { provider: 'cloud-api'; apiUrl: string; phoneNumberId: string; accessToken: string };
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new Error(
      'Invalid configuration:\n  JWT_SECRET: required in production (32+ characters)',
    );
  }
  // The sandbox approves any valid card: a deployment that forgot the variable must not sell.
  if (env.NODE_ENV === 'production' && !environment.PAYMENT_PROVIDER) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER: required in production (vindi, or sandbox to mean it)',
    );
  }
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    throw new Error('Invalid configuration:\n  ADMIN_PASSWORD: required with ADMIN_EMAIL');
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseSchema: env.DATABASE_SCHEMA,
    maintenanceMode: env.MAINTENANCE_MODE,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    jwtSecret: env.JWT_SECRET,
    mailTransport: env.MAIL_TRANSPORT,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
        : undefined,
    rateLimits: env.RATE_LIMITS === 'on',
    enableLimitPerSeason: env.ENABLE_LIMIT_PER_SEASON,
    payments:
      env.PAYMENT_PROVIDER === 'vindi'
        ? {
            provider: 'vindi',
            apiUrl: env.VINDI_API_URL,
            apiKey: required(env.VINDI_API_KEY, 'VINDI_API_KEY (PAYMENT_PROVIDER=vindi)'),
            plans: env.VINDI_PLANS,
          }
        : { provider: 'sandbox' },
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: required(env.S3_BUCKET, 'S3_BUCKET (STORAGE_DRIVER=s3)'),
            accessKeyId: required(env.S3_ACCESS_KEY_ID, 'S3_ACCESS_KEY_ID (STORAGE_DRIVER=s3)'),
            secretAccessKey: required(
              env.S3_SECRET_ACCESS_KEY,
              'S3_SECRET_ACCESS_KEY (STORAGE_DRIVER=s3)',
            ),
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
            prefix: env.S3_PREFIX,
          }
        : { driver: 'local' },
    weather:
      env.WEATHER_PROVIDER === 'open-meteo'
        ? {
            provider: 'open-meteo',
            forecastUrl: env.OPEN_METEO_FORECAST_URL,
            archiveUrl: env.OPEN_METEO_ARCHIVE_URL,
          }
        : { provider: 'simulated' },
    ndvi:
      env.NDVI_PROVIDER === 'sentinel-hub'
        ? {
            provider: 'sentinel-hub',
            baseUrl: env.SENTINEL_HUB_URL,
            tokenUrl: env.SENTINEL_HUB_TOKEN_URL,
            clientId: required(
              env.SENTINEL_HUB_CLIENT_ID,
              'SENTINEL_HUB_CLIENT_ID (NDVI_PROVIDER=sentinel-hub)',
            ),
            clientSecret: required(
              env.SENTINEL_HUB_CLIENT_SECRET,
              'SENTINEL_HUB_CLIENT_SECRET (NDVI_PROVIDER=sentinel-hub)',
            ),
          }
        : { provider: 'simulated' },
    market:
      env.MARKET_PROVIDER === 'bcb-ipeadata'
        ? {
            provider: 'bcb-ipeadata',
            ptaxUrl: env.MARKET_PTAX_URL,
            ipeadataUrl: env.MARKET_IPEADATA_URL,
            soybeanSeries: seriesList(env.MARKET_SOYBEAN_SERIES),
            wheatSeries: seriesList(env.MARKET_WHEAT_SERIES),
          }
        : { provider: 'simulated' },
    jobs: {
      enabled: env.JOBS === 'on',
      weeklyCron: env.WEEKLY_DIGEST_CRON,
      dailyCron: env.NOTIFICATIONS_DAILY_CRON,
    },
    whatsapp:
      env.WHATSAPP_PROVIDER === 'cloud-api'
        ? {
            provider: 'cloud-api',
            apiUrl: env.WHATSAPP_API_URL,
            phoneNumberId: required(
              env.WHATSAPP_PHONE_NUMBER_ID,
              'WHATSAPP_PHONE_NUMBER_ID (WHATSAPP_PROVIDER=cloud-api)',
            ),
            accessToken: required(
              env.WHATSAPP_ACCESS_TOKEN,
              'WHATSAPP_ACCESS_TOKEN (WHATSAPP_PROVIDER=cloud-api)',
            ),
          }
        : { provider: 'outbox' },
    integrations: {
      google: env.GOOGLE_CLIENT_ID
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: required(
              env.GOOGLE_CLIENT_SECRET,
              'GOOGLE_CLIENT_SECRET (with GOOGLE_CLIENT_ID)',
            ),
            authUrl: env.GOOGLE_OAUTH_AUTH_URL,
            tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
          }
        : undefined,
      leaf: env.LEAF_API_TOKEN
        ? { baseUrl: env.LEAF_API_URL, token: env.LEAF_API_TOKEN, leafUserId: env.LEAF_USER_ID }
        : undefined,
    },
    demoData:
      env.DEMO_DATA === 'true' ||
      (env.DEMO_DATA === undefined && env.NODE_ENV !== 'production' && !env.DATABASE_URL),
  };
}

/** A comma-separated list of series codes, blanks dropped. */
function seriesList(text: string): string[] {
  return text
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`Invalid configuration:\n  ${name} is required`);
  return value;
}
