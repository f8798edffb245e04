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

/** Where the web app presents each tier (its /plans page, at the tier). */
const TIER_PAGE = '/v3/plans';

/**
 * The price list (billing plans) and the tiers it prices. Read by everyone who may buy; written
 * only by platform administrators in the back office.
 */
export class BillingPlansService {
  constructor(private readonly deps: { db: Database }) {}

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
  async list(language: Language): Promise<BillingPlan[]> {
    return (await this.rows()).map((row) => toBillingPlan(row, language));
  }

  /** The tiers with what the plan presentation needs, the cheapest monthly price included. */
  async tiers(): Promise<PlanTier[]> {
    const plans = await this.list('pt');
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
    if (!row) throw new AppError(ERRORS.notFound, 'No such billing plan');
    return this.adminView(row.id);
  }
}
