import { describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser.ts';
import { demoHarvestedSeason } from './support/demo.ts';
import { FULL, PRO, WALK_SIZES, walkFile } from './support/walk.ts';

/**
 * The walk's matrix (issue 27, support/walk.ts), the screens outside the farm and the account:
 * the signed-out pages, the insights and the plans, every one in pt, en and es at 1366 and 390 px.
 * Each of them shows texts of its own that change with the language, so each is read in all six.
 * The farm's screens and the maintenance page are in layout-a11y-farm.e2e.ts, the account's in
 * layout-a11y-account.e2e.ts.
 */
describe.skipIf(!hasChromium)('the walk: the other screens in pt, en and es', () => {
  const file = walkFile();

  it.each(WALK_SIZES)(
    'signed out at $width px: login, sign-up, activation, terms',
    async (size) => {
      const walk = await file.open(size);
      const { page } = walk;
      for (const [screen, url, ready] of [
        ['login', '/v3/login', 'input[name=email]'],
        ['sign-up', '/v3/signup', '[data-testid=signup-page]'],
        ['activation', '/v3/account/activate?email=ana%40example.com', 'h1'],
        ['terms', '/v3/terms', 'h1'],
      ] as const) {
        await walk.screen(screen, { url, ready: () => page.locator(ready).first().waitFor() });
      }
      await walk.close();
      expect(walk.report()).toBe('');
    },
    180_000,
  );

  it.each(WALK_SIZES)(
    'the insights at $width px: performance, both reports, the weekly digest',
    async (size) => {
      const walk = await file.signedIn(size, FULL);
      const { page } = walk;
      const { farmId, seasonCropId } = await demoHarvestedSeason(page);
      const digest = await page.evaluate(async () => {
        const link = (await (await fetch('/api/report/weekly-digest/link')).json()) as {
          url: string;
        };
        return new URL(link.url).search;
      });
      const query = `farm_id=${farmId}&season_crop_id=${seasonCropId}`;
      await walk.screen('performance', {
        url: `/v3/performance?fazenda_id=${farmId}`,
        ready: async () => {
          await page.getByTestId('performance-figures').waitFor();
          await page.locator('[data-testid^=performance-chart-] svg').first().waitFor();
        },
      });
      await walk.screen('spraying report', {
        url: `/v3/reports/programa?${query}`,
        ready: () => page.getByTestId('programa-sowing').first().waitFor(),
      });
      await walk.screen('season report', {
        url: `/v3/reports/season-report?${query}`,
        ready: () => page.getByTestId('season-harvests').first().waitFor(),
      });
      await walk.screen('weekly digest', {
        url: `/v3/weekly-digest${digest}`,
        ready: () => page.getByTestId('digest-farm').first().waitFor(),
      });
      await walk.close();
      expect(walk.report()).toBe('');
    },
    180_000,
  );

  it.each(WALK_SIZES)(
    'the plans at $width px: the plan presentation, the plans and the payment page',
    async (size) => {
      const walk = await file.signedIn(size, PRO);
      const { page } = walk;
      await walk.screen('plan presentation', {
        url: '/v3/sowings',
        ready: async () => {
          await page.getByTestId('plan-list').waitFor();
          await page.getByTestId('plan-4').waitFor();
        },
      });
      await walk.screen('plans', {
        url: '/v3/plans',
        ready: async () => {
          await page.getByTestId('plans-page').waitFor();
          await page.getByTestId('tier-4').waitFor();
        },
      });
      await walk.screen('payment', {
        url: '/v3/payment?plan_priority=4&frequency=12',
        ready: async () => {
          await page.getByTestId('payment-form').waitFor();
          await page.getByTestId('method-credit_card').waitFor();
        },
      });
      await walk.close();
      expect(walk.report()).toBe('');
    },
    180_000,
  );
});
