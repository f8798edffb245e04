import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTruncated, toDisplayUnit, unitOf, type Language } from '@lavoura/domain';
import { parseKmlPlots } from '@lavoura/domain/kml';
import { resources } from '@lavoura/i18n';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_RULES, axeViolations, horizontalOverflow, settled } from './support/axe.ts';
import { RAW_KEY, hasChromium, launchBrowser } from './support/browser.ts';
import { screenPairs, signInToDemo } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { FULL_AXE } from './support/walk.ts';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/domain/src/geo/fixtures',
);
const PLOTS_SCREENSHOT_DIR = 'test-results/plots-screenshots';
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];

const text = (
  language: Language,
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
): string => {
  let value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      (resources[language] as Record<string, unknown>)[namespace],
    );
  if (typeof value !== 'string') {
    // Plurals: the `_other` form (every count here is above one).
    const plural = `${key}_other`;
    value = plural
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        (resources[language] as Record<string, unknown>)[namespace],
      );
  }
  if (typeof value !== 'string') throw new Error(`no text ${namespace}:${key} in ${language}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
};

/** An area in ha as the app shows it in `language` (acres in English). */
const areaText = (hectares: number, language: Language) =>
  `${formatTruncated(toDisplayUnit('area', hectares, language), 2, language)} ${unitOf('area', language)}`;

async function open(browser: Browser, size: Size, language: Language): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: 'en-US',
    // axe-core is injected as an inline script, which the app's Content-Security-Policy forbids.
    bypassCSP: true,
  });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  // No internet in tests and CI; with it, the same: the map's tiles fail and it says so.
  await page.route(/tile\.openstreetmap\.org|server\.arcgisonline\.com/, (route) => route.abort());
  return page;
}

describe.skipIf(!hasChromium)('plots on a map', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(PLOTS_SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Past the Full plan's first-login dialog; later sign-ins of a file reuse the session.
  const signIn = (page: Page, email: string) => signInToDemo(page, server.baseUrl, email);

  /** /farms, then the fields modal of `farm`. */
  async function openFields(page: Page, language: Language, farm: string): Promise<Locator> {
    // Unless the page is on /farms already (then opened from where the user is).
    if (new URL(page.url()).pathname !== '/v3/farms') await page.goto(`${server.baseUrl}/v3/farms`);
    await page
      .getByTestId('farms-list')
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(PLOTS_SCREENSHOT_DIR, 'failure-farms.png') });
        throw error;
      });
    await page
      .getByRole('button', { name: text(language, 'farms', 'action.fields_named', { name: farm }) })
      .click();
    const dialog = page.getByTestId('plots-dialog');
    await dialog.waitFor();
    await dialog.locator('[data-testid=plots-list], [data-testid=plots-empty]').first().waitFor();
    return dialog;
  }

  /** The fields modal's list items (counted even while another dialog hides it from roles). */
  const plotItems = (fields: Locator) => fields.locator('[data-testid=plots-list] > li');

  /** Clicks the corners of a polygon inside the map's box (fractions of its width and height). */
  async function drawPolygon(page: Page, corners: [number, number][]) {
    const map = page.getByTestId('plot-map-dialog').getByTestId('plots-map');
    const box = (await map.boundingBox())!;
    for (const [x, y] of corners) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    }
  }

  it('draws a plot on the map, names it and saves it; in English its area is in acres', async () => {
    const page = await open(browser, SIZES[0], 'en');
    await signIn(page, 'conta@full.demo.lavoura.app');
    const fields = await openFields(page, 'en', 'Hansen Family Farm');
    const before = await plotItems(fields).count();
    await fields.getByRole('button', { name: text('en', 'farms', 'plots.action.draw') }).click();
    const editor = page.getByTestId('plot-map-dialog');
    await editor.waitFor();
    // The map loads lazily; drawing starts at once for a new plot.
    await editor.getByText(text('en', 'map', 'hint_drawing')).waitFor();
    // Without tiles the map says its background is offline, and drawing still works.
    await editor.getByTestId('map-offline').waitFor();
    await drawPolygon(page, [
      [0.35, 0.3],
      [0.65, 0.32],
      [0.62, 0.62],
    ]);
    // Three corners: the area is shown while drawing, in acres.
    await expect
      .poll(() => editor.getByTestId('plot-area-live').innerText())
      .toMatch(/^Area: [\d,.]+ ac$/);
    await drawPolygon(page, [
      [0.36, 0.6],
      [0.35, 0.3],
    ]);
    await editor.getByText(text('en', 'map', 'hint_editing')).waitFor();
    const live = await editor.getByTestId('plot-area-live').innerText();
    expect(live).toMatch(/^Area: [\d,.]+ ac$/);
    await editor
      .getByRole('textbox', { name: text('en', 'farms', 'plots.field.name') })
      .fill('North 40 (drawn)');
    // Drawn over the farm's plots (the map opens on them): the overlap is said under the map and
    // the plots it covers are drawn in red; saving asks first, and nothing is sent until confirmed.
    const overlapLive = editor.getByTestId('plot-overlap-live');
    await overlapLive.waitFor();
    expect(await overlapLive.innerText()).toMatch(/^The outline overlaps .+ \([\d,.]+ ac\)/);
    expect(await editor.locator('path.plot-overlapped').count()).toBeGreaterThan(0);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/talhoes'))
        posts.push(request.postData() ?? '');
    });
    await editor.getByTestId('plot-save').click();
    const ask = page.getByTestId('plot-overlap-dialog');
    await ask.waitFor();
    const overlapped = await ask.getByTestId('plot-overlap-item').allInnerTexts();
    expect(overlapped.length).toBeGreaterThan(0);
    for (const item of overlapped) expect(item).toMatch(/^.+ \([\d,.]+ ac\)$/);
    expect(await ask.getByTestId('plot-overlap-total').innerText()).toMatch(
      /^Shared ground: [\d,.]+ ac\. The farm’s total counts it once\.$/,
    );
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(PLOTS_SCREENSHOT_DIR, 'plots-overlap-ask-en.png') });
    expect(posts).toEqual([]);
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/talhoes') && response.request().method() === 'POST',
      ),
      ask.getByTestId('plot-overlap-confirm').click(),
    ]);
    expect(created.status()).toBe(201);
    expect(JSON.parse(posts[0]!)).toMatchObject({ confirm_overlap: true });
    const plot = (await created.json()) as { area: number; nome: string };
    await editor.waitFor({ state: 'detached' });
    await page.screenshot({ path: path.join(PLOTS_SCREENSHOT_DIR, 'plots-overlap-saved-en.png') });
    // The farm's total counts the shared ground once: less than the plots' areas added up, as the
    // server answers it, with a note.
    const farms = await page.evaluate(
      async () =>
        (await (await fetch('/api/farms')).json()) as {
          id: number;
          nome: string;
          total_area: number;
        }[],
    );
    const hansen = farms.find((farm) => farm.nome === 'Hansen Family Farm')!;
    const areas = await page.evaluate(
      async (id) =>
        ((await (await fetch(`/api/talhoes/${id}`)).json()) as { area: number }[]).map(
          (row) => row.area,
        ),
      hansen.id,
    );
    const sum = areas.reduce((total, area) => total + area, 0);
    expect(hansen.total_area).toBeLessThan(sum - 0.01);
    await expect
      .poll(() => fields.getByTestId('plots-count').innerText())
      .toBe(`${areas.length} fields · ${areaText(hansen.total_area, 'en')}`);
    expect(await fields.getByTestId('plots-shared-note').innerText()).toMatch(
      /^Overlapping ground counted once \([\d,.]+ ac shared\)$/,
    );
    const list = fields.getByTestId('plots-list');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(before + 1);
    // Newest first, with the server's area in acres: the same figure the map showed live.
    const first = list.getByRole('listitem').first();
    expect(await first.innerText()).toContain('North 40 (drawn)');
    expect(await first.getByTestId('plot-area').innerText()).toBe(areaText(plot.area, 'en'));
    expect(live).toBe(`Area: ${areaText(plot.area, 'en')}`);

    // Editing its vertices: drag a corner outwards; the area follows live and is saved.
    await first
      .getByRole('button', {
        name: text('en', 'farms', 'plots.action.edit_named', { name: plot.nome }),
      })
      .click();
    await editor.waitFor();
    await editor.getByText(text('en', 'map', 'hint_editing')).waitFor();
    const vertex = editor
      .locator('.leaflet-marker-icon.marker-icon:not(.marker-icon-middle)')
      .first();
    const corner = (await vertex.boundingBox())!;
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x - 40, corner.y - 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => editor.getByTestId('plot-area-live').innerText()).not.toBe(live);
    const edited = await editor.getByTestId('plot-area-live').innerText();
    // Still over the other plots: confirmed again.
    await editor.getByTestId('plot-save').click();
    const [updated] = await Promise.all([
      page.waitForResponse(
        (response) =>
          /\/api\/talhoes\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
      ),
      page.getByTestId('plot-overlap-dialog').getByTestId('plot-overlap-confirm').click(),
    ]);
    expect(updated.status()).toBe(200);
    const moved = (await updated.json()) as { area: number };
    expect(edited).toBe(`Area: ${areaText(moved.area, 'en')}`);
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(() => list.getByRole('listitem').first().getByTestId('plot-area').innerText())
      .toBe(areaText(moved.area, 'en'));
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await page.context().close();
  }, 120_000);

  it('imports a KMZ: its polygons with names and areas on the map before saving, then all saved', async () => {
    const language = 'es';
    const file = path.join(FIXTURES, 'itapua-lotes.kmz');
    const parsed = parseKmlPlots(new Uint8Array(fs.readFileSync(file)));
    if (!parsed.ok) throw new Error('the fixture should read');
    const page = await open(browser, SIZES[0], language);
    await signIn(page, 'conta@full.demo.lavoura.app');
    const fields = await openFields(page, language, 'Estancia San Rafael');
    const before = await plotItems(fields).count();
    await fields
      .getByRole('button', { name: text(language, 'farms', 'plots.action.import') })
      .click();
    const dialog = page.getByTestId('kml-import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('kml-file').setInputFiles(file);
    const preview = dialog.getByTestId('kml-preview-list');
    await preview.waitFor();
    // The list and the map's labels: each Placemark's name and its geodesic area, nothing saved yet.
    const items = preview.getByRole('listitem');
    expect(await items.count()).toBe(parsed.plots.length);
    for (const [index, plot] of parsed.plots.entries()) {
      const item = (await items.nth(index).innerText()).replace(/\s+/g, ' ');
      expect(item).toBe(
        `${plot.nome} ${areaText(plot.area_calculada, language)}`.replace(/\s+/g, ' '),
      );
    }
    // On the map: one outline per polygon, labelled with its name and area where the label fits
    // inside it (on hover otherwise).
    const map = dialog.getByTestId('plots-map');
    await expect
      .poll(() => map.locator('path.leaflet-interactive').count())
      .toBe(parsed.plots.length);
    const labels = await map.locator('.lavoura-plot-label').allInnerTexts();
    for (const label of labels) {
      expect(
        parsed.plots.map((plot) => `${plot.nome}\n${areaText(plot.area_calculada, language)}`),
      ).toContain(label);
    }
    expect(await plotItems(fields).count()).toBe(before);
    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/kml-import')),
      dialog.getByTestId('kml-save').click(),
    ]);
    expect(saved.status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    const list = fields.getByTestId('plots-list');
    await expect.poll(() => plotItems(fields).count()).toBe(before + parsed.plots.length);
    for (const plot of parsed.plots) {
      await list.getByText(plot.nome, { exact: true }).waitFor();
    }
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);

    // The same file again lies over the plots just imported: the server names each pair and the
    // import waits for the user's confirmation.
    await fields
      .getByRole('button', { name: text(language, 'farms', 'plots.action.import') })
      .click();
    await dialog.waitFor();
    await dialog.getByTestId('kml-file').setInputFiles(file);
    await preview.waitFor();
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/kml-import')),
      dialog.getByTestId('kml-save').click(),
    ]);
    expect(refused.status()).toBe(409);
    const ask = page.getByTestId('plot-overlap-dialog');
    await ask.waitFor();
    const pairs = await ask.getByTestId('plot-overlap-item').allInnerTexts();
    await settled(page);
    await page.screenshot({ path: path.join(PLOTS_SCREENSHOT_DIR, 'kml-overlap-ask-es.png') });
    expect(pairs).toHaveLength(parsed.plots.length);
    for (const [index, plot] of parsed.plots.entries())
      expect(pairs[index]).toMatch(
        new RegExp(`^${plot.nome} sobre ${plot.nome} \\([\\d.]+,\\d\\d ha\\)$`),
      );
    expect(await plotItems(fields).count()).toBe(before + parsed.plots.length);
    const [again] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/kml-import')),
      ask.getByTestId('plot-overlap-confirm').click(),
    ]);
    expect(again.status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => plotItems(fields).count()).toBe(before + 2 * parsed.plots.length);
    await page.context().close();
  }, 120_000);

  it('tells a self-crossing polygon in a KML file by its Placemark, and saves nothing', async () => {
    const page = await open(browser, SIZES[0], 'pt');
    await signIn(page, 'conta@full.demo.lavoura.app');
    const fields = await openFields(page, 'pt', 'Fazenda Santa Helena');
    await fields.getByRole('button', { name: text('pt', 'farms', 'plots.action.import') }).click();
    const dialog = page.getByTestId('kml-import-dialog');
    await dialog.getByTestId('kml-file').setInputFiles(path.join(FIXTURES, 'bow-tie.kml'));
    const alert = dialog.getByTestId('plot-error');
    await alert.waitFor();
    const said = await alert.innerText();
    expect(said).toContain('Talhão 7 - Cruzado');
    expect(said).toContain(text('pt', 'farms', 'plots.geometry_problem.self_crossing'));
    expect(await dialog.getByTestId('kml-save').isDisabled()).toBe(true);
    await page.context().close();
  }, 120_000);

  // The three new dialogs in each language (support/demo.ts, screenPairs): no axe violation, no
  // sideways scroll; and pictures of each to look at.
  it('the fields modal, the map modal while drawing and the KML preview pass axe and fit, in pt, en and es', async () => {
    const problems: string[] = [];
    for (const { language, size } of screenPairs(SIZES)) {
      const page = await open(browser, size, language);
      const check = async (screen: string) => {
        await settled(page);
        await page.screenshot({
          path: path.join(PLOTS_SCREENSHOT_DIR, `${screen}-${language}-${size.width}.png`),
        });
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${screen} ${language} ${size.width}: ${overflow}px wider`);
        // Every rule in one language per size, the rules a language can change in the others
        // (support/walk.ts, FULL_AXE): the dialogs' colours and structure are the same in each.
        const only = FULL_AXE[size.name] === language ? undefined : LANGUAGE_RULES;
        for (const v of await axeViolations(page, only)) {
          problems.push(
            `${screen} ${language} ${size.width}: ${v.rule} (${v.impact}) at ${v.element}: ${v.summary}`,
          );
        }
        expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
      };
      await signIn(page, 'conta@full.demo.lavoura.app');
      await page.goto(`${server.baseUrl}/v3/farms`);
      await page.getByTestId('farms-list').waitFor();
      await settled(page);
      await page.screenshot({
        path: path.join(PLOTS_SCREENSHOT_DIR, `farm-cards-${language}-${size.width}.png`),
      });
      const fields = await openFields(page, language, 'Fazenda Santa Helena');
      await fields.getByTestId('plots-map').waitFor();
      await fields.getByTestId('map-offline').waitFor();
      await check('fields-modal');

      await fields
        .getByRole('button', { name: text(language, 'farms', 'plots.action.draw') })
        .click();
      const editor = page.getByTestId('plot-map-dialog');
      await editor.getByText(text(language, 'map', 'hint_drawing')).waitFor();
      await drawPolygon(page, [
        [0.3, 0.3],
        [0.7, 0.35],
        [0.6, 0.7],
      ]);
      await expect.poll(() => editor.getByTestId('plot-area-live').innerText()).toMatch(/\d/);
      await check('map-modal-drawing');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });

      await fields
        .getByRole('button', { name: text(language, 'farms', 'plots.action.import') })
        .click();
      const kml = page.getByTestId('kml-import-dialog');
      await kml
        .getByTestId('kml-file')
        .setInputFiles(path.join(FIXTURES, 'google-earth-cascavel.kml'));
      await kml.getByTestId('kml-preview-list').waitFor();
      await kml.getByTestId('plots-map').waitFor();
      await check('kml-preview');
      await page.context().close();
    }
    if (problems.length > 0) console.warn(problems.join('\n'));
    expect(problems.join('\n')).toBe('');
  }, 400_000);
});
