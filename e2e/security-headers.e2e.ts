import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, pageIn } from './support/browser.ts';
import { readOnlyServer, type RunningServer } from './support/server.ts';

/** Every CSP violation and console error of a page, collected while it runs. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  return problems;
}

describe.skipIf(!hasChromium)('the app and the API docs under the Content-Security-Policy', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = readOnlyServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the sign-in page with no CSP violation, its scripts pre-compressed', async () => {
    const page = await pageIn(browser, 'en');
    const problems = await watchProblems(page);
    const encodings: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js'))
        encodings.push(response.headers()['content-encoding'] ?? 'none');
    });
    const response = await page.goto(`${server.baseUrl}/v3/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('input[type="password"]').waitFor();
    expect(problems).toEqual([]);
    expect(encodings.length).toBeGreaterThan(0);
    expect(encodings.every((encoding) => encoding === 'br')).toBe(true);
    await page.context().close();
  });

  it('renders the OpenAPI UI at /api/docs with no CSP violation', async () => {
    const page = await pageIn(browser, 'en');
    const problems = await watchProblems(page);
    await page.goto(`${server.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .info .title').getByText('Lavoura API').waitFor();
    await page.locator('.opblock-summary-path').first().waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
