import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  LOCALE_RULES,
  permissionsFor,
  withShellKeys,
  type Farm,
  type FarmVariety,
  type Language,
  type Plot,
} from '@lavoura/domain';
import type { Sowing } from '../../api/sowings';
import type { SprayWindowDay } from '../../api/spray-windows';
import type { Crop, SeasonCrop } from '../../api/reference';
import { changeLanguage, i18n } from '../../lib/i18n';
import { formatDateOnly, formatDateOnlyRange } from '../../lib/date-only';
import { farm, plot } from '../../test/farm-fixtures';
import {
  type PathAnswers,
  byPath,
  jsonResponse,
  recordRequests,
  serve,
} from '../../test/msw-server';
import { expectNoRawKeys, renderApp, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

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
      const { container, router } = renderArea('/');

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
    renderArea('/my_farm');
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
    // The account menu is the shell's: the whole app around the page.
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
        permissions: ['farm.list', 'plot.view', 'note.list', 'catalog.list', 'NOTE_CADASTRAR'],
      }),
    );
    await changeLanguage('pt');
    const { router } = renderArea('/my_farm');
    expect(await screen.findByRole('heading', { name: /Carla/ })).toBeTruthy();
    expect(screen.getByText('Plano Freemium')).toBeTruthy();
    // Freemium: programs and sowings are offered with the upgrade hint; the rest are open.
    await waitFor(() => expect(screen.getByTestId('quick-catalog').dataset.access).toBe('open'));
    expect(screen.getByTestId('quick-register_sowing').dataset.access).toBe('upsell');
    expect(screen.getByTestId('quick-plan_fungicide').dataset.access).toBe('upsell');

    fireEvent.click(within(screen.getByTestId('quick-create_note')).getByRole('link'));
    // "Create a note" opens the notebook with its new-note form (`new=1`).
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));
    expect(new URLSearchParams(router.state.location.search).get('new')).toBe('1');
  });

  it('shows loading placeholders until the crops arrive', async () => {
    serveReference({ '/api/crops': () => new Promise<Response>(() => {}) });
    renderArea('/my_farm');
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
    const { container } = renderArea('/my_farm');
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
    const { container } = renderArea('/my_farm');
    expect(
      await screen.findByText(
        'An unexpected error occurred. Please try again; if it persists, contact support.',
      ),
    ).toBeTruthy();
    expectNoRawKeys(container);
  });
});

const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-53.45, -24.95],
      [-53.44, -24.95],
      [-53.44, -24.96],
      [-53.45, -24.96],
      [-53.45, -24.95],
    ] as [number, number][],
  ],
};

const SANTA_HELENA = farm({
  id: 7,
  nome: 'Fazenda Santa Helena',
  total_area: 100,
  total_talhoes: 3,
});
const OTHER = farm({ id: 8, nome: 'Fazenda Outra', total_area: 10, total_talhoes: 0 });
const PLOTS: Plot[] = [
  plot({ id: 71, nome: 'Talhão da Sede', fazenda_id: 7, area: 60, geometry: SQUARE }),
  plot({ id: 72, nome: 'Talhão do Rio', fazenda_id: 7, area: 25.5, geometry: SQUARE }),
];
const STATS = {
  total_area: 100,
  total_plots: 3,
  enabled_plots: 2,
  active_sowings: 0,
  next_application: null,
};

