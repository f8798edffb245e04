import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOTIFICATION_TYPE_IDS, addDays } from '@lavoura/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { outboxMailer, type Mailer } from '../../providers/mail/mailer.ts';
import { outboxWhatsApp } from '../../providers/whatsapp/whatsapp.ts';
import { bearer, makeUser, mailsTo, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DIGEST_NOW, digestScenario, type DigestScenario } from '../../test/digest-factory.ts';
import { DigestTokens } from '../digest/digest-token.ts';
import { DigestService } from '../digest/digest.service.ts';
import type { FarmWeatherSource } from '../digest/farm-weather.ts';
import type { MarketService } from '../market/market.service.ts';
import { JobQueue, jobsSchemaFor } from './job-queue.ts';
import { JobsService } from './jobs.service.ts';
import { NotificationsService } from './notifications.service.ts';
import { embeddedClientOf } from './pgboss-pglite.ts';

/**
 * The notifications the farm settings drive (issue 14 items 6 and 7): the weekly digest e-mail
 * through the durable job queue (pg-boss on this project's database: PGlite or PostgreSQL), its
 * retry, the rain alert after a planned spray, the quotes summary, and WhatsApp's offline outbox.
 */

const onPostgres = process.env.TEST_DATABASE === 'postgres';
let app: TestApp;
let scenario: DigestScenario;
let whatsappDir: string;

beforeAll(async () => {
  app = await createTestApp();
  app.clock.now = DIGEST_NOW;
  scenario = await digestScenario(app, { whatsapp: '+5543999990000' });
  whatsappDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-whatsapp-'));
});
afterAll(async () => {
  fs.rmSync(whatsappDir, { recursive: true, force: true });
  await app.close();
});

const secret = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A notifications service on the test's database, writing to the app's outbox. */
function notificationsWith(
  options: {
    mailer?: Mailer;
    weather?: FarmWeatherSource;
    market?: Pick<MarketService, 'summary'>;
  } = {},
) {
  const now = () => app.clock.now;
  const digest = new DigestService({
    db: app.db,
    tokens: new DigestTokens(secret),
    publicUrl: 'http://lavoura.test',
    now,
  });
  return new NotificationsService({
    db: app.db,
    digest,
    mailer: options.mailer ?? outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
    whatsapp: outboxWhatsApp(whatsappDir),
    now,
    weather: options.weather,
    market: options.market,
  });
}

/** A job queue on this project's database, in a pg-boss schema of its own for the test. */
function queueWith(
  notifications: NotificationsService,
  schema: string,
  retry?: { limit: number; delaySeconds: number; backoff: boolean },
) {
  return new JobQueue(
    {
      schema,
      ...(onPostgres
        ? { connectionString: app.databaseUrl }
        : { pglite: embeddedClientOf(app.db) }),
      schedule: false,
      pollingIntervalSeconds: 0.5,
      ...(retry ? { retry } : {}),
    },
    notifications,
  );
}

async function dropJobsSchema(schema: string) {
  await app.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
}

const deliveries = (userId: number, kind: string) =>
  app.db
    .select()
    .from(t.notificationDeliveries)
    .where(
      and(eq(t.notificationDeliveries.userId, userId), eq(t.notificationDeliveries.kind, kind)),
    );

const whatsAppMessages = () =>
  fs.readdirSync(whatsappDir).map(
    (file) =>
      JSON.parse(fs.readFileSync(path.join(whatsappDir, file), 'utf8')) as {
        to: string;
        text: string;
        offline: boolean;
      },
  );

