import { DataVersions } from '../farms/data-versions.service.ts';
import {
  ERRORS,
  FREEMIUM_PLAN_ID,
  PLAN_LEVELS,
  billDueDate,
  includedUsers,
  latestDayAnywhere,
  subscriptionLapsed,
  todayIn,
  type Subscription,
  type SubscriptionBody,
} from '@lavoura/domain';
import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import type { Session } from '../auth/session.types.ts';
import type { PaymentRecords, PaymentsDeps } from './payment-records.service.ts';
import { toSubscription } from './subscription.presenter.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * A subscription's life: bought (its first bill charged; paid raises the plan), confirmed,
 * read, cancelled to the end of its paid period, and ended once lapsed (the account returns to
 * Freemium). Only administrators of accounts in Brazil buy.
 */
export class SubscriptionsService {
  private readonly versions: DataVersions;

  constructor(
    private readonly deps: PaymentsDeps,
    private readonly records: PaymentRecords,
  ) {
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  /**
   * Subscribes the account to a billing plan and charges the first bill. A card is charged at once:
   * paid raises the plan; declined (402) or a provider failure (502) records nothing but the
   * attempt, and the sixth attempt of the day is refused (429) before reaching the provider.
   */
  async subscribe(session: Session, body: SubscriptionBody): Promise<Subscription> {
    this.records.assertMayBuy(session);
    const plan = await this.deps.billingPlans.get(body.plan_id);
    if (plan.status !== 'active')
      throw new AppError(ERRORS.billingPlanNotFound, 'Billing plan not sold any more');
    const customer = await this.records.customer(session, body.customer_id);
    const card =
      body.payment_method_code === 'credit_card'
        ? await this.records.paymentProfile(session, body.payment_profile_id)
        : null;
    const today = this.records.today(session);
    if (card) await this.records.assertAttemptsLeft(session, today);

    const dueDate = billDueDate(body.payment_method_code, today);
    let charged: Awaited<ReturnType<PaymentProvider['subscribe']>>;
    try {
      charged = await this.deps.provider.subscribe({
        customerProviderId: customer.providerId,
        billingPlanId: plan.id,
        amount: plan.price,
        paymentMethod: body.payment_method_code,
        cardToken: card?.providerToken ?? null,
        dueDate,
      });
    } catch (error) {
      throw await this.records.chargeRefusal(error, card ? session : null, today);
    }

    const subscriptionId = await this.deps.db.transaction(async (tx) => {
      const [subscription] = await tx
        .insert(t.subscriptions)
        .values({
          accountId: session.accountId,
          billingPlanId: plan.id,
          customerId: customer.id,
          paymentMethodCode: body.payment_method_code,
          paymentProfileId: card?.id ?? null,
          status: 'pending',
          provider: this.deps.provider.kind,
          providerId: charged.subscriptionProviderId,
        })
        .returning({ id: t.subscriptions.id });
      const [bill] = await tx
        .insert(t.bills)
        .values({
          accountId: session.accountId,
          subscriptionId: subscription!.id,
          amount: plan.price.toFixed(2),
          status: 'pending',
          paymentMethodCode: body.payment_method_code,
          dueDate,
          typableLine: charged.bill.typableLine,
          barcode: charged.bill.barcode,
          providerId: charged.bill.providerId,
        })
        .returning({ id: t.bills.id });
      if (charged.bill.status === 'paid') await this.records.payBill(tx, bill!.id, today);
      return subscription!.id;
    });
    return this.records.subscription(session.accountId, subscriptionId);
  }

  /**
   * The spec's update-plan call: answers the subscription once its bill is paid (the plan has
   * risen with the payment), 409 while the bill waits.
   */
  async confirmPlan(
    session: Session,
    params: { tierId: number; accountId: number; interval: number },
  ): Promise<Subscription> {
    this.records.assertMayBuy(session);
    if (params.accountId !== session.accountId)
      throw new AppError(ERRORS.notFound, 'Not this account');
    const [row] = await this.deps.db
      .select({ id: t.subscriptions.id })
      .from(t.subscriptions)
      .innerJoin(t.billingPlans, eq(t.billingPlans.id, t.subscriptions.billingPlanId))
      .where(
        and(
          ofAccount(t.subscriptions, session),
          eq(t.billingPlans.tierId, params.tierId),
          eq(t.billingPlans.intervalCount, params.interval),
          ne(t.subscriptions.status, 'ended'),
        ),
      )
      .orderBy(desc(t.subscriptions.id))
      .limit(1);
    if (!row) throw new AppError(ERRORS.notFound, 'No subscription to this plan');
    const subscription = await this.records.subscription(session.accountId, row.id);
    if (subscription.status === 'pending')
      throw new AppError(ERRORS.paymentPending, 'The bill is not paid yet');
    return subscription;
  }

  /**
   * What names the subscription answer (http/versioned-answers.ts): the account's data version,
   * which its subscriptions, bills and cards move (migration 0029), and the account's day, on
   * which a subscription lapses.
   */
  async currentVersion(session: Session): Promise<{ key: string; version: string }> {
    const version = await this.versions.version(session.accountId);
    return {
      key: `subscription:${session.accountId}`,
      version: `${version}:${this.records.today(session)}`,
    };
  }

  /**
   * The account's subscription (the newest not ended), or null. Lapsed ones end first: one query
   * reads the open subscriptions as answered, and only a lapsed one among them costs more.
   */
  async current(session: Session): Promise<Subscription | null> {
    let open = await this.records.openSubscriptions(session.accountId);
    const today = this.records.today(session);
    if (open.some((row) => subscriptionLapsed(row, today))) {
      await this.endLapsed(session.accountId);
      open = await this.records.openSubscriptions(session.accountId);
    }
    const [newest] = open;
    return newest ? toSubscription(newest, newest.bill) : null;
  }

  /** Cancels at the end of the paid period: the plan stays until `paid_until`. */
  async cancel(session: Session): Promise<Subscription> {
    this.records.assertMayBuy(session);
    const current = await this.current(session);
    if (!current || current.status === 'canceled')
      throw new AppError(ERRORS.notFound, 'No subscription to cancel');
    await this.deps.db
      .update(t.subscriptions)
      .set({
        // A subscription never paid ends at once; a paid one runs to the end of its period.
        status: current.status === 'active' ? 'canceled' : 'ended',
        canceledAt: this.records.now(),
        nextBillDate: null,
        updatedAt: this.records.now(),
      })
      .where(and(ofAccount(t.subscriptions, session), eq(t.subscriptions.id, current.id)));
    return this.records.subscription(session.accountId, current.id);
  }

  /**
   * Subscriptions that are over end (cancelled after their paid period; active with a renewal
   * unpaid after the grace days, whose pending bill expires), and their accounts return to
   * Freemium (unless another subscription of theirs is active). Run on an account's reads and by
   * the hourly timer for every account.
   */
  async endLapsed(accountId?: number): Promise<void> {
    const candidates = await this.deps.db
      .select({
        id: t.subscriptions.id,
        accountId: t.subscriptions.accountId,
        status: t.subscriptions.status,
        paidUntil: t.subscriptions.paidUntil,
        countryId: t.accounts.countryId,
      })
      .from(t.subscriptions)
      .innerJoin(t.accounts, eq(t.accounts.id, t.subscriptions.accountId))
      .where(
        and(
          inArray(t.subscriptions.status, ['canceled', 'active']),
          // A read looks at its own account only; the timer at all of them.
          accountId === undefined ? undefined : ofAccount(t.subscriptions, accountId),
          // Cheap pre-filter in UTC; each account's own calendar decides below.
          lt(t.subscriptions.paidUntil, latestDayAnywhere(todayIn('UTC', this.records.now()))),
        ),
      );
    for (const subscription of candidates) {
      if (!subscriptionLapsed(subscription, this.records.todayOf(subscription.countryId))) continue;
      await this.deps.db.transaction(async (tx) => {
        await tx
          .update(t.subscriptions)
          .set({ status: 'ended', updatedAt: this.records.now() })
          .where(eq(t.subscriptions.id, subscription.id));
        await tx
          .update(t.bills)
          .set({ status: 'expired' })
          .where(
            and(
              ofAccount(t.bills, subscription),
              eq(t.bills.subscriptionId, subscription.id),
              eq(t.bills.status, 'pending'),
            ),
          );
        const [active] = await tx
          .select({ id: t.subscriptions.id })
          .from(t.subscriptions)
          .where(
            and(ofAccount(t.subscriptions, subscription), eq(t.subscriptions.status, 'active')),
          )
          .limit(1);
        if (!active)
          await tx
            .update(t.accounts)
            .set({
              planId: FREEMIUM_PLAN_ID,
              contractStart: null,
              // Back to the free plan's users: members stay, new ones wait for room.
              maxUsers: includedUsers(PLAN_LEVELS.freemium),
              updatedAt: this.records.now(),
            })
            .where(eq(t.accounts.id, subscription.accountId));
      });
    }
  }
}
