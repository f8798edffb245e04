import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeRulesFor, axeViolations, settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import {
  SIZES,
  expectReadable,
  signInToDemo,
  text,
  type Size,
  screenPairs,
} from './support/demo.ts';
import { readOnlyServer, type RunningServer } from './support/server.ts';

/**
 * The plot screen's NDVI offline (issue 14 item 9; axe-clean date buttons: issue 27 item 12): the demo Full account's "Talhão 01 - Sede" has
 * NDVI contracted, the server runs with the default NDVI_PROVIDER=simulated, so the scenes are
 * labelled 'Simulated data' and the selected scene's image lies over the plot on the map.
 */
const SHOTS_DIR = process.env.NDVI_SCREENSHOT_DIR ?? '/tmp/ndvi-shots';
const NDVI_RAW_KEY = /\bndvi\.[a-z_]+/;
const DEMO_FULL_ACCOUNT = 'conta@full.demo.lavoura.app';

describe.skipIf(!hasChromium)('NDVI on the plot screen (/field)', () => {
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

  /** A page in `language` at `size` that axe can be injected into (an inline script: past CSP). */
  async function open(size: Size, language: Language): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      locale: { pt: 'pt-BR', en: 'en-US', es: 'es-AR' }[language],
      bypassCSP: true,
    });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    return context.newPage();
  }

  /** The demo plot with NDVI, found through the API as the farm page would. */
  async function ndviPlot(page: Page): Promise<{ farmId: number; plotId: number }> {
    return page.evaluate(async () => {
      const farms = (await (await fetch('/api/farms')).json()) as { id: number; nome: string }[];
      for (const farm of farms) {
        const plots = (await (await fetch(`/api/talhoes/${farm.id}`)).json()) as {
          id: number;
          enabled_ndvi: boolean;
        }[];
        const plot = plots.find((item) => item.enabled_ndvi);
        if (plot) return { farmId: farm.id, plotId: plot.id };
      }
      throw new Error('No demo plot has NDVI');
    });
  }

  for (const { language, size } of screenPairs(SIZES))
    it(`shows the simulated scenes and the image over the plot in ${language} on ${size.name}`, async () => {
      const page = await open(size, language);
      try {
        await signInToDemo(page, server.baseUrl, DEMO_FULL_ACCOUNT);
        const { farmId, plotId } = await ndviPlot(page);
        await page.goto(`${server.baseUrl}/v3/field?plot_id=${plotId}&fazenda_id=${farmId}`);
        await page.getByTestId('ndvi-panel').waitFor();
        await page.getByTestId('ndvi-scenes').waitFor();
        expect(await page.getByTestId('ndvi-simulated').innerText()).toBe(
          text(language, 'ndvi', 'simulated'),
        );
        // Sentinel-2 passes every 5 days: the default 60 days hold a dozen scenes.
        expect(await page.getByTestId(/^ndvi-scene-\d/).count()).toBeGreaterThanOrEqual(10);
        // The image is drawn by the server for this plot and lies on the map.
        const overlay = page.locator('img.leaflet-image-layer');
        await overlay.waitFor();
        expect(await overlay.getAttribute('src')).toContain(`/api/ndvi/images/${plotId}/`);
        // The server draws the image at its first request: seconds on a loaded machine, more
        // than the poll's default second.
        await expect
          .poll(() => overlay.evaluate((image: HTMLImageElement) => image.naturalWidth), {
            timeout: 20_000,
          })
          .toBeGreaterThan(0);
        await page.getByTestId('ndvi-legend').waitFor();
        await settled(page);
        await expectReadable(page, NDVI_RAW_KEY);
        // The date buttons: named by their visible text, readable (≥ 4.5:1), on the whole page.
        const firstScene = page.getByTestId(/^ndvi-scene-\d/).first();
        expect(await firstScene.getAttribute('aria-label')).toBeNull();
        // Every rule in pt at 1280 and es at 390; the rules a language can change in the others.
        expect(await axeViolations(page, axeRulesFor(language, size.width))).toEqual([]);
        await page
          .getByTestId('field-ndvi')
          .screenshot({ path: path.join(SHOTS_DIR, `ndvi-${language}-${size.name}.png`) });
      } finally {
        await page.context().close();
      }
    });
});
