import fs from 'node:fs';
import path from 'node:path';
import { NOTIFICATION_TYPE_IDS } from '@lavoura/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { DEMO_PASSWORD, SIZES, openPage, signInToDemo, text } from './support/demo.ts';
import { latestMailTo } from './support/outbox.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The weekly digest opened from the e-mailed link (issue 14 items 6 and 11): the Full demo
 * account's administrator asks for weekly applications on the demo farm with sprays, a platform
 * administrator runs this week's digest from the back office (through the job queue of the
 * embedded database), and the link in the e-mail opens the page without a sign-in; a broken link
 * shows the invalid state.
 */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const DEMO_ADMIN = 'admin@demo.lavoura.app';
const DEMO_FARM = 'Fazenda Três Irmãos';
const SHOTS_DIR = process.env.DIGEST_SCREENSHOT_DIR ?? '/tmp/weekly-digest-shots';
const DIGEST_RAW_KEY =
  /\b(states|weather|fields|harvest|upcoming|rain_status|weather_status)\.[a-z_]+/;

async function apiLogin(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/admin-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function api(baseUrl: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

describe.skipIf(!hasChromium)('the weekly digest (/weekly-digest)', () => {
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

  it('e-mails the Full account a link that opens its digest without a sign-in', async () => {
    // The grower signs in and asks for the weekly applications of the farm with sprays.
    const signedIn = await openPage(browser, SIZES[0], 'pt');
    await signInToDemo(signedIn, server.baseUrl, DEMO_FULL);
    await signedIn.context().close();
    const token = await apiLogin(server.baseUrl, DEMO_FULL);
    const farms = (await api(server.baseUrl, token, 'GET', '/api/farms')).body as {
      id: number;
      nome: string;
    }[];
    const farm = farms.find((f) => f.nome === DEMO_FARM);
    expect(farm).toBeTruthy();
    const saved = await api(server.baseUrl, token, 'PUT', `/api/farms/${farm!.id}/notifications`, {
      notification_type_ids: [NOTIFICATION_TYPE_IDS.weekly_applications],
      whatsapp_opt_in: false,
    });
    expect(saved.status).toBe(200);
    // The signed-in link answers too (the page's own "open my digest").
    const link = await api(server.baseUrl, token, 'GET', '/api/report/weekly-digest/link');
    expect(link.status).toBe(200);
    expect((link.body as { url: string }).url).toContain('/v3/weekly-digest?token=');

    // A platform administrator runs this week's digest now, through the job queue.
    const admin = await apiLogin(server.baseUrl, DEMO_ADMIN);
    const run = await api(server.baseUrl, admin, 'POST', '/admin-api/jobs/weekly-digest');
    expect(run.status).toBe(202);
    expect(run.body).toMatchObject({ queued: true });

    const mail = await latestMailTo(server.dataDir, DEMO_FULL, 30_000);
    const url = /(http\S+\/v3\/weekly-digest\?token=\S+)/.exec(mail.text)?.[1];
    expect(url).toBeTruthy();

    // Opened in a browser that never signed in.
    const page = await openPage(browser, SIZES[0], 'pt');
    await page.goto(url!.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    await page.getByTestId('weekly-digest').waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBeTruthy();
    const card = page.getByTestId('digest-farm').filter({ hasText: DEMO_FARM });
    await card.waitFor();
    await card.getByTestId('digest-weather-simulated').waitFor();
    expect(await card.getByTestId('digest-weather-day').count()).toBeGreaterThan(0);
    const body = await page.locator('body').innerText();
    expect(body).toContain(text('pt', 'digest', 'title'));
    expect(body).toContain('mm');
    expect(body).not.toMatch(DIGEST_RAW_KEY);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'weekly-digest-pt.png'), fullPage: true });

    // The back office lists the delivery as sent, offline (the outbox).
    const jobs = await api(server.baseUrl, admin, 'GET', '/admin-api/jobs');
    expect((jobs.body as { deliveries: unknown[] }).deliveries).toContainEqual(
      expect.objectContaining({
        kind: 'weekly_digest',
        channel: 'email',
        status: 'sent',
        offline: true,
      }),
    );
    await page.context().close();
  }, 120_000);

  it('shows an invalid link as such', async () => {
    const page = await openPage(browser, SIZES[1], 'en');
    await page.goto(`${server.baseUrl}/v3/weekly-digest?token=not-a-digest-link`);
    const panel = page.getByTestId('digest-invalid');
    await panel.waitFor();
    expect(await panel.innerText()).toContain(text('en', 'digest', 'states.invalid_title'));
    await page.screenshot({ path: path.join(SHOTS_DIR, 'weekly-digest-invalid-en.png') });
    await page.context().close();
  });
});
