import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Crop, FarmVariety, SeasonCrop } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import type { Defensive, Program, ProgramEvaluation } from '../../api/programs';
import { farm } from '../../test/farm-fixtures';
import { byPath, jsonResponse, recordRequests, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const BOA_VISTA = farm({ id: 1, nome: 'Fazenda Boa Vista' });
const IOWA = farm({ id: 5, nome: 'Iowa Farm', pais: { id: 3, nome: 'USA' } });

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

const SEASON_CROPS: SeasonCrop[] = [
  seasonCrop({}),
  seasonCrop({ id: 41, country_id: 3, start_period: '2026-01-01', season_name: '2026' }),
];

function variety(overrides: Partial<FarmVariety>): FarmVariety {
  return {
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
    ...overrides,
  };
}

const BRS = variety({});
const TMG = variety({ id: 502, seed_id: 9002, name: 'TMG 7063' });

const flat = (value: number, days = 119) => Array.from({ length: days }, () => value);

function evaluation(score: number, diseases: { id: number; score: number }[]): ProgramEvaluation {
  return {
    program_score: score,
    white_mold_program_score: null,
    data_emergencia: '2025-10-20',
    ciclo_dias: 118,
    severidade: 'high',
    severidade_assumida: false,
    maximo_aplicacoes: 7,
    doencas: diseases.map((disease, index) => ({
      doenca_id: disease.id,
      papel: index === 0 ? 'main' : 'secondary',
      peso: index === 0 ? 0.75 : 0.25,
      alvo: 0.8,
      score: disease.score,
      fontes: ['assumption'],
    })),
    avisos: [],
    curvas: {
      estadios: [{ code: 'VE', date: '2025-10-20' }],
      doencas: diseases.map((disease) => ({
        doenca_id: disease.id,
        risco: flat(1),
        protecao: flat(disease.score / 100),
      })),
    },
  };
}

function program(overrides: Partial<Program> = {}): Program {
  return {
    id: 900,
    nome: 'Ferrugem 2 aplicações',
    fazenda_id: 1,
    cultivar_id: 501,
    semeadura_id: null,
    season_crop_id: 11,
    crop_id: 1,
    doenca_principal_id: 1,
    doencas_secundarias_ids: [3],
    severidade: 1,
    mofo_branco: false,
    racional: true,
    data_prevista: '2025-10-20',
    ciclo_dias: 118,
    is_paused_by_climate: false,
    white_mold_total_sprayings: null,
    total_aplicacoes_sugeridas: null,
    imported_from_planning_id: null,
    ciclo_origem: null,
    pausa: null,
    planejamentos: [
      {
        id: 7001,
        aplicacao: 1,
        data_aplicacao_planejada: '2025-12-01',
        data_realizada: null,
        mofo_branco: false,
        produtos: [
          { defensivo_id: 301, nome: 'Fox Xpro', unidade: null, dose: 0.5, preco: 120 },
          { defensivo_id: 302, nome: 'Unizeb Gold', unidade: null, dose: 1.5, preco: 30 },
        ],
        custo_ha: 105,
        avaliacao: null,
      },
      {
        id: 7002,
        aplicacao: 2,
        data_aplicacao_planejada: '2025-12-22',
        data_realizada: null,
        mofo_branco: false,
        produtos: [{ defensivo_id: 303, nome: 'Elatus', unidade: null, dose: 0.3, preco: 210.5 }],
        custo_ha: 63.15,
        avaliacao: null,
      },
    ],
    custo_ha: 168.15,
    custo_total: 6726,
    area: 40,
    created_at: '2025-09-15T12:00:00.000Z',
    updated_at: '2025-09-15T12:00:00.000Z',
    avaliacao: evaluation(72.45, [
      { id: 1, score: 81.3 },
      { id: 3, score: 45.9 },
    ]),
    avaliacao_indisponivel: null,
    ...overrides,
  };
}

/** A cheaper plan of the same variety: one spray of Fox, rust only. */
const PLAN_B = program({
  id: 901,
  nome: 'Plano econômico',
  doencas_secundarias_ids: [],
  planejamentos: [
    {
      id: 7101,
      aplicacao: 1,
      data_aplicacao_planejada: '2025-12-05',
      data_realizada: null,
      mofo_branco: false,
      produtos: [{ defensivo_id: 301, nome: 'Fox Xpro', unidade: null, dose: 0.4, preco: 120 }],
      custo_ha: 48,
      avaliacao: null,
    },
  ],
  custo_ha: 48,
  custo_total: 1920,
  avaliacao: evaluation(55.04, [{ id: 1, score: 60.2 }]),
});

/** A plan of another variety. */
const PLAN_TMG = program({ id: 902, nome: 'Plano TMG', cultivar_id: 502 });

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
    lastPrice: null,
    lastDose: null,
  },
];