/** A Full-plan administrator whose current farm is Santa Helena, with two enabled plots. */
function serveFarm(
  options: {
    farms?: Farm[];
    plots?: () => Response | Promise<Response>;
    stats?: unknown;
    sowings?: () => Response | Promise<Response>;
    /** The spray windows of a sowing's program (none this week unless given). */
    windows?: () => Response | Promise<Response>;
    level?: number;
  } = {},
) {
  signIn();
  const plotsAsked: string[] = [];
  serve(
    ...sessionHandlers(
      {
        farms: options.farms ?? [SANTA_HELENA, OTHER],
        ...(options.level === undefined ? {} : { user: sessionUser({ level: options.level }) }),
      },
      http.get('/api/semeaduras', () =>
        options.sowings ? options.sowings() : HttpResponse.json([]),
      ),
      http.get('/api/cultivares', ({ request }) => {
        const seasonCrop = Number(new URL(request.url).searchParams.get('season_crop_id'));
        return HttpResponse.json(VARIETIES.filter((row) => row.season_crop_id === seasonCrop));
      }),
      http.get('/api/talhoes/:farmId', ({ params, request }) => {
        plotsAsked.push(`${params.farmId as string}${new URL(request.url).search}`);
        if (params.farmId !== '7') return HttpResponse.json([]);
        return options.plots ? options.plots() : HttpResponse.json(PLOTS);
      }),
      http.get('/api/fazendas/:farmId/stats', () => HttpResponse.json(options.stats ?? STATS)),
      http.get('/api/programs/:id/spray-windows', () =>
        options.windows ? options.windows() : HttpResponse.json([]),
      ),
    ),
  );
  return plotsAsked;
}

const VARIETIES: FarmVariety[] = [
  {
    id: 502,
    seed_id: 9502,
    farm_id: 7,
    season_crop_id: 2,
    name: 'BRS 1010 IPRO',
    asset_owner: 'Embrapa',
    crop_id: 1,
    relative_maturity: 6.1,
    growth_habit: 'indeterminate',
    genetically_modified_organism: true,
  },
];

/** A sowing of Santa Helena as GET /api/semeaduras answers it, with its next application. */
function sowingRow(
  overrides: Partial<Sowing> & { id: number; data_ideal_proxima_aplicacao?: string | null },
) {
  return {
    talhao_id: 71,
    fazenda_id: 7,
    cultivar_id: 502,
    semente_id: 9502,
    crop_id: 1,
    season_crop_id: 2,
    area: 40,
    data_semeadura: '2025-10-10',
    data_emergencia: '2025-10-17',
    estimated_cycle: 120,
    germinative_power: 85,
    seed_vigor: 80,
    line_spacing: 45,
    population_lines: 12,
    operating_speed: 6,
    status: 'sown',
    estadio_atual: { id: 10, code: 'R1', name: 'R1', message_key: 'growth_stage.soybean.r1' },
    colheita: null,
    active: true,
    programa: null,
    data_ideal_proxima_aplicacao: null,
    quantidade: null,
    origem: null,
    seeder_system_id: null,
    seed_class_id: null,
    seed_treatment: null,
    inoculant: null,
    total_aplicacoes: 0,
    total_execucoes: 0,
    total_sprayings: 0,
    ready_to_harvest: false,
    plot_enabled: true,
    ndvi_enabled: false,
    ...overrides,
  };
}

const SOWN = sowingRow({
  id: 802,
  programa: { id: 3 },
  data_ideal_proxima_aplicacao: '2025-12-12',
} as Parameters<typeof sowingRow>[0]);
/** The spray window of program 3's next spraying: good from 7 h to noon. */
function windowsOf(date: string): SprayWindowDay {
  return {
    spraying_id: 31,
    aplicacao: 2,
    date,
    hours: [],
    best_window: { start: `${date}T07:00`, end: `${date}T12:00`, hours: 5 },
    nearest_good_day: null,
    provider: 'simulated',
    simulated: true,
  };
}
const PLANNED = sowingRow({
  id: 804,
  talhao_id: 72,
  data_semeadura: null,
  data_emergencia: null,
  status: 'planned',
  estadio_atual: null,
});
const HARVESTED = sowingRow({
  id: 801,
  status: 'harvested',
  colheita: {
    id: 1,
    data_colheita: '2025-11-30',
    produtividade: 60,
    perda: false,
    dessecacao: false,
  },
});
/** Last season's, never harvested in Lavoura: not of the current season, so not active. */
const OLD_SEASON = sowingRow({ id: 800, season_crop_id: 1, active: false });

