import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Crop, FarmVariety, SeasonCrop } from '@lavoura/domain';
import type { Sowing } from '../../api/sowings';
import { changeLanguage, i18n } from '../../app/i18n';
import { farm, plot } from '../../test/farm-fixtures';
import { byPath, jsonResponse, serve, type PathAnswers } from '../../test/msw-server';
import { expectNoRawKeys, renderApp, trackMissingKeys } from '../../test/render-app';
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
  plot({ id: 100, nome: 'Talhão Sede', remaining_area: 0 }),
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
    estadio_atual: { id: 9, code: 'R1', message_key: 'growth_stage.soybean.r1' },
    colheita: null,
    active: true,
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
        ...extra,
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASON_CROPS),
        '/api/talhoes/:farmId': () => jsonResponse(PLOTS),
        '/api/cultivares': () => jsonResponse([BRS]),
        '/api/semeaduras': typeof sowings === 'function' ? sowings : () => jsonResponse(sowings),
      }),
    ),
  );
}

async function renderSowings() {
  const rendered = renderApp('/sowings');
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
    renderApp('/sowings');
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
    expect(within(dialog).getAllByText(s('form.required'))).toHaveLength(3);
    expect(posted).toBe(false);
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
});
