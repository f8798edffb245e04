import fs from 'node:fs';
import path from 'node:path';
import {
  INTERVAL_NAMES,
  PLANS,
  formatPlanPrice,
  pricePerMonth,
  type Language,
} from '@lavoura/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeRulesFor, axeViolations, horizontalOverflow, settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { screenPairs } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The plans and payment screens (issue 10, items 8-11) in pt, en and es at 1366 and 390 px: the
// drawer's free-usage card, the plan-choice modal, /plans and /payment (form, card typed, bank
// slip). The payment provider's answers are intercepted, so the screens do not depend on them.

const DIR = process.env.PLANS_SCREENSHOT_DIR ?? 'test-results/plans-screenshots';
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const PRICES: Record<number, Record<1 | 6 | 12, number>> = {
  1: { 1: 59, 6: 299, 12: 490 },
  2: { 1: 149, 6: 790, 12: 1490 },
  3: { 1: 249, 6: 1290, 12: 2490 },
  4: { 1: 449, 6: 2390, 12: 4490 },
};
const TIERS = PLANS.map((plan) => ({
  ...plan,
  logo_uri: null,
  upsell_uri: `/plans#${plan.priority_level}`,
  cheapest_price_per_month: PRICES[plan.priority_level]
    ? pricePerMonth(PRICES[plan.priority_level]![12], 12)
    : null,
}));
const billingPlans = (language: Language) =>
  TIERS.flatMap((tier) =>
    PRICES[tier.priority_level]
      ? ([1, 6, 12] as const).map((interval) => {
          const price = PRICES[tier.priority_level]![interval];
          return {
            id: tier.priority_level * 100 + interval,
            tier_id: tier.id,
            name: `${tier.name} ${INTERVAL_NAMES[language][interval]}`,
            status: 'active',
            interval_name: INTERVAL_NAMES[language][interval],
            interval_count: interval,
            price,
            price_per_month: pricePerMonth(price, interval),
            plan_items: [{ pricing_schema: { short_format: formatPlanPrice(price, language) } }],
          };
        })
      : [],
  );
const SLIP = {
  id: 9,
  status: 'pending',
  tier: { id: 1, name: 'Light' },
  billing_plan_id: 112,
  interval_count: 12,
  payment_method_code: 'bank_slip',
  card: null,
  paid_until: null,
  next_bill_date: null,
  canceled_at: null,
  bill: {
    id: 90,
    status: 'pending',
    amount: 490,
    due_date: '2026-11-26',
    typable_line: '34191.79001 01043.510047 91020.150008 1 99990000049000',
    barcode: '34191999900000490001790010435100479102015000',
    payment_method_code: 'bank_slip',
  },
};

async function intercept(page: Page) {
  const json = (body: unknown, status = 200) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  await page.route('**/api/plans', (route) => route.fulfill(json(TIERS)));
  await page.route('**/payment-api/plans?**', (route) => {
    const language = (new URL(route.request().url()).searchParams.get('language') ??
      'pt') as Language;
    return route.fulfill(json(billingPlans(language)));
  });
  await page.route('**/payment-api/payments-methods', (route) =>
    route.fulfill(
      json([
        { code: 'credit_card', name: 'Cartão de crédito' },
        { code: 'bank_slip', name: 'Boleto bancário' },
        { code: 'cash', name: 'Dinheiro' },
      ]),
    ),
  );
  await page.route('**/payment-api/customers', (route) => route.fulfill(json({ id: 5 })));
  await page.route('**/payment-api/subscriptions', (route) => route.fulfill(json(SLIP, 201)));
  await page.route('**/api/subscription', (route) => route.fulfill(json(null)));
  await page.route('**/api/freemium', (route) =>
    route.fulfill(json({ limit: 5, used: 3, progress: 60 })),
  );
}

describe.skipIf(!hasChromium)('plans and payment screens', () => {
  let server: RunningServer;
  let browser: Browser;
  const findings: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Every axe rule in pt at 1366 and es at 390, the rules a language can change in the others
   * (support/axe.ts, axeRulesFor): the plans' colours and structure are the same in each language.
   */
  async function shot(page: Page, name: string, language: Language, width: number) {
    // A full-page shot of a scrolled page paints the fixed top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: true });
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) findings.push(`${name}: ${overflow}px wider than the window`);
    for (const v of await axeViolations(page, axeRulesFor(language, width)))
      findings.push(`${name}: ${v.rule} (${v.impact}) at ${v.element}: ${v.summary}`);
  }

  it.each(screenPairs(SIZES).map(({ language, size }) => ({ ...size, language })))(
    '$language at $width px',
    async ({ name, width, height, language }) => {
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'en-US',
        bypassCSP: true,
      });
      await context.addInitScript(
        (lang) => window.localStorage.setItem('language', lang),
        language,
      );
      const page = await context.newPage();
      await intercept(page);
      await page.goto(`${server.baseUrl}/v3/login`);
      await page.fill('input[name=email]', 'conta@freemium.demo.lavoura.app');
      await page.fill('input[name=password]', 'Lavoura2026');
      await page.click('button[type=submit]');
      await page.getByTestId('my-farm').waitFor();
      const prefix = `${language}-${name}`;

      if (width < 900) await page.getByTestId('menu-toggle').click();
      const card = page.getByTestId('freemium-card');
      await card.waitFor();
      await shot(page, `${prefix}-1-card`, language, width);

      await card.getByRole('button').click();
      const dialog = page.getByTestId('plan-choice-dialog').getByRole('dialog');
      await dialog.getByRole('radio').first().waitFor();
      await dialog.getByRole('radio').last().click();
      await shot(page, `${prefix}-2-modal`, language, width);
      await dialog.getByRole('button').last().click(); // see all plans
      await page.getByTestId('plans-page').waitFor();
      await page.getByTestId('tier-4').waitFor();
      await shot(page, `${prefix}-3-plans`, language, width);

      await page.goto(`${server.baseUrl}/v3/payment?plan_priority=1&frequency=12`);
      await page.getByTestId('payment-form').waitFor();
      await page.getByTestId('method-credit_card').waitFor();
      await page.getByTestId('field-card_number').fill('4111111111111112');
      await page.getByTestId('field-card_expiration').fill('10/2020');
      await page.getByTestId('payment-submit').click();
      await shot(page, `${prefix}-4-payment`, language, width);

      await page.getByTestId('field-registry_code').fill('12345678901');
      await page.getByTestId('field-zipcode').fill('85801000');
      for (const [field, value] of [
        ['street', 'Rua Paraná'],
        ['number', '100'],
        ['neighborhood', 'Centro'],
        ['city', 'Cascavel'],
        ['state', 'PR'],
      ] as const)
        await page.getByTestId(`field-${field}`).fill(value);
      await page.getByTestId('method-bank_slip').click();
      await page.getByTestId('payment-submit').click();
      await page.getByTestId('bank-slip').waitFor();
      await shot(page, `${prefix}-5-bank-slip`, language, width);
      await context.close();
    },
    // Sign-in and five full-page screenshots with axe: more than a minute on a busy machine.
    180_000,
  );

  it('found nothing wrong', () => {
    if (findings.length) console.warn(findings.join('\n'));
    expect(findings).toEqual([]);
  });
});
