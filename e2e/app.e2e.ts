import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAW_KEY, SCREENSHOT_DIR, hasChromium, launchBrowser, pageIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

type Texts = Record<string, Record<string, string>>;

describe.skipIf(!hasChromium)('the app in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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

describe.skipIf(!hasChromium)('the app in maintenance mode', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ MAINTENANCE_MODE: 'true' });
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers every API call with 503 while /healthz stays up', async () => {
    expect((await fetch(`${server.baseUrl}/api/crops`)).status).toBe(503);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });

  it.each(LANGUAGES)(
    'shows the maintenance page in %s, whose button reloads /v3/',
    async (language) => {
      const page = await pageIn(browser, language, language === 'es' ? 390 : 1280);
      await page.goto(`${server.baseUrl}/v3/my_farm`);
      const warnings = resources[language].warnings as unknown as Texts;
      const maintenance = page.getByTestId('maintenance-page');
      await maintenance.waitFor();
      const text = await maintenance.innerText();
      expect(text).toContain(warnings.maintenance!.title!);
      expect(text).toContain(warnings.maintenance!.description!);
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `maintenance-${language}.png`) });
      await Promise.all([
        page.waitForURL(`${server.baseUrl}/v3/`),
        page.getByRole('button', { name: warnings.maintenance!.check_availability! }).click(),
      ]);
      await page.getByTestId('maintenance-page').waitFor();
      await page.context().close();
    },
  );
});