describe('the weekly digest job', () => {
  it('e-mails the link once per member and week through the job queue, whatever is enqueued twice', async () => {
    const schema = jobsSchemaFor(`${app.database.schema}_weekly`);
    const queue = queueWith(notificationsWith(), schema);
    await queue.start();
    try {
      expect(await queue.enqueueWeekly(DIGEST_NOW)).toBeGreaterThanOrEqual(1);
      // The same week again (a second process, a repeated cron): nothing new is enqueued.
      expect(await queue.enqueueWeekly(DIGEST_NOW)).toBe(0);
      await queue.drain();
      // The back office's list reads the queue's tables: the member's job, done, with its key.
      const listed = await new JobsService({
        db: app.db,
        jobsSchema: schema,
        running: true,
        channels: { email: 'outbox', whatsapp: 'outbox' },
      }).list();
      expect(listed.jobs).toContainEqual(
        expect.objectContaining({
          name: 'weekly-digest-send',
          state: 'completed',
          singleton_key: `weekly-digest:${scenario.accountId}:${scenario.member.id}:2026-W48`,
        }),
      );
    } finally {
      await queue.stop();
      await dropJobsSchema(schema);
    }
    const mails = await mailsTo(app, scenario.member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('2026-W48');
    const link = /http:\/\/lavoura\.test\/v3\/weekly-digest\?token=(\S+)/.exec(mails[0]!.text);
    expect(link).not.toBeNull();
    // The e-mailed link opens the member's digest.
    const opened = await app.app.inject({
      method: 'GET',
      url: `/api/report/weekly-digest?token=${link![1]}`,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().farms[0].id).toBe(scenario.farmId);
    const [row] = await deliveries(scenario.member.id, 'weekly_digest').then((rows) =>
      rows.filter((r) => r.channel === 'email'),
    );
    expect(row).toMatchObject({ subject: '2026-W48', status: 'sent', attempts: 1 });
    // The WhatsApp opt-in got the same digest in the offline outbox.
    const texts = whatsAppMessages().filter((m) => m.text.includes('2026-W48'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '5543999990000', offline: true });
    expect(texts[0]!.text).toContain('/v3/weekly-digest?token=');
  }, 60_000);

  it('retries a failed send and records the attempts and the last error', async () => {
    const other = await digestScenario(app, { farmName: 'Fazenda Retry' });
    let calls = 0;
    const real = outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>');
    const flaky: Mailer = {
      kind: 'outbox',
      async send(message) {
        if (message.to === other.member.email && (calls += 1) === 1)
          throw new Error('SMTP 451 try again later');
        await real.send(message);
      },
    };
    const nextWeek = new Date(DIGEST_NOW.getTime() + 7 * 86_400_000);
    app.clock.now = nextWeek;
    const schema = jobsSchemaFor(`${app.database.schema}_retry`);
    const queue = queueWith(notificationsWith({ mailer: flaky }), schema, {
      limit: 3,
      delaySeconds: 1,
      backoff: false,
    });
    await queue.start();
    try {
      await queue.enqueueWeekly(nextWeek);
      await queue.drain();
    } finally {
      await queue.stop();
      await dropJobsSchema(schema);
      app.clock.now = DIGEST_NOW;
    }
    expect(calls).toBe(2);
    const mails = await mailsTo(app, other.member.email);
    expect(mails).toHaveLength(1);
    const [row] = (await deliveries(other.member.id, 'weekly_digest')).filter(
      (r) => r.channel === 'email',
    );
    expect(row).toMatchObject({ subject: '2026-W49', status: 'sent', attempts: 2 });
    expect(row!.lastError).toContain('SMTP 451');
  }, 60_000);

  it('runs on demand without the queue, sending nothing twice', async () => {
    const before = (await mailsTo(app, scenario.member.email)).length;
    const first = await app.app.runWeeklyNotifications(DIGEST_NOW);
    expect(first.failed).toBe(0);
    // This week's digest was already sent by the queue above.
    expect((await mailsTo(app, scenario.member.email)).length).toBe(before);
  });

  it('sends no digest to a member with nothing to show, and records it skipped', async () => {
    const quiet = await makeUser(app.db, { accountId: scenario.accountId, profile: 'FARM' });
    const farmToken = await tokenFor(app, quiet.email);
    // A FARM member sees no farm until one is assigned: nothing to show.
    const put = await app.app.inject({
      method: 'PUT',
      url: `/api/farms/${scenario.farmId}/notifications`,
      headers: bearer(farmToken),
      payload: {
        notification_type_ids: [NOTIFICATION_TYPE_IDS.weekly_applications],
        whatsapp_opt_in: false,
      },
    });
    expect(put.statusCode).toBe(404);
    const outcomes = await notificationsWith().sendDigest(
      { accountId: scenario.accountId, userId: quiet.id },
      '2026-W48',
    );
    expect(outcomes).toEqual([]);
    expect(await mailsTo(app, quiet.email)).toHaveLength(0);
    expect(await deliveries(quiet.id, 'weekly_digest')).toEqual([
      expect.objectContaining({ channel: 'email', status: 'skipped', attempts: 0 }),
    ]);
  });
});

describe.runIf(onPostgres)('two server processes on one PostgreSQL', () => {
  it('send exactly one digest per member and week with two workers', async () => {
    const week3 = new Date(DIGEST_NOW.getTime() + 14 * 86_400_000);
    app.clock.now = week3;
    const members = [
      scenario,
      await digestScenario(app, { farmName: 'Fazenda A' }),
      await digestScenario(app, { farmName: 'Fazenda B' }),
    ];
    const schema = jobsSchemaFor(`${app.database.schema}_two`);
    // Two pg-boss instances with their own pools: two processes' workers on one schema.
    const first = queueWith(notificationsWith(), schema);
    const second = queueWith(notificationsWith(), schema);
    await first.start();
    await second.start();
    try {
      // Both processes' crons fire for the same week.
      await Promise.all([first.enqueueWeekly(week3), second.enqueueWeekly(week3)]);
      await Promise.all([first.drain(), second.drain()]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await dropJobsSchema(schema);
      app.clock.now = DIGEST_NOW;
    }
    for (const member of members) {
      const mails = (await mailsTo(app, member.member.email)).filter((m) =>
        m.subject.includes('2026-W50'),
      );
      expect(mails, member.member.email).toHaveLength(1);
    }
  }, 90_000);

  it('lets one of two simultaneous sends of one delivery through', async () => {
    const member = await digestScenario(app, { farmName: 'Fazenda Corrida' });
    const recipient = { accountId: member.accountId, userId: member.member.id };
    const outcomes = await Promise.all([
      notificationsWith().sendDigest(recipient, '2026-W48'),
      notificationsWith().sendDigest(recipient, '2026-W48'),
    ]);
    expect(outcomes.flat().filter((o) => o === 'sent')).toHaveLength(1);
    expect(await mailsTo(app, member.member.email)).toHaveLength(1);
  });
});

describe('the rain alert after a planned spray', () => {
  it('warns by e-mail and WhatsApp once per spray and day when 10 mm or more are forecast', async () => {
    const member = await digestScenario(app, {
      farmName: 'Fazenda Chuva',
      optIn: [NOTIFICATION_TYPE_IDS.weather_forecast],
      whatsapp: '+5543988880000',
    });
    // Spray 2 is planned for the 26th: 18 mm fall on the 27th, within 24 h after it.
    const weather: FarmWeatherSource = {
      async dailySummary(_reader, farmId, from, to) {
        const days = [];
        for (let day = from; day <= to; day = addDays(day, 1))
          days.push({
            date: day,
            past: false,
            rain_mm: farmId === member.farmId && day === '2026-11-27' ? 18 : 0,
            rain_source: 'provider' as const,
            rain_status: null,
            temp_min_c: 18,
            temp_max_c: 30,
            weather_status: null,
          });
        return {
          farmId,
          farmName: '',
          timeZone: 'America/Sao_Paulo',
          today: from,
          provider: 'simulated',
          simulated: true,
          days,
        };
      },
    };
    const notifications = notificationsWith({ weather });
    expect(await notifications.weatherAlerts(DIGEST_NOW)).toBe(2);
    expect(await notifications.weatherAlerts(DIGEST_NOW)).toBe(0);
    const mails = await mailsTo(app, member.member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Talhão Norte');
    expect(mails[0]!.text).toContain('18 mm');
    expect(mails[0]!.text).toContain('2026-11-27');
    const texts = whatsAppMessages().filter((m) => m.to === '5543988880000');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain('18 mm');
    const rows = await deliveries(member.member.id, 'weather_alert');
    expect(rows.map((r) => r.subject)).toEqual([
      `${member.sprayIds[1]}:2026-11-26`,
      `${member.sprayIds[1]}:2026-11-26`,
    ]);
  });
});

describe('the commodity quotes summary', () => {
  it('e-mails the week’s quotes and the dollar, saying when they are simulated', async () => {
    const member = await digestScenario(app, {
      farmName: 'Fazenda Cotação',
      optIn: [NOTIFICATION_TYPE_IDS.commodity_quotations],
    });
    const market: Pick<MarketService, 'summary'> = {
      async summary() {
        return {
          simulated: true,
          source: 'simulated',
          soybean: [
            {
              name: 'Paranaguá (PR)',
              date: '2026-11-24',
              price: 132.5,
              percentage_variation: 1.2,
              crop_id: 1,
              currency: 'BRL' as const,
              unit: 'sc60kg' as const,
            },
          ],
          wheat: [],
          dollar: { usd_brl: 5.4321, date: '2026-11-24', percentage_variation: 0.1 },
        };
      },
    };
    const result = await notificationsWith({ market }).runWeekly(DIGEST_NOW);
    expect(result.failed).toBe(0);
    const mails = (await mailsTo(app, member.member.email)).filter((m) =>
      m.subject.includes('cotações'),
    );
    expect(mails).toHaveLength(1);
    // Each quote names its crop as well as its place.
    expect(mails[0]!.text.replace(/\s/g, ' ')).toContain(
      'Soja — Paranaguá (PR): R$ 132,50/sc (+1,2%)',
    );
    expect(mails[0]!.text).toContain('USD/BRL: 5,4321');
    expect(mails[0]!.text).toContain('dados simulados');
  });
});

describe('the back office', () => {
  it('runs the week now and lists the deliveries with their state, for platform administrators only', async () => {
    const admin = await makeUser(app.db, { accountId: scenario.accountId, profile: 'ADMIN' });
    const adminToken = await tokenFor(app, admin.email);
    // Run now from the back office: without a queue in this process, inline; once per week.
    const late = await digestScenario(app, { farmName: 'Fazenda Agora' });
    const run = () =>
      app.app.inject({
        method: 'POST',
        url: '/admin-api/jobs/weekly-digest',
        headers: bearer(adminToken),
      });
    const first = await run();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ queued: false });
    expect(first.json().count).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(app, late.member.email)).toHaveLength(1);
    expect((await run()).json()).toEqual({ queued: false, count: 0 });
    expect(await mailsTo(app, late.member.email)).toHaveLength(1);

    const response = await app.app.inject({
      method: 'GET',
      url: '/admin-api/jobs',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.queue.running).toBe(false);
    expect(body.channels.offline).toEqual({ email: true, whatsapp: true });
    expect(body.deliveries).toContainEqual(
      expect.objectContaining({
        email: late.member.email,
        kind: 'weekly_digest',
        subject: '2026-W48',
        channel: 'email',
        status: 'sent',
        attempts: 1,
        offline: true,
      }),
    );
    for (const url of ['/admin-api/jobs', '/admin-api/jobs/weekly-digest']) {
      const refused = await app.app.inject({
        method: url.endsWith('digest') ? 'POST' : 'GET',
        url,
        headers: bearer(scenario.member.token),
      });
      expect(refused.statusCode, url).toBe(403);
    }
  });
});
