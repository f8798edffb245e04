import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@lavoura/domain';
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  LANGUAGE_RULES,
  axeViolations,
  horizontalOverflow,
  settled,
  type AxeViolation,
} from './axe.ts';
import { SCREENSHOT_DIR, launchBrowser } from './browser.ts';
import { DEMO_PASSWORD, text } from './demo.ts';
import { languageFindings } from './language.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The walk's matrix (issue 27), shared by the layout-a11y-*.e2e.ts files: every screen in pt, en
 * and es at 390 px and in Portuguese at 1366 px (all six with `WALK=full`), each checked for axe's violations, a sideways scroll, raw keys and
 * text in another language (support/language.ts), and photographed once
 * (SCREENSHOT_DIR/<screen>-<language>-<width>.png) when it is checked.
 *
 * A walk is one browser page at one size. It brings a screen up once and checks it in the three
 * languages, switching the language in place as a user does: with the account menu's language
 * items on the signed-in screens, and on the pages that have no account menu (the public frame,
 * the reports, the maintenance page) and on the screens with a map (`PageSteps.reload`) by the
 * stored choice and a reload, as a fresh visit in that language reads it. The order rotates (the
 * language a screen ends in is the one the next screen is loaded in), so every language is also
 * read on freshly loaded screens. A file's walks share its server, chromium and sign-ins.
 */

export const WALK_SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type WalkSize = (typeof WALK_SIZES)[number];

/**
 * Each size runs every axe rule in one language (Portuguese at 1366, Spanish, the longest texts,
 * at 390) and the rules a language can change (names, labels, lang) in the other two: colours and
 * structure do not change with the language, and every rule in all six would take minutes more.
 * A walk of a size starts in that language.
 */
export const FULL_AXE: Record<WalkSize['name'], Language> = { desktop: 'pt', phone: 'es' };
const BROWSER_LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-AR' };
export const FULL = 'conta@full.demo.lavoura.app';
export const PRO = 'conta@pro.demo.lavoura.app';

/**
 * Whether the desktop reads every screen in the three languages too (`WALK=full`, as when a
 * session looks at its screens). By default the phone reads the three and the desktop its one:
 * a longer text breaks the narrow window first, and a raw key or a text in another language is
 * the same at any width, so the desktop's other two languages found nothing the phone's did not
 * while they cost a third of the browser tier's time.
 */
const FULL_MATRIX = process.env.WALK === 'full';

/** The languages a screen is read in from `start`: it, the one before it, the one after it. */
function languageOrder(start: Language, size: WalkSize): Language[] {
  if (size.name === 'desktop' && !FULL_MATRIX) return [start];
  const at = LANGUAGES.indexOf(start);
  const count = LANGUAGES.length;
  return [start, LANGUAGES[(at + count - 1) % count]!, LANGUAGES[(at + 1) % count]!];
}

/** What one screen broke: axe violations, a sideways scroll and its texts, as readable lines. */
interface Finding {
  screen: string;
  overflow: number;
  violations: AxeViolation[];
  language: string[];
}

/** How a page of a walk is brought up (`Walk.visit`). */
interface PageSteps {
  /** The page to load first (once: the languages switch on it). */
  url?: string;
  /** Waits until the page shows what the check reads, in the language (after a load or switch). */
  ready?: (language: Language) => Promise<void>;
  /**
   * Load the page again in each language instead of switching in place, for a screen that keeps
   * texts of the language it was loaded in: a map's zoom buttons keep the names (aria-label) of
   * the language the map was drawn in ("Aproximar" on a page switched to English).
   */
  reload?: boolean;
}

/** One screen of a page: what opens it on the page (a tab, dialog, menu, drawer) and closes it. */
interface ScreenStep {
  screen: string;
  /** Opens what the check reads, in the language (nothing: the page itself). */
  open?: (language: Language) => Promise<void>;
  /** Closes what `open` opened, before the next screen or the language switch. */
  close?: () => Promise<void>;
  /** Whether the page has this screen at all (asked in each language). */
  when?: () => Promise<boolean>;
}

/** One page at one size, walked from screen to screen: where it is, and what it found. */
class Walk {
  readonly findings: Finding[] = [];
  /** The server's requests in flight (pages, chunks, API calls), for `idle`. */
  private pending = 0;

