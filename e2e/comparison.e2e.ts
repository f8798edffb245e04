import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import {
  expectReadable as expectReadableIn,
  openPage,
  signInToDemo,
  text,
  type Size,
  screenPairs,
} from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

const DEMO_FULL = 'conta@full.demo.lavoura.app';
// The programs' screenshots' folder: the comparison is part of planning.
const SHOTS_DIR =
  process.env.COMPARISON_SCREENSHOT_DIR ?? process.env.PROGRAMS_SCREENSHOT_DIR ?? '/tmp/shots-f';
const COMPARISON_RAW_KEY =
  /\b(comparison|programs|picker|empty|column|chart|list|copy|score|unit)\.[a-z_]+/;
/** The sizes the screens are looked at in: a common laptop and a phone. */
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
type ShotSize = (typeof SIZES)[number];

describe.skipIf(!hasChromium)('program comparison (/comparacao)', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The two programs compared: a full plan and a cheaper one, on the first farm's variety. */
  let programs: { full: number; cheap: number } = { full: 0, cheap: 0 };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = (size: ShotSize, language: Language) =>
    openPage(browser, size as unknown as Size, language);
  const expectReadable = (page: Page) => expectReadableIn(page, COMPARISON_RAW_KEY);

  /**
   * Through the API, as /cultivares, /sowings and /programas do: two varieties of the first farm's
   * current soybean season (the second is where the copy dialog copies to), 5 ha of the first
   * sown, and two scored plans for it with the demo grower's products.
   */
  async function preparePrograms(page: Page) {
    return page.evaluate(async () => {
      const send = async (url: string, body: unknown, method = 'POST') => {
        const response = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return (await response.json()) as unknown;
      };
      const get = async (url: string) => (await (await fetch(url)).json()) as unknown;
      const farm = ((await get('/api/farms')) as { id: number }[])[0]!;
      const season = (
        (await get(`/api/season-crops?farm_id=${farm.id}&crop_id=1`)) as {
          id: number;
          status: string;
        }[]
      ).find((row) => row.status === 'current')!;
      const seeds = (await get(
        `/api/sementes/fazenda/${farm.id}?season_crop_id=${season.id}&crop_id=1&search=brs`,
      )) as { seed_id: number; added: number | null; recommended: boolean }[];
      const varieties: number[] = [];
      for (const seed of seeds.filter((row) => row.recommended).slice(0, 2)) {
        varieties.push(
          seed.added ??
            (
              (await send('/api/cultivares', {
                fazenda_id: farm.id,
                season_crop_id: season.id,
                seed_id: seed.seed_id,
              })) as { id: number }
            ).id,
        );
      }
      const plots = (await get(`/api/talhoes/${farm.id}`)) as {
        id: number;
        enabled: boolean;
        enabled_sowing: boolean;
        remaining_area: number;
      }[];
      const plot = plots.find(
        (row) => row.enabled && row.enabled_sowing && row.remaining_area >= 5,
      );
      if (plot)
        await send('/api/semeaduras', {
          fazenda_id: farm.id,
          talhao_id: plot.id,
          cultivar_id: varieties[0],
          area: 5,
          data_semeadura: '2026-10-20',
          data_emergencia: '2026-10-27',
          estimated_cycle: 120,
        });
      const defensives = (await get(`/api/defensives?farm_id=${farm.id}&crop_id=1`)) as {
        id: number;
        nome: string;
      }[];
      const product = (name: string, dose: number, preco: number) => ({
        defensivo_id: defensives.find((row) => row.nome === name)!.id,
        dose,
        preco,
      });
      const plan = async (
        nome: string,
        secondary: number[],
        sprays: { data: string; produtos: ReturnType<typeof product>[] }[],
      ) => {
        const created = (await send('/api/programas', {
          cultivar_id: varieties[0],
          nome,
          doenca_principal_id: 1,
          doencas_secundarias_ids: secondary,
          data_prevista: '2026-10-27',
          ciclo_dias: 120,
        })) as { id: number };
        for (const spray of sprays) await send(`/api/programas/${created.id}/planejamentos`, spray);
        return created.id;
      };
      const full = await plan(
        'Ferrugem e mancha-alvo',
        [3],
        [
          {
            data: '2026-12-04',
            produtos: [product('Fox', 0.4, 185), product('Unizeb Gold', 2, 38)],
          },
          { data: '2026-12-25', produtos: [product('Ativum', 0.8, 160)] },
          {
            data: '2027-01-15',
            produtos: [product('Elatus', 0.2, 640), product('Bravonil 720', 2, 36)],
          },
        ],
      );
      const cheap = await plan(
        'Ferrugem econômico',
        [],
        [
          { data: '2026-12-10', produtos: [product('Fox', 0.4, 185)] },
          { data: '2027-01-05', produtos: [product('Ativum', 0.8, 160)] },
        ],
      );
      return { full, cheap };
    });
  }

  it('adds two programs with the picker and keeps them in the address', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    programs = await preparePrograms(page);
    await page.goto(`${server.baseUrl}/v3/comparacao`);
    await page.getByTestId('comparison-empty').waitFor();
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'comparison-pt-desktop-empty.png') });
    const picker = page.getByTestId('comparison-picker');
    // The newest plan comes chosen: the cheaper one.
    await picker.getByTestId('comparison-program').getByText('Ferrugem econômico').waitFor();
    await picker.getByTestId('comparison-add').click();
    await picker.getByTestId('comparison-program').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Ferrugem e mancha-alvo', exact: true }).click();
    await picker.getByTestId('comparison-add').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('programas'), { timeout: 10_000 })
      .toBe(`${programs.cheap},${programs.full}`);
    const columns = page.getByTestId('comparison-column');
    await expect.poll(() => columns.count(), { timeout: 15_000 }).toBe(2);
    const full = columns.nth(1);
    // 0.4 × 185 + 2 × 38 = 150, 0.8 × 160 = 128, 0.2 × 640 + 2 × 36 = 200: 478 per hectare.
    expect(
      (await full.getByTestId('comparison-cost-per-area').innerText()).replace(/\s/g, ' '),
    ).toBe('R$ 478,00/ha');
    expect(await full.getByTestId('comparison-spray-count').innerText()).toBe('3');
    for (const column of await columns.all()) {
      const score = Number(
        (await column.getByTestId('comparison-score-value').innerText()).replace(',', '.'),
      );
      expect(score).toBeGreaterThan(0);
    }
    await page.getByTestId('comparison-chart').getByRole('img').first().waitFor();
    expect(await page.getByTestId('comparison-chart-disease').count()).toBe(2);
    // The link reopens the same comparison; removing one leaves the other.
    await page.reload();
    await expect.poll(() => columns.count(), { timeout: 15_000 }).toBe(2);
    await columns
      .first()
      .getByRole('button', {
        name: text('pt', 'comparison', 'column.remove').replace('{{name}}', 'Ferrugem econômico'),
      })
      .click();
    await expect.poll(() => columns.count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).searchParams.get('programas')).toBe(String(programs.full));
    await page.context().close();
  });

  it('copies a program to the farm’s other variety from /programas', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await page.goto(`${server.baseUrl}/v3/programas`);
    const row = page.getByTestId('program-row').filter({ hasText: 'Ferrugem econômico' });
    await row.waitFor();
    await row.getByTestId('program-more').click();
    await page.getByTestId('program-copy').click();
    const dialog = page.getByTestId('program-copy-dialog');
    const varieties = dialog.getByTestId('program-copy-varieties');
    await varieties.waitFor();
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'comparison-pt-desktop-copy-dialog.png') });
    await varieties.getByRole('checkbox').nth(1).check();
    const [copied] = await Promise.all([
      page.waitForResponse((response) => /\/clonar$/.test(new URL(response.url()).pathname)),
      dialog.getByTestId('program-copy-confirm').click(),
    ]);
    expect(copied.status(), await copied.text()).toBe(201);
    await page
      .getByText(text('pt', 'programs', 'copy.done_one').replace('{{count}}', '1'))
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The copy is on the other variety's list.
    await expect
      .poll(
        () => page.getByTestId('program-row').filter({ hasText: 'Ferrugem econômico' }).count(),
        { timeout: 15_000 },
      )
      .toBe(2);
    await page.context().close();
  });

  for (const { language, size } of screenPairs(SIZES)) {
    it(`shows two programs side by side in ${language} on ${size.name}`, async () => {
      expect(programs.full).toBeGreaterThan(0);
      const page = await open(size, language);
      await signInToDemo(page, server.baseUrl, DEMO_FULL);
      await page.goto(
        `${server.baseUrl}/v3/comparacao?programas=${programs.full},${programs.cheap}`,
      );
      await page.getByTestId('comparison-page').waitFor();
      // The picker, the varieties' names and the products' units come after the programs.
      await page.getByTestId('comparison-program').waitFor({ timeout: 20_000 });
      await page
        .getByTestId('comparison-farm-variety')
        .first()
        .getByText(/ · /)
        .waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const columns = page.getByTestId('comparison-column');
      await expect.poll(() => columns.count(), { timeout: 15_000 }).toBe(2);
      await page.getByTestId('comparison-chart').getByRole('img').first().waitFor();
      expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe(
        text(language, 'comparison', 'title'),
      );
      // Per acre in English, per hectare in Portuguese and Spanish.
      const cost = await columns.first().getByTestId('comparison-cost-per-area').innerText();
      expect(cost.endsWith(language === 'en' ? '/ac' : '/ha')).toBe(true);
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `comparison-${language}-${size.name}.png`),
        fullPage: true,
      });
      if (size.name === 'mobile') {
        // The entry points on a program's row: its menu with Copy and Compare.
        await page.goto(`${server.baseUrl}/v3/programas`);
        const row = page.getByTestId('program-row').first();
        await row.getByTestId('program-more').click();
        await page.getByTestId('program-compare').waitFor();
        await settled(page);
        await expectReadable(page);
        await page.screenshot({
          path: path.join(SHOTS_DIR, `comparison-${language}-${size.name}-programs-menu.png`),
        });
      }
      await page.context().close();
    });
  }
});
