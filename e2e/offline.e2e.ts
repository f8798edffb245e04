import fs from 'node:fs';
import path from 'node:path';
import { todayIn } from '@lavoura/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';
import { greenPng } from './support/files.ts';
import { expectReadable, signInToDemo, text } from './support/demo.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The field app without signal (issue 30 items 7–8): a member opens their farm with signal, loses
 * it, still opens the execution page, sowings and notes as last seen, applies a spraying and
 * writes a note with a photo; both wait on the phone and reach the server when the signal returns.
 * A change the server refuses on the way (the program paused meanwhile) is told, not dropped.
 */
const DEMO_FULL = 'conta@full.demo.lavoura.app';
const SHOTS_DIR = process.env.OFFLINE_SCREENSHOT_DIR ?? '/tmp/offline-shots';
const TODAY = todayIn('America/Sao_Paulo');
const NOTE_TITLE = 'Mancha-alvo no Talhão 01, vista sem sinal';
const OFFLINE_RAW_KEY = /\b(offline|outbox|kept|next|apply)\.[a-z_]+/;

interface Target {
  farmId: number;
  sowingId: number;
  programId: number;
  /** The next spraying to apply. */
  ordinal: number;
}

/**
 * A sowing of the farm the app opens on (the first enabled one) whose program runs and has a
 * spraying still to apply.
 */
async function demoTarget(page: Page): Promise<Target> {
  return page.evaluate(async () => {
    const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;
    const farms = await json<{ id: number; enabled: boolean }[]>('/api/farms');
    const farm = farms.find((row) => row.enabled)!;
    const sowings = await json<{ id: number; programa: { id: number } | null }[]>(
      `/api/semeaduras?fazenda_id=${farm.id}`,
    );
    for (const sowing of sowings) {
      if (!sowing.programa) continue;
      const program = await json<{
        id: number;
        is_paused_by_climate: boolean;
        planejamentos: { aplicacao: number; data_realizada: string | null }[];
      }>(`/api/programas/${sowing.programa.id}`);
      const next = program.planejamentos.find((row) => row.data_realizada === null);
      if (!program.is_paused_by_climate && next)
        return {
          farmId: farm.id,
          sowingId: sowing.id,
          programId: program.id,
          ordinal: next.aplicacao,
        };
    }
    throw new Error('no sowing of the first farm with a spraying to apply');
  });
}

/** Whether the service worker holds an answer of each of these API addresses. */
async function workerHolds(page: Page, urls: readonly string[]): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const cache = await caches.open('lavoura-api');
    const found = await Promise.all(wanted.map((url) => cache.match(url)));
    return found.every(Boolean);
  }, urls);
}

