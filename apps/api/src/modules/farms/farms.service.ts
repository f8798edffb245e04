import {
  CURRENCY_IDS,
  CROP_IDS,
  ERRORS,
  decideReenable,
  findCountry,
  isStale,
  type Farm,
  type FarmBody,
  type FarmNotifications,
  type FarmNotificationsBody,
  type FarmStats,
  bagPriceProblems,
  bodyFieldError,
  type FieldError,
} from '@lavoura/domain';
import tzLookup from '@photostructure/tz-lookup';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { toFarm, type FarmRow } from './farm.presenter.ts';
import { farmSelection, withSharedGroundOnce } from './farm-selection.service.ts';
import { DataVersions } from './data-versions.service.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

export interface FarmsServiceDeps {
  db: Database;
  reference: ReferenceService;
  /** How many times a farm or plot may be enabled again in one soybean season. */
  enableLimitPerSeason: number;
  now?: () => Date;
  /** The process's kept data versions; without them every list reads its version. */
  dataVersions?: DataVersions;
}

/**
 * Farms of an account. Every query takes the session's account and the farms it may see first:
 * a farm of another account, or one the member is not assigned to, is not found (404).
 */
export class FarmsService {
  private readonly now: () => Date;
  private readonly versions: DataVersions;

  constructor(private readonly deps: FarmsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  /**
   * What names the session's farm list answer (http/versioned-answers.ts): the account and the
   * farms the session sees, at the account's data version (moved by every farm, price, plot or
   * sowing write).
   */
  async listVersion(session: Session): Promise<{ key: string; version: string }> {
    const version = await this.versions.version(session.accountId);
    const scope = session.farms.all
      ? 'all'
      : [...session.farms.farmIds].sort((a, b) => a - b).join(',');
    return { key: `farms:${session.accountId}:${scope}`, version };
  }

  /** The farms the session sees: enabled first, then newest first. */
  async list(session: Session): Promise<Farm[]> {
    const rows = await farmSelection(this.deps.db)
      .where(this.visible(session))
      .orderBy(sql`${t.farms.enabled} desc, ${t.farms.createdAt} desc, ${t.farms.id} desc`);
    return (await withSharedGroundOnce(this.deps.db, session.accountId, rows)).map(toFarm);
  }

  async get(session: Session, farmId: number, db: Executor = this.deps.db): Promise<Farm> {
    const [row] = await farmSelection(db).where(and(this.visible(session), eq(t.farms.id, farmId)));
    if (!row) throw new AppError(ERRORS.notFound, 'Farm not found');
    const [counted] = await withSharedGroundOnce(db, session.accountId, [row as FarmRow]);
    return toFarm(counted!);
  }

  async create(session: Session, body: FarmBody): Promise<Farm> {
    const place = await this.checkPlace(body);
    const now = this.now();
    const farmId = await this.deps.db.transaction(async (tx) => {
      const [farm] = await tx
        .insert(t.farms)
        .values({
          accountId: session.accountId,
          name: body.nome,
          countryId: body.pais,
          stateId: body.estado,
          cityId: body.municipio,
          ...place,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: t.farms.id });
      await this.writeBagPrices(tx, session.accountId, farm!.id, body.pais, body.bag_price);
      // A member who sees only their farms sees the one they create.
      if (!session.farms.all)
        await tx.insert(t.membershipFarms).values({
          accountId: session.accountId,
          membershipId: session.membershipId,
          farmId: farm!.id,
        });
      return farm!.id;
    });
    return this.get({ ...session, farms: { all: true } }, farmId);
  }

  async update(
    session: Session,
    farmId: number,
    body: FarmBody & { updated_at: string },
  ): Promise<Farm> {
    const farm = await this.editable(session, farmId, body.updated_at);
    const place = await this.checkPlace(body, farm);
    await this.deps.db.transaction(async (tx) => {
      await this.touch(tx, session, farmId, body.updated_at, {
        name: body.nome,
        countryId: body.pais,
        stateId: body.estado,
        cityId: body.municipio,
        ...place,
      });
      await this.writeBagPrices(tx, session.accountId, farmId, body.pais, body.bag_price);
    });
    return this.get(session, farmId);
  }

  async setBagPrices(
    session: Session,
    farmId: number,
    body: { bag_price: FarmBody['bag_price']; updated_at: string },
  ): Promise<Farm> {
    const farm = await this.editable(session, farmId, body.updated_at);
    const problems = bagPriceProblems(farm.pais.id, body.bag_price);
    if (problems.length) throw new AppError(ERRORS.validation, 'Invalid bag prices', problems);
    await this.deps.db.transaction(async (tx) => {
      await this.touch(tx, session, farmId, body.updated_at, {});
      await this.writeBagPrices(tx, session.accountId, farmId, farm.pais.id, body.bag_price);
    });
    return this.get(session, farmId);
  }

  /**
   * Disabling is always allowed; enabling again counts against the per-season limit of the farm
   * country's current soybean season.
   */
  async setEnabled(
    session: Session,
    farmId: number,
    body: { enabled: boolean; updated_at: string },
  ): Promise<Farm> {
    const farm = await this.get(session, farmId);
    authorizeRecord(session, 'farm', 'change', { farmId });
    if (isStale(body.updated_at, new Date(farm.updated_at)))
      throw new AppError(ERRORS.conflict, 'The farm changed meanwhile');
    if (farm.enabled === body.enabled) return farm;
    let count = {};
    if (body.enabled) {
      const [stored] = await this.deps.db
        .select({ seasonId: t.farms.reenabledSeasonId, count: t.farms.reenabledCount })
        .from(t.farms)
        .where(and(ofAccount(t.farms, session), eq(t.farms.id, farmId)));
      const decision = decideReenable(
        stored!,
        await this.currentSoybeanSeason(farm.pais.id),
        this.deps.enableLimitPerSeason,
      );
      if (!decision.allowed)
        throw new AppError(ERRORS.seasonEnableLimitExceeded, 'Enable limit of the season reached', {
          limit: decision.limit,
        });
      count = { reenabledSeasonId: decision.next.seasonId, reenabledCount: decision.next.count };
    }
    await this.touch(this.deps.db, session, farmId, body.updated_at, {
      enabled: body.enabled,
      ...count,
    });
    return this.get(session, farmId);
  }

  /** Soft delete, refused while sowings or planned varieties hang from the farm. */
  async remove(session: Session, farmId: number): Promise<void> {
    await this.get(session, farmId);
    authorizeRecord(session, 'farm', 'delete', { farmId });
    const [uses] = await this.deps.db
      .select({
        sowings: sql<boolean>`exists (select 1 from ${t.sowings} s where s.account_id = ${session.accountId}
          and s.farm_id = ${farmId} and s.deleted_at is null)`,
        varieties: sql<boolean>`exists (select 1 from ${t.farmVarieties} v
          where v.account_id = ${session.accountId} and v.farm_id = ${farmId})`,
      })
      .from(sql`(select 1) as one`);
    if (uses!.sowings) throw new AppError(ERRORS.farmUsedInSowing, 'The farm has sowings');
    if (uses!.varieties)
      throw new AppError(ERRORS.farmHasPlannedVarieties, 'The farm has planned varieties');
    await this.deps.db
      .update(t.farms)
      .set({ deletedAt: this.now() })
      .where(and(ofAccount(t.farms, session), eq(t.farms.id, farmId)));
  }

  async stats(session: Session, farmId: number): Promise<FarmStats> {
    const farm = await this.get(session, farmId);
    const [row] = await this.deps.db
      .select({
        enabledPlots: sql<number>`count(*) filter (where ${t.plots.enabled})`.mapWith(Number),
        activeSowings: sql<number>`(select count(*) from ${t.sowings} s
          where s.account_id = ${session.accountId} and s.farm_id = ${farmId}
            and s.deleted_at is null and s.closed_at is null)`.mapWith(Number),
      })
      .from(t.plots)
      .where(
        and(ofAccount(t.plots, session), eq(t.plots.farmId, farmId), isNull(t.plots.deletedAt)),
      );
    return {
      total_area: farm.total_area,
      total_plots: farm.total_plots,
      enabled_plots: row?.enabledPlots ?? 0,
      active_sowings: row?.activeSowings ?? 0,
      // Planned applications arrive with the spray programs.
      next_application: null,
    };
  }

  /** What the signed-in member chose to hear about the farm (nothing until they choose). */
  async notifications(session: Session, farmId: number): Promise<FarmNotifications> {
    await this.get(session, farmId);
    const [row] = await this.deps.db
      .select()
      .from(t.farmNotificationSettings)
      .where(
        and(
          ofAccount(t.farmNotificationSettings, session),
          eq(t.farmNotificationSettings.farmId, farmId),
          eq(t.farmNotificationSettings.userId, session.userId),
        ),
      );
    return {
      notification_type_ids: row?.notificationTypeIds ?? [],
      whatsapp_opt_in: row?.whatsappOptIn ?? false,
      phone: row?.phone ?? null,
    };
  }

  async setNotifications(
    session: Session,
    farmId: number,
    body: FarmNotificationsBody,
  ): Promise<FarmNotifications> {
    await this.get(session, farmId);
    const known = new Set(this.deps.reference.list.notificationTypes.map((type) => type.id));
    if (body.notification_type_ids.some((id) => !known.has(id)))
      throw new AppError(ERRORS.validation, 'Unknown notification type', [
        bodyFieldError('notification_type_ids', 'Unknown notification type'),
      ]);
    const values = {
      notificationTypeIds: [...new Set(body.notification_type_ids)].sort((a, b) => a - b),
      whatsappOptIn: body.whatsapp_opt_in,
      phone: body.phone || null,
      updatedAt: this.now(),
    };
    await this.deps.db
      .insert(t.farmNotificationSettings)
      .values({ accountId: session.accountId, farmId, userId: session.userId, ...values })
      .onConflictDoUpdate({
        target: [
          t.farmNotificationSettings.accountId,
          t.farmNotificationSettings.farmId,
          t.farmNotificationSettings.userId,
        ],
        set: values,
      });
    return this.notifications(session, farmId);
  }

  /** The farm as a write needs it: visible, enabled, and not changed since the client read it. */
  async editable(session: Session, farmId: number, readUpdatedAt: string): Promise<Farm> {
    const farm = await this.get(session, farmId);
    authorizeRecord(session, 'farm', 'change', { farmId });
    if (!farm.enabled) throw new AppError(ERRORS.farmDisabled, 'The farm is disabled');
    if (isStale(readUpdatedAt, new Date(farm.updated_at)))
      throw new AppError(ERRORS.conflict, 'The farm changed meanwhile');
    return farm;
  }

  /** The id of the current soybean season in the country (re-enable limits count per season). */
  async currentSoybeanSeason(countryId: number): Promise<number> {
    const seasons = await this.deps.reference.seasonCrops({
      countryId,
      cropId: CROP_IDS.soybean,
    });
    const current = seasons.find((season) => season.status === 'current');
    if (!current) throw new Error(`No current soybean season in country ${countryId}`);
    return current.season_id;
  }

  /**
   * Writes a farm row only if it still carries the `updated_at` the client read: two people
   * saving at once, the second is told (409) instead of silently undoing the first.
   */
  private async touch(
    db: Executor,
    session: Session,
    farmId: number,
    readUpdatedAt: string,
    values: Partial<typeof t.farms.$inferInsert>,
  ): Promise<void> {
    const changed = await db
      .update(t.farms)
      // Always later than the version it replaces, even within one millisecond (or a test clock).
      .set({
        ...values,
        updatedAt: sql`greatest(${this.now().toISOString()}::timestamptz, ${t.farms.updatedAt} + interval '1 millisecond')`,
      })
      .where(
        and(
          ofAccount(t.farms, session),
          eq(t.farms.id, farmId),
          isNull(t.farms.deletedAt),
          // Answers carry milliseconds; rows written by SQL defaults may hold microseconds.
          sql`date_trunc('milliseconds', ${t.farms.updatedAt}) = ${readUpdatedAt}::timestamptz`,
        ),
      )
      .returning({ id: t.farms.id });
    if (changed.length === 0) throw new AppError(ERRORS.conflict, 'The farm changed meanwhile');
  }

  private async writeBagPrices(
    db: Executor,
    accountId: number,
    farmId: number,
    countryId: number,
    prices: FarmBody['bag_price'],
  ): Promise<void> {
    const currencyId = CURRENCY_IDS[findCountry(countryId)!.currency];
    await db
      .delete(t.farmBagPrices)
      .where(and(ofAccount(t.farmBagPrices, accountId), eq(t.farmBagPrices.farmId, farmId)));
    await db.insert(t.farmBagPrices).values(
      prices.map((price) => ({
        accountId,
        farmId,
        cropId: price.crop_id,
        currencyId,
        price: price.price.toFixed(2),
      })),
    );
  }

  /**
   * The city must belong to the state and the state to the country; one bag price per crop the
   * country grows. Coordinates default to the city's (else the state's, else the country's) and
   * give the farm its time zone.
   */
  private async checkPlace(
    body: FarmBody,
    current?: Farm,
  ): Promise<{ latitude: number; longitude: number; timeZone: string }> {
    const problems: FieldError[] = [];
    const country = findCountry(body.pais);
    const [state] = await this.deps.db
      .select()
      .from(t.states)
      .where(and(eq(t.states.id, body.estado), eq(t.states.countryId, body.pais)));
    const [city] = state
      ? await this.deps.db
          .select()
          .from(t.cities)
          .where(and(eq(t.cities.id, body.municipio), eq(t.cities.stateId, state.id)))
      : [];
    if (!country) problems.push(bodyFieldError('pais', 'Unknown country'));
    else if (!state) problems.push(bodyFieldError('estado', 'The state is not in the country'));
    else if (!city) problems.push(bodyFieldError('municipio', 'The city is not in the state'));
    // A city no longer listed may stay on a farm that has it, but is not chosen anew.
    else if (!city.listed && current?.municipio.id !== city.id)
      problems.push(bodyFieldError('municipio', 'The city is not in the list'));
    if (country) problems.push(...bagPriceProblems(country.id, body.bag_price));
    if (problems.length) throw new AppError(ERRORS.validation, 'Invalid farm', problems);
    const latitude = body.latitude ?? city!.latitude ?? state!.latitude ?? country!.latitude;
    const longitude = body.longitude ?? city!.longitude ?? state!.longitude ?? country!.longitude;
    return { latitude, longitude, timeZone: tzLookup(latitude, longitude) };
  }

  private visible(session: Session): SQL {
    return and(ofAccount(t.farms, session), isNull(t.farms.deletedAt), visibleFarms(session))!;
  }
}
