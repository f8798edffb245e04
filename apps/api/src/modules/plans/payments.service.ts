import {
  BANK_SLIP_DUE_DAYS,
  CARD_ATTEMPTS_PER_DAY,
  ERRORS,
  FREEMIUM_PLAN_ID,
  PAYMENT_METHOD_NAMES,
  PLAN_LEVELS,
  PAYMENT_METHOD_CODES,
  addDays,
  bodyFieldError,
  buyingRefusal,
  includedUsers,
  nextPeriodStart,
  paidUntil,
  planLevelOfId,
  subscriptionLapsed,
  todayIn,
  type CustomerBody,
  type Language,
  type NextBillBody,
  type PaymentMethod,
  type PaymentMethodCode,
  type PaymentProfile,
  type PaymentProfileBody,
  type Subscription,
  type SubscriptionBody,
} from '@lavoura/domain';
import { CARD_BRAND_NAMES, checkCard } from '@lavoura/domain/card';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  CardDeclinedError,
  ProviderFailureError,
  type PaymentProvider,
  type ProviderBill,
} from '../../providers/payments/payment-provider.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { BillingPlansService } from './billing-plans.service.ts';
import { toSubscription, type SubscriptionRow } from './subscription.presenter.ts';

/** A subscription's card, of the same account. */
const SUBSCRIPTION_CARD = and(
  eq(t.paymentProfiles.accountId, t.subscriptions.accountId),
  eq(t.paymentProfiles.id, t.subscriptions.paymentProfileId),
);

/** A subscription with what charging its next bill needs. */
interface OpenSubscription {
  id: number;
  accountId: number;
  status: string;
  providerId: string | null;
  paymentMethodCode: PaymentMethodCode;
  paymentProfileId: number | null;
  cardToken: string | null;
  price: number;
  countryId: number;
}

export interface PaymentsServiceDeps {
  db: Database;
  provider: PaymentProvider;
  billingPlans: BillingPlansService;
  reference: ReferenceService;
  now?: () => Date;
}

/**
 * Buying a plan (spec 1 §3 and §5, DESIGN.md §5): customer, card, subscription and its bills,
 * through the configured provider. Only administrators of accounts in Brazil buy. A paid bill
 * raises the account's plan in the transaction that records it.
 */
export class PaymentsService {
  private readonly now: () => Date;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get providerKind(): PaymentProvider['kind'] {
    return this.deps.provider.kind;
  }

  paymentMethods(language: Language): PaymentMethod[] {
    return PAYMENT_METHOD_CODES.map((code) => ({
      code,
      name: PAYMENT_METHOD_NAMES[language][code],
    }));
  }

  async createCustomer(session: Session, body: CustomerBody): Promise<{ id: number }> {
    this.assertMayBuy(session);
    const registryCode = body.registry_code.replace(/\D/g, '');
    const kind = this.deps.provider.kind;
    // The account's customer at the provider is reused (every purchase, or one given by
    // PUT /api/payments/{provider}/updated-{provider}-id); a first purchase creates it.
    const known = await this.providerCustomerId(session.accountId);
    const providerId =
      known ??
      (await this.deps.provider.createCustomer({ ...body, registry_code: registryCode }))
        .providerId;
    const row = await this.deps.db.transaction(async (tx) => {
      if (!known) await this.storeProviderCustomerId(tx, session.accountId, kind, providerId);
      const [inserted] = await tx
        .insert(t.paymentCustomers)
        .values({
          accountId: session.accountId,
          provider: kind,
          providerId,
          name: body.name,
          email: body.email,
          registryCode,
          address: body.address,
        })
        .returning({ id: t.paymentCustomers.id });
      return inserted!;
    });
    return { id: row.id };
  }

  /**
   * `PUT /api/payments/{provider}/updated-{provider}-id`: the account's customer id at a provider
   * (created on its side, by its own checkout or support), kept on the account and used by the
   * next purchase instead of creating another customer.
   */
  async updateProviderCustomerId(
    session: Session,
    provider: PaymentProvider['kind'],
    providerId: string,
  ): Promise<{ provider: PaymentProvider['kind']; provider_customer_id: string }> {
    this.assertMayBuy(session);
    await this.storeProviderCustomerId(this.deps.db, session.accountId, provider, providerId);
    return { provider, provider_customer_id: providerId };
  }