describe('my farm: the current farm, its plots and sowings', () => {
  const missingKeys = trackMissingKeys();

  it.each([
    [
      'pt',
      '100,00 ha',
      '25,50 ha',
      'Nenhuma semeadura ativa nesta fazenda na safra atual.',
      '1 talhão desabilitado não aparece aqui.',
    ],
    [
      'en',
      '247.10 ac',
      '63.01 ac',
      'No active sowing on this farm in the current season.',
      '1 disabled field is not shown here.',
    ],
    [
      'es',
      '100,00 ha',
      '25,50 ha',
      'Ninguna siembra activa en esta finca en la zafra actual.',
      '1 lote deshabilitado no aparece aquí.',
    ],
  ] as const)(
    'shows the farm, its enabled plots on a map and in a list, and that no sowing is active (%s)',
    async (language, total, plotArea, noSowing, hidden) => {
      const asked = serveFarm();
      await changeLanguage(language);
      const { container } = renderArea('/my_farm');

      expect((await screen.findByTestId('current-farm-name')).textContent).toBe(
        'Fazenda Santa Helena',
      );
      expect(screen.getByTestId('farm-total-area').textContent).toBe(total);
      await waitFor(() => expect(screen.getByTestId('farm-enabled-plots').textContent).toBe('2'));

      const list = await screen.findByTestId('home-plots');
      const rio = within(list).getByTestId('home-plot-72');
      expect(rio.textContent).toContain('Talhão do Rio');
      expect(rio.textContent).toContain(plotArea);
      expect(rio.getAttribute('href')).toBe('/field?plot_id=72&fazenda_id=7');
      // The plots on the map, named for screen readers.
      const map = await screen.findByTestId('plots-map');
      expect(map.getAttribute('role')).toBe('region');
      expect(map.getAttribute('aria-label')).toContain('Fazenda Santa Helena');
      // One plot of three is disabled: said, not listed.
      expect(screen.getByText(hidden)).toBeTruthy();

      expect((await screen.findByTestId('home-sowings-empty')).textContent).toBe(noSowing);
      // The same query as the menu's plots: the enabled ones only.
      expect(asked.every((query) => query === '7?enabled=1')).toBe(true);
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('opens a plot from the list', async () => {
    serveFarm();
    await changeLanguage('pt');
    const { router } = renderArea('/my_farm');
    fireEvent.click(await screen.findByTestId('home-plot-71'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/field'));
    expect(router.state.location.search).toBe('?plot_id=71&fazenda_id=7');
  });

  it('shows the farm the address names', async () => {
    serveFarm();
    await changeLanguage('en');
    renderArea('/my_farm?fazenda_id=8');
    await waitFor(() =>
      expect(screen.getByTestId('current-farm-name').textContent).toBe('Fazenda Outra'),
    );
    expect(await screen.findByTestId('home-plots-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add fields' }).getAttribute('href')).toBe('/farms');
  });

  it('on a plan without sowings counts them, says other plans list them, and asks for no list', async () => {
    const requests = recordRequests();
    serveFarm({ stats: { ...STATS, active_sowings: 2 }, level: 2 });
    await changeLanguage('en');
    renderArea('/my_farm');
    expect(await screen.findByText('2 active sowings on this farm.')).toBeTruthy();
    expect(
      screen.getByText(
        'Sowing records, with variety, growth stage and next application, are available on other plans.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('home-sowings-list')).toBeNull();
    expect(requests.some((request) => request.path === '/api/semeaduras')).toBe(false);
  });

  it.each([
    ['en', 'R1 – Beginning bloom', 'Next application: ', 'No program yet'],
    ['pt', 'R1 – Início do florescimento', 'Próxima aplicação: ', 'Sem programa ainda'],
    ['es', 'R1 – Inicio de floración', 'Próxima aplicación: ', 'Sin programa todavía'],
  ] as const)(
    'lists the active sowings with plot, variety, stage and next application in %s',
    async (language, r1, nextApplication, noProgram) => {
      serveFarm({
        sowings: () => HttpResponse.json([HARVESTED, PLANNED, SOWN, OLD_SEASON]),
        windows: () => HttpResponse.json([windowsOf('2025-12-12')]),
      });
      await changeLanguage(language);
      const { container } = renderArea('/my_farm');
      const list = await screen.findByTestId('home-sowings-list');
      await waitFor(() => expect(list.textContent).toContain('BRS 1010 IPRO'));
      // Harvested and last season's sowings are not active: the sown one (next spray) first.
      const rows = within(list).getAllByRole('link');
      expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/sowings/802', '/sowings/804']);

      const sown = within(list).getByTestId('home-sowing-802');
      expect(sown.textContent).toContain('Talhão da Sede');
      expect(sown.textContent).toContain('BRS 1010 IPRO');
      expect(within(sown).getByTestId('home-sowing-stage').textContent).toBe(r1);
      expect(within(sown).getByTestId('home-sowing-next').textContent).toBe(
        nextApplication + formatDateOnly('2025-12-12', language),
      );

      // The next spraying's best window (issue 30 item 2), said to be simulated offline.
      expect(within(sown).getByTestId('next-spray-window').textContent).toBe(
        `${i18n.t('execution:windows.next_best', {
          date: new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            timeZone: 'UTC',
          }).format(new Date('2025-12-12T00:00:00Z')),
          range: language === 'en' ? '7:00 AM–12:00 PM' : '07:00–12:00',
        })} · ${i18n.t('weather:simulated')}`,
      );

      const planned = within(list).getByTestId('home-sowing-804');
      expect(planned.textContent).toContain('Talhão do Rio');
      expect(within(planned).queryByTestId('next-spray-window')).toBeNull();
      // No program yet: said as it is, not as an error.
      expect(within(planned).getByTestId('home-sowing-next').textContent).toBe(noProgram);
      expect(screen.getByTestId('home-sowings-all').getAttribute('href')).toBe('/sowings');
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it.each([
    [390, true],
    [1366, false],
  ] as const)(
    'at %i px puts the day’s work above the shortcuts: %s',
    async (width, sowingsFirst) => {
      screenWidth(width);
      serveFarm({ sowings: () => HttpResponse.json([SOWN, PLANNED]) });
      await changeLanguage('en');
      renderArea('/my_farm');
      const sowings = await screen.findByTestId('home-sowings-list');
      const shortcuts = screen.getByRole('region', { name: 'Shortcuts' });
      const before = sowings.compareDocumentPosition(shortcuts) & Node.DOCUMENT_POSITION_FOLLOWING;
      expect(Boolean(before)).toBe(sowingsFirst);
      expect(screen.getAllByTestId('home-sowings')).toHaveLength(1);
    },
  );

  it('lists at most five active sowings and says how many more the sowings page has', async () => {
    const many = [...Array(7).keys()].map((index) =>
      sowingRow({ id: 900 + index, data_ideal_proxima_aplicacao: `2025-12-1${index}` }),
    );
    serveFarm({ sowings: () => HttpResponse.json(many) });
    await changeLanguage('en');
    renderArea('/my_farm');
    const list = await screen.findByTestId('home-sowings-list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((row) => row.getAttribute('href')),
    ).toEqual(['/sowings/900', '/sowings/901', '/sowings/902', '/sowings/903', '/sowings/904']);
    expect(screen.getByText('and 2 more')).toBeTruthy();
  });

  it('shows placeholders while the sowings load, and a retry when they fail', async () => {
    let calls = 0;
    let release: () => void = () => {};
    serveFarm({
      sowings: async () => {
        calls += 1;
        if (calls === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          return apiError(500, 'exception.unexpected_error');
        }
        return HttpResponse.json([SOWN]);
      },
    });
    await changeLanguage('en');
    renderArea('/my_farm');
    expect(await screen.findByRole('status', { name: 'Loading the active sowings…' })).toBeTruthy();
    release();
    const sowings = await screen.findByTestId('home-sowings');
    fireEvent.click(await within(sowings).findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('home-sowing-802')).toBeTruthy();
  });

  it('invites an administrator without farms to create one at /farms', async () => {
    serveFarm({ farms: [] });
    await changeLanguage('pt');
    const { router } = renderArea('/my_farm');
    const empty = await screen.findByTestId('home-no-farm');
    expect(
      within(empty).getByRole('heading', { name: 'Cadastre sua primeira fazenda' }),
    ).toBeTruthy();
    fireEvent.click(within(empty).getByRole('link', { name: 'Cadastrar fazenda' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/farms'));
  });

  it('tells an observer without farms to ask for access, with nothing to click', async () => {
    signIn();
    serve(
      ...sessionHandlers({
        user: sessionUser({
          is_admin: false,
          user_profile: {
            id: 4,
            uid: 'ASSISTENTE_TECNICO',
            message_key: 'profile.assistente_tecnico',
          },
        }),
        permissions: ['farm.list', 'FAZENDA_LISTAR', 'FAZENDA_VISUALIZAR', 'TALHAO_LISTAR'],
      }),
    );
    await changeLanguage('en');
    renderArea('/my_farm');
    const empty = await screen.findByTestId('home-no-farm');
    expect(empty.textContent).toContain('Ask the account administrator for access.');
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('shows placeholders while the farm and its plots load', async () => {
    serveFarm({ plots: () => new Promise<Response>(() => {}) });
    await changeLanguage('en');
    renderArea('/my_farm');
    expect(await screen.findByRole('status', { name: 'Loading fields…' })).toBeTruthy();
    expect(screen.getByTestId('current-farm-name').textContent).toBe('Fazenda Santa Helena');
  });

  it('shows placeholders while the plots load, and a retry when they fail', async () => {
    let fail = true;
    serveFarm({
      plots: () =>
        fail
          ? jsonResponse(
              { code: 500, key: 'exception.unexpected_error', context: { message: 'x' } },
              500,
            )
          : HttpResponse.json(PLOTS),
    });
    await changeLanguage('en');
    renderArea('/my_farm');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('home-plot-71')).toBeTruthy();
  });

  it('offers an observer only the shortcuts to look: no note, sowing or program to create', async () => {
    signIn();
    serve(
      ...sessionHandlers({
        user: sessionUser({
          is_admin: false,
          user_profile: {
            id: 4,
            uid: 'ASSISTENTE_TECNICO',
            message_key: 'profile.assistente_tecnico',
          },
        }),
        permissions: withShellKeys(
          permissionsFor({ profile: 'ASSISTENTE_TECNICO', planLevel: 4 }),
          'ASSISTENTE_TECNICO',
        ),
        farms: [SANTA_HELENA],
      }),
    );
    await changeLanguage('en');
    renderArea('/my_farm');
    await waitFor(() => expect(screen.getByTestId('quick-catalog').dataset.access).toBe('open'));
    expect(screen.getByTestId('quick-fields')).toBeTruthy();
    expect(screen.queryByTestId('quick-create_note')).toBeNull();
    expect(screen.queryByTestId('quick-register_sowing')).toBeNull();
    expect(screen.queryByTestId('quick-plan_fungicide')).toBeNull();
  });

  it('offers the shortcut to the fields on the farms page, padlocked sowings on Pro', async () => {
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 2 }), farms: [SANTA_HELENA] }));
    await changeLanguage('en');
    renderArea('/my_farm');
    const fields = await screen.findByTestId('quick-fields');
    await waitFor(() => expect(fields.dataset.access).toBe('open'));
    expect(within(fields).getByRole('link').getAttribute('href')).toBe('/farms');
    const sowing = screen.getByTestId('quick-register_sowing');
    expect(sowing.dataset.access).toBe('upsell');
    expect(within(sowing).getByTitle('Available on other plans')).toBeTruthy();
  });
});
