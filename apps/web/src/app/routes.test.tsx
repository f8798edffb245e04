import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@lavoura/domain';
import { AREA_NAMES } from '../areas/area-names';
import { http, HttpResponse } from 'msw';
import { serve } from '../test/msw-server';
import { subscription } from '../test/plan-fixtures';
import { expectNoRawKeys, renderApp, trackMissingKeys } from '../test/render-app';
import { member, sessionHandlers, sessionUser, signIn } from '../test/session-fixtures';
import { changeLanguage, i18n } from '../lib/i18n';
import { AREA_ROUTES } from './routes';

// Each route in one language, the three in turn: that every key exists in each language is the
// i18n parity test's (packages/i18n), and the browser walk reads every screen in the three.
const cases = AREA_ROUTES.map(({ path, area, layout }, index) => ({
  language: LANGUAGES[index % LANGUAGES.length]!,
  area,
  layout,
  // A page of one record is opened with an id.
  path: path === '*' ? '/no/such/page' : path.replace(':id', '7'),
}));

/** What each real page shows; every other area is still the honest "not available yet". */
const PAGE_TEST_IDS: Record<string, string> = {
  '/': 'my-farm',
  '/my_farm': 'my-farm',
  '/farms': 'farms-page',
  // No farm served: the plot page says so.
  '/field': 'field-no-farm',
  // No farm served: the notebook says notes belong to a farm.
  '/notes': 'notes-no-farm',
  // An empty catalogue answered: the page with its tabs and empty list.
  '/catalog': 'catalog-page',
  // No farm served: varieties belong to a farm.
  '/cultivares': 'varieties-no-farm',
  '/sowings': 'sowings-no-farm',
  '/sowings/7': 'sowing-detail-no-farm',
  '/programas': 'programs-no-farm',
  '/execucao': 'execution-no-farm',
  '/comparacao': 'comparison-no-farm',
  // No integration served: the page with its empty list.
  '/integrations': 'integrations-page',
  '/performance': 'performance-no-farm',
  // No linked account served: the dashboard says so.
  '/dashboard-linkage': 'linkage-empty',
  '/users': 'users-page',
  '/profile': 'profile-page',
  '/change-password': 'change-password-form',
  '/login': 'login-page',
  '/signup': 'signup-page',
  '/account/activate': 'activation-manual',
  '/terms': 'terms-page',
  // Without a token the digest link is invalid: the page says so.
  '/weekly-digest': 'digest-invalid',
  '/plans': 'plans-page',
  // Without plan_priority and frequency there is no plan to pay.
  '/payment': 'payment-no-plan',
  // Where a paid purchase ends: the account's active subscription.
  '/plan-activated': 'payment-success',
  // No farm served: a report is of a farm and season.
  '/reports/programa': 'reports-no-farm',
  '/reports/season-report': 'reports-no-farm',
  '/no/such/page': 'not-found-page',
};

describe('route table', () => {
  const missingKeys = trackMissingKeys();

  it('gives every area of the spec a route', () => {
    const routed = new Set(AREA_ROUTES.map((route) => route.area));
    expect(AREA_NAMES.filter((area) => !routed.has(area))).toEqual([]);
  });

  it.each(cases)(
    '$path renders the $area area in $language',
    async ({ language, area, layout, path }) => {
      // Signed-in pages are seen by a Full-plan administrator; /plans and /payment (disabled on
      // Full) by a Light one in Brazil. Guest pages are seen signed out.
      const level = path === '/plans' || path === '/payment' ? 1 : 4;
      if (layout !== 'public') signIn();
      serve(
        ...sessionHandlers(
          { user: sessionUser({ level, language }) },
          http.get('/api/countries', () => HttpResponse.json([])),
          http.get('/api/subscription', () => HttpResponse.json(subscription())),
          http.get('/api/users', () => HttpResponse.json([member()])),
          http.get('/api/integrations', () => HttpResponse.json([])),
          http.get('/api/integrations/user-integrations', () => HttpResponse.json([])),
          http.get('/api/linkage/overview', () => HttpResponse.json({ days: 7, accounts: [] })),
          http.get('/api/report/weekly-digest', () =>
            HttpResponse.json(
              {
                code: 401,
                key: 'exception.digest.invalid_token',
                context: { message: 'no token' },
              },
              { status: 401 },
            ),
          ),
          http.get('/api/catalogs', () => HttpResponse.json({ total: 0, list: [] })),
          http.get('/api/catalogs/:category/filters', () =>
            HttpResponse.json({ sort_select: [], extra_filter: {} }),
          ),
        ),
      );
      await changeLanguage(language);
      const { container } = renderApp(path);

      const testId = PAGE_TEST_IDS[path];
      if (testId) {
        // An area's first render imports its lazy chunk (the farms area brings the map's
        // libraries): seconds when jsdom shares two cores with the browser tier.
        await screen.findByTestId(testId, {}, { timeout: 15_000 });
      } else if (area === 'warnings') {
        await screen.findByTestId('not-found-page');
      } else {
        // Honest placeholder: the area's own name and the "not available yet" notice.
        await screen.findByTestId('area-not-ready');
        screen.getByRole('heading', { name: i18n.t(`area.${area}`, { ns: 'shell' }) });
        screen.getByText(i18n.t('area_not_ready.badge', { ns: 'warnings' }));
      }
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );
});
