import {
  ERRORS,
  bodyFieldError,
  buyingRefusal,
  cardAttemptAllowed,
  includedUsers,
  nextBillDate,
  nextPeriodStart,
  paidUntil,
  planLevelOfId,
  todayIn,
  type Subscription,
} from '@lavoura/domain';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  CardDeclinedError,
  ProviderFailureError,
  type PaymentProvider,
} from '../../providers/payments/payment-provider.ts';
import type { Session } from '../auth/session.types.ts';
import type { DataVersions } from '../farms/data-versions.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { BillingPlansService } from './billing-plans.service.ts';
import { toSubscription, type BillRow, type SubscriptionRow } from './subscription.presenter.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** A subscription's card, of the same account. */
export const SUBSCRIPTION_CARD = and(
  eq(t.paymentProfiles.accountId, t.subscriptions.accountId),
  eq(t.paymentProfiles.id, t.subscriptions.paymentProfileId),
);

export interface PaymentsDeps {
  db: Database;
  provider: PaymentProvider;
  billingPlans: BillingPlansService;
  reference: ReferenceService;
  now?: () => Date;
  /** The process's kept data versions; without them every subscription call reads its version. */
  dataVersions?: DataVersions;
}

/**
 * What every payment use case reads and writes (spec 1 §3 and §5, DESIGN.md §5): who may buy,
 * the account's customer and card, the day's card attempts, a paid bill raising the plan, and the
 * subscription as answered. The use cases are `PaymentCustomersService`, `SubscriptionsService`,
 * `RenewalsService` and `BillSettlementService`.
 */
export class PaymentRecords {
  readonly now: () => Date;

  constructor(private readonly deps: PaymentsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A provider's refusal as our error; a card attempt is counted when an administrator paid. */
  async chargeRefusal(error: unknown, session: Session | null, today: string): Promise<unknown> {
    if (!(error instanceof CardDeclinedError || error instanceof ProviderFailureError))
      return error;
    if (session) await this.countAttempt(session, today);
    return new AppError(
      error instanceof CardDeclinedError ? ERRORS.paymentCardDeclined : ERRORS.paymentProviderError,
      error.message,
    );
  }

  /**
   * Marks a bill paid and what follows: its subscription active for its interval from `today`,
   * any other live subscription of the account ended, and the account raised to the plan's tier
   * and its users from today (the session trigger tells every process at once).
   */
  async payBill(tx: Executor, billId: number, today: string): Promise<void> {
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
        nextBillDate: nextBillDate(until),
        updatedAt: this.now(),
      })
      .where(eq(t.subscriptions.id, bill!.subscriptionId));
    if (renewal) return;
    await tx
      .update(t.subscriptions)
      .set({ status: 'ended', updatedAt: this.now() })
      .where(
        and(
          ofAccount(t.subscriptions, bill!),
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

  /**
   * Subscriptions as answered, newest first, with their plan, card and latest bill: one query (the
   * bill as a JSON object), and the status and paid-until a lapse check reads.
   */
  private subscriptionRows(account: SQL, which: SQL) {
    return this.deps.db
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
        bill: sql<BillRow | null>`(select json_build_object('id', ${t.bills.id}, 'status', ${t.bills.status}, 'amount', ${t.bills.amount}::text, 'dueDate', ${t.bills.dueDate}, 'typableLine', ${t.bills.typableLine}, 'barcode', ${t.bills.barcode}, 'paymentMethodCode', ${t.bills.paymentMethodCode})
          from ${t.bills} where ${t.bills.accountId} = ${t.subscriptions.accountId}
          and ${t.bills.subscriptionId} = ${t.subscriptions.id} order by ${t.bills.id} desc limit 1)`,
      })
      .from(t.subscriptions)
      .innerJoin(t.billingPlans, eq(t.billingPlans.id, t.subscriptions.billingPlanId))
      .leftJoin(t.paymentProfiles, SUBSCRIPTION_CARD)
      .where(and(account, which))
      .orderBy(desc(t.subscriptions.id));
  }

