import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ERRORS,
  INTEGRATIONS,
  PROFILES,
  addDays,
  farmScope,
  integrationById,
  isLanguage,
  planLevelOfId,
  productUnitOf,
  routeAccess,
  type CalendarFeed,
  type GoogleCalendarStart,
  type Integration,
  type IntegrationCode,
  type LeafFieldsAnswer,
  type Plot,
  type UserIntegration,
} from '@lavoura/domain';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { GoogleOAuth } from '../../providers/google-calendar/google-oauth.ts';
import type { LeafProvider } from '../../providers/leaf/leaf-provider.ts';
import type { Session } from '../auth/session.types.ts';
import type { FarmsService } from '../farms/farms.service.ts';
import type { PlotsService } from '../farms/plots.service.ts';
import { calendarFeedText, type CalendarSpray } from './calendar-document.ts';
import type { SprayWindowsService } from '../programs/spray-windows.service.ts';
import type { WeatherReader } from '../weather/weather.service.ts';
import { parseBoundaries } from './field-import.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

export interface IntegrationsServiceDeps {
  db: Database;
  farms: FarmsService;
  plots: PlotsService;
  /** Where the app is reached: the feed's address and Google's redirect URI are built on it. */
  publicUrl: string;
  /** Signs the OAuth state (the session secret, with a purpose of its own). */
  secret: string;
  /** Google's OAuth for the calendar; undefined when GOOGLE_CLIENT_ID is not configured. */
  google?: GoogleOAuth | undefined;
  leaf: LeafProvider;
  /** The spray windows the feed writes on the planned days of the coming week. */
  sprayWindows: SprayWindowsService;
  now?: () => Date;
}

/** The OAuth state is good for the time a person takes at Google's consent screen. */
const STATE_TTL_MS = 15 * 60 * 1000;
/** Sprays older than this are left out of the feed (calendar apps keep what they saw). */
const FEED_PAST_DAYS = 400;

/**
 * Integrations (issue 14 item 8; docs/integrations.md). The member's rows live in
 * `user_integrations` (account, user, integration code) and are written only by the connection
 * flows: creating the calendar feed or saving Google's tokens (google_calendar), importing a
 * boundaries file (fieldview). Manual toggling is refused, as the spec says.
 */
