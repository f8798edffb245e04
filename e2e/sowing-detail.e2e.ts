import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { expectReadable as expectReadableIn, signInToDemo, text } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Sowings are on the Lavoura and Full plans: the Full demo account. */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.SOWING_DETAIL_SCREENSHOT_DIR ?? '/tmp/shots-b';
const RECORDS_RAW_KEY =
  /\b(sowing-records|stages|observe|harvests?|harvest_form|harvest_remove|irrigations?|irrigation_form|irrigation_remove|header|status|growth_stage)\.[a-z_]+/;
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];
const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-AR' };

/**
 * A sowing of the demo farm's current soybean season, made through the API as /cultivares and
 * /sowings would: a variety added to the farm, then a sown and emerged sowing on a free field.
 */
async function createSowing(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const json = async <T>(url: string, init?: RequestInit): Promise<T> => {
      const response = await fetch(url, {
        ...init,
        headers: { 'content-type': 'application/json' },
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const [farm] = await json<{ id: number }[]>('/api/farms');
    const seasons = await json<{ id: number; status: string }[]>(
      `/api/season-crops?farm_id=${farm!.id}&crop_id=1`,
    );
    const season = seasons.find((row) => row.status === 'current')!;
    const seeds = await json<{ seed_id: number; added: number | null }[]>(
      `/api/sementes/fazenda/${farm!.id}?season_crop_id=${season.id}&crop_id=1&search=brs`,
    );
    // One the farm does not have yet (the demo sows two BRS varieties there).
    const variety = await json<{ id: number }>('/api/cultivares', {
      method: 'POST',
      body: JSON.stringify({
        fazenda_id: farm!.id,
        season_crop_id: season.id,
        seed_id: seeds.find((seed) => seed.added === null)!.seed_id,
      }),
    });
    const plots = await json<{ id: number; enabled: boolean; remaining_area: number }[]>(
      `/api/talhoes/${farm!.id}`,
    );
    const plot = plots.find((row) => row.enabled && row.remaining_area >= 5)!;
    const sowing = await json<{ id: number }>('/api/semeaduras', {
      method: 'POST',
      body: JSON.stringify({
        fazenda_id: farm!.id,
        talhao_id: plot.id,
        cultivar_id: variety.id,
        area: 5,
        data_semeadura: '2026-10-01',
        data_emergencia: '2026-10-08',
        estimated_cycle: 120,
      }),
    });
    await json(`/api/semeaduras/${sowing.id}/colheita`, {
      method: 'POST',
      body: JSON.stringify({ data_colheita: '2026-11-24', produtividade: 62.5 }),
    });
    return sowing.id;
  });
}

describe.skipIf(!hasChromium)('a sowing’s page (/sowings/{id})', () => {
  let server: RunningServer;
  let browser: Browser;
  let sowingId = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(size: Size, language: Language): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      locale: LOCALES[language],
    });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    return page;
  }

  async function openSowing(page: Page) {
    await page.goto(`${server.baseUrl}/v3/sowings/${sowingId}`);
    await page.getByTestId('sowing-detail-page').waitFor();
    await page
      .locator('[data-testid=sowing-irrigation-row], [data-testid=sowing-irrigations-list-empty]')
      .first()
      .waitFor();
    await page.getByTestId('sowing-harvest-row').first().waitFor();
  }

  it('records an irrigation and an observed stage in pt', async () => {
    const page = await open(SIZES[0], 'pt');
    sowingId = await createSowing(page);
    await openSowing(page);
    expect(await page.getByTestId('sowing-detail-area').innerText()).toBe('5 ha');
    expect(await page.getByTestId('sowing-stage-step').count()).toBeGreaterThan(10);

    // An irrigation of 25 mm.
    await page.getByTestId('sowing-irrigation-add').click();
    const irrigation = page.getByTestId('sowing-irrigation-form');
    await irrigation.getByTestId('irrigation-form-start').fill('2026-11-20T06:00');
    await irrigation.getByTestId('irrigation-form-end').fill('2026-11-20T05:00');
    await irrigation.getByTestId('irrigation-form-amount').fill('25');
    await irrigation.getByTestId('irrigation-form-save').click();
    await irrigation
      .getByText(text('pt', 'errors', 'exception.irrigation.start_after_end'))
      .waitFor();
    await irrigation.getByTestId('irrigation-form-end').fill('2026-11-20T09:30');
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/irrigacoes') && response.request().method() === 'POST',
      ),
      irrigation.getByTestId('irrigation-form-save').click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(201);
    expect((saved.request().postDataJSON() as { blade_mm: number }).blade_mm).toBe(25);
    await irrigation.waitFor({ state: 'detached' });
    await page.getByTestId('sowing-irrigation-row').waitFor();
    expect(await page.getByTestId('sowing-irrigation-total').innerText()).toContain('25 mm');

    // The stage seen in the field: R3.
    const r3 = text('pt', 'reference', 'growth_stage.soybean.r3');
    await page.getByTestId('sowing-observe').click();
    const observe = page.getByTestId('sowing-observe-dialog');
    await observe.getByRole('combobox').click();
    await page.getByRole('option', { name: r3, exact: true }).click();
    await observe.getByTestId('sowing-observe-save').click();
    await observe.waitFor({ state: 'detached' });
    await page.getByTestId('sowing-observation').waitFor();
    await expect.poll(() => page.getByTestId('sowing-detail-stage').innerText()).toBe(r3);
    expect(
      await page.locator('[data-testid=sowing-stage-step][aria-current=step]').innerText(),
    ).toContain('R3');

    // A link to the sowing while another farm is current: the farm switches and the sowing opens.
    const farms = await page.evaluate(async () =>
      ((await (await fetch('/api/farms')).json()) as { id: number }[]).map((farm) => farm.id),
    );
    const [sowingFarm, otherFarm] = farms;
    await page.goto(`${server.baseUrl}/v3/sowings/${sowingId}?fazenda_id=${otherFarm}`);
    await page.waitForURL(new RegExp(`/v3/sowings/${sowingId}\\?fazenda_id=${sowingFarm}$`));
    await page.getByTestId('sowing-detail-page').waitFor();
    expect(await page.getByTestId('sowing-detail-not-found').count()).toBe(0);
    // A sowing the account does not have is still not found.
    await page.goto(`${server.baseUrl}/v3/sowings/999999`);
    await page.getByTestId('sowing-detail-not-found').waitFor();
    await page.context().close();
  });

  for (const language of ['pt', 'en', 'es'] as const) {
    for (const size of SIZES) {
      it(`shows the sowing in ${language} on ${size.name}`, async () => {
        expect(sowingId, 'the first test made the sowing').toBeGreaterThan(0);
        const page = await open(size, language);
        await openSowing(page);
        if (language === 'en') {
          expect(await page.getByTestId('sowing-detail-area').innerText()).toBe('12.36 ac');
          expect(await page.getByTestId('sowing-irrigation-amount').innerText()).toBe('0.98 in');
          expect(await page.getByTestId('sowing-harvest-productivity').innerText()).toBe(
            '55.76 bu/ac',
          );
        }
        await settled(page);
        await expectReadableIn(page, RECORDS_RAW_KEY);
        await page.screenshot({
          path: path.join(SHOTS_DIR, `sowing-detail-${language}-${size.name}.png`),
          fullPage: true,
        });
        if (language === 'pt' || size.name === 'mobile') {
          await page.getByTestId('sowing-harvest-add').click();
          await page.getByTestId('sowing-harvest-form').waitFor();
          await settled(page);
          await page.screenshot({
            path: path.join(SHOTS_DIR, `sowing-detail-${language}-${size.name}-harvest.png`),
          });
        }
        await page.context().close();
      });
    }
  }
});
