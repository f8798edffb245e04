import {
  CROPS,
  NOTIFICATION_TYPE_IDS,
  PROFILES,
  RAIN_ALERT_LOOKAHEAD_DAYS,
  RAIN_ALERT_THRESHOLD_MM,
  addDays,
  formatMoney,
  formatNumber,
  isLanguage,
  isoWeek,
  rainAlertFor,
  todayIn,
  toDisplayUnit,
  unitOf,
  type Language,
} from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import {
  composeNotification,
  composeWhatsAppText,
  type NotificationKind,
} from '../../providers/mail/messages.ts';
import type { WhatsAppSender } from '../../providers/whatsapp/whatsapp.ts';
import type { DigestService } from '../digest/digest.service.ts';
import type { FarmWeatherSource } from '../digest/farm-weather.ts';
import type { MarketService } from '../market/market.service.ts';
import type { UnsubscribeService } from './unsubscribe.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

export interface NotificationsServiceDeps {
  db: Database;
  digest: DigestService;
  mailer: Mailer;
  whatsapp: WhatsAppSender;
  /** The unsubscribe link every e-mail here carries (issue 29 item 9). */
  unsubscribe: UnsubscribeService;
  now?: () => Date;
  weather?: FarmWeatherSource | undefined;
  market?: Pick<MarketService, 'summary'> | undefined;
  warn?: (message: string, error: unknown) => void;
}

/** One member of one account, the unit every notification is sent to. */
export interface Recipient {
  accountId: number;
  userId: number;
}

type Channel = 'email' | 'whatsapp';

/** What a delivery did: sent now, sent (or skipped) before, or held by another worker right now. */
export type DeliveryOutcome = 'sent' | 'already' | 'busy';

interface Subscription extends Recipient {
  farmId: number;
  farmName: string;
  email: string;
  name: string;
  language: Language;
  whatsappOptIn: boolean;
  phone: string | null;
}

const ALL_FARM_PROFILE_IDS = PROFILES.filter((profile) => profile.all_farms).map((p) => p.id);

/**
 * The notifications the farm settings drive (spec 3 §3 Notification preferences; issue 14 item 7):
 * the weekly digest (weekly_applications), the rain alert after a planned spray
 * (weather_forecast) and the quotes summary (commodity_quotations), by e-mail and, for a farm
 * with the WhatsApp opt-in and a phone, by WhatsApp.
 *
 * Exactly once: every send goes through `deliver`, whose row in notification_deliveries (unique
 * per account, user, kind, subject, channel) is locked while the message is sent and marked sent
 * in the same transaction. A second worker finds it sent (or locked) and sends nothing; a failed
 * send rolls back, counts the attempt with its error and is thrown, so the job queue retries it.
 */
export class NotificationsService {
  private readonly now: () => Date;

