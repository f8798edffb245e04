import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  SEED_CLASSES,
  SEEDER_SYSTEMS,
  type Crop,
  type FarmVariety,
  type SeasonCrop,
} from '@lavoura/domain';
import type { Sowing } from '../../api/sowings';
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

const PLOTS = [
  plot({
    id: 100,
    nome: 'Talhão Sede',
    remaining_area: 0,
    sown_areas: [{ season_crop_id: 11, area: 40 }],
  }),
  plot({ id: 101, nome: 'Talhão Baixada', area: 60, remaining_area: 60 }),
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

function sowing(overrides: Partial<Sowing> = {}): Sowing {
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
    quantidade: null,
    origem: null,
    seeder_system_id: null,
    seed_class_id: null,
    seed_treatment: null,
    inoculant: null,
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

const SOWN = sowing();
const PLANNED = sowing({
  id: 701,
  talhao_id: 101,
  area: 20,
  data_semeadura: null,
  data_emergencia: null,
  status: 'planned',
  estadio_atual: null,
});

type Answer = (request: Request) => Response | Promise<Response>;

function serveSowings({
  sowings = [SOWN, PLANNED],
  farms = [BOA_VISTA],
  extra = {},
}: {
  sowings?: Sowing[] | Answer;
  farms?: ReturnType<typeof farm>[];
  extra?: PathAnswers;
} = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions: ALL_PERMISSIONS, farms },
      ...byPath({
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASON_CROPS),
        '/api/talhoes/:farmId': () => jsonResponse(PLOTS),
        '/api/cultivares': () => jsonResponse([BRS]),
        '/api/seed-class': () => jsonResponse(SEED_CLASSES),
        '/api/seeder-system': () => jsonResponse(SEEDER_SYSTEMS),
        // The emergence suggestion is not there yet: the form offers nothing.
        '/api/sementes/data-emergencia/:id': () => apiError(404, 'exception.not_found'),
        '/api/semeaduras': typeof sowings === 'function' ? sowings : () => jsonResponse(sowings),
        ...extra,
      }),
    ),
  );
}

async function renderSowings(path = '/sowings') {
  const rendered = renderArea(path);
  await screen.findByTestId('sowings-page', undefined, { timeout: 15_000 });
  return rendered;
}

const s = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'sowings', ...values });

