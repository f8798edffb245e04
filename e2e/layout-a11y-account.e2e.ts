import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser.ts';
import { text } from './support/demo.ts';
import { FULL, WALK_SIZES, walkFile } from './support/walk.ts';

/**
 * The walk's matrix (issue 27, support/walk.ts), the account's screens: every screen in pt, en and
 * es at 1366 and 390 px. The farm's screens are in layout-a11y-farm.e2e.ts; the signed-out pages,
 * insights, plans and the maintenance page in layout-a11y-outside.e2e.ts.
 */
describe.skipIf(!hasChromium)("the walk: the account's screens in pt, en and es", () => {
  const file = walkFile();

  it.each(WALK_SIZES)(
    'at $width px: users, farms and their dialogs, profile, menus, integrations',
    async (size) => {
      const walk = await file.signedIn(size, FULL);
      const { page } = walk;
      /** A dialog, menu or drawer that Escape closes, and waiting until it has. */
      const closing =
        (shown: Locator, state: 'detached' | 'hidden' = 'detached') =>
        async () => {
          await page.keyboard.press('Escape');
          await shown.waitFor({ state });
        };

      await walk.visit(
        {
          url: '/v3/users',
          ready: async (language) => {
            await page.getByTestId('users-page').waitFor();
            await page.getByTestId('users-count').waitFor();
            // The add button turns from grey to green when the profiles arrive: axe reads it after.
            await page
              .getByRole('button', { name: text(language, 'users', 'new_user'), disabled: false })
              .waitFor();
          },
        },
        [
          { screen: 'users' },
          // One's own profile in the edit dialog: locked, with its reason.
          {
            screen: 'own member dialog',
            open: async () => {
              await page
                .locator('[data-testid^="member-"]')
                .filter({ hasText: 'Ana Souza' })
                .getByRole('button')
                .first()
                .click();
              await page.getByTestId('member-dialog').getByTestId('member-own-fields').waitFor();
            },
            close: closing(page.getByTestId('member-dialog')),
          },
        ],
      );

      await walk.visit(
        {
          url: '/v3/farms',
          ready: async () => {
            await page.getByTestId('farms-page').waitFor();
            await page
              .locator('[data-testid=farms-list], [data-testid=farms-empty]')
              .first()
              .waitFor();
          },
        },
        [
          { screen: 'farms' },
          {
            screen: 'farm selector',
            when: async () => (await page.getByTestId('farm-selector').count()) > 0,
            open: async () => {
              await page.getByTestId('farm-selector').click();
              await page.getByRole('menu').waitFor();
            },
            close: closing(page.getByRole('menu')),
          },
          {
            screen: 'farm dialog',
            open: async () => {
              await page.getByTestId('farm-add').first().click();
              await page.getByTestId('farm-dialog').waitFor();
            },
            close: closing(page.getByTestId('farm-dialog')),
          },
          // The fields modal (its map and KML dialogs: plots.e2e.ts).
          {
            screen: 'fields dialog',
            open: async () => {
              await page.getByTestId('farm-fields').first().click();
              await page.getByTestId('plots-dialog').getByTestId('plots-map').waitFor();
            },
            close: closing(page.getByTestId('plots-dialog')),
          },
        ],
      );

      await walk.visit(
        { url: '/v3/profile', ready: () => page.getByTestId('profile-page').waitFor() },
        [
          { screen: 'profile' },
          {
            screen: 'account menu',
            open: async () => {
              await page.getByTestId('account-menu-button').click();
              await page.getByRole('menu').waitFor();
            },
            close: closing(page.getByRole('menu')),
          },
          {
            screen: 'change-password dialog',
            open: async (language) => {
              await page.getByTestId('account-menu-button').click();
              await page
                .getByRole('menuitem', { name: text(language, 'shell', 'account.change_password') })
                .click();
              await page.getByTestId('change-password-form').waitFor();
            },
            close: closing(page.getByTestId('change-password-form')),
          },
          {
            screen: 'help menu',
            open: async (language) => {
              await page
                .getByRole('button', { name: text(language, 'shell', 'help.label') })
                .click();
              await page.getByRole('menu').waitFor();
            },
            close: closing(page.getByRole('menu')),
          },
        ],
      );

      await walk.visit(
        {
          url: '/v3/integrations',
          ready: () => page.getByTestId('integration-row').first().waitFor(),
        },
        [
          { screen: 'integrations' },
          {
            screen: 'calendar dialog',
            open: async () => {
              await page
                .locator('[data-testid=integration-row][data-code=google_calendar]')
                .click();
              await page.getByTestId('calendar-feed-url').waitFor();
            },
            close: closing(page.getByTestId('calendar-feed-url'), 'hidden'),
          },
          ...(size.name === 'phone'
            ? [
                {
                  screen: 'drawer',
                  open: async () => {
                    await page.getByTestId('menu-toggle').click();
                    await page.getByTestId('app-drawer').waitFor();
                  },
                  // The phone's drawer stays in the page, hidden, when closed.
                  close: closing(page.getByTestId('app-drawer'), 'hidden'),
                },
              ]
            : []),
        ],
      );
      await walk.close();
      expect(walk.report()).toBe('');
    },
    360_000,
  );
});
