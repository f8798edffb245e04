import {
  INTERVAL_NAMES,
  formatPlanPrice,
  isBillingInterval,
  pricePerMonth,
  type BillingPlan,
  type Language,
} from '@lavoura/domain';

/** A billing plan row as billing-plans.service selects it. */
export interface BillingPlanRow {
  id: number;
  tierId: number;
  intervalCount: number;
  price: string;
  status: string;
  names: { pt: string; en: string; es: string };
}

/** A billing plan in one language: its name, interval name and short price written for it. */
export function toBillingPlan(row: BillingPlanRow, language: Language): BillingPlan {
  const price = Number(row.price);
  const interval = isBillingInterval(row.intervalCount) ? row.intervalCount : 1;
  return {
    id: row.id,
    tier_id: row.tierId,
    name: row.names[language],
    status: row.status === 'active' ? 'active' : 'inactive',
    interval_name: INTERVAL_NAMES[language][interval],
    interval_count: row.intervalCount,
    price,
    price_per_month: pricePerMonth(price, row.intervalCount),
    plan_items: [{ pricing_schema: { short_format: formatPlanPrice(price, language) } }],
  };
}