export class IntegrationsService {
  constructor(private readonly deps: IntegrationsServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The catalogue; `is_active`: the integration works on this server. */
  catalogue(): Integration[] {
    return INTEGRATIONS.map((integration) => ({
      id: integration.id,
      code: integration.code,
      name: integration.name,
      kind: integration.kind,
      is_active: integration.code === 'leaf_agriculture' ? this.deps.leaf.connected : true,
    }));
  }

  /** The member's integrations in this account, in the catalogue's order. */
  async userIntegrations(session: Session): Promise<UserIntegration[]> {
    const rows = await this.deps.db
      .select({
        integration: t.userIntegrations.integration,
        isActive: t.userIntegrations.isActive,
        hasCredentials: isNotNull(t.userIntegrations.credentials),
        updatedAt: t.userIntegrations.updatedAt,
      })
      .from(t.userIntegrations)
      .where(
        and(ofAccount(t.userIntegrations, session), eq(t.userIntegrations.userId, session.userId)),
      );
    return INTEGRATIONS.flatMap((integration) => {
      const row = rows.find((candidate) => candidate.integration === integration.code);
      if (!row) return [];
      return [
        {
          id: integration.id,
          code: integration.code,
          name: integration.name,
          kind: integration.kind,
          is_active: row.isActive,
          connection:
            integration.code === 'google_calendar'
              ? row.hasCredentials
                ? ('oauth' as const)
                : ('feed' as const)
              : integration.code === 'fieldview'
                ? ('file_import' as const)
                : null,
          updated_at: row.updatedAt.toISOString(),
        },
      ];
    });
  }

  /** Spec 3 §4: manual status change is not allowed. An unknown id is still 404. */
  toggle(integrationId: number): never {
    if (!integrationById(integrationId))
      throw new AppError(ERRORS.integrationNotFound, 'No such integration', {
        integration_id: integrationId,
      });
    throw new AppError(
      ERRORS.integrationManualToggleNotAllowed,
      'An integration becomes active by connecting it, not by a switch',
    );
  }

  // ---- the iCalendar feed -------------------------------------------------------------------

  /** The member's feed address, created on the first read. */
  async calendarFeed(session: Session): Promise<CalendarFeed> {
    const existing = await this.feedRow(session);
    if (existing) return this.feedAnswer(existing);
    await this.deps.db
      .insert(t.calendarFeeds)
      .values({
        accountId: session.accountId,
        userId: session.userId,
        secret: newSecret(),
        createdAt: this.now(),
      })
      .onConflictDoNothing();
    await this.markActive(session, 'google_calendar');
    return this.feedAnswer((await this.feedRow(session))!);
  }

  /** A new secret: the old address answers 404 from now on. */
  async renewCalendarFeed(session: Session): Promise<CalendarFeed> {
    const secret = newSecret();
    const createdAt = this.now();
    await this.deps.db
      .insert(t.calendarFeeds)
      .values({ accountId: session.accountId, userId: session.userId, secret, createdAt })
      .onConflictDoUpdate({
        target: [t.calendarFeeds.accountId, t.calendarFeeds.userId],
        set: { secret, createdAt },
      });
    await this.markActive(session, 'google_calendar');
    return this.feedAnswer({ secret, createdAt });
  }

  /**
   * The feed itself, without a session: the secret names the member and the account. Their farm
   * scope is applied as a session's would be; a member no longer active, an account whose plan no
   * longer includes integrations, or an unknown secret answer 404.
   */
  async feedText(secret: string): Promise<string> {
    const db = this.deps.db;
    const [owner] = await db
      .select({
        accountId: t.calendarFeeds.accountId,
        userId: t.calendarFeeds.userId,
        active: t.memberships.active,
        profileId: t.memberships.profileId,
        planId: t.accounts.planId,
        language: t.users.language,
        farmIds: sql<
          number[]
        >`array(select mf.farm_id from ${t.membershipFarms} mf where mf.account_id = ${t.memberships.accountId} and mf.membership_id = ${t.memberships.id})`,
      })
      .from(t.calendarFeeds)
      .innerJoin(
        t.memberships,
        and(
          eq(t.memberships.accountId, t.calendarFeeds.accountId),
          eq(t.memberships.userId, t.calendarFeeds.userId),
          isNotNull(t.memberships.acceptedAt),
        ),
      )
      .innerJoin(t.accounts, eq(t.accounts.id, t.calendarFeeds.accountId))
      .innerJoin(t.users, eq(t.users.id, t.calendarFeeds.userId))
      .where(eq(t.calendarFeeds.secret, secret));
    if (
      !owner ||
      !owner.active ||
      routeAccess('integrations', planLevelOfId(owner.planId)) !== 'allowed'
    )
      throw new AppError(ERRORS.calendarFeedNotFound, 'No such calendar feed');
    const allFarms = PROFILES.find((profile) => profile.id === owner.profileId)?.all_farms ?? false;
    const scope = farmScope(allFarms, owner.farmIds);
    const language = isLanguage(owner.language) ? owner.language : 'pt';
    const sprays = await this.withWindows(
      { accountId: owner.accountId, farms: scope },
      await this.feedSprays(owner.accountId, scope),
    );
    return calendarFeedText(sprays, language, {
      host: new URL(this.deps.publicUrl).hostname,
      generatedAt: this.now(),
    });
  }

  /**
   * The planned sprays of the coming week with their farm's spray window (issue 30 item 2). The
   * feed never fails for the weather: a provider that does not answer leaves the windows out.
   */
  private async withWindows(
    reader: WeatherReader,
    sprays: CalendarSpray[],
  ): Promise<CalendarSpray[]> {
    const planned = new Map<number, string[]>();
    for (const spray of sprays)
      if (!spray.appliedAt)
        planned.set(spray.farmId, [...(planned.get(spray.farmId) ?? []), spray.plannedDate]);
    const byFarm = new Map<number, Awaited<ReturnType<SprayWindowsService['farmDays']>>>();
    for (const [farmId, dates] of planned) {
      try {
        byFarm.set(farmId, await this.deps.sprayWindows.farmDays(reader, farmId, dates));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return sprays.map((spray) => {
      const window = spray.appliedAt ? undefined : byFarm.get(spray.farmId)?.get(spray.plannedDate);
      return window ? { ...spray, window } : spray;
    });
  }

  private async feedSprays(
    accountId: number,
    scope: ReturnType<typeof farmScope>,
  ): Promise<CalendarSpray[]> {
    if (!scope.all && scope.farmIds.size === 0) return [];
    const db = this.deps.db;
    const since = addDays(this.now().toISOString().slice(0, 10), -FEED_PAST_DAYS);
    const rows = await db
      .select({
        sprayingId: t.sprayings.id,
        ordinal: t.sprayings.ordinal,
        plannedDate: t.sprayings.plannedDate,
        appliedAt: t.sprayings.appliedAt,
        updatedAt: t.sprayings.updatedAt,
        programName: t.programs.name,
        plot: t.plots.name,
        farm: t.farms.name,
        farmId: t.farms.id,
        cropId: t.sowings.cropId,
      })
      .from(t.sprayings)
      .innerJoin(
        t.programs,
        and(
          eq(t.programs.accountId, t.sprayings.accountId),
          eq(t.programs.id, t.sprayings.programId),
        ),
      )
      .innerJoin(
        t.sowings,
        and(eq(t.sowings.accountId, t.programs.accountId), eq(t.sowings.id, t.programs.sowingId)),
      )
      .innerJoin(
        t.plots,
        and(eq(t.plots.accountId, t.sowings.accountId), eq(t.plots.id, t.sowings.plotId)),
      )
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .where(
        and(
          ofAccount(t.sprayings, accountId),
          isNull(t.programs.deletedAt),
          isNull(t.sowings.deletedAt),
          isNull(t.plots.deletedAt),
          isNull(t.farms.deletedAt),
          scope.all ? undefined : inArray(t.farms.id, [...scope.farmIds]),
          or(gte(t.sprayings.plannedDate, since), gte(t.sprayings.appliedAt, since)),
        ),
      )
      .orderBy(asc(t.sprayings.plannedDate), asc(t.sprayings.id));
    const ids = rows.map((row) => row.sprayingId);
    const products = ids.length
      ? await db
          .select({
            sprayingId: t.sprayingProducts.sprayingId,
            name: t.pesticides.name,
            formulation: t.pesticides.formulation,
            dose: t.sprayingProducts.dose,
          })
          .from(t.sprayingProducts)
          .innerJoin(t.pesticides, eq(t.pesticides.id, t.sprayingProducts.pesticideId))
          .where(
            and(
              ofAccount(t.sprayingProducts, accountId),
              inArray(t.sprayingProducts.sprayingId, ids),
            ),
          )
          .orderBy(asc(t.sprayingProducts.id))
      : [];
    return rows.map((row) => ({
      ...row,
      products: products
        .filter((product) => product.sprayingId === row.sprayingId)
        .map(({ name, dose, formulation }) => ({
          name,
          dose,
          unit: productUnitOf(formulation),
        })),
    }));
  }

  private async feedRow(session: Session) {
    const [row] = await this.deps.db
      .select({ secret: t.calendarFeeds.secret, createdAt: t.calendarFeeds.createdAt })
      .from(t.calendarFeeds)
      .where(and(ofAccount(t.calendarFeeds, session), eq(t.calendarFeeds.userId, session.userId)));
    return row;
  }

  private feedAnswer(row: { secret: string; createdAt: Date }): CalendarFeed {
    return {
      url: `${this.deps.publicUrl}/api/calendar/${row.secret}.ics`,
      created_at: row.createdAt.toISOString(),
    };
  }

  private async markActive(
    session: Session,
    integration: IntegrationCode,
    credentials?: unknown,
  ): Promise<void> {
    const now = this.now();
    await this.deps.db
      .insert(t.userIntegrations)
      .values({
        accountId: session.accountId,
        userId: session.userId,
        integration,
        isActive: true,
        credentials: credentials ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [
          t.userIntegrations.accountId,
          t.userIntegrations.userId,
          t.userIntegrations.integration,
        ],
        set: {
          isActive: true,
          updatedAt: now,
          // A feed (re)created keeps the Google tokens a member saved.
          ...(credentials === undefined ? {} : { credentials }),
        },
      });
  }

  // ---- Google Calendar (OAuth) --------------------------------------------------------------

  private redirectUri(): string {
    return `${this.deps.publicUrl}/v3/integrations`;
  }

  googleStart(session: Session): GoogleCalendarStart {
    if (!this.deps.google) return { configured: false, url: null };
    return {
      configured: true,
      url: this.deps.google.authorizationUrl(this.redirectUri(), this.signState(session)),
    };
  }

  async googleSaveToken(
    session: Session,
    body: { code: string; state: string },
  ): Promise<{ is_active: boolean; scope: string; expires_at: string }> {
    if (!this.deps.google)
      throw new AppError(ERRORS.googleCalendarAuthFailed, 'Google is not configured', {
        reason: 'not_configured',
      });
    if (!this.stateIsFor(session, body.state))
      throw new AppError(ERRORS.googleCalendarAuthFailed, 'The OAuth state is not this session’s', {
        reason: 'invalid_state',
      });
    const tokens = await this.deps.google.exchangeCode(body.code, this.redirectUri());
    const expiresAt = new Date(this.now().getTime() + tokens.expires_in * 1000);
    // Google sends a refresh token only on the first consent: keep the one we had otherwise.
    const [previous] = await this.deps.db
      .select({ credentials: t.userIntegrations.credentials })
      .from(t.userIntegrations)
      .where(
        and(
          ofAccount(t.userIntegrations, session),
          eq(t.userIntegrations.userId, session.userId),
          eq(t.userIntegrations.integration, 'google_calendar'),
        ),
      );
    const previousRefresh = (previous?.credentials as { refresh_token?: string } | null)
      ?.refresh_token;
    await this.markActive(session, 'google_calendar', {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? previousRefresh ?? null,
      scope: tokens.scope,
      token_type: tokens.token_type,
      expires_at: expiresAt.toISOString(),
    });
    return { is_active: true, scope: tokens.scope, expires_at: expiresAt.toISOString() };
  }

  private stateKey(): Buffer {
    return createHmac('sha256', this.deps.secret).update('google-oauth-state').digest();
  }

  private signState(session: Session): string {
    const payload = Buffer.from(
      JSON.stringify({
        a: session.accountId,
        u: session.userId,
        e: this.now().getTime() + STATE_TTL_MS,
        n: randomBytes(9).toString('base64url'),
      }),
    ).toString('base64url');
    const mac = createHmac('sha256', this.stateKey()).update(payload).digest('base64url');
    return `${payload}.${mac}`;
  }

  private stateIsFor(session: Session, state: string): boolean {
    const [payload, mac] = state.split('.');
    if (!payload || !mac) return false;
    const expected = createHmac('sha256', this.stateKey()).update(payload).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
        a: number;
        u: number;
        e: number;
      };
      return (
        claims.a === session.accountId &&
        claims.u === session.userId &&
        claims.e > this.now().getTime()
      );
    } catch {
      return false;
    }
  }

  // ---- field-data import and the leaf-data service ------------------------------------------

  /**
   * Plots from a boundaries file on a farm the member sees, through the KML import's path
   * (PlotsService.createMany): the same checks, areas and limits, the same answer.
   */
  async fieldImport(
    session: Session,
    farmId: number,
    readFile: () => Promise<Uint8Array>,
  ): Promise<Plot[]> {
    await this.deps.farms.get(session, farmId);
    authorizeRecord(session, 'integration', 'create', { farmId });
    const plots = await parseBoundaries(await readFile());
    const created = await this.deps.plots.createMany(session, { fazenda_id: farmId, plots });
    await this.markActive(session, 'fieldview');
    return created;
  }

  async leafFields(): Promise<LeafFieldsAnswer> {
    if (!this.deps.leaf.connected) return { connected: false, fields: [] };
    return { connected: true, fields: await this.deps.leaf.fields() };
  }
}

/** 32 random bytes, base64url: the feed's whole protection, so never shorter. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
