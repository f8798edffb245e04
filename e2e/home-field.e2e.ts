import fs from 'node:fs';
import path from 'node:path';
import {
  formatTruncated,
  toDisplayUnit,
  unitOf,
  type Farm,
  type Language,
  type Plot,
} from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, horizontalOverflow, settled } from './support/axe.ts';
import { RAW_KEY, hasChromium, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const DEMO_PASSWORD = 'Lavoura2026';
const SHOTS = path.join(
  process.env.SCREENSHOT_DIR ?? 'test-results/screenshots',
  '..',
  'home-field-screenshots',
);
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Texts = Record<string, unknown>;
const text = (language: Language, namespace: string, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Texts | undefined)?.[part],
      (resources[language] as Record<string, Texts>)[namespace],
    );
  if (typeof value !== 'string') throw new Error(`no text ${namespace}:${key} in ${language}`);
  return value;
};

/** An area in hectares as the app writes it in `language` (ha in pt and es, ac in English). */
const areaText = (hectares: number, language: Language) =>
  `${formatTruncated(toDisplayUnit('area', hectares, language), 2, language)} ${unitOf('area', language)}`;

describe.skipIf(!hasChromium)('my farm and the field page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(language: Language, width = 1366, height = 768): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      locale: 'en-US',
      // axe-core is injected as an inline script, which the app's Content-Security-Policy forbids.
      bypassCSP: true,
    });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    return context.newPage();
  }

  /** Signs in (and closes the Full plan's one-time welcome); lands on my farm. */
  async function signIn(page: Page, email: string, language: Language) {
    await page.goto(`${server.baseUrl}/v3/login`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', DEMO_PASSWORD);
    const [login] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/admin-api/login')),
      page.click('button[type=submit]'),
    ]);
    await page.getByTestId('my-farm').waitFor();
    const answer = (await login.json()) as { is_first_login_full_plan?: boolean };
    if (answer.is_first_login_full_plan) {
      await page.getByRole('dialog').waitFor();
      await page
        .getByRole('button', { name: text(language, 'shell', 'welcome_full.start') })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  }

  /** The API as the signed-in page sees it (the session cookie of its context). */
  async function get<T>(page: Page, url: string): Promise<T> {
    const response = await page.request.get(`${server.baseUrl}${url}`);
    expect(response.status(), url).toBe(200);
    return (await response.json()) as T;
  }

  /** Two enabled farms with enabled plots, and those plots (newest first, as the menu lists them). */
  async function twoFarmsWithPlots(page: Page) {
    const farms = await get<Farm[]>(page, '/api/farms');
    const withPlots: { farm: Farm; plots: Plot[] }[] = [];
    for (const farm of farms.filter((item) => item.enabled)) {
      const plots = await get<Plot[]>(page, `/api/talhoes/${farm.id}?enabled=1`);
      if (plots.length > 0) withPlots.push({ farm, plots });
      if (withPlots.length === 2) break;
    }
    expect(withPlots).toHaveLength(2);
    return withPlots as [(typeof withPlots)[0], (typeof withPlots)[0]];
  }

  /** No axe violation and no sideways scroll on the page as it is now. */
  async function expectAccessible(page: Page) {
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  }

  async function switchFarm(page: Page, farmId: number) {
    await page.getByTestId('farm-selector').click();
    await page.getByTestId(`farm-option-${farmId}`).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }

  it('creates a farm from the home page’s invitation, and my farm then shows it without fields', async () => {
    const page = await open('pt');
    await signIn(page, 'conta@freemium.demo.lavoura.app', 'pt');
    const invitation = page.getByTestId('home-no-farm');
    await invitation.waitFor();
    await expectAccessible(page);
    await invitation.getByRole('link', { name: text('pt', 'field', 'my_farm.no_farm.action') }).click();
    await page.waitForURL(/\/v3\/farms/);

    await page.getByTestId('farm-add').first().click();
    const dialog = page.getByTestId('farm-dialog');
    await dialog.waitFor();
    await dialog
      .getByRole('textbox', { name: text('pt', 'farms', 'field.name') })
      .fill('Fazenda Aurora');
    await dialog.getByRole('combobox', { name: text('pt', 'farms', 'field.state') }).click();
    await page.getByRole('option', { name: 'Paraná', exact: true }).click();
    const city = dialog.getByRole('combobox', { name: text('pt', 'farms', 'field.city') });
    await city.fill('Cascav');
    await page.getByRole('option', { name: 'Cascavel', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Soja' }).fill('150,50');
    await dialog.getByRole('textbox', { name: 'Trigo' }).fill('90');
    await dialog.getByRole('button', { name: text('pt', 'farms', 'dialog.create') }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('farms-list').locator('article', { hasText: 'Fazenda Aurora' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Cascavel, Paraná');

    await page.goto(`${server.baseUrl}/v3/my_farm`);
    await page.getByTestId('current-farm-name').waitFor();
    expect(await page.getByTestId('current-farm-name').innerText()).toBe('Fazenda Aurora');
    await page.getByTestId('home-plots-empty').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await expectAccessible(page);
    // The field page of a farm without fields says so, and where to draw them.
    await page.goto(`${server.baseUrl}/v3/field`);
    await page.getByTestId('field-empty').waitFor();
    await expectAccessible(page);
    await page.goto(`${server.baseUrl}/v3/field?plot_id=999999`);
    await page.getByTestId('field-not-found').waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it('switching farm while on a field page lands on my farm with the new farm', async () => {
    const page = await open('en');
    await signIn(page, 'conta@full.demo.lavoura.app', 'en');
    const [first, second] = await twoFarmsWithPlots(page);
    const plot = first.plots[0]!;
    await page.goto(`${server.baseUrl}/v3/field?plot_id=${plot.id}&fazenda_id=${first.farm.id}`);
    await page.getByTestId('field-plot-name').waitFor();
    expect(await page.getByTestId('field-plot-name').innerText()).toBe(plot.nome);

    await switchFarm(page, second.farm.id);
    await page.waitForURL(`${server.baseUrl}/v3/my_farm?fazenda_id=${second.farm.id}`);
    await page.getByTestId('current-farm-name').waitFor();
    expect(await page.getByTestId('current-farm-name').innerText()).toBe(second.farm.nome);
    // The new farm's plots, none of the previous one's.
    await page.getByTestId('home-plots').waitFor();
    const listed = await page.getByTestId('home-plots').innerText();
    for (const item of second.plots) expect(listed).toContain(item.nome);
    for (const item of first.plots) expect(listed).not.toContain(item.nome);
    await page.context().close();
  });

  it('the drawer’s field list follows the farm', async () => {
    const page = await open('en');
    await signIn(page, 'conta@full.demo.lavoura.app', 'en');
    const [first, second] = await twoFarmsWithPlots(page);
    await page.goto(`${server.baseUrl}/v3/my_farm?fazenda_id=${first.farm.id}`);
    await page.getByTestId('current-farm-name').waitFor();

    const menuPlots = async () => {
      const nav = page.getByRole('navigation', { name: text('en', 'shell', 'menu.label') });
      await nav
        .getByRole('button', { name: text('en', 'shell', 'menu.field'), exact: true })
        .click();
      const subDrawer = page.getByTestId('sub-drawer');
      const list = subDrawer.getByTestId('menu-plots');
      await list.waitFor();
      const names = await list
        .locator('[data-testid^=menu-plot-] .MuiListItemText-primary')
        .allInnerTexts();
      await subDrawer
        .getByRole('button', { name: text('en', 'shell', 'menu.close_group') })
        .click();
      await subDrawer.waitFor({ state: 'detached' });
      return names;
    };

    expect(await menuPlots()).toEqual(first.plots.map((plot) => plot.nome));
    await switchFarm(page, second.farm.id);
    await page.waitForURL(/fazenda_id=/);
    await expect
      .poll(() => page.getByTestId('current-farm-name').innerText())
      .toBe(second.farm.nome);
    expect(await menuPlots()).toEqual(second.plots.map((plot) => plot.nome));
    await page.context().close();
  });

  it('in English the areas are in acres, in Portuguese in hectares', async () => {
    for (const language of ['en', 'pt'] as const) {
      const page = await open(language);
      await signIn(page, 'pesquisa@full.demo.lavoura.app', language);
      const [farm] = await get<Farm[]>(page, '/api/farms');
      const plots = await get<Plot[]>(page, `/api/talhoes/${farm!.id}?enabled=1`);
      const plot = plots[0]!;
      await page.goto(`${server.baseUrl}/v3/my_farm?fazenda_id=${farm!.id}`);
      await page.getByTestId('farm-total-area').waitFor();
      expect(await page.getByTestId('farm-total-area').innerText()).toBe(
        areaText(farm!.total_area, language),
      );
      expect(await page.getByTestId(`home-plot-${plot.id}`).innerText()).toContain(
        areaText(plot.area, language),
      );

      await page.getByTestId(`home-plot-${plot.id}`).click();
      await page.getByTestId('field-area').waitFor();
      expect(await page.getByTestId('field-area').innerText()).toBe(areaText(plot.area, language));
      expect(await page.getByTestId('field-computed-area').innerText()).toBe(
        areaText(plot.area_calculada, language),
      );
      const unit = language === 'en' ? / ac$/ : / ha$/;
      await expect.poll(() => page.getByTestId('field-remaining-area').innerText()).toMatch(unit);

      await page.goto(`${server.baseUrl}/v3/farms`);
      await page.getByTestId('farms-list').waitFor();
      expect(await page.getByTestId('farm-area').first().innerText()).toMatch(unit);
      await page.context().close();
    }
  });

  // Pictures to look at: my farm and a field page in each language, desktop and phone.
  it('takes screenshots of my farm and the field page in pt, en and es', async () => {
    for (const size of SIZES) {
      for (const language of ['pt', 'en', 'es'] as const) {
        const page = await open(language, size.width, size.height);
        await signIn(page, 'conta@full.demo.lavoura.app', language);
        const [first] = await twoFarmsWithPlots(page);
        const shot = async (name: string) => {
          await settled(page);
          await page.screenshot({
            path: path.join(SHOTS, `${name}-${language}-${size.width}.png`),
            fullPage: true,
          });
        };
        await page.goto(`${server.baseUrl}/v3/my_farm?fazenda_id=${first.farm.id}`);
        await page.getByTestId('home-plots').waitFor();
        await page.getByTestId('plots-map').waitFor();
        await page.getByTestId('farm-active-sowings').locator('text=/\\d/').waitFor();
        await shot('my-farm');
        const plot = first.plots[0]!;
        await page.goto(
          `${server.baseUrl}/v3/field?plot_id=${plot.id}&fazenda_id=${first.farm.id}`,
        );
        await page.getByTestId('field-data').waitFor();
        await page.getByTestId('plots-map').waitFor();
        await expect.poll(() => page.getByTestId('field-remaining-area').innerText()).toMatch(/\d/);
        await shot('field');
        await page.context().close();
      }
    }
  }, 300_000);
});
