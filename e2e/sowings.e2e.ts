import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import {
  expectReadable as expectReadableIn,
  openPage,
  signInToDemo,
  text,
  type Size,
  screenPairs,
} from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Sowings are on the Lavoura and Full plans: the Full demo account. */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.SOWINGS_SCREENSHOT_DIR ?? '/tmp/sowings-shots';
const SOWINGS_RAW_KEY =
  /\b(sowings|status|form|harvest|remove|columns?|empty|filtered_empty|filters|no_farm|seed_class|seeder_system)\.[a-z_]+/;
/** The sizes the screens are looked at in: a common laptop and a phone. */
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
type ShotSize = (typeof SIZES)[number];

describe.skipIf(!hasChromium)('sowings (/sowings)', () => {
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

  // openPage reads only the width and height of its size.
  const open = (size: ShotSize, language: 'pt' | 'en' | 'es') =>
    openPage(browser, size as unknown as Size, language);
  const expectReadable = (page: Page) => expectReadableIn(page, SOWINGS_RAW_KEY);

  it('checks the new sowing with the API’s schema in pt: the plot’s remaining area, a variety added in place, field errors', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await page.goto(`${server.baseUrl}/v3/sowings`);
    await page.getByTestId('sowings-page').waitFor();
    await page.getByTestId('sowing-add').first().click();
    const dialog = page.getByTestId('sowing-new-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('sowing-plot').getByRole('combobox').click();
    await page.getByRole('option').first().click();
    // The area starts from what is left of the plot.
    const prefilled = await dialog.getByTestId('sowing-area').inputValue();
    expect(Number(prefilled.replace(',', '.'))).toBeGreaterThan(0);

    // The farm has no variety yet: one is added without leaving the form, and chosen.
    await dialog.getByTestId('sowing-add-variety').click();
    const adding = page.getByTestId('variety-add-dialog');
    await adding.getByTestId('seed-search').locator('input').fill('brs');
    await adding.locator('[data-testid=seed-add]:not([disabled])').first().click();
    await adding.waitFor({ state: 'detached' });
    await expect
      .poll(() => dialog.getByTestId('sowing-variety').getByRole('combobox').innerText())
      .toMatch(/\w/);

    // Germination 150 % and vigour −3 %: told under each field, nothing sent.
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/semeaduras'))
        posted.push(request.url());
    });
    await dialog.getByTestId('sowing-germinative_power').fill('150');
    await dialog.getByTestId('sowing-seed_vigor').fill('-3');
    await dialog.getByTestId('sowing-save').click();
    const fieldOf = (testId: string) =>
      dialog.locator('.MuiFormControl-root', { has: page.getByTestId(testId) });
    // Each message states the rule's limit.
    await fieldOf('sowing-germinative_power')
      .getByText(text('pt', 'errors', 'field.too_big_limit').replace('{{limit}}', '100'))
      .waitFor();
    await fieldOf('sowing-seed_vigor')
      .getByText(text('pt', 'errors', 'field.too_small_limit').replace('{{limit}}', '0'))
      .waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'sowings-pt-desktop-form-invalid.png') });
    expect(posted).toEqual([]);
    await dialog.getByTestId('sowing-germinative_power').fill('85');
    await dialog.getByTestId('sowing-seed_vigor').fill('80');

    // More than the plot has left: the server refuses, and the area field says so.
    await dialog.getByTestId('sowing-area').fill('99999');
    const [refused] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/semeaduras') && response.request().method() === 'POST',
      ),
      dialog.getByTestId('sowing-save').click(),
    ]);
    expect(refused.status()).toBe(400);
    await fieldOf('sowing-area')
      .getByText(text('pt', 'errors', 'exception.sowing.area_exceeds_remaining'))
      .waitFor();
    expect(await dialog.getByTestId('sowing-area').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByTestId('sowing-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('registers a sowing in pt, reads it in en in acres, records a harvest and is refused its deletion', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await page.goto(`${server.baseUrl}/v3/sowings`);
    await page.getByTestId('sowings-page').waitFor();
    await page.getByTestId('sowing-add').first().click();
    const dialog = page.getByTestId('sowing-new-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('sowing-plot').getByRole('combobox').click();
    await page.getByRole('option').first().click();
    // The farm has the demo's own sowings too: this one is found by its plot.
    const plotName = (
      await dialog.getByTestId('sowing-plot').getByRole('combobox').innerText()
    ).trim();
    const mine = (on: Page) => on.getByTestId('sowing-row').filter({ hasText: plotName });
    // The variety the previous test added in place.
    await dialog.getByTestId('sowing-variety').getByRole('combobox').click();
    await page.getByRole('option').first().click();
    await dialog.getByTestId('sowing-area').fill('10');
    await dialog.getByTestId('sowing-date').fill('2026-10-20');
    await dialog.getByTestId('sowing-emergence').fill('2026-10-27');
    await dialog.getByTestId('sowing-estimated_cycle').fill('120');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'sowings-pt-desktop-form.png') });
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/semeaduras') && response.request().method() === 'POST',
      ),
      dialog.getByTestId('sowing-save').click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    const row = mine(page);
    await row.waitFor();
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'sowings-pt-desktop.png') });

    await page.context().close();

    // The same sowing in English: 10 ha read as 24.71 ac.
    const english = await open(SIZES[0], 'en');
    await signInToDemo(english, server.baseUrl, DEMO_FULL);
    await english.goto(`${server.baseUrl}/v3/sowings`);
    await mine(english).waitFor();
    expect(await mine(english).innerText()).toContain('24.71 ac');
    await mine(english).getByTestId('sowing-harvest').click();
    const harvest = english.getByTestId('sowing-harvest-dialog');
    await harvest.getByTestId('harvest-date').fill('2026-11-24');
    await harvest.getByTestId('harvest-productivity').fill('55');
    await harvest.getByTestId('harvest-save').click();
    await harvest.waitFor({ state: 'detached' });
    await mine(english)
      .getByTestId('sowing-status')
      .getByText(text('en', 'sowings', 'status.harvested'))
      .waitFor();

    // Deleting is refused up front, with the reason the API would give.
    await mine(english).getByTestId('sowing-remove').click();
    const blocked = english.getByTestId('sowing-remove-blocked');
    await blocked.getByText(text('en', 'errors', 'exception.sowing.has_harvest')).waitFor();
    await settled(english);
    await english.screenshot({ path: path.join(SHOTS_DIR, 'sowings-en-desktop-refusal.png') });
    await blocked.getByRole('button').last().click();
    await blocked.waitFor({ state: 'detached' });

    // Filtering by status keeps the filter in the address.
    await english.getByTestId('sowing-status-filter-harvested').click();
    await english.waitForURL(/status=harvested/);
    // The demo's own sowings of the farm (sown, ready to harvest) leave the list.
    await expect
      .poll(async () => new Set(await english.getByTestId('sowing-status').allInnerTexts()))
      .toEqual(new Set([text('en', 'sowings', 'status.harvested')]));

    // Editing: the harvest locks the sowing date and says so; the rest still saves.
    await mine(english).getByTestId('sowing-edit').click();
    const edit = english.getByTestId('sowing-edit-dialog');
    await edit.waitFor();
    expect(await edit.getByTestId('sowing-date').isDisabled()).toBe(true);
    await edit.getByText(text('en', 'sowings', 'form.date_locked_harvest')).waitFor();
    expect(await edit.getByTestId('sowing-area').inputValue()).toBe('24.71');
    await edit.getByTestId('sowing-inoculant').fill('Bradyrhizobium japonicum');
    const [updated] = await Promise.all([
      english.waitForResponse(
        (response) =>
          /\/api\/semeaduras\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
      ),
      edit.getByTestId('sowing-save').click(),
    ]);
    expect(updated.status(), await updated.text()).toBe(200);
    const saved = (await updated.json()) as { area: number; inoculant: string };
    // The untouched area goes back as it was stored, not through acres.
    expect(saved.area).toBe(10);
    expect(saved.inoculant).toBe('Bradyrhizobium japonicum');
    await edit.waitFor({ state: 'detached' });
    await english.context().close();
  });

  for (const { language, size } of screenPairs(SIZES)) {
    it(`shows the sowings in ${language} on ${size.name}`, async () => {
      const page = await open(size, language);
      await signInToDemo(page, server.baseUrl, DEMO_FULL);
      await page.goto(`${server.baseUrl}/v3/sowings`);
      await page.getByTestId('sowings-page').waitFor();
      await page
        .locator('[data-testid=sowings-list], [data-testid=sowings-empty]')
        .first()
        .waitFor();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `sowings-${language}-${size.name}.png`),
      });

      // The list filtered by a link, the filters open on a phone.
      await page.goto(`${server.baseUrl}/v3/sowings?status=harvested`);
      await page.getByTestId('sowing-row').first().waitFor();
      if (size.name === 'mobile') await page.getByTestId('sowing-filters-toggle').click();
      await page.getByTestId('sowing-filter-plot').waitFor();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `sowings-${language}-${size.name}-filtered.png`),
        fullPage: true,
      });

      // The harvested sowing's form: the locked date explained.
      await page.getByTestId('sowing-edit').first().click();
      const edit = page.getByTestId('sowing-edit-dialog');
      await edit.getByText(text(language, 'sowings', 'form.date_locked_harvest')).waitFor();
      await edit.getByTestId('sowing-date').scrollIntoViewIfNeeded();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `sowings-${language}-${size.name}-edit-locked.png`),
      });
      await edit.getByTestId('sowing-cancel').click();
      await edit.waitFor({ state: 'detached' });

      // The new sowing's form, top and seeding parameters.
      await page.getByTestId('sowing-add').first().click();
      const form = page.getByTestId('sowing-new-dialog');
      await form.getByTestId('sowing-seeder_system').waitFor();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `sowings-${language}-${size.name}-form.png`),
      });
      await form.getByTestId('sowing-inoculant').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(SHOTS_DIR, `sowings-${language}-${size.name}-form-parameters.png`),
      });
      await page.context().close();
    });
  }
});