  /** Read on every subscription call: named, so PostgreSQL plans it once per connection. */
  private openQuery: ReturnType<typeof this.prepareOpen> | undefined;

  private prepareOpen() {
    return this.subscriptionRows(
      eq(t.subscriptions.accountId, sql.placeholder('accountId')),
      ne(t.subscriptions.status, 'ended'),
    ).prepare('lavoura_open_subscriptions');
  }

  /** The subscription as answered: its plan, card and latest bill. */
  async subscription(accountId: number, id: number): Promise<Subscription> {
    const [row] = await this.subscriptionRows(
      ofAccount(t.subscriptions, accountId),
      eq(t.subscriptions.id, id),
    );
    return toSubscription(row!, row!.bill);
  }

  /** The account's subscriptions not ended, newest first, as answered (with status and dates). */
  openSubscriptions(accountId: number): Promise<(SubscriptionRow & { bill: BillRow | null })[]> {
    this.openQuery ??= this.prepareOpen();
    return this.openQuery.execute({ accountId });
  }

  /** Only administrators of accounts in Brazil buy (403 otherwise). */
  assertMayBuy(session: Session): void {
    const refusal = buyingRefusal(session.accountCountryId, session.allFarms);
    if (refusal === 'outside_brazil')
      throw new AppError(ERRORS.actionUnauthorized, 'Plans are sold in Brazil only');
    if (refusal === 'not_administrator')
      throw new AppError(ERRORS.actionUnauthorized, 'Only administrators buy plans');
  }

  /** The account's customer at the provider; another account's is a field error (400). */
  async customer(session: Session, customerId: number) {
    const [row] = await this.deps.db
      .select({ id: t.paymentCustomers.id, providerId: t.paymentCustomers.providerId })
      .from(t.paymentCustomers)
      .where(and(ofAccount(t.paymentCustomers, session), eq(t.paymentCustomers.id, customerId)));
    if (!row)
      throw new AppError(ERRORS.validation, 'Unknown customer', [
        bodyFieldError('customer_id', 'Not a customer of this account'),
      ]);
    return row;
  }

  /** A card of the account; none, or another account's, is a field error (400). */
  async paymentProfile(session: Session, profileId: number | undefined) {
    const [row] =
      profileId === undefined
        ? []
        : await this.deps.db
            .select({
              id: t.paymentProfiles.id,
              providerToken: t.paymentProfiles.providerToken,
            })
            .from(t.paymentProfiles)
            .where(and(ofAccount(t.paymentProfiles, session), eq(t.paymentProfiles.id, profileId)));
    if (!row)
      throw new AppError(ERRORS.validation, 'A card payment needs the account’s card', [
        bodyFieldError('payment_profile_id', 'Not a card of this account'),
      ]);
    return row;
  }

  /** The day's card attempts spent: 429 before the provider is asked (`cardAttemptAllowed`). */
  async assertAttemptsLeft(session: Session, today: string): Promise<void> {
    const [row] = await this.deps.db
      .select({ attempts: t.paymentAttempts.attempts })
      .from(t.paymentAttempts)
      .where(and(ofAccount(t.paymentAttempts, session), eq(t.paymentAttempts.day, today)));
    if (!cardAttemptAllowed(row?.attempts ?? 0))
      throw new AppError(ERRORS.paymentTooManyAttempts, 'Card attempts of the day spent');
  }

  /** One more card attempt of the account's day. */
  async countAttempt(session: Session, today: string): Promise<void> {
    await this.deps.db
      .insert(t.paymentAttempts)
      .values({ accountId: session.accountId, day: today, attempts: 1 })
      .onConflictDoUpdate({
        target: [t.paymentAttempts.accountId, t.paymentAttempts.day],
        set: { attempts: sql`${t.paymentAttempts.attempts} + 1` },
      });
  }

  /** Today in the calendar of the session's account's country. */
  today(session: Session): string {
    return this.todayOf(session.accountCountryId);
  }

  todayOf(countryId: number): string {
    const country = this.deps.reference.list.countries.find((c) => c.id === countryId);
    return todayIn(country?.time_zone ?? 'UTC', this.now());
  }
}
