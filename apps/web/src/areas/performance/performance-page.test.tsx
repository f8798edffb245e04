import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Crop, PerformanceAnswer, SeasonCrop } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm } from '../../test/farm-fixtures';
import { byPath, jsonResponse, recordRequests, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderApp, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const TRES_IRMAOS = farm({ id: 1, nome: 'Fazenda Três Irmãos' });
const SAO_PEDRO = farm({ id: 2, nome: 'Granja São Pedro' });

const CROPS: Crop[] = [{ id: 1, code: 'soybean', message_key: 'crop.soybean' }];

function seasonCrop(overrides: Partial<SeasonCrop>): SeasonCrop {
  return {
    id: 11,
    season_id: 3,
    season_name: '2026/2027',
    crop_id: 1,
    country_id: 1,
    start_period: '2026-08-01',
    end_period: '2027-05-31',
    season_active: true,
    status: 'current',
    message_key: 'season.2026_2027',
    ...overrides,
  };
}

const CURRENT = seasonCrop({});
const PREVIOUS = seasonCrop({
  id: 10,
  season_id: 2,
  season_name: '2025/2026',
  start_period: '2025-08-01',
  end_period: '2026-05-31',
  status: 'previous',
  message_key: 'season.2025_2026',
});

const figures = {
  sowings: 0,
  harvested_sowings: 0,
  area: 0,
  harvested_area: 0,
  average_productivity: null,
  production: 0,
  sprays: 0,
  sprays_per_sowing: null,
  product_cost_per_ha: null,
  average_cycle: null,
};

/** An answer of GET /api/performance: metric, as the API gives it. */
function answer(overrides: Partial<PerformanceAnswer> = {}): PerformanceAnswer {
  return {
    farm_id: 1,
    season_crop_id: 10,
    crop_id: 1,
    currency: 'BRL',
    has_harvests: true,
    seasons_with_harvests: [10],
    summary: {
      ...figures,
      sowings: 3,
      harvested_sowings: 3,
      area: 150,
      harvested_area: 150,
      average_productivity: 56.53,
      production: 8480,
      sprays: 3,
      sprays_per_sowing: 1,
      product_cost_per_ha: 153.87,
      average_cycle: 125,
      varieties: 2,
      highest_plot: { id: 21, name: 'Talhão 01 - Sede', productivity: 64 },
      lowest_plot: { id: 22, name: 'Talhão 02 - Baixa', productivity: 41.6 },
      highest_variety: { id: 31, name: 'BRS 1003IPRO', productivity: 58.18 },
      lowest_variety: { id: 32, name: 'BRS 284', productivity: 52 },
    },
    by_plot: [
      {
        ...figures,
        id: 21,
        name: 'Talhão 01 - Sede',
        sowings: 1,
        harvested_sowings: 1,
        area: 100,
        harvested_area: 100,
        average_productivity: 64,
        production: 6400,
        sprays: 2,
        sprays_per_sowing: 2,
        product_cost_per_ha: 202,
        average_cycle: 120,
      },
      {
        ...figures,
        id: 22,
        name: 'Talhão 02 - Baixa',
        sowings: 2,
        harvested_sowings: 2,
        area: 50,
        harvested_area: 50,
        average_productivity: 41.6,
        production: 2080,
        sprays: 1,
        sprays_per_sowing: 0.5,
        product_cost_per_ha: 57.6,
        average_cycle: 130,
      },
    ],
    by_variety: [
      { ...figures, id: 32, name: 'BRS 284', sowings: 1, sprays: 1, average_cycle: 130 },
      { ...figures, id: 31, name: 'BRS 1003IPRO', sowings: 2, sprays: 2, average_cycle: 120 },
      { ...figures, id: null, name: null, sowings: 1 },
    ],
    ...overrides,
  };
}

/** The current season of a farm with harvests only in the previous one. */
const CURRENT_EMPTY = answer({
  season_crop_id: 11,
  summary: {
    ...figures,
    sowings: 1,
    varieties: 0,
    highest_plot: null,
    lowest_plot: null,
    highest_variety: null,
    lowest_variety: null,
  },
  by_plot: [],
  by_variety: [],
});

type Answer = (request: Request) => Response | Promise<Response>;

function servePerformance(
  performance: Answer = (request) => {
    const season = new URL(request.url).searchParams.get('season_crop_id');
    return jsonResponse(season === '11' ? CURRENT_EMPTY : answer());
  },
  farms = [TRES_IRMAOS],
  level = 4,
) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser({ level }), permissions: ALL_PERMISSIONS, farms },
      ...byPath({
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse([CURRENT, PREVIOUS]),
        '/api/performance': performance,
      }),
    ),
  );
}

