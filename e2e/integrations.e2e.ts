import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { SIZES, expectReadable, openPage, signInToDemo, text, type Size } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Integrations are on the Full plan: the Full demo account. */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.INTEGRATIONS_SCREENSHOT_DIR ?? '/tmp/integrations-shots';
const INTEGRATIONS_RAW_KEY =
  /\b(status|kind|description|calendar|field_import|leaf)\.[a-z_]+\b(?!\.)/;

/** Two square boundaries near Cascavel (PR), as a FieldView GeoJSON export gives them. */
function boundaries(): Buffer {
  const square = (west: number, south: number) => [
    [
      [west, south],
      [west, south + 0.005],
      [west + 0.005, south + 0.005],
      [west + 0.005, south],
      [west, south],
    ],
  ];
  return Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'FieldView Norte' },
          geometry: { type: 'Polygon', coordinates: square(-53.47, -24.96) },
        },
        {
          type: 'Feature',
          properties: { name: 'FieldView Sul' },
          geometry: { type: 'Polygon', coordinates: square(-53.47, -24.97) },
        },
      ],
    }),
  );
}

describe.skipIf(!hasChromium)('integrations (/integrations)', () => {
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

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });

  async function openIntegrations(size: Size, language: Language): Promise<Page> {
    const page = await openPage(browser, size, language);
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await page.goto(`${server.baseUrl}/v3/integrations`);
    await page.getByTestId('integration-row').first().waitFor();
    await settled(page);
    return page;
  }

  it.each(
    SIZES.flatMap((size) => (['pt', 'en'] as const).map((language) => [size, language] as const)),
  )('lists the integrations with their state (%o, %s)', async (size, language) => {
    const page = await openIntegrations(size, language);
    await expect(page.getByTestId('integration-row').count()).resolves.toBe(3);
    expect(await page.locator('body').innerText()).toContain(
      text(language, 'integrations', 'manual_toggle_note'),
    );
    await expectReadable(page, INTEGRATIONS_RAW_KEY);
    await shot(page, `list-${size.name}-${language}`);
    await page.context().close();
  });

  it('gives a calendar address that any calendar app can read, with the demo sprays', async () => {
    const page = await openIntegrations(SIZES[0], 'pt');
    await page.locator('[data-testid=integration-row][data-code=google_calendar]').click();
    const input = page.getByTestId('calendar-feed-url');
    await input.waitFor();
    const url = await input.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    const feed = await page.request.get(url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const body = await feed.text();
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toMatch(/SUMMARY:Aplicação \d+ — /);
    // Google is not configured in the test server: the page says the feed is the way.
    await page.getByTestId('google-connect').click();
    await page.getByTestId('google-not-configured').waitFor();
    await shot(page, 'calendar-pt');
    await page.context().close();
  });

  it('imports FieldView boundaries onto the current farm and shows what was created', async () => {
    const page = await openIntegrations(SIZES[0], 'pt');
    await page.getByTestId('integrations-add').click();
    await page.locator('[data-testid=integration-option][data-code=fieldview]').click();
    await page.getByTestId('field-import-file').setInputFiles({
      name: 'fieldview-boundaries.geojson',
      mimeType: 'application/geo+json',
      buffer: boundaries(),
    });
    await page.getByTestId('field-import-submit').click();
    const result = page.getByTestId('field-import-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('2 talhões criados');
    await shot(page, 'field-import-pt');
    await page.context().close();
  });

  it('says honestly that Leaf is not configured', async () => {
    const page = await openIntegrations(SIZES[1], 'en');
    await page.getByTestId('integrations-add').click();
    await page.locator('[data-testid=integration-option][data-code=leaf_agriculture]').click();
    await page.getByTestId('leaf-not-configured').waitFor();
    await shot(page, 'leaf-mobile-en');
    await page.context().close();
  });
});