  constructor(private readonly deps: NotificationsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The ISO week a run belongs to (UTC): the subject of its digests and quotes summaries. */
  weekOf(now: Date): string {
    return isoWeek(now.toISOString().slice(0, 10));
  }

  /** The members subscribed to a notification type on a farm they still see. */
  private async subscriptions(typeId: number): Promise<Subscription[]> {
    const s = t.farmNotificationSettings;
    const rows = await this.deps.db
      .select({
        accountId: s.accountId,
        userId: s.userId,
        farmId: s.farmId,
        farmName: t.farms.name,
        email: t.users.email,
        name: t.users.name,
        language: t.users.language,
        whatsappOptIn: s.whatsappOptIn,
        phone: s.phone,
      })
      .from(s)
      .innerJoin(
        t.memberships,
        and(
          eq(t.memberships.accountId, t.farmNotificationSettings.accountId),
          eq(t.memberships.userId, s.userId),
          eq(t.memberships.active, true),
          isNotNull(t.memberships.acceptedAt),
        ),
      )
      .innerJoin(t.users, and(eq(t.users.id, s.userId), isNotNull(t.users.activatedAt)))
      .innerJoin(
        t.farms,
        and(
          eq(t.farms.accountId, t.farmNotificationSettings.accountId),
          eq(t.farms.id, s.farmId),
          eq(t.farms.enabled, true),
          isNull(t.farms.deletedAt),
        ),
      )
      .where(
        and(
          sql`${typeId} = any(${s.notificationTypeIds})`,
          sql`(${inArray(t.memberships.profileId, ALL_FARM_PROFILE_IDS)} or exists (
            select 1 from ${t.membershipFarms}
            where ${t.membershipFarms.accountId} = ${s.accountId}
              and ${t.membershipFarms.membershipId} = ${t.memberships.id}
              and ${t.membershipFarms.farmId} = ${s.farmId}))`,
        ),
      )
      .orderBy(asc(s.accountId), asc(s.userId), asc(s.farmId));
    return rows.map((row) => ({
      ...row,
      language: isLanguage(row.language) ? row.language : 'pt',
    }));
  }

  /** Who gets this week's digest and quotes summary (one per member of an account). */
  async weeklyTargets(): Promise<{ digest: Recipient[]; quotes: Recipient[] }> {
    const distinct = (rows: Subscription[]) => {
      const seen = new Map<string, Recipient>();
      for (const row of rows)
        seen.set(`${row.accountId}:${row.userId}`, {
          accountId: row.accountId,
          userId: row.userId,
        });
      return [...seen.values()];
    };
    const [digest, quotes] = await Promise.all([
      this.subscriptions(NOTIFICATION_TYPE_IDS.weekly_applications),
      this.deps.market
        ? this.subscriptions(NOTIFICATION_TYPE_IDS.commodity_quotations)
        : Promise.resolve([]),
    ]);
    return { digest: distinct(digest), quotes: distinct(quotes) };
  }

  /** The WhatsApp number of a member's opted-in farms for a type (the first farm's), if any. */
  private async whatsAppOf(recipient: Recipient, typeId: number): Promise<string | undefined> {
    const rows = await this.subscriptions(typeId);
    return (
      rows.find(
        (row) =>
          row.accountId === recipient.accountId &&
          row.userId === recipient.userId &&
          row.whatsappOptIn &&
          row.phone,
      )?.phone ?? undefined
    );
  }

  /**
   * This week's digest of one member: the e-mail with the link (and the WhatsApp text when asked).
   * Nothing to show is recorded as `skipped` and sends nothing.
   */
  async sendDigest(
    recipient: Recipient,
    week: string,
    now = this.now(),
  ): Promise<DeliveryOutcome[]> {
    const key = { ...recipient, kind: 'weekly_digest', subject: week };
    const member = await this.deps.digest.member(recipient.accountId, recipient.userId);
    if (!member) return [];
    const link = await this.deps.digest.linkFor(recipient.userId, recipient.accountId, now);
    const digest = await this.deps.digest.build(member, now, new Date(link.expires_at));
    if (!digest) {
      await this.skip({ ...key, channel: 'email' });
      return [];
    }
    const sprays = digest.farms.reduce((sum, farm) => sum + farm.fields.thisWeek.length, 0);
    const upcoming = digest.farms.reduce((sum, farm) => sum + farm.upcoming.length, 0);
    const values = {
      name: member.name,
      week,
      link: link.url,
      farms: digest.farms.map((farm) => farm.name).join(', '),
      sprays: String(sprays),
      upcoming: String(upcoming),
      days: String(digest.upcoming_days),
    };
    const unsubscribe = await this.deps.unsubscribe.linkFor(
      recipient,
      'weekly_digest',
      member.language,
      now,
    );
    const outcomes = [
      await this.deliver({ ...key, channel: 'email' }, () =>
        this.deps.mailer.send(
          composeNotification('weekly_digest', member.email, member.language, values, unsubscribe),
        ),
      ),
    ];
    const phone = await this.whatsAppOf(recipient, NOTIFICATION_TYPE_IDS.weekly_applications);
    if (phone)
      outcomes.push(
        await this.deliver({ ...key, channel: 'whatsapp' }, () =>
          this.deps.whatsapp.send({
            to: phone,
            text: composeWhatsAppText('weekly_digest', member.language, values),
          }),
        ),
      );
    return outcomes;
  }

  /** This week's quotes summary for one member (needs the market module). */
  async sendQuotes(recipient: Recipient, week: string): Promise<DeliveryOutcome[]> {
    if (!this.deps.market) return [];
    const member = await this.deps.digest.member(recipient.accountId, recipient.userId);
    if (!member) return [];
    const summary = await this.deps.market.summary();
    const lang = member.language;
    const number = (value: number, digits = 2) => formatNumber(value, lang, digits);
    const lines = [...summary.soybean, ...summary.wheat].map((quote) => {
      const variation =
        quote.percentage_variation === null
          ? ''
          : ` (${quote.percentage_variation >= 0 ? '+' : ''}${number(quote.percentage_variation)}%)`;
      const unit = quote.unit ? `/${quote.unit === 'sc60kg' ? 'sc' : quote.unit}` : '';
      // The place alone ("Paranaguá (PR)") does not say which crop the price is of.
      const crop = CROPS.find((row) => row.id === quote.crop_id);
      // Money as the reports write it (the product's one format: R$ 1.234,50, R$1,234.50).
      const cropName = crop ? `${translate(lang, 'reference', crop.message_key)} — ` : '';
      return `• ${cropName}${quote.name}: ${formatMoney(quote.price, quote.currency, lang)}${unit}${variation}`;
    });
    lines.push(`• USD/BRL: ${number(summary.dollar.usd_brl, 4)}`);
    const values = {
      name: member.name,
      date: summary.dollar.date,
      quotes: lines.join('\n'),
      simulated: summary.simulated ? simulatedNote(lang) : '',
    };
    const key = { ...recipient, kind: 'quotes_summary', subject: week };
    const unsubscribe = await this.deps.unsubscribe.linkFor(recipient, 'quotes_summary', lang);
    const outcomes = [
      await this.deliver({ ...key, channel: 'email' }, () =>
        this.deps.mailer.send(
          composeNotification('quotes_summary', member.email, lang, values, unsubscribe),
        ),
      ),
    ];
    const phone = await this.whatsAppOf(recipient, NOTIFICATION_TYPE_IDS.commodity_quotations);
    if (phone)
      outcomes.push(
        await this.deliver({ ...key, channel: 'whatsapp' }, () =>
          this.deps.whatsapp.send({
            to: phone,
            text: composeWhatsAppText('quotes_summary', lang, values),
          }),
        ),
      );
    return outcomes;
  }

  /**
   * Rain alerts: for each farm someone follows the weather of, the planned sprays of the next days
   * with RAIN_ALERT_THRESHOLD_MM or more forecast that day or the next warn each follower, once per
   * spray and planned day and channel (a spray moved to another day may warn again).
   */
  async weatherAlerts(now = this.now()): Promise<number> {
    const weather = this.deps.weather;
    if (!weather) return 0;
    const subscriptions = await this.subscriptions(NOTIFICATION_TYPE_IDS.weather_forecast);
    if (subscriptions.length === 0) return 0;
    const farmKeys = [...new Set(subscriptions.map((s) => `${s.accountId}:${s.farmId}`))];
    let sent = 0;
    for (const farmKey of farmKeys) {
      const [accountId, farmId] = farmKey.split(':').map(Number) as [number, number];
      const [farm] = await this.deps.db
        .select({
          id: t.farms.id,
          accountId: t.farms.accountId,
          latitude: t.farms.latitude,
          longitude: t.farms.longitude,
          timeZone: t.farms.timeZone,
        })
        .from(t.farms)
        .where(and(ofAccount(t.farms, accountId), eq(t.farms.id, farmId)));
      if (!farm) continue;
      const today = todayIn(farm.timeZone, now);
      const until = addDays(today, RAIN_ALERT_LOOKAHEAD_DAYS);
      const sprays = (await this.deps.digest.executionSprays(accountId, [farmId], today, until))
        .filter(({ execution }) => execution.realized_date === null)
        .map(({ execution }) => ({
          id: execution.spraying_id,
          ordinal: execution.application.number,
          plannedDate: execution.ideal_date,
          plotName: execution.plot_name,
        }));
      if (sprays.length === 0) continue;
      let forecast: Awaited<ReturnType<FarmWeatherSource['dailySummary']>>;
      try {
        forecast = await weather.dailySummary(
          { accountId, farms: { all: true } },
          farmId,
          today,
          addDays(until, 1),
        );
      } catch (error) {
        this.deps.warn?.('weather alert: no forecast', error);
        continue;
      }
      const rain = new Map(
        forecast.days.flatMap((day) =>
          day.rain_mm === null ? [] : [[day.date, day.rain_mm] as const],
        ),
      );
      for (const spray of sprays) {
        const alert = rainAlertFor(spray.plannedDate, rain);
        if (!alert) continue;
        for (const follower of subscriptions.filter(
          (s) => s.accountId === accountId && s.farmId === farmId,
        )) {
          const lang = follower.language;
          const values = {
            name: follower.name,
            farm: follower.farmName,
            plot: spray.plotName,
            number: String(spray.ordinal),
            spray_day: spray.plannedDate,
            rain_day: alert.day,
            rain: `${formatNumber(toDisplayUnit('precipitation', alert.rain_mm, lang), lang, lang === 'en' ? 2 : 0)} ${unitOf('precipitation', lang)}`,
            threshold: `${formatNumber(toDisplayUnit('precipitation', RAIN_ALERT_THRESHOLD_MM, lang), lang, lang === 'en' ? 2 : 0)} ${unitOf('precipitation', lang)}`,
            simulated: forecast.simulated ? simulatedNote(lang) : '',
          };
          const key = {
            accountId,
            userId: follower.userId,
            kind: 'weather_alert',
            subject: `${spray.id}:${spray.plannedDate}`,
          };
          const unsubscribe = await this.deps.unsubscribe.linkFor(
            follower,
            'weather_alert',
            lang,
            now,
          );
          const outcomes = [
            await this.deliver({ ...key, channel: 'email' }, () =>
              this.deps.mailer.send(
                composeNotification('weather_alert', follower.email, lang, values, unsubscribe),
              ),
            ),
          ];
          if (follower.whatsappOptIn && follower.phone) {
            const phone = follower.phone;
            outcomes.push(
              await this.deliver({ ...key, channel: 'whatsapp' }, () =>
                this.deps.whatsapp.send({
                  to: phone,
                  text: composeWhatsAppText('weather_alert', lang, values),
                }),
              ),
            );
          }
          sent += outcomes.filter((outcome) => outcome === 'sent').length;
        }
      }
    }
    return sent;
  }

  /** Every digest and quotes summary of a week, one after the other (no job queue: tests, tools). */
  async runWeekly(now = this.now()): Promise<{ sent: number; failed: number }> {
    const week = this.weekOf(now);
    const targets = await this.weeklyTargets();
    let sent = 0;
    let failed = 0;
    const run = async (send: () => Promise<DeliveryOutcome[]>) => {
      try {
        sent += (await send()).filter((outcome) => outcome === 'sent').length;
      } catch (error) {
        failed += 1;
        this.deps.warn?.('notification failed', error);
      }
    };
    for (const recipient of targets.digest) await run(() => this.sendDigest(recipient, week, now));
    for (const recipient of targets.quotes) await run(() => this.sendQuotes(recipient, week));
    return { sent, failed };
  }

  /** Records that a notification had nothing to say (shown in the back office, never retried). */
  private async skip(key: DeliveryKey): Promise<void> {
    await this.deps.db
      .insert(t.notificationDeliveries)
      .values({ ...key, status: 'skipped' })
      .onConflictDoNothing();
  }

  /**
   * Sends once per key: the delivery row is created if missing, then locked (FOR UPDATE SKIP
   * LOCKED) while the message goes out and marked sent in the same transaction. A row already
   * sent or skipped sends nothing; a row another worker holds answers `busy`. A failure rolls
   * back, is counted (attempts, last_error, status failed) and thrown for the queue to retry.
   */
  async deliver(key: DeliveryKey, send: () => Promise<void>): Promise<DeliveryOutcome> {
    const db = this.deps.db;
    const d = t.notificationDeliveries;
    const match = and(
      ofAccount(d, key),
      eq(d.userId, key.userId),
      eq(d.kind, key.kind),
      eq(d.subject, key.subject),
      eq(d.channel, key.channel),
    );
    await db.insert(d).values(key).onConflictDoNothing();
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: d.id, status: d.status })
          .from(d)
          .where(match)
          .for('update', { skipLocked: true });
        if (!row) return 'busy';
        if (row.status === 'sent' || row.status === 'skipped') return 'already';
        await send();
        await tx
          .update(d)
          .set({ status: 'sent', attempts: sql`${d.attempts} + 1`, sentAt: this.now() })
          .where(eq(d.id, row.id));
        return 'sent';
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(d)
        .set({
          status: 'failed',
          attempts: sql`${d.attempts} + 1`,
          lastError: message.slice(0, 1000),
        })
        .where(and(match, sql`${d.status} <> 'sent'`));
      throw error;
    }
  }
}

export interface DeliveryKey extends Recipient {
  kind: NotificationKind | string;
  subject: string;
  channel: Channel;
}

/** The "simulated data" note of the messages, in the member's language. */
function simulatedNote(language: Language): string {
  return translate(language, 'digest', 'messages.simulated_note');
}
