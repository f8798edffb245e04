import {
  ERRORS,
  PLANS,
  cheapestPricePerMonth,
  type BillingPlan,
  type BillingPlanAdmin,
  type BillingPlanBody,
  type Language,
  type PlanTier,
} from '@lavoura/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { toBillingPlan, type BillingPlanRow } from './billing-plan.presenter.ts';
import { deepFreeze } from '../../lib/deep-freeze.ts';
import type { ChangeFollower } from '../auth/session.service.ts';

/** Where the web app presents each tier (its /plans page, at the tier). */
const TIER_PAGE = '/v3/plans';

/** The price list as read, its answers per language and the tiers, once computed. */
interface KeptPrices {
  rows: BillingPlanRow[];
  lists: Map<Language, readonly BillingPlan[]>;
  tiers?: readonly PlanTier[];
}

/**
 * The price list (billing plans) and the tiers it prices. Read by everyone who may buy; written
 * only by platform administrators in the back office.
 */
export class BillingPlansService implements ChangeFollower {
  /**
   * The price list as answered, per language, and the tiers: read once and kept while the
   * session channel's notifications arrive (a billing plan written anywhere raises one, migration
   * 0025); deeply frozen, so the serializer writes their JSON once (http/serializer.ts).
   */
  private kept: KeptPrices | undefined;
  private listening = false;
  /** Moved by every change: a list read before one is not kept after it. */
  private generation = 0;

  constructor(private readonly deps: { db: Database }) {}

  changed(kind: string): void {
    if (kind === 'prices') this.forget();
  }

  setListening(up: boolean): void {
    this.forget();
    this.listening = up;
  }

  private forget(): void {
    this.generation += 1;
    this.kept = undefined;
  }

  private async keptRows(): Promise<KeptPrices> {
    if (this.kept) return this.kept;
    const generation = this.generation;
    const kept: KeptPrices = { rows: await this.rows(), lists: new Map() };
    if (this.listening && generation === this.generation) this.kept = kept;
    return kept;
  }

  private rows(): Promise<BillingPlanRow[]> {
    return this.deps.db
      .select({
        id: t.billingPlans.id,
        tierId: t.billingPlans.tierId,
        intervalCount: t.billingPlans.intervalCount,
        price: t.billingPlans.price,
        status: t.billingPlans.status,
        names: t.billingPlans.names,
      })
      .from(t.billingPlans)
      .orderBy(
        asc(t.billingPlans.tierId),
        asc(t.billingPlans.intervalCount),
        asc(t.billingPlans.id),
      );
  }

  /** Every billing plan in one language, by tier then interval. */
  async list(language: Language): Promise<readonly BillingPlan[]> {
    const kept = await this.keptRows();
    let list = kept.lists.get(language);
    if (!list) {
      list = deepFreeze(kept.rows.map((row) => toBillingPlan(row, language)));
      kept.lists.set(language, list);
    }
    return list;
  }

  /** The tiers with what the plan presentation needs, the cheapest monthly price included. */
  async tiers(): Promise<readonly PlanTier[]> {
    const kept = await this.keptRows();
    kept.tiers ??= deepFreeze(this.tiersOf(await this.list('pt')));
    return kept.tiers;
  }

  private tiersOf(plans: readonly BillingPlan[]): PlanTier[] {
    // By level, Freemium first, as the plan comparison reads them.
    const byLevel = [...PLANS].sort((a, b) => a.priority_level - b.priority_level);
    return byLevel.map((tier) => ({
      id: tier.id,
      name: tier.name,
      priority_level: tier.priority_level,
      message_key: tier.message_key,
      logo_uri: null,
      upsell_uri: `${TIER_PAGE}?tier=${tier.id}`,
      cheapest_price_per_month: cheapestPricePerMonth(
        plans.filter((plan) => plan.tier_id === tier.id),
      ),
    }));
  }

  /** The back office's list: each plan with its names in every language. */
  async listForBackOffice(): Promise<BillingPlanAdmin[]> {
    return (await this.rows()).map((row) => ({ ...toBillingPlan(row, 'pt'), names: row.names }));
  }

  private async adminView(id: number): Promise<BillingPlanAdmin> {
    const plan = (await this.listForBackOffice()).find((row) => row.id === id);
    if (!plan) throw new AppError(ERRORS.notFound, 'No such billing plan');
    return plan;
  }

  /** One billing plan, or 400 with its key (an id in a body). */
  async get(id: number, language: Language = 'pt'): Promise<BillingPlan> {
    const row = (await this.rows()).find((plan) => plan.id === id);
    if (!row) throw new AppError(ERRORS.billingPlanNotFound, 'No such billing plan');
    return toBillingPlan(row, language);
  }

  async create(body: BillingPlanBody): Promise<BillingPlanAdmin> {
    const [row] = await this.deps.db
      .insert(t.billingPlans)
      .values({
        tierId: body.tier_id,
        intervalCount: body.interval_count,
        price: body.price.toFixed(2),
        status: body.status,
        names: body.names,
      })
      .returning({ id: t.billingPlans.id });
    this.forget();
    return this.adminView(row!.id);
  }

  /** Edits a billing plan; `status: inactive` stops selling it (subscriptions keep it). */
  async update(id: number, body: BillingPlanBody): Promise<BillingPlanAdmin> {
    const [row] = await this.deps.db
      .update(t.billingPlans)
      .set({
        tierId: body.tier_id,
        intervalCount: body.interval_count,
        price: body.price.toFixed(2),
        status: body.status,
        names: body.names,
        updatedAt: new Date(),
      })
      .where(eq(t.billingPlans.id, id))
      .returning({ id: t.billingPlans.id });
    this.forget();
    if (!row) throw new AppError(ERRORS.notFound, 'No such billing plan');
    return this.adminView(row.id);
  }
}
