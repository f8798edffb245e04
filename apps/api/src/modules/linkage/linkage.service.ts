import {
  LINKAGE_DUE_DAYS,
  PROFILES,
  addDays,
  farmScope,
  permissionsFor,
  planLevelOfId,
  rainAlertFor,
  routeAccess,
  seasonStatus,
  sowingStatus,
  todayIn,
  type CropId,
  type FarmScope,
  type LinkageAccount,
  type LinkageDueSpraying,
  type LinkageFarm,
  type LinkageMissingHarvest,
  type LinkageOverview,
  type LinkagePausedProgram,
  type LinkageRainAlert,
  type PlannedDayWindow,
} from '@lavoura/domain';
import { and, asc, between, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { ofAccount } from '../../policies/tenancy.ts';
import type { Session } from '../auth/session.types.ts';
import type { FarmWeatherSource } from '../digest/farm-weather.ts';
import type { SprayWindowsService } from '../programs/spray-windows.service.ts';

export interface LinkageServiceDeps {
  db: Database;
  now?: () => Date;
  /** The farms' forecast days (the rain alerts); absent, no rain alert is shown. */
  weather?: FarmWeatherSource | undefined;
  /** The due sprayings' windows; absent, none is shown. */
  sprayWindows?: Pick<SprayWindowsService, 'farmDays'> | undefined;
  warn?: (message: string, error: unknown) => void;
}

/** One account the person is an active, accepted member of, with what that membership sees. */
interface MembershipRow {
  accountId: number;
  accountName: string;
  planId: number;
  profileId: number;
  farmIds: number[];
}

interface FarmRow {
  id: number;
  name: string;
  timeZone: string;
  countryId: number;
}

/**
 * The linkage dashboard (issue 30 item 9): one page across every account the signed-in person
 * belongs to. Only their own memberships are read (active and accepted), and in each only the
 * farms that membership sees (every farm for profiles with all_farms, else the assigned ones).
 * What the account's plan or the member's profile there does not include is left out: an account
 * without executions shows no due sprayings, pauses or rain alerts; one without sowings no missing
 * harvests. The weather never fails the page: a forecast that does not answer leaves the windows
 * and the rain alerts out.
 */
export class LinkageService {
  private readonly now: () => Date;

  constructor(private readonly deps: LinkageServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async overview(session: Session): Promise<LinkageOverview> {
    const now = this.now();
    const memberships = await this.memberships(session.userId);
    const accounts: LinkageAccount[] = [];
    for (const membership of memberships) {
      accounts.push(await this.account(session, membership, now));
    }
    return { days: LINKAGE_DUE_DAYS, accounts };
  }

  private async memberships(userId: number): Promise<MembershipRow[]> {
    return this.deps.db
      .select({
        accountId: t.accounts.id,
        accountName: t.accounts.name,
        planId: t.accounts.planId,
        profileId: t.memberships.profileId,
        farmIds: sql<
          number[]
        >`array(select mf.farm_id from ${t.membershipFarms} mf where mf.account_id = ${t.memberships.accountId} and mf.membership_id = ${t.memberships.id})`,
      })
      .from(t.memberships)
      .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
      .where(
        and(
          // Across tenants on purpose: the person's own memberships, as at sign-in.
          eq(t.memberships.userId, userId),
          eq(t.memberships.active, true),
          isNotNull(t.memberships.acceptedAt),
        ),
      )
      .orderBy(asc(t.accounts.name), asc(t.accounts.id));
  }

  private async account(
    session: Session,
    membership: MembershipRow,
    now: Date,
  ): Promise<LinkageAccount> {
    const profile = PROFILES.find((p) => p.id === membership.profileId);
    const planLevel = planLevelOfId(membership.planId);
    const codes = profile ? permissionsFor({ profile: profile.uid, planLevel }) : [];
    const sections = {
      executions:
        codes.includes('EXECUCAO_LISTAR') && routeAccess('execucao', planLevel) === 'allowed',
      sowings:
        codes.includes('SEMEADURA_LISTAR') && routeAccess('sowings', planLevel) === 'allowed',
    };
    const scope = farmScope(profile?.all_farms ?? false, membership.farmIds);
    const farms = await this.farms(membership.accountId, scope);
    const base = {
      id: membership.accountId,
      name: membership.accountName,
      current: membership.accountId === session.accountId,
      sections,
    };
    if (farms.length === 0) return { ...base, farms: [] };
    const todays = new Map(farms.map((farm) => [farm.id, todayIn(farm.timeZone, now)]));
    const days = [...todays.values()].sort();
    const farmIds = farms.map((farm) => farm.id);
    const [due, paused, missing] = await Promise.all([
      sections.executions
        ? this.due(
            membership.accountId,
            farmIds,
            days[0]!,
            addDays(days.at(-1)!, LINKAGE_DUE_DAYS - 1),
          )
        : [],
      sections.executions ? this.paused(membership.accountId, farmIds) : [],
      sections.sowings ? this.missingHarvests(membership.accountId, farmIds) : [],
    ]);
    const reader = { accountId: membership.accountId, farms: scope };
    const answer: LinkageFarm[] = [];
    for (const farm of farms) {
      const today = todays.get(farm.id)!;
      const last = addDays(today, LINKAGE_DUE_DAYS - 1);
      const farmDue = due
        .filter(
          (row) => row.farmId === farm.id && row.planned_date >= today && row.planned_date <= last,
        )
        .map(({ farmId: _farmId, ...row }) => row);
      const weather = await this.weatherOf(reader, farm.id, today, farmDue);
      answer.push({
        id: farm.id,
        name: farm.name,
        today,
        due: farmDue.map((row) => {
          const window = weather.windows?.get(row.planned_date);
          return window ? { ...row, spray_window: window } : row;
        }),
        paused: paused
          .filter((row) => row.farmId === farm.id)
          .map(({ farmId: _farmId, ...row }) => row),
        rain_alerts: weather.rainAlerts,
        missing_harvests: missing
          .filter(
            (row) =>
              row.farmId === farm.id &&
              seasonStatus(farm.countryId, row.cropId as CropId, row.startPeriod, today) ===
                'current' &&
              sowingStatus({
                sowingDate: row.sowingDate,
                emergence: row.emergence,
                cycleDays: row.cycleDays,
                harvests: [],
                today,
              }) === 'ready_to_harvest',
          )
          .map((row): LinkageMissingHarvest => ({
            sowing_id: row.sowingId,
            plot_name: row.plotName,
            expected_harvest: addDays(row.emergence!, row.cycleDays!),
          })),
        weather_available: weather.available,
      });
    }
    return { ...base, farms: answer };
  }

  /** The enabled, live farms of the account the scope sees, by name. */
  private async farms(accountId: number, scope: FarmScope): Promise<FarmRow[]> {
    if (!scope.all && scope.farmIds.size === 0) return [];
    return this.deps.db
      .select({
        id: t.farms.id,
        name: t.farms.name,
        timeZone: t.farms.timeZone,
        countryId: t.farms.countryId,
      })
      .from(t.farms)
      .where(
        and(
          ofAccount(t.farms, accountId),
          eq(t.farms.enabled, true),
          isNull(t.farms.deletedAt),
          scope.all ? undefined : inArray(t.farms.id, [...scope.farmIds]),
        ),
      )
      .orderBy(asc(t.farms.name), asc(t.farms.id));
  }

  /** Unapplied sprayings of live execution programs without an open pause, planned in range. */
  private async due(
    accountId: number,
    farmIds: number[],
    from: string,
    to: string,
  ): Promise<(LinkageDueSpraying & { farmId: number })[]> {
    const rows = await this.deps.db
      .select({
        farmId: t.programs.farmId,
        spraying_id: t.sprayings.id,
        ordinal: t.sprayings.ordinal,
        program_id: t.programs.id,
        sowing_id: t.sowings.id,
        plot_name: t.plots.name,
        planned_date: t.sprayings.plannedDate,
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
          isNull(t.sprayings.appliedAt),
          between(t.sprayings.plannedDate, from, to),
          notExists(this.openPause(accountId)),
        ),
      )
      .orderBy(asc(t.sprayings.plannedDate), asc(t.plots.name), asc(t.sprayings.ordinal));
    return rows;
  }

  private openPause(accountId: number) {
    return this.deps.db
      .select({ id: t.programPauses.id })
      .from(t.programPauses)
      .where(
        and(
          ofAccount(t.programPauses, accountId),
          eq(t.programPauses.programId, t.programs.id),
          isNull(t.programPauses.resumedAt),
        ),
      );
  }

  /** Execution programs with an open pause (no resume yet). */
  private async paused(
    accountId: number,
    farmIds: number[],
  ): Promise<(LinkagePausedProgram & { farmId: number })[]> {
    return this.deps.db
      .select({
        farmId: t.programs.farmId,
        program_id: t.programs.id,
        sowing_id: t.sowings.id,
        plot_name: t.plots.name,
        reason_id: t.programPauses.reasonId,
        paused_at: t.programPauses.pausedAt,
      })
      .from(t.programPauses)
      .innerJoin(
        t.programs,
        and(eq(t.programs.id, t.programPauses.programId), ofAccount(t.programs, accountId)),
      )
      .innerJoin(
        t.sowings,
        and(eq(t.sowings.id, t.programs.sowingId), ofAccount(t.sowings, accountId)),
      )
      .innerJoin(t.plots, and(eq(t.plots.id, t.sowings.plotId), ofAccount(t.plots, accountId)))
      .where(
        and(
          ofAccount(t.programPauses, accountId),
          isNull(t.programPauses.resumedAt),
          inArray(t.programs.farmId, farmIds),
          isNull(t.programs.deletedAt),
          isNull(t.sowings.deletedAt),
          isNull(t.plots.deletedAt),
        ),
      )
      .orderBy(asc(t.programPauses.pausedAt), asc(t.plots.name));
  }

  /**
   * Sown, emerged sowings with a cycle and no harvest: the candidates; the farm's today decides
   * which are past their expected harvest and of the current season.
   */
  private async missingHarvests(accountId: number, farmIds: number[]) {
    return this.deps.db
      .select({
        farmId: t.sowings.farmId,
        sowingId: t.sowings.id,
        plotName: t.plots.name,
        cropId: t.seasonCrops.cropId,
        startPeriod: t.seasonCrops.startPeriod,
        sowingDate: t.sowings.sowingDate,
        emergence: t.sowings.emergenceDate,
        cycleDays: t.sowings.estimatedCycle,
      })
      .from(t.sowings)
      .innerJoin(t.plots, and(eq(t.plots.id, t.sowings.plotId), ofAccount(t.plots, accountId)))
      .innerJoin(t.seasonCrops, eq(t.seasonCrops.id, t.sowings.seasonCropId))
      .where(
        and(
          ofAccount(t.sowings, accountId),
          inArray(t.sowings.farmId, farmIds),
          isNull(t.sowings.deletedAt),
          isNull(t.plots.deletedAt),
          isNotNull(t.sowings.sowingDate),
          isNotNull(t.sowings.emergenceDate),
          isNotNull(t.sowings.estimatedCycle),
          notExists(
            this.deps.db
              .select({ id: t.harvests.id })
              .from(t.harvests)
              .where(and(ofAccount(t.harvests, accountId), eq(t.harvests.sowingId, t.sowings.id))),
          ),
        ),
      )
      .orderBy(asc(t.plots.name), asc(t.sowings.id));
  }

  /**
   * The due days' windows and the rain alerts of a farm. A forecast that fails, for whatever
   * reason, leaves both out and says so: the weather never fails the page.
   */
  private async weatherOf(
    reader: { accountId: number; farms: FarmScope },
    farmId: number,
    today: string,
    due: LinkageDueSpraying[],
  ): Promise<{
    available: boolean;
    windows?: Map<string, PlannedDayWindow>;
    rainAlerts: LinkageRainAlert[];
  }> {
    if (due.length === 0) return { available: true, rainAlerts: [] };
    let available = true;
    let windows: Map<string, PlannedDayWindow> | undefined;
    if (this.deps.sprayWindows) {
      try {
        windows = await this.deps.sprayWindows.farmDays(
          reader,
          farmId,
          due.map((row) => row.planned_date),
        );
      } catch (error) {
        this.deps.warn?.('linkage: spray windows unavailable', error);
        available = false;
      }
    }
    const rainAlerts: LinkageRainAlert[] = [];
    if (this.deps.weather) {
      try {
        const summary = await this.deps.weather.dailySummary(
          reader,
          farmId,
          today,
          addDays(today, LINKAGE_DUE_DAYS),
        );
        const rain = new Map(
          summary.days.flatMap((day) =>
            day.rain_mm === null || day.past ? [] : [[day.date, day.rain_mm] as const],
          ),
        );
        for (const row of due) {
          const alert = rainAlertFor(row.planned_date, rain);
          if (!alert) continue;
          rainAlerts.push({
            spraying_id: row.spraying_id,
            sowing_id: row.sowing_id,
            plot_name: row.plot_name,
            planned_date: row.planned_date,
            rain_day: alert.day,
            rain_mm: alert.rain_mm,
            simulated: summary.simulated,
          });
        }
      } catch (error) {
        this.deps.warn?.('linkage: forecast unavailable', error);
        available = false;
      }
    }
    return { available, ...(windows ? { windows } : {}), rainAlerts };
  }
}
