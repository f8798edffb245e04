import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, horizontalOverflow, settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { signInToDemo } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.ACCOUNT_CATALOGUE_SCREENSHOT_DIR ?? '/tmp/shots-account-catalogue';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Issue 28 item 5 in a browser: a grower in Iowa, in English, enters the variety and the product
 * the catalogue lacks through the catalogue's screens, and plans a soybean program with them on
 * the demo's Iowa farm, in acres and litres per acre.
 */
describe.skipIf(!hasChromium)('the account’s own products and varieties', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page in the language; axe-core goes in as an inline script, which the app's CSP forbids. */
  async function openPage(
    _browser: Browser,
    viewport: { width: number; height: number },
    language: 'pt' | 'en' | 'es',
  ): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'en-US', bypassCSP: true });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    return context.newPage();
  }

  async function toIowa(page: Page) {
    const farms = await page.evaluate(
      async () => (await (await fetch('/api/farms')).json()) as { id: number; nome: string }[],
    );
    const iowa = farms.find((farm) => farm.nome === 'Hansen Family Farm')!;
    await page.getByTestId('farm-selector').click();
    await page.getByTestId(`farm-option-${iowa.id}`).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    return iowa;
  }

  it('enters a variety and a product for the account, and plans an Iowa soybean program with them in L/ac', async () => {
    const page = await openPage(browser, DESKTOP, 'en');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await toIowa(page);

    // The variety the catalogue lacks.
    await page.goto(`${server.baseUrl}/v3/catalog?category=variety`);
    await page.getByTestId('catalog-page').waitFor();
    await page.getByTestId('account-variety-add').click();
    const varietyDialog = page.getByTestId('account-variety-dialog');
    await varietyDialog.getByTestId('account-variety-name').fill('Hansen Seed HS 24E');
    await varietyDialog.getByTestId('account-variety-gmr').fill('2.4');
    await varietyDialog.getByTestId('account-variety-cycle').fill('125');
    await varietyDialog.getByTestId('account-variety-dialog-save').click();
    await page.getByTestId('account-entry-saved').waitFor();
    expect(await page.getByTestId('account-entry-saved').innerText()).toContain(
      'Variety Hansen Seed HS 24E entered for the account.',
    );
    // Found in the catalogue, labelled as the account's, and added to the Iowa farm.
    await page.goto(`${server.baseUrl}/v3/catalog?category=variety&search=HS%2024E`);
    const row = page.getByTestId('catalog-row').filter({ hasText: 'Hansen Seed HS 24E' });
    await row.waitFor();
    expect(await row.getByTestId('informed-by').innerText()).toMatch(/^Informed by .+ on /);
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'account-variety-list-en-desktop.png') });
    await row.getByTestId('catalog-item-open').click();
    const detail = page.getByTestId('catalog-detail');
    await detail.getByTestId('variety-on-farm-add').click();
    await detail.getByTestId('variety-on-farm-added').waitFor();
    await detail.getByTestId('catalog-detail-close').click();

    // The product the catalogue lacks: its dose typed per acre.
    await page.goto(`${server.baseUrl}/v3/catalog?category=fungicide`);
    await page.getByTestId('account-product-add').click();
    const productDialog = page.getByTestId('account-product-dialog');
    await productDialog.getByTestId('account-product-name').fill('Hansen Azoxy 250');
    await productDialog.getByTestId('account-product-active-0').fill('azoxystrobin');
    await productDialog.getByTestId('account-product-dose-disease-0').click();
    await page.getByRole('option', { name: 'Asian rust', exact: true }).click();
    expect(await productDialog.getByText('Lowest dose (L/ac)').count()).toBeGreaterThan(0);
    await productDialog.getByTestId('account-product-dose-min-0').fill('0.162');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'account-product-en-desktop.png') });
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/account-products' &&
          response.request().method() === 'POST',
      ),
      productDialog.getByTestId('account-product-dialog-save').click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(201);
    // 0.162 L/ac is 0.4 L/ha.
    const product = (await saved.json()) as { doses: { dose_min: number }[] };
    expect(product.doses[0]!.dose_min).toBeCloseTo(0.4, 2);

    // A program for the variety, sprayed with the product.
    await page.goto(`${server.baseUrl}/v3/programas`);
    await page.getByTestId('programs-page').waitFor();
    const section = page.getByTestId('variety-programs').filter({ hasText: 'Hansen Seed HS 24E' });
    await section.getByTestId('program-new').click();
    const settings = page.getByTestId('program-settings-dialog');
    await settings.getByTestId('program-name').fill('Iowa rust watch');
    await settings.getByTestId('program-main-disease').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Asian rust', exact: true }).click();
    await settings.getByTestId('program-emergence').fill('2026-05-20');
    await settings.getByTestId('program-cycle').fill('125');
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/programas' &&
          response.request().method() === 'POST',
      ),
      settings.getByTestId('program-settings-save').click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    const editor = page.getByTestId('program-editor');
    await editor.getByTestId('program-applications-empty').waitFor();
    await page.getByTestId('application-add').click();
    const dialog = page.getByTestId('program-application-dialog');
    await dialog.getByTestId('application-date').fill('2026-07-10');
    const input = dialog.getByTestId('application-product-input');
    await input.click();
    await input.fill('Hansen Azoxy');
    const option = page.getByRole('option').filter({ hasText: 'Hansen Azoxy 250' });
    // The picker says the product is the account's own.
    expect(await option.innerText()).toContain('Informed by the account');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'program-picker-chip-en-desktop.png') });
    await option.click();
    await dialog.getByTestId('application-dose').fill('0.162');
    await dialog.getByTestId('application-price').fill('40');
    const [planned] = await Promise.all([
      page.waitForResponse(
        (response) =>
          /\/api\/programas\/\d+\/planejamentos$/.test(new URL(response.url()).pathname) &&
          response.request().method() === 'POST',
      ),
      dialog.getByTestId('application-save').click(),
    ]);
    expect(planned.status(), await planned.text()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    const application = editor.getByTestId('program-application').first();
    expect(await application.innerText()).toContain('0.162 L/ac');
    // 0.4 L/ha at $40 a litre is $16/ha, $6.47 an acre.
    expect((await editor.getByTestId('program-cost-per-area').innerText()).trim()).toMatch(/\/ac$/);
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'program-account-product-en-desktop.png') });
    await page.context().close();
  });

  it('labels the account’s own rows on a phone, in Portuguese and Spanish too', async () => {
    for (const language of ['pt', 'es'] as const) {
      const page = await openPage(browser, PHONE, language);
      await signInToDemo(page, server.baseUrl, DEMO_FULL);
      await page.goto(`${server.baseUrl}/v3/catalog?category=fungicide&search=Hansen%20Azoxy`);
      const card = page.getByTestId('catalog-card').filter({ hasText: 'Hansen Azoxy 250' });
      await card.waitFor();
      expect(await card.getByTestId('informed-by').innerText()).toMatch(
        language === 'pt' ? /^Informado por .+ em / : /^Informado por .+ el /,
      );
      // Its detail offers to delete it (it is in a program: the server would refuse with 409).
      await card.click();
      const detail = page.getByTestId('catalog-detail');
      await detail.getByTestId('account-entry-delete').waitFor();
      expect(await detail.getByTestId('informed-by').first().innerText()).toMatch(/^Informado por/);
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `account-product-detail-${language}-mobile.png`),
      });
      await page.goBack();
      await card.waitFor();
      await page.getByTestId('account-product-add').click();
      await page.getByTestId('account-product-dialog').waitFor();
      await settled(page);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `account-product-${language}-mobile.png`),
      });
      await page.context().close();
    }
  });
});
