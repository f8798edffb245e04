import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  NOTIFICATION_TYPE_IDS,
  UNSUBSCRIBE_TOKEN_DAYS,
  addDays,
  formatMoney,
} from '@lavoura/domain';
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
import { UnsubscribeTokens } from './unsubscribe-token.ts';
import { UnsubscribeService } from './unsubscribe.service.ts';
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
    unsubscribe: new UnsubscribeService({
      db: app.db,
      tokens: new UnsubscribeTokens(secret),
      publicUrl: 'http://lavoura.test',
      now,
    }),
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
    // A recurring e-mail: it can be stopped from itself (issue 29 item 9).
    expect(mails[0]!.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/lavoura\.test\/api\/notifications\/unsubscribe\?token=[\w.-]+&lang=pt>$/,
    );
    expect(mails[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
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

describe('the quotes summary’s money (issue 29 item 9)', () => {
  it('writes R$ as the reports do, in each language', async () => {
    const market: Pick<MarketService, 'summary'> = {
      async summary() {
        return {
          simulated: false,
          source: 'test',
          soybean: [],
          wheat: [
            {
              name: 'Cascavel (PR)',
              date: '2026-11-24',
              price: 1234.5,
              percentage_variation: null,
              crop_id: 2,
              currency: 'BRL' as const,
              unit: 't' as const,
            },
          ],
          dollar: { usd_brl: 5.4321, date: '2026-11-24', percentage_variation: 0.1 },
        };
      },
    };
    const written = { pt: 'R$ 1.234,50', en: 'R$1,234.50', es: 'R$ 1.234,50' } as const;
    const members = [];
    for (const language of ['pt', 'en', 'es'] as const) {
      const member = await digestScenario(app, {
        farmName: `Fazenda Reais ${language}`,
        optIn: [NOTIFICATION_TYPE_IDS.commodity_quotations],
      });
      await app.db.update(t.users).set({ language }).where(eq(t.users.id, member.member.id));
      members.push({ language, member });
    }
    expect((await notificationsWith({ market }).runWeekly(DIGEST_NOW)).failed).toBe(0);
    for (const { language, member } of members) {
      const [mail] = await mailsTo(app, member.member.email);
      const text = mail!.text.replace(/\s/g, ' ');
      // The reports' money function (report-document.ts), with the currency's own places.
      expect(formatMoney(1234.5, 'BRL', language).replace(/\s/g, ' ')).toBe(written[language]);
      expect(text, language).toContain(`Cascavel (PR): ${written[language]}/t`);
    }
  });
});

describe('unsubscribing from a recurring e-mail (issue 29 item 9)', () => {
  const market: Pick<MarketService, 'summary'> = {
    async summary() {
      return {
        simulated: false,
        source: 'test',
        soybean: [
          {
            name: 'Paranaguá (PR)',
            date: '2026-11-24',
            price: 1234.5,
            percentage_variation: -0.5,
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
  const settingsOf = async (member: DigestScenario) => {
    const [row] = await app.db
      .select({ ids: t.farmNotificationSettings.notificationTypeIds })
      .from(t.farmNotificationSettings)
      .where(
        and(
          eq(t.farmNotificationSettings.farmId, member.farmId),
          eq(t.farmNotificationSettings.userId, member.member.id),
        ),
      );
    return row?.ids;
  };
  /** The path and query of an e-mailed link, to follow it on the test app. */
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    expect(parsed.origin).toBe('http://lavoura.test');
    return `${parsed.pathname}${parsed.search}`;
  };

  it('carries List-Unsubscribe with one-click and a link in the body that turns the kind off, and the next run sends nothing of it', async () => {
    const leaving = await digestScenario(app, {
      farmName: 'Fazenda Saída',
      optIn: [
        NOTIFICATION_TYPE_IDS.weekly_applications,
        NOTIFICATION_TYPE_IDS.commodity_quotations,
      ],
    });
    const notifications = notificationsWith({ market });
    expect((await notifications.runWeekly(DIGEST_NOW)).failed).toBe(0);
    const mails = await mailsTo(app, leaving.member.email);
    const digestMail = mails.find((mail) => mail.subject.includes('resumo semanal'))!;
    const quotesMail = mails.find((mail) => mail.subject.includes('cotações'))!;
    for (const mail of [digestMail, quotesMail]) {
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const header = /^<(http[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
      expect(header, mail.subject).not.toBeNull();
      // The body shows the same link, with its words in the member's language.
      expect(mail.text).toContain('Cancele com um clique');
      expect(mail.text).toContain(header![1]);
      // Never the person's id in clear alone: a signed token.
      expect(new URL(header![1]!).searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    }
    const digestLink = /^<(.+)>$/.exec(digestMail.headers['list-unsubscribe']!)![1]!;
    const quotesLink = /^<(.+)>$/.exec(quotesMail.headers['list-unsubscribe']!)![1]!;

    // A tampered token (the signature's first character changed: its last one also holds
    // padding bits a decoder ignores) is refused and changes nothing.
    const tampered = digestLink.replace(/token=([^&]+)/, (_, token: string) => {
      const signature = token.lastIndexOf('.') + 1;
      const changed = token[signature] === 'A' ? 'B' : 'A';
      return `token=${token.slice(0, signature)}${changed}${token.slice(signature + 1)}`;
    });
    const refused = await app.app.inject({ method: 'GET', url: pathOf(tampered) });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Este link para cancelar e-mails não é válido');
    expect(await settingsOf(leaving)).toEqual([
      NOTIFICATION_TYPE_IDS.commodity_quotations,
      NOTIFICATION_TYPE_IDS.weekly_applications,
    ]);

    // The body's link, followed with no session (or by a mail scanner): a page that asks to
    // confirm, in the person's language, and nothing changes yet.
    const followed = await app.app.inject({ method: 'GET', url: pathOf(digestLink) });
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['content-type']).toContain('text/html');
    expect(followed.body).toContain('<html lang="pt-BR">');
    expect(followed.body).toContain(
      'Parar de receber os e-mails de &#34;Aplicações da semana&#34; da Lavoura',
    );
    expect(followed.body).toContain(
      '<form method="post"><button type="submit" style="font: inherit; padding: 0.5rem 1rem">Cancelar estes e-mails</button></form>',
    );
    expect(await settingsOf(leaving)).toEqual([
      NOTIFICATION_TYPE_IDS.commodity_quotations,
      NOTIFICATION_TYPE_IDS.weekly_applications,
    ]);

    // The page's button POSTs the form back to the same link: the digest is off, the quotes not.
    const confirmed = await app.app.inject({
      method: 'POST',
      url: pathOf(digestLink),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toContain('text/html');
    expect(confirmed.body).toContain('<html lang="pt-BR">');
    expect(confirmed.body).not.toContain('<form');
    expect(confirmed.body).toContain(
      'você não recebe mais os e-mails de &#34;Aplicações da semana&#34; da Lavoura',
    );
    expect(confirmed.body).toContain('Para voltar a recebê-los');
    expect(await settingsOf(leaving)).toEqual([NOTIFICATION_TYPE_IDS.commodity_quotations]);
    // The same preference the farm's notifications dialog shows.
    const shown = await app.app.inject({
      method: 'GET',
      url: `/api/farms/${leaving.farmId}/notifications`,
      headers: bearer(leaving.member.token),
    });
    expect(shown.json().notification_type_ids).toEqual([
      NOTIFICATION_TYPE_IDS.commodity_quotations,
    ]);

    // Next week: the quotes come, the digest does not.
    const nextWeek = new Date(DIGEST_NOW.getTime() + 7 * 86_400_000);
    const targets = await notifications.weeklyTargets();
    expect(targets.digest).not.toContainEqual(
      expect.objectContaining({ userId: leaving.member.id }),
    );
    expect((await notifications.runWeekly(nextWeek)).failed).toBe(0);
    const afterDigestOff = (await mailsTo(app, leaving.member.email)).slice(mails.length);
    expect(afterDigestOff.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('cotações'),
    ]);

    // The mail app's one-click POST (RFC 8058) on the quotes' header link turns the quotes off.
    const oneClick = await app.app.inject({
      method: 'POST',
      url: pathOf(quotesLink),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Cotações de commodities');
    expect(await settingsOf(leaving)).toEqual([]);
    const weekAfter = new Date(DIGEST_NOW.getTime() + 14 * 86_400_000);
    expect((await notifications.runWeekly(weekAfter)).failed).toBe(0);
    expect(await mailsTo(app, leaving.member.email)).toHaveLength(mails.length + 1);
    // Following a link again does no harm.
    expect((await app.app.inject({ method: 'GET', url: pathOf(digestLink) })).statusCode).toBe(200);
    expect(await settingsOf(leaving)).toEqual([]);
  });

  it('answers an expired link and one with no token with a clear page in the link’s language, changing nothing', async () => {
    const member = await digestScenario(app, {
      farmName: 'Fazenda Vencida',
      optIn: [NOTIFICATION_TYPE_IDS.weekly_applications],
    });
    const service = new UnsubscribeService({
      db: app.db,
      tokens: new UnsubscribeTokens(secret),
      publicUrl: 'http://lavoura.test',
    });
    const old = await service.linkFor(
      { accountId: member.accountId, userId: member.member.id },
      'weekly_digest',
      'en',
      new Date(DIGEST_NOW.getTime() - (UNSUBSCRIBE_TOKEN_DAYS + 1) * 86_400_000),
    );
    const expired = await app.app.inject({ method: 'GET', url: pathOf(old.url) });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This unsubscribe link has expired. Nothing was changed');
    const empty = await app.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe?lang=es',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Este enlace para darse de baja no es válido');
    // A digest link's token (another purpose, same secret) unsubscribes nothing either.
    const digestLink = await new DigestTokens(secret).sign(
      member.member.id,
      member.accountId,
      DIGEST_NOW,
    );
    const wrongPurpose = await app.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${digestLink.token}`,
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(await settingsOf(member)).toEqual([NOTIFICATION_TYPE_IDS.weekly_applications]);
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
