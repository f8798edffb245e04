import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANGUAGE_RULES,
  axeViolations,
  horizontalOverflow,
  settled,
  type AxeViolation,
} from './support/axe.ts';
import { SCREENSHOT_DIR, hasChromium, launchBrowser } from './support/browser.ts';
import { DEMO_PASSWORD, LANGUAGES, demoHarvestedSeason, text } from './support/demo.ts';
import { languageFindings } from './support/language.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The walk's matrix (issue 27): every screen in pt, en and es at 1366 and 390 px, each checked for
 * axe's violations, a sideways scroll, raw keys and text in another language (support/language.ts),
 * and photographed once (SCREENSHOT_DIR/<screen>-<language>-<width>.png) when it is checked.
 */

const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];
const MATRIX = SIZES.flatMap((size) => LANGUAGES.map((language) => ({ ...size, language })));
/**
 * Each size runs every axe rule in one language (Portuguese at 1366, Spanish, the longest texts,
 * at 390) and the rules a language can change (names, labels, lang) in the other two: colours and
 * structure do not change with the language, and every rule in all six would take minutes more.
 */
const FULL_AXE: Record<Size['name'], Language> = { desktop: 'pt', phone: 'es' };
const BROWSER_LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-AR' };
const FULL = 'conta@full.demo.lavoura.app';
const PRO = 'conta@pro.demo.lavoura.app';

/** What one screen broke: axe violations, a sideways scroll and its texts, as readable lines. */
interface Finding {
  screen: string;
  overflow: number;
  violations: AxeViolation[];
  language: string[];
}

/** One screen looked at: where the walk is, and what it found. */
class Walk {
  readonly findings: Finding[] = [];
  constructor(
    readonly page: Page,
    readonly language: Language,
    readonly size: Size,
  ) {}

