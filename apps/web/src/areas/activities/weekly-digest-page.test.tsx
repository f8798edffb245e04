import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERRORS, type WeeklyDigest } from '@lavoura/domain';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { byPath, jsonResponse, recordRequests, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import { apiError, sessionHandlers } from '../../test/session-fixtures';

const day = (week: 'last' | 'this', date: string, dayWeek: number, rain: number) => ({
  week,
  measurement_date: date,
  day_week: dayWeek,
  rain_mm: rain,
  rain_status:
    rain >= 25 ? ('heavy' as const) : rain >= 5 ? ('moderate' as const) : ('dry' as const),
  weather_status: rain >= 5 ? ('rain' as const) : ('clear' as const),
  temp_min_c: 18,
  temp_max_c: 30,
});

const DIGEST: WeeklyDigest = {
  week: '2026-W48',
  today: '2026-11-25',
  user: { name: 'Ana Souza', language: 'pt' },
  upcoming_days: 15,
  expires_at: '2026-12-09T15:00:00.000Z',
  farms: [
    {
      id: 7,
      name: 'Fazenda Três Irmãos',
      time_zone: 'America/Sao_Paulo',
      weather: {
        lastWeek: [day('last', '2026-11-16', 1, 0), day('last', '2026-11-17', 2, 12.5)],
        thisWeek: [day('this', '2026-11-23', 1, 25.4)],
        available: true,
        simulated: true,
      },
      fields: {
        lastWeek: [
          {
            spraying_id: 1,
            program_id: 3,
            sowing_id: 5,
            plot_id: 9,
            plot_name: 'Talhão Norte',
            ideal_date: '2026-11-17',
            realized_date: '2026-11-18',
            application: {
              number: 1,
              white_mold: false,
              products: [{ pesticide_id: 4, name: 'Fox', dose: 0.4 }],
            },
          },
        ],
        thisWeek: [],
      },
      harvest: [
        {
          sowing_id: 6,
          plot_id: 10,
          plot_name: 'Talhão Sul',
          harvest_date: '2026-11-24',
          productivity: 62.5,
          lost: false,
        },
      ],
      upcoming: [
        {
          spraying_id: 2,
          program_id: 3,
          sowing_id: 5,
          plot_id: 9,
          plot_name: 'Talhão Norte',
          ideal_date: '2026-12-05',
          realized_date: null,
          spray_window: {
            best_window: null,
            nearest_good_day: {
              date: '2026-12-06',
              best_window: { start: '2026-12-06T06:00', end: '2026-12-06T10:00', hours: 4 },
            },
            simulated: true,
          },
          application: { number: 2, white_mold: true, products: [] },
        },
      ],
    },
  ],
};

const answer = (response: () => Response) =>
  serve(...sessionHandlers({}, ...byPath({ '/api/report/weekly-digest': response })));

describe('the weekly digest page', () => {
  const missingKeys = trackMissingKeys();

  it('shows each farm’s weather by day, sprays (ideal and applied), harvest and what is due, without a sign-in', async () => {
    const seen = recordRequests();
    answer(() => jsonResponse(DIGEST));
    await changeLanguage('pt');
    const { container } = renderArea('/weekly-digest?token=abc.def');
    const page = await screen.findByTestId('weekly-digest');
    expect(
      seen.find((r) => r.path === '/api/report/weekly-digest')?.url.searchParams.get('token'),
    ).toBe('abc.def');
    expect(page.textContent).toContain('Semana 2026-W48 · Ana Souza');
    const farm = within(page).getByTestId('digest-farm');
    expect(within(farm).getByRole('heading', { name: 'Fazenda Três Irmãos' })).toBeTruthy();
    expect(within(farm).getByTestId('digest-weather-simulated').textContent).toBe(
      'Clima simulado (dados offline)',
    );
    const lastWeek = within(farm).getByTestId('digest-weather-last');
    const rows = within(lastWeek).getAllByTestId('digest-weather-day');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('12,5 mm');
    expect(rows[1]!.textContent).toContain('18 °C');
    expect(rows[1]!.textContent).toContain('Chuva');
    const spray = within(within(farm).getByTestId('digest-fields-last')).getByTestId(
      'digest-spray',
    );
    expect(spray.textContent).toContain('Talhão Norte');
    expect(spray.textContent).toContain('Aplicação 1');
    expect(spray.textContent).toContain('Fox');
    expect(spray.textContent).toContain('17 de nov. de 2026');
    expect(spray.textContent).toContain('18 de nov. de 2026');
    expect(within(farm).getByTestId('digest-fields').textContent).toContain(
      'Nenhuma aplicação nesta semana.',
    );
    expect(within(farm).getByTestId('digest-harvest-row').textContent).toContain('62,5 sc/ha');
    const upcoming = within(farm).getByTestId('digest-upcoming');
    expect(upcoming.textContent).toContain('Próximas aplicações (próximos 15 dias)');
    expect(upcoming.textContent).toContain('Ainda não aplicada');
    expect(upcoming.textContent).toContain('em 10 dias');
    expect(upcoming.textContent).toContain('mofo-branco');
    // Its day has no good spraying hour: the nearest good day within two days (issue 30 item 2).
    expect(within(upcoming).getByTestId('next-spray-window').textContent).toBe(
      'Sem hora boa em sáb., 5 de dez.; mais próxima: dom., 6 de dez., 06:00–10:00 · Dados simulados',
    );
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('shows the units of English: inches, °F and bu/ac', async () => {
    answer(() => jsonResponse({ ...DIGEST, user: { ...DIGEST.user, language: 'en' } }));
    await changeLanguage('en');
    renderArea('/weekly-digest?token=abc.def');
    const farm = await screen.findByTestId('digest-farm');
    const thisWeek = within(farm).getByTestId('digest-weather-this');
    expect(thisWeek.textContent).toContain('1 in'); // 25.4 mm
    expect(thisWeek.textContent).toContain('64 °F'); // 18 °C
    expect(thisWeek.textContent).toContain('86 °F'); // 30 °C
    expect(within(farm).getByTestId('digest-harvest-row').textContent).toContain('55.8 bu/ac');
    expect(within(farm).getByTestId('digest-upcoming').textContent).toContain('in 10 days');
  });

  it('reads in the member’s language when this browser chose none', async () => {
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    await i18n.changeLanguage('en');
    answer(() => jsonResponse({ ...DIGEST, user: { ...DIGEST.user, language: 'es' } }));
    renderArea('/weekly-digest?token=abc.def');
    await screen.findByTestId('weekly-digest');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Resumen semanal'),
    );
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it.each([
    [401, ERRORS.digestInvalidToken.key, 'digest-invalid', 'This link is not valid'],
    [401, ERRORS.digestExpiredToken.key, 'digest-expired', 'This link has expired'],
    [404, ERRORS.digestNoData.key, 'digest-no-data', 'Nothing to show this week'],
    [500, 'exception.unexpected_error', 'digest-error', 'The digest could not be loaded'],
  ])('shows the link’s state for %i %s', async (status, key, testId, title) => {
    answer(() => apiError(status, key));
    await changeLanguage('en');
    const { container, router } = renderArea('/weekly-digest?token=old');
    const panel = await screen.findByTestId(testId);
    expect(within(panel).getByRole('heading').textContent).toBe(title);
    // A refused link ends no session and stays on the page.
    expect(router.state.location.pathname).toBe('/weekly-digest');
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('treats a link without a token as invalid', async () => {
    answer(() => apiError(401, ERRORS.digestInvalidToken.key));
    await changeLanguage('pt');
    renderArea('/weekly-digest');
    const panel = await screen.findByTestId('digest-invalid');
    expect(panel.textContent).toContain('Este link não é válido');
  });
});
