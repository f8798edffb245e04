import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@lavoura/domain';
import type { Crop, SeasonCrop } from '../../api/reference';
import { changeLanguage } from '../../app/i18n';
import { formatDateOnlyRange } from '../../lib/date-only';
import {
  expectNoRawKeys,
  jsonResponse,
  mockFetch,
  renderApp,
  trackMissingKeys,
} from '../../test/render-app';

const CROPS: Crop[] = [
  { id: 1, code: 'soybean', message_key: 'crop.soybean' },
  { id: 2, code: 'wheat', message_key: 'crop.wheat' },
];

const season = (row: Partial<SeasonCrop> & Pick<SeasonCrop, 'id' | 'crop_id'>): SeasonCrop => ({
  season_id: row.id,
  country_id: 1,
  season_name: '2025/2026',
  start_period: '2025-08-01',
  end_period: '2026-05-31',
  season_active: true,
  status: 'current',
  message_key: 'crop.soybean',
  ...row,
});

const SEASON_CROPS: SeasonCrop[] = [
  season({
    id: 1,
    crop_id: 1,
    season_name: '2024/2025',
    start_period: '2024-08-01',
    end_period: '2025-05-31',
    status: 'previous',
  }),
  season({ id: 2, crop_id: 1 }),
  season({
    id: 3,
    crop_id: 2,
    season_name: '2026',
    start_period: '2026-01-01',
    end_period: '2026-09-30',
    message_key: 'crop.wheat',
  }),
  season({ id: 4, crop_id: 1, country_id: 2, season_name: '2025/2026 PY' }),
];

function serveReference() {
  return mockFetch({
    '/api/crops': () => jsonResponse(CROPS),
    '/api/season-crops': () => jsonResponse(SEASON_CROPS),
  });
}

const EXPECTED: Record<Language, { soybean: string; wheat: string; title: string }> = {
  pt: { soybean: 'Soja', wheat: 'Trigo', title: 'Culturas e safras atuais' },
  en: { soybean: 'Soybean', wheat: 'Wheat', title: 'Crops and current seasons' },
  es: { soybean: 'Soja', wheat: 'Trigo', title: 'Cultivos y zafras actuales' },
};

describe('home page', () => {
  const missingKeys = trackMissingKeys();

  it.each(['pt', 'en', 'es'] as const)(
    'lists the crops with their current Brazilian season in %s',
    async (language) => {
      serveReference();
      await changeLanguage(language);
      const { container } = renderApp('/');

      const soybean = await screen.findByTestId('crop-soybean');
      expect(
        within(soybean).getByRole('heading', { name: EXPECTED[language].soybean }),
      ).toBeTruthy();
      expect(within(soybean).getByText('2025/2026')).toBeTruthy();
      // Testing Library collapses the thin spaces Intl puts around the range dash.
      const period = formatDateOnlyRange('2025-08-01', '2026-05-31', language).replace(/\s+/g, ' ');
      expect(within(soybean).getByText(period)).toBeTruthy();
      const wheat = screen.getByTestId('crop-wheat');
      expect(within(wheat).getByRole('heading', { name: EXPECTED[language].wheat })).toBeTruthy();
      expect(within(wheat).getByText('2026')).toBeTruthy();

      // Only the current season of the chosen country.
      expect(screen.queryByText('2024/2025')).toBeNull();
      expect(screen.queryByText('2025/2026 PY')).toBeNull();
      expect(screen.getByRole('heading', { name: EXPECTED[language].title })).toBeTruthy();
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('shows the current season of the country the user picks', async () => {
    serveReference();
    await changeLanguage('es');
    renderApp('/my_farm');
    await screen.findByTestId('crop-soybean');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'País' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Paraguay' }));

    expect(await screen.findByText('2025/2026 PY')).toBeTruthy();
    expect(
      within(screen.getByTestId('crop-wheat')).getByText(
        'No hay zafra actual registrada para este país.',
      ),
    ).toBeTruthy();
  });

  it('switches the whole page when the user picks another language', async () => {
    serveReference();
    await changeLanguage('en');
    renderApp('/');
    await screen.findByRole('heading', { name: 'Soybean' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Português' }));

    expect(await screen.findByRole('heading', { name: 'Soja' })).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
  });

  it('shows loading placeholders until the crops arrive', async () => {
    mockFetch({
      '/api/crops': () => new Promise<Response>(() => {}),
      '/api/season-crops': () => jsonResponse(SEASON_CROPS),
    });
    renderApp('/');
    expect(await screen.findByTestId('crops-loading')).toBeTruthy();
  });

  it('translates the error key of a failed call', async () => {
    mockFetch({
      '/api/crops': () =>
        jsonResponse(
          { code: 404, key: 'exception.not_found', context: { message: 'no crops' } },
          404,
        ),
      '/api/season-crops': () => jsonResponse(SEASON_CROPS),
    });
    await changeLanguage('pt');
    const { container } = renderApp('/');
    expect(await screen.findByText('O item não foi encontrado.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expectNoRawKeys(container);
  });

  it('says "unexpected error" for an error key the app does not know', async () => {
    mockFetch({
      '/api/crops': () => new Response('upstream down', { status: 500 }),
      '/api/season-crops': () =>
        jsonResponse({ code: 500, key: 'exception.brand_new', context: { message: '?' } }, 500),
    });
    await changeLanguage('en');
    const { container } = renderApp('/');
    expect(
      await screen.findByText(
        'An unexpected error occurred. Please try again; if it persists, contact support.',
      ),
    ).toBeTruthy();
    expectNoRawKeys(container);
  });
});
