import fs from 'node:fs';
import path from 'node:path';
import { formatNumber, toDisplayUnit, type Language } from '@lavoura/domain';
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
import { readOnlyServer, type RunningServer } from './support/server.ts';

/** Performance is on the Lavoura and Full plans: the Full demo account, whose farm has harvests. */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.PERFORMANCE_SCREENSHOT_DIR ?? '/tmp/performance-shots';
const PERFORMANCE_RAW_KEY =
  /\b(performance|cards|charts|filter|empty|tabs|unit|no_season|no_farm)\.[a-z_]+/;

interface Answer {
  season_crop_id: number;
  seasons_with_harvests: number[];
  summary: { average_productivity: number | null; production: number; harvested_sowings: number };
}

describe.skipIf(!hasChromium)('performance (/performance) with the demo harvests', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = readOnlyServer();
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const expectReadable = (page: Page) => expectReadableIn(page, PERFORMANCE_RAW_KEY);

  /** Opens Fazenda Três Irmãos' performance; answers the figures the page was given. */
  async function openPerformance(size: Size, language: Language) {
    const page = await openPage(browser, size, language);
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    const farmId = await page.evaluate(async () => {
      const farms = (await (await fetch('/api/farms')).json()) as { id: number; nome: string }[];
      return farms.find((row) => row.nome === 'Fazenda Três Irmãos')!.id;
    });
    // The page asks for the current season first, then opens on the harvested one.
    const harvested = page.waitForResponse(async (response) => {
      if (!response.url().includes('/api/performance?')) return false;
      const body = (await response.json()) as Answer;
      return body.summary.harvested_sowings > 0;
    });
    await page.goto(`${server.baseUrl}/v3/performance?fazenda_id=${farmId}`);
    const answer = (await (await harvested).json()) as Answer;
    await page.getByTestId('performance-figures').waitFor();
    await settled(page);
    return { page, answer };
  }

  const valueOf = async (page: Page, testId: string) =>
    ((await page.getByTestId(`${testId}-value`).innerText()) ?? '').replace(/\s/g, ' ');

  it('shows the demo’s previous season in sc/ha and sacks in Portuguese, with its charts', async () => {
    const { page, answer } = await openPerformance(SIZES[0], 'pt');
    expect(answer.seasons_with_harvests).toContain(answer.season_crop_id);
    const average = formatNumber(answer.summary.average_productivity!, 'pt', 1);
    expect(await valueOf(page, 'performance-average')).toBe(`${average} sc/ha`);
    expect(await valueOf(page, 'performance-total')).toContain(' sc');
    expect(await page.getByTestId('performance-highest-plot').innerText()).toContain('Talhão');
    // The three charts are drawn (Recharts' SVG), one per figure.
    for (const chart of ['cost', 'sprays', 'cycle'])
      await page
        .getByTestId(`performance-chart-${chart}`)
        .locator('svg.recharts-surface')
        .waitFor();
    await expectReadable(page);
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'performance-pt-desktop.png'),
      fullPage: true,
    });
    await page.context().close();
  });

  it('converts to bu/ac, bushels and acres in English, and says when the season has no harvest', async () => {
    const { page, answer } = await openPerformance(SIZES[0], 'en');
    const average = formatNumber(
      toDisplayUnit('productivity', answer.summary.average_productivity!, 'en'),
      'en',
      1,
    );
    expect(await valueOf(page, 'performance-average')).toBe(`${average} bu/ac`);
    expect(await valueOf(page, 'performance-total')).toBe(
      `${formatNumber(toDisplayUnit('sacks', answer.summary.production, 'en'), 'en', 0)} bu`,
    );
    expect(await page.getByTestId('performance-total').innerText()).toContain(' ac');
    expect(await page.getByTestId('performance-cost-value').innerText()).toContain('/ac');
    await page
      .getByRole('heading', {
        name: text('en', 'performance', 'charts.cost').replace('{{unit}}', 'ac'),
      })
      .waitFor();
    await expectReadable(page);
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'performance-en-desktop.png'),
      fullPage: true,
    });

    // The current season (sown, not harvested): the spec's first empty message.
    await page.getByTestId('performance-season').getByRole('combobox').click();
    await page.getByRole('option', { name: /\(current\)/ }).click();
    await page.getByTestId('performance-empty-season').waitFor();
    await page.getByText(text('en', 'performance', 'empty.season'), { exact: true }).waitFor();
    await settled(page);
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'performance-en-desktop-empty-season.png'),
    });
    await page.context().close();
  });

  it('fits a phone', async () => {
    const { page } = await openPerformance(SIZES[1], 'pt');
    await expectReadable(page);
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'performance-pt-mobile.png'),
      fullPage: true,
    });
    await page.context().close();
  });
});
