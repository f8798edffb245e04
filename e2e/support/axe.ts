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
    axe?: { run: (context: Document) => Promise<AxeResults> };
  }
}

/** One line per failing rule and element, readable in a test's failure message. */
export interface AxeViolation {
  rule: string;
  impact: string;
  element: string;
  summary: string;
}

/** Runs axe-core (every rule, default options) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource });
  }
  return page.evaluate(async () => {
    const results = await window.axe!.run(document);
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        element: node.target.join(' '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 300),
      })),
    );
  });
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
