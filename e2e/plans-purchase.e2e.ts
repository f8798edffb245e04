import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { text } from './support/demo.ts';
import { latestMailTo } from './support/outbox.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Issue 10's acceptance in the browser, against the built app and API with the sandbox provider:
// a Freemium administrator in Brazil buys Light Anual with the approved test card from the drawer's
// card; a Light administrator buys Pro with a bank slip that the platform administrator settles,
// and /programas then opens without the plan presentation. Issue 27: every tier bought from
// Freemium by card ends on the success page with the new plan's menu, without a reload (Full
// closes /payment: the confirmation and the success page must still answer).

const PASSWORD = 'Lavoura2026';

async function signIn(browser: Browser, base: string, email: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'pt'));
  const page = await context.newPage();
  await page.goto(`${base}/v3/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.getByTestId('my-farm').waitFor();
  return page;
}

/**
 * A new Freemium account in Brazil, signed up and activated through the API (the sign-up e-mail's
 * code from the outbox) and signed in, its job title given: its administrator's page on my farm.
 */
async function freshFreemium(browser: Browser, base: string, dataDir: string): Promise<Page> {
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Safra2026ok';
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'pt'));
  const { request } = context;
  const signup = await request.post(`${base}/admin-api/register`, {
    data: {
      name: 'Rita Produtora',
      email,
      password,
      account_name: 'Fazenda Aurora',
      country_id: 1,
      language: 'pt',
    },
  });
  expect(signup.status()).toBe(201);
  const code = /[?&]code=(\d{6})/.exec((await latestMailTo(dataDir, email)).text)?.[1];
  expect(code).toBeTruthy();
  expect(
    (await request.post(`${base}/api/account-active`, { data: { email, code } })).status(),
  ).toBe(200);
  const login = await request.post(`${base}/admin-api/login`, { data: { email, password } });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const auth = { authorization: `Bearer ${token}` };
  const titles = (await (
    await request.get(`${base}/api/job-titles`, { headers: auth })
  ).json()) as { id: number }[];
  const titled = await request.post(`${base}/api/job-titles`, {
    headers: auth,
    data: { user_id: user.id, job_title_id: titles[0]!.id },
  });
  expect(titled.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto(`${base}/v3/my_farm`);
  await page.getByTestId('my-farm').waitFor();
  return page;
}

/** How the drawer shows one of its entries: open, or padlocked (upsell). */
function menuAccess(page: Page, key: string) {
  return page
    .locator('[data-access]', { hasText: text('pt', 'shell', `menu.${key}`) })
    .first()
    .getAttribute('data-access');
}

/** Marks the document: still there after the purchase means no reload happened. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}
async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}

async function payByCard(page: Page) {
  await fillCustomer(page);
  await page.getByTestId('field-holder_name').fill('ANA SOUZA');
  await page.getByTestId('field-card_number').fill('4111111111111111');
  await page.getByTestId('field-card_expiration').fill('12/2030');
  await page.getByTestId('field-card_cvv').fill('123');
  await page.getByTestId('payment-submit').click();
}

async function fillCustomer(page: Page) {
  for (const [field, value] of [
    ['registry_code', '52998224725'],
    ['zipcode', '85801000'],
    ['street', 'Rua Paraná'],
    ['number', '100'],
    ['neighborhood', 'Centro'],
    ['city', 'Cascavel'],
    ['state', 'PR'],
  ] as const)
    await page.getByTestId(`field-${field}`).fill(value);
}

describe.skipIf(!hasChromium)('buying a plan', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a Freemium administrator buys Light Anual by card: the freemium card goes', async () => {
    const page = await signIn(browser, server.baseUrl, 'conta@freemium.demo.lavoura.app');
    const card = page.getByTestId('freemium-card');
    await card.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Plano Light' });
    await dialog.getByRole('radio', { name: /Anual/ }).click();
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/v3\/payment\?plan_priority=1&frequency=12$/);
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('method-credit_card').waitFor();
    await fillCustomer(page);
    await page.getByTestId('field-holder_name').fill('ANA SOUZA');
    await page.getByTestId('field-card_number').fill('4111111111111111');
    expect(await page.getByTestId('card-brand').textContent()).toBe('Visa');
    await page.getByTestId('field-card_expiration').fill('12/2030');
    await page.getByTestId('field-card_cvv').fill('123');
    await markDocument(page);
    await page.getByTestId('payment-submit').click();
    await page.getByTestId('payment-success').waitFor();
    await page.waitForURL(/\/v3\/plan-activated$/);
    await card.waitFor({ state: 'detached' });
    expect(await page.getByTestId('payment-success').textContent()).toContain('Light');
    expect(await sameDocument(page)).toBe(true);
    await page.context().close();
  }, 120_000);

  // Light is bought above (the freemium card goes: its menu is Freemium's). Each tier's first
  // page that Freemium padlocks is open in the drawer at once.
  it.each([
    { level: 2, tier: 'Pro', opens: 'planning' },
    { level: 3, tier: 'Lavoura', opens: 'sowings' },
    { level: 4, tier: 'Full', opens: 'integrations' },
  ])(
    'a new Freemium administrator buys $tier by card: the success page, its menu, no reload',
    async ({ level, tier, opens }) => {
      const page = await freshFreemium(browser, server.baseUrl, server.dataDir);
      expect(await menuAccess(page, opens)).toBe('upsell');
      await page.goto(`${server.baseUrl}/v3/payment?plan_priority=${level}&frequency=1`);
      await page.getByTestId('payment-form').waitFor();
      await page.getByTestId('method-credit_card').waitFor();
      await markDocument(page);
      const [confirmation] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/update-plan')),
        payByCard(page),
      ]);
      expect(confirmation.status()).toBe(200);
      const success = page.getByTestId('payment-success');
      await success.waitFor();
      await page.waitForURL(/\/v3\/plan-activated$/);
      expect(await success.textContent()).toContain(tier);
      await expect.poll(() => menuAccess(page, opens)).toBe('open');
      expect(await page.getByTestId('freemium-card').count()).toBe(0);
      expect(await page.getByTestId('blocked-page').count()).toBe(0);
      expect(await sameDocument(page)).toBe(true);
      await page.context().close();
    },
    120_000,
  );

  it('a Light administrator buys Pro by bank slip; once settled /programas opens', async () => {
    const page = await signIn(browser, server.baseUrl, 'conta@light.demo.lavoura.app');
    await page.goto(`${server.baseUrl}/v3/payment?plan_priority=2&frequency=1`);
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('method-bank_slip').waitFor();
    await fillCustomer(page);
    await page.getByTestId('method-bank_slip').click();
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/payment-api/subscriptions') &&
          response.request().method() === 'POST',
      ),
      page.getByTestId('payment-submit').click(),
    ]);
    const { bill } = (await answer.json()) as { bill: { id: number } };
    const slip = page.getByTestId('bank-slip');
    await slip.waitFor();
    expect(await page.getByTestId('slip-typable-line').textContent()).toMatch(
      /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
    );
    expect(await page.getByTestId('slip-barcode').textContent()).toMatch(/^\d{44}$/);

    // Still pending: the plan stays.
    await page.getByRole('button', { name: 'Já paguei: verificar' }).click();
    await page.getByText('O pagamento ainda não foi compensado').waitFor();

    // The platform administrator settles the bill in the back office.
    const admin = await browser.newContext();
    const login = await admin.request.post(`${server.baseUrl}/admin-api/login`, {
      data: { email: 'admin@demo.lavoura.app', password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    const settled = await admin.request.put(`${server.baseUrl}/admin-api/bills/${bill.id}`, {
      data: { status: 'paid' },
      headers: { origin: server.baseUrl },
    });
    expect(settled.status()).toBe(200);
    await admin.close();

    await page.getByRole('button', { name: 'Já paguei: verificar' }).click();
    await page.getByTestId('payment-success').waitFor();
    // In the app, without signing in again: the menu's Programs opens.
    await page.getByRole('button', { name: /^Planejamento/ }).click();
    await page.getByRole('link', { name: /^Programas/ }).click();
    await page.waitForURL(/\/v3\/programas$/);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('blocked-page').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('an account outside Brazil reaching /payment is refused and sees no form', async () => {
    const page = await signIn(browser, server.baseUrl, 'conta@freemium.demo.lavoura.app');
    // No demo account is outside Brazil: the session's answer is moved to the USA (country 3).
    await page.route('**/api/menu/dados-usuario', async (route) => {
      const response = await route.fetch();
      const user = (await response.json()) as { account: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...user, account: { ...user.account, country_id: 3 } },
      });
    });
    await page.goto(`${server.baseUrl}/v3/payment?plan_priority=1&frequency=12`);
    const blocked = page.getByTestId('blocked-page');
    await blocked.waitFor();
    expect(await blocked.textContent()).toContain('não tem permissão');
    expect(await page.getByTestId('payment-form').count()).toBe(0);
    // A late refetch still in the handler when the page closes must not fail the run afterwards.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  }, 120_000);
});
