import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAUSED_CLIMATE_REASONS,
  addDays,
  type ApplicationRecord,
  fromDisplayUnit,
  permissionsFor,
  formatDateInput,
  todayIn,
  withShellKeys,
  type Crop,
  type FarmVariety,
  type SeasonCrop,
} from '@lavoura/domain';
import type { ExecutionProgram } from '../../api/executions';
import type {
  Application,
  ApplicationEvaluation,
  Defensive,
  ProgramEvaluation,
} from '../../api/programs';
import type { SowingDetail } from '../../api/sowing-records';
import type { SprayWindowDay } from '../../api/spray-windows';
import type { Sowing } from '../../api/sowings';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm, plot } from '../../test/farm-fixtures';
import {
  byPath,
  jsonResponse,
  recordRequests,
  serve,
  type PathAnswers,
} from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';
import { HOME_REDIRECT_MS } from './execution-page';

const BOA_VISTA = farm({ id: 1, nome: 'Fazenda Boa Vista' });
const CROPS: Crop[] = [{ id: 1, code: 'soybean', message_key: 'crop.soybean' }];
const SEASON_CROPS: SeasonCrop[] = [
  {
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
  },
];
const BRS: FarmVariety = {
  id: 501,
  seed_id: 9001,
  farm_id: 1,
  season_crop_id: 11,
  name: 'BRS 1010 IPRO',
  asset_owner: 'Embrapa',
  crop_id: 1,
  relative_maturity: 6.1,
  growth_habit: 'indeterminate',
  genetically_modified_organism: true,
};
const NK: FarmVariety = { ...BRS, id: 502, seed_id: 9002, name: 'NK 7777 IPRO' };
const PLOTS = [plot({ id: 100, nome: 'Talhão Sede' }), plot({ id: 101, nome: 'Talhão do Rio' })];

function listed(overrides: Partial<Sowing> = {}): Sowing {
  return {
    id: 700,
    talhao_id: 100,
    fazenda_id: 1,
    cultivar_id: 501,
    semente_id: 9001,
    crop_id: 1,
    season_crop_id: 11,
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
    estadio_atual: { id: 9, code: 'R1', name: 'R1', message_key: 'growth_stage.soybean.r1' },
    colheita: null,
    active: true,
    programa: null,
    total_aplicacoes: 0,
    total_execucoes: 0,
    quantidade: null,
    origem: null,
    seeder_system_id: null,
    seed_class_id: null,
    seed_treatment: null,
    inoculant: null,
    data_ideal_proxima_aplicacao: null,
    total_sprayings: 0,
    ready_to_harvest: false,
    plot_enabled: true,
    ndvi_enabled: false,
    ...overrides,
  };
}

/** Talhão Sede (BRS, no program) and Talhão do Rio (NK, with program 900). */
const SEDE = listed();
const RIO = listed({
  id: 701,
  talhao_id: 101,
  cultivar_id: 502,
  semente_id: 9002,
  programa: { id: 900 },
  total_aplicacoes: 3,
  total_execucoes: 1,
});

function detailOf(sowing: Sowing): SowingDetail {
  // GET /api/semeaduras/{id} answers the sowing as the list does.
  return sowing;
}

const EVALUATION: ProgramEvaluation = {
  program_score: 68.25,
  white_mold_program_score: null,
  data_emergencia: '2025-10-17',
  ciclo_dias: 120,
  severidade: 'high',
  severidade_assumida: false,
  maximo_aplicacoes: 7,
  doencas: [{ doenca_id: 1, papel: 'main', peso: 1, alvo: 0.8, score: 68.25, fontes: ['S1'] }],
  avisos: [],
};

function sprayEvaluation(overrides: Partial<ApplicationEvaluation> = {}): ApplicationEvaluation {
  return {
    spray_score: 70,
    white_mold_score: null,
    estadio: 'R1',
    estadio_nao_recomendado: false,
    eficacias: [],
    avisos: [],
    ...overrides,
  };
}

function spraying(ordinal: number, overrides: Partial<Application> = {}): Application {
  const days = ['2025-12-01', '2025-12-22', '2026-01-12'];
  return {
    id: 7000 + ordinal,
    aplicacao: ordinal,
    data_aplicacao_planejada: days[ordinal - 1] ?? '2026-01-30',
    data_realizada: null,
    mofo_branco: false,
    produtos: [{ defensivo_id: 301, nome: 'Fox Xpro', unidade: null, dose: 0.5, preco: 120 }],
    custo_ha: 60,
    avaliacao: sprayEvaluation(),
    ...overrides,
  };
}

/** Program 900 of Talhão do Rio: spray 1 applied (at a stage not recommended), 2 and 3 pending. */
function program(overrides: Partial<ExecutionProgram> = {}): ExecutionProgram {
  return {
    id: 900,
    nome: 'Ferrugem safra',
    fazenda_id: 1,
    cultivar_id: 502,
    semeadura_id: 701,
    season_crop_id: 11,
    crop_id: 1,
    doenca_principal_id: 1,
    doencas_secundarias_ids: [],
    severidade: 1,
    mofo_branco: false,
    racional: false,
    data_prevista: '2025-10-17',
    ciclo_dias: 120,
    is_paused_by_climate: false,
    white_mold_total_sprayings: null,
    total_aplicacoes_sugeridas: null,
    imported_from_planning_id: null,
    ciclo_origem: null,
    planejamentos: [
      spraying(1, {
        data_realizada: '2025-12-03',
        avaliacao: sprayEvaluation({ estadio: 'V7-V9', estadio_nao_recomendado: true }),
      }),
      spraying(2, {
        produtos: [
          { defensivo_id: 301, nome: 'Fox Xpro', unidade: null, dose: 0.5, preco: 120 },
          { defensivo_id: 302, nome: 'Unizeb Gold', unidade: null, dose: 1.5, preco: 30 },
        ],
        custo_ha: 105,
      }),
      spraying(3),
    ],
    custo_ha: 225,
    custo_total: 9000,
    area: 40,
    avaliacao: EVALUATION,
    avaliacao_indisponivel: null,
    created_at: '2025-10-20T12:00:00.000Z',
    updated_at: '2025-10-20T12:00:00.000Z',
    pausa: null,
    ...overrides,
  };
}

const DEFENSIVES: Defensive[] = [
  {
    id: 301,
    nome: 'Fox Xpro',
    unidade: 'L',
    origem: 'catalogue',
    tipo: 'fungicide',
    pais_id: 1,
    doses: [],
    is_white_mold: false,
    lastPrice: 120,
    lastDose: 0.5,
  },
  {
    id: 302,
    nome: 'Unizeb Gold',
    unidade: 'kg',
    origem: 'catalogue',
    tipo: 'fungicide',
    pais_id: 1,
    doses: [],
    is_white_mold: false,
    lastPrice: 30,
    lastDose: 1.5,
  },
];