  private async providerCustomerId(accountId: number): Promise<string | null> {
    const [account] = await this.deps.db
      .select({ ids: t.accounts.paymentCustomerIds })
      .from(t.accounts)
      .where(eq(t.accounts.id, accountId));
    return account?.ids[this.deps.provider.kind] ?? null;
  }

  private async storeProviderCustomerId(
    db: Executor,
    accountId: number,
    provider: string,
    providerId: string,
  ): Promise<void> {
    await db
      .update(t.accounts)
      .set({
        paymentCustomerIds: sql`${t.accounts.paymentCustomerIds} || jsonb_build_object(${provider}::text, ${providerId}::text)`,
        updatedAt: this.now(),
      })
      .where(eq(t.accounts.id, accountId));
  }

  /** Registers a card with the provider; we keep its token, brand and last four digits only. */
  async createPaymentProfile(session: Session, body: PaymentProfileBody): Promise<PaymentProfile> {
    this.assertMayBuy(session);
    const customer = await this.customer(session, body.customer_id);
    const card = checkCard(body, this.now());
    if (!card.ok)
      throw new AppError(ERRORS.paymentInvalidCard, 'Invalid card', {
        field: card.field,
        reason: card.reason,
      });
    const { token } = await this.deps.provider.createCard({
      customerProviderId: customer.providerId,
      holderName: body.holder_name,
      cardNumber: body.card_number.replace(/[\s-]/g, ''),
      cardExpiration: body.card_expiration,
      cardCvv: body.card_cvv,
      brand: card.brand,
    });
    const [row] = await this.deps.db
      .insert(t.paymentProfiles)
      .values({
        accountId: session.accountId,
        customerId: customer.id,
        provider: this.deps.provider.kind,
        providerToken: token,
        holderName: body.holder_name,
        brand: card.brand,
        lastFour: card.last_four,
      })
      .returning({ id: t.paymentProfiles.id });
    return { id: row!.id, card_brand: CARD_BRAND_NAMES[card.brand], last_four: card.last_four };
  }

