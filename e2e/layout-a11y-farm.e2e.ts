import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser.ts';
import { demoHarvestedSeason, text } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { FULL, WALK_SIZES, walkFile } from './support/walk.ts';

/**
 * The walk's matrix (issue 27, support/walk.ts), the farm's screens and the maintenance page
 * (here for the files' balance of time): every screen in pt, en and es at 1366 and 390 px. The
 * account's screens are in layout-a11y-account.e2e.ts; the signed-out pages, insights and plans in
 * layout-a11y-outside.e2e.ts.
 */
describe.skipIf(!hasChromium)("the walk: the farm's screens in pt, en and es", () => {
  const file = walkFile();

  it.each(WALK_SIZES)(
    'at $width px: home, plot, weather, sowings, sowing, execution, program, varieties, notes, catalogue',
    async (size) => {
      // The file's first sign-in shows the Full plan's one-time welcome (in pt at 1366).
      const walk = await file.signedIn(size, FULL, { checkWelcome: size.name === 'desktop' });
      const { page } = walk;
      // The maps' zoom buttons keep the language the map was drawn in: a screen with a map is
      // loaded again in each language (a fresh visit in it, as before), not switched in place.
      await walk.screen('home', {
        reload: true,
        ready: async () => {
          await page.getByTestId('home-plots').waitFor();
          await page.getByTestId('plots-map').waitFor();
        },
      });

      // The demo farm with sowings and programs: a plot of it, a sowing with its program.
      const { farmId } = await demoHarvestedSeason(page);
      const { plotId, sowingId, programId } = await page.evaluate(async (farm) => {
        const plots = (await (await fetch(`/api/talhoes/${farm}`)).json()) as {
          id: number;
          enabled: boolean;
        }[];
        const sowings = (await (await fetch(`/api/semeaduras?fazenda_id=${farm}`)).json()) as {
          id: number;
          programa?: { id: number } | null;
        }[];
        const planned = sowings.find((sowing) => sowing.programa);
        return {
          plotId: (plots.find((plot) => plot.enabled) ?? plots[0])!.id,
          sowingId: planned!.id,
          programId: planned!.programa!.id,
        };
      }, farmId);

      await walk.visit(
        {
          url: `/v3/field?plot_id=${plotId}&fazenda_id=${farmId}`,
          reload: true,
          ready: async () => {
            await page.getByTestId('field-data').waitFor();
            // The plot's map (the NDVI panel's, when it has loaded, is the second).
            await page.getByTestId('plots-map').first().waitFor();
          },
        },
        [
          { screen: 'plot' },
          {
            screen: 'weather',
            open: async () => {
              await page.getByTestId('field-tab-weather').click();
              await page.getByTestId('weather-provider').waitFor();
              await page.getByTestId('rain-entry').waitFor();
            },
          },
        ],
      );

      await walk.screen('sowings', {
        url: '/v3/sowings',
        ready: () => page.getByTestId('sowings-list').first().waitFor(),
      });
      await walk.screen('sowing', {
        url: `/v3/sowings/${sowingId}`,
        ready: async () => {
          await page.getByTestId('sowing-detail-page').waitFor();
          await page.getByTestId('sowing-stage-step').first().waitFor();
        },
      });
      await walk.screen('execution', {
        url: `/v3/execucao?fazenda_id=${farmId}&semeadura=${sowingId}`,
        ready: async () => {
          await page.getByTestId('execution-page').waitFor();
          await page.getByTestId('program-chart').getByRole('img').first().waitFor();
        },
      });
      await walk.screen('program', {
        url: `/v3/programas?programa=${programId}`,
        ready: async () => {
          await page
            .getByTestId('program-editor')
            .getByTestId('program-application')
            .first()
            .waitFor();
          await page.getByTestId('program-chart').getByRole('img').first().waitFor();
        },
      });

      await walk.screen('varieties', {
        url: '/v3/cultivares',
        ready: () =>
          page
            .locator('[data-testid=varieties-list], [data-testid=varieties-empty]')
            .first()
            .waitFor(),
      });
      await walk.screen('notes', {
        url: '/v3/notes',
        ready: () =>
          page.locator('[data-testid=notes-list], [data-testid=notes-empty]').first().waitFor(),
      });

      await walk.screen('catalogue', {
        url: '/v3/catalog?category=fungicide',
        ready: () => page.getByTestId('catalog-list').waitFor(),
      });
      // Fox: efficacies read in a source, derived from trials and assumed, with their notes.
      await walk.screen('catalogue detail', {
        url: '/v3/catalog?category=fungicide&search=Fox',
        open: async () => {
          await page
            .locator('[data-testid=catalog-item-open], [data-testid=catalog-card]')
            .first()
            .click();
          const efficacies = page.getByTestId('catalog-detail').getByTestId('catalog-efficacies');
          await efficacies.waitFor();
          await efficacies.scrollIntoViewIfNeeded(); // the screenshot shows the notes and sources
        },
        close: async () => {
          await page.keyboard.press('Escape');
          await page.getByTestId('catalog-detail').waitFor({ state: 'detached' });
        },
      });
      await walk.close();
      expect(walk.report()).toBe('');
    },
    360_000,
  );

  describe('the maintenance page', () => {
    let maintenance: RunningServer;
    beforeAll(async () => {
      maintenance = await startServer({ MAINTENANCE_MODE: 'true' });
    });
    afterAll(async () => {
      await maintenance?.stop();
    });

    it('answers every API call with 503 while /healthz stays up', async () => {
      expect((await fetch(`${maintenance.baseUrl}/api/crops`)).status).toBe(503);
      expect((await fetch(`${maintenance.baseUrl}/healthz`)).status).toBe(200);
    });

    // It shows its own texts (a title and a message in the language); its button loads /v3/
    // again, which shows the page again while the maintenance lasts.
    it.each(WALK_SIZES)(
      'at $width px, whose button loads the app again',
      async (size) => {
        const walk = await file.open(size, maintenance.baseUrl);
        const { page } = walk;
        await walk.screen('maintenance', {
          url: '/v3/my_farm',
          ready: (language) =>
            page.getByText(text(language, 'warnings', 'maintenance.title')).waitFor(),
        });
        const texts = await page.getByTestId('maintenance-page').innerText();
        expect(texts).toContain(text(walk.language, 'warnings', 'maintenance.description'));
        await Promise.all([
          page.waitForURL(`${maintenance.baseUrl}/v3/`),
          page
            .getByRole('button', {
              name: text(walk.language, 'warnings', 'maintenance.check_availability'),
            })
            .click(),
        ]);
        await page.getByTestId('maintenance-page').waitFor();
        await walk.close();
        expect(walk.report()).toBe('');
      },
      120_000,
    );
  });
});