/** The spray windows of the next spraying (7002 on 2025-12-22): `quality` per hour, from 0 h. */
function windowsDay(
  qualities: string,
  overrides: Partial<SprayWindowDay> = {},
  date = '2025-12-22',
): SprayWindowDay {
  const code = { g: 'good', m: 'marginal', b: 'bad' } as const;
  const hours = [...qualities].map((letter, hour) => {
    const quality = code[letter as 'g' | 'm' | 'b'];
    return {
      start: `${date}T${String(hour).padStart(2, '0')}:00`,
      quality,
      reasons:
        quality === 'good'
          ? []
          : hour < 7
            ? [{ code: 'wind_calm' as const, quality: 'bad' as const }]
            : [{ code: 'wind_strong' as const, quality }],
      past: false,
      wind_kmh: hour < 7 ? 2 : hour < 17 ? 8 : 14,
      gust_kmh: 12,
      temperature_c: 22,
      humidity_pct: 80,
      delta_t: 2.4,
      rain_mm: 0,
    };
  });
  return {
    spraying_id: 7002,
    aplicacao: 2,
    date,
    hours,
    best_window: null,
    nearest_good_day: null,
    provider: 'open-meteo',
    ...overrides,
  };
}

/** The record of an applied spraying before anything is entered (Fox Xpro and Unizeb Gold). */
function emptyRecord(ordinal: number): ApplicationRecord {
  return {
    spraying_id: 7000 + ordinal,
    aplicacao: ordinal,
    applied_at: '2025-12-22',
    operator: null,
    equipment: null,
    spray_volume_l_ha: null,
    nozzle: null,
    start_time: null,
    end_time: null,
    weather: null,
    products: [
      { pesticide_id: 301, name: 'Fox Xpro', batch: null },
      { pesticide_id: 302, name: 'Unizeb Gold', batch: null },
    ],
    updated_at: null,
  };
}

type Answer = (request: Request) => Response | Promise<Response>;

function serveExecution({
  sowings = () => jsonResponse([SEDE, RIO]),
  details = [SEDE, RIO].map(detailOf),
  programs = (request) => {
    const sowingId = new URL(request.url).searchParams.get('semeadura_id');
    return jsonResponse(sowingId === '701' ? [program()] : []);
  },
  one = () => jsonResponse(program()),
  permissions = ALL_PERMISSIONS,
  extra = {},
}: {
  sowings?: Answer;
  details?: SowingDetail[];
  programs?: Answer;
  one?: Answer;
  permissions?: readonly string[];
  extra?: PathAnswers;
} = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions, farms: [BOA_VISTA] },
      ...byPath({
        // No spraying this week unless a test says otherwise.
        '/api/programs/:id/spray-windows': () => jsonResponse([]),
        // An empty application record of the spraying just applied.
        '/api/programs/:id/sprayings/:ordinal/record': (request) =>
          jsonResponse(emptyRecord(Number(new URL(request.url).pathname.split('/').at(-2)))),
        ...extra,
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASON_CROPS),
        '/api/talhoes/:farmId': () => jsonResponse(PLOTS),
        '/api/cultivares': () => jsonResponse([BRS, NK]),
        '/api/semeaduras': sowings,
        '/api/semeaduras/:id': (request) => {
          const id = Number(new URL(request.url).pathname.split('/').at(-1));
          const found = details.find((row) => row.id === id);
          return found ? jsonResponse(found) : apiError(404, 'exception.not_found');
        },
        '/api/programas': programs,
        '/api/programas/:id': one,
        '/api/defensives': () => jsonResponse(DEFENSIVES),
        '/api/paused-climate-reasons': () => jsonResponse(PAUSED_CLIMATE_REASONS),
      }),
    ),
  );
}

async function renderExecution(path = '/execucao?semeadura=701') {
  const rendered = renderArea(path);
  await screen.findByTestId('execution-page', undefined, { timeout: 15_000 });
  return rendered;
}

const x = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'execution', ...values });
const error = (key: string) => i18n.t(key, { ns: 'errors' });
const p = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'programs', ...values });
const type = (container: HTMLElement, testId: string, value: string) =>
  fireEvent.change(within(container).getByTestId(testId), { target: { value } });
/** Text with the non-breaking spaces Intl puts in money and dates written as plain ones. */
const plain = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');
const sprayingItems = () => screen.getAllByTestId('spraying');
const appliedInput = (dialog: HTMLElement) =>
  within(dialog).getByTestId('application-applied-date') as HTMLInputElement;
/** The spraying's dialog, once the catalogue has filled in its products. */
async function openEditDialog() {
  const dialog = await screen.findByTestId('program-application-dialog');
  await within(dialog).findByTestId('application-product');
  await waitFor(() =>
    expect((within(dialog).getByTestId('application-save') as HTMLButtonElement).disabled).toBe(
      false,
    ),
  );
  return dialog;
}

