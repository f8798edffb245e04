import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Crop, FarmVariety, SeasonCrop } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import type {
  ApplicationEvaluation,
  Defensive,
  Program,
  ProgramEvaluation,
} from '../../api/programs';
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

const CROPS: Crop[] = [
  { id: 1, code: 'soybean', message_key: 'crop.soybean' },
  { id: 2, code: 'wheat', message_key: 'crop.wheat' },
];

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
    avaliacao: null,
    avaliacao_indisponivel: null,
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
    ...overrides,
  };
}

function defensive(overrides: Partial<Defensive> & { id: number; nome: string }): Defensive {
  return {
    unidade: null,
    origem: 'catalogue',
    tipo: 'fungicide',
    pais_id: 1,
    doses: [],
    is_white_mold: false,
    lastPrice: null,
    lastDose: null,
    ...overrides,
  };
}

const DEFENSIVES: Defensive[] = [
  defensive({ id: 303, nome: 'Elatus' }),
  defensive({ id: 301, nome: 'Fox Xpro', lastPrice: 120, lastDose: 0.5 }),
  defensive({ id: 302, nome: 'Unizeb Gold' }),
];

type Answer = (request: Request) => Response | Promise<Response>;

function servePrograms({
  farms = [BOA_VISTA],
  varieties = [BRS],
  programs = () => jsonResponse([program()]),
  one = () => jsonResponse(program()),
  applications = () => jsonResponse(program(), 201),
  remove = () => new Response(null, { status: 204 }),
  suggestion = () => jsonResponse(SUGGESTION),
}: {
  farms?: ReturnType<typeof farm>[];
  varieties?: FarmVariety[] | Answer;
  programs?: Answer;
  one?: Answer;
  applications?: Answer;
  remove?: Answer;
  suggestion?: Answer;
} = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions: ALL_PERMISSIONS, farms },
      ...byPath({
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASON_CROPS),
        '/api/cultivares':
          typeof varieties === 'function' ? varieties : () => jsonResponse(varieties),
        '/api/programas': programs,
        '/api/programas/:id': (request) =>
          request.method === 'DELETE' ? remove(request) : one(request),
        '/api/programas/:id/planejamentos': applications,
        '/api/programas/:id/planejamentos/sugerir': suggestion,
        '/api/defensives': () => jsonResponse(DEFENSIVES),
      }),
    ),
  );
}

/** The engine's answer for program(): rust (main) and target spot (secondary), high severity. */
const EVALUATION: ProgramEvaluation = {
  program_score: 72.45,
  white_mold_program_score: null,
  data_emergencia: '2025-10-20',
  ciclo_dias: 118,
  severidade: 'high',
  severidade_assumida: false,
  maximo_aplicacoes: 7,
  doencas: [
    {
      doenca_id: 1,
      papel: 'main',
      peso: 0.75,
      alvo: 0.8,
      score: 81.3,
      fontes: ['S1', 'assumption'],
    },
    {
      doenca_id: 3,
      papel: 'secondary',
      peso: 0.25,
      alvo: 0.8,
      score: 45.9,
      fontes: ['assumption'],
    },
  ],
  avisos: [],
};

/** Application 1: Fox Xpro (an assumed E) with Unizeb Gold (not registered against rust). */
const SPRAY_EVALUATION: ApplicationEvaluation = {
  spray_score: 64.2,
  white_mold_score: null,
  estadio: 'R1',
  estadio_nao_recomendado: true,
  eficacias: [
    {
      alvo_id: 1,
      eficacia_potencial: 0.8,
      eficacia_ajustada: 0.5096,
      sem_registro: false,
      dias_expostos: 2,
      fator_epoca: 0.637,
      no_intervalo_recomendado: false,
      produtos: [
        {
          defensivo_id: 301,
          eficacia_percentual: 80,
          tag: 'A',
          fonte: 'assumption',
          sem_registro: false,
          nao_informado: false,
          fator_dose: 1,
          dose_assumida: false,
          eficacia: 0.8,
        },
        {
          defensivo_id: 302,
          eficacia_percentual: null,
          tag: null,
          fonte: null,
          sem_registro: true,
          nao_informado: false,
          fator_dose: 0,
          dose_assumida: false,
          eficacia: 0,
        },
      ],
    },
  ],
  avisos: [
    {
      code: 'curative_exposure',
      fontes: ['S1', 'S2', 'S6', 'assumption'],
      doenca_id: 1,
      defensivo_id: null,
      valor: 2,
      limite: null,
    },
  ],
};