async function chooseOption(testId: string, name: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('sowings page (/sowings)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();

  it.each([
    ['pt', '40 ha', '10 de out. de 2025'],
    ['en', '98.84 ac', 'Oct 10, 2025'],
    ['es', '40 ha', '10 oct. 2025'],
  ] as const)('lists the farm’s sowings in %s', async (language, area, sown) => {
    screenWidth(1280);
    serveSowings();
    await changeLanguage(language);
    const { container } = await renderSowings();
    const rows = await screen.findAllByTestId('sowing-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('table')).toBeTruthy();
    await waitFor(() => expect(rows[0]!.textContent).toContain('Talhão Sede'));
    await waitFor(() => expect(rows[0]!.textContent).toContain('BRS 1010 IPRO'));
    expect(rows[0]!.textContent).toContain(area);
    expect(rows[0]!.textContent?.replace(/\s/g, ' ')).toContain(sown.replace(/\s/g, ' '));
    expect(rows[0]!.textContent).toContain('R1');
    expect(within(rows[0]!).getByTestId('sowing-status').textContent).toBe(s('status.sown'));
    expect(within(rows[1]!).getByTestId('sowing-status').textContent).toBe(s('status.planned'));
    expect(rows[1]!.textContent).toContain(s('not_informed'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(s('title'));
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
    await changeLanguage('pt');
  });

  it('shows cards on a phone', async () => {
    screenWidth(390);
    serveSowings();
    await renderSowings();
    const rows = await screen.findAllByTestId('sowing-row');
    expect(rows).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(await within(rows[0]!).findByRole('heading', { name: 'Talhão Sede' })).toBeTruthy();
  });

  it('shows the empty farm with the add action', async () => {
    serveSowings({ sowings: [] });
    await renderSowings();
    const empty = await screen.findByTestId('sowings-empty');
    expect(within(empty).getByRole('button', { name: s('actions.add') })).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    let calls = 0;
    serveSowings({
      sowings: () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'exception.unexpected_error') : jsonResponse([SOWN]);
      },
    });
    await renderSowings();
    expect(
      await screen.findByText(i18n.t('exception.unexpected_error', { ns: 'errors' })),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: s('retry') }));
    expect(await screen.findByTestId('sowing-row')).toBeTruthy();
  });

  it('says a farm is needed when the account has none', async () => {
    serveSowings({ farms: [] });
    renderArea('/sowings');
    expect(
      await screen.findByTestId('sowings-no-farm', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('creates a sowing from an English imperial entry, sending metric values', async () => {
    screenWidth(1280);
    let sent: unknown = null;
    serveSowings({
      sowings: (request) => {
        if (request.method === 'POST')
          return request.json().then((body) => {
            sent = body;
            return jsonResponse(sowing({ id: 702, talhao_id: 101 }), 201);
          });
        return jsonResponse([SOWN]);
      },
    });
    await changeLanguage('en');
    try {
      await renderSowings();
      fireEvent.click(await screen.findByTestId('sowing-add'));
      const dialog = await screen.findByTestId('sowing-new-dialog');
      expect(within(dialog).getByTestId('sowing-emergence-advice').textContent).toBe(
        s('form.advice'),
      );
      await waitFor(() =>
        expect(within(dialog).getAllByRole('combobox').length).toBeGreaterThanOrEqual(2),
      );
      await chooseOption('sowing-plot', 'Talhão Baixada');
      expect(
        await within(dialog).findByText(s('form.remaining', { area: '148.26 ac' })),
      ).toBeTruthy();
      await chooseOption('sowing-variety', 'BRS 1010 IPRO');
      const type = (field: string, value: string) =>
        fireEvent.change(within(dialog).getByTestId(field), { target: { value } });
      type('sowing-area', '100');
      type('sowing-date', '2025-10-10');
      type('sowing-emergence', '2025-10-17');
      type('sowing-estimated_cycle', '120');
      type('sowing-germinative_power', '85');
      type('sowing-seed_vigor', '80');
      type('sowing-line_spacing', '18');
      type('sowing-population_lines', '3');
      type('sowing-operating_speed', '5');
      fireEvent.click(within(dialog).getByTestId('sowing-save'));
      await waitFor(() => expect(screen.queryByTestId('sowing-new-dialog')).toBeNull());
      expect(sent).toEqual({
        fazenda_id: 1,
        talhao_id: 101,
        cultivar_id: 501,
        area: 40.4687,
        data_semeadura: '2025-10-10',
        data_emergencia: '2025-10-17',
        estimated_cycle: 120,
        germinative_power: 85,
        seed_vigor: 80,
        line_spacing: 45.7201,
        population_lines: 9.8425,
        operating_speed: 8.0515,
        quantidade: null,
        origem: null,
        seeder_system_id: null,
        seed_class_id: null,
        seed_treatment: null,
        inoculant: null,
      });
      expect(await screen.findByText(s('form.done'))).toBeTruthy();
    } finally {
      await changeLanguage('pt');
    }
  });

  it('shows the area refusal in the dialog', async () => {
    serveSowings({
      sowings: (request) =>
        request.method === 'POST'
          ? apiError(400, 'exception.sowing.area_exceeds_remaining', { remaining: 60 })
          : jsonResponse([SOWN]),
    });
    // Portuguese: "70,5" is seventy and a half hectares.
    await changeLanguage('pt');
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-add'));
    const dialog = await screen.findByTestId('sowing-new-dialog');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('combobox').length).toBeGreaterThanOrEqual(2),
    );
    await chooseOption('sowing-plot', 'Talhão Baixada');
    await chooseOption('sowing-variety', 'BRS 1010 IPRO');
    fireEvent.change(within(dialog).getByTestId('sowing-area'), { target: { value: '70,5' } });
    fireEvent.click(within(dialog).getByTestId('sowing-save'));
    expect(
      await within(dialog).findByText(
        i18n.t('exception.sowing.area_exceeds_remaining', { ns: 'errors' }),
      ),
    ).toBeTruthy();
    // Told under the area it is about.
    expect(within(dialog).getByTestId('sowing-area').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses to send without plot, variety and area', async () => {
    let posted = false;
    serveSowings({
      sowings: (request) => {
        if (request.method === 'POST') posted = true;
        return jsonResponse([SOWN]);
      },
    });
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-add'));
    const dialog = await screen.findByTestId('sowing-new-dialog');
    fireEvent.click(within(dialog).getByTestId('sowing-save'));
    expect(within(dialog).getAllByText(i18n.t('field.required', { ns: 'errors' }))).toHaveLength(3);
    expect(posted).toBe(false);
  });

  /** Opens the new-sowing form with its plot and variety chosen. */
  async function newSowingForm() {
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-add'));
    const dialog = await screen.findByTestId('sowing-new-dialog');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('combobox').length).toBeGreaterThanOrEqual(2),
    );
    await chooseOption('sowing-plot', 'Talhão Baixada');
    await chooseOption('sowing-variety', 'BRS 1010 IPRO');
    return dialog;
  }

  it('refuses germination 150 % and vigour −3 by the API’s schema, sending nothing', async () => {
    let posted = false;
    serveSowings({
      sowings: (request) => {
        if (request.method === 'POST') posted = true;
        return jsonResponse([SOWN]);
      },
    });
    const dialog = await newSowingForm();
    const type = (field: string, value: string) =>
      fireEvent.change(within(dialog).getByTestId(field), { target: { value } });
    type('sowing-germinative_power', '150');
    type('sowing-seed_vigor', '-3');
    type('sowing-line_spacing', 'abc');
    fireEvent.click(within(dialog).getByTestId('sowing-save'));
    const helper = (field: string) =>
      within(dialog).getByTestId(field).closest('.MuiFormControl-root')!.textContent;
    // Each message states the rule's limit (a percentage: the same unit on screen).
    expect(helper('sowing-germinative_power')).toContain('The maximum is 100.');
    expect(helper('sowing-seed_vigor')).toContain('The minimum is 0.');
    expect(helper('sowing-line_spacing')).toContain(i18n.t('field.not_a_number', { ns: 'errors' }));
    expect(posted).toBe(false);
    // Fixing the value drops its message.
    type('sowing-germinative_power', '85');
    expect(helper('sowing-germinative_power')).not.toContain('The maximum is 100.');
  });

  it('marks the fields a server refusal names', async () => {
    serveSowings({
      sowings: (request) =>
        request.method === 'POST'
          ? apiError(400, 'exception.validation_error', [
              { field: 'body.seed_vigor', key: 'field.too_big', message: 'Too big' },
            ])
          : jsonResponse([SOWN]),
    });
    const dialog = await newSowingForm();
    fireEvent.change(within(dialog).getByTestId('sowing-seed_vigor'), {
      target: { value: '80' },
    });
    fireEvent.click(within(dialog).getByTestId('sowing-save'));
    const field = within(dialog).getByTestId('sowing-seed_vigor');
    await waitFor(() =>
      expect(field.closest('.MuiFormControl-root')!.textContent).toContain(
        i18n.t('field.too_big', { ns: 'errors' }),
      ),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByTestId('sowing-area').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('starts the area from the plot’s remaining area, and keeps a typed one', async () => {
    serveSowings();
    await changeLanguage('pt');
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-add'));
    const dialog = await screen.findByTestId('sowing-new-dialog');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('combobox').length).toBeGreaterThanOrEqual(2),
    );
    const area = within(dialog).getByTestId('sowing-area') as HTMLInputElement;
    await chooseOption('sowing-plot', 'Talhão Baixada');
    expect(area.value).toBe('60');
    // A plot with nothing left gives no area; a typed area stays when the plot changes.
    await chooseOption('sowing-plot', 'Talhão Sede');
    expect(area.value).toBe('');
    fireEvent.change(area, { target: { value: '12' } });
    await chooseOption('sowing-plot', 'Talhão Baixada');
    expect(area.value).toBe('12');
  });

  it('starts the area from what the season-crop leaves, as the API counts it', async () => {
    // 30 ha of this season-crop (harvested or not, it counts) and a wheat sowing of another
    // season-crop, which the plot's own remaining area (the least of them) reflects.
    const shared = plot({
      id: 102,
      nome: 'Talhão Rotação',
      area: 39.15,
      remaining_area: 0,
      sown_areas: [
        { season_crop_id: 11, area: 30 },
        { season_crop_id: 21, area: 39.15 },
      ],
    });
    serveSowings({ extra: { '/api/talhoes/:farmId': () => jsonResponse([...PLOTS, shared]) } });
    await changeLanguage('pt');
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-add'));
    const dialog = await screen.findByTestId('sowing-new-dialog');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('combobox').length).toBeGreaterThanOrEqual(2),
    );
    await chooseOption('sowing-plot', 'Talhão Rotação');
    expect((within(dialog).getByTestId('sowing-area') as HTMLInputElement).value).toBe('9,15');
  });

  it('adds a variety in place and chooses it', async () => {
    let added: unknown = null;
    const NEW_VARIETY: FarmVariety = { ...BRS, id: 502, seed_id: 9002, name: 'NS 5959 IPRO' };
    serveSowings({
      extra: {
        '/api/cultivares': (request) => {
          if (request.method === 'POST')
            return request.json().then((body) => {
              added = body;
              return jsonResponse(NEW_VARIETY, 201);
            });
          return jsonResponse(added ? [BRS, NEW_VARIETY] : [BRS]);
        },
        '/api/sementes/fazenda/:farmId': () =>
          jsonResponse([
            {
              seed_id: 9002,
              name: 'NS 5959 IPRO',
              asset_owner: 'Nidera',
              crop_id: 1,
              relative_maturity: 5.9,
              growth_habit: 'indeterminate',
              genetically_modified_organism: true,
              recommended: true,
              added: null,
            },
          ]),
      },
    });
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-add'));
    const dialog = await screen.findByTestId('sowing-new-dialog');
    fireEvent.click(await within(dialog).findByTestId('sowing-add-variety'));
    const adding = await screen.findByTestId('variety-add-dialog');
    fireEvent.click(await within(adding).findByTestId('seed-add'));
    await waitFor(() => expect(screen.queryByTestId('variety-add-dialog')).toBeNull());
    expect(added).toEqual({ fazenda_id: 1, season_crop_id: 11, seed_id: 9002 });
    await waitFor(() =>
      expect(within(dialog).getByTestId('sowing-variety').textContent).toContain('NS 5959 IPRO'),
    );
  });

  it('deletes a sowing after confirmation', async () => {
    screenWidth(1280);
    let removed: string | null = null;
    serveSowings({
      sowings: () => jsonResponse(removed ? [PLANNED] : [SOWN, PLANNED]),
      extra: {
        '/api/semeaduras/:id': (request) => {
          removed = `${request.method} ${new URL(request.url).pathname}`;
          return new Response(null, { status: 204 });
        },
      },
    });
    await renderSowings();
    await waitFor(() => expect(screen.getAllByTestId('sowing-row')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('sowing-remove')[0]!);
    const confirm = await screen.findByTestId('sowing-remove-dialog');
    await waitFor(() => expect(confirm.textContent).toContain('Talhão Sede'));
    fireEvent.click(within(confirm).getByRole('button', { name: s('remove.confirm') }));
    await waitFor(() => expect(screen.queryByTestId('sowing-remove-dialog')).toBeNull());
    expect(removed).toBe('DELETE /api/semeaduras/700');
    await waitFor(() => expect(screen.getAllByTestId('sowing-row')).toHaveLength(1));
    expect(await screen.findByText(s('remove.done'))).toBeTruthy();
  });

  it('keeps the confirmation open with the has-harvest refusal', async () => {
    screenWidth(1280);
    serveSowings({
      extra: {
        '/api/semeaduras/:id': () => apiError(409, 'exception.sowing.has_harvest'),
      },
    });
    await renderSowings();
    fireEvent.click((await screen.findAllByTestId('sowing-remove'))[0]!);
    const confirm = await screen.findByTestId('sowing-remove-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: s('remove.confirm') }));
    expect(
      await within(confirm).findByText(i18n.t('exception.sowing.has_harvest', { ns: 'errors' })),
    ).toBeTruthy();
    expect(screen.getAllByTestId('sowing-row')).toHaveLength(2);
  });

  it('records a harvest in bu/ac in English, sending sc/ha', async () => {
    screenWidth(1280);
    let sent: unknown = null;
    serveSowings({
      extra: {
        '/api/semeaduras/:id/colheita': (request) =>
          request.json().then((body) => {
            sent = { path: new URL(request.url).pathname, body };
            return jsonResponse({ id: 1 }, 201);
          }),
      },
    });
    await changeLanguage('en');
    try {
      await renderSowings();
      // Only a sown, unharvested sowing can be harvested.
      const rows = await screen.findAllByTestId('sowing-row');
      expect(within(rows[1]!).queryByTestId('sowing-harvest')).toBeNull();
      fireEvent.click(within(rows[0]!).getByTestId('sowing-harvest'));
      const dialog = await screen.findByTestId('sowing-harvest-dialog');
      expect(within(dialog).getByLabelText(/bu\/ac/)).toBeTruthy();
      fireEvent.change(within(dialog).getByTestId('harvest-date'), {
        target: { value: '2026-02-20' },
      });
      fireEvent.change(within(dialog).getByTestId('harvest-productivity'), {
        target: { value: '60' },
      });
      fireEvent.click(within(dialog).getByTestId('harvest-save'));
      await waitFor(() => expect(screen.queryByTestId('sowing-harvest-dialog')).toBeNull());
      expect(sent).toEqual({
        path: '/api/semeaduras/700/colheita',
        body: {
          data_colheita: '2026-02-20',
          produtividade: 67.2502,
          perda: false,
          dessecacao: false,
        },
      });
    } finally {
      await changeLanguage('pt');
    }
  });

  describe('filters', () => {
    const LAST_SEASON: SeasonCrop = {
      ...SEASON_CROPS[0]!,
      id: 10,
      season_id: 2,
      season_name: '2024/2025',
      start_period: '2024-08-01',
      end_period: '2025-05-31',
      season_active: false,
      status: 'previous',
      message_key: 'season.2024_2025',
    };
    const OLD = sowing({
      id: 690,
      talhao_id: 101,
      season_crop_id: 10,
      data_semeadura: '2024-10-05',
      status: 'harvested',
      colheita: {
        id: 3,
        data_colheita: '2025-02-10',
        produtividade: 62,
        perda: false,
        dessecacao: false,
      },
      active: false,
    });

    function serveSeasons() {
      serveSowings({
        sowings: [SOWN, PLANNED, OLD],
        extra: { '/api/season-crops': () => jsonResponse([...SEASON_CROPS, LAST_SEASON]) },
      });
    }

    it('reads the status from the link and counts each status under the other filters', async () => {
      screenWidth(1280);
      serveSeasons();
      const { router } = await renderSowings('/sowings?status=planned');
      await waitFor(() => expect(screen.getAllByTestId('sowing-row')).toHaveLength(1));
      expect(screen.getByTestId('sowing-row').textContent).toContain('Talhão Baixada');
      const planned = screen.getByTestId('sowing-status-filter-planned');
      expect(planned.getAttribute('aria-pressed')).toBe('true');
      expect(planned.textContent).toBe(`${s('status.planned')} · 1`);
      expect(screen.getByTestId('sowing-status-filter-all').textContent).toBe(
        `${s('filters.all')} · 3`,
      );
      expect(screen.getByTestId('sowings-count').textContent).toBe(
        s('count_filtered', { shown: 1, count: 3 }),
      );

      // A season narrows the counts of the chips, and goes into the link.
      await chooseOption('sowing-filter-season', '2024/2025');
      await waitFor(() => expect(router.state.location.search).toContain('season=2'));
      expect(router.state.location.search).toContain('status=planned');
      // A past season's sowings are asked of the API by the season's period.
      await waitFor(() =>
        expect(screen.getByTestId('sowing-status-filter-all').textContent).toBe(
          `${s('filters.all')} · 1`,
        ),
      );
      expect(screen.getByTestId('sowing-status-filter-harvested').textContent).toBe(
        `${s('status.harvested')} · 1`,
      );
      // No planned sowing in that season: said apart from a farm without sowings.
      const empty = await screen.findByTestId('sowings-filtered-empty');
      expect(empty.textContent).toContain(s('filtered_empty.title'));
      expect(screen.queryByTestId('sowings-empty')).toBeNull();
      fireEvent.click(within(empty).getByRole('button', { name: s('filters.clear') }));
      await waitFor(() => expect(screen.getAllByTestId('sowing-row')).toHaveLength(3));
      expect(router.state.location.search).toBe('');
    });

    it('filters by plot and variety from the selects', async () => {
      screenWidth(1280);
      serveSeasons();
      const { router } = await renderSowings();
      await waitFor(() => expect(screen.getAllByTestId('sowing-row')).toHaveLength(3));
      await chooseOption('sowing-filter-plot', 'Talhão Sede');
      await waitFor(() => expect(screen.getAllByTestId('sowing-row')).toHaveLength(1));
      expect(router.state.location.search).toBe('?plot=100');
      await chooseOption('sowing-filter-variety', 'BRS 1010 IPRO');
      expect(router.state.location.search).toBe('?plot=100&variety=9001');
      expect(screen.getAllByTestId('sowing-row')).toHaveLength(1);
      fireEvent.click(screen.getByTestId('sowing-status-filter-sown'));
      expect(router.state.location.search).toBe('?plot=100&variety=9001&status=sown');
      expect(screen.getAllByTestId('sowing-row')).toHaveLength(1);
    });

    it('folds the selects behind a button on a phone, keeping the chips', async () => {
      screenWidth(390);
      serveSeasons();
      await renderSowings('/sowings?plot=101');
      await waitFor(() => expect(screen.getAllByTestId('sowing-row')).toHaveLength(2));
      expect(screen.queryByTestId('sowing-filter-plot')).toBeNull();
      expect(screen.getByTestId('sowing-status-filter-all')).toBeTruthy();
      fireEvent.click(screen.getByTestId('sowing-filters-toggle'));
      expect(await screen.findByTestId('sowing-filter-plot')).toBeTruthy();
    });
  });

  describe('editing', () => {
    async function openEdit(row = 0) {
      const rows = await screen.findAllByTestId('sowing-row');
      fireEvent.click(within(rows[row]!).getByTestId('sowing-edit'));
      return screen.findByTestId('sowing-edit-dialog');
    }

    it('shows an English sowing in imperial units and sends it back metric with PUT', async () => {
      screenWidth(1280);
      let sent: unknown = null;
      serveSowings({
        extra: {
          '/api/semeaduras/:id': (request) =>
            request.json().then((body) => {
              sent = { method: request.method, path: new URL(request.url).pathname, body };
              return jsonResponse(SOWN);
            }),
        },
      });
      await changeLanguage('en');
      try {
        await renderSowings();
        const dialog = await openEdit();
        const field = (id: string) => within(dialog).getByTestId(id) as HTMLInputElement;
        expect(field('sowing-area').value).toBe('98.84');
        expect(field('sowing-line_spacing').value).toBe('17.72');
        expect(field('sowing-population_lines').value).toBe('3.66');
        expect(field('sowing-operating_speed').value).toBe('3.73');
        expect(field('sowing-date').value).toBe('10/10/2025');
        expect(field('sowing-date').disabled).toBe(false);
        await waitFor(() =>
          expect(within(dialog).getByTestId('sowing-variety').textContent).toContain(
            'BRS 1010 IPRO',
          ),
        );
        fireEvent.change(field('sowing-population_lines'), { target: { value: '4' } });
        fireEvent.change(field('sowing-quantidade'), { target: { value: '50' } });
        fireEvent.change(field('sowing-inoculant'), { target: { value: ' Bradyrhizobium ' } });
        await chooseOption(
          'sowing-seed_class',
          i18n.t('seed_class.certified', { ns: 'reference' }),
        );
        await chooseOption(
          'sowing-seeder_system',
          i18n.t('seeder_system.pneumatic_seeder', { ns: 'reference' }),
        );
        fireEvent.click(within(dialog).getByTestId('sowing-save'));
        await waitFor(() => expect(screen.queryByTestId('sowing-edit-dialog')).toBeNull());
        expect(sent).toEqual({
          method: 'PUT',
          path: '/api/semeaduras/700',
          body: {
            fazenda_id: 1,
            talhao_id: 100,
            cultivar_id: 501,
            // Untouched numbers go back exactly as they came.
            area: 40,
            data_semeadura: '2025-10-10',
            data_emergencia: '2025-10-17',
            quantidade: 1360.7664,
            origem: null,
            seeder_system_id: 6,
            seed_class_id: 1,
            estimated_cycle: 120,
            germinative_power: 85,
            seed_vigor: 80,
            line_spacing: 45,
            population_lines: 13.1234,
            operating_speed: 6,
            seed_treatment: null,
            inoculant: 'Bradyrhizobium',
          },
        });
        expect(await screen.findByText(s('form.done_edit'))).toBeTruthy();
      } finally {
        await changeLanguage('pt');
      }
    });

    it.each([
      [
        'harvest',
        {
          colheita: {
            id: 4,
            data_colheita: '2026-02-20',
            produtividade: 60,
            perda: false,
            dessecacao: false,
          },
          status: 'harvested' as const,
        },
      ],
      ['sprays', { total_execucoes: 2 }],
    ])('locks the sowing date and says why (%s)', async (reason, overrides) => {
      screenWidth(1280);
      serveSowings({ sowings: [sowing(overrides)] });
      await renderSowings();
      const dialog = await openEdit();
      const date = within(dialog).getByTestId('sowing-date') as HTMLInputElement;
      expect(date.disabled).toBe(true);
      expect(within(dialog).getByText(s(`form.date_locked_${reason}`))).toBeTruthy();
      // The rest of the sowing can still change.
      expect((within(dialog).getByTestId('sowing-area') as HTMLInputElement).disabled).toBe(false);
      expect(within(dialog).getByTestId('sowing-save')).toBeTruthy();
    });

    it('shows the API refusal when the date turns out locked', async () => {
      screenWidth(1280);
      serveSowings({
        extra: { '/api/semeaduras/:id': () => apiError(409, 'exception.sowing.date_locked') },
      });
      await renderSowings();
      const dialog = await openEdit();
      fireEvent.change(within(dialog).getByTestId('sowing-date'), {
        target: { value: '2025-10-12' },
      });
      fireEvent.click(within(dialog).getByTestId('sowing-save'));
      expect(
        await within(dialog).findByText(i18n.t('exception.sowing.date_locked', { ns: 'errors' })),
      ).toBeTruthy();
    });

    it('opens a sowing of another season read-only, without save or delete', async () => {
      screenWidth(1280);
      serveSowings({ sowings: [sowing({ active: false })] });
      await renderSowings();
      const row = await screen.findByTestId('sowing-row');
      expect(within(row).queryByTestId('sowing-remove')).toBeNull();
      expect(within(row).queryByTestId('sowing-harvest')).toBeNull();
      expect(within(row).getByTestId('sowing-edit').getAttribute('aria-label')).toBe(
        s('actions.view'),
      );
      const dialog = await openEdit();
      expect(within(dialog).getByTestId('sowing-read-only').textContent).toBe(
        s('form.read_only', { season: '2025/2026' }),
      );
      expect((within(dialog).getByTestId('sowing-area') as HTMLInputElement).disabled).toBe(true);
      expect(within(dialog).queryByTestId('sowing-save')).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: s('form.close') }));
      await waitFor(() => expect(screen.queryByTestId('sowing-edit-dialog')).toBeNull());
    });
  });

  it.each([
    [
      'exception.sowing.has_harvest',
      {
        colheita: {
          id: 4,
          data_colheita: '2026-02-20',
          produtividade: 60,
          perda: false,
          dessecacao: false,
        },
      },
    ],
    ['exception.sowing.has_applied_sprays', { total_execucoes: 1 }],
    ['exception.sowing.used_in_program', { programa: { id: 3 } }],
  ])('says up front why a sowing cannot be deleted (%s)', async (key, overrides) => {
    screenWidth(1280);
    let deleted = false;
    serveSowings({
      sowings: [sowing(overrides)],
      extra: {
        '/api/semeaduras/:id': () => {
          deleted = true;
          return new Response(null, { status: 204 });
        },
      },
    });
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-remove'));
    const blocked = await screen.findByTestId('sowing-remove-blocked');
    expect(within(blocked).getByText(i18n.t(key, { ns: 'errors' }))).toBeTruthy();
    expect(within(blocked).queryByRole('button', { name: s('remove.confirm') })).toBeNull();
    fireEvent.click(within(blocked).getByRole('button', { name: s('remove.close') }));
    await waitFor(() => expect(screen.queryByTestId('sowing-remove-blocked')).toBeNull());
    expect(deleted).toBe(false);
  });

  it('offers the emergence date of earlier sowings of the variety, filled only when asked', async () => {
    screenWidth(1280);
    await changeLanguage('pt');
    let asked: string | null = null;
    serveSowings({
      sowings: [SOWN],
      extra: {
        '/api/sementes/data-emergencia/:id': (request) => {
          const url = new URL(request.url);
          asked = `${url.pathname}?${url.searchParams}`;
          return jsonResponse({ data_emergencia: '2025-10-29', dias: 7, baseado_em: 3 });
        },
      },
    });
    await renderSowings();
    fireEvent.click(await screen.findByTestId('sowing-add'));
    const dialog = await screen.findByTestId('sowing-new-dialog');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('combobox').length).toBeGreaterThanOrEqual(2),
    );
    await chooseOption('sowing-variety', 'BRS 1010 IPRO');
    fireEvent.change(within(dialog).getByTestId('sowing-date'), {
      target: { value: '2025-10-22' },
    });
    const suggestion = await within(dialog).findByTestId('sowing-emergence-suggestion');
    expect(asked).toBe('/api/sementes/data-emergencia/501?data_semeadura=2025-10-22');
    expect(suggestion.textContent).toContain(
      s('form.suggestion', { count: 7, date: '29 de out. de 2025' }),
    );
    const emergence = within(dialog).getByTestId('sowing-emergence') as HTMLInputElement;
    expect(emergence.value).toBe('');
    fireEvent.click(within(suggestion).getByRole('button', { name: s('form.suggestion_use') }));
    expect(emergence.value).toBe('29/10/2025');
    await waitFor(() =>
      expect(within(dialog).queryByTestId('sowing-emergence-suggestion')).toBeNull(),
    );
  });
});