  constructor(
    readonly page: Page,
    public language: Language,
    readonly size: WalkSize,
    readonly baseUrl: string,
  ) {
    const ours = (url: string) => url.startsWith(baseUrl);
    page.on('request', (request) => {
      if (ours(request.url())) this.pending += 1;
    });
    const done = (request: { url(): string }) => {
      if (ours(request.url())) this.pending = Math.max(0, this.pending - 1);
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  /** Checks what the page shows now, in the walk's language. */
  async check(screen: string) {
    const { page, language, size } = this;
    await settled(page);
    this.findings.push({
      screen: `${screen} (${language}, ${size.width})`,
      overflow: await horizontalOverflow(page),
      violations: await axeViolations(
        page,
        FULL_AXE[size.name] === language ? undefined : LANGUAGE_RULES,
      ),
      language: await languageFindings(page, language),
    });
    const name = screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    // The window as the user first sees it (a full-page picture of 228 screens costs minutes).
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${language}-${size.width}.png`),
    });
  }

  /**
   * A page in the three languages: loaded once (`url`), then in each language made ready and
   * each of its screens opened, checked and closed in turn; the language switches in place
   * between two rounds, so a page with dialogs and menus switches twice, not twice for each.
   */
  async visit(steps: PageSteps, screens: readonly ScreenStep[]) {
    if (steps.url) await this.page.goto(`${this.baseUrl}${steps.url}`);
    for (const [index, language] of languageOrder(this.language, this.size).entries()) {
      if (index > 0) await this.switchLanguage(language, steps);
      await steps.ready?.(language);
      // What the page fetches after it shows (a second map, a panel's data) or again in the new
      // language (the plans' names): every language reads it all.
      await this.idle();
      for (const { screen, open, close, when } of screens) {
        if (when && !(await when())) continue;
        await open?.(language);
        await this.check(screen);
        await close?.();
      }
    }
  }

  /** One screen in the three languages (`visit` with one screen). */
  async screen(screen: string, steps: PageSteps & Omit<ScreenStep, 'screen'> = {}) {
    const { url, ready, reload, ...rest } = steps;
    await this.visit({ url, ready, reload }, [{ screen, ...rest }]);
  }

  /**
   * The user's language switch: the account menu's language items on a signed-in screen (the
   * interface switches at once, and the choice is saved as the user's), else the stored choice
   * and a reload (the public frame's select would replace the closed select every page loads
   * with MUI's, which the check would then read instead). Waits until the texts of the language
   * are loaded and the interface has switched to them.
   */
  async switchLanguage(language: Language, { reload = false }: { reload?: boolean } = {}) {
    const { page } = this;
    // The account menu, unless the screen has none or a modal dialog covers it (the plans'
    // presentation, which only a reload takes away).
    const accountMenu = page.getByTestId('account-menu-button');
    const menuReachable =
      !reload &&
      (await page.evaluate(() => {
        const button = document.querySelector('[data-testid=account-menu-button]');
        const box = button?.getBoundingClientRect();
        if (!button || !box || box.width === 0) return false;
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && button.contains(hit);
      }));
    if (menuReachable) {
      // Clicked without moving the mouse, and focus given back to the page: a pointer resting
      // over the screen would show a tooltip, and the focused button its focus ring, that a
      // freshly loaded screen has not.
      await accountMenu.dispatchEvent('click');
      await page.locator(`[role=menuitem][lang=${language}]`).dispatchEvent('click');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    } else {
      await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
      await page.reload();
    }
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    this.language = language;
  }

  /** Waits until no request to the server has been in flight for a fifth of a second. */
  async idle() {
    const deadline = Date.now() + 30_000;
    let quietSince = Date.now();
    while (Date.now() - quietSince < 200) {
      if (Date.now() > deadline) throw new Error(`${this.pending} requests still in flight`);
      if (this.pending > 0) quietSince = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Every problem of every screen, one line each (printed too: an assertion diff truncates it). */
  report(): string {
    const lines = this.findings.flatMap(({ screen, overflow, violations, language }) => [
      ...(overflow > 0 ? [`${screen}: ${overflow}px wider than the window`] : []),
      ...violations.map((v) => `${screen}: ${v.rule} (${v.impact}) at ${v.element}: ${v.summary}`),
      ...language.map((line) => `${screen}: ${line}`),
    ]);
    if (lines.length > 0) console.warn(lines.join('\n'));
    return lines.join('\n');
  }

  async close() {
    await this.page.context().close();
  }
}

/** A walk's page: a new context of the size, whose first page loads in `language`. */
async function openWalk(
  browser: Browser,
  size: WalkSize,
  language: Language,
  baseUrl: string,
): Promise<Walk> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: BROWSER_LOCALES[language],
    // axe-core is injected as an inline script, which the app's Content-Security-Policy forbids.
    bypassCSP: true,
  });
  // The first visit's choice; later pages load in the language the walk last switched to.
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
  }, language);
  return new Walk(await context.newPage(), language, size, baseUrl);
}

/** A file of the walk: its server, its chromium, and its demo accounts' sessions. */
export interface WalkFile {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A walk of the size on a server's page, signed out, in the size's first language. */
  open(size: WalkSize, baseUrl?: string): Promise<Walk>;
  /**
   * A walk signed in to a demo account, on its home. The file's first sign-in of an account goes
   * through the sign-in page; later ones reuse its session, as a returning user's browser has it.
   * The Full plan's one-time welcome dialog (at that first sign-in) is checked when
   * `checkWelcome`, then closed.
   */
  signedIn(size: WalkSize, email: string, options?: { checkWelcome?: boolean }): Promise<Walk>;
}

/** Starts the file's server and chromium before its tests and stops them after. */
export function walkFile(): WalkFile {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const sessions = new Map<string, Cookie[]>();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const file: WalkFile = {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
    open: (size, baseUrl = server!.baseUrl) =>
      openWalk(browser!, size, FULL_AXE[size.name], baseUrl),
    async signedIn(size, email, { checkWelcome = false } = {}) {
      const walk = await file.open(size);
      const { page, language } = walk;
      const cookies = sessions.get(email);
      if (cookies) {
        await page.context().addCookies(cookies);
        await page.goto(`${server!.baseUrl}/v3/my_farm`);
        await page.getByTestId('my-farm').waitFor();
        return walk;
      }
      await page.goto(`${server!.baseUrl}/v3/login`);
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
        if (checkWelcome) await walk.check('full-plan welcome');
        await page
          .getByRole('button', { name: text(language, 'shell', 'welcome_full.start') })
          .click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      sessions.set(email, await page.context().cookies());
      return walk;
    },
  };
  return file;
}
