import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@lavoura/domain';
import type { Crop, SeasonCrop } from '../../api/reference';
import { changeLanguage } from '../../app/i18n';
import { formatDateOnlyRange } from '../../lib/date-only';
import { type PathAnswers, byPath, jsonResponse, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderApp, trackMissingKeys } from '../../test/render-app';
import { sessionHandlers, sessionUser, signIn } from '../../test/session-fixtures';

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

/** A signed-in Full-plan administrator of a Brazilian account, with the reference data. */
function serveReference(extra: PathAnswers = {}, countryId = 1) {
  signIn();
  return serve(
    ...sessionHandlers(
      { user: sessionUser({ account: { country_id: countryId } }) },
      ...byPath({
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASON_CROPS),
        ...extra,
      }),
    ),
  );
}

const EXPECTED: Record<Language, { soybean: string; wheat: string; title: string }> = {
  pt: { soybean: 'Soja', wheat: 'Trigo', title: 'Culturas e safras atuais' },
  en: { soybean: 'Soybean', wheat: 'Wheat', title: 'Crops and current seasons' },
  es: { soybean: 'Soja', wheat: 'Trigo', title: 'Cultivos y zafras actuales' },
};

describe('my farm, the signed-in home', () => {
  const missingKeys = trackMissingKeys();

  it.each(['pt', 'en', 'es'] as const)(
    'lists the crops with their current Brazilian season in %s',
    async (language) => {
      serveReference();
      await changeLanguage(language);
      const { container, router } = renderApp('/');

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
      // `/` is my farm: the address says so.
      expect(router.state.location.pathname).toBe('/my_farm');
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it("starts with the account's country and shows the one the user picks", async () => {
    serveReference({}, 2);
    await changeLanguage('es');
    renderApp('/my_farm');
    await screen.findByTestId('crop-soybean');

    expect(await screen.findByText('2025/2026 PY')).toBeTruthy();
    expect(
      within(screen.getByTestId('crop-wheat')).getByText(
        'No hay zafra actual registrada para este país.',
      ),
    ).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'País' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Brasil' }));
    expect(await within(screen.getByTestId('crop-wheat')).findByText('2026')).toBeTruthy();
  });

  it('switches the whole page to the language picked in the account menu and saves it', async () => {
    const saved = vi.fn(() => new Response(null, { status: 204 }));
    serveReference({ '/api/usuarios/idioma/pt': saved });
    await changeLanguage('en');
    renderApp('/my_farm');
    await screen.findByRole('heading', { name: 'Soybean' });

    fireEvent.click(screen.getByTestId('account-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Português' }));

    expect(await screen.findByRole('heading', { name: 'Soja' })).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });

  it('greets the user and offers the shortcuts their plan and permissions allow', async () => {
    signIn();
    serve(
      ...sessionHandlers({
        user: sessionUser({ name: 'Carla Mendes', level: 0 }),
        permissions: ['farm.list', 'plot.view', 'note.list', 'catalog.list'],
      }),
    );
    await changeLanguage('pt');
    const { router } = renderApp('/my_farm');
    expect(await screen.findByRole('heading', { name: /Carla/ })).toBeTruthy();
    expect(screen.getByText('Plano Freemium')).toBeTruthy();
    // Freemium: programs and sowings are offered with the upgrade hint; the rest are open.
    await waitFor(() => expect(screen.getByTestId('quick-catalog').dataset.access).toBe('open'));
    expect(screen.getByTestId('quick-register_sowing').dataset.access).toBe('upsell');
    expect(screen.getByTestId('quick-plan_fungicide').dataset.access).toBe('upsell');

    fireEvent.click(within(screen.getByTestId('quick-create_note')).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));
  });

  it('shows loading placeholders until the crops arrive', async () => {
    serveReference({ '/api/crops': () => new Promise<Response>(() => {}) });
    renderApp('/my_farm');
    expect(await screen.findByTestId('crops-loading')).toBeTruthy();
  });

  it('translates the error key of a failed call', async () => {
    serveReference({
      '/api/crops': () =>
        jsonResponse(
          { code: 404, key: 'exception.not_found', context: { message: 'no crops' } },
          404,
        ),
    });
    await changeLanguage('pt');
    const { container } = renderApp('/my_farm');
    expect(await screen.findByText('O item não foi encontrado.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expectNoRawKeys(container);
  });

  it('says "unexpected error" for an error key the app does not know', async () => {
    serveReference({
      '/api/crops': () => new Response('upstream down', { status: 500 }),
      '/api/season-crops': () =>
        jsonResponse({ code: 500, key: 'exception.brand_new', context: { message: '?' } }, 500),
    });
    await changeLanguage('en');
    const { container } = renderApp('/my_farm');
    expect(
      await screen.findByText(
        'An unexpected error occurred. Please try again; if it persists, contact support.',
      ),
    ).toBeTruthy();
    expectNoRawKeys(container);
  });
});
