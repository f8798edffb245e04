import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, horizontalOverflow, settled, type AxeViolation } from './support/axe.ts';
import { SCREENSHOT_DIR, hasChromium, launchBrowser } from './support/browser.ts';
import { demoHarvestedSeason } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

const DEMO_PASSWORD = 'Lavoura2026';
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];

const text = (language: Language, namespace: string, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      (resources[language] as Record<string, unknown>)[namespace],
    );
  if (typeof value !== 'string') throw new Error(`no text ${namespace}:${key} in ${language}`);
  return value;
};

/** What one screen broke: axe violations and a sideways scroll, as readable lines. */
interface Finding {
  screen: string;
  overflow: number;
  violations: AxeViolation[];
}

async function open(browser: Browser, size: Size, language: Language = 'en'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: 'en-US',
    // axe-core is injected as an inline script, which the app's Content-Security-Policy forbids.
    bypassCSP: true,
  });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

describe.skipIf(!hasChromium)('every screen fits the window and passes axe', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function check(page: Page, screen: string, findings: Finding[]) {
    await settled(page);
    findings.push({
      screen,
      overflow: await horizontalOverflow(page),
      violations: await axeViolations(page),
    });
  }

  /** Signs in; true when the Full plan's one-time welcome dialog is coming. */
  async function signIn(page: Page, email: string): Promise<boolean> {
    await page.goto(`${server.baseUrl}/v3/login`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', DEMO_PASSWORD);
    const [login] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/admin-api/login')),
      page.click('button[type=submit]'),
    ]);
    await page.getByTestId('my-farm').waitFor();
    const answer = (await login.json()) as { is_first_login_full_plan?: boolean };
    return answer.is_first_login_full_plan === true;
  }

  async function dismissWelcome(page: Page, language: Language = 'en') {
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: text(language, 'shell', 'welcome_full.start') }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  // Every problem of every screen, one line each (printed too: an assertion diff truncates it).
  const report = (findings: Finding[]) => {
    const lines = findings.flatMap(({ screen, overflow, violations }) => [
      ...(overflow > 0 ? [`${screen}: ${overflow}px wider than the window`] : []),
      ...violations.map((v) => `${screen}: ${v.rule} (${v.impact}) at ${v.element}: ${v.summary}`),
    ]);
    if (lines.length > 0) console.warn(lines.join('\n'));
    return lines;
  };

  it.each(SIZES)('signed out at $width px: login, sign-up, activation, terms', async (size) => {
    const findings: Finding[] = [];
    const page = await open(browser, size);
    for (const [screen, url, ready] of [
      ['login', '/v3/login', 'input[name=email]'],
      ['sign-up', '/v3/signup', '[data-testid=signup-page]'],
      ['activation', '/v3/account/activate?email=ana%40example.com', 'h1'],
      ['terms', '/v3/terms', 'h1'],
    ] as const) {
      await page.goto(`${server.baseUrl}${url}`);
      await page.locator(ready).first().waitFor();
      await check(page, screen, findings);
    }
    await page.context().close();
    expect(report(findings).join('\n')).toBe('');
  });

  it.each(SIZES)('signed in at $width px: pages, menus and dialogs', async (size) => {
    const findings: Finding[] = [];
    const page = await open(browser, size);
    if (await signIn(page, 'conta@full.demo.lavoura.app')) {
      await page.getByRole('dialog').waitFor();
      await check(page, 'full-plan welcome', findings);
      await dismissWelcome(page);
    }
    await check(page, 'home', findings);
    // My farm with the current farm's fields on the map and in a list; a field's page.
    await page.getByTestId('home-plots').waitFor();
    await page.getByTestId('plots-map').waitFor();
    await check(page, 'my farm', findings);
    await page.goto(`${server.baseUrl}/v3/field`);
    await page.getByTestId('field-data').waitFor();
    await page.getByTestId('plots-map').waitFor();
    await check(page, 'field', findings);

    await page.goto(`${server.baseUrl}/v3/users`);
    await page.getByTestId('users-page').waitFor();
    await page.getByTestId('users-count').waitFor();
    // The add button turns from grey to green when the profiles arrive: axe reads it after.
    await page
      .getByRole('button', { name: text('en', 'users', 'new_user'), disabled: false })
      .waitFor();
    await check(page, 'users', findings);

    await page.goto(`${server.baseUrl}/v3/farms`);
    await page.getByTestId('farms-page').waitFor();
    await page.locator('[data-testid=farms-list], [data-testid=farms-empty]').first().waitFor();
    await check(page, 'farms', findings);
    if (await page.getByTestId('farm-selector').count()) {
      await page.getByTestId('farm-selector').click();
      await page.getByRole('menu').waitFor();
      await check(page, 'farm selector', findings);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await page.getByTestId('farm-add').first().click();
    await page.getByTestId('farm-dialog').waitFor();
    await check(page, 'farm dialog', findings);
    await page.keyboard.press('Escape');
    await page.getByTestId('farm-dialog').waitFor({ state: 'detached' });
    // The fields modal (its map and KML dialogs: plots.e2e.ts, at both sizes in pt, en and es).
    await page.getByTestId('farm-fields').first().click();
    await page.getByTestId('plots-dialog').getByTestId('plots-map').waitFor();
    await check(page, 'fields dialog', findings);
    await page.keyboard.press('Escape');
    await page.getByTestId('plots-dialog').waitFor({ state: 'detached' });

    // The catalogue, its detail panel, the farm's varieties, the notebook and the sowings.
    await page.goto(`${server.baseUrl}/v3/catalog?category=fungicide`);
    await page.getByTestId('catalog-list').waitFor();
    await check(page, 'catalogue', findings);
    await page
      .locator('[data-testid=catalog-item-open], [data-testid=catalog-card]')
      .first()
      .click();
    await page.getByTestId('catalog-detail').getByTestId('catalog-registrations').waitFor();
    await check(page, 'catalogue detail', findings);
    await page.goto(`${server.baseUrl}/v3/cultivares`);
    await page
      .locator('[data-testid=varieties-list], [data-testid=varieties-empty]')
      .first()
      .waitFor();
    await check(page, 'varieties', findings);
    await page.goto(`${server.baseUrl}/v3/notes`);
    await page.locator('[data-testid=notes-list], [data-testid=notes-empty]').first().waitFor();
    await check(page, 'notes', findings);
    await page.goto(`${server.baseUrl}/v3/sowings`);
    await page.locator('[data-testid=sowings-list], [data-testid=sowings-empty]').first().waitFor();
    await check(page, 'sowings', findings);

    await page.goto(`${server.baseUrl}/v3/profile`);
    await page.getByTestId('profile-page').waitFor();
    await check(page, 'profile', findings);

    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menu').waitFor();
    await check(page, 'account menu', findings);
    await page
      .getByRole('menuitem', { name: text('en', 'shell', 'account.change_password') })
      .click();
    await page.getByTestId('change-password-form').waitFor();
    await check(page, 'change-password dialog', findings);
    await page.keyboard.press('Escape');
    await page.getByTestId('change-password-form').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: text('en', 'shell', 'help.label') }).click();
    await page.getByRole('menu').waitFor();
    await check(page, 'help menu', findings);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    if (size.name === 'phone') {
      await page.getByTestId('menu-toggle').click();
      await page.getByTestId('app-drawer').waitFor();
      await check(page, 'drawer', findings);
    }
    await page.context().close();
    expect(report(findings).join('\n')).toBe('');
  });

  // The insights pages in each language: performance, integrations and their calendar dialog,
  // both reports (outside the shell) and the weekly digest opened by its link.
  it.each(
    SIZES.flatMap((size) =>
      (['pt', 'en', 'es'] as const).map((language) => ({ ...size, language })),
    ),
  )('the insights pages in $language at $width px', async ({ language, ...size }) => {
    const findings: Finding[] = [];
    const page = await open(browser, size, language);
    if (await signIn(page, 'conta@full.demo.lavoura.app')) await dismissWelcome(page, language);
    const shot = (name: string) =>
      page.screenshot({
        path: path.join(SCREENSHOT_DIR, `insights-${name}-${language}-${size.width}.png`),
        fullPage: true,
      });
    await page.goto(`${server.baseUrl}/v3/integrations`);
    await page.getByTestId('integration-row').first().waitFor();
    await check(page, 'integrations', findings);
    await shot('integrations');
    await page.locator('[data-testid=integration-row][data-code=google_calendar]').click();
    await page.getByTestId('calendar-feed-url').waitFor();
    await check(page, 'calendar dialog', findings);
    await page.keyboard.press('Escape');
    const { farmId, seasonCropId } = await demoHarvestedSeason(page);
    const digest = await page.evaluate(async () => {
      const link = (await (await fetch('/api/report/weekly-digest/link')).json()) as {
        url: string;
      };
      return new URL(link.url).search;
    });
    const query = `farm_id=${farmId}&season_crop_id=${seasonCropId}`;
    await page.goto(`${server.baseUrl}/v3/performance?fazenda_id=${farmId}`);
    await page.getByTestId('performance-figures').waitFor();
    await page.locator('[data-testid^=performance-chart-] svg').first().waitFor();
    await check(page, 'performance', findings);
    await shot('performance');
    await page.goto(`${server.baseUrl}/v3/reports/programa?${query}`);
    await page.getByTestId('programa-sowing').first().waitFor();
    await check(page, 'spraying report', findings);
    await shot('spraying-report');
    await page.goto(`${server.baseUrl}/v3/reports/season-report?${query}`);
    await page.getByTestId('season-harvests').first().waitFor();
    await check(page, 'season report', findings);
    await shot('season-report');
    await page.goto(`${server.baseUrl}/v3/weekly-digest${digest}`);
    await page.getByTestId('digest-farm').first().waitFor();
    await check(page, 'weekly digest', findings);
    await shot('digest');
    await page.context().close();
    expect(report(findings).join('\n')).toBe('');
  });

  it.each(SIZES)('the plan presentation at $width px', async (size) => {
    const findings: Finding[] = [];
    const page = await open(browser, size);
    await signIn(page, 'conta@pro.demo.lavoura.app');
    await page.goto(`${server.baseUrl}/v3/sowings`);
    await page.getByTestId('plan-list').waitFor();
    await page.getByTestId('plan-4').waitFor();
    await check(page, 'plan presentation', findings);
    await page.context().close();
    expect(report(findings).join('\n')).toBe('');
  });

  describe('the maintenance page', () => {
    let maintenance: RunningServer;
    beforeAll(async () => {
      maintenance = await startServer({ MAINTENANCE_MODE: 'true' });
    });
    afterAll(async () => {
      await maintenance?.stop();
    });

    it.each(SIZES)('at $width px', async (size) => {
      const findings: Finding[] = [];
      const page = await open(browser, size);
      await page.goto(`${maintenance.baseUrl}/v3/login`);
      await page.getByText(text('en', 'warnings', 'maintenance.title')).waitFor();
      await check(page, 'maintenance', findings);
      await page.context().close();
      expect(report(findings).join('\n')).toBe('');
    });
  });

  // Pictures to look at, not assertions: the main screens in each language at both sizes.
  it('takes screenshots of login, sign-up, home, users and farms in pt, en and es', async () => {
    for (const size of SIZES) {
      for (const language of ['pt', 'en', 'es'] as const) {
        const page = await open(browser, size, language);
        const shot = async (name: string) => {
          await settled(page);
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `${name}-${language}-${size.width}.png`),
            fullPage: true,
          });
        };
        await page.goto(`${server.baseUrl}/v3/login`);
        await page.locator('input[name=email]').waitFor();
        await shot('login');
        await page.goto(`${server.baseUrl}/v3/signup`);
        await page.getByTestId('signup-page').waitFor();
        await shot('signup');
        if (await signIn(page, 'conta@full.demo.lavoura.app')) await dismissWelcome(page);
        await shot('home');
        await page.goto(`${server.baseUrl}/v3/users`);
        await page.getByTestId('users-count').waitFor();
        await shot('users');
        await page.goto(`${server.baseUrl}/v3/farms`);
        await page.locator('[data-testid=farms-list], [data-testid=farms-empty]').first().waitFor();
        await shot('farms');
        await page.context().close();
      }
    }
    // Thirty full-page screenshots: minutes on a busy 2-core machine.
  }, 300_000);
});
