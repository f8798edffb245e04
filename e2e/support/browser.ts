import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Language } from '@lavoura/domain';

/**
 * Debian's chromium: its old headless shell when installed (`chromium-headless-shell`, no browser
 * window around each page: a sixth less CPU for the same tests), else the browser itself. Browser
 * tests skip, saying so, when neither is there.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  console.warn(
    `\n[e2e] SKIPPED: no chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)\n`,
  );
}

/**
 * The browser of a test file. Its contexts block the app's service worker unless they ask for it
 * (`serviceWorkers: 'allow'`, offline.e2e.ts): a worker would download every built file into each
 * fresh context, and would answer API calls the tests fake with `page.route`. They ask for reduced
 * motion, as a person may (app/theme.ts): dialogs and menus appear at once, so a test waits for no
 * animation.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({ serviceWorkers: 'block', reducedMotion: 'reduce', ...options });
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page whose stored language choice is `language` (the spec's first rule). */
export async function pageIn(browser: Browser, language: Language, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 }, locale: 'en-US' });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** Text that looks like an untranslated i18n key ("home.title", "exception.x"). */
export const RAW_KEY =
  /\b(common|home|warnings|areas|reference|errors|crop|disease|exception|season_status|country)[.:][a-z_]+/;

export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
