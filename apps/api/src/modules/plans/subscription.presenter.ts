import { PLANS, type Bill, type Subscription } from '@lavoura/domain';
import { CARD_BRAND_NAMES, type CardBrand } from '@lavoura/domain/card';

/** A subscription row with its billing plan and card, as payment-records.service selects it. */
export interface SubscriptionRow {
  id: number;
  status: string;
  tierId: number;
  billingPlanId: number;
  intervalCount: number;
  paymentMethodCode: string;
  cardBrand: string | null;
  cardLastFour: string | null;
  paidUntil: string | null;
  nextBillDate: string | null;
  canceledAt: Date | null;
}

export interface BillRow {
  id: number;
  status: string;
  amount: string;
  dueDate: string;
  typableLine: string | null;
  barcode: string | null;
  paymentMethodCode: string;
}

function toBill(row: BillRow): Bill {
  return {
    id: row.id,
    status: row.status as Bill['status'],
    amount: Number(row.amount),
    due_date: row.dueDate,
    typable_line: row.typableLine,
    barcode: row.barcode,
    payment_method_code: row.paymentMethodCode as Bill['payment_method_code'],
  };
}

/** A subscription as the API answers it: the card by brand name and last four digits only. */
export function toSubscription(row: SubscriptionRow, bill: BillRow | null): Subscription {
  const tier = PLANS.find((plan) => plan.id === row.tierId);
  return {
    id: row.id,
    status: row.status as Subscription['status'],
    tier: { id: row.tierId, name: tier?.name ?? '' },
    billing_plan_id: row.billingPlanId,
    interval_count: row.intervalCount,
    payment_method_code: row.paymentMethodCode as Subscription['payment_method_code'],
    card:
      row.cardBrand && row.cardLastFour
        ? {
            brand: CARD_BRAND_NAMES[row.cardBrand as CardBrand] ?? row.cardBrand,
            last_four: row.cardLastFour,
          }
        : null,
    paid_until: row.paidUntil,
    next_bill_date: row.nextBillDate,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    bill: bill ? toBill(bill) : null,
  };
}
