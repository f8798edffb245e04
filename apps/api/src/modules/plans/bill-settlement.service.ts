import { ERRORS, type Subscription } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentRecords, PaymentsDeps } from './payment-records.service.ts';

/**
 * Bills settled after they were issued: a bank slip or cash bill by the back office, and the
 * provider's notices (its webhook), including its own renewals of our subscriptions.
 */
export class BillSettlementService {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly records: PaymentRecords,
  ) {}

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
      if (status === 'paid')
        await this.records.payBill(tx, billId, this.records.todayOf(bill.countryId));
      else {
        await tx.update(t.bills).set({ status: 'expired' }).where(eq(t.bills.id, billId));
        await tx
          .update(t.subscriptions)
          .set({ status: 'ended', updatedAt: this.records.now() })
          .where(
            and(eq(t.subscriptions.id, bill.subscriptionId), eq(t.subscriptions.status, 'pending')),
          );
      }
      return { accountId: bill.accountId, subscriptionId: bill.subscriptionId };
    });
    return this.records.subscription(accountId.accountId, accountId.subscriptionId);
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
    const today = this.records.todayOf(subscription.countryId);
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
      await this.records.payBill(tx, row!.id, today);
    });
    return true;
  }
}
