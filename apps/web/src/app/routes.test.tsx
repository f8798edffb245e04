import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@lavoura/domain';
import { AREA_NAMES } from '../areas/area-names';
import {
  expectNoRawKeys,
  jsonResponse,
  mockFetch,
  renderApp,
  trackMissingKeys,
} from '../test/render-app';
import { changeLanguage, i18n } from './i18n';
import { AREA_ROUTES } from './routes';

const cases = LANGUAGES.flatMap((language) =>
  AREA_ROUTES.map(({ path, area }) => ({
    language,
    area,
    path: path === '*' ? '/no/such/page' : path,
  })),
);

describe('route table', () => {
  const missingKeys = trackMissingKeys();

  it('gives every area of the spec a route', () => {
    const routed = new Set(AREA_ROUTES.map((route) => route.area));
    expect(AREA_NAMES.filter((area) => !routed.has(area))).toEqual([]);
  });

  it.each(cases)('$path renders the $area area in $language', async ({ language, area, path }) => {
    mockFetch({
      '/api/crops': () => jsonResponse([]),
      '/api/season-crops': () => jsonResponse([]),
    });
    await changeLanguage(language);
    const { container } = renderApp(path);

    if (area === 'home') {
      await screen.findByText(i18n.t('seasons.empty', { ns: 'home' }));
    } else if (area === 'warnings') {
      await screen.findByTestId('not-found-page');
      screen.getByRole('heading', { name: i18n.t('not_found.title', { ns: 'warnings' }) });
    } else {
      // Honest placeholder: the area's own name and the "not available yet" notice.
      await screen.findByTestId('area-not-ready');
      screen.getByRole('heading', { name: i18n.t(`area.${area}`, { ns: 'shell' }) });
      screen.getByText(i18n.t('area_not_ready.badge', { ns: 'warnings' }));
    }
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });
});
