import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language, LinkageOverview } from '@lavoura/domain';
import { changeLanguage } from '../../lib/i18n';
import { formatDateOnly } from '../../lib/date-only';
import { byPath, jsonResponse, recordRequests, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  apiError,
  sessionAnswer,
  sessionHandlers,
  sessionStarted,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const TODAY = '2026-12-07';

/** A consultant of two accounts: the current one (10) and a grower's (20). */
const OVERVIEW: LinkageOverview = {
  days: 7,
  accounts: [
    {
      id: 10,
      name: 'Fazenda Boa Vista',
      current: true,
      sections: { executions: true, sowings: true },
      farms: [
        {
          id: 1,
          name: 'Fazenda Norte',
          today: TODAY,
          due: [
            {
              spraying_id: 101,
              ordinal: 2,
              program_id: 11,
              sowing_id: 21,
              plot_name: 'Talhão A1',
              planned_date: '2026-12-09',
              spray_window: {
                best_window: { start: '2026-12-09T06:00', end: '2026-12-09T10:00', hours: 4 },
                nearest_good_day: null,
                simulated: true,
              },
            },
          ],
          paused: [],
          rain_alerts: [
            {
              spraying_id: 101,
              sowing_id: 21,
              plot_name: 'Talhão A1',
              planned_date: '2026-12-09',
              rain_day: '2026-12-10',
              rain_mm: 25.4,
              simulated: true,
            },
          ],
          missing_harvests: [
            { sowing_id: 23, plot_name: 'Talhão A3', expected_harvest: '2026-11-27' },
          ],
          weather_available: true,
        },
        {
          id: 2,
          name: 'Fazenda Sul',
          today: TODAY,
          due: [],
          paused: [],
          rain_alerts: [],
          missing_harvests: [],
          weather_available: true,
        },
      ],
    },
    {
      id: 20,
      name: 'Sítio do Cliente',
      current: false,
      sections: { executions: true, sowings: true },
      farms: [
        {
          id: 5,
          name: 'Fazenda Cliente',
          today: TODAY,
          due: [
            {
              spraying_id: 501,
              ordinal: 1,
              program_id: 51,
              sowing_id: 61,
              plot_name: 'Talhão C1',
              planned_date: '2026-12-07',
            },
          ],
          paused: [
            {
              program_id: 52,
              sowing_id: 62,
              plot_name: 'Talhão C2',
              reason_id: 1,
              paused_at: '2026-12-05',
            },
          ],
          rain_alerts: [],
          missing_harvests: [],
          weather_available: false,
        },
      ],
    },
  ],
};

function serveOverview(answer: (request: Request) => Response = () => jsonResponse(OVERVIEW)) {
  signIn();
  serve(
    ...sessionHandlers(
      {
        user: sessionUser(),
        accounts: [
          { id: 10, name: 'Fazenda Boa Vista', current: true },
          { id: 20, name: 'Sítio do Cliente', current: false },
        ],
      },
      ...byPath({ '/api/linkage/overview': answer }),
    ),
  );
}

const EXPECTED: Record<Language, { due: string; rain: string; paused: string; empty: string }> = {
  pt: {
    due: 'Talhão A1 · aplicação 2',
    rain: 'Talhão A1 · aplicação de',
    paused: 'Talhão C2 · pausado desde',
    empty: 'Nenhuma conta vinculada',
  },
  en: {
    due: 'Talhão A1 · spraying 2',
    rain: 'Talhão A1 · spraying of',
    paused: 'Talhão C2 · paused since',
    empty: 'No linked accounts',
  },
  es: {
    due: 'Talhão A1 · aplicación 2',
    rain: 'Talhão A1 · aplicación del',
    paused: 'Talhão C2 · pausado desde el',
    empty: 'Ninguna cuenta vinculada',
  },
};

describe('the linkage dashboard', () => {
  const missingKeys = trackMissingKeys();

  it.each(['pt', 'en', 'es'] as const)(
    'shows per account and farm what is due, rain, paused and missing in %s',
    async (language) => {
      serveOverview();
      await changeLanguage(language);
      const { container } = renderArea('/dashboard-linkage');

      const current = await screen.findByTestId('linkage-account-10');
      expect(within(current).getByRole('heading', { name: 'Fazenda Boa Vista' })).toBeTruthy();
      const north = within(current).getByTestId('linkage-farm-1');
      const due = within(north).getByTestId('linkage-due-101');
      expect(due.textContent).toContain(EXPECTED[language].due);
      expect(due.textContent).toContain(formatDateOnly('2026-12-09', language));
      // The window line of the shared spray-window panel.
      expect(within(due).getByTestId('next-spray-window')).toBeTruthy();
      // Rain in the language's unit: millimetres, inches in English.
      const rain = within(north).getByTestId('linkage-rain');
      expect(rain.textContent).toContain(EXPECTED[language].rain);
      expect(rain.textContent).toMatch(language === 'en' ? /: 1(\.0+)? in forecast/ : /25[.,]4 mm/);
      expect(within(north).getByTestId('linkage-missing').textContent).toContain(
        formatDateOnly('2026-11-27', language),
      );
      // A farm with nothing to do says so.
      expect(
        within(within(current).getByTestId('linkage-farm-2')).getByTestId('linkage-nothing-due'),
      ).toBeTruthy();

      const client = screen.getByTestId('linkage-account-20');
      const clientFarm = within(client).getByTestId('linkage-farm-5');
      expect(within(clientFarm).getByTestId('linkage-paused').textContent).toContain(
        EXPECTED[language].paused,
      );
      expect(within(clientFarm).getByTestId('linkage-no-weather')).toBeTruthy();
      expect(within(clientFarm).queryByTestId('next-spray-window')).toBeNull();

      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it.each(['pt', 'en', 'es'] as const)(
    'says there is no linked account in %s',
    async (language) => {
      serveOverview(() => jsonResponse({ days: 7, accounts: [] }));
      await changeLanguage(language);
      const { container } = renderArea('/dashboard-linkage');
      const empty = await screen.findByTestId('linkage-empty');
      expect(empty.textContent).toContain(EXPECTED[language].empty);
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('does not say "nothing due" of an account whose plan does not include executions', async () => {
    serveOverview(() =>
      jsonResponse({
        days: 7,
        accounts: [
          {
            ...OVERVIEW.accounts[1]!,
            sections: { executions: false, sowings: false },
            farms: [{ ...OVERVIEW.accounts[0]!.farms[1]!, id: 9 }],
          },
        ],
      }),
    );
    await changeLanguage('en');
    renderArea('/dashboard-linkage');
    const account = await screen.findByTestId('linkage-account-20');
    expect(account.textContent).toContain('does not include executions');
    expect(within(account).getByTestId('linkage-farm-9')).toBeTruthy();
    expect(within(account).queryByTestId('linkage-nothing-due')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    serveOverview(() => {
      calls += 1;
      return calls === 1 ? apiError(500, 'exception.unexpected') : jsonResponse(OVERVIEW);
    });
    await changeLanguage('en');
    renderArea('/dashboard-linkage');
    const error = await screen.findByTestId('linkage-error');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('linkage-account-10');
  });

  it('opens a sowing of the current account on its farm, without a switch', async () => {
    serveOverview();
    const seen = recordRequests();
    await changeLanguage('en');
    const { router } = renderArea('/dashboard-linkage');
    fireEvent.click(await screen.findByTestId('linkage-due-101'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/execucao'));
    const query = new URLSearchParams(router.state.location.search);
    expect([query.get('semeadura'), query.get('fazenda_id')]).toEqual(['21', '1']);
    expect(seen.some((request) => request.path === '/api/menu/alterar-conta')).toBe(false);
  });

  it('switches to another account, then opens the sowing', async () => {
    serveOverview();
    const bodies: unknown[] = [];
    serve(
      ...byPath({
        '/api/menu/alterar-conta': async (request) => {
          bodies.push(await request.json());
          return sessionStarted(
            sessionAnswer({
              accounts: [
                { id: 10, name: 'Fazenda Boa Vista', current: false },
                { id: 20, name: 'Sítio do Cliente', current: true },
              ],
              user: sessionUser({ account: { id: 20, name: 'Sítio do Cliente' } }),
            }),
          );
        },
      }),
    );
    await changeLanguage('en');
    const { router } = renderArea('/dashboard-linkage');
    fireEvent.click(await screen.findByTestId('linkage-due-501'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/execucao'));
    expect(bodies).toEqual([{ id: 20 }]);
    const query = new URLSearchParams(router.state.location.search);
    expect([query.get('semeadura'), query.get('fazenda_id')]).toEqual(['61', '5']);
  });
});
