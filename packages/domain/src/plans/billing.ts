import type { Language } from '../locale.ts';
import { formatMoney } from '../number-format.ts';
import { COUNTRY_IDS } from '../reference/countries.ts';
import { addDays } from '../calendar-days.ts';

/**
 * Billing plans: the price list of the paid tiers, per interval (spec 1 §3 and §7). Prices are
 * Brazilian reais: only accounts in Brazil buy plans (spec 1 §4).
 */
export const BILLING_INTERVALS = [1, 6, 12] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

const BILLING_CURRENCY = 'BRL';

/** The interval names the plan cards show, per language ("Mensal", "Semestral", "Anual" in pt). */
export const INTERVAL_NAMES: Record<Language, Record<BillingInterval, string>> = {
  pt: { 1: 'Mensal', 6: 'Semestral', 12: 'Anual' },
  en: { 1: 'Monthly', 6: 'Semiannual', 12: 'Annual' },
  es: { 1: 'Mensual', 6: 'Semestral', 12: 'Anual' },
};

export function isBillingInterval(value: number): value is BillingInterval {
  return (BILLING_INTERVALS as readonly number[]).includes(value);
}

/** The price per month of a plan, to the cent (490.00 a year: 40.83). */
export function pricePerMonth(price: number, intervalMonths: number): number {
  return Math.round((price / intervalMonths) * 100) / 100;
}

/** A price in reais as the language writes it ("R$ 59,00" in pt, "R$59.00" in en): `formatMoney`. */
export function formatPlanPrice(price: number, language: Language): string {
  return formatMoney(price, BILLING_CURRENCY, language, 2);
}

/**
 * Whether a billing plan belongs to a tier: its name holds the tier's name as a whole word, in
 * any case ("Plano Light Anual" is Light's; "Lightning" and "Delight" are not). Spec 1 §2.
 */
export function isPlanOfTier(billingPlanName: string, tierName: string): boolean {
  const escaped = tierName.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(billingPlanName);
}

/** A tier's cheapest price per month over its active billing plans, or null without any. */
export function cheapestPricePerMonth(
  plans: readonly { price: number; interval_count: number; status: string }[],
): number | null {
  const monthly = plans
    .filter((plan) => plan.status === 'active')
    .map((plan) => pricePerMonth(plan.price, plan.interval_count));
  return monthly.length ? Math.min(...monthly) : null;
}

/**
 * The price list a new platform starts with (reais), seeded once into an empty billing_plans
 * table; platform administrators change it in the back office. Light's prices are the spec's
 * (59.00 a month, 490.00 a year); the others are Lavoura's own decision.
 */
export const STARTING_PRICES: readonly {
  tier_id: number;
  prices: Record<BillingInterval, number>;
}[] = [
  { tier_id: 1, prices: { 1: 59, 6: 319, 12: 490 } },
  { tier_id: 2, prices: { 1: 149, 6: 799, 12: 1490 } },
  { tier_id: 3, prices: { 1: 299, 6: 1590, 12: 2990 } },
  { tier_id: 4, prices: { 1: 499, 6: 2690, 12: 4990 } },
];

/** The last day a payment made on `startDay` covers: `months` later, the day before (YYYY-MM-DD). */
export function paidUntil(startDay: string, months: number): string {
  const [year, month, day] = startDay.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year, month - 1 + months, day));
  // 31 Jan + 1 month: the last day of February, not 3 March.
  if (end.getUTCDate() !== day) end.setUTCDate(0);
  else end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** A bank slip is due this many days after it is issued (spec 1 §3). */
export const BANK_SLIP_DUE_DAYS = 3;

/**
 * Days a subscription keeps its plan after its paid period while the renewal is settled (a bank
 * slip issued on the renewal day is due then). Ours: the spec is silent on renewals.
 */
export const RENEWAL_GRACE_DAYS = BANK_SLIP_DUE_DAYS;

/**
 * The first day a new bill pays for: the day after the period already paid, so paying early or on
 * time loses no day; today when nothing was paid or the period ended (a lapse is not billed).
 */
export function nextPeriodStart(paidUntilDay: string | null, today: string): string {
  const next = paidUntilDay ? addDays(paidUntilDay, 1) : today;
  return next < today ? today : next;
}

/**
 * Whether a subscription is over on `today`: a cancelled one once its paid period ends; an active
 * one when its renewal is still unpaid after the grace days.
 */
export function subscriptionLapsed(
  subscription: { status: string; paidUntil: string | null },
  today: string,
): boolean {
  if (!subscription.paidUntil) return false;
  if (subscription.status === 'canceled') return subscription.paidUntil < today;
  if (subscription.status === 'active')
    return addDays(subscription.paidUntil, RENEWAL_GRACE_DAYS) < today;
  return false;
}

/** The payment methods' names per language. */
export const PAYMENT_METHOD_NAMES: Record<
  Language,
  Record<'credit_card' | 'bank_slip' | 'cash', string>
> = {
  pt: { credit_card: 'Cartão de crédito', bank_slip: 'Boleto bancário', cash: 'Dinheiro' },
  en: { credit_card: 'Credit card', bank_slip: 'Bank slip (boleto)', cash: 'Cash' },
  es: { credit_card: 'Tarjeta de crédito', bank_slip: 'Boleto bancario', cash: 'Efectivo' },
};

/** Paid plans are sold to accounts in Brazil only (spec 1 §4, DESIGN.md §5). */
export function sellsPlansIn(countryId: number): boolean {
  return countryId === COUNTRY_IDS.brazil;
}

export type BuyingRefusal = 'outside_brazil' | 'not_administrator';

/**
 * Why a member may not buy a plan for their account, or null when they may: only the account's
 * administrators (the profiles that see every farm), and only in Brazil. The API refuses with 403;
 * the web app shows the reason instead of the form.
 */
export function buyingRefusal(
  accountCountryId: number,
  isAccountAdministrator: boolean,
): BuyingRefusal | null {
  if (!sellsPlansIn(accountCountryId)) return 'outside_brazil';
  if (!isAccountAdministrator) return 'not_administrator';
  return null;
}