type Answer = (request: Request) => Response | Promise<Response>;

function serveComparison({
  farms = [BOA_VISTA],
  list = [PLAN_TMG, PLAN_B, program()],
  one = (id: number) => {
    const found = [program(), PLAN_B, PLAN_TMG].find((row) => row.id === id);
    return found ? jsonResponse(found) : apiError(404, 'exception.not_found');
  },
  varieties = [BRS, TMG],
}: {
  farms?: ReturnType<typeof farm>[];
  list?: Program[];
  one?: (id: number) => Response;
  varieties?: FarmVariety[];
} = {}) {
  signIn();
  const answers: Record<string, Answer> = {
    '/api/crops': () => jsonResponse(CROPS),
    '/api/season-crops': () => jsonResponse(SEASON_CROPS),
    '/api/cultivares': () => jsonResponse(varieties),
    '/api/programas': () => jsonResponse(list),
    '/api/programas/:id': (request) => one(Number(new URL(request.url).pathname.split('/').pop())),
    '/api/defensives': () => jsonResponse(DEFENSIVES),
  };
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions: ALL_PERMISSIONS, farms },
      ...byPath(answers),
    ),
  );
}

async function renderComparison(path = '/comparacao') {
  const rendered = renderArea(path);
  await screen.findByTestId('comparison-page', undefined, { timeout: 15_000 });
  return rendered;
}

const c = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'comparison', ...values });
/** Text with the non-breaking spaces Intl puts in money written as plain ones. */
const plain = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');

