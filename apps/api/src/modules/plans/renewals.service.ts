import {
  ERRORS,
  billDueDate,
  bodyFieldError,
  latestDayAnywhere,
  renewalDue,
  todayIn,
  type NextBillBody,
  type PaymentMethodCode,
  type Subscription,
} from '@lavoura/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { ProviderBill } from '../../providers/payments/payment-provider.ts';
import type { Session } from '../auth/session.types.ts';
import {
  SUBSCRIPTION_CARD,
  type PaymentRecords,
  type PaymentsDeps,
} from './payment-records.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

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

/**
 * The next periods of an active subscription: the hourly renewal (for providers that do not bill
 * renewals themselves) and the administrator paying the next period now.
 */
export class RenewalsService {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly records: PaymentRecords,
  ) {}

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
          lte(t.subscriptions.nextBillDate, latestDayAnywhere(todayIn('UTC', this.records.now()))),
          sql`not exists (select 1 from ${t.bills} where ${t.bills.accountId} = ${t.subscriptions.accountId} and ${t.bills.subscriptionId} = ${t.subscriptions.id} and ${t.bills.dueDate} >= ${t.subscriptions.nextBillDate})`,
        ),
      );
    let issued = 0;
    for (const subscription of due) {
      if (!renewalDue(subscription.nextBillDate, this.records.todayOf(subscription.countryId)))
        continue;
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
          dueDate: this.records.todayOf(open.countryId),
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
    this.records.assertMayBuy(session);
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
          ofAccount(t.bills, session),
          eq(t.bills.subscriptionId, open.id),
          eq(t.bills.status, 'pending'),
        ),
      )
      .limit(1);
    if (pending) throw new AppError(ERRORS.paymentPending, 'A bill of this subscription waits');
    const method = body.payment_method_code ?? open.paymentMethodCode;
    const card =
      method === 'credit_card'
        ? await this.records.paymentProfile(
            session,
            body.payment_profile_id ?? open.paymentProfileId ?? undefined,
          )
        : null;
    if (card) await this.records.assertAttemptsLeft(session, this.records.today(session));
    await this.chargeNextBill(
      {
        ...open,
        paymentMethodCode: method,
        cardToken: card?.providerToken ?? null,
        paymentProfileId: card?.id ?? null,
      },
      session,
    );
    return this.records.subscription(session.accountId, open.id);
  }

  /**
   * Charges the next bill of an open subscription with the provider and records it: paid extends
   * the period at once, pending waits for its settlement. A refusal throws the charge's AppError
   * (counting a card attempt when a session asked).
   */
  private async chargeNextBill(open: OpenSubscription, session: Session | null): Promise<void> {
    const today = this.records.todayOf(open.countryId);
    const dueDate = billDueDate(open.paymentMethodCode, today);
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
      throw await this.records.chargeRefusal(error, session, today);
    }
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(t.subscriptions)
        .set({
          paymentMethodCode: open.paymentMethodCode,
          paymentProfileId: open.paymentProfileId,
          updatedAt: this.records.now(),
        })
        .where(and(ofAccount(t.subscriptions, open), eq(t.subscriptions.id, open.id)));
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
      if (bill.status === 'paid') await this.records.payBill(tx, row!.id, today);
    });
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
      .where(and(ofAccount(t.subscriptions, accountId), eq(t.subscriptions.id, id)));
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
}
