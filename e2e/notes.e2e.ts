import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { greenPng } from './support/files.ts';
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

const SHOTS_DIR = process.env.NOTES_SCREENSHOT_DIR ?? '/tmp/notes-shots';
const TITLE = 'Ferrugem no baixeiro do Talhão Norte';

/** Keys of the notes screen left untranslated: the shared check does not know these namespaces. */
const NOTES_RAW_KEY = /\b(notes|note_category|note|form|filter|plot_tab|no_match|empty)\.[a-z_]+/;

describe.skipIf(!hasChromium)('field notes', () => {
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

  const open = (size: Size, language: Language) => openPage(browser, size, language);

  const signIn = (page: Page, email?: string) => signInToDemo(page, server.baseUrl, email);

  const expectReadable = (page: Page) => expectReadableIn(page, NOTES_RAW_KEY);

  it('creates a note with a photo and sees it in the notebook', async () => {
    const page = await open(SIZES[0], 'pt');
    await signIn(page);
    await page.goto(`${server.baseUrl}/v3/notes`);
    await page.getByTestId('notes-page').waitFor();
    await page.locator('[data-testid=notes-list], [data-testid=notes-empty]').first().waitFor();
    await page.getByTestId('note-add').click();
    const dialog = page.getByTestId('note-dialog');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: text('pt', 'notes', 'form.title') }).fill(TITLE);
    await dialog.getByRole('combobox', { name: text('pt', 'notes', 'form.category') }).click();
    await page
      .getByRole('option', { name: text('pt', 'reference', 'note_category.diseases') })
      .click();
    await dialog.getByRole('combobox', { name: text('pt', 'notes', 'form.plot') }).click();
    // The first of the farm's fields (the list starts with "whole farm").
    const plotOption = page.getByRole('option').nth(1);
    const plotName = (await plotOption.innerText()).trim();
    await plotOption.click();
    await dialog
      .getByRole('textbox', { name: text('pt', 'notes', 'form.description') })
      .fill('Pústulas nas folhas de baixo. Aplicar fungicida na semana que vem.');
    await dialog
      .getByTestId('note-file-input')
      .setInputFiles({ name: 'folha.png', mimeType: 'image/png', buffer: greenPng() });
    await dialog.getByTestId('note-new-file').waitFor();
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          /\/api\/farms\/\d+\/fields-notes$/.test(response.url()) &&
          response.request().method() === 'POST',
      ),
      dialog.getByTestId('note-save').click(),
    ]);
    expect(created.status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('note-card').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.innerText()).toContain(plotName);
    expect(await card.innerText()).toContain(text('pt', 'reference', 'note_category.diseases'));
    // The photo is previewed through the authorised download.
    const image = card.getByTestId('note-image').locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);

    // Found by its category, and not under another.
    const byCategory = async (name: string, id: number) => {
      await page.getByTestId('notes-filter-category_id').getByRole('combobox').click();
      await Promise.all([
        page.waitForResponse(
          (response) =>
            response.url().includes('/fields-notes?') &&
            decodeURIComponent(response.url()).includes(`category_id:${id}`),
        ),
        page.getByRole('option', { name, exact: true }).click(),
      ]);
    };
    await byCategory(text('pt', 'reference', 'note_category.climate'), 2);
    await page.getByTestId('note-card').filter({ hasText: TITLE }).waitFor({ state: 'detached' });
    await byCategory(text('pt', 'reference', 'note_category.diseases'), 3);
    await page.getByTestId('note-card').filter({ hasText: TITLE }).waitFor();

    // The plot's page lists it in its notes tab.
    const saved = (await created.json()) as { farm: { id: number }; plot: { id: number } };
    await page.goto(
      `${server.baseUrl}/v3/field?plot_id=${saved.plot.id}&fazenda_id=${saved.farm.id}`,
    );
    await page.getByRole('tab', { name: text('pt', 'field', 'tabs.notes') }).click();
    const tab = page.getByTestId('plot-notes');
    await tab.getByRole('heading', { name: TITLE }).waitFor();
    await tab.scrollIntoViewIfNeeded();
    await settled(page);
    await expectReadable(page);
    // The window as scrolled to the tab (a full-page shot draws the fixed top bar mid-page).
    await page.screenshot({ path: path.join(SHOTS_DIR, 'plot-notes-pt-desktop.png') });
  });

  for (const { language, size } of screenPairs(SIZES)) {
    it(`shows the notebook in ${language} on ${size.name}`, async () => {
      const page = await open(size, language);
      await signIn(page);
      await page.goto(`${server.baseUrl}/v3/notes`);
      const card = page.getByTestId('note-card').filter({ hasText: TITLE });
      await card.waitFor();
      await card.getByTestId('note-image').locator('img').waitFor();
      await expect
        .poll(() =>
          card
            .getByTestId('note-image')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete),
        )
        .toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        text(language, 'notes', 'title'),
      );
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `notes-${language}-${size.name}.png`),
        fullPage: true,
      });

      // The form, as it opens for a new note.
      await page.getByTestId('note-add').click();
      const dialog = page.getByTestId('note-dialog');
      await dialog.waitFor();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `notes-${language}-${size.name}-form.png`),
      });
      await page.context().close();
    });
  }
});