async function chooseOption(testId: string, name: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('program comparison (/comparacao)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  beforeEach(() => changeLanguage('pt'));

  it('asks for programs when none is chosen', async () => {
    screenWidth(1280);
    serveComparison();
    const { container } = await renderComparison();
    const empty = await screen.findByTestId('comparison-empty');
    expect(within(empty).getByRole('heading', { name: c('empty.title') })).toBeTruthy();
    expect(screen.queryByTestId('comparison-column')).toBeNull();
    expect(screen.getByTestId('comparison-back').getAttribute('href')).toBe('/programas');
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('adds two programs and shows their scores, costs and products side by side, kept in the URL', async () => {
    screenWidth(1280);
    serveComparison();
    const { router, container } = await renderComparison();
    const picker = screen.getByTestId('comparison-picker');
    // Only the varieties with programs are offered; the variety's newest plan comes chosen.
    await waitFor(() =>
      expect(within(picker).getByTestId('comparison-program').textContent).toContain(
        'Plano econômico',
      ),
    );
    fireEvent.click(within(picker).getByTestId('comparison-add'));
    await waitFor(() => expect(router.state.location.search).toBe('?programas=901'));
    await chooseOption('comparison-program', 'Ferrugem 2 aplicações');
    fireEvent.click(within(picker).getByTestId('comparison-add'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('programas')).toBe('901,900'),
    );

    const columns = await screen.findAllByTestId('comparison-column');
    expect(columns).toHaveLength(2);
    const [cheap, full] = columns as [HTMLElement, HTMLElement];
    const title = (column: HTMLElement) =>
      within(column).getByRole('heading', { level: 2 }).textContent;
    expect(title(cheap)).toBe('Plano econômico');
    expect(title(full)).toBe('Ferrugem 2 aplicações');
    expect(within(full).getByTestId('comparison-score-value').textContent).toBe('72,5');
    expect(within(cheap).getByTestId('comparison-score-value').textContent).toBe('55');
    expect(plain(within(full).getByTestId('comparison-cost-per-area'))).toBe('R$ 168,15/ha');
    expect(plain(within(cheap).getByTestId('comparison-cost-per-area'))).toBe('R$ 48,00/ha');
    expect(plain(within(full).getByTestId('comparison-cost-total'))).toBe('R$ 6.726,00');
    expect(plain(within(cheap).getByTestId('comparison-cost-total'))).toBe('R$ 1.920,00');
    expect(within(full).getByTestId('comparison-spray-count').textContent).toBe('2');
    expect(within(cheap).getByTestId('comparison-spray-count').textContent).toBe('1');
    expect(plain(within(full).getByTestId('comparison-farm-variety'))).toBe(
      'Fazenda Boa Vista · BRS 1010 IPRO',
    );
    // The diseases line up: target spot is not in the cheaper plan, and says so.
    const cheapDiseases = within(cheap).getAllByTestId('comparison-disease-score');
    const fullDiseases = within(full).getAllByTestId('comparison-disease-score');
    expect(cheapDiseases.map((row) => row.getAttribute('data-disease'))).toEqual(['1', '3']);
    expect(fullDiseases.map((row) => row.getAttribute('data-disease'))).toEqual(['1', '3']);
    expect(plain(cheapDiseases[0]!)).toContain('60,2');
    expect(plain(cheapDiseases[1]!)).toContain(c('column.not_in_program'));
    expect(plain(fullDiseases[1]!)).toContain('45,9');
    // The products of each spray with their doses in the product's unit.
    const products = within(cheap).getAllByTestId('comparison-product');
    expect(products.map(plain)).toEqual(['Fox Xpro: 0,4 L/ha']);
    expect(within(full).getAllByTestId('comparison-spray')).toHaveLength(2);
    // One chart per disease, a line per program that has it.
    const charts = within(screen.getByTestId('comparison-chart')).getAllByTestId(
      'comparison-chart-disease',
    );
    expect(charts.map((chart) => chart.getAttribute('data-disease'))).toEqual(['1', '3']);
    expect(within(charts[0]!).getAllByTestId('comparison-chart-line')).toHaveLength(2);
    expect(within(charts[1]!).getAllByTestId('comparison-chart-line')).toHaveLength(1);
    // Both are in: the picker offers them no more.
    expect(within(picker).getByTestId('comparison-add').hasAttribute('disabled')).toBe(true);
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('reopens a link with its programs and removes one, then the last', async () => {
    screenWidth(1280);
    serveComparison();
    const { router } = await renderComparison('/comparacao?programas=901,902');
    const columns = await screen.findAllByTestId('comparison-column');
    const title = (column: HTMLElement) =>
      within(column).getByRole('heading', { level: 2 }).textContent;
    expect(columns.map(title)).toEqual(['Plano econômico', 'Plano TMG']);
    fireEvent.click(
      within(columns[0]!).getByRole('button', {
        name: c('column.remove', { name: 'Plano econômico' }),
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('comparison-column')).toHaveLength(1));
    expect(router.state.location.search).toBe('?programas=902');
    expect(title(screen.getByTestId('comparison-column'))).toBe('Plano TMG');
    fireEvent.click(screen.getByTestId('comparison-remove'));
    expect(await screen.findByTestId('comparison-empty')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('shows a spray’s resistance and safety-interval warnings with the FRAC codes, and only those (pt)', async () => {
    screenWidth(1280);
    const base = program();
    const spray = {
      spray_score: 60,
      white_mold_score: null,
      estadio: 'R3',
      estadio_nao_recomendado: false,
      eficacias: [],
      avisos: [
        {
          code: 'curative_exposure',
          fontes: ['S1'],
          doenca_id: 1,
          defensivo_id: null,
          valor: 3,
          limite: null,
        },
        {
          code: 'rotation',
          fontes: ['S1', 'S6', 'assumption'],
          doenca_id: null,
          defensivo_id: null,
          valor: null,
          limite: null,
          grupos: ['11', '7'],
          produtos: [
            { defensivo_id: 301, nome: 'Fox Xpro', frac: ['7', '3', '11'], anterior: true },
            { defensivo_id: 303, nome: 'Elatus', frac: ['11', '7'], anterior: false },
          ],
        },
      ],
    };
    const warned = program({
      planejamentos: base.planejamentos.map((application, index) =>
        index === 1 ? { ...application, avaliacao: spray } : application,
      ),
      avaliacao: {
        ...base.avaliacao!,
        avisos: [
          {
            code: 'harvest_in_safety_interval',
            fontes: [],
            doenca_id: null,
            defensivo_id: 303,
            valor: 1,
            limite: 30,
            colheita: { data: '2026-01-20', origem: 'recorded' },
            aplicacao: 2,
            produtos: [{ defensivo_id: 303, nome: 'Elatus', frac: ['11', '7'], anterior: false }],
          },
        ],
      },
    });
    serveComparison({ one: () => jsonResponse(warned) });
    const { container } = await renderComparison('/comparacao?programas=900');
    const column = await screen.findByTestId('comparison-column');
    const sprays = await within(column).findAllByTestId('comparison-spray');
    expect(within(sprays[0]!).queryByTestId('comparison-spray-warnings')).toBeNull();
    const warnings = within(
      within(sprays[1]!).getByTestId('comparison-spray-warnings'),
    ).getAllByTestId('evaluation-warning');
    expect(warnings.map((warning) => warning.getAttribute('data-code'))).toEqual(['rotation']);
    expect(plain(warnings[0]!)).toContain(
      'FRAC 11, 7 da aplicação anterior se repete aqui sem um multissítio',
    );
    expect(within(warnings[0]!).getByTestId('evaluation-warning-products').textContent).toBe(
      'Produtos: Fox Xpro (FRAC 7, 3, 11, aplicação anterior); Elatus (FRAC 11, 7)',
    );
    expect(plain(within(column).getByTestId('comparison-program-warnings'))).toContain(
      'A colheita de 20 de jan. de 2026 caiu dentro da carência de 30 dias de Elatus, aplicado na aplicação 2: faltou 1 dia.',
    );
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('shows the API’s refusal of a program in words, with a retry, beside the others', async () => {
    screenWidth(1280);
    let calls = 0;
    serveComparison({
      one: (id) => {
        if (id === 900) return jsonResponse(program());
        calls += 1;
        return calls === 1 ? apiError(404, 'exception.not_found') : jsonResponse(PLAN_B);
      },
    });
    await renderComparison('/comparacao?programas=900,901');
    const failed = await screen.findByTestId('comparison-column-error');
    expect(within(failed).getByText(i18n.t('exception.not_found', { ns: 'errors' }))).toBeTruthy();
    expect(screen.getAllByTestId('comparison-column')).toHaveLength(1);
    fireEvent.click(within(failed).getByRole('button', { name: c('retry') }));
    await waitFor(() => expect(screen.getAllByTestId('comparison-column')).toHaveLength(2));
    expect(screen.queryByTestId('comparison-column-error')).toBeNull();
  });

  it('adds a program of another farm chosen in the picker', async () => {
    screenWidth(1280);
    const seen = recordRequests();
    const saoJose = farm({ id: 2, nome: 'Sítio São José' });
    const other = program({ id: 950, nome: 'Plano do sítio', fazenda_id: 2, cultivar_id: 601 });
    serveComparison({
      farms: [BOA_VISTA, saoJose],
      one: (id) => jsonResponse(id === 950 ? other : program()),
    });
    serve(
      ...byPath({
        '/api/programas': (request) =>
          jsonResponse(
            new URL(request.url).searchParams.get('fazenda_id') === '2' ? [other] : [program()],
          ),
        '/api/cultivares': (request) =>
          jsonResponse(
            new URL(request.url).searchParams.get('fazenda_id') === '2'
              ? [variety({ id: 601, farm_id: 2, name: 'NS 5959' })]
              : [BRS],
          ),
      }),
    );
    const { router } = await renderComparison();
    await chooseOption('comparison-farm', 'Sítio São José');
    await waitFor(() =>
      expect(screen.getByTestId('comparison-program').textContent).toContain('Plano do sítio'),
    );
    expect(screen.getByTestId('comparison-variety').textContent).toContain('NS 5959');
    fireEvent.click(screen.getByTestId('comparison-add'));
    await waitFor(() => expect(router.state.location.search).toBe('?programas=950'));
    const column = await screen.findByTestId('comparison-column');
    await waitFor(() =>
      expect(plain(within(column).getByTestId('comparison-farm-variety'))).toBe(
        'Sítio São José · NS 5959',
      ),
    );
    const list = seen.filter((request) => request.path === '/api/programas');
    expect(list.map((request) => Object.fromEntries(request.url.searchParams))).toContainEqual({
      fazenda_id: '2',
      basic_list: '1',
    });
  });

  it('says so when the farm has no programs to add', async () => {
    screenWidth(1280);
    serveComparison({ list: [] });
    await renderComparison();
    expect((await screen.findByTestId('comparison-picker-note')).textContent).toBe(
      c('picker.no_programs'),
    );
    expect(screen.getByTestId('comparison-add').hasAttribute('disabled')).toBe(true);
  });

  it('shows a US farm’s costs in dollars per acre and doses per acre in English', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    const us = program({ fazenda_id: 5, season_crop_id: 41 });
    serveComparison({
      farms: [IOWA],
      list: [us],
      one: () => jsonResponse(us),
      varieties: [variety({ farm_id: 5, season_crop_id: 41 })],
    });
    const { container } = await renderComparison('/comparacao?programas=900');
    const column = await screen.findByTestId('comparison-column');
    // 168.15 per ha is 68.05 per acre; 0.5 L/ha of Fox Xpro is 0.202 L/ac (its unit, per acre).
    expect(plain(within(column).getByTestId('comparison-cost-per-area'))).toBe('$68.05/ac');
    expect(
      within(column).getByText(i18n.t('programs:list.cost_per_area', { unit: 'ac' })),
    ).toBeTruthy();
    await waitFor(() =>
      expect(plain(within(column).getAllByTestId('comparison-product')[0]!)).toBe(
        'Fox Xpro: 0.202 L/ac',
      ),
    );
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });
});
