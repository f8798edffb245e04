import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CROP_IDS,
  growthStagesOf,
  stageTimeline,
  type Crop,
  type FarmVariety,
  type SeasonCrop,
} from '@lavoura/domain';
import type { Harvest, Irrigation, SowingDetail } from '../../api/sowing-records';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm, plot } from '../../test/farm-fixtures';
import { byPath, jsonResponse, serve, type PathAnswers } from '../../test/msw-server';
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

const SOYBEAN = growthStagesOf(CROP_IDS.soybean);
const stage = (code: string) => SOYBEAN.find((row) => row.code === code)!;
const R1 = stage('R1');
const R3 = stage('R3');
const TIMELINE = stageTimeline(CROP_IDS.soybean, '2025-10-17', 120).map((row) => ({
  stage_id: row.stage_id,
  code: row.code,
  name: row.code,
  message_key: SOYBEAN.find((candidate) => candidate.id === row.stage_id)!.message_key,
  start_date: row.start_date,
}));

function sowing(overrides: Partial<SowingDetail> = {}): SowingDetail {
  return {
    id: 700,
    talhao_id: 100,
    fazenda_id: 1,
    cultivar_id: 501,
    crop_id: 1,
    season_crop_id: 11,
    area: 40,
    data_semeadura: '2025-10-10',
    data_emergencia: '2025-10-17',
    estimated_cycle: 120,
    status: 'sown',
    estadio_atual: { id: R1.id, code: 'R1', name: 'R1', message_key: R1.message_key },
    active: true,
    semente_id: 9001,
    quantidade: null,
    origem: null,
    seeder_system_id: null,
    seed_class_id: null,
    germinative_power: null,
    seed_vigor: null,
    line_spacing: null,
    population_lines: null,
    operating_speed: null,
    seed_treatment: null,
    inoculant: null,
    colheita: null,
    data_ideal_proxima_aplicacao: null,
    programa: null,
    total_aplicacoes: 0,
    total_execucoes: 0,
    total_sprayings: 0,
    ready_to_harvest: false,
    plot_enabled: true,
    ndvi_enabled: false,
    ...overrides,
  };
}

type Answer = (request: Request) => Response | Promise<Response>;

function serveDetail({
  detail = () => jsonResponse(sowing()),
  harvests = () => jsonResponse([]),
  irrigations = () => jsonResponse([]),
  observations = () => jsonResponse([]),
  extra = {},
  farms = [BOA_VISTA],
}: {
  detail?: Answer;
  harvests?: Answer;
  irrigations?: Answer;
  observations?: Answer;
  extra?: PathAnswers;
  farms?: ReturnType<typeof farm>[];
} = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions: ALL_PERMISSIONS, farms },
      ...byPath({
        ...extra,
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASON_CROPS),
        '/api/talhoes/:farmId': () => jsonResponse([plot({ id: 100, nome: 'Talhão Sede' })]),
        '/api/cultivares': () => jsonResponse([BRS]),
        '/api/semeaduras': () => jsonResponse([sowing()]),
        '/api/semeaduras/:id': detail,
        '/api/semeaduras/:id/growth-stages': () => jsonResponse(TIMELINE),
        '/api/semeaduras/:id/estadio': observations,
        '/api/semeaduras/:id/colheita': harvests,
        '/api/semeaduras/:id/colheita/:harvestId': harvests,
        '/api/irrigacoes': irrigations,
        '/api/irrigacoes/:id': irrigations,
      }),
    ),
  );
}

async function renderDetail(path = '/sowings/700') {
  const rendered = renderArea(path);
  await screen.findByTestId('sowing-detail-page', undefined, { timeout: 15_000 });
  return rendered;
}

const r = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'sowing-records', ...values });
const reference = (key: string) => i18n.t(key, { ns: 'reference' });
const error = (key: string) => i18n.t(key, { ns: 'errors' });
const type = (container: HTMLElement, testId: string, value: string) =>
  fireEvent.change(within(container).getByTestId(testId), { target: { value } });

