import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.ts';
import {
  SIZES,
  demoHarvestedSeason,
  expectReadable,
  openPage,
  signInToDemo,
  text,
} from './support/demo.ts';
import { readOnlyServer, type RunningServer } from './support/server.ts';

/** Reports are on the Full plan: the Full demo account, whose farm has a harvested season. */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const OUT_DIR = process.env.REPORTS_SCREENSHOT_DIR ?? 'test-results/reports';
const REPORTS_RAW_KEY =
  /\b(title|summary|section|column|status|notes|page_ui|sowing_line|program_line)\.[a-z_]+/;
const PDFTOPPM = '/usr/bin/pdftoppm';

describe.skipIf(!hasChromium)('reports (/reports/programa, /reports/season-report)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = readOnlyServer();
    browser = await launchBrowser();
    fs.mkdirSync(OUT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the demo farm’s spraying report, downloads its PDF and renders the first page as an image', async () => {
    const page = await openPage(browser, SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    // Fazenda Três Irmãos and its previous soybean season: sprayed and harvested (demo-harvests.ts).
    const { farmId, seasonCropId } = await demoHarvestedSeason(page);
    await page.goto(
      `${server.baseUrl}/v3/reports/programa?farm_id=${farmId}&season_crop_id=${seasonCropId}`,
    );
    await page.getByTestId('programa-report').waitFor();
    // Outside the shell: the report, its toolbar, no drawer.
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      text('pt', 'reports', 'title.programa'),
    );
    expect(await page.getByTestId('programa-sowing').count()).toBeGreaterThan(0);
    await expectReadable(page, REPORTS_RAW_KEY);
    await page.screenshot({ path: path.join(OUT_DIR, 'programa-page.png'), fullPage: true });
    // Printed, the controls are gone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('report-toolbar').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^relatorio-pulverizacao-fazenda-tres-irmaos-.*\.pdf$/,
    );
    const pdfPath = path.join(OUT_DIR, 'programa.pdf');
    await download.saveAs(pdfPath);
    const bytes = fs.readFileSync(pdfPath);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text: pdfText } = await extractText(pdf, { mergePages: true });
    const flat = pdfText.replace(/\s+/g, ' ');
    expect(flat).toContain(text('pt', 'reports', 'title.programa'));
    expect(flat).toContain('Fazenda Três Irmãos');
    expect(flat).toContain('Talhão 01 - Sede');
    expect(flat).toMatch(/Página 1 de \d+/);

    // The first page as a PNG, to look at.
    if (fs.existsSync(PDFTOPPM)) {
      execFileSync(PDFTOPPM, [
        '-png',
        '-r',
        '110',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdfPath,
        path.join(OUT_DIR, 'programa-page-1'),
      ]);
      expect(fs.statSync(path.join(OUT_DIR, 'programa-page-1.png')).size).toBeGreaterThan(10_000);
    }
    await page.context().close();
  });

  it('opens the season report of the same farm and season in English, with its PDF', async () => {
    const page = await openPage(browser, SIZES[0], 'en');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    const { farmId, seasonCropId } = await demoHarvestedSeason(page);
    await page.goto(
      `${server.baseUrl}/v3/reports/programa?farm_id=${farmId}&season_crop_id=${seasonCropId}`,
    );
    await page.getByTestId('programa-report').waitFor();
    // The other report of the same farm and season is one click away.
    await page.getByTestId('report-other').click();
    await page.getByTestId('season-report').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Season report');
    expect(await page.getByTestId('season-harvests').first().textContent()).toContain('bu/ac');
    await expectReadable(page, REPORTS_RAW_KEY);
    await page.screenshot({ path: path.join(OUT_DIR, 'season-page-en.png'), fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-download').click(),
    ]);
    const pdfPath = path.join(OUT_DIR, 'season-en.pdf');
    await download.saveAs(pdfPath);
    if (fs.existsSync(PDFTOPPM))
      execFileSync(PDFTOPPM, [
        '-png',
        '-r',
        '110',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdfPath,
        path.join(OUT_DIR, 'season-en-page-1'),
      ]);
    await page.context().close();
  });
});
