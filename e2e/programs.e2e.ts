import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@lavoura/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import {
  DEMO_PRO,
  expectReadable as expectReadableIn,
  openPage,
  signInToDemo,
  text,
  type Size,
  screenPairs,
} from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.PROGRAMS_SCREENSHOT_DIR ?? '/tmp/shots-f';
const PROGRAMS_RAW_KEY =
  /\b(programs|filter|no_farm|no_season|no_varieties|list|unit|settings|editor|application|delete|duplicate|score|warning|chart)\.[a-z_]+/;
/** The sizes the screens are looked at in: a common laptop and a phone. */
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
type ShotSize = (typeof SIZES)[number];

describe.skipIf(!hasChromium)('spray programs (/programas)', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The program the first test plans; the screenshots open it. */
  let programId = 0;
  /** The program scored with Fox against Asian rust; the screenshots open it too. */
  let scoredId = 0;

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
  const expectReadable = (page: Page) => expectReadableIn(page, PROGRAMS_RAW_KEY);

  /**
   * Gives the first farm a variety in its current soybean season (as /cultivares does) and sows
   * 5 ha of it (as /sowings does), so the program has a sown area to cost.
   */
  async function prepareVariety(page: Page) {
    await page.evaluate(async () => {
      const json = async (response: Response) => (await response.json()) as unknown;
      const farms = (await json(await fetch('/api/farms'))) as { id: number }[];
      const farm = farms[0]!;
      const seasons = (await json(
        await fetch(`/api/season-crops?farm_id=${farm.id}&crop_id=1`),
      )) as { id: number; status: string }[];
      const season = seasons.find((row) => row.status === 'current')!;
      const seeds = (await json(
        await fetch(
          `/api/sementes/fazenda/${farm.id}?season_crop_id=${season.id}&crop_id=1&search=brs`,
        ),
      )) as { seed_id: number; added: number | null; recommended: boolean }[];
      const seed = seeds.find((row) => row.recommended) ?? seeds[0]!;
      let varietyId = seed.added;
      if (varietyId === null) {
        const added = await fetch('/api/cultivares', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fazenda_id: farm.id,
            season_crop_id: season.id,
            seed_id: seed.seed_id,
          }),
        });
        varietyId = ((await json(added)) as { id: number }).id;
      }
      const plots = (await json(await fetch(`/api/talhoes/${farm.id}`))) as {
        id: number;
        enabled: boolean;
        enabled_sowing: boolean;
        remaining_area: number;
      }[];
      const plot = plots.find(
        (row) => row.enabled && row.enabled_sowing && row.remaining_area >= 5,
      );
      if (plot)
        await fetch('/api/semeaduras', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fazenda_id: farm.id,
            talhao_id: plot.id,
            cultivar_id: varietyId,
            area: 5,
            data_semeadura: '2026-10-20',
            data_emergencia: '2026-10-27',
            estimated_cycle: 120,
          }),
        });
    });
  }

  async function addApplication(
    page: Page,
    date: string,
    products: { dose: string; price: string; name?: string }[],
  ) {
    const before = await page.getByTestId('program-application').count();
    await page.getByTestId('application-add').click();
    const dialog = page.getByTestId('program-application-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('application-date').fill(date);
    for (const [index, product] of products.entries()) {
      if (index > 0) await dialog.getByTestId('application-add-product').click();
      const input = dialog.getByTestId('application-product-input').nth(index);
      await input.click();
      if (product.name) {
        await input.fill(product.name);
        await page.getByRole('option', { name: product.name, exact: true }).click();
      } else await page.getByRole('option').first().click();
      await dialog.getByTestId('application-dose').nth(index).fill(product.dose);
      await dialog.getByTestId('application-price').nth(index).fill(product.price);
    }
    await settled(page);
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          /\/api\/programas\/\d+\/planejamentos$/.test(new URL(response.url()).pathname) &&
          response.request().method() === 'POST',
      ),
      dialog.getByTestId('application-save').click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    // The editor shows the program as saved before the next "add" (a click while it reads the
    // program again could land on the list being replaced).
    await expect
      .poll(() => page.getByTestId('program-application').count(), { timeout: 15_000 })
      .toBeGreaterThan(before);
  }

  it('plans a program for a variety with two applications and sees its costs', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await prepareVariety(page);
    await page.goto(`${server.baseUrl}/v3/programas`);
    await page.getByTestId('programs-page').waitFor();
    const section = page.getByTestId('variety-programs').first();
    await section.getByTestId('program-new').click();
    const settings = page.getByTestId('program-settings-dialog');
    await settings.waitFor();
    await settings.getByTestId('program-name').fill('Ferrugem e mancha-alvo');
    await settings.getByTestId('program-main-disease').getByRole('combobox').click();
    await page.getByRole('option').first().click();
    await settings.getByRole('checkbox').first().check();
    await settings.getByTestId('program-emergence').fill('2026-10-27');
    await settings.getByTestId('program-cycle').fill('120');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'programs-pt-desktop-new.png') });
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/programas' &&
          response.request().method() === 'POST',
      ),
      settings.getByTestId('program-settings-save').click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    programId = ((await created.json()) as { id: number }).id;
    const editor = page.getByTestId('program-editor');
    await editor.getByTestId('program-applications-empty').waitFor();

    await addApplication(page, '2026-12-10', [
      { dose: '0,5', price: '120' },
      { dose: '1,5', price: '30' },
    ]);
    await addApplication(page, '2026-12-30', [{ dose: '0,3', price: '210,5' }]);
    expect(await editor.getByTestId('program-application').count()).toBe(2);
    // 0.5 × 120 + 1.5 × 30 = 105 and 0.3 × 210.5 = 63.15: 168.15 per hectare.
    const perHa = (await editor.getByTestId('program-cost-per-area').innerText()).replace(
      /\s/g,
      ' ',
    );
    expect(perHa).toBe('R$ 168,15/ha');
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'programs-pt-desktop-editor.png') });

    // A program's refusal: an application not after the previous one.
    await page.getByTestId('application-add').click();
    const dialog = page.getByTestId('program-application-dialog');
    await dialog.getByTestId('application-date').fill('2026-12-20');
    await dialog.getByTestId('application-product-input').click();
    await page.getByRole('option').first().click();
    await dialog.getByTestId('application-dose').fill('1');
    await dialog.getByTestId('application-price').fill('10');
    await dialog.getByTestId('application-save').click();
    await dialog
      .getByTestId('program-application-error')
      .getByText(text('pt', 'errors', 'exception.spray.date_before_last'))
      .waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'programs-pt-desktop-refusal.png') });
    await dialog.getByRole('button', { name: text('pt', 'programs', 'cancel') }).click();
    await dialog.waitFor({ state: 'detached' });

    await editor.getByTestId('program-editor-close').click();
    await editor.waitFor({ state: 'detached' });
    const row = page.getByTestId('program-row').filter({ hasText: 'Ferrugem e mancha-alvo' });
    await row.waitFor();
    expect(await row.getByTestId('program-sprays').innerText()).toBe('2');
    expect((await row.getByTestId('program-cost-per-area').innerText()).replace(/\s/g, ' ')).toBe(
      'R$ 168,15/ha',
    );
    await page.context().close();
  });

  it('scores a program with Fox against Asian rust and opens the why of its efficacy', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await prepareVariety(page);
    await page.goto(`${server.baseUrl}/v3/programas`);
    await page.getByTestId('programs-page').waitFor();
    await page.getByTestId('variety-programs').first().getByTestId('program-new').click();
    const settings = page.getByTestId('program-settings-dialog');
    await settings.waitFor();
    await settings.getByTestId('program-name').fill('Ferrugem com Fox');
    await settings.getByTestId('program-main-disease').getByRole('combobox').click();
    await page
      .getByRole('option', { name: text('pt', 'reference', 'disease.asian_rust'), exact: true })
      .click();
    await settings.getByTestId('program-emergence').fill('2026-10-27');
    await settings.getByTestId('program-cycle').fill('120');
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/programas' &&
          response.request().method() === 'POST',
      ),
      settings.getByTestId('program-settings-save').click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    scoredId = ((await created.json()) as { id: number }).id;
    const editor = page.getByTestId('program-editor');
    // Emergence, cycle and main disease given: the program is scored (0 before any spray).
    await editor.getByTestId('program-score-value').waitFor();

    // DAE 38 (V7-V9) and DAE 59: rust's spray range.
    await addApplication(page, '2026-12-04', [{ name: 'Fox', dose: '0,4', price: '100' }]);
    await addApplication(page, '2026-12-25', [{ name: 'Fox', dose: '0,4', price: '100' }]);
    const score = Number(
      (await editor.getByTestId('program-score-value').innerText()).replace(',', '.'),
    );
    expect(score).toBeGreaterThan(0);
    const first = editor.getByTestId('program-application').first();
    const efficacy = first.getByTestId('application-target-efficacy');
    await efficacy.waitFor();
    // Fox's rust E is 75.5, derived from the S15 cooperative trials, at full dose factor.
    expect(await efficacy.innerText()).toBe('75,5%');
    await editor.getByTestId('program-chart').getByRole('img').waitFor();
    expect(await editor.getByTestId('program-chart-spray').count()).toBe(2);
    await first.getByTestId('application-why').click();
    const why = first.getByTestId('application-explanation');
    await why.waitFor();
    const tag = why.getByTestId('efficacy-tag').first();
    expect(await tag.getAttribute('data-tag')).toBe('D');
    expect(await tag.innerText()).toContain('S15');
    // The tag says who the source is: its tooltip names the authors and the year. The pointer
    // comes from elsewhere, so the tag sees it enter (it may already rest where the tag now is).
    // Each try enters again and reads with a short wait: a layout shift under load (the plan
    // checks' warnings arriving) can move the tag from under a pointer that entered once, and a
    // tooltip that never opens must fail the test, not hang it.
    await expect
      .poll(
        async () => {
          await page.mouse.move(0, 0);
          await tag.hover();
          return page
            .getByRole('tooltip')
            .innerText({ timeout: 2_000 })
            .catch(() => '');
        },
        { timeout: 20_000 },
      )
      .toContain('S15 (Dalla Lana et al., 2018)');
    await page.mouse.move(0, 0);
    // The explanation's own words (timing factor, derived, assumption) are explained beside it.
    expect(await why.getByTestId('score-glossary').innerText()).toContain(
      text('pt', 'programs', 'score.glossary.factor'),
    );
    // 0.4 L/ha is Fox's lowest label dose on soybean rust: a full dose, nothing assumed.
    expect(await why.getByTestId('efficacy-dose-assumed').count()).toBe(0);
    await settled(page);
    await expectReadable(page);
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS_DIR, 'programs-pt-desktop-why.png') });
    await page.context().close();
  });

  /**
   * Fills, in the suggestion dialog, what the engine does not know (the dose of a product without
   * a label dose, the price of one never recorded), as the grower types them.
   */
  async function fillUnknowns(page: Page) {
    const dialog = page.getByTestId('program-suggestion-dialog');
    for (const input of await dialog.getByTestId('suggestion-fill-dose').all())
      await input.fill('0,5');
    for (const input of await dialog.getByTestId('suggestion-fill-price').all())
      await input.fill('100');
  }

  it('takes the engine’s suggestion for a new program (Fox, at the dose the account last used)', async () => {
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    await prepareVariety(page);
    // The account uses Fox once (0,4 L/ha, its lowest label dose on rust) in a throwaway plan.
    await page.evaluate(async () => {
      const json = async (response: Response) => (await response.json()) as unknown;
      const farm = ((await json(await fetch('/api/farms'))) as { id: number }[])[0]!;
      const fox = (
        (await json(await fetch(`/api/defensives?farm_id=${farm.id}&crop_id=1`))) as {
          id: number;
          nome: string;
        }[]
      ).find((row) => row.nome === 'Fox')!;
      const seasons = (await json(
        await fetch(`/api/season-crops?farm_id=${farm.id}&crop_id=1`),
      )) as { id: number; status: string }[];
      const season = seasons.find((row) => row.status === 'current')!;
      const variety = (
        (await json(
          await fetch(`/api/cultivares?fazenda_id=${farm.id}&season_crop_id=${season.id}`),
        )) as { id: number }[]
      )[0]!;
      const plan = (await json(
        await fetch('/api/programas', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cultivar_id: variety.id, doenca_principal_id: 1 }),
        }),
      )) as { id: number };
      await fetch(`/api/programas/${plan.id}/planejamentos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: '2026-12-04',
          produtos: [{ defensivo_id: fox.id, dose: 0.4, preco: 100 }],
        }),
      });
    });
    await page.goto(`${server.baseUrl}/v3/programas`);
    await page.getByTestId('programs-page').waitFor();
    await page.getByTestId('variety-programs').first().getByTestId('program-new').click();
    const settings = page.getByTestId('program-settings-dialog');
    await settings.waitFor();
    await settings.getByTestId('program-name').fill('Sugerido');
    await settings.getByTestId('program-main-disease').getByRole('combobox').click();
    await page
      .getByRole('option', { name: text('pt', 'reference', 'disease.asian_rust'), exact: true })
      .click();
    await settings.getByTestId('program-emergence').fill('2026-10-27');
    await settings.getByTestId('program-cycle').fill('120');
    await settings.getByTestId('program-settings-save').click();
    const editor = page.getByTestId('program-editor');
    await editor.getByTestId('application-suggest').click();
    const dialog = page.getByTestId('program-suggestion-dialog');
    const suggested = dialog.getByTestId('suggestion-application');
    await suggested.first().waitFor();
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'programs-pt-desktop-suggestion.png') });
    // Fox comes at its label dose, the one the account last used too; the others at theirs.
    let count = 0;
    for (const item of await suggested.all()) {
      const words = await item.innerText();
      if (words.includes('Fox ·')) expect(words).toContain('Fox · 0,4');
      // An application the rules leave without a product is shown, not added.
      if ((await item.getByTestId('suggestion-no-product').count()) === 0) count += 1;
    }
    expect(count).toBeGreaterThan(0);
    await fillUnknowns(page);
    await dialog.getByTestId('suggestion-use').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => editor.getByTestId('program-application').count(), { timeout: 10_000 })
      .toBe(count);
    const score = Number(
      (await editor.getByTestId('program-score-value').innerText()).replace(',', '.'),
    );
    expect(score).toBeGreaterThan(0);
    await page.context().close();
  });

  it('proposes, for an account that never recorded a dose, the products at their label doses', async () => {
    // The Pro demo account has recorded no product: the doses come from the labels, the prices are
    // the grower's to fill. (Its plan has no sowings: the program is planned for a variety.)
    const page = await open(SIZES[0], 'pt');
    await signInToDemo(page, server.baseUrl, DEMO_PRO);
    await prepareVariety(page);
    const planId = await page.evaluate(async () => {
      const json = async (response: Response) => (await response.json()) as unknown;
      const farm = ((await json(await fetch('/api/farms'))) as { id: number }[])[0]!;
      const seasons = (await json(
        await fetch(`/api/season-crops?farm_id=${farm.id}&crop_id=1`),
      )) as { id: number; status: string }[];
      const season = seasons.find((row) => row.status === 'current')!;
      const variety = (
        (await json(
          await fetch(`/api/cultivares?fazenda_id=${farm.id}&season_crop_id=${season.id}`),
        )) as { id: number }[]
      )[0]!;
      const created = await fetch('/api/programas', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          cultivar_id: variety.id,
          doenca_principal_id: 1,
          data_prevista: '2026-10-27',
          ciclo_dias: 120,
        }),
      });
      if (!created.ok) throw new Error(await created.text());
      return ((await created.json()) as { id: number }).id;
    });
    const openSuggestion = async (on: Page) => {
      await on.goto(`${server.baseUrl}/v3/programas?programa=${planId}`);
      await on.getByTestId('program-editor').getByTestId('application-suggest').click();
    };
    await openSuggestion(page);
    const dialog = page.getByTestId('program-suggestion-dialog');
    const suggested = dialog.getByTestId('suggestion-application');
    await suggested.first().waitFor();
    // Never six empty applications blamed on the rotation rules: each has a product at its label
    // dose, in its unit ("0,5 L/ha"); only the prices, never recorded, are the grower's to fill.
    expect(await dialog.getByTestId('suggestion-no-product').count()).toBe(0);
    const applications = await suggested.count();
    expect(applications).toBeGreaterThan(1);
    // The units come with the catalogue, which may answer after the suggestion: "1,35 por ha"
    // until then.
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toMatch(/\d L\/ha|\d kg\/ha/);
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).not.toContain('por ha');
    expect(await dialog.getByTestId('suggestion-fill-price').count()).toBeGreaterThan(0);
    await settled(page);
    await expectReadable(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'programs-pt-desktop-label-doses.png') });
    // The same suggestion in English on a phone: per acre.
    const phone = await open(SIZES[1], 'en');
    await signInToDemo(phone, server.baseUrl, DEMO_PRO);
    await openSuggestion(phone);
    const onPhone = phone.getByTestId('program-suggestion-dialog');
    await onPhone.getByTestId('suggestion-application').first().waitFor();
    await expect.poll(() => onPhone.innerText(), { timeout: 15_000 }).toMatch(/\d L\/ac|\d kg\/ac/);
    await settled(phone);
    await expectReadable(phone);
    await phone.screenshot({ path: path.join(SHOTS_DIR, 'programs-en-mobile-label-doses.png') });
    await onPhone.getByTestId('suggestion-fill').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SHOTS_DIR, 'programs-en-mobile-fill.png') });
    await phone.context().close();
    // The grower fills the doses and prices once per product, and the program gets them all.
    await fillUnknowns(page);
    await dialog.getByTestId('suggestion-use').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('program-application').count(), { timeout: 10_000 })
      .toBe(applications);
    await page.context().close();
  });

  for (const { language, size } of screenPairs(SIZES)) {
    it(`shows the programs and the editor in ${language} on ${size.name}`, async () => {
      const page = await open(size, language);
      await signInToDemo(page, server.baseUrl, DEMO_FULL);
      await page.goto(`${server.baseUrl}/v3/programas`);
      await page.getByTestId('programs-page').waitFor();
      if (programId) await page.getByTestId('program-row').first().waitFor();
      expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe(
        text(language, 'programs', 'title'),
      );
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `programs-${language}-${size.name}.png`),
        fullPage: true,
      });
      if (!programId) return;
      await page.goto(`${server.baseUrl}/v3/programas?programa=${programId}`);
      const editor = page.getByTestId('program-editor');
      await editor.getByTestId('program-application').first().waitFor();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `programs-${language}-${size.name}-editor.png`),
      });
      await editor.getByTestId('application-edit').first().click();
      const dialog = page.getByTestId('program-application-dialog');
      await dialog.getByTestId('application-dose').first().waitFor();
      await settled(page);
      await expectReadable(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `programs-${language}-${size.name}-application.png`),
      });
      if (scoredId) {
        await page.goto(`${server.baseUrl}/v3/programas?programa=${scoredId}`);
        const scored = page.getByTestId('program-editor');
        await scored.getByTestId('program-score-value').waitFor();
        await scored.getByTestId('program-chart').getByRole('img').waitFor();
        await settled(page);
        await expectReadable(page);
        await page.screenshot({
          path: path.join(SHOTS_DIR, `programs-${language}-${size.name}-score.png`),
        });
        await scored.getByTestId('program-chart').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(SHOTS_DIR, `programs-${language}-${size.name}-chart.png`),
        });
        const application = scored.getByTestId('program-application').first();
        await application.getByTestId('application-why').click();
        await application.getByTestId('application-explanation').waitFor();
        await settled(page);
        await expectReadable(page);
        await application.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(SHOTS_DIR, `programs-${language}-${size.name}-why.png`),
        });
      }
      await page.context().close();
    });
  }
});