  /**
   * Subscribes the account to a billing plan and charges the first bill. A card is charged at once:
   * paid raises the plan; declined (402) or a provider failure (502) records nothing but the
   * attempt, and the sixth attempt of the day is refused (429) before reaching the provider.
   */
  async subscribe(session: Session, body: SubscriptionBody): Promise<Subscription> {
    this.assertMayBuy(session);
    const plan = await this.deps.billingPlans.get(body.plan_id);
    if (plan.status !== 'active')
      throw new AppError(ERRORS.billingPlanNotFound, 'Billing plan not sold any more');
    const customer = await this.customer(session, body.customer_id);
    const card =
      body.payment_method_code === 'credit_card'
        ? await this.paymentProfile(session, body.payment_profile_id)
        : null;
    const today = this.today(session);
    if (card) await this.assertAttemptsLeft(session, today);

    const dueDate =
      body.payment_method_code === 'credit_card' ? today : addDays(today, BANK_SLIP_DUE_DAYS);
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
      throw await this.chargeRefusal(error, card ? session : null, today);
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
      if (charged.bill.status === 'paid') await this.payBill(tx, bill!.id, today);
      return subscription!.id;
    });
    return this.subscription(session.accountId, subscriptionId);
  }

  /**
   * The spec's update-plan call: answers the subscription once its bill is paid (the plan has
   * risen with the payment), 409 while the bill waits.
   */
  async confirmPlan(
    session: Session,
    params: { tierId: number; accountId: number; interval: number },
  ): Promise<Subscription> {
    this.assertMayBuy(session);
    if (params.accountId !== session.accountId)
      throw new AppError(ERRORS.notFound, 'Not this account');
    const [row] = await this.deps.db
      .select({ id: t.subscriptions.id })
      .from(t.subscriptions)
      .innerJoin(t.billingPlans, eq(t.billingPlans.id, t.subscriptions.billingPlanId))
      .where(
        and(
          eq(t.subscriptions.accountId, session.accountId),
          eq(t.billingPlans.tierId, params.tierId),
          eq(t.billingPlans.intervalCount, params.interval),
          ne(t.subscriptions.status, 'ended'),
        ),
      )
      .orderBy(desc(t.subscriptions.id))
      .limit(1);
    if (!row) throw new AppError(ERRORS.notFound, 'No subscription to this plan');
    const subscription = await this.subscription(session.accountId, row.id);
    if (subscription.status === 'pending')
      throw new AppError(ERRORS.paymentPending, 'The bill is not paid yet');
    return subscription;
  }

  /** The account's subscription (the newest not ended), or null. Lapsed ones end first. */
  async current(session: Session): Promise<Subscription | null> {
    await this.endLapsed(session.accountId);
    const [row] = await this.deps.db
      .select({ id: t.subscriptions.id })
      .from(t.subscriptions)
      .where(
        and(eq(t.subscriptions.accountId, session.accountId), ne(t.subscriptions.status, 'ended')),
      )
      .orderBy(desc(t.subscriptions.id))
      .limit(1);
    return row ? this.subscription(session.accountId, row.id) : null;
  }

  /** Cancels at the end of the paid period: the plan stays until `paid_until`. */
  async cancel(session: Session): Promise<Subscription> {
    this.assertMayBuy(session);
    const current = await this.current(session);
    if (!current || current.status === 'canceled')
      throw new AppError(ERRORS.notFound, 'No subscription to cancel');
    await this.deps.db
      .update(t.subscriptions)
      .set({
        // A subscription never paid ends at once; a paid one runs to the end of its period.
        status: current.status === 'active' ? 'canceled' : 'ended',
        canceledAt: this.now(),
        nextBillDate: null,
        updatedAt: this.now(),
      })
      .where(
        and(eq(t.subscriptions.accountId, session.accountId), eq(t.subscriptions.id, current.id)),
      );
    return this.subscription(session.accountId, current.id);
  }

  /**
   * The back office settles a bank slip or cash bill: paid raises the plan, expired ends the
   * subscription that waited for it. A bill already settled answers 409.
   */
  async settleBill(billId: number, status: 'paid' | 'expired'): Promise<Subscription> {
    const accountId = await this.deps.db.transaction(async (tx) => {
      const [bill] = await tx
        .select({
          accountId: t.bills.accountId,
          subscriptionId: t.bills.subscriptionId,
          status: t.bills.status,
          countryId: t.accounts.countryId,
        })
        .from(t.bills)
        .innerJoin(t.accounts, eq(t.accounts.id, t.bills.accountId))
        .where(eq(t.bills.id, billId))
        .for('update');
      if (!bill) throw new AppError(ERRORS.notFound, 'No such bill');
      if (bill.status !== 'pending') throw new AppError(ERRORS.conflict, 'Bill already settled');
      if (status === 'paid') await this.payBill(tx, billId, this.todayOf(bill.countryId));
      else {
        await tx.update(t.bills).set({ status: 'expired' }).where(eq(t.bills.id, billId));
        await tx
          .update(t.subscriptions)
          .set({ status: 'ended', updatedAt: this.now() })
          .where(
            and(eq(t.subscriptions.id, bill.subscriptionId), eq(t.subscriptions.status, 'pending')),
          );
      }
      return { accountId: bill.accountId, subscriptionId: bill.subscriptionId };
    });
    return this.subscription(accountId.accountId, accountId.subscriptionId);
  }

  /**
   * A provider's notice about one of its bills: settles ours once; a repeat, or a bill we do not
   * know, changes nothing (false).
   */
  async settleProviderBill(
    provider: 'vindi',
    providerBillId: string,
    status: 'paid' | 'expired',
    renewal?: { subscriptionProviderId: string; amount: number | null },
  ): Promise<boolean> {
    const [bill] = await this.deps.db
      .select({ id: t.bills.id, status: t.bills.status })
      .from(t.bills)
      .innerJoin(
        t.subscriptions,
        and(
          eq(t.subscriptions.accountId, t.bills.accountId),
          eq(t.subscriptions.id, t.bills.subscriptionId),
        ),
      )
      .where(and(eq(t.bills.providerId, providerBillId), eq(t.subscriptions.provider, provider)));
    if (bill) {
      if (bill.status !== 'pending') return false;
      await this.settleBill(bill.id, status);
      return true;
    }
    // A bill we did not issue: the provider's own renewal of one of our active subscriptions.
    if (!renewal || status !== 'paid') return false;
    const [subscription] = await this.deps.db
      .select({
        id: t.subscriptions.id,
        accountId: t.subscriptions.accountId,
        paymentMethodCode: t.subscriptions.paymentMethodCode,
        price: t.billingPlans.price,
        countryId: t.accounts.countryId,
      })
      .from(t.subscriptions)
      .innerJoin(t.accounts, eq(t.accounts.id, t.subscriptions.accountId))
      .innerJoin(t.billingPlans, eq(t.billingPlans.id, t.subscriptions.billingPlanId))
      .where(
        and(
          eq(t.subscriptions.provider, provider),
          eq(t.subscriptions.providerId, renewal.subscriptionProviderId),
          eq(t.subscriptions.status, 'active'),
        ),
      );
    if (!subscription) return false;
    const today = this.todayOf(subscription.countryId);
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(t.bills)
        .values({
          accountId: subscription.accountId,
          subscriptionId: subscription.id,
          amount: (renewal.amount ?? Number(subscription.price)).toFixed(2),
          status: 'pending',
          paymentMethodCode: subscription.paymentMethodCode,
          dueDate: today,
          providerId: providerBillId,
        })
        .returning({ id: t.bills.id });
      await this.payBill(tx, row!.id, today);
    });
    return true;
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
          accountId === undefined ? undefined : eq(t.subscriptions.accountId, accountId),
          // Cheap pre-filter in UTC; each account's own calendar decides below.
          lt(t.subscriptions.paidUntil, addDays(todayIn('UTC', this.now()), 1)),
        ),
      );
    for (const subscription of candidates) {
      if (!subscriptionLapsed(subscription, this.todayOf(subscription.countryId))) continue;
      await this.deps.db.transaction(async (tx) => {
        await tx
          .update(t.subscriptions)
          .set({ status: 'ended', updatedAt: this.now() })
          .where(eq(t.subscriptions.id, subscription.id));
        await tx
          .update(t.bills)
          .set({ status: 'expired' })
          .where(
            and(
              eq(t.bills.accountId, subscription.accountId),
              eq(t.bills.subscriptionId, subscription.id),
              eq(t.bills.status, 'pending'),
            ),
          );
        const [active] = await tx
          .select({ id: t.subscriptions.id })
          .from(t.subscriptions)
          .where(
            and(
              eq(t.subscriptions.accountId, subscription.accountId),
              eq(t.subscriptions.status, 'active'),
            ),
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
              updatedAt: this.now(),
            })
            .where(eq(t.accounts.id, subscription.accountId));
      });
    }
  }

  /**
   * The renewal (hourly, for providers that do not bill renewals themselves): every active
   * subscription whose next bill date has come and whose period has no bill yet gets one. A card
   * is charged; a refused card leaves a failed bill (not retried: the administrator pays again
   * by POST /payment-api/bills within the grace days); a bank slip or cash bill waits.
   */
  async renewDue(): Promise<number> {
    if (this.deps.provider.renewsItself) return 0;
    const due = await this.deps.db
      .select({
        id: t.subscriptions.id,
        accountId: t.subscriptions.accountId,
        countryId: t.accounts.countryId,
        nextBillDate: t.subscriptions.nextBillDate,
      })
      .from(t.subscriptions)
      .innerJoin(t.accounts, eq(t.accounts.id, t.subscriptions.accountId))
      .where(
        and(
          eq(t.subscriptions.status, 'active'),
          lt(t.subscriptions.nextBillDate, addDays(todayIn('UTC', this.now()), 2)),
          sql`not exists (select 1 from ${t.bills} where ${t.bills.accountId} = ${t.subscriptions.accountId} and ${t.bills.subscriptionId} = ${t.subscriptions.id} and ${t.bills.dueDate} >= ${t.subscriptions.nextBillDate})`,
        ),
      );
    let issued = 0;
    for (const subscription of due) {
      if (subscription.nextBillDate! > this.todayOf(subscription.countryId)) continue;
      const open = await this.openSubscription(subscription.accountId, subscription.id);
      try {
        await this.chargeNextBill(open, null);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Declined or failed: the failed bill is the record; the administrator pays again.
        await this.deps.db.insert(t.bills).values({
          accountId: open.accountId,
          subscriptionId: open.id,
          amount: open.price.toFixed(2),
          status: 'failed',
          paymentMethodCode: open.paymentMethodCode,
          dueDate: this.todayOf(open.countryId),
        });
      }
      issued += 1;
    }
    return issued;
  }

  /**
   * `POST /payment-api/bills`: the administrator pays the subscription's next period now (ahead
   * of the renewal, or again after a refused renewal), by its method or another card. The period
   * starts the day after the one paid, so nothing is lost.
   */
  async payNextBill(session: Session, body: NextBillBody): Promise<Subscription> {
    this.assertMayBuy(session);
    const open = await this.openSubscription(session.accountId, body.subscription_id);
    if (open.status !== 'active')
      throw new AppError(ERRORS.validation, 'Only an active subscription is billed again', [
        bodyFieldError('subscription_id', 'Not an active subscription of this account'),
      ]);
    const [pending] = await this.deps.db
      .select({ id: t.bills.id })
      .from(t.bills)
      .where(
        and(
          eq(t.bills.accountId, session.accountId),
          eq(t.bills.subscriptionId, open.id),
          eq(t.bills.status, 'pending'),
        ),
      )
      .limit(1);
    if (pending) throw new AppError(ERRORS.paymentPending, 'A bill of this subscription waits');
    const method = body.payment_method_code ?? open.paymentMethodCode;
    const card =
      method === 'credit_card'
        ? await this.paymentProfile(
            session,
            body.payment_profile_id ?? open.paymentProfileId ?? undefined,
          )
        : null;
    if (card) await this.assertAttemptsLeft(session, this.today(session));
    await this.chargeNextBill(
      {
        ...open,
        paymentMethodCode: method,
        cardToken: card?.providerToken ?? null,
        paymentProfileId: card?.id ?? null,
      },
      session,
    );
    return this.subscription(session.accountId, open.id);
  }

  /**
   * Charges the next bill of an open subscription with the provider and records it: paid extends
   * the period at once, pending waits for its settlement. A refusal throws the charge's AppError
   * (counting a card attempt when a session asked).
   */
  private async chargeNextBill(open: OpenSubscription, session: Session | null): Promise<void> {
    const today = this.todayOf(open.countryId);
    const dueDate =
      open.paymentMethodCode === 'credit_card' ? today : addDays(today, BANK_SLIP_DUE_DAYS);
    let bill: ProviderBill;
    try {
      bill = await this.deps.provider.chargeBill({
        subscriptionProviderId: open.providerId ?? '',
        amount: open.price,
        paymentMethod: open.paymentMethodCode,
        cardToken: open.cardToken,
        dueDate,
      });
    } catch (error) {
      throw await this.chargeRefusal(error, session, today);
    }
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(t.subscriptions)
        .set({
          paymentMethodCode: open.paymentMethodCode,
          paymentProfileId: open.paymentProfileId,
          updatedAt: this.now(),
        })
        .where(and(eq(t.subscriptions.accountId, open.accountId), eq(t.subscriptions.id, open.id)));
      const [row] = await tx
        .insert(t.bills)
        .values({
          accountId: open.accountId,
          subscriptionId: open.id,
          amount: open.price.toFixed(2),
          status: 'pending',
          paymentMethodCode: open.paymentMethodCode,
          dueDate,
          typableLine: bill.typableLine,
          barcode: bill.barcode,
          providerId: bill.providerId,
        })
        .returning({ id: t.bills.id });
      if (bill.status === 'paid') await this.payBill(tx, row!.id, today);
    });
  }

  /** A provider's refusal as our error; a card attempt is counted when an administrator paid. */
  private async chargeRefusal(
    error: unknown,
    session: Session | null,
    today: string,
  ): Promise<unknown> {
    if (!(error instanceof CardDeclinedError || error instanceof ProviderFailureError))
      return error;
    if (session) await this.countAttempt(session, today);
    return new AppError(
      error instanceof CardDeclinedError ? ERRORS.paymentCardDeclined : ERRORS.paymentProviderError,
      error.message,
    );
  }

  /** A subscription with what billing it again needs. */
  private async openSubscription(accountId: number, id: number): Promise<OpenSubscription> {
    const [row] = await this.deps.db
      .select({
        id: t.subscriptions.id,
        accountId: t.subscriptions.accountId,
        status: t.subscriptions.status,
        providerId: t.subscriptions.providerId,
        paymentMethodCode: t.subscriptions.paymentMethodCode,
        paymentProfileId: t.subscriptions.paymentProfileId,
        cardToken: t.paymentProfiles.providerToken,
        price: t.billingPlans.price,
        countryId: t.accounts.countryId,
      })
      .from(t.subscriptions)
      .innerJoin(t.accounts, eq(t.accounts.id, t.subscriptions.accountId))
      .innerJoin(t.billingPlans, eq(t.billingPlans.id, t.subscriptions.billingPlanId))
      .leftJoin(t.paymentProfiles, SUBSCRIPTION_CARD)
      .where(and(eq(t.subscriptions.accountId, accountId), eq(t.subscriptions.id, id)));
    if (!row)
      throw new AppError(ERRORS.validation, 'Unknown subscription', [
        bodyFieldError('subscription_id', 'Not a subscription of this account'),
      ]);
    return {
      ...row,
      price: Number(row.price),
      paymentMethodCode: row.paymentMethodCode as PaymentMethodCode,
    };
  }

  /**
   * Marks a bill paid and what follows: its subscription active for its interval from `today`,
   * any other live subscription of the account ended, and the account raised to the plan's tier
   * and its users from today (the session trigger tells every process at once).
   */
  private async payBill(tx: Executor, billId: number, today: string): Promise<void> {
    const [bill] = await tx
      .update(t.bills)
      .set({ status: 'paid', paidAt: this.now() })
      .where(eq(t.bills.id, billId))
      .returning({ accountId: t.bills.accountId, subscriptionId: t.bills.subscriptionId });
    const [plan] = await tx
      .select({
        tierId: t.billingPlans.tierId,
        months: t.billingPlans.intervalCount,
        status: t.subscriptions.status,
        paidUntil: t.subscriptions.paidUntil,
      })
      .from(t.subscriptions)
      .innerJoin(t.billingPlans, eq(t.billingPlans.id, t.subscriptions.billingPlanId))
      .where(eq(t.subscriptions.id, bill!.subscriptionId));
    // A renewal continues the period paid; a first bill starts today.
    const renewal = plan!.status === 'active';
    const until = paidUntil(nextPeriodStart(renewal ? plan!.paidUntil : null, today), plan!.months);
    await tx
      .update(t.subscriptions)
      .set({
        status: 'active',
        paidUntil: until,
        nextBillDate: addDays(until, 1),
        updatedAt: this.now(),
      })
      .where(eq(t.subscriptions.id, bill!.subscriptionId));
    if (renewal) return;
    await tx
      .update(t.subscriptions)
      .set({ status: 'ended', updatedAt: this.now() })
      .where(
        and(
          eq(t.subscriptions.accountId, bill!.accountId),
          ne(t.subscriptions.id, bill!.subscriptionId),
          inArray(t.subscriptions.status, ['active', 'canceled', 'pending']),
        ),
      );
    await tx
      .update(t.accounts)
      .set({
        planId: plan!.tierId,
        contractStart: today,
        // The plan's users at least: more granted in the back office are kept.
        maxUsers: sql`greatest(${t.accounts.maxUsers}, ${includedUsers(planLevelOfId(plan!.tierId))})`,
        updatedAt: this.now(),
      })
      .where(eq(t.accounts.id, bill!.accountId));
  }

  private async subscription(accountId: number, id: number): Promise<Subscription> {
    const [row] = await this.deps.db
      .select({
        id: t.subscriptions.id,
        status: t.subscriptions.status,
        tierId: t.billingPlans.tierId,
        billingPlanId: t.subscriptions.billingPlanId,
        intervalCount: t.billingPlans.intervalCount,
        paymentMethodCode: t.subscriptions.paymentMethodCode,
        cardBrand: t.paymentProfiles.brand,
        cardLastFour: t.paymentProfiles.lastFour,
        paidUntil: t.subscriptions.paidUntil,
        nextBillDate: t.subscriptions.nextBillDate,
        canceledAt: t.subscriptions.canceledAt,
      })
      .from(t.subscriptions)
      .innerJoin(t.billingPlans, eq(t.billingPlans.id, t.subscriptions.billingPlanId))
      .leftJoin(t.paymentProfiles, SUBSCRIPTION_CARD)
      .where(and(eq(t.subscriptions.accountId, accountId), eq(t.subscriptions.id, id)));
    const [bill] = await this.deps.db
      .select({
        id: t.bills.id,
        status: t.bills.status,
        amount: t.bills.amount,
        dueDate: t.bills.dueDate,
        typableLine: t.bills.typableLine,
        barcode: t.bills.barcode,
        paymentMethodCode: t.bills.paymentMethodCode,
      })
      .from(t.bills)
      .where(and(eq(t.bills.accountId, accountId), eq(t.bills.subscriptionId, id)))
      .orderBy(desc(t.bills.id))
      .limit(1);
    return toSubscription(row as SubscriptionRow, bill ?? null);
  }

  private assertMayBuy(session: Session): void {
    const refusal = buyingRefusal(session.accountCountryId, session.allFarms);
    if (refusal === 'outside_brazil')
      throw new AppError(ERRORS.actionUnauthorized, 'Plans are sold in Brazil only');
    if (refusal === 'not_administrator')
      throw new AppError(ERRORS.actionUnauthorized, 'Only administrators buy plans');
  }

  private async customer(session: Session, customerId: number) {
    const [row] = await this.deps.db
      .select({ id: t.paymentCustomers.id, providerId: t.paymentCustomers.providerId })
      .from(t.paymentCustomers)
      .where(
        and(
          eq(t.paymentCustomers.accountId, session.accountId),
          eq(t.paymentCustomers.id, customerId),
        ),
      );
    if (!row)
      throw new AppError(ERRORS.validation, 'Unknown customer', [
        bodyFieldError('customer_id', 'Not a customer of this account'),
      ]);
    return row;
  }

  private async paymentProfile(session: Session, profileId: number | undefined) {
    const [row] =
      profileId === undefined
        ? []
        : await this.deps.db
            .select({
              id: t.paymentProfiles.id,
              providerToken: t.paymentProfiles.providerToken,
            })
            .from(t.paymentProfiles)
            .where(
              and(
                eq(t.paymentProfiles.accountId, session.accountId),
                eq(t.paymentProfiles.id, profileId),
              ),
            );
    if (!row)
      throw new AppError(ERRORS.validation, 'A card payment needs the account’s card', [
        bodyFieldError('payment_profile_id', 'Not a card of this account'),
      ]);
    return row;
  }

  private async assertAttemptsLeft(session: Session, today: string): Promise<void> {
    const [row] = await this.deps.db
      .select({ attempts: t.paymentAttempts.attempts })
      .from(t.paymentAttempts)
      .where(
        and(eq(t.paymentAttempts.accountId, session.accountId), eq(t.paymentAttempts.day, today)),
      );
    if ((row?.attempts ?? 0) >= CARD_ATTEMPTS_PER_DAY)
      throw new AppError(ERRORS.paymentTooManyAttempts, 'Card attempts of the day spent');
  }

  private async countAttempt(session: Session, today: string): Promise<void> {
    await this.deps.db
      .insert(t.paymentAttempts)
      .values({ accountId: session.accountId, day: today, attempts: 1 })
      .onConflictDoUpdate({
        target: [t.paymentAttempts.accountId, t.paymentAttempts.day],
        set: { attempts: sql`${t.paymentAttempts.attempts} + 1` },
      });
  }

  private today(session: Session): string {
    return this.todayOf(session.accountCountryId);
  }

  private todayOf(countryId: number): string {
    const country = this.deps.reference.list.countries.find((c) => c.id === countryId);
    return todayIn(country?.time_zone ?? 'UTC', this.now());
  }
}
