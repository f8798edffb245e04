import { describe, expect, it } from 'vitest';
import {
  cheapestPricePerMonth,
  formatPlanPrice,
  isPlanOfTier,
  nextPeriodStart,
  pricePerMonth,
  subscriptionLapsed,
} from './billing.ts';

describe('billing plans', () => {
  it('match a tier by its name as a whole word, in any case', () => {
    expect(isPlanOfTier('Light Anual', 'Light')).toBe(true);
    expect(isPlanOfTier('Plano LIGHT mensal', 'Light')).toBe(true);
    expect(isPlanOfTier('light', 'Light')).toBe(true);
    expect(isPlanOfTier('Pro-Semestral', 'Pro')).toBe(true);
    expect(isPlanOfTier('Lightning Anual', 'Light')).toBe(false);
    expect(isPlanOfTier('Delight', 'Light')).toBe(false);
    expect(isPlanOfTier('Produtor Anual', 'Pro')).toBe(false);
    expect(isPlanOfTier('Próximo', 'Pro')).toBe(false);
  });

  it('price per month to the cent: Light annual 490.00 is 40.83 a month', () => {
    expect(pricePerMonth(490, 12)).toBe(40.83);
    expect(pricePerMonth(59, 1)).toBe(59);
    expect(
      cheapestPricePerMonth([
        { price: 59, interval_count: 1, status: 'active' },
        { price: 490, interval_count: 12, status: 'active' },
        { price: 100, interval_count: 12, status: 'inactive' },
      ]),
    ).toBe(40.83);
    expect(cheapestPricePerMonth([])).toBeNull();
  });

  it('writes prices in reais the way each language does', () => {
    const nbsp = /\u00a0/g;
    expect(formatPlanPrice(59, 'pt').replace(nbsp, ' ')).toBe('R$ 59,00');
    expect(formatPlanPrice(1490.5, 'pt').replace(nbsp, ' ')).toBe('R$ 1.490,50');
    expect(formatPlanPrice(59, 'en')).toBe('R$59.00');
    expect(formatPlanPrice(1490.5, 'es').replace(nbsp, ' ')).toMatch(/^R\$ 1\.490,50$/);
  });
});

describe('paid periods', () => {
  it('covers to the day before the same day months later, month ends kept', async () => {
    const { paidUntil } = await import('./billing.ts');
    const { addDays } = await import('../calendar-days.ts');
    expect(paidUntil('2026-11-23', 1)).toBe('2026-12-22');
    expect(paidUntil('2026-11-23', 12)).toBe('2027-11-22');
    expect(paidUntil('2026-01-31', 1)).toBe('2026-02-28');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('who buys plans', () => {
  it('sells only to administrators of accounts in Brazil', async () => {
    const { buyingRefusal, sellsPlansIn } = await import('./billing.ts');
    expect(buyingRefusal(1, true)).toBeNull();
    expect(buyingRefusal(1, false)).toBe('not_administrator');
    expect(buyingRefusal(3, true)).toBe('outside_brazil');
    expect(buyingRefusal(2, false)).toBe('outside_brazil');
    expect([1, 2, 3].map(sellsPlansIn)).toEqual([true, false, false]);
  });
});

describe('renewals', () => {
  it('start the new period the day after the paid one, or today after a lapse', () => {
    expect(nextPeriodStart('2026-11-30', '2026-11-23')).toBe('2026-12-01'); // paying ahead
    expect(nextPeriodStart('2026-11-22', '2026-11-23')).toBe('2026-11-23'); // on the renewal day
    expect(nextPeriodStart('2026-11-01', '2026-11-23')).toBe('2026-11-23'); // lapsed: not billed
    expect(nextPeriodStart(null, '2026-11-23')).toBe('2026-11-23');
  });

  it('end a cancelled subscription after its period, an unpaid renewal after 3 days of grace', () => {
    const canceled = { status: 'canceled', paidUntil: '2026-11-22' };
    expect(subscriptionLapsed(canceled, '2026-11-22')).toBe(false);
    expect(subscriptionLapsed(canceled, '2026-11-23')).toBe(true);
    const active = { status: 'active', paidUntil: '2026-11-22' };
    expect(subscriptionLapsed(active, '2026-11-25')).toBe(false);
    expect(subscriptionLapsed(active, '2026-11-26')).toBe(true);
    expect(subscriptionLapsed({ status: 'pending', paidUntil: null }, '2030-01-01')).toBe(false);
  });
});
