import {
  DIGEST_UPCOMING_DAYS,
  ERRORS,
  NOTIFICATION_TYPE_IDS,
  PROFILES,
  addDays,
  farmScope,
  digestWeeks,
  isLanguage,
  isoWeek,
  isoWeekday,
  todayIn,
  type DigestExecution,
  type DigestFarm,
  type DigestHarvest,
  type DigestLink,
  type DigestWeatherDay,
  type Language,
  type WeeklyDigest,
} from '@lavoura/domain';
import { and, asc, between, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { DigestTokens } from './digest-token.ts';
import type { FarmWeatherSource } from './farm-weather.ts';
import type { SprayWindowsService } from '../programs/spray-windows.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

export interface DigestServiceDeps {
  db: Database;
  tokens: DigestTokens;
  /** Base of the link (http://localhost:3000): the page is `${publicUrl}/v3/weekly-digest`. */
  publicUrl: string;
  now?: () => Date;
  /** The weather module's days; absent until it is wired (the weather is then "not available"). */
  weather?: FarmWeatherSource | undefined;
  /** The upcoming sprays' windows; absent, the digest shows none. */
  sprayWindows?: SprayWindowsService | undefined;
  warn?: (message: string, error: unknown) => void;
}

/** A member the digest is written for: who they are and which farms they see. */
export interface DigestMember {
  accountId: number;
  userId: number;
  email: string;
  name: string;
  language: Language;
  allFarms: boolean;
  farmIds: number[];
}

interface FarmRow {
  id: number;
  accountId: number;
  name: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/**
 * The weekly digest (spec 3 §2 and §3; issue 14 item 6): per farm, the weather of last week and
 * this week by day, the sprays planned or applied in those weeks (ideal and realised days), the
 * harvests of those weeks and the sprays due in the next 15 days. The farms are those the member
 * sees and asked weekly applications of (farm notifications); a member who asked it of none gets
 * every farm they see (the link still shows something). A farm with no spray, harvest or upcoming
 * spray in the window is left out; nothing left is 404 exception.digest.no_data.
 */
export class DigestService {
  private readonly now: () => Date;

  constructor(private readonly deps: DigestServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** `${publicUrl}/v3/weekly-digest?token=…` for the signed-in member, valid 14 days. */
  async link(session: Session): Promise<DigestLink> {
    return this.linkFor(session.userId, session.accountId, this.now());
  }

  async linkFor(userId: number, accountId: number, now: Date): Promise<DigestLink> {
    const { token, expiresAt } = await this.deps.tokens.sign(userId, accountId, now);
    return {
      url: `${this.deps.publicUrl}/v3/weekly-digest?token=${encodeURIComponent(token)}`,
      token,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** The public answer: the token's member's digest (401 invalid/expired, 404 no data). */
  async read(token: string): Promise<WeeklyDigest> {
    const now = this.now();
    const claims = await this.deps.tokens.verify(token, now);
    const member = await this.member(claims.accountId, claims.userId);
    // A member removed or deactivated since the link was sent: the link no longer opens anything.
    if (!member) throw new AppError(ERRORS.digestInvalidToken, 'The member is no longer active');
    const digest = await this.build(member, now, claims.expiresAt);
    if (!digest) throw new AppError(ERRORS.digestNoData, 'Nothing to show this week');
    return digest;
  }

  /** An active, accepted, activated member of the account with the farms they see. */
  async member(accountId: number, userId: number): Promise<DigestMember | undefined> {
    const [row] = await this.deps.db
      .select({
        membershipId: t.memberships.id,
        profileId: t.memberships.profileId,
        email: t.users.email,
        name: t.users.name,
        language: t.users.language,
      })
      .from(t.memberships)
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .where(
        and(
          ofAccount(t.memberships, accountId),
          eq(t.memberships.userId, userId),
          eq(t.memberships.active, true),
          isNotNull(t.memberships.acceptedAt),
          isNotNull(t.users.activatedAt),
        ),
      );
    if (!row) return undefined;
    const allFarms = PROFILES.find((profile) => profile.id === row.profileId)?.all_farms ?? false;
    const assigned = allFarms
      ? []
      : await this.deps.db
          .select({ farmId: t.membershipFarms.farmId })
          .from(t.membershipFarms)
          .where(
            and(
              ofAccount(t.membershipFarms, accountId),
              eq(t.membershipFarms.membershipId, row.membershipId),
            ),
          );
    return {
      accountId,
      userId,
      email: row.email,
      name: row.name,
      language: isLanguage(row.language) ? row.language : 'pt',
      allFarms,
      farmIds: assigned.map((farm) => farm.farmId),
    };
  }

  /** The enabled farms the member sees, narrowed to those with weekly applications when any. */
  private async farms(member: DigestMember): Promise<FarmRow[]> {
    const db = this.deps.db;
    if (!member.allFarms && member.farmIds.length === 0) return [];
    const rows = await db
      .select({
        id: t.farms.id,
        accountId: t.farms.accountId,
        name: t.farms.name,
        latitude: t.farms.latitude,
        longitude: t.farms.longitude,
        timeZone: t.farms.timeZone,
      })
      .from(t.farms)
      .where(
        and(
          ofAccount(t.farms, member),
          eq(t.farms.enabled, true),
          isNull(t.farms.deletedAt),
          member.allFarms ? undefined : inArray(t.farms.id, member.farmIds),
        ),
      )
      .orderBy(asc(t.farms.name), asc(t.farms.id));
    const opted = await db
      .select({ farmId: t.farmNotificationSettings.farmId })
      .from(t.farmNotificationSettings)
      .where(
        and(
          ofAccount(t.farmNotificationSettings, member),
          eq(t.farmNotificationSettings.userId, member.userId),
          sql`${NOTIFICATION_TYPE_IDS.weekly_applications} = any(${t.farmNotificationSettings.notificationTypeIds})`,
        ),
      );
    const optedIds = new Set(opted.map((row) => row.farmId));
    const chosen = rows.filter((farm) => optedIds.has(farm.id));
    return chosen.length ? chosen : rows;
  }

  /** The digest of a member at an instant, or undefined when no farm has anything to show. */
  async build(member: DigestMember, now: Date, expiresAt: Date): Promise<WeeklyDigest | undefined> {
    const farms = await this.farms(member);
    if (farms.length === 0) return undefined;
    const todays = new Map(farms.map((farm) => [farm.id, todayIn(farm.timeZone, now)]));
    const days = [...todays.values()].sort();
    const from = digestWeeks(days[0]!).lastWeek.from;
    const to = addDays(days.at(-1)!, DIGEST_UPCOMING_DAYS);
    const farmIds = farms.map((farm) => farm.id);
    const [sprays, harvests] = await Promise.all([
      this.executionSprays(member.accountId, farmIds, from, to),
      this.harvests(member.accountId, farmIds, from, to),
    ]);

    const answer: DigestFarm[] = [];
    for (const farm of farms) {
      const today = todays.get(farm.id)!;
      const weeks = digestWeeks(today);
      const within = (day: string | null, range: { from: string; to: string }) =>
        day !== null && day >= range.from && day <= range.to;
      const own = sprays.filter((spray) => spray.farmId === farm.id);
      // A spray belongs to the week it was applied in, or planned for while not applied.
      const dayOf = (spray: SprayRow) =>
        spray.execution.realized_date ?? spray.execution.ideal_date;
      const lastWeek = own.filter((s) => within(dayOf(s), weeks.lastWeek)).map((s) => s.execution);
      const thisWeek = own.filter((s) => within(dayOf(s), weeks.thisWeek)).map((s) => s.execution);
      const upcomingEnd = addDays(today, DIGEST_UPCOMING_DAYS);
      const upcoming = await this.withWindows(
        member,
        farm.id,
        own
          .filter(
            (s) =>
              s.execution.realized_date === null &&
              within(s.execution.ideal_date, { from: today, to: upcomingEnd }),
          )
          .map((s) => s.execution),
      );
      const harvest = harvests
        .filter(
          (h) =>
            h.farmId === farm.id &&
            within(h.harvest.harvest_date, {
              from: weeks.lastWeek.from,
              to: weeks.thisWeek.to,
            }),
        )
        .map((h) => h.harvest);
      if (!lastWeek.length && !thisWeek.length && !upcoming.length && !harvest.length) continue;
      answer.push({
        id: farm.id,
        name: farm.name,
        time_zone: farm.timeZone,
        weather: await this.weatherOf(member, farm, weeks),
        fields: { lastWeek, thisWeek },
        harvest,
        upcoming,
      });
    }
    if (answer.length === 0) return undefined;
    return {
      week: isoWeek(days[0]!),
      today: days[0]!,
      user: { name: member.name, language: member.language },
      upcoming_days: DIGEST_UPCOMING_DAYS,
      expires_at: expiresAt.toISOString(),
      farms: answer,
    };
  }

  /** Each upcoming spray with its day's spray window; none when the forecast does not answer. */
  private async withWindows(
    member: DigestMember,
    farmId: number,
    upcoming: DigestExecution[],
  ): Promise<DigestExecution[]> {
    if (!this.deps.sprayWindows || upcoming.length === 0) return upcoming;
    try {
      const windows = await this.deps.sprayWindows.farmDays(
        { accountId: member.accountId, farms: farmScope(member.allFarms, member.farmIds) },
        farmId,
        upcoming.map((spray) => spray.ideal_date),
      );
      return upcoming.map((spray) => {
        const window = windows.get(spray.ideal_date);
        return window ? { ...spray, spray_window: window } : spray;
      });
    } catch (error) {
      this.deps.warn?.('Spray windows unavailable for the digest', error);
      return upcoming;
    }
  }

  private async weatherOf(
    member: DigestMember,
    farm: FarmRow,
    weeks: ReturnType<typeof digestWeeks>,
  ): Promise<DigestFarm['weather']> {
    const empty = { lastWeek: [], thisWeek: [], available: false, simulated: false };
    if (!this.deps.weather) return empty;
    try {
      const summary = await this.deps.weather.dailySummary(
        { accountId: member.accountId, farms: farmScope(member.allFarms, member.farmIds) },
        farm.id,
        weeks.lastWeek.from,
        weeks.thisWeek.to,
      );
      const toDay =
        (week: 'last' | 'this') =>
        (day: (typeof summary.days)[number]): DigestWeatherDay => ({
          week,
          measurement_date: day.date,
          day_week: isoWeekday(day.date),
          rain_mm: day.rain_mm,
          rain_status: day.rain_status,
          weather_status: day.weather_status,
          temp_min_c: day.temp_min_c,
          temp_max_c: day.temp_max_c,
        });
      const inRange = (range: { from: string; to: string }) =>
        summary.days.filter((day) => day.date >= range.from && day.date <= range.to);
      return {
        lastWeek: inRange(weeks.lastWeek).map(toDay('last')),
        thisWeek: inRange(weeks.thisWeek).map(toDay('this')),
        available: true,
        simulated: summary.simulated,
      };
    } catch (error) {
      // The digest goes on without the weather: the page says it is not available.
      this.deps.warn?.('digest weather unavailable', error);
      return empty;
    }
  }

  /**
   * The farms' execution sprays (programs attached to live sowings) applied in range, or not
   * applied and planned in range, with their products. The rain alert reads the second kind.
   */
  async executionSprays(
    accountId: number,
    farmIds: number[],
    from: string,
    to: string,
  ): Promise<SprayRow[]> {
    const db = this.deps.db;
    const rows = await db
      .select({
        id: t.sprayings.id,
        ordinal: t.sprayings.ordinal,
        plannedDate: t.sprayings.plannedDate,
        appliedAt: t.sprayings.appliedAt,
        whiteMold: t.sprayings.whiteMold,
        programId: t.programs.id,
        farmId: t.programs.farmId,
        sowingId: t.sowings.id,
        plotId: t.plots.id,
        plotName: t.plots.name,
      })
      .from(t.sprayings)
      .innerJoin(
        t.programs,
        and(eq(t.programs.id, t.sprayings.programId), ofAccount(t.programs, accountId)),
      )
      .innerJoin(
        t.sowings,
        and(eq(t.sowings.id, t.programs.sowingId), ofAccount(t.sowings, accountId)),
      )
      .innerJoin(t.plots, and(eq(t.plots.id, t.sowings.plotId), ofAccount(t.plots, accountId)))
      .where(
        and(
          ofAccount(t.sprayings, accountId),
          inArray(t.programs.farmId, farmIds),
          isNull(t.programs.deletedAt),
          isNull(t.sowings.deletedAt),
          isNull(t.plots.deletedAt),
          or(
            between(t.sprayings.appliedAt, from, to),
            and(isNull(t.sprayings.appliedAt), between(t.sprayings.plannedDate, from, to)),
          ),
        ),
      )
      .orderBy(asc(t.sprayings.plannedDate), asc(t.plots.name), asc(t.sprayings.ordinal));
    const products = rows.length
      ? await db
          .select({
            sprayingId: t.sprayingProducts.sprayingId,
            pesticideId: t.pesticides.id,
            name: t.pesticides.name,
            dose: t.sprayingProducts.dose,
          })
          .from(t.sprayingProducts)
          .innerJoin(t.pesticides, eq(t.pesticides.id, t.sprayingProducts.pesticideId))
          .where(
            and(
              ofAccount(t.sprayingProducts, accountId),
              inArray(
                t.sprayingProducts.sprayingId,
                rows.map((row) => row.id),
              ),
            ),
          )
          .orderBy(asc(t.sprayingProducts.id))
      : [];
    return rows.map((row) => ({
      farmId: row.farmId,
      execution: {
        spraying_id: row.id,
        program_id: row.programId,
        sowing_id: row.sowingId,
        plot_id: row.plotId,
        plot_name: row.plotName,
        ideal_date: row.plannedDate,
        realized_date: row.appliedAt,
        application: {
          number: row.ordinal,
          white_mold: row.whiteMold,
          products: products
            .filter((product) => product.sprayingId === row.id)
            .map((product) => ({
              pesticide_id: product.pesticideId,
              name: product.name,
              dose: product.dose,
            })),
        },
      },
    }));
  }

  private async harvests(
    accountId: number,
    farmIds: number[],
    from: string,
    to: string,
  ): Promise<{ farmId: number; harvest: DigestHarvest }[]> {
    const rows = await this.deps.db
      .select({
        farmId: t.sowings.farmId,
        sowingId: t.sowings.id,
        plotId: t.plots.id,
        plotName: t.plots.name,
        harvestDate: t.harvests.harvestDate,
        productivity: t.harvests.productivity,
        lost: t.harvests.lost,
      })
      .from(t.harvests)
      .innerJoin(
        t.sowings,
        and(eq(t.sowings.id, t.harvests.sowingId), ofAccount(t.sowings, accountId)),
      )
      .innerJoin(t.plots, and(eq(t.plots.id, t.sowings.plotId), ofAccount(t.plots, accountId)))
      .where(
        and(
          ofAccount(t.harvests, accountId),
          inArray(t.sowings.farmId, farmIds),
          isNull(t.sowings.deletedAt),
          between(t.harvests.harvestDate, from, to),
        ),
      )
      .orderBy(asc(t.harvests.harvestDate), asc(t.plots.name));
    return rows.map((row) => ({
      farmId: row.farmId,
      harvest: {
        sowing_id: row.sowingId,
        plot_id: row.plotId,
        plot_name: row.plotName,
        harvest_date: row.harvestDate,
        productivity: row.productivity,
        lost: row.lost,
      },
    }));
  }
}

interface SprayRow {
  farmId: number;
  execution: DigestExecution;
}