  async check(screen: string) {
    const { page, language, size } = this;
    await settled(page);
    this.findings.push({
      screen: `${screen} (${language}, ${size.width})`,
      overflow: await horizontalOverflow(page),
      violations: await axeViolations(
        page,
        FULL_AXE[size.name] === language ? undefined : LANGUAGE_RULES,
      ),
      language: await languageFindings(page, language),
    });
    const name = screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    // The window as the user first sees it (a full-page picture of 228 screens costs minutes).
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${language}-${size.width}.png`),
    });
  }

  /** Every problem of every screen, one line each (printed too: an assertion diff truncates it). */
  report(): string {
    const lines = this.findings.flatMap(({ screen, overflow, violations, language }) => [
      ...(overflow > 0 ? [`${screen}: ${overflow}px wider than the window`] : []),
      ...violations.map((v) => `${screen}: ${v.rule} (${v.impact}) at ${v.element}: ${v.summary}`),
      ...language.map((line) => `${screen}: ${line}`),
    ]);
    if (lines.length > 0) console.warn(lines.join('\n'));
    return lines.join('\n');
  }
}

async function open(browser: Browser, size: Size, language: Language): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: BROWSER_LOCALES[language],
    // axe-core is injected as an inline script, which the app's Content-Security-Policy forbids.
    bypassCSP: true,
  });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

describe.skipIf(!hasChromium)('the walk: every screen in pt, en and es at 1366 and 390 px', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Each demo account's session after its first sign-in, as a returning user's browser has it. */
  const sessions = new Map<string, Cookie[]>();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A walk signed in to a demo account. Its first sign-in goes through the sign-in page, and the
   * Full plan's one-time welcome dialog is checked there before it is closed.
   */
  async function signedIn(size: Size, language: Language, email: string): Promise<Walk> {
    const page = await open(browser, size, language);
    const walk = new Walk(page, language, size);
    const cookies = sessions.get(email);
    if (cookies) {
      await page.context().addCookies(cookies);
      await page.goto(`${server.baseUrl}/v3/my_farm`);
      await page.getByTestId('my-farm').waitFor();
      return walk;
    }
    await page.goto(`${server.baseUrl}/v3/login`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', DEMO_PASSWORD);
    const [login] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/admin-api/login')),
      page.click('button[type=submit]'),
    ]);
    await page.getByTestId('my-farm').waitFor();
    const answer = (await login.json()) as { is_first_login_full_plan?: boolean };
    if (answer.is_first_login_full_plan === true) {
      await page.getByRole('dialog').waitFor();
      await walk.check('full-plan welcome');
      await page
        .getByRole('button', { name: text(language, 'shell', 'welcome_full.start') })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    sessions.set(email, await page.context().cookies());
    return walk;
  }

  it.each(MATRIX)(
    'signed out in $language at $width px: login, sign-up, activation, terms',
    async ({ language, ...size }) => {
      const page = await open(browser, size, language);
      const walk = new Walk(page, language, size);
      for (const [screen, url, ready] of [
        ['login', '/v3/login', 'input[name=email]'],
        ['sign-up', '/v3/signup', '[data-testid=signup-page]'],
        ['activation', '/v3/account/activate?email=ana%40example.com', 'h1'],
        ['terms', '/v3/terms', 'h1'],
      ] as const) {
        await page.goto(`${server.baseUrl}${url}`);
        await page.locator(ready).first().waitFor();
        await walk.check(screen);
      }
      await page.context().close();
      expect(walk.report()).toBe('');
    },
  );

  it.each(MATRIX)(
    "the farm's screens in $language at $width px: home, plot, weather, sowings, sowing, execution, program, varieties, notes, catalogue",
    async ({ language, ...size }) => {
      const walk = await signedIn(size, language, FULL);
      const { page } = walk;
      await page.getByTestId('home-plots').waitFor();
      await page.getByTestId('plots-map').waitFor();
      await walk.check('home');

      // The demo farm with sowings and programs: a plot of it, a sowing with its program.
      const { farmId } = await demoHarvestedSeason(page);
      const { plotId, sowingId, programId } = await page.evaluate(async (farm) => {
        const plots = (await (await fetch(`/api/talhoes/${farm}`)).json()) as {
          id: number;
          enabled: boolean;
        }[];
        const sowings = (await (await fetch(`/api/semeaduras?fazenda_id=${farm}`)).json()) as {
          id: number;
          programa?: { id: number } | null;
        }[];
        const planned = sowings.find((sowing) => sowing.programa);
        return {
          plotId: (plots.find((plot) => plot.enabled) ?? plots[0])!.id,
          sowingId: planned!.id,
          programId: planned!.programa!.id,
        };
      }, farmId);

      await page.goto(`${server.baseUrl}/v3/field?plot_id=${plotId}&fazenda_id=${farmId}`);
      await page.getByTestId('field-data').waitFor();
      await page.getByTestId('plots-map').waitFor();
      await walk.check('plot');
      await page.getByTestId('field-tab-weather').click();
      await page.getByTestId('weather-provider').waitFor();
      await page.getByTestId('rain-entry').waitFor();
      await walk.check('weather');

      await page.goto(`${server.baseUrl}/v3/sowings`);
      await page.getByTestId('sowings-list').first().waitFor();
      await walk.check('sowings');
      await page.goto(`${server.baseUrl}/v3/sowings/${sowingId}`);
      await page.getByTestId('sowing-detail-page').waitFor();
      await page.getByTestId('sowing-stage-step').first().waitFor();
      await walk.check('sowing');
      await page.goto(`${server.baseUrl}/v3/execucao?fazenda_id=${farmId}&semeadura=${sowingId}`);
      await page.getByTestId('execution-page').waitFor();
      await page.getByTestId('program-chart').getByRole('img').first().waitFor();
      await walk.check('execution');
      await page.goto(`${server.baseUrl}/v3/programas?programa=${programId}`);
      await page.getByTestId('program-editor').getByTestId('program-application').first().waitFor();
      await page.getByTestId('program-chart').getByRole('img').first().waitFor();
      await walk.check('program');

      await page.goto(`${server.baseUrl}/v3/cultivares`);
      await page
        .locator('[data-testid=varieties-list], [data-testid=varieties-empty]')
        .first()
        .waitFor();
      await walk.check('varieties');
      await page.goto(`${server.baseUrl}/v3/notes`);
      await page.locator('[data-testid=notes-list], [data-testid=notes-empty]').first().waitFor();
      await walk.check('notes');

      await page.goto(`${server.baseUrl}/v3/catalog?category=fungicide`);
      await page.getByTestId('catalog-list').waitFor();
      await walk.check('catalogue');
      // Fox: efficacies read in a source, derived from trials and assumed, with their notes.
      await page.goto(`${server.baseUrl}/v3/catalog?category=fungicide&search=Fox`);
      await page
        .locator('[data-testid=catalog-item-open], [data-testid=catalog-card]')
        .first()
        .click();
      const efficacies = page.getByTestId('catalog-detail').getByTestId('catalog-efficacies');
      await efficacies.waitFor();
      await efficacies.scrollIntoViewIfNeeded(); // the screenshot shows the notes and sources
      await walk.check('catalogue detail');
      await page.context().close();
      expect(walk.report()).toBe('');
    },
    120_000,
  );

  it.each(MATRIX)(
    "the account's screens in $language at $width px: users, farms and their dialogs, profile, menus, integrations",
    async ({ language, ...size }) => {
      const walk = await signedIn(size, language, FULL);
      const { page } = walk;
      await page.goto(`${server.baseUrl}/v3/users`);
      await page.getByTestId('users-page').waitFor();
      await page.getByTestId('users-count').waitFor();
      // The add button turns from grey to green when the profiles arrive: axe reads it after.
      await page
        .getByRole('button', { name: text(language, 'users', 'new_user'), disabled: false })
        .waitFor();
      await walk.check('users');

      await page.goto(`${server.baseUrl}/v3/farms`);
      await page.getByTestId('farms-page').waitFor();
      await page.locator('[data-testid=farms-list], [data-testid=farms-empty]').first().waitFor();
      await walk.check('farms');
      if (await page.getByTestId('farm-selector').count()) {
        await page.getByTestId('farm-selector').click();
        await page.getByRole('menu').waitFor();
        await walk.check('farm selector');
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }
      await page.getByTestId('farm-add').first().click();
      await page.getByTestId('farm-dialog').waitFor();
      await walk.check('farm dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('farm-dialog').waitFor({ state: 'detached' });
      // The fields modal (its map and KML dialogs: plots.e2e.ts).
      await page.getByTestId('farm-fields').first().click();
      await page.getByTestId('plots-dialog').getByTestId('plots-map').waitFor();
      await walk.check('fields dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('plots-dialog').waitFor({ state: 'detached' });

      await page.goto(`${server.baseUrl}/v3/profile`);
      await page.getByTestId('profile-page').waitFor();
      await walk.check('profile');
      await page.getByTestId('account-menu-button').click();
      await page.getByRole('menu').waitFor();
      await walk.check('account menu');
      await page
        .getByRole('menuitem', { name: text(language, 'shell', 'account.change_password') })
        .click();
      await page.getByTestId('change-password-form').waitFor();
      await walk.check('change-password dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('change-password-form').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: text(language, 'shell', 'help.label') }).click();
      await page.getByRole('menu').waitFor();
      await walk.check('help menu');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await page.goto(`${server.baseUrl}/v3/integrations`);
      await page.getByTestId('integration-row').first().waitFor();
      await walk.check('integrations');
      await page.locator('[data-testid=integration-row][data-code=google_calendar]').click();
      await page.getByTestId('calendar-feed-url').waitFor();
      await walk.check('calendar dialog');
      await page.keyboard.press('Escape');

      if (size.name === 'phone') {
        await page.getByTestId('menu-toggle').click();
        await page.getByTestId('app-drawer').waitFor();
        await walk.check('drawer');
      }
      await page.context().close();
      expect(walk.report()).toBe('');
    },
    120_000,
  );

  it.each(MATRIX)(
    'the insights in $language at $width px: performance, both reports, the weekly digest',
    async ({ language, ...size }) => {
      const walk = await signedIn(size, language, FULL);
      const { page } = walk;
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
      await walk.check('performance');
      await page.goto(`${server.baseUrl}/v3/reports/programa?${query}`);
      await page.getByTestId('programa-sowing').first().waitFor();
      await walk.check('spraying report');
      await page.goto(`${server.baseUrl}/v3/reports/season-report?${query}`);
      await page.getByTestId('season-harvests').first().waitFor();
      await walk.check('season report');
      await page.goto(`${server.baseUrl}/v3/weekly-digest${digest}`);
      await page.getByTestId('digest-farm').first().waitFor();
      await walk.check('weekly digest');
      await page.context().close();
      expect(walk.report()).toBe('');
    },
  );

  it.each(MATRIX)(
    'the plans in $language at $width px: the plan presentation, the plans and the payment page',
    async ({ language, ...size }) => {
      const walk = await signedIn(size, language, PRO);
      const { page } = walk;
      await page.goto(`${server.baseUrl}/v3/sowings`);
      await page.getByTestId('plan-list').waitFor();
      await page.getByTestId('plan-4').waitFor();
      await walk.check('plan presentation');
      await page.goto(`${server.baseUrl}/v3/plans`);
      await page.getByTestId('plans-page').waitFor();
      await page.getByTestId('tier-4').waitFor();
      await walk.check('plans');
      await page.goto(`${server.baseUrl}/v3/payment?plan_priority=4&frequency=12`);
      await page.getByTestId('payment-form').waitFor();
      await page.getByTestId('method-credit_card').waitFor();
      await walk.check('payment');
      await page.context().close();
      expect(walk.report()).toBe('');
    },
  );

  describe('the maintenance page', () => {
    let maintenance: RunningServer;
    beforeAll(async () => {
      maintenance = await startServer({ MAINTENANCE_MODE: 'true' });
    });
    afterAll(async () => {
      await maintenance?.stop();
    });

    it.each(MATRIX)('in $language at $width px', async ({ language, ...size }) => {
      const page = await open(browser, size, language);
      const walk = new Walk(page, language, size);
      await page.goto(`${maintenance.baseUrl}/v3/login`);
      await page.getByText(text(language, 'warnings', 'maintenance.title')).waitFor();
      await walk.check('maintenance');
      await page.context().close();
      expect(walk.report()).toBe('');
    });
  });
});