describe('a sowing’s page (/sowings/{id})', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();

  it.each([
    ['pt', '40 ha'],
    ['en', '98.84 ac'],
    ['es', '40 ha'],
  ] as const)('shows the sowing, its stages and empty records in %s', async (language, area) => {
    screenWidth(1280);
    serveDetail();
    await changeLanguage(language);
    const { container } = await renderDetail();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Talhão Sede'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('sowing-detail-subtitle').textContent).toContain('BRS 1010 IPRO'),
    );
    expect(screen.getByTestId('sowing-detail-area').textContent).toBe(area);
    expect(screen.getByTestId('sowing-detail-stage').textContent).toBe(reference(R1.message_key));
    expect(screen.getByTestId('sowing-detail-status').textContent).toBe(r('status.sown'));
    const timeline = await screen.findByTestId('sowing-stage-timeline');
    expect(within(timeline).getAllByTestId('sowing-stage-step')).toHaveLength(TIMELINE.length);
    expect(timeline.querySelector('[aria-current="step"]')?.textContent).toContain('R1');
    expect(await screen.findByTestId('sowing-harvests-list-empty')).toBeTruthy();
    expect(await screen.findByTestId('sowing-irrigations-list-empty')).toBeTruthy();
    expect(await screen.findByTestId('sowing-observations-empty')).toBeTruthy();
    const back = screen.getByTestId('sowing-detail-back');
    expect([back.textContent, back.getAttribute('href')]).toEqual([r('back'), '/sowings']);
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('records two harvests typed in bu/ac in English, sending sc/ha', async () => {
    screenWidth(1280);
    const saved: Harvest[] = [];
    const sent: unknown[] = [];
    serveDetail({
      harvests: async (request) => {
        if (request.method !== 'POST') return jsonResponse(saved);
        const body = (await request.json()) as Omit<Harvest, 'id'>;
        sent.push(body);
        const harvest = { ...body, id: saved.length + 1, semeadura_id: 700 };
        saved.push(harvest);
        return jsonResponse(harvest, 201);
      },
    });
    await changeLanguage('en');
    await renderDetail();
    fireEvent.click(await screen.findByTestId('sowing-harvest-add'));
    const dialog = await screen.findByTestId('sowing-harvest-form');
    fireEvent.click(within(dialog).getByTestId('harvest-form-add-entry'));
    const entries = within(dialog).getAllByTestId('harvest-form-entry');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByLabelText(/bu\/ac/)).toBeTruthy();
    type(entries[0]!, 'harvest-form-date', '2026-02-20');
    type(entries[0]!, 'harvest-form-productivity', '60');
    type(entries[1]!, 'harvest-form-date', '2026-02-25');
    type(entries[1]!, 'harvest-form-productivity', '50');
    fireEvent.click(within(dialog).getByTestId('harvest-form-save'));
    await waitFor(() => expect(screen.queryByTestId('sowing-harvest-form')).toBeNull());
    expect(sent).toEqual([
      { data_colheita: '2026-02-20', produtividade: 67.2502, perda: false, dessecacao: false },
      { data_colheita: '2026-02-25', produtividade: 56.0419, perda: false, dessecacao: false },
    ]);
    // Read back in bu/ac, newest first.
    await waitFor(() => expect(screen.getAllByTestId('sowing-harvest-row')).toHaveLength(2));
    const shown = screen
      .getAllByTestId('sowing-harvest-productivity')
      .map((row) => row.textContent);
    expect(shown).toEqual(['50 bu/ac', '60 bu/ac']);
    expect(await screen.findByText(r('harvest_form.done', { count: 2 }))).toBeTruthy();
  });

  it('records a crop loss without a yield', async () => {
    const sent: unknown[] = [];
    serveDetail({
      harvests: async (request) => {
        if (request.method !== 'POST') return jsonResponse([]);
        const body = (await request.json()) as Omit<Harvest, 'id'>;
        sent.push(body);
        return jsonResponse({ ...body, id: 1, semeadura_id: 700 }, 201);
      },
    });
    await renderDetail();
    fireEvent.click(await screen.findByTestId('sowing-harvest-add'));
    const dialog = await screen.findByTestId('sowing-harvest-form');
    fireEvent.click(within(dialog).getByTestId('harvest-form-lost'));
    expect(within(dialog).queryByTestId('harvest-form-productivity')).toBeNull();
    expect(within(dialog).getByText(r('harvest_form.lost_help'))).toBeTruthy();
    type(dialog, 'harvest-form-date', '2026-01-15');
    fireEvent.click(within(dialog).getByLabelText(r('harvest_form.desiccation')));
    fireEvent.click(within(dialog).getByTestId('harvest-form-save'));
    await waitFor(() => expect(screen.queryByTestId('sowing-harvest-form')).toBeNull());
    expect(sent).toEqual([
      { data_colheita: '2026-01-15', produtividade: null, perda: true, dessecacao: true },
    ]);
  });

  it('keeps the harvest form open with the API’s refusal of a future date', async () => {
    serveDetail({
      harvests: (request) =>
        request.method === 'POST'
          ? apiError(400, 'exception.harvest.date_in_future')
          : jsonResponse([]),
    });
    // Portuguese: "62,5" is sixty-two and a half sc/ha.
    await changeLanguage('pt');
    await renderDetail();
    fireEvent.click(await screen.findByTestId('sowing-harvest-add'));
    const dialog = await screen.findByTestId('sowing-harvest-form');
    type(dialog, 'harvest-form-date', '2099-01-15');
    type(dialog, 'harvest-form-productivity', '62,5');
    fireEvent.click(within(dialog).getByTestId('harvest-form-save'));
    expect(await within(dialog).findByText(error('exception.harvest.date_in_future'))).toBeTruthy();
  });

  it('edits and deletes a harvest', async () => {
    let rows: Harvest[] = [
      {
        id: 5,
        semeadura_id: 700,
        data_colheita: '2026-02-20',
        produtividade: 60,
        perda: false,
        dessecacao: false,
      },
    ];
    const calls: string[] = [];
    serveDetail({
      harvests: async (request) => {
        const path = new URL(request.url).pathname;
        if (request.method === 'PUT') {
          const body = (await request.json()) as Omit<Harvest, 'id'>;
          calls.push(`PUT ${path} ${body.produtividade}`);
          rows = [{ ...body, id: 5, semeadura_id: 700 }];
          return jsonResponse(rows[0]);
        }
        if (request.method === 'DELETE') {
          calls.push(`DELETE ${path}`);
          rows = [];
          return new Response(null, { status: 204 });
        }
        return jsonResponse(rows);
      },
    });
    await changeLanguage('pt');
    await renderDetail();
    fireEvent.click(await screen.findByTestId('sowing-harvest-edit'));
    const dialog = await screen.findByTestId('sowing-harvest-form');
    expect(
      (within(dialog).getByTestId('harvest-form-productivity') as HTMLInputElement).value,
    ).toBe('60');
    type(dialog, 'harvest-form-productivity', '64,5');
    fireEvent.click(within(dialog).getByTestId('harvest-form-save'));
    await waitFor(() =>
      expect(screen.getByTestId('sowing-harvest-productivity').textContent).toBe('64,5 sc/ha'),
    );
    fireEvent.click(screen.getByTestId('sowing-harvest-remove'));
    const confirm = await screen.findByTestId('sowing-harvest-remove-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: r('harvest_remove.confirm') }));
    expect(await screen.findByTestId('sowing-harvests-list-empty')).toBeTruthy();
    expect(calls).toEqual([
      'PUT /api/semeaduras/700/colheita/5 64.5',
      'DELETE /api/semeaduras/700/colheita/5',
    ]);
  });

  it('takes an irrigation in inches in English, sends mm, and shows the start-after-end refusal', async () => {
    screenWidth(1280);
    const sent: unknown[] = [];
    const saved: Irrigation[] = [];
    serveDetail({
      irrigations: async (request) => {
        if (request.method !== 'POST') return jsonResponse(saved);
        const body = (await request.json()) as Omit<Irrigation, 'id'>;
        sent.push(body);
        if (body.start > body.end) return apiError(400, 'exception.irrigation.start_after_end');
        const irrigation = { id: 1, ...body };
        saved.push(irrigation);
        return jsonResponse(irrigation, 201);
      },
    });
    await changeLanguage('en');
    await renderDetail();
    fireEvent.click(await screen.findByTestId('sowing-irrigation-add'));
    const dialog = await screen.findByTestId('sowing-irrigation-form');
    expect(within(dialog).getByLabelText(/\(in\)/)).toBeTruthy();
    // The test's clock is Manaus (UTC−4): 08:00 there is 12:00 UTC.
    type(dialog, 'irrigation-form-start', '2026-01-10T08:00');
    type(dialog, 'irrigation-form-end', '2026-01-10T06:00');
    type(dialog, 'irrigation-form-amount', '1');
    fireEvent.click(within(dialog).getByTestId('irrigation-form-save'));
    expect(
      await within(dialog).findByText(error('exception.irrigation.start_after_end')),
    ).toBeTruthy();
    expect(sent).toEqual([
      {
        semeadura_id: 700,
        start: '2026-01-10T12:00:00.000Z',
        end: '2026-01-10T10:00:00.000Z',
        blade_mm: 25.4001,
      },
    ]);
    type(dialog, 'irrigation-form-end', '2026-01-10T11:30');
    fireEvent.click(within(dialog).getByTestId('irrigation-form-save'));
    await waitFor(() => expect(screen.queryByTestId('sowing-irrigation-form')).toBeNull());
    expect(sent[1]).toEqual({
      semeadura_id: 700,
      start: '2026-01-10T12:00:00.000Z',
      end: '2026-01-10T15:30:00.000Z',
      blade_mm: 25.4001,
    });
    expect((await screen.findByTestId('sowing-irrigation-amount')).textContent).toBe('1 in');
    expect(screen.getByTestId('sowing-irrigation-total').textContent).toBe(
      r('irrigations.total', { amount: '1 in' }),
    );
  });

  it('records an observed stage, which becomes the current one', async () => {
    let observed: { estadio_id: number; observed_at: string } | null = null;
    serveDetail({
      detail: () =>
        jsonResponse(
          sowing(
            observed
              ? {
                  estadio_atual: { id: R3.id, code: 'R3', name: 'R3', message_key: R3.message_key },
                }
              : {},
          ),
        ),
      observations: async (request) => {
        if (request.method === 'POST') {
          observed = (await request.json()) as typeof observed;
          return jsonResponse({ id: 1, code: 'R3', message_key: R3.message_key, ...observed }, 201);
        }
        return jsonResponse(
          observed ? [{ id: 1, code: 'R3', message_key: R3.message_key, ...observed }] : [],
        );
      },
    });
    await renderDetail();
    expect(screen.getByTestId('sowing-detail-stage').textContent).toBe(reference(R1.message_key));
    fireEvent.click(screen.getByTestId('sowing-observe'));
    const dialog = await screen.findByTestId('sowing-observe-dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: reference(R3.message_key) }));
    type(dialog, 'sowing-observe-at', '2025-12-20T09:30');
    fireEvent.click(within(dialog).getByTestId('sowing-observe-save'));
    await waitFor(() => expect(screen.queryByTestId('sowing-observe-dialog')).toBeNull());
    expect(observed).toEqual({ estadio_id: R3.id, observed_at: '2025-12-20T13:30:00.000Z' });
    await waitFor(() =>
      expect(screen.getByTestId('sowing-detail-stage').textContent).toBe(reference(R3.message_key)),
    );
    const timeline = screen.getByTestId('sowing-stage-timeline');
    expect(timeline.querySelector('[aria-current="step"]')?.textContent).toContain('R3');
    expect((await screen.findByTestId('sowing-observation')).textContent).toContain(
      reference(R3.message_key),
    );
  });

  it('shows a sowing of another season read-only, saying why', async () => {
    serveDetail({ detail: () => jsonResponse(sowing({ active: false })) });
    await renderDetail();
    expect(screen.getByTestId('sowing-detail-read-only').textContent).toBe(r('read_only'));
    expect(await screen.findByTestId('sowing-harvests-list-empty')).toBeTruthy();
    expect(screen.queryByTestId('sowing-harvest-add')).toBeNull();
    expect(screen.queryByTestId('sowing-irrigation-add')).toBeNull();
    expect(screen.queryByTestId('sowing-observe')).toBeNull();
  });

  it('switches to the farm of a sowing a link names, and opens the sowing', async () => {
    const SANTA_RITA = farm({ id: 2, nome: 'Fazenda Santa Rita' });
    serveDetail({
      farms: [BOA_VISTA, SANTA_RITA],
      detail: () => jsonResponse(sowing({ fazenda_id: 2 })),
    });
    const { router } = renderArea('/sowings/700?fazenda_id=1');
    expect(
      await screen.findByTestId('sowing-detail-page', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sowings/700');
    expect(new URLSearchParams(router.state.location.search).get('fazenda_id')).toBe('2');
    expect(screen.queryByTestId('sowing-detail-not-found')).toBeNull();
  });

  it('says an unknown sowing is not found', async () => {
    serveDetail({ detail: () => apiError(404, 'exception.not_found') });
    renderArea('/sowings/999');
    expect(
      await screen.findByTestId('sowing-detail-not-found', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    let calls = 0;
    serveDetail({
      detail: () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'exception.unexpected_error') : jsonResponse(sowing());
      },
    });
    renderArea('/sowings/700');
    fireEvent.click(await screen.findByRole('button', { name: r('retry') }, { timeout: 15_000 }));
    expect(await screen.findByTestId('sowing-detail-page')).toBeTruthy();
  });
});
