import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Crop, SeasonCrop } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import type { ProgramaReport, SeasonReport } from '../../api/reports';
import { farm } from '../../test/farm-fixtures';
import { byPath, jsonResponse, recordRequests, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const BOA_VISTA = farm({ id: 1, nome: 'Fazenda Boa Vista' });
const RETIRO = farm({ id: 2, nome: 'Retiro' });
const CROPS: Crop[] = [{ id: 1, code: 'soybean', message_key: 'crop.soybean' }];

function seasonCrop(overrides: Partial<SeasonCrop>): SeasonCrop {
  return {
    id: 11,
    season_id: 3,
    season_name: '2025/2026',
    crop_id: 1,
    country_id: 1,
    start_period: '2025-08-01',
    end_period: '2026-05-31',
    season_active: true,
    status: 'current',
    message_key: 'season.2025_2026',
    ...overrides,
  };
}
const SEASONS: SeasonCrop[] = [
  seasonCrop({ id: 10, season_name: '2024/2025', status: 'previous', start_period: '2024-08-01' }),
  seasonCrop({}),
];

const head = {
  farm: {
    id: 1,
    name: 'Fazenda Boa Vista',
    place: 'Cascavel – PR',
    time_zone: 'America/Sao_Paulo',
  },
  season_crop: {
    id: 11,
    season_name: '2025/2026',
    crop_id: 1,
    start_period: '2025-08-01',
    end_period: '2026-05-31',
  },
  currency: 'BRL',
  today: '2026-03-10',
  generated_at: '2026-03-10T15:00:00.000Z',
};
const stage = (id: number, code: string) => ({
  id,
  code,
  message_key: `growth_stage.soybean.${code.toLowerCase()}`,
});

const PROGRAMA: ProgramaReport = {
  ...head,
  sowings: [
    {
      sowing_id: 70,
      plot: { id: 7, name: 'Talhão da Sede' },
      area: 12.5,
      variety: 'BRS 1010 IPRO',
      sowing_date: '2025-10-10',
      emergence_date: '2025-10-17',
      cycle_days: 120,
      program: {
        id: 900,
        name: 'Ferrugem safra',
        main_disease_id: 1,
        program_score: 72.45,
        white_mold_program_score: null,
        evaluation_missing: null,
        cost_per_ha: 168,
        cost_total: 2100,
        is_paused_by_climate: false,
      },
      sprays_planned: 2,
      sprays_applied: 1,
      sprays: [
        {
          ordinal: 1,
          planned_date: '2025-12-01',
          applied_date: '2025-12-03',
          white_mold: false,
          planned_stage: stage(12, 'R3'),
          applied_stage: stage(12, 'R3'),
          delay_days: 2,
          products: [
            { pesticide_id: 301, name: 'Fox', dose: 0.5, unit: null, price: 120 },
            { pesticide_id: 302, name: 'Elatus Trio', dose: 0.3, unit: null, price: 200 },
          ],
          cost_per_ha: 120,
          cost_total: 1500,
          spray_score: 92.9,
        },
        {
          ordinal: 2,
          planned_date: '2025-12-22',
          applied_date: null,
          white_mold: false,
          planned_stage: stage(13, 'R4'),
          applied_stage: null,
          delay_days: null,
          products: [{ pesticide_id: 301, name: 'Fox', dose: 0.4, unit: null, price: 120 }],
          cost_per_ha: 48,
          cost_total: 600,
          spray_score: 100,
        },
      ],
    },
  ],
  totals: {
    sowings: 1,
    area: 12.5,
    sprays_planned: 2,
    sprays_applied: 1,
    cost_total: 2100,
    cost_per_ha: 168,
    average_program_score: 72.5,
  },
  pesticides: [
    {
      pesticide_id: 301,
      name: 'Fox',
      sprays_planned: 2,
      sprays_applied: 1,
      quantity_planned: 11.25,
      quantity_applied: 6.25,
      cost_applied: 750,
    },
  ],
};

const SEASON: SeasonReport = {
  ...head,
  sowings: [
    {
      sowing_id: 70,
      plot: { id: 7, name: 'Talhão Norte' },
      area: 20,
      variety: 'BRS 1010 IPRO',
      sowing_date: '2025-10-10',
      emergence_date: '2025-10-17',
      cycle_days: 120,
      status: 'harvested',
      reached_harvest_stage: true,
      harvests: [{ date: '2026-02-20', productivity: 66, lost: false, desiccation: true }],
      productivity: 66,
      irrigations: [
        { start: '2025-12-01T11:00:00.000Z', end: '2025-12-01T13:00:00.000Z', blade_mm: 12.5 },
      ],
      irrigation_mm: 12.5,
      stage_observations: [{ date: '2026-02-10', stage: stage(21, 'R8') }],
      current_stage: stage(21, 'R8'),
    },
  ],
  totals: {
    sowings: 1,
    area: 20,
    harvested: 1,
    lost: 0,
    harvested_area: 20,
    average_productivity: 66,
    best_productivity: 66,
    worst_productivity: 66,
    irrigation_mm: 12.5,
    stage_observations: 1,
  },
  weather: {
    from: '2025-10-10',
    to: '2026-02-20',
    source: 'weather',
    simulated: true,
    precipitation_mm: 812.4,
    observed_mm: 30.5,
    rainy_days: 48,
    by_week: [
      { start: '2025-10-10', end: '2025-10-12', precipitation_mm: 25.4, observed_mm: null },
    ],
    by_month: [
      { start: '2025-10-10', end: '2025-10-31', precipitation_mm: 101.6, observed_mm: 30.5 },
    ],
  },
};

type Answer = (request: Request) => Response | Promise<Response>;

function serveReports(answers: Record<string, Answer> = {}, farms = [BOA_VISTA, RETIRO]) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions: ALL_PERMISSIONS, farms },
      ...byPath({
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASONS),
        '/api/reports/programa': () => jsonResponse(PROGRAMA),
        '/api/reports/season-report': () => jsonResponse(SEASON),
        ...answers,
      }),
    ),
  );
}

