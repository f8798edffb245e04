import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
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
  screenPairs,
} from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS_DIR = process.env.VARIETIES_SCREENSHOT_DIR ?? '/tmp/varieties-shots';

/** Keys of the varieties screen left untranslated: the shared check does not know them. */
const VARIETIES_RAW_KEY =
  /\b(varieties|filter|no_farm|no_season|empty|actions|column|facts|growth_habit|add|remove|copy|request)\.[a-z_]+/;

describe.skipIf(!hasChromium)('farm varieties (/cultivares)', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The variety the first test adds; the screenshots show it listed. */
  let addedName = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = (size: Size, language: Language) => openPage(browser, size, language);

  const signIn = (page: Page, email?: string) => signInToDemo(page, server.baseUrl, email);

  const expectReadable = (page: Page) => expectReadableIn(page, VARIETIES_RAW_KEY);

  async function openVarieties(page: Page) {
    await page.goto(`${server.baseUrl}/v3/cultivares`);
    await page.getByTestId('varieties-page').waitFor();
    await page
      .locator('[data-testid=varieties-list], [data-testid=varieties-empty]')
      .first()
      .waitFor();
  }

  it('adds a variety of the data set and sees it listed', async () => {
    const page = await open(SIZES[0], 'pt');
    await signIn(page);
    await openVarieties(page);
    await page.getByTestId('variety-add').click();
    const dialog = page.getByTestId('variety-add-dialog');
    await dialog.getByTestId('seeds-list').waitFor();
    // The first variety the farm may add: not added yet and indicated for its region.
    const row = dialog
      .getByTestId('seed-row')
      .filter({ has: page.locator('[data-testid=seed-add]:not([disabled])') })
      .first();
    addedName = (await row.locator('p').first().innerText()).trim();
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/cultivares' &&
          response.request().method() === 'POST',
      ),
      row.getByTestId('seed-add').click(),
    ]);
    expect(created.status()).toBe(201);
    // The row is marked as added (the locator above no longer matches it: its button is gone).
    await dialog
      .getByTestId('seed-row')
      .filter({ hasText: addedName })
      .first()
      .getByTestId('seed-added')
      .waitFor();
    await dialog.getByTestId('variety-add-close').click();
    await dialog.waitFor({ state: 'detached' });
    const listed = page.getByTestId('variety-row').filter({ hasText: addedName });
    await listed.waitFor();

    // The copy dialog and the request form, as they open (nothing sent).
    await listed.getByTestId('variety-copy').click();
    const copy = page.getByTestId('variety-copy-dialog');
    await copy.waitFor();
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'varieties-pt-desktop-copy.png') });
    await copy.getByRole('button', { name: text('pt', 'varieties', 'copy.cancel') }).click();
    await copy.waitFor({ state: 'detached' });
    await page.getByTestId('variety-request').click();
    const request = page.getByTestId('variety-request-dialog');
    await request.waitFor();
    await request.getByTestId('variety-request-send').click();
    await request
      .getByText(text('pt', 'errors', 'field.required'))
      .first()
      .waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'varieties-pt-desktop-request.png') });
  });

  for (const { language, size } of screenPairs(SIZES)) {
    it(`shows the varieties in ${language} on ${size.name}`, async () => {
      const page = await open(size, language);
      await signIn(page);
      await openVarieties(page);
      if (addedName) await page.getByTestId('variety-row').filter({ hasText: addedName }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        text(language, 'varieties', 'title'),
      );
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `varieties-${language}-${size.name}.png`),
        fullPage: true,
      });

      await page.getByTestId('variety-add').click();
      const dialog = page.getByTestId('variety-add-dialog');
      await dialog.getByTestId('seeds-list').waitFor();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `varieties-${language}-${size.name}-add.png`),
      });
      await page.context().close();
    });
  }
});