/** The engine's plan for program 900: two applications of Fox from the start of the risk. */
const SUGGESTION = {
  inicio_risco: '2025-11-27',
  fim_risco: '2026-01-24',
  aplicacoes: [
    {
      aplicacao: 1,
      data: '2025-11-27',
      mofo_branco: false,
      produtos: [{ defensivo_id: 41, nome: 'Fox', unidade: null, dose: 0.4, preco: 180 }],
      motivo_sem_produto: null,
      valor: 0.9,
      eficacias: [{ alvo_id: 1, eficacia_potencial: 0.8 }],
      bloqueados: [],
      avisos: [],
    },
    {
      aplicacao: 2,
      data: '2025-12-18',
      mofo_branco: false,
      produtos: [{ defensivo_id: 41, nome: 'Fox', unidade: null, dose: 0.4, preco: 180 }],
      motivo_sem_produto: null,
      valor: 0.9,
      eficacias: [{ alvo_id: 1, eficacia_potencial: 0.8 }],
      bloqueados: [],
      avisos: [],
    },
  ],
  program_score: 81.25,
  white_mold_program_score: null,
  doses_a_preencher: 0,
  removidas_racional: 0,
  avisos: [],
};

function evaluatedProgram(): Program {
  const base = program();
  return {
    ...base,
    avaliacao: EVALUATION,
    avaliacao_indisponivel: null,
    planejamentos: base.planejamentos.map((application, index) => ({
      ...application,
      avaliacao: index === 0 ? SPRAY_EVALUATION : null,
    })),
  };
}

async function renderPrograms(path = '/programas') {
  const rendered = renderArea(path);
  await screen.findByTestId('programs-page', undefined, { timeout: 15_000 });
  return rendered;
}

const p = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'programs', ...values });
/** Text with the non-breaking spaces Intl puts in money written as plain ones. */
const plain = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');

