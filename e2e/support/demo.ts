import type { Language } from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import type { Browser, Cookie, Page } from 'playwright-core';
import { expect } from 'vitest';
import { horizontalOverflow } from './axe.ts';
import { RAW_KEY } from './browser.ts';

/** The demo accounts' shared password (scripts/demo data) and the Pro account most pages use. */
export const DEMO_PASSWORD = 'Lavoura2026';
export const DEMO_PRO = 'conta@pro.demo.lavoura.app';

/** The two window sizes every screen is looked at in. */
export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
export type Size = (typeof SIZES)[number];
const LANGUAGES: readonly Language[] = ['pt', 'en', 'es'];

/**
 * The languages and window sizes a screen's test reads it in: each language once, the phone in
 * two of them (a longer text breaks the narrow window first); all six pairs with `WALK=full`, as
 * the walk's matrix (support/walk.ts) when a session looks at its screens. A raw key or a text in
 * another language is the same at any width, and the six cost minutes of the browser tier.
 */
export function screenPairs<D, P>(
  sizes: readonly [desktop: D, phone: P],
): { language: Language; size: D | P }[] {
  const [desktop, phone] = sizes;
  if (process.env.WALK === 'full')
    return LANGUAGES.flatMap((language) => [
      { language, size: desktop },
      { language, size: phone },
    ]);
  return [
    { language: 'pt', size: desktop },
    { language: 'en', size: phone },
    { language: 'es', size: phone },
  ];
}
const BROWSER_LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-AR' };

/** A text of the app, as a test compares what the screen shows. */
export function text(language: Language, namespace: string, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      (resources[language] as Record<string, unknown>)[namespace],
    );
  if (typeof value !== 'string') throw new Error(`no text ${namespace}:${key} in ${language}`);
  return value;
}

/** A fresh page of the size, in the language (the app's choice and the browser's locale). */
export async function openPage(browser: Browser, size: Size, language: Language): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: BROWSER_LOCALES[language],
  });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** The session cookies of each demo account this file signed in, by server and e-mail. */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs a demo account in and waits for its home, past the Full plan's first-login dialog. The
 * first sign-in of an account in a file goes through the sign-in page; later ones reuse its
 * session (the browser's cookies, as a returning user has them) unless that session has ended.
 */
export async function signInToDemo(page: Page, baseUrl: string, email = DEMO_PRO): Promise<void> {
  const key = `${baseUrl} ${email}`;
  const cookies = sessions.get(key);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(`${baseUrl}/v3/my_farm`);
    const home = page.getByTestId('my-farm');
    await home.or(page.locator('input[name=password]')).first().waitFor();
    if (await home.isVisible()) return;
    sessions.delete(key); // signed out meanwhile: sign in again
  }
  await page.goto(`${baseUrl}/v3/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', DEMO_PASSWORD);
  const [login] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/admin-api/login')),
    page.click('button[type=submit]'),
  ]);
  await page.getByTestId('my-farm').waitFor();
  const answer = (await login.json()) as { is_first_login_full_plan?: boolean };
  if (answer.is_first_login_full_plan === true) {
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('button').last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  sessions.set(key, await page.context().cookies());
}

/**
 * No untranslated key (the shared pattern and the area's own) in the text or in the aria-label,
 * title and placeholder of any element, and nothing wider than the window. (Text in another
 * language: the walk's matrix, layout-a11y-*.e2e.ts, reads every screen for it.)
 */
export async function expectReadable(page: Page, areaKeys: RegExp): Promise<void> {
  const body = await page.locator('body').innerText();
  expect(body).not.toMatch(RAW_KEY);
  expect(body).not.toMatch(areaKeys);
  const labels = await page.evaluate(() =>
    Array.from(document.body.querySelectorAll('[aria-label], [title], [placeholder]'))
      .flatMap((element) =>
        ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
      )
      .join('\n'),
  );
  expect(labels).not.toMatch(RAW_KEY);
  expect(labels).not.toMatch(areaKeys);
  expect(await horizontalOverflow(page)).toBe(0);
}

/**
 * The Full demo's Fazenda Três Irmãos and its previous Brazilian soybean season, sprayed and
 * harvested (apps/api/src/db/demo-harvests.ts), read through the signed-in page's session.
 */
export async function demoHarvestedSeason(
  page: Page,
): Promise<{ farmId: number; seasonCropId: number }> {
  return page.evaluate(async () => {
    const farms = (await (await fetch('/api/farms')).json()) as { id: number; nome: string }[];
    const seasons = (await (await fetch('/api/season-crops')).json()) as {
      id: number;
      country_id: number;
      crop_id: number;
      status: string;
    }[];
    return {
      farmId: farms.find((row) => row.nome === 'Fazenda Três Irmãos')!.id,
      seasonCropId: seasons.find(
        (row) => row.country_id === 1 && row.crop_id === 1 && row.status === 'previous',
      )!.id,
    };
  });
}
