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
import { signInToDemo, screenPairs } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = path.join(
  process.env.SCREENSHOT_DIR ?? 'test-results/screenshots',
  '..',
  'home-field-screenshots',
);
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** Home's active sowings and a plot's planting tab, to look at. */
const SOWING_SHOTS = process.env.HOME_FIELD_SOWINGS_SCREENSHOT_DIR ?? SHOTS;

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
    fs.mkdirSync(SOWING_SHOTS, { recursive: true });
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
  // Past the Full plan's first-login dialog; later sign-ins of a file reuse the session.
  const signIn = (page: Page, email: string, _language: Language) =>
    signInToDemo(page, server.baseUrl, email);

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
    await invitation
      .getByRole('link', { name: text('pt', 'field', 'my_farm.no_farm.action') })
      .click();
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

  /**
   * A sowing in the field now on an enabled plot of the current farm, registered through the API
   * as /sowings does: a variety added for the current soybean season, sown 40 days ago (within
   * the season), emerged a week later, a 120-day cycle. Answers the sowing and its plot.
   */
  async function sowingInTheField(page: Page) {
    return page.evaluate(async () => {
      const json = async <T>(url: string, init?: RequestInit): Promise<T> => {
        const response = await fetch(url, init);
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return (await response.json()) as T;
      };
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const farms = await json<{ id: number; enabled: boolean }[]>('/api/farms');
      const farm = farms.find((row) => row.enabled)!;
      const seasons = await json<
        { id: number; status: string; start_period: string; end_period: string }[]
      >(`/api/season-crops?farm_id=${farm.id}&crop_id=1`);
      const season = seasons.find((row) => row.status === 'current')!;
      const seeds = await json<{ seed_id: number }[]>(
        `/api/sementes/fazenda/${farm.id}?season_crop_id=${season.id}&crop_id=1&search=brs`,
      );
      await fetch('/api/cultivares', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fazenda_id: farm.id,
          season_crop_id: season.id,
          seed_id: seeds[0]!.seed_id,
        }),
      });
      const varieties = await json<{ id: number }[]>(
        `/api/cultivares?fazenda_id=${farm.id}&season_crop_id=${season.id}`,
      );
      const sowings = await json<{ talhao_id: number; status: string }[]>(
        `/api/semeaduras?fazenda_id=${farm.id}`,
      );
      const busy = new Set(
        sowings
          .filter((row) => row.status !== 'harvested' && row.status !== 'lost')
          .map((row) => row.talhao_id),
      );
      const plots = await json<{ id: number; nome: string; area: number }[]>(
        `/api/talhoes/${farm.id}?enabled=1`,
      );
      const plot = plots.find((row) => !busy.has(row.id))!;
      const remaining = await json<{ remaining_area: number }>(
        `/api/talhoes/${plot.id}/remaining-area`,
      );
      const daysAgo = (days: number) => {
        const value = day(new Date(Date.now() - days * 86_400_000));
        return value < season.start_period ? season.start_period : value;
      };
      const after = (from: string, days: number) =>
        day(new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000));
      const sow = (area: number, sown: string) =>
        json<{ id: number }>('/api/semeaduras', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fazenda_id: farm.id,
            talhao_id: plot.id,
            cultivar_id: varieties[0]!.id,
            area,
            data_semeadura: sown,
            data_emergencia: after(sown, 7),
            estimated_cycle: 120,
          }),
        });
      // An earlier sowing of the season on the plot, lost: the plot then takes another.
      const earlier = daysAgo(80);
      const lost = await sow(5, earlier);
      await json(`/api/semeaduras/${lost.id}/colheita`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data_colheita: after(earlier, 30), perda: true }),
      });
      const sowing = await sow(
        Math.min(10, Math.floor((remaining.remaining_area - 5) * 100) / 100),
        daysAgo(40),
      );
      return { farmId: farm.id, plot, sowingId: sowing.id, lostId: lost.id };
    });
  }

  it('shows a sowing in the field on home and on its plot’s planting tab, with its stage', async () => {
    const page = await open('en');
    await signIn(page, 'conta@full.demo.lavoura.app', 'en');
    const { farmId, plot, sowingId, lostId } = await sowingInTheField(page);

    await page.goto(`${server.baseUrl}/v3/my_farm?fazenda_id=${farmId}`);
    const row = page.getByTestId(`home-sowing-${sowingId}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(plot.nome);
    // Emerged 33 days ago on a 120-day cycle: a vegetative stage, and no program yet.
    expect(await row.getByTestId('home-sowing-stage').innerText()).toMatch(/^V/);
    expect(await row.getByTestId('home-sowing-next').innerText()).toBe(
      text('en', 'field', 'my_farm.sowings.no_program'),
    );
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await expectAccessible(page);

    await page.goto(`${server.baseUrl}/v3/field?plot_id=${plot.id}&fazenda_id=${farmId}`);
    const sowing = page.locator(`[data-testid=planting-sowing][data-sowing-id="${sowingId}"]`);
    await sowing.waitFor();
    expect(await sowing.getByTestId('planting-area').innerText()).toBe('24.71 ac');
    expect(await sowing.getByTestId('planting-open').getAttribute('href')).toBe(
      `/v3/sowings/${sowingId}`,
    );
    // The lost one too, after the one in the field.
    const rows = page.getByTestId('planting-sowing');
    expect(await rows.evaluateAll((items) => items.map((item) => item.dataset.sowingId))).toEqual([
      String(sowingId),
      String(lostId),
    ]);
    expect(await rows.nth(1).getByTestId('planting-status').innerText()).toBe(
      text('en', 'sowings', 'status.lost'),
    );
    const current = page.locator('[data-testid=planting-stage][aria-current=step]');
    await current.waitFor();
    expect(await current.innerText()).toMatch(/^V/);
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await expectAccessible(page);
    await page.context().close();
  });

  it('on a phone, my farm opens with the day’s work above the shortcuts', async () => {
    const page = await open('pt', 390, 844);
    await signIn(page, 'conta@full.demo.lavoura.app', 'pt');
    const farmId = await page.evaluate(async () => {
      const farms = (await (await fetch('/api/farms')).json()) as { id: number }[];
      for (const farm of farms) {
        const rows = (await (await fetch(`/api/semeaduras?fazenda_id=${farm.id}`)).json()) as {
          status: string;
        }[];
        if (rows.some((row) => row.status === 'sown')) return farm.id;
      }
      return null;
    });
    expect(farmId).not.toBeNull();
    await page.goto(`${server.baseUrl}/v3/my_farm?fazenda_id=${farmId}`);
    const work = page.getByTestId('home-sowings-list');
    const shortcuts = page.getByRole('region', { name: text('pt', 'home', 'quick.title') });
    await work.waitFor();
    await shortcuts.waitFor();
    const [workBox, shortcutsBox] = await Promise.all([
      work.boundingBox(),
      shortcuts.boundingBox(),
    ]);
    expect(workBox!.y + workBox!.height).toBeLessThanOrEqual(shortcutsBox!.y);
    // Opened at the top, the first sowing is on the first screen.
    expect(workBox!.y).toBeLessThan(844);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(SHOTS, 'my-farm-day-first-pt-390.png') });
    await page.context().close();
  });

  // Pictures to look at: my farm and a field page in each language, desktop and phone. One page
  // per size, signed in once; each language is the stored choice the next loads read (every
  // picture is of a freshly loaded page in its language, as before).
  it('takes screenshots of my farm and the field page in pt, en and es (support/demo.ts, screenPairs)', async () => {
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        locale: 'en-US',
      });
      // Portuguese at the first load; then the language each round stores.
      await context.addInitScript(() => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'pt');
      });
      const page = await context.newPage();
      await signIn(page, 'conta@full.demo.lavoura.app', 'pt');
      const [first] = await twoFarmsWithPlots(page);
      // Home's active sowings and the planting tab of a plot with a sowing.
      const withSowing = await page.evaluate(async () => {
        const farms = (await (await fetch('/api/farms')).json()) as { id: number }[];
        for (const farm of farms) {
          const rows = (await (await fetch(`/api/semeaduras?fazenda_id=${farm.id}`)).json()) as {
            talhao_id: number;
            status: string;
          }[];
          const row = rows.find((item) => item.status === 'sown');
          if (row) return { farmId: farm.id, plotId: row.talhao_id };
        }
        return null;
      });
      const plot = first.plots[0]!;
      const languages = screenPairs(SIZES)
        .filter((pair) => pair.size === size)
        .map((pair) => pair.language);
      for (const language of languages) {
        await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
        const shot = async (name: string, folder = SHOTS) => {
          await settled(page);
          await page.screenshot({
            path: path.join(folder, `${name}-${language}-${size.width}.png`),
            fullPage: true,
          });
        };
        const myFarm = async (farmId: number) => {
          await page.goto(`${server.baseUrl}/v3/my_farm?fazenda_id=${farmId}`);
          await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        };
        await myFarm(first.farm.id);
        await page.getByTestId('home-plots').waitFor();
        await page.getByTestId('plots-map').waitFor();
        await page.getByTestId('farm-active-sowings').locator('text=/\\d/').waitFor();
        if (withSowing?.farmId === first.farm.id) {
          // The same farm's home shows its active sowings: one load for both pictures.
          await page.getByTestId('home-sowings-list').waitFor();
          await shot('my-farm');
          await shot('home-sowings', SOWING_SHOTS);
        } else {
          await shot('my-farm');
        }
        await page.goto(
          `${server.baseUrl}/v3/field?plot_id=${plot.id}&fazenda_id=${first.farm.id}`,
        );
        await page.getByTestId('field-data').waitFor();
        await page.getByTestId('plots-map').waitFor();
        await expect.poll(() => page.getByTestId('field-remaining-area').innerText()).toMatch(/\d/);
        await shot('field');
        if (withSowing) {
          if (withSowing.farmId !== first.farm.id) {
            await myFarm(withSowing.farmId);
            await page.getByTestId('home-sowings-list').waitFor();
            await page.getByTestId('home-plots').waitFor();
            await shot('home-sowings', SOWING_SHOTS);
          }
          await page.goto(
            `${server.baseUrl}/v3/field?plot_id=${withSowing.plotId}&fazenda_id=${withSowing.farmId}`,
          );
          await page.getByTestId('planting-stages').waitFor();
          await page.getByTestId('plots-map').waitFor();
          await shot('planting', SOWING_SHOTS);
          await page.getByTestId('field-tabpanel-planting').screenshot({
            path: path.join(SOWING_SHOTS, `planting-tab-${language}-${size.width}.png`),
          });
        }
      }
      await page.context().close();
    }
  }, 300_000);
});
