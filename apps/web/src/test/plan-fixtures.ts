import {
  INTERVAL_NAMES,
  PLANS,
  formatPlanPrice,
  pricePerMonth,
  type BillingInterval,
  type BillingPlan,
  type Language,
  type PaymentMethod,
  type PlanTier,
  type Subscription,
} from '@lavoura/domain';

/** Monthly, semiannual and annual prices of the paid tiers (Light's are the spec's). */
const PRICES: Record<number, Record<BillingInterval, number>> = {
  1: { 1: 59, 6: 299, 12: 490 },
  2: { 1: 149, 6: 790, 12: 1490 },
  3: { 1: 249, 6: 1290, 12: 2490 },
  4: { 1: 449, 6: 2390, 12: 4490 },
};

/** GET /api/plans as the server answers it: the five tiers with their cheapest monthly price. */
export const PLAN_TIERS: PlanTier[] = PLANS.map((plan) => {
  const prices = PRICES[plan.priority_level];
  return {
    ...plan,
    logo_uri: null,
    upsell_uri: `/plans#${plan.priority_level}`,
    cheapest_price_per_month: prices ? pricePerMonth(prices[12], 12) : null,
  };
});

/** GET /payment-api/plans?language=: every paid tier at every interval, named in the language. */
export function billingPlans(language: Language = 'pt'): BillingPlan[] {
  return PLAN_TIERS.flatMap((tier) => {
    const prices = PRICES[tier.priority_level];
    if (!prices) return [];
    return ([1, 6, 12] as const).map((interval) => ({
      id: tier.priority_level * 100 + interval,
      tier_id: tier.id,
      name: `${tier.name} ${INTERVAL_NAMES[language][interval]}`,
      status: 'active' as const,
      interval_name: INTERVAL_NAMES[language][interval],
      interval_count: interval,
      price: prices[interval],
      price_per_month: pricePerMonth(prices[interval], interval),
      plan_items: [
        { pricing_schema: { short_format: formatPlanPrice(prices[interval], language) } },
      ],
    }));
  });
}

export const PAYMENT_METHODS: PaymentMethod[] = [
  { code: 'credit_card', name: 'Cartão de crédito' },
  { code: 'bank_slip', name: 'Boleto bancário' },
  { code: 'cash', name: 'Dinheiro' },
];

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 7,
    status: 'active',
    tier: { id: 1, name: 'Light' },
    billing_plan_id: 112,
    interval_count: 12,
    payment_method_code: 'credit_card',
    card: { brand: 'visa', last_four: '1111' },
    paid_until: '2027-11-23',
    next_bill_date: '2027-11-23',
    canceled_at: null,
    bill: {
      id: 70,
      status: 'paid',
      amount: 490,
      due_date: '2026-11-23',
      typable_line: null,
      barcode: null,
      payment_method_code: 'credit_card',
    },
    ...overrides,
  };
}
