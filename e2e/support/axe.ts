import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

declare global {
  interface Window {
    axe?: {
      run: (
        context: Document,
        options: { resultTypes: string[]; runOnly?: { type: 'rule'; values: string[] } },
      ) => Promise<AxeResults>;
    };
  }
}

/** One line per failing rule and element, readable in a test's failure message. */
export interface AxeViolation {
  rule: string;
  impact: string;
  element: string;
  summary: string;
}

/**
 * The rules whose answer can change with the page's language: names, labels and the document's
 * language. Colours, structure and landmarks are the same in every language at one size.
 */
export const LANGUAGE_RULES = [
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'button-name',
  'document-title',
  'empty-heading',
  'empty-table-header',
  'html-has-lang',
  'html-lang-valid',
  'image-alt',
  'input-button-name',
  'label',
  'link-name',
  'role-img-alt',
  'select-name',
  'svg-img-alt',
  'valid-lang',
];

/**
 * The rules for a page in `language` at `width` px, for a test that reads a screen in the three
 * languages at a desktop and a phone size: every rule in one language per size (Portuguese on a
 * desktop, Spanish, the longest texts, on a phone, as the walk's FULL_AXE), the rules a language
 * can change (LANGUAGE_RULES) in the other two.
 */
export function axeRulesFor(language: string, width: number): readonly string[] | undefined {
  return language === (width >= 900 ? 'pt' : 'es') ? undefined : LANGUAGE_RULES;
}

/** Runs axe-core on the page as it is now: every rule, or only the rules named. */
export async function axeViolations(page: Page, only?: readonly string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource });
  }
  return page.evaluate(
    async (rules) => {
      // Only the violations are read: axe then skips collecting every passing node (much faster).
      const results = await window.axe!.run(document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule' as const, values: rules } } : {}),
      });
      return results.violations.flatMap((violation) =>
        violation.nodes.map((node) => ({
          rule: violation.id,
          impact: violation.impact ?? '',
          element: node.target.join(' '),
          summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 300),
        })),
      );
    },
    only as string[] | undefined,
  );
}

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Waits until transitions (dialogs, menus, drawers fading or sliding in) are over: axe reads colours. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  await page.evaluate(() => document.fonts.ready);
}