const r = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'reports', ...values });
/** Text with Intl's non-breaking spaces as plain ones. */
const plain = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');

describe('the report pages', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  beforeEach(() => changeLanguage('pt'));
  afterEach(() => vi.restoreAllMocks());

  it('/reports/programa shows the current farm’s current season outside the shell, with the PDF and print', async () => {
    serveReports();
    const requests = recordRequests();
    const { container } = renderArea('/reports/programa');
    await screen.findByTestId('programa-report', undefined, { timeout: 15_000 });
    // Outside the shell: no drawer, no top bar.
    expect(screen.queryByRole('navigation')).toBeNull();
    const asked = requests.find((request) => request.path === '/api/reports/programa')!;
    expect(asked.url.searchParams.get('farm_id')).toBe('1');
    expect(asked.url.searchParams.get('season_crop_id')).toBe('11');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(r('title.programa'));
    expect(container.textContent).toContain(
      'Fazenda Boa Vista · Cascavel – PR · Safra 2025/2026 · Soja',
    );
    const figures = screen.getAllByTestId('report-figure').map(plain);
    expect(figures).toContain(`${r('summary.cost_total')}R$ 2.100,00`);
    expect(figures).toContain(`${r('summary.average_score')}72,5`);
    const sprays = within(screen.getByTestId('programa-sprays')).getAllByRole('row');
    const cells = within(sprays[1]!).getAllByRole('cell').map(plain);
    expect(cells.slice(0, 6)).toEqual([
      '1',
      '1 de dez. de 2025',
      i18n.t('growth_stage.soybean.r3', { ns: 'reference' }),
      '3 de dez. de 2025',
      i18n.t('growth_stage.soybean.r3', { ns: 'reference' }),
      r('days_late', { count: 2 }),
    ]);
    expect(plain(sprays[1]!)).toContain(r('days_late', { count: 2 }));
    expect(plain(sprays[1]!)).toContain('Fox 0,5');
    expect(plain(sprays[1]!)).toContain('R$ 1.500,00');
    expect(plain(sprays[2]!)).toContain(r('not_applied'));
    expect(plain(screen.getByTestId('programa-pesticides'))).toContain('11,25');
    // The PDF in the page's language, for the same farm and season.
    const download = screen.getByTestId('report-download');
    expect(download.getAttribute('href')).toBe(
      '/api/reports/programa?farm_id=1&season_crop_id=11&format=pdf&language=pt',
    );
    expect(download.hasAttribute('download')).toBe(true);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('report-print'));
    expect(print).toHaveBeenCalledTimes(1);
    // The controls are hidden on paper.
    expect(screen.getByTestId('report-toolbar').classList.contains('report-no-print')).toBe(true);
    expect(screen.getByTestId('report-back').getAttribute('href')).toBe('/my_farm');
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('opens the farm and season of the query, and changing the season asks again', async () => {
    serveReports();
    const requests = recordRequests();
    const { router } = renderArea('/reports/programa?farm_id=2&season_crop_id=10');
    await screen.findByTestId('programa-report', undefined, { timeout: 15_000 });
    const first = requests.find((request) => request.path === '/api/reports/programa')!.url
      .searchParams;
    expect([first.get('farm_id'), first.get('season_crop_id')]).toEqual(['2', '10']);
    fireEvent.mouseDown(within(screen.getByTestId('report-season')).getByRole('combobox'));
    fireEvent.click(
      await screen.findByRole('option', {
        name: r('page_ui.current', { name: '2025/2026 · Soja' }),
      }),
    );
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('season_crop_id')).toBe('11'),
    );
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.path === '/api/reports/programa' &&
            request.url.search === '?farm_id=2&season_crop_id=11',
        ),
      ).toBe(true),
    );
  });

  it('shows an error key translated, with the way back and no retry for the data’s answer', async () => {
    serveReports({
      '/api/reports/season-report': () => apiError(404, 'exception.report.no_harvested_sowings'),
    });
    const { container } = renderArea('/reports/season-report');
    const error = await screen.findByTestId('report-error', undefined, { timeout: 15_000 });
    expect(error.textContent).toContain(
      i18n.t('exception.report.no_harvested_sowings', { ns: 'errors' }),
    );
    expect(within(error).getByTestId('report-back').getAttribute('href')).toBe('/my_farm');
    expect(within(error).queryByRole('button', { name: r('page_ui.retry') })).toBeNull();
    // Nothing to print or download.
    expect(screen.getByTestId('report-print').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('report-download').getAttribute('aria-disabled')).toBe('true');
    expectNoRawKeys(container);
  });

  it('retries a failure that is not the report’s answer', async () => {
    let calls = 0;
    serveReports({
      '/api/reports/programa': () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'exception.unexpected_error') : jsonResponse(PROGRAMA);
      },
    });
    renderArea('/reports/programa');
    const error = await screen.findByTestId('report-error', undefined, { timeout: 15_000 });
    fireEvent.click(within(error).getByRole('button', { name: r('page_ui.retry') }));
    await screen.findByTestId('programa-report');
  });

  it('shows the loading state while the report comes', async () => {
    serveReports({ '/api/reports/programa': () => new Promise<Response>(() => {}) });
    renderArea('/reports/programa');
    expect(
      await screen.findByTestId('report-loading', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('/reports/season-report in English: harvests in bu/ac, rain in inches, simulated weather labelled', async () => {
    await changeLanguage('en');
    serveReports();
    const { container } = renderArea('/reports/season-report');
    await screen.findByTestId('season-report', undefined, { timeout: 15_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Season report');
    const harvests = within(screen.getByTestId('season-harvests')).getAllByRole('row');
    expect(plain(harvests[0]!)).toContain('Productivity (bu/ac)');
    // 66 sc/ha = 58.9 bu/ac.
    expect(plain(harvests[1]!)).toContain('58.9');
    expect(plain(screen.getByTestId('season-irrigations'))).toContain('Blade (in)');
    // 12.5 mm = 0.49 in.
    expect(plain(screen.getByTestId('season-irrigations'))).toContain('0.49');
    expect(plain(screen.getByTestId('season-observations'))).toContain('R8');
    expect(screen.getByTestId('season-weather-simulated').textContent).toBe('Simulated');
    const month = within(screen.getByTestId('season-rain-by-month')).getAllByRole('row');
    // 101.6 mm = 4 in.
    expect(plain(month[1]!)).toContain('4');
    expect(plain(month[1]!)).toContain('October 2025');
    expect(screen.getByTestId('report-download').getAttribute('href')).toBe(
      '/api/reports/season-report?farm_id=1&season_crop_id=11&format=pdf&language=en',
    );
    expect(screen.getByTestId('report-other').getAttribute('href')).toBe(
      '/reports/programa?farm_id=1&season_crop_id=11',
    );
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('says so when there is no farm', async () => {
    serveReports({}, []);
    renderArea('/reports/season-report');
    expect(
      await screen.findByTestId('reports-no-farm', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
