import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import {
  SIZES,
  expectReadable as expectReadableIn,
  openPage,
  signInToDemo,
  text,
  type Size,
} from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Sowings are on the Lavoura and Full plans: the Full demo account. */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.SOWINGS_SCREENSHOT_DIR ?? '/tmp/sowings-shots';
const SOWINGS_RAW_KEY = /\b(sowings|status|form|harvest|remove|columns?|empty|no_farm)\.[a-z_]+/;

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

  const open = (size: Size, language: 'pt' | 'en' | 'es') => openPage(browser, size, language);
  const expectReadable = (page: Page) => expectReadableIn(page, SOWINGS_RAW_KEY);

  /** Adds a catalogue variety to the current farm for its current soybean season, as /cultivares does. */
  async function addVariety(page: Page) {
    await page.evaluate(async () => {
      const farms = (await (await fetch('/api/farms')).json()) as {
        id: number;
        pais: { id: number };
      }[];
      const farm = farms[0]!;
      const seasons = (await (
        await fetch(`/api/season-crops?farm_id=${farm.id}&crop_id=1`)
      ).json()) as {
        id: number;
        status: string;
      }[];
      const season = seasons.find((row) => row.status === 'current')!;
      const seeds = (await (
        await fetch(
          `/api/sementes/fazenda/${farm.id}?season_crop_id=${season.id}&crop_id=1&search=brs`,
        )
      ).json()) as { seed_id: number }[];
      await fetch('/api/cultivares', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fazenda_id: farm.id,
          season_crop_id: season.id,
          seed_id: seeds[0]!.seed_id,
        }),
      });
    });
  }

  it('registers a sowing in pt, reads it in en in acres, records a harvest and is refused its deletion', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await addVariety(page);
    await page.goto(`${server.baseUrl}/v3/sowings`);
    await page.getByTestId('sowings-page').waitFor();
    await page.getByTestId('sowing-add').first().click();
    const dialog = page.getByTestId('sowing-new-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('sowing-plot').getByRole('combobox').click();
    await page.getByRole('option').first().click();
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
    const row = page.getByTestId('sowing-row').first();
    await row.waitFor();
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'sowings-pt-desktop.png') });

    await page.context().close();

    // The same sowing in English: 10 ha read as 24.71 ac.
    const english = await open(SIZES[0], 'en');
    await signInToDemo(english, server.baseUrl, DEMO_FULL);
    await english.goto(`${server.baseUrl}/v3/sowings`);
    await english.getByTestId('sowing-row').first().waitFor();
    expect(await english.getByTestId('sowing-row').first().innerText()).toContain('24.71 ac');
    await english.getByTestId('sowing-harvest').first().click();
    const harvest = english.getByTestId('sowing-harvest-dialog');
    await harvest.getByTestId('harvest-date').fill('2026-11-24');
    await harvest.getByTestId('harvest-productivity').fill('55');
    await harvest.getByTestId('harvest-save').click();
    await harvest.waitFor({ state: 'detached' });

    await english.getByTestId('sowing-remove').first().click();
    const confirm = english.getByTestId('sowing-remove-dialog');
    await confirm.getByRole('button').last().click();
    await confirm.getByText(text('en', 'errors', 'exception.sowing.has_harvest')).waitFor();
    await settled(english);
    await english.screenshot({ path: path.join(SHOTS_DIR, 'sowings-en-desktop-refusal.png') });
    await english.context().close();
  });

  for (const language of ['pt', 'en', 'es'] as const) {
    for (const size of SIZES) {
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
        await page.context().close();
      });
    }
  }
});