async function chooseProduct(index: number, name: string) {
  const input = screen.getAllByTestId('application-product-input')[index]!;
  fireEvent.change(input, { target: { value: name.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('programs page (/programas)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  beforeEach(() => changeLanguage('pt'));
  afterEach(() => window.localStorage.removeItem('current_crop'));

  it('lists a variety’s programs with diseases, sprays and costs in reais per hectare (pt)', async () => {
    screenWidth(1280);
    const seen = recordRequests();
    servePrograms();
    const { container } = await renderPrograms();
    const row = await screen.findByTestId('program-row');
    expect(within(row).getByRole('heading', { name: 'Ferrugem 2 aplicações' })).toBeTruthy();
    expect(within(row).getByTestId('program-diseases').textContent).toContain('Ferrugem-asiática');
    expect(within(row).getByTestId('program-diseases').textContent).toContain('Mancha-alvo');
    expect(within(row).getByTestId('program-sprays').textContent).toBe('2');
    expect(plain(within(row).getByTestId('program-cost-per-area'))).toBe('R$ 168,15/ha');
    expect(plain(within(row).getByTestId('program-cost-total'))).toBe('R$ 6.726,00');
    expect(within(row).getByTestId('program-created').textContent).toBe('15 de set. de 2025');
    expect(screen.getByRole('heading', { level: 2, name: 'BRS 1010 IPRO' })).toBeTruthy();
    const list = seen.find((request) => request.path === '/api/programas');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ cultivar_id: '501' });
    // No score is invented before the engine gives one.
    expect(screen.queryByTestId('program-score')).toBeNull();
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('shows a US farm’s costs in dollars per acre in English, and doses per acre in the editor', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    const usProgram = program({ fazenda_id: 5, season_crop_id: 41 });
    servePrograms({
      farms: [IOWA],
      varieties: [{ ...BRS, farm_id: 5, season_crop_id: 41 }],
      programs: () => jsonResponse([usProgram]),
      one: () => jsonResponse(usProgram),
    });
    const { container } = await renderPrograms();
    const row = await screen.findByTestId('program-row');
    expect(within(row).getByTestId('program-diseases').textContent).toContain('Asian rust');
    // 168.15 per ha is 168.15 / 2.471044 = 68.05 per acre; the total is over the sown area.
    expect(plain(within(row).getByTestId('program-cost-per-area'))).toBe('$68.05/ac');
    expect(plain(within(row).getByTestId('program-cost-total'))).toBe('$6,726.00');
    expect(within(row).getByText(p('list.cost_per_area', { unit: 'ac' }))).toBeTruthy();
    fireEvent.click(within(row).getByTestId('program-open'));
    const editor = await screen.findByTestId('program-editor');
    const applications = await within(editor).findAllByTestId('program-application');
    expect(applications).toHaveLength(2);
    // 0.5 per ha of a product of unknown unit is 0.202 per acre.
    expect(plain(applications[0]!)).toContain('0.202 per ac · $120.00 per unit');
    expect(plain(within(applications[0]!).getByTestId('application-cost-per-area'))).toContain(
      '$42.49/ac',
    );
    expectNoRawKeys(container.ownerDocument.body);
    expect(missingKeys).toEqual([]);
  });

  it('creates a program and adds an application with two products, sending the right bodies', async () => {
    screenWidth(1280);
    const created = program({
      id: 950,
      nome: 'Plano A',
      planejamentos: [],
      custo_ha: 0,
      custo_total: 0,
    });
    let current = created;
    let programBody: unknown = null;
    let applicationBody: unknown = null;
    servePrograms({
      programs: async (request) => {
        if (request.method === 'POST') {
          programBody = await request.json();
          return jsonResponse(created, 201);
        }
        return jsonResponse(programBody ? [created] : []);
      },
      one: () => jsonResponse(current),
      applications: async (request) => {
        applicationBody = await request.json();
        current = program({
          id: 950,
          nome: 'Plano A',
          planejamentos: [
            {
              id: 8001,
              aplicacao: 1,
              data_aplicacao_planejada: '2025-12-05',
              data_realizada: null,
              mofo_branco: true,
              produtos: [
                { defensivo_id: 301, nome: 'Fox Xpro', unidade: null, dose: 0.5, preco: 120 },
                { defensivo_id: 302, nome: 'Unizeb Gold', unidade: null, dose: 1.5, preco: 32.5 },
              ],
              custo_ha: 108.75,
              avaliacao: null,
            },
          ],
          custo_ha: 108.75,
          custo_total: 4350,
        });
        return jsonResponse(current, 201);
      },
    });
    await renderPrograms();
    expect(await screen.findByTestId('variety-programs-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('program-new'));
    const settings = await screen.findByTestId('program-settings-dialog');
    fireEvent.change(within(settings).getByTestId('program-name'), {
      target: { value: 'Plano A' },
    });
    fireEvent.mouseDown(within(settings).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Ferrugem-asiática' }));
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Mancha-alvo' }));
    fireEvent.change(within(settings).getByTestId('program-emergence'), {
      target: { value: '2025-10-20' },
    });
    fireEvent.change(within(settings).getByTestId('program-cycle'), { target: { value: '118' } });
    // Three sprays asked of the suggestion (of soybean's 7), and one for white mold.
    fireEvent.mouseDown(
      within(within(settings).getByTestId('program-spray-count')).getByRole('combobox'),
    );
    expect(
      await screen.findByRole('option', { name: 'Quantas o risco pedir (até 7)' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: '3' }));
    expect(within(settings).queryByTestId('program-white-mold-count')).toBeNull();
    fireEvent.click(within(settings).getByTestId('program-white-mold'));
    fireEvent.mouseDown(
      within(within(settings).getByTestId('program-white-mold-count')).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByRole('option', { name: '1' }));
    fireEvent.click(within(settings).getByTestId('program-settings-save'));
    await waitFor(() => expect(programBody).not.toBeNull());
    expect(programBody).toEqual({
      cultivar_id: 501,
      nome: 'Plano A',
      doenca_principal_id: 1,
      doencas_secundarias_ids: [3],
      severidade: null,
      mofo_branco: true,
      white_mold_total_sprayings: 1,
      total_aplicacoes_sugeridas: 3,
      racional: false,
      data_prevista: '2025-10-20',
      ciclo_dias: 118,
    });

    const editor = await screen.findByTestId('program-editor');
    expect(await within(editor).findByTestId('program-applications-empty')).toBeTruthy();
    fireEvent.click(within(editor).getByTestId('application-add'));
    const dialog = await screen.findByTestId('program-application-dialog');
    fireEvent.change(within(dialog).getByTestId('application-date'), {
      target: { value: '2025-12-05' },
    });
    fireEvent.click(within(dialog).getByTestId('application-white-mold'));
    await chooseProduct(0, 'Fox Xpro');
    // The account's last dose and price come prefilled.
    expect((within(dialog).getAllByTestId('application-dose')[0] as HTMLInputElement).value).toBe(
      '0,5',
    );
    expect((within(dialog).getAllByTestId('application-price')[0] as HTMLInputElement).value).toBe(
      '120',
    );
    fireEvent.click(within(dialog).getByTestId('application-add-product'));
    // A product is offered once per application.
    fireEvent.change(within(dialog).getAllByTestId('application-product-input')[1]!, {
      target: { value: 'Fox' },
    });
    expect(screen.queryByRole('option', { name: 'Fox Xpro' })).toBeNull();
    await chooseProduct(1, 'Unizeb Gold');
    fireEvent.change(within(dialog).getAllByTestId('application-dose')[1]!, {
      target: { value: '1,5' },
    });
    fireEvent.change(within(dialog).getAllByTestId('application-price')[1]!, {
      target: { value: '32,50' },
    });
    expect(plain(within(dialog).getByTestId('application-cost'))).toContain('R$ 108,75/ha');
    fireEvent.click(within(dialog).getByTestId('application-save'));
    await waitFor(() => expect(applicationBody).not.toBeNull());
    expect(applicationBody).toEqual({
      data: '2025-12-05',
      mofo_branco: true,
      produtos: [
        { defensivo_id: 301, dose: 0.5, preco: 120 },
        { defensivo_id: 302, dose: 1.5, preco: 32.5 },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('program-application-dialog')).toBeNull());
    const shown = await within(editor).findByTestId('program-application');
    expect(plain(shown)).toContain('Unizeb Gold');
    expect(plain(within(editor).getByTestId('program-cost-per-area'))).toBe('R$ 108,75/ha');
  });

  it('marks the field a refusal of the program’s settings names', async () => {
    screenWidth(1280);
    servePrograms({
      programs: (request) =>
        request.method === 'POST'
          ? apiError(400, 'exception.validation_error', [
              { field: 'body.ciclo_dias', key: 'field.too_big', message: 'Too big' },
            ])
          : jsonResponse([program()]),
    });
    await renderPrograms();
    await screen.findByTestId('program-row');
    fireEvent.click(screen.getByTestId('program-new'));
    const settings = await screen.findByTestId('program-settings-dialog');
    fireEvent.change(within(settings).getByTestId('program-name'), {
      target: { value: 'Plano B' },
    });
    fireEvent.mouseDown(within(settings).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Ferrugem-asiática' }));
    fireEvent.change(within(settings).getByTestId('program-cycle'), { target: { value: '118' } });
    fireEvent.click(within(settings).getByTestId('program-settings-save'));
    const cycle = within(settings).getByTestId('program-cycle');
    await waitFor(() => expect(cycle.getAttribute('aria-invalid')).toBe('true'));
    expect(cycle.closest('.MuiFormControl-root')!.textContent).toContain(
      i18n.t('field.too_big', { ns: 'errors' }),
    );
    expect(within(settings).queryByTestId('program-settings-error')).toBeNull();
    // Typing again drops it.
    fireEvent.change(cycle, { target: { value: '120' } });
    expect(cycle.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('refuses a third secondary disease before sending anything', async () => {
    screenWidth(1280);
    const seen = recordRequests();
    servePrograms();
    await renderPrograms();
    await screen.findByTestId('program-row');
    fireEvent.click(screen.getByTestId('program-new'));
    const settings = await screen.findByTestId('program-settings-dialog');
    fireEvent.mouseDown(within(settings).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Ferrugem-asiática' }));
    for (const name of ['Antracnose', 'Mancha-alvo', 'Oídio'])
      fireEvent.click(within(settings).getByRole('checkbox', { name }));
    expect(within(settings).getByTestId('program-secondary-help').textContent).toBe(
      p('settings.secondary_too_many', { count: 2 }),
    );
    expect(
      (within(settings).getByRole('checkbox', { name: 'Oídio' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      within(settings)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked),
    ).toHaveLength(2);
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows the API’s refusal of an application dated before the previous one', async () => {
    screenWidth(1280);
    servePrograms({
      applications: () => apiError(400, 'exception.spray.date_before_last'),
    });
    await renderPrograms('/programas?programa=900');
    const editor = await screen.findByTestId('program-editor');
    fireEvent.click(await within(editor).findByTestId('application-add'));
    const dialog = await screen.findByTestId('program-application-dialog');
    fireEvent.change(within(dialog).getByTestId('application-date'), {
      target: { value: '2025-12-10' },
    });
    await chooseProduct(0, 'Elatus');
    fireEvent.change(within(dialog).getByTestId('application-dose'), { target: { value: '0,3' } });
    fireEvent.change(within(dialog).getByTestId('application-price'), { target: { value: '210' } });
    fireEvent.click(within(dialog).getByTestId('application-save'));
    const error = await within(dialog).findByTestId('program-application-error');
    expect(error.textContent).toBe(i18n.t('exception.spray.date_before_last', { ns: 'errors' }));
    expect(screen.getByTestId('program-application-dialog')).toBeTruthy();
  });

  it('shows why a program with applied sprays cannot be deleted', async () => {
    screenWidth(1280);
    servePrograms({ remove: () => apiError(409, 'exception.program.has_sprays') });
    await renderPrograms();
    fireEvent.click(await screen.findByTestId('program-delete'));
    const dialog = await screen.findByTestId('program-delete-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: p('delete.confirm') }));
    expect(
      await within(dialog).findByText(i18n.t('exception.program.has_sprays', { ns: 'errors' })),
    ).toBeTruthy();
    expect(screen.getByTestId('program-row')).toBeTruthy();
  });

  it('duplicates a program with its applications under a copy’s name', async () => {
    screenWidth(1280);
    const sent: { path: string; body: unknown }[] = [];
    servePrograms({
      programs: async (request) => {
        if (request.method !== 'POST') return jsonResponse([program()]);
        sent.push({ path: 'program', body: await request.json() });
        return jsonResponse(program({ id: 960, planejamentos: [] }), 201);
      },
      applications: async (request) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.json() });
        return jsonResponse(program({ id: 960 }), 201);
      },
    });
    await renderPrograms();
    fireEvent.click(await screen.findByTestId('program-duplicate'));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[0]!.body).toMatchObject({
      cultivar_id: 501,
      nome: 'Ferrugem 2 aplicações (cópia)',
      doenca_principal_id: 1,
      doencas_secundarias_ids: [3],
    });
    expect(sent.slice(1)).toEqual([
      {
        path: '/api/programas/960/planejamentos',
        body: {
          data: '2025-12-01',
          mofo_branco: false,
          produtos: [
            { defensivo_id: 301, dose: 0.5, preco: 120 },
            { defensivo_id: 302, dose: 1.5, preco: 30 },
          ],
        },
      },
      {
        path: '/api/programas/960/planejamentos',
        body: {
          data: '2025-12-22',
          mofo_branco: false,
          produtos: [{ defensivo_id: 303, dose: 0.3, preco: 210.5 }],
        },
      },
    ]);
  });

  it('points to the Varieties page when the season has no varieties', async () => {
    servePrograms({ varieties: [] });
    await renderPrograms();
    const empty = await screen.findByTestId('programs-no-varieties');
    expect(within(empty).getByRole('link', { name: p('no_varieties.action') })).toBeTruthy();
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/cultivares');
  });

  it('shows a failure of the programs with a retry that loads again', async () => {
    let calls = 0;
    servePrograms({
      programs: () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'exception.unexpected_error')
          : jsonResponse([program()]);
      },
    });
    await renderPrograms();
    expect(
      await screen.findByText(i18n.t('exception.unexpected_error', { ns: 'errors' })),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: p('retry') }));
    expect(await screen.findByTestId('program-row')).toBeTruthy();
  });

  it('shows a failure of the varieties with a retry', async () => {
    let calls = 0;
    servePrograms({
      varieties: () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'exception.unexpected_error') : jsonResponse([BRS]);
      },
    });
    await renderPrograms();
    fireEvent.click(await screen.findByRole('button', { name: p('retry') }));
    expect(await screen.findByTestId('program-row')).toBeTruthy();
  });

  it('shows a program’s score per disease and each target’s efficacy with an assumption labelled as such', async () => {
    screenWidth(1280);
    const seen = recordRequests();
    const flat = (value: number) => Array.from({ length: 119 }, () => value);
    const charted = evaluatedProgram();
    charted.avaliacao = {
      ...EVALUATION,
      curvas: {
        estadios: [
          { code: 'VE', date: '2025-10-20' },
          { code: 'R1', date: '2025-12-07' },
        ],
        doencas: [
          { doenca_id: 1, risco: flat(1), protecao: flat(0.5) },
          { doenca_id: 3, risco: flat(0.5), protecao: flat(0.2) },
        ],
      },
    };
    servePrograms({
      programs: () => jsonResponse([evaluatedProgram()]),
      one: () => jsonResponse(charted),
    });
    const { container } = await renderPrograms();
    const row = await screen.findByTestId('program-row');
    // 72.45 shows as 72,5: half away from zero, one decimal.
    expect(within(row).getByTestId('program-score-value').textContent).toBe('72,5');
    const perDisease = within(row).getAllByTestId('program-disease-score');
    expect(plain(perDisease[0]!)).toContain('Ferrugem-asiática');
    expect(plain(perDisease[0]!)).toContain('81,3');
    expect(plain(perDisease[1]!)).toContain('Mancha-alvo');
    expect(plain(perDisease[1]!)).toContain('45,9');
    expect(plain(within(row).getByTestId('program-score'))).toContain(
      p('score.severity', { value: 'Alta' }),
    );

    fireEvent.click(within(row).getByTestId('program-open'));
    const editor = await screen.findByTestId('program-editor');
    const [first, second] = await within(editor).findAllByTestId('program-application');
    expect(plain(within(first!).getByTestId('application-score'))).toBe(
      p('score.spray_value', { value: '64,2' }),
    );
    expect(within(first!).getByTestId('application-stage-not-recommended')).toBeTruthy();
    expect(plain(within(first!).getByTestId('application-stage'))).toContain('R1');
    const target = within(first!).getByTestId('application-target');
    expect(plain(target)).toContain('Ferrugem-asiática');
    expect(within(target).getByTestId('application-target-efficacy').textContent).toBe('51%');
    // The "why" is closed until asked for.
    expect(within(first!).queryByTestId('application-explanation')).toBeNull();
    fireEvent.click(within(first!).getByTestId('application-why'));
    const why = await within(first!).findByTestId('application-explanation');
    expect(plain(within(why).getByTestId('efficacy-formula'))).toBe(
      p('score.formula', { potential: '80%', factor: '0,64', adjusted: '51%' }),
    );
    const [fox, unizeb] = within(why).getAllByTestId('efficacy-product');
    expect(plain(fox!)).toContain('Fox Xpro');
    expect(plain(fox!)).toContain(p('score.product_efficacy', { value: '80%' }));
    expect(within(fox!).getByTestId('efficacy-tag').textContent).toBe(p('score.tag.A'));
    expect(plain(unizeb!)).toContain(p('score.product_not_registered'));
    // An application the engine did not score shows no numbers.
    expect(within(second!).queryByTestId('application-efficacy')).toBeNull();
    // The chart: each disease's risk and protection, and the two spray days.
    const chart = within(editor).getByTestId('program-chart');
    expect(within(chart).getAllByTestId('program-chart-risk')).toHaveLength(2);
    expect(within(chart).getAllByTestId('program-chart-protection')).toHaveLength(2);
    expect(within(chart).getAllByTestId('program-chart-spray')).toHaveLength(2);
    expect(plain(chart)).toContain(p('chart.risk', { disease: 'Mancha-alvo' }));
    // The editor asks for the chart's curves.
    const one = seen.find((request) => request.path === '/api/programas/900');
    expect(one!.url.searchParams.get('include')).toBe('curvas');
    expectNoRawKeys(container.ownerDocument.body);
    expect(missingKeys).toEqual([]);
  });

  it('offers the engine’s suggested applications and adds them when the grower takes them', async () => {
    screenWidth(1280);
    const bodies: unknown[] = [];
    const empty = { ...evaluatedProgram(), planejamentos: [] };
    servePrograms({
      programs: () => jsonResponse([empty]),
      one: () => jsonResponse(empty),
      applications: async (request) => {
        bodies.push(await request.json());
        return jsonResponse(empty, 201);
      },
    });
    await renderPrograms('/programas?programa=900');
    const editor = await screen.findByTestId('program-editor');
    fireEvent.click(await within(editor).findByTestId('application-suggest'));
    const dialog = await screen.findByTestId('program-suggestion-dialog');
    const suggested = await within(dialog).findAllByTestId('suggestion-application');
    expect(suggested).toHaveLength(2);
    expect(plain(suggested[0]!)).toContain('Fox');
    expect(plain(dialog)).toContain('81,3');
    // Nothing is written until the grower takes it.
    expect(bodies).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('suggestion-use'));
    await waitFor(() => expect(screen.queryByTestId('program-suggestion-dialog')).toBeNull());
    expect(bodies).toEqual([
      {
        data: '2025-11-27',
        mofo_branco: false,
        produtos: [{ defensivo_id: 41, dose: 0.4, preco: 180 }],
      },
      {
        data: '2025-12-18',
        mofo_branco: false,
        produtos: [{ defensivo_id: 41, dose: 0.4, preco: 180 }],
      },
    ]);
  });

  it('marks a product whose dose is to fill, keeps the score pending and says why an application is empty', async () => {
    screenWidth(1280);
    const bodies: unknown[] = [];
    const empty = { ...evaluatedProgram(), planejamentos: [] };
    servePrograms({
      programs: () => jsonResponse([empty]),
      one: () => jsonResponse(empty),
      applications: async (request) => {
        bodies.push(await request.json());
        return jsonResponse(empty, 201);
      },
      suggestion: () =>
        jsonResponse({
          ...SUGGESTION,
          aplicacoes: [
            {
              ...SUGGESTION.aplicacoes[0]!,
              produtos: [
                {
                  defensivo_id: 54,
                  nome: 'Trifloxy + Prothio',
                  unidade: null,
                  dose: null,
                  preco: null,
                },
              ],
            },
            {
              ...SUGGESTION.aplicacoes[1]!,
              produtos: [],
              motivo_sem_produto: 'season_cap',
            },
          ],
          program_score: null,
          doses_a_preencher: 1,
          avisos: [
            {
              code: 'empty_spray',
              doenca_id: 8,
              defensivo_id: null,
              motivo: 'no_registered_product',
              fontes: [],
            },
          ],
        }),
    });
    await renderPrograms('/programas?programa=900');
    const editor = await screen.findByTestId('program-editor');
    fireEvent.click(await within(editor).findByTestId('application-suggest'));
    const dialog = await screen.findByTestId('program-suggestion-dialog');
    const [first, second] = await within(dialog).findAllByTestId('suggestion-application');
    expect(plain(first!)).toContain('Trifloxy + Prothio');
    expect(within(first!).getByTestId('suggestion-dose-to-fill').textContent).toBe(
      'dose a preencher: dose de bula não informada',
    );
    // No score is made up while a dose is missing: it says it waits for it.
    expect(within(dialog).getByTestId('suggestion-score-pending').textContent).toBe(
      'Nota prevista pendente: falta 1 dose a preencher.',
    );
    expect(plain(within(dialog).getByTestId('suggestion-summary'))).not.toContain('nota prevista');
    // The empty application names the real reason, not rotation.
    expect(within(second!).getByTestId('suggestion-no-product').textContent).toBe(
      p('suggestion.no_product.season_cap'),
    );
    expect(within(dialog).getByTestId('suggestion-white-mold-empty').textContent).toContain(
      p('suggestion.no_product.no_registered_product', { disease: 'Mofo-branco' }),
    );
    expectNoRawKeys(dialog);
    expect(missingKeys).toEqual([]);
    // To take it, the grower fills the dose (and the price never recorded): nothing is sent before.
    const fill = within(dialog).getByTestId('suggestion-fill-product');
    expect(plain(fill)).toContain('Trifloxy + Prothio');
    fireEvent.click(within(dialog).getByTestId('suggestion-use'));
    await within(fill).findByText(p('application.dose_invalid'));
    expect(bodies).toEqual([]);
    fireEvent.change(within(fill).getByTestId('suggestion-fill-dose'), {
      target: { value: '0,4' },
    });
    fireEvent.change(within(fill).getByTestId('suggestion-fill-price'), {
      target: { value: '150' },
    });
    fireEvent.click(within(dialog).getByTestId('suggestion-use'));
    await waitFor(() => expect(screen.queryByTestId('program-suggestion-dialog')).toBeNull());
    expect(bodies).toEqual([
      {
        data: '2025-11-27',
        mofo_branco: false,
        produtos: [{ defensivo_id: 54, dose: 0.4, preco: 150 }],
      },
    ]);
  });

  it('names the reason of an empty application in English', async () => {
    screenWidth(390);
    await changeLanguage('en');
    const empty = { ...evaluatedProgram(), planejamentos: [] };
    servePrograms({
      programs: () => jsonResponse([empty]),
      one: () => jsonResponse(empty),
      suggestion: () =>
        jsonResponse({
          ...SUGGESTION,
          aplicacoes: SUGGESTION.aplicacoes.map((application) => ({
            ...application,
            produtos: [],
            motivo_sem_produto: 'no_registered_product',
          })),
        }),
    });
    await renderPrograms('/programas?programa=900');
    fireEvent.click(
      await within(await screen.findByTestId('program-editor')).findByTestId('application-suggest'),
    );
    const dialog = await screen.findByTestId('program-suggestion-dialog');
    const reasons = await within(dialog).findAllByTestId('suggestion-no-product');
    expect(reasons.map((reason) => reason.textContent)).toEqual([
      'No product possible: no product of the catalogue is registered against Asian rust with an efficacy that counts.',
      'No product possible: no product of the catalogue is registered against Asian rust with an efficacy that counts.',
    ]);
    expect(missingKeys).toEqual([]);
  });

  it('only compares the suggestion with a program that has applications', async () => {
    screenWidth(1280);
    servePrograms({ one: () => jsonResponse(evaluatedProgram()) });
    await renderPrograms('/programas?programa=900');
    const editor = await screen.findByTestId('program-editor');
    fireEvent.click(await within(editor).findByTestId('application-suggest'));
    const dialog = await screen.findByTestId('program-suggestion-dialog');
    await within(dialog).findByTestId('suggestion-compare-only');
    expect(within(dialog).queryByTestId('suggestion-use')).toBeNull();
  });

  it('shows a spray’s warning as a translated sentence with its sources (en)', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    servePrograms({ one: () => jsonResponse(evaluatedProgram()) });
    await renderPrograms('/programas?programa=900');
    const editor = await screen.findByTestId('program-editor');
    const [first] = await within(editor).findAllByTestId('program-application');
    const warning = within(first!).getByTestId('evaluation-warning');
    expect(warning.getAttribute('data-code')).toBe('curative_exposure');
    expect(plain(warning)).toContain(
      p('warning.curative_exposure', { disease: 'Asian rust', value: '2' }),
    );
    // Each source with its authors and year; the assumption says what it is where it stands.
    expect(plain(warning)).toContain(
      'Sources: S1 (Godoy et al., Embrapa Soja, 2021), ' +
        'S2 (Scherm, Christiano, Esker, Del Ponte & Godoy, 2009), S6 (FRAC, 2021), assumption',
    );
    const assumption = within(warning).getByTestId('source-assumption');
    expect(
      assumption.getAttribute('aria-describedby') ?? assumption.getAttribute('title'),
    ).toBeTruthy();
    fireEvent.mouseOver(assumption);
    expect((await screen.findByRole('tooltip')).textContent).toBe(p('score.glossary.tag_A'));
    expect(missingKeys).toEqual([]);
  });

  it('saves an application that repeats a mode of action and shows the warnings with FRAC codes (en)', async () => {
    screenWidth(1280);
    await changeLanguage('en');
    // Elatus (FRAC 11 + 7) alone after Fox Xpro (FRAC 7 + 3 + 11): R1 is broken, and its 30-day
    // safety interval ends 12 days after the estimated harvest maturity.
    const warned: ApplicationEvaluation = {
      ...SPRAY_EVALUATION,
      estadio_nao_recomendado: false,
      avisos: [
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
        {
          code: 'safety_interval',
          fontes: [],
          doenca_id: null,
          defensivo_id: 303,
          valor: 12,
          limite: 30,
          colheita: { data: '2026-02-14', origem: 'estimated' },
          produtos: [{ defensivo_id: 303, nome: 'Elatus', frac: ['11', '7'], anterior: false }],
        },
      ],
    };
    const before = evaluatedProgram();
    const oneApplication = { ...before, planejamentos: before.planejamentos.slice(0, 1) };
    const after: Program = {
      ...before,
      planejamentos: before.planejamentos.map((application, index) =>
        index === 1 ? { ...application, avaliacao: warned } : application,
      ),
    };
    let saved = false;
    servePrograms({
      programs: () => jsonResponse([saved ? after : oneApplication]),
      one: () => jsonResponse(saved ? after : oneApplication),
      applications: () => {
        saved = true;
        return jsonResponse(after, 201);
      },
    });
    await renderPrograms('/programas?programa=900');
    const editor = await screen.findByTestId('program-editor');
    fireEvent.click(await within(editor).findByTestId('application-add'));
    const dialog = await screen.findByTestId('program-application-dialog');
    fireEvent.change(within(dialog).getByTestId('application-date'), {
      target: { value: '2025-12-22' },
    });
    await chooseProduct(0, 'Elatus');
    fireEvent.change(within(dialog).getAllByTestId('application-dose')[0]!, {
      target: { value: '0.3' },
    });
    fireEvent.change(within(dialog).getAllByTestId('application-price')[0]!, {
      target: { value: '210.5' },
    });
    fireEvent.click(within(dialog).getByTestId('application-save'));
    // The save goes through: the warnings never block it.
    await waitFor(() => expect(screen.queryByTestId('program-application-dialog')).toBeNull());
    await waitFor(() =>
      expect(within(editor).getAllByTestId('program-application')).toHaveLength(2),
    );
    const second = within(editor).getAllByTestId('program-application')[1]!;
    const warnings = within(second).getAllByTestId('evaluation-warning');
    expect(warnings.map((warning) => warning.getAttribute('data-code'))).toEqual([
      'rotation',
      'safety_interval',
    ]);
    expect(plain(warnings[0]!)).toContain(
      'FRAC 11, 7 of the previous spray is repeated here without a multisite partner',
    );
    expect(within(warnings[0]!).getByTestId('evaluation-warning-products').textContent).toBe(
      'Products: Fox Xpro (FRAC 7, 3, 11, previous spray); Elatus (FRAC 11, 7)',
    );
    expect(plain(warnings[1]!)).toMatch(
      /^Elatus has a safety interval of 30 days before harvest: sprayed on this day, 12 days are missing before harvest maturity, estimated for .*2026\./,
    );
    expect(missingKeys).toEqual([]);
  });

  it('explains why a program has no score and opens its settings to fix it', async () => {
    screenWidth(1280);
    const unscored = {
      ...program({ data_prevista: null, ciclo_dias: null }),
      avaliacao: null,
      avaliacao_indisponivel: 'emergence_and_cycle' as const,
    };
    servePrograms({
      programs: () => jsonResponse([unscored]),
      one: () => jsonResponse(unscored),
    });
    await renderPrograms();
    const row = await screen.findByTestId('program-row');
    expect(within(row).queryByTestId('program-score')).toBeNull();
    expect(within(row).getByTestId('program-score-unavailable').textContent).toContain(
      p('score.unavailable.emergence_and_cycle'),
    );
    fireEvent.click(within(row).getByTestId('program-open'));
    const editor = await screen.findByTestId('program-editor');
    const why = await within(editor).findByTestId('program-score-unavailable');
    fireEvent.click(within(why).getByTestId('program-score-fix'));
    expect(await screen.findByTestId('program-settings-dialog')).toBeTruthy();
  });
});
