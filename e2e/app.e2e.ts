import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAW_KEY, SCREENSHOT_DIR, hasChromium, launchBrowser, pageIn } from './support/browser.ts';
import { readOnlyServer, type RunningServer } from './support/server.ts';

type Texts = Record<string, Record<string, string>>;

describe.skipIf(!hasChromium)('the app in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;

  // Nothing here writes but a sign-in: the run's shared server (support/server.ts).
  beforeAll(async () => {
    server = readOnlyServer();
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('redirects / to /v3/', async () => {
    const page = await pageIn(browser, 'pt');
    await page.goto(`${server.baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/v3/');
    await page.context().close();
  });

  it.each(LANGUAGES)(
    'loads /v3/ for a visitor (the sign-in page) in %s with the crops from the API and no raw keys',
    async (language) => {
      const page = await pageIn(browser, language);
      await page.goto(`${server.baseUrl}/v3/`);
      const home = resources[language].home as unknown as { hero: { title: string } };
      const reference = resources[language].reference as unknown as Texts;
      await page.getByText(home.hero.title).first().waitFor();
      // The crops come from GET /api/crops, translated by their message keys.
      await page.getByText(reference.crop!.wheat!, { exact: true }).first().waitFor();
      await page.getByText(reference.crop!.soybean!, { exact: true }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toMatch(
        new RegExp(`^${language}`),
      );
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `home-${language}.png`),
        fullPage: true,
      });
      await page.context().close();
    },
  );

  it('answers a deep link under /v3/ with the app: to /login when logged out, its not-found page when signed in', async () => {
    const page = await pageIn(browser, 'en');
    const response = await page.goto(`${server.baseUrl}/v3/somewhere/that/does/not/exist`);
    expect(response?.status()).toBe(200);
    await page.waitForURL(/\/v3\/login/);

    // Signed in outside the page: the answer's cookies land in the browser's cookie jar.
    const login = await page.request.post(`${server.baseUrl}/admin-api/login`, {
      data: { email: 'conta@full.demo.lavoura.app', password: 'Lavoura2026' },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${server.baseUrl}/v3/somewhere/that/does/not/exist`);
    const warnings = resources.en.warnings as unknown as Texts;
    await page.getByText(warnings.not_found!.title!).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await page.context().close();
  });
});