/** The server's state, asked from outside the browser (which has no signal) with its session. */
async function api<T>(
  context: BrowserContext,
  baseUrl: string,
  url: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const cookies = await context.cookies(baseUrl);
  const response = await fetch(`${baseUrl}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      // As the app's own pages send it: the server refuses a cookie's write from elsewhere.
      origin: baseUrl,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function appliedOn(context: BrowserContext, baseUrl: string, target: Target) {
  const program = await api<{ planejamentos: { aplicacao: number; data_realizada: string }[] }>(
    context,
    baseUrl,
    `/api/programas/${target.programId}`,
  );
  return program.planejamentos.find((row) => row.aplicacao === target.ordinal)!.data_realizada;
}

/** Applies the next spraying on the execution page; without signal it stays on the phone. */
async function applyOffline(page: Page): Promise<void> {
  await page.getByTestId('execution-apply').click();
  const dialog = page.getByTestId('execution-apply-dialog');
  // Today, as the dialog proposes.
  await dialog.getByTestId('execution-apply-date').waitFor();
  await dialog.getByTestId('execution-apply-dialog-confirm').click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('execution-apply-kept').waitFor();
}

async function outboxStates(page: Page): Promise<string[]> {
  await page.getByTestId('outbox-open').click();
  const dialog = page.getByTestId('outbox-dialog');
  await dialog.waitFor();
  const states = await dialog
    .getByTestId('outbox-entry')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state') ?? ''));
  return states;
}

describe.skipIf(!hasChromium)('the field app without signal', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let target: Target;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    // A phone, with the app's service worker (blocked in every other browser test).
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      serviceWorkers: 'allow',
    });
    await context.addInitScript(() => window.localStorage.setItem('language', 'pt'));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });

  it('installs: a manifest with its icons and a service worker that takes the page', async () => {
    await signInToDemo(page, server.baseUrl, DEMO_FULL);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]')!;
      return (await (await fetch(link.href)).json()) as {
        display: string;
        scope: string;
        icons: { sizes: string; src: string }[];
      };
    });
    expect(manifest).toMatchObject({ display: 'standalone', scope: '/v3/' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    // Installed and active (every built file kept), then in control of the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    target = await demoTarget(page);
  });

  it('opens the farm’s field pages without signal once the farm was opened with it, applies a spraying and writes a note with a photo without signal; both reach the server when the signal returns', async () => {
    const execution = `${server.baseUrl}/v3/execucao?fazenda_id=${target.farmId}&semeadura=${target.sowingId}`;
    // With signal the member opens their farm (home): the app then reads its field pages in the
    // background, and the worker keeps their answers, though none of them was opened.
    await page.goto(`${server.baseUrl}/v3/my_farm`);
    await page.getByTestId('my-farm').waitFor();
    await expect
      .poll(
        () =>
          workerHolds(page, [
            `/api/semeaduras/${target.sowingId}/growth-stages`,
            `/api/irrigacoes?semeadura_id=${target.sowingId}`,
            `/api/programas?semeadura_id=${target.sowingId}`,
            `/api/programas/${target.programId}?include=curvas`,
            `/api/programs/${target.programId}/spray-windows?days=7`,
            `/api/farms/${target.farmId}/fields-notes`,
          ]),
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    await context.setOffline(true);
    // Every page opens from the phone, saying there is no signal.
    for (const [url, ready] of [
      [`${server.baseUrl}/v3/my_farm`, '[data-testid=my-farm]'],
      [`${server.baseUrl}/v3/sowings`, '[data-testid=sowings-list]'],
      [`${server.baseUrl}/v3/sowings/${target.sowingId}`, '[data-testid=sowing-detail-plot]'],
      [`${server.baseUrl}/v3/notes`, '[data-testid=notes-list], [data-testid=notes-empty]'],
      [execution, '[data-testid=execution-next]'],
    ] as const) {
      await page.goto(url);
      await page.locator(ready).first().waitFor();
      expect(await page.getByTestId('offline-banner').innerText()).toBe(
        text('pt', 'shell', 'offline.banner'),
      );
    }
    expect(await page.getByTestId('execution-next-title').innerText()).toContain(
      String(target.ordinal),
    );
    // Its spray windows as last read.
    await page
      .locator('[data-testid=spray-window-strip], [data-testid=spray-window-later]')
      .first()
      .waitFor();

    await applyOffline(page);
    expect(await page.getByTestId('outbox-count').innerText()).toBe('1');
    await settled(page);
    await expectReadable(page, OFFLINE_RAW_KEY);
    await shot('execution-offline-pt-mobile');

    // A note with a photo, in the notebook opened without signal.
    await page.goto(`${server.baseUrl}/v3/notes`);
    await page.locator('[data-testid=notes-list], [data-testid=notes-empty]').first().waitFor();
    await page.getByTestId('note-add').click();
    const dialog = page.getByTestId('note-dialog');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: text('pt', 'notes', 'form.title') }).fill(NOTE_TITLE);
    await dialog.getByRole('combobox', { name: text('pt', 'notes', 'form.category') }).click();
    await page
      .getByRole('option', { name: text('pt', 'reference', 'note_category.diseases') })
      .click();
    await dialog
      .getByTestId('note-file-input')
      .setInputFiles({ name: 'mancha.png', mimeType: 'image/png', buffer: greenPng() });
    await dialog.getByTestId('note-new-file').waitFor();
    await dialog.getByTestId('note-save').click();
    await dialog.waitFor({ state: 'detached' });
    const kept = page.getByTestId('note-kept');
    expect(await kept.innerText()).toContain(NOTE_TITLE);
    expect(await kept.innerText()).toContain('mancha.png');
    expect(await page.getByTestId('outbox-count').innerText()).toBe('2');
    await shot('notes-offline-pt-mobile');
    expect(await outboxStates(page)).toEqual(['waiting', 'waiting']);
    await settled(page);
    await shot('outbox-offline-pt-mobile');
    await page.keyboard.press('Escape');

    // Nothing reached the server yet.
    expect(await appliedOn(context, server.baseUrl, target)).toBeNull();

    // The signal returns: both are sent, in order, and the screens show the server's data.
    await context.setOffline(false);
    await page.getByTestId('note-card').filter({ hasText: NOTE_TITLE }).waitFor();
    expect(await page.getByTestId('note-kept').count()).toBe(0);
    expect(await outboxStates(page)).toEqual(['sent', 'sent']);
    await settled(page);
    await shot('outbox-sent-pt-mobile');
    await page.keyboard.press('Escape');
    expect(await appliedOn(context, server.baseUrl, target)).toBe(TODAY);
    const notes = await api<{ title: string; files: { name: string }[] }[]>(
      context,
      server.baseUrl,
      `/api/farms/${target.farmId}/fields-notes`,
    );
    expect(notes.find((note) => note.title === NOTE_TITLE)?.files).toMatchObject([
      { name: 'mancha.png' },
    ]);
  });

  it('tells a change the server refuses on the way (the program paused meanwhile), with the server’s reason', async () => {
    const execution = `${server.baseUrl}/v3/execucao?fazenda_id=${target.farmId}&semeadura=${target.sowingId}`;
    await page.goto(execution);
    await page.getByTestId('execution-next').waitFor();
    await settled(page);
    await context.setOffline(true);
    await page.goto(execution);
    await page.getByTestId('execution-next').waitFor();
    await applyOffline(page);

    // Meanwhile, someone at the office pauses the program for drought.
    const reasons = await api<{ id: number; code: string }[]>(
      context,
      server.baseUrl,
      '/api/paused-climate-reasons',
    );
    await api(context, server.baseUrl, `/api/programs/${target.programId}/pause`, {
      method: 'POST',
      json: {
        reason_id: reasons.find((row) => row.code === 'drought')!.id,
        description: null,
        paused_at: TODAY,
      },
    });

    await context.setOffline(false);
    const refused = page.getByTestId('outbox-count');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=execution-program-state]')?.textContent !== '',
    );
    await page.getByTestId('execution-apply-kept').waitFor({ state: 'detached' });
    expect(await refused.innerText()).toBe('1');
    const states = await outboxStates(page);
    expect(states[0]).toBe('refused');
    expect(await page.getByTestId('outbox-entry-refusal').first().innerText()).toContain(
      text('pt', 'errors', 'exception.program.paused'),
    );
    await settled(page);
    await expectReadable(page, OFFLINE_RAW_KEY);
    await shot('outbox-refused-pt-mobile');
  });
});