describe('program execution (/execucao)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  beforeEach(async () => {
    screenWidth(1280);
    await changeLanguage('pt');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the first sowing with a program and shows its next spraying, score and sprayings', async () => {
    serveExecution();
    const { router, container } = await renderExecution('/execucao');
    await waitFor(() => expect(router.state.location.search).toBe('?semeadura=701'));
    const next = await screen.findByTestId('execution-next');
    expect(plain(within(next).getByTestId('execution-next-title'))).toBe(
      'Aplicação 2 em 22 de dez. de 2025',
    );
    expect(within(next).getByTestId('execution-next-stage').textContent).toBe(
      'Estádio previsto: R1 – Início do florescimento',
    );
    expect(plain(next)).toContain('Unizeb Gold');
    // Doses in the product's unit once the catalogue says it.
    await waitFor(() => expect(plain(next)).toContain('1,5 kg/ha'));
    expect(within(next).getByTestId('execution-apply')).toBeTruthy();
    expect(screen.getByTestId('program-score-value').textContent).toBe('68,3');
    expect(screen.getByTestId('execution-applied-count').textContent).toBe('1 de 3');
    expect((screen.getByTestId('execution-sowing-search') as HTMLInputElement).value).toBe(
      'Talhão do Rio · NK 7777 IPRO',
    );

    const [first, second, third] = sprayingItems();
    expect(plain(within(first!).getByTestId('spraying-status'))).toBe(
      'Aplicada em 3 de dez. de 2025',
    );
    // The applied spray was at a stage not recommended: a warning chip on it.
    expect(within(first!).getByTestId('spraying-stage-warning').textContent).toBe(
      x('sprayings.stage_not_recommended'),
    );
    expect(within(second!).getByTestId('spraying-next')).toBeTruthy();
    expect(within(second!).queryByTestId('spraying-stage-warning')).toBeNull();
    // Undo on the applied one; delete only on the last one.
    expect(within(first!).getByTestId('spraying-undo')).toBeTruthy();
    expect(within(second!).queryByTestId('spraying-undo')).toBeNull();
    expect(within(first!).queryByTestId('spraying-delete')).toBeNull();
    expect(within(second!).queryByTestId('spraying-delete')).toBeNull();
    expect(within(third!).getByTestId('spraying-delete')).toBeTruthy();
    for (const item of [first!, second!, third!])
      expect(within(item).getByTestId('spraying-edit')).toBeTruthy();

    // The prescription of the next spraying, as a PDF or a spreadsheet.
    fireEvent.click(within(next).getByTestId('prescription-open'));
    const pdf = await screen.findByTestId('prescription-pdf');
    expect(pdf.getAttribute('href')).toBe('/api/prescription/900/export?format=pdf&spraying=2');
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(screen.getByTestId('prescription-xlsx').getAttribute('href')).toBe(
      '/api/prescription/900/export?format=xlsx&spraying=2',
    );
    // No prescription for an applied spray.
    expect(within(first!).queryByTestId('prescription-open')).toBeNull();
    // The farm's application log of the season, in three formats (issue 30 item 6).
    fireEvent.click(screen.getByTestId('application-log-open'));
    expect((await screen.findByTestId('application-log-csv')).getAttribute('href')).toBe(
      '/api/farms/1/application-log?season_crop_id=11&format=csv',
    );
    expect(screen.getByTestId('application-log-pdf').textContent).toBe(x('log.pdf'));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('shows the next spraying’s spray window: the best hours, each hour’s reasons and numbers, labelled simulated offline', async () => {
    const day = windowsDay('bbbbbbbggggggggggmmmmmmm', {
      best_window: { start: '2025-12-22T07:00', end: '2025-12-22T17:00', hours: 10 },
      provider: 'simulated',
      simulated: true,
    });
    // Two hours already past; gusts as well as wind at 20 h.
    day.hours[0]!.past = true;
    day.hours[1]!.past = true;
    day.hours[20]!.reasons.push({ code: 'gusts', quality: 'marginal' });
    serveExecution({
      extra: { '/api/programs/:id/spray-windows': () => jsonResponse([day]) },
    });
    await renderExecution();
    const panel = await screen.findByTestId('spray-window');
    expect((await within(panel).findByTestId('spray-window-best')).textContent).toBe(
      x('windows.best', { range: '07:00–17:00', count: 10 }),
    );
    expect(within(panel).getByTestId('weather-simulated')).toBeTruthy();
    const cells = within(within(panel).getByTestId('spray-window-strip')).getAllByRole('button');
    expect(cells.map((cell) => cell.dataset.quality?.[0]).join('')).toBe(
      'bbbbbbbggggggggggmmmmmmm',
    );
    // The picked hour starts at the best window; another hour shows its own reasons and numbers.
    expect(plain(within(panel).getByTestId('spray-window-hour'))).toContain('07:00 · Boa');
    fireEvent.click(cells[3]!);
    const hour = plain(within(panel).getByTestId('spray-window-hour'));
    expect(hour).toContain(`03:00 · Ruim: ${x('windows.reason.wind_calm')}`);
    expect(hour).toContain('vento 2 km/h');
    expect(hour).toContain('delta-T 2,4 °C');
    // The day's runs, in words as well as colours.
    expect(
      within(within(panel).getByTestId('spray-window-runs'))
        .getAllByRole('listitem')
        .map((item) => plain(item)),
    ).toEqual([
      `02:00–07:00 · Ruim: ${x('windows.reason.wind_calm')}`,
      '07:00–17:00 · Boa',
      `17:00–00:00 · Limítrofe: ${x('windows.reason.wind_strong')}, ${x('windows.reason.gusts')}`,
    ]);
    expect(missingKeys).toEqual([]);
  });

  it('says when the planned day has no good hour and names the nearest good day, in English units', async () => {
    await changeLanguage('en');
    const day = windowsDay('bbbbbbbmmmmmmmmmmmmmmmmm', {
      nearest_good_day: {
        date: '2025-12-23',
        best_window: { start: '2025-12-23T06:00', end: '2025-12-23T11:00', hours: 5 },
      },
    });
    serveExecution({
      extra: { '/api/programs/:id/spray-windows': () => jsonResponse([day]) },
    });
    await renderExecution();
    const none = await screen.findByTestId('spray-window-none');
    expect(plain(none)).toBe(
      `${x('windows.none', { date: 'Mon, Dec 22' })} ${x('windows.nearest', { date: 'Tue, Dec 23', range: '6:00 AM–11:00 AM' })}`,
    );
    expect(screen.queryByTestId('weather-simulated')).toBeNull();
    fireEvent.click(within(screen.getByTestId('spray-window-strip')).getAllByRole('button')[3]!);
    const hour = plain(screen.getByTestId('spray-window-hour'));
    expect(hour).toContain('wind 1 mph');
    expect(hour).toContain('72°F');
    expect(hour).toContain('delta-T 4.3 °F');
  });

  it('shows and changes the account’s spray-window thresholds in the language’s units, and says why a change is refused', async () => {
    await changeLanguage('en');
    const defaults = {
      thresholds: [
        {
          key: 'wind_good_max_kmh',
          value: 10,
          default: 10,
          source: 'W3',
          basis: [],
          overridden: false,
          min: 1,
          max: 60,
        },
        {
          key: 'wind_min_kmh',
          value: 3,
          default: 3,
          source: 'W3',
          basis: ['W1'],
          overridden: false,
          min: 0,
          max: 30,
        },
        {
          key: 'rainfast_hours',
          value: 2,
          default: 2,
          source: 'assumption',
          basis: [],
          overridden: false,
          min: 0,
          max: 24,
        },
      ],
    };
    const bodies: unknown[] = [];
    serveExecution({
      extra: {
        '/api/programs/:id/spray-windows': () =>
          jsonResponse([
            windowsDay('g'.repeat(24), {
              best_window: { start: '2025-12-22T00:00', end: '2025-12-23T00:00', hours: 24 },
            }),
          ]),
        '/api/spray-window-settings': async (request) => {
          if (request.method === 'GET') return jsonResponse(defaults);
          const body = (await request.json()) as Record<string, number | null>;
          bodies.push(body);
          if ((body.wind_min_kmh ?? 0) > 10)
            return apiError(400, 'exception.spray_windows.thresholds_inconsistent');
          return jsonResponse(defaults);
        },
      },
    });
    await renderExecution();
    fireEvent.click(await screen.findByTestId('spray-window-settings-open'));
    const dialog = await screen.findByTestId('spray-window-settings');
    const good = (await within(dialog).findByTestId(
      'setting-wind_good_max_kmh',
    )) as HTMLInputElement;
    // 10 km/h is 6.2 mph; its default and source are said.
    expect(good.value).toBe('6.2');
    expect(plain(dialog)).toContain('Default 6.2 · source: Brazilian application guidance (Aegro)');
    expect(plain(dialog)).toContain(x('windows.settings.assumption'));
    fireEvent.change(good, { target: { value: '9' } });
    fireEvent.click(within(dialog).getByTestId('spray-window-settings-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // Sent metric (9 mph is 14.5 km/h); untouched thresholds are not sent.
    expect(bodies[0]).toEqual({
      wind_good_max_kmh: Math.round(fromDisplayUnit('speed', 9, 'en') * 100) / 100,
    });
    expect(bodies[0]).toMatchObject({ wind_good_max_kmh: expect.closeTo(14.48, 1) });
    await waitFor(() => expect(screen.queryByTestId('spray-window-settings')).toBeNull());

    fireEvent.click(screen.getByTestId('spray-window-settings-open'));
    const again = await screen.findByTestId('spray-window-settings');
    fireEvent.change(await within(again).findByTestId('setting-wind_min_kmh'), {
      target: { value: '12' },
    });
    fireEvent.click(within(again).getByTestId('spray-window-settings-save'));
    expect((await within(again).findByTestId('spray-window-settings-error')).textContent).toBe(
      error('exception.spray_windows.thresholds_inconsistent'),
    );
    // Out of bounds is said before anything is sent.
    fireEvent.change(within(again).getByTestId('setting-rainfast_hours'), {
      target: { value: '30' },
    });
    fireEvent.click(within(again).getByTestId('spray-window-settings-save'));
    expect(plain(again)).toContain(x('windows.settings.out_of_bounds', { min: '0', max: '24' }));
    expect(bodies).toHaveLength(2);
    expect(missingKeys).toEqual([]);
  });

  it('enters the responsible professional the prescriptions print, from the prescription menu (issue 30 item 6)', async () => {
    const bodies: unknown[] = [];
    let saved = { name: null as string | null, registration: null as string | null };
    serveExecution({
      extra: {
        '/api/responsible-professional': async (request) => {
          if (request.method === 'GET') return jsonResponse(saved);
          const body = (await request.json()) as { name: string; registration: string };
          bodies.push(body);
          saved = { name: body.name || null, registration: body.registration || null };
          return jsonResponse(saved);
        },
      },
    });
    await renderExecution();
    const next = await screen.findByTestId('execution-next');
    fireEvent.click(within(next).getByTestId('prescription-open'));
    fireEvent.click(await screen.findByTestId('prescription-professional'));
    const dialog = await screen.findByTestId('responsible-professional');
    const name = (await within(dialog).findByTestId('professional-name')) as HTMLInputElement;
    expect(name.value).toBe('');
    fireEvent.change(name, { target: { value: 'Ana Beatriz Lima' } });
    fireEvent.change(within(dialog).getByTestId('professional-registration'), {
      target: { value: 'CREA-PR 1234567/D' },
    });
    fireEvent.click(within(dialog).getByTestId('professional-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ name: 'Ana Beatriz Lima', registration: 'CREA-PR 1234567/D' });
    await waitFor(() => expect(screen.queryByTestId('responsible-professional')).toBeNull());
    // Opened again, it shows what was saved.
    fireEvent.click(within(next).getByTestId('prescription-open'));
    fireEvent.click(await screen.findByTestId('prescription-professional'));
    const again = await screen.findByTestId('responsible-professional');
    expect(
      ((await within(again).findByTestId('professional-registration')) as HTMLInputElement).value,
    ).toBe('CREA-PR 1234567/D');
    // Too long a name is refused before anything is sent.
    fireEvent.change(within(again).getByTestId('professional-name'), {
      target: { value: 'A'.repeat(121) },
    });
    fireEvent.click(within(again).getByTestId('professional-save'));
    await waitFor(() =>
      expect(within(again).getByTestId('professional-name').getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(bodies).toHaveLength(1);
    expect(missingKeys).toEqual([]);
  });

  it('says a spraying past the forecast’s week has no window yet, and shows a failure with a retry', async () => {
    let calls = 0;
    serveExecution({
      extra: {
        '/api/programs/:id/spray-windows': () => {
          calls += 1;
          return calls === 1 ? apiError(502, 'exception.provider_unavailable') : jsonResponse([]);
        },
      },
    });
    await renderExecution();
    const failed = await screen.findByTestId('spray-window-error', undefined, { timeout: 10_000 });
    expect(plain(failed)).toContain(x('windows.error'));
    fireEvent.click(within(failed).getByRole('button'));
    expect((await screen.findByTestId('spray-window-later')).textContent).toBe(x('windows.later'));
  });

  it('applies the next spraying on a chosen day, sending it, and shows the answer', async () => {
    let body: unknown = null;
    const appliedProgram = program({
      planejamentos: [
        program().planejamentos[0]!,
        { ...program().planejamentos[1]!, data_realizada: '2025-12-20' },
        spraying(3, { data_aplicacao_planejada: '2026-01-10' }),
      ],
    });
    let current = program();
    const seen = recordRequests();
    serveExecution({
      one: () => jsonResponse(current),
      programs: () => jsonResponse([current]),
      extra: {
        '/api/programs/:id/sprayings/:ordinal/apply': async (request) => {
          body = await request.json();
          current = appliedProgram;
          return jsonResponse(current);
        },
      },
    });
    await renderExecution();
    fireEvent.click(await screen.findByTestId('execution-apply'));
    const dialog = await screen.findByTestId('execution-apply-dialog');
    // Today in the farm's time zone is offered; a day after it is refused before anything is sent.
    const today = todayIn(BOA_VISTA.time_zone);
    // Written the Portuguese way, whatever the browser's language.
    expect((within(dialog).getByTestId('execution-apply-date') as HTMLInputElement).value).toBe(
      formatDateInput(today, 'pt'),
    );
    type(dialog, 'execution-apply-date', addDays(today, 1));
    fireEvent.click(within(dialog).getByTestId('execution-apply-dialog-confirm'));
    expect(await within(dialog).findByText(x('apply.date_invalid'))).toBeTruthy();
    expect(seen.some((request) => request.path.endsWith('/apply'))).toBe(false);

    type(dialog, 'execution-apply-date', '2025-12-20');
    fireEvent.click(within(dialog).getByTestId('execution-apply-dialog-confirm'));
    await waitFor(() => expect(body).toEqual({ applied_at: '2025-12-20' }));
    expect(seen.find((request) => request.path.endsWith('/apply'))!.path).toBe(
      '/api/programs/900/sprayings/2/apply',
    );
    await waitFor(() => expect(screen.queryByTestId('execution-apply-dialog')).toBeNull());
    await waitFor(() =>
      expect(plain(within(sprayingItems()[1]!).getByTestId('spraying-status'))).toBe(
        'Aplicada em 20 de dez. de 2025',
      ),
    );
    // The next spraying is now the third, moved by the engine: the new day is said.
    expect(plain(screen.getByTestId('execution-next-title'))).toBe(
      'Aplicação 3 em 10 de jan. de 2026',
    );
    expect(plain(screen.getByTestId('execution-moved-item'))).toBe(
      'Aplicação 3: 12 de jan. de 2026 → 10 de jan. de 2026',
    );
    expect(screen.getByTestId('execution-applied-count').textContent).toBe('2 de 3');
    // Then it asks for the application record; "Later" leaves it without sending anything.
    const record = await screen.findByTestId('application-record-dialog');
    expect(within(record).getByRole('heading', { level: 2 }).textContent).toBe(
      x('record.title', { number: 2 }),
    );
    await within(record).findByTestId('record-operator');
    fireEvent.click(within(record).getByTestId('record-skip'));
    await waitFor(() => expect(screen.queryByTestId('application-record-dialog')).toBeNull());
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('keeps a spraying applied without signal on the device, says it waits, and sends it when the signal returns (issue 30 item 7)', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const bodies: unknown[] = [];
    let current = program();
    serveExecution({
      one: () => jsonResponse(current),
      programs: () => jsonResponse([current]),
      extra: {
        '/api/programs/:id/sprayings/:ordinal/apply': async (request) => {
          bodies.push(await request.json());
          current = program({
            planejamentos: [
              program().planejamentos[0]!,
              { ...program().planejamentos[1]!, data_realizada: '2025-12-20' },
              program().planejamentos[2]!,
            ],
          });
          return jsonResponse(current);
        },
      },
    });
    await renderExecution();
    fireEvent.click(await screen.findByTestId('execution-apply'));
    const dialog = await screen.findByTestId('execution-apply-dialog');
    type(dialog, 'execution-apply-date', '2025-12-20');
    fireEvent.click(within(dialog).getByTestId('execution-apply-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('execution-apply-dialog')).toBeNull());
    // No record dialog without signal: the spraying waits, and the apply button gives way.
    const kept = await screen.findByTestId('execution-apply-kept');
    expect(plain(kept)).toBe(x('next.kept', { date: '20 de dez. de 2025' }));
    expect(screen.queryByTestId('execution-apply')).toBeNull();
    expect(screen.queryByTestId('application-record-dialog')).toBeNull();
    expect(bodies).toHaveLength(0);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(bodies).toEqual([{ applied_at: '2025-12-20' }]));
    // The server's program is read again: spraying 2 is applied, the third is next.
    await waitFor(() =>
      expect(plain(within(sprayingItems()[1]!).getByTestId('spraying-status'))).toBe(
        'Aplicada em 20 de dez. de 2025',
      ),
    );
    expect(screen.queryByTestId('execution-apply-kept')).toBeNull();
  });

  it('keeps an applied spraying’s application record: operator, volume in the language’s unit, times, typed weather and batches', async () => {
    await changeLanguage('en');
    const bodies: unknown[] = [];
    serveExecution({
      extra: {
        '/api/programs/:id/sprayings/:ordinal/record': async (request) => {
          if (request.method === 'GET')
            return jsonResponse({
              ...emptyRecord(1),
              start_time: '08:00',
              weather: { wind_kmh: 8, temperature_c: 22, humidity_pct: 80, source: 'forecast' },
            });
          bodies.push(await request.json());
          return jsonResponse(emptyRecord(1));
        },
      },
    });
    await renderExecution();
    await screen.findAllByTestId('spraying');
    const [first] = sprayingItems();
    fireEvent.click(within(first!).getByTestId('spraying-record'));
    const dialog = await screen.findByTestId('application-record-dialog');
    const input = (key: string) => within(dialog).getByTestId(`record-${key}`) as HTMLInputElement;
    await within(dialog).findByTestId('record-operator');
    // The forecast's reading of 8 h, in English units, said to come from the forecast.
    expect(input('wind').value).toBe('5');
    expect(input('temperature').value).toBe('71.6');
    expect(within(dialog).getByTestId('record-weather-source').textContent).toBe(
      x('record.weather_forecast'),
    );
    type(dialog, 'record-operator', 'João Pereira');
    type(dialog, 'record-volume', '12.8');
    type(dialog, 'record-end', '07:00');
    type(dialog, 'record-batch-301', 'L2025-118');
    fireEvent.click(within(dialog).getByTestId('record-save'));
    // An end before the start is said before anything is sent.
    expect(await within(dialog).findByText(x('record.invalid'))).toBeTruthy();
    expect(bodies).toHaveLength(0);
    type(dialog, 'record-end', '10:30');
    type(dialog, 'record-humidity', '75');
    fireEvent.click(within(dialog).getByTestId('record-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // 12.8 gal/ac is about 120 L/ha; the typed humidity sends the readings as typed.
    expect(bodies[0]).toMatchObject({
      operator: 'João Pereira',
      start_time: '08:00',
      end_time: '10:30',
      weather: { humidity_pct: 75, source: 'typed' },
      batches: [{ pesticide_id: 301, batch: 'L2025-118' }],
    });
    expect((bodies[0] as { spray_volume_l_ha: number }).spray_volume_l_ha).toBeCloseTo(119.7, 0);
    expect((bodies[0] as { weather: { temperature_c: number } }).weather.temperature_c).toBeCloseTo(
      22,
      1,
    );
    await waitFor(() => expect(screen.queryByTestId('application-record-dialog')).toBeNull());
    expect(missingKeys).toEqual([]);
  });

  it('shows the API’s refusal of an application in the user’s words', async () => {
    serveExecution({
      extra: {
        '/api/programs/:id/sprayings/:ordinal/apply': () =>
          apiError(409, 'exception.sowing.other_season'),
      },
    });
    await renderExecution();
    fireEvent.click(await screen.findByTestId('execution-apply'));
    const dialog = await screen.findByTestId('execution-apply-dialog');
    type(dialog, 'execution-apply-date', '2025-12-20');
    fireEvent.click(within(dialog).getByTestId('execution-apply-dialog-confirm'));
    const refusal = await within(dialog).findByTestId('execution-apply-dialog-error');
    expect(refusal.textContent).toBe(error('exception.sowing.other_season'));
    expect(screen.getByTestId('execution-apply-dialog')).toBeTruthy();
  });

  it('changes the day an applied spraying was sprayed, sending it with its products', async () => {
    let put: { path: string; body: unknown } | null = null;
    let current = program();
    serveExecution({
      one: () => jsonResponse(current),
      programs: () => jsonResponse([current]),
      extra: {
        '/api/programas/:id/execucoes/:executionId': async (request) => {
          put = {
            path: `${request.method} ${new URL(request.url).pathname}`,
            body: await request.json(),
          };
          current = program({
            planejamentos: [
              { ...program().planejamentos[0]!, data_realizada: '2025-12-05' },
              ...program().planejamentos.slice(1),
            ],
          });
          return jsonResponse(current);
        },
      },
    });
    await renderExecution();
    fireEvent.click(
      within((await screen.findAllByTestId('spraying'))[0]!).getByTestId('spraying-edit'),
    );
    const dialog = await openEditDialog();
    // The day it was sprayed, beside the planned day.
    expect(appliedInput(dialog).value).toBe('03/12/2025');
    expect(within(dialog).getByLabelText(new RegExp(p('application.applied_date')))).toBe(
      appliedInput(dialog),
    );
    expect((within(dialog).getByTestId('application-date') as HTMLInputElement).value).toBe(
      '01/12/2025',
    );
    type(dialog, 'application-applied-date', '2025-12-05');
    fireEvent.click(within(dialog).getByTestId('application-save'));
    await waitFor(() =>
      expect(put).toEqual({
        path: 'PUT /api/programas/900/execucoes/7001',
        body: {
          data: '2025-12-01',
          mofo_branco: false,
          produtos: [{ defensivo_id: 301, dose: 0.5, preco: 120 }],
          data_realizada: '2025-12-05',
        },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('program-application-dialog')).toBeNull());
    await waitFor(() =>
      expect(plain(within(sprayingItems()[0]!).getByTestId('spraying-status'))).toBe(
        'Aplicada em 5 de dez. de 2025',
      ),
    );
  });

  it('refuses an applied day in the future or before the sowing before sending it', async () => {
    const seen = recordRequests();
    serveExecution();
    await renderExecution();
    fireEvent.click(
      within((await screen.findAllByTestId('spraying'))[0]!).getByTestId('spraying-edit'),
    );
    const dialog = await openEditDialog();
    // Today on the farm's clock is the latest day it can have been sprayed.
    const today = todayIn(BOA_VISTA.time_zone);
    type(dialog, 'application-applied-date', addDays(today, 1));
    fireEvent.click(within(dialog).getByTestId('application-save'));
    expect(await within(dialog).findByText(p('application.applied_date_future'))).toBeTruthy();
    // Talhão do Rio was sown on 10 Oct 2025.
    type(dialog, 'application-applied-date', '2025-10-09');
    expect(
      await within(dialog).findByText(
        p('application.applied_date_before_sowing', { date: '10 de out. de 2025' }),
      ),
    ).toBeTruthy();
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);
    expect(screen.getByTestId('program-application-dialog')).toBeTruthy();
  });

  it('changes a pending spraying without an applied day', async () => {
    let body: unknown = null;
    serveExecution({
      extra: {
        '/api/programas/:id/execucoes/:executionId': async (request) => {
          body = await request.json();
          return jsonResponse(program());
        },
      },
    });
    await renderExecution();
    fireEvent.click(
      within((await screen.findAllByTestId('spraying'))[2]!).getByTestId('spraying-edit'),
    );
    const dialog = await openEditDialog();
    expect(within(dialog).queryByTestId('application-applied-date')).toBeNull();
    expect(within(dialog).queryByText(p('application.applied_date'))).toBeNull();
    type(dialog, 'application-date', '2026-01-14');
    fireEvent.click(within(dialog).getByTestId('application-save'));
    await waitFor(() =>
      expect(body).toEqual({
        data: '2026-01-14',
        mofo_branco: false,
        produtos: [{ defensivo_id: 301, dose: 0.5, preco: 120 }],
      }),
    );
  });

  it('changes an applied spraying’s products while paused without resending its day', async () => {
    let body: unknown = null;
    serveExecution({
      one: () =>
        jsonResponse(
          program({
            is_paused_by_climate: true,
            white_mold_total_sprayings: null,
            total_aplicacoes_sugeridas: null,
            imported_from_planning_id: null,
            ciclo_origem: null,
            avaliacao: null,
            avaliacao_indisponivel: null,
            pausa: { reason_id: 1, description: null, paused_at: '2025-12-15' },
          }),
        ),
      extra: {
        '/api/programas/:id/execucoes/:executionId': async (request) => {
          body = await request.json();
          return jsonResponse(program());
        },
      },
    });
    await renderExecution();
    await screen.findByTestId('execution-paused');
    fireEvent.click(within(sprayingItems()[0]!).getByTestId('spraying-edit'));
    const dialog = await openEditDialog();
    type(dialog, 'application-price', '130');
    fireEvent.click(within(dialog).getByTestId('application-save'));
    // The API refuses an applied day while paused: unchanged, it is not sent.
    await waitFor(() =>
      expect(body).toEqual({
        data: '2025-12-01',
        mofo_branco: false,
        produtos: [{ defensivo_id: 301, dose: 0.5, preco: 130 }],
      }),
    );
  });

  it('shows the API’s refusal of an applied day in the user’s words', async () => {
    serveExecution({
      extra: {
        '/api/programas/:id/execucoes/:executionId': () =>
          apiError(400, 'exception.spray.date_before_sowing'),
      },
    });
    await renderExecution();
    fireEvent.click(
      within((await screen.findAllByTestId('spraying'))[0]!).getByTestId('spraying-edit'),
    );
    const dialog = await openEditDialog();
    type(dialog, 'application-applied-date', '2025-11-20');
    fireEvent.click(within(dialog).getByTestId('application-save'));
    const refusal = await within(dialog).findByTestId('program-application-error');
    expect(refusal.textContent).toBe(error('exception.spray.date_before_sowing'));
    expect(screen.getByTestId('program-application-dialog')).toBeTruthy();
  });

  it('undoes an applied spraying: it is pending again', async () => {
    let undone: string | null = null;
    let current = program();
    serveExecution({
      one: () => jsonResponse(current),
      programs: () => jsonResponse([current]),
      extra: {
        '/api/programs/:id/sprayings/:ordinal/unapply': (request) => {
          undone = `${request.method} ${new URL(request.url).pathname}`;
          current = program({
            planejamentos: program().planejamentos.map((row) => ({ ...row, data_realizada: null })),
          });
          return jsonResponse(current);
        },
      },
    });
    await renderExecution();
    const first = (await screen.findAllByTestId('spraying'))[0]!;
    fireEvent.click(within(first).getByTestId('spraying-undo'));
    const dialog = await screen.findByTestId('execution-undo-dialog');
    expect(plain(dialog)).toContain('3 de dez. de 2025');
    fireEvent.click(within(dialog).getByTestId('execution-undo-dialog-confirm'));
    await waitFor(() => expect(undone).toBe('POST /api/programs/900/sprayings/1/unapply'));
    await waitFor(() =>
      expect(plain(within(sprayingItems()[0]!).getByTestId('spraying-status'))).toBe(
        'Prevista para 1 de dez. de 2025',
      ),
    );
    expect(plain(screen.getByTestId('execution-next-title'))).toBe(
      'Aplicação 1 em 1 de dez. de 2025',
    );
    expect(screen.queryByTestId('spraying-undo')).toBeNull();
  });

  it('deletes the last spraying, and says why another cannot be', async () => {
    let deleted: string | null = null;
    let current = program();
    serveExecution({
      one: () => jsonResponse(current),
      programs: () => jsonResponse([current]),
      extra: {
        '/api/programas/:id/execucoes/:executionId': (request) => {
          deleted = `${request.method} ${new URL(request.url).pathname}`;
          current = program({ planejamentos: program().planejamentos.slice(0, 2) });
          return jsonResponse(current);
        },
      },
    });
    await renderExecution();
    await screen.findAllByTestId('spraying');
    expect(screen.getAllByTestId('spraying-delete')).toHaveLength(1);
    fireEvent.click(within(sprayingItems()[2]!).getByTestId('spraying-delete'));
    const dialog = await screen.findByTestId('execution-delete-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: x('delete.confirm') }));
    await waitFor(() => expect(deleted).toBe('DELETE /api/programas/900/execucoes/7003'));
    await waitFor(() => expect(sprayingItems()).toHaveLength(2));
    // Now the second is the last: only it can be deleted.
    expect(within(sprayingItems()[1]!).getByTestId('spraying-delete')).toBeTruthy();
    expect(within(sprayingItems()[0]!).queryByTestId('spraying-delete')).toBeNull();
  });

  it('shows the refusal to delete a spraying that is not the last', async () => {
    serveExecution({
      extra: {
        '/api/programas/:id/execucoes/:executionId': () =>
          apiError(409, 'exception.spray.only_last_removable'),
      },
    });
    await renderExecution();
    await screen.findAllByTestId('spraying');
    fireEvent.click(screen.getByTestId('spraying-delete'));
    const dialog = await screen.findByTestId('execution-delete-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: x('delete.confirm') }));
    expect(
      await within(dialog).findByText(error('exception.spray.only_last_removable')),
    ).toBeTruthy();
  });

  it('asks a description for “other” before pausing, then shows the pause and blocks applying', async () => {
    let body: unknown = null;
    let current = program();
    serveExecution({
      one: () => jsonResponse(current),
      programs: () => jsonResponse([current]),
      extra: {
        '/api/programs/:id/pause': async (request) => {
          body = await request.json();
          current = program({
            is_paused_by_climate: true,
            white_mold_total_sprayings: null,
            total_aplicacoes_sugeridas: null,
            imported_from_planning_id: null,
            ciclo_origem: null,
            avaliacao: null,
            avaliacao_indisponivel: null,
            pausa: { reason_id: 5, description: 'Veranico com calor', paused_at: '2025-12-15' },
          });
          return jsonResponse(current);
        },
      },
    });
    await renderExecution();
    fireEvent.click(await screen.findByTestId('execution-pause'));
    const dialog = await screen.findByTestId('execution-pause-dialog');
    const other = await within(dialog).findByRole('radio', {
      name: i18n.t('paused_climate_reason.other', { ns: 'reference' }),
    });
    fireEvent.click(other);
    type(dialog, 'pause-date', '2025-12-15');
    fireEvent.click(within(dialog).getByTestId('execution-pause-dialog-confirm'));
    expect(await within(dialog).findByTestId('pause-fix')).toBeTruthy();
    expect(within(dialog).getAllByText(x('pause.details_required')).length).toBeGreaterThan(0);
    expect(body).toBeNull();

    type(dialog, 'pause-details', '  Veranico com calor ');
    fireEvent.click(within(dialog).getByTestId('execution-pause-dialog-confirm'));
    await waitFor(() =>
      expect(body).toEqual({
        reason_id: 5,
        description: 'Veranico com calor',
        paused_at: '2025-12-15',
      }),
    );
    const banner = await screen.findByTestId('execution-paused');
    expect(plain(within(banner).getByTestId('execution-paused-since'))).toBe(
      'Desde 15 de dez. de 2025',
    );
    expect(within(banner).getByTestId('execution-paused-reason').textContent).toBe(
      'Outro: Veranico com calor',
    );
    expect((screen.getByTestId('execution-apply') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('execution-apply-paused').textContent).toBe(x('next.paused_hint'));
    expect(screen.queryByTestId('spraying-undo')).toBeNull();
    expect(screen.getByTestId('execution-program-state').textContent).toBe(x('program.paused'));
  });

  it.each([
    ['variety', 105],
    ['reference', 120],
  ] as const)(
    'says a plan imported without a cycle is computed on the %s’s',
    async (source, days) => {
      const imported = program({ ciclo_dias: days, ciclo_origem: source });
      serveExecution({
        one: () => jsonResponse(imported),
        programs: () => jsonResponse([imported]),
      });
      await renderExecution();
      expect((await screen.findByTestId('execution-cycle-source')).textContent).toBe(
        x(`program.cycle_${source}`, { count: days }),
      );
    },
  );

  it('says nothing of the cycle when it is the sowing’s', async () => {
    serveExecution();
    await renderExecution();
    await screen.findByTestId('execution-program');
    expect(screen.queryByTestId('execution-cycle-source')).toBeNull();
  });

  it('states the pause description’s limit and counts down as the user types', async () => {
    serveExecution();
    await renderExecution();
    fireEvent.click(await screen.findByTestId('execution-pause'));
    const dialog = await screen.findByTestId('execution-pause-dialog');
    const helper = within(dialog).getByTestId('pause-details-helper');
    expect(helper.textContent).toContain(x('pause.details_left', { count: 500, max: 500 }));
    type(dialog, 'pause-details', 'Granizo forte');
    expect(helper.textContent).toContain(x('pause.details_left', { count: 487, max: 500 }));
    expect(helper.textContent).toContain('Restam 487 de 500 caracteres');
    expect((within(dialog).getByTestId('pause-details') as HTMLTextAreaElement).maxLength).toBe(
      500,
    );
  });

  it('resumes a paused program and shows the sprays’ new days', async () => {
    let body: unknown = null;
    let current = program({
      is_paused_by_climate: true,
      white_mold_total_sprayings: null,
      total_aplicacoes_sugeridas: null,
      imported_from_planning_id: null,
      ciclo_origem: null,
      avaliacao: null,
      avaliacao_indisponivel: null,
      pausa: { reason_id: 1, description: null, paused_at: '2025-12-05' },
    });
    serveExecution({
      one: () => jsonResponse(current),
      programs: () => jsonResponse([current]),
      extra: {
        '/api/programs/:id/resume': async (request) => {
          body = await request.json();
          current = program({
            planejamentos: [
              program().planejamentos[0]!,
              spraying(2, { data_aplicacao_planejada: '2025-12-30' }),
              spraying(3, { data_aplicacao_planejada: '2026-01-20' }),
            ],
          });
          return jsonResponse(current);
        },
      },
    });
    await renderExecution();
    const banner = await screen.findByTestId('execution-paused');
    expect(within(banner).getByTestId('execution-paused-reason').textContent).toBe('Seca');
    expect(plain(within(banner).getByTestId('execution-paused-since'))).toBe(
      'Desde 5 de dez. de 2025',
    );
    expect((screen.getByTestId('execution-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(banner).getByTestId('execution-paused-resume'));
    const dialog = await screen.findByTestId('execution-resume-dialog');
    // Not before the pause started.
    type(dialog, 'resume-date', '2025-12-01');
    fireEvent.click(within(dialog).getByTestId('execution-resume-dialog-confirm'));
    expect(
      await within(dialog).findByText(x('resume.date_invalid', { date: '5 de dez. de 2025' })),
    ).toBeTruthy();
    expect(body).toBeNull();
    type(dialog, 'resume-date', '2025-12-13');
    fireEvent.click(within(dialog).getByTestId('execution-resume-dialog-confirm'));
    await waitFor(() => expect(body).toEqual({ resumed_at: '2025-12-13' }));
    await waitFor(() => expect(screen.queryByTestId('execution-paused')).toBeNull());
    const moved = screen.getAllByTestId('execution-moved-item').map(plain);
    expect(moved).toEqual([
      'Aplicação 2: 22 de dez. de 2025 → 30 de dez. de 2025',
      'Aplicação 3: 12 de jan. de 2026 → 20 de jan. de 2026',
    ]);
    expect((screen.getByTestId('execution-apply') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a sowing of another season is not followed here and goes home after 2 seconds', async () => {
    // Fake timers that also follow the clock: the page's queries still settle by themselves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const past = listed({ id: 650, active: false, data_semeadura: '2024-10-10' });
    serveExecution({ details: [detailOf(past), detailOf(SEDE), detailOf(RIO)] });
    const { router } = await renderExecution('/execucao?semeadura=650');
    const notice = await screen.findByTestId('execution-not-current-season');
    expect(within(notice).getByRole('heading').textContent).toBe(
      i18n.t('sowing.not_current_season', { ns: 'home' }),
    );
    // The notice stays a while…
    expect(router.state.location.pathname).toBe('/execucao');
    await act(() => vi.advanceTimersByTimeAsync(HOME_REDIRECT_MS / 2));
    expect(router.state.location.pathname).toBe('/execucao');
    // …and after 2 seconds the user is home.
    await act(() => vi.advanceTimersByTimeAsync(HOME_REDIRECT_MS / 2));
    expect(router.state.location.pathname).toBe('/my_farm');
  });

  it('offers to create the program of a sowing without one, sending the sowing and no emergence', async () => {
    let body: unknown = null;
    const created = program({
      id: 950,
      nome: 'Execução Sede',
      semeadura_id: 700,
      cultivar_id: 501,
      planejamentos: [],
      custo_ha: 0,
    });
    serveExecution({
      programs: async (request) => {
        if (request.method === 'POST') {
          body = await request.json();
          return jsonResponse(created, 201);
        }
        const sowingId = new URL(request.url).searchParams.get('semeadura_id');
        return jsonResponse(sowingId === '700' && body ? [created] : []);
      },
      one: () => jsonResponse(created),
    });
    await renderExecution('/execucao?semeadura=700');
    const empty = await screen.findByTestId('execution-no-program');
    expect(within(empty).getByTestId('execution-import-plan')).toBeTruthy();
    fireEvent.click(within(empty).getByTestId('execution-create-program'));
    const settings = await screen.findByTestId('program-settings-dialog');
    // The sowing's emergence and cycle are used: not asked.
    expect(within(settings).queryByTestId('program-emergence')).toBeNull();
    fireEvent.change(within(settings).getByTestId('program-name'), {
      target: { value: 'Execução Sede' },
    });
    fireEvent.mouseDown(within(settings).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Ferrugem-asiática' }));
    fireEvent.click(within(settings).getByTestId('program-settings-save'));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      semeadura_id: 700,
      nome: 'Execução Sede',
      doenca_principal_id: 1,
      doencas_secundarias_ids: [],
      severidade: null,
      mofo_branco: false,
      white_mold_total_sprayings: null,
      total_aplicacoes_sugeridas: null,
      racional: false,
    });
    expect(await screen.findByTestId('execution-sprayings-empty')).toBeTruthy();
    expect(screen.getByTestId('execution-program-name').textContent).toBe('Execução Sede');
    // A new program's sprays can come from the engine's suggestion.
    expect(screen.getByTestId('execution-suggest')).toBeTruthy();
  });

  it('imports a plan of the sowing’s variety into it', async () => {
    let imported: { path: string; body: unknown } | null = null;
    const plan = program({ id: 880, nome: 'Plano BRS', semeadura_id: null, cultivar_id: 501 });
    const copy = program({ id: 951, nome: 'Plano BRS', semeadura_id: 700, cultivar_id: 501 });
    serveExecution({
      programs: (request) => {
        const query = new URL(request.url).searchParams;
        if (query.get('cultivar_id') === '501') return jsonResponse([plan]);
        return jsonResponse(imported ? [copy] : []);
      },
      one: () => jsonResponse(copy),
      extra: {
        '/api/programas/:id/importar': async (request) => {
          imported = { path: new URL(request.url).pathname, body: await request.json() };
          return jsonResponse(copy, 201);
        },
      },
    });
    await renderExecution('/execucao?semeadura=700');
    fireEvent.click(await screen.findByTestId('execution-import-plan'));
    const dialog = await screen.findByTestId('import-plan-dialog');
    const row = await within(dialog).findByTestId('import-plan');
    expect(plain(row)).toContain('Plano BRS');
    expect(plain(row)).toContain('3 aplicações');
    fireEvent.click(within(row).getByTestId('import-plan-choose'));
    await waitFor(() =>
      expect(imported).toEqual({
        path: '/api/programas/880/importar',
        body: { semeadura_id: 700 },
      }),
    );
    expect(await screen.findByTestId('execution-next')).toBeTruthy();
    expect(screen.queryByTestId('import-plan-dialog')).toBeNull();
  });

  it('finds a sowing by plot or variety name and opens its program', async () => {
    serveExecution();
    const { router } = await renderExecution();
    await screen.findByTestId('execution-next');
    const search = screen.getByTestId('execution-sowing-search');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'brs' } });
    let options = await screen.findAllByTestId('sowing-option');
    expect(options.map(plain)).toEqual([
      `Talhão SedeBRS 1010 IPRO · ${x('picker.without_program')}`,
    ]);
    fireEvent.change(search, { target: { value: 'rio' } });
    options = await screen.findAllByTestId('sowing-option');
    expect(options.map(plain)).toEqual([
      `Talhão do RioNK 7777 IPRO · ${x('picker.with_program', { applied: 1, total: 3 })}`,
    ]);
    fireEvent.change(search, { target: { value: 'sede' } });
    fireEvent.click(await screen.findByRole('option', { name: /Talhão Sede/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?semeadura=700'));
    expect(await screen.findByTestId('execution-no-program')).toBeTruthy();
  });

  it('shows only what an observer may do: no apply, pause, undo, edit or delete', async () => {
    serveExecution({
      permissions: withShellKeys(
        permissionsFor({ profile: 'ASSISTENTE_TECNICO', planLevel: 4 }),
        'ASSISTENTE_TECNICO',
      ),
    });
    await renderExecution();
    const next = await screen.findByTestId('execution-next');
    expect(within(next).queryByTestId('execution-apply')).toBeNull();
    // The prescription can still be read.
    expect(within(next).getByTestId('prescription-open')).toBeTruthy();
    for (const id of [
      'execution-pause',
      'execution-add',
      'spraying-undo',
      'spraying-edit',
      'spraying-delete',
    ])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('shows a loading state, then an empty state without sowings of the current season', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    serveExecution({
      sowings: async () => {
        await answered;
        return jsonResponse([listed({ id: 650, active: false })]);
      },
    });
    await renderExecution('/execucao');
    expect(await screen.findByTestId('execution-loading')).toBeTruthy();
    release();
    const empty = await screen.findByTestId('execution-no-sowings');
    expect(
      within(empty)
        .getByRole('link', { name: x('no_sowings.action') })
        .getAttribute('href'),
    ).toBe('/sowings');
  });

  it('shows a failure to load the program with a retry that loads it again', async () => {
    let calls = 0;
    serveExecution({
      programs: () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'exception.unexpected_error')
          : jsonResponse([program()]);
      },
    });
    await renderExecution();
    const retry = await screen.findByRole('button', { name: x('retry') });
    expect(screen.getByText(error('exception.unexpected_error'))).toBeTruthy();
    fireEvent.click(retry);
    expect(await screen.findByTestId('execution-next')).toBeTruthy();
  });

  it('is opened from each current sowing of the list and from the sowing’s page', async () => {
    const past = listed({ id: 650, talhao_id: 100, active: false });
    serveExecution({
      sowings: () => jsonResponse([SEDE, RIO, past]),
      extra: {
        '/api/semeaduras/:id/growth-stages': () => jsonResponse([]),
        '/api/semeaduras/:id/estadio': () => jsonResponse([]),
        '/api/semeaduras/:id/colheita': () => jsonResponse([]),
        '/api/irrigacoes': () => jsonResponse([]),
      },
    });
    renderArea('/sowings');
    await screen.findAllByTestId('sowing-row', undefined, { timeout: 15_000 });
    const links = screen
      .getAllByTestId('sowing-execution')
      .map((link) => link.getAttribute('href'));
    // Another season's sowing is not followed on /execucao.
    expect(links).toEqual(['/execucao?semeadura=700', '/execucao?semeadura=701']);

    const page = renderArea('/sowings/701');
    const link = await within(page.container).findByTestId('sowing-detail-execution', undefined, {
      timeout: 15_000,
    });
    expect(link.getAttribute('href')).toBe('/execucao?semeadura=701');
    expect(link.textContent).toBe(x('links.open'));
  });

  it('reads in English with costs per acre', async () => {
    await changeLanguage('en');
    serveExecution();
    const { container } = await renderExecution();
    const next = await screen.findByTestId('execution-next');
    expect(plain(within(next).getByTestId('execution-next-title'))).toBe('Spray 2 on Dec 22, 2025');
    // 225 per hectare is 225 / 2.471044 = 91.05 per acre.
    expect(plain(screen.getByTestId('execution-cost-per-area'))).toBe('R$91.05/ac');
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });
});