async function renderPerformance(path = '/performance', render: typeof renderArea = renderArea) {
  const rendered = render(path);
  await screen.findByTestId('performance-page', undefined, { timeout: 15_000 });
  return rendered;
}

const p = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'performance', ...values });
/** Text with the non-breaking spaces Intl writes as plain ones. */
const plain = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');
const value = (testId: string) => plain(screen.getByTestId(`${testId}-value`));

async function chooseOption(testId: string, name: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('performance page (/performance)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();

  it('opens on the season with harvests and shows the figures in sc/ha, sacks and ha in Portuguese', async () => {
    screenWidth(1280);
    await changeLanguage('pt');
    const seen = recordRequests();
    servePerformance();
    const { container } = await renderPerformance();
    await screen.findByTestId('performance-figures');
    // The current season has no harvest: the page opens on the previous one, which the select shows.
    expect(plain(screen.getByTestId('performance-season'))).toContain('2025/2026');
    expect(
      seen
        .filter((request) => request.path === '/api/performance')
        .map((request) => request.url.searchParams.get('season_crop_id')),
    ).toEqual(['11', '10']);
    expect(
      seen.find((request) => request.path === '/api/performance')!.url.searchParams.get('farm_id'),
    ).toBe('1');
    expect(value('performance-average')).toBe('56,5 sc/ha');
    expect(value('performance-total')).toBe('8.480 sc');
    expect(plain(screen.getByTestId('performance-total'))).toContain('150,00 ha');
    expect(value('performance-highest-plot')).toBe('64 sc/haTalhão 01 - Sede');
    expect(value('performance-lowest-plot')).toBe('41,6 sc/haTalhão 02 - Baixa');
    expect(value('performance-highest-variety')).toContain('BRS 1003IPRO');
    expect(value('performance-lowest-variety')).toBe('52 sc/haBRS 284');
    expect(value('performance-sowings')).toBe('3');
    expect(value('performance-varieties')).toBe('2');
    expect(value('performance-sprays')).toBe('3');
    expect(value('performance-cost')).toBe('R$ 153,87/ha');
    expect(value('performance-cycle')).toBe('125 dias');
    // The charts' values, by plot first.
    const cost = await screen.findByTestId('performance-chart-cost-table');
    expect(plain(cost)).toContain('Talhão 01 - Sede');
    expect(plain(cost)).toContain('R$ 202,00');
    expect(plain(screen.getByTestId('performance-chart-cycle-table'))).toContain('130 dias');
    expect(screen.getByRole('tab', { name: p('tabs.current') }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('links to the farm’s spraying and season reports of the season shown, on the Full plan only', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    servePerformance();
    const { unmount } = await renderPerformance();
    await screen.findByTestId('performance-figures');
    // The page opened on the previous season (id 10), the one with harvests.
    expect(screen.getByTestId('performance-report-programa').getAttribute('href')).toMatch(
      /\/reports\/programa\?farm_id=1&season_crop_id=10$/,
    );
    expect(screen.getByTestId('performance-report-season').getAttribute('href')).toMatch(
      /\/reports\/season-report\?farm_id=1&season_crop_id=10$/,
    );
    expect(screen.getByTestId('performance-report-season').textContent).toBe(
      i18n.t('page_ui.other_report.season', { ns: 'reports' }),
    );
    unmount();
    // The Lavoura plan (level 3) has the page but not the reports.
    servePerformance(undefined, undefined, 3);
    await renderPerformance();
    await screen.findByTestId('performance-figures');
    expect(screen.queryByTestId('performance-report-programa')).toBeNull();
    expect(missingKeys).toEqual([]);
  });

  it('converts to bu/ac, bushels and acres in English', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    servePerformance();
    const { container } = await renderPerformance();
    await screen.findByTestId('performance-figures');
    // 56.53 sc/ha × 0.89219 = 50.4 bu/ac; 8,480 sc × 2.20464 = 18,695 bu; 150 ha = 370.65 ac.
    expect(value('performance-average')).toBe('50.4 bu/ac');
    expect(value('performance-total')).toBe('18,695 bu');
    expect(plain(screen.getByTestId('performance-total'))).toContain('370.65 ac');
    expect(value('performance-highest-plot')).toBe('57.1 bu/acTalhão 01 - Sede');
    // A cost per acre: 153.87 / 2.471044 = 62.27, still the farm's reais.
    expect(value('performance-cost')).toBe('R$62.27/ac');
    expect(value('performance-cycle')).toBe('125 days');
    expect(await screen.findByText(p('charts.cost', { unit: 'ac' }))).toBeTruthy();
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('groups the charts by variety, a sowing without one named so', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    servePerformance();
    await renderPerformance();
    await screen.findByTestId('performance-figures');
    fireEvent.click(await screen.findByTestId('performance-by-variety'));
    const sprays = plain(screen.getByTestId('performance-chart-sprays-table'));
    expect(sprays).toContain('BRS 284');
    expect(sprays).toContain(p('no_variety'));
    expect(sprays).not.toContain('Talhão 01');
  });

  it('says the farm has no harvest yet in the season chosen when it has some in another', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    servePerformance();
    const { container } = await renderPerformance();
    await screen.findByTestId('performance-figures');
    await chooseOption('performance-season', p('filter.current', { name: '2026/2027' }));
    const empty = await screen.findByTestId('performance-empty-season');
    expect(
      within(empty).getByRole('heading', {
        name: 'This farm does not yet have harvests in the selected season.',
      }),
    ).toBeTruthy();
    expect(screen.queryByTestId('performance-cards')).toBeNull();
    expectNoRawKeys(container);
  });

  it('says the farm has no harvest registered when it has none in any season', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    servePerformance(() =>
      jsonResponse({ ...CURRENT_EMPTY, has_harvests: false, seasons_with_harvests: [] }),
    );
    await renderPerformance();
    const empty = await screen.findByTestId('performance-empty');
    expect(
      within(empty).getByRole('heading', { name: 'This farm does not have harvest registered.' }),
    ).toBeTruthy();
    // The current season stays chosen: there is no other to open on.
    expect(plain(screen.getByTestId('performance-season'))).toContain('2026/2027');
  });

  it('says the farm’s data could not be loaded, and tries again', async () => {
    screenWidth(1280);
    await changeLanguage('es');
    let fail = true;
    servePerformance(() =>
      fail ? apiError(500, 'exception.unexpected_error') : jsonResponse(answer()),
    );
    const { container } = await renderPerformance();
    const error = await screen.findByTestId('performance-error');
    expect(plain(error)).toContain('No se pudieron cargar los datos de la finca.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: p('retry') }));
    await screen.findByTestId('performance-figures');
    expect(value('performance-average')).toBe('56,5 sc/ha');
    expectNoRawKeys(container);
  });

  it('shows skeletons while the figures load', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    servePerformance(() => new Promise<Response>(() => {}));
    await renderPerformance();
    expect(await screen.findByTestId('performance-loading')).toBeTruthy();
  });

  it('reloads the figures for the farm switched to', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    const seen = recordRequests();
    servePerformance(
      (request) => {
        const params = new URL(request.url).searchParams;
        if (params.get('farm_id') === '2')
          return jsonResponse(
            answer({
              farm_id: 2,
              season_crop_id: Number(params.get('season_crop_id')),
              summary: { ...answer().summary, average_productivity: 61.2 },
            }),
          );
        return jsonResponse(params.get('season_crop_id') === '11' ? CURRENT_EMPTY : answer());
      },
      [TRES_IRMAOS, SAO_PEDRO],
    );
    // The farm switch is the shell's top bar: the whole app around the page.
    const { router } = await renderPerformance('/performance?fazenda_id=1', renderApp);
    await screen.findByTestId('performance-figures');
    expect(value('performance-average')).toBe('50.4 bu/ac');
    fireEvent.click(await screen.findByTestId('farm-selector'));
    const menu = await screen.findByRole('menu', { name: /farms/i });
    fireEvent.click(within(menu).getByTestId('farm-option-2'));
    await waitFor(() => expect(router.state.location.search).toBe('?fazenda_id=2'));
    // 61.2 sc/ha × 0.89219 = 54.6 bu/ac
    await waitFor(() => expect(value('performance-average')).toBe('54.6 bu/ac'));
    expect(
      seen
        .filter((request) => request.path === '/api/performance')
        .map((request) => request.url.searchParams.get('farm_id')),
    ).toContain('2');
  });
});
