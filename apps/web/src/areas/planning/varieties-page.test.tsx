import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Crop, FarmSeed, FarmVariety, SeasonCrop } from '@lavoura/domain';
import { permissionsFor, withShellKeys } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm } from '../../test/farm-fixtures';
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
import { SHOWN_SEEDS } from '../shared/varieties/add-variety-dialog';

const BOA_VISTA = farm({ id: 1, nome: 'Fazenda Boa Vista' });
const SANTA_RITA = farm({ id: 2, nome: 'Fazenda Santa Rita' });
const SAN_PEDRO = farm({ id: 3, nome: 'Estancia San Pedro', pais: { id: 2, nome: 'Paraguay' } });
const DISABLED = farm({ id: 4, nome: 'Fazenda Desativada', enabled: false });
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
  seasonCrop({
    id: 10,
    season_id: 2,
    season_name: '2024/2025',
    start_period: '2024-08-01',
    end_period: '2025-05-31',
    status: 'previous',
    message_key: 'season.2024_2025',
  }),
  seasonCrop({}),
  seasonCrop({
    id: 21,
    season_id: 7,
    season_name: '2026',
    crop_id: 2,
    start_period: '2026-01-01',
    end_period: '2026-09-30',
    message_key: 'season.2026',
  }),
  seasonCrop({ id: 31, country_id: 2 }),
];

function variety(overrides: Partial<FarmVariety> = {}): FarmVariety {
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

const BRS = variety();
const UNKNOWN = variety({
  id: 502,
  seed_id: 9004,
  name: 'Sem Dados',
  asset_owner: null,
  relative_maturity: null,
  growth_habit: null,
  genetically_modified_organism: null,
});

function seed(overrides: Partial<FarmSeed> = {}): FarmSeed {
  return {
    seed_id: 9002,
    name: 'NS 5959 IPRO',
    asset_owner: 'Nidera',
    crop_id: 1,
    relative_maturity: 5.9,
    growth_habit: 'indeterminate',
    genetically_modified_organism: true,
    added: null,
    recommended: true,
    ...overrides,
  };
}

const SEEDS: FarmSeed[] = [
  seed({ seed_id: 9001, name: 'BRS 1010 IPRO', asset_owner: 'Embrapa', added: 501 }),
  seed(),
  seed({ seed_id: 9003, name: 'TMG 7062 IPRO', asset_owner: 'TMG', recommended: false }),
];

const READ_ONLY = withShellKeys(permissionsFor({ profile: 'PESQUISA', planLevel: 4 }), 'PESQUISA');

type Answer = (request: Request) => Response | Promise<Response>;

function serveVarieties({
  varieties = [BRS, UNKNOWN],
  seeds = SEEDS,
  farms = [BOA_VISTA],
  permissions = ALL_PERMISSIONS,
  extra = {},
}: {
  varieties?: FarmVariety[] | Answer;
  seeds?: FarmSeed[] | Answer;
  farms?: ReturnType<typeof farm>[];
  permissions?: readonly string[];
  extra?: PathAnswers;
} = {}) {
  const answer = (value: unknown[] | Answer): Answer =>
    typeof value === 'function' ? value : () => jsonResponse(value);
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions, farms },
      ...byPath({
        ...extra,
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse(SEASON_CROPS),
        '/api/cultivares': answer(varieties),
        '/api/sementes/fazenda/:farmId': answer(seeds),
      }),
    ),
  );
}

async function renderVarieties(path = '/cultivares') {
  const rendered = renderArea(path);
  await screen.findByTestId('varieties-page', undefined, { timeout: 15_000 });
  return rendered;
}

const v = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'varieties', ...values });

async function chooseOption(testId: string, name: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('varieties page (/cultivares)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  afterEach(() => window.localStorage.removeItem('current_crop'));

  it.each(['pt', 'en', 'es'] as const)(
    'lists the farm’s varieties of the current season in %s, unknown facts as not informed',
    async (language) => {
      screenWidth(1280);
      const seen = recordRequests();
      serveVarieties();
      await changeLanguage(language);
      const { container } = await renderVarieties();
      const rows = await screen.findAllByTestId('variety-row');
      expect(rows).toHaveLength(2);
      expect(screen.getByRole('table')).toBeTruthy();
      expect(rows[0]!.textContent).toContain('BRS 1010 IPRO');
      expect(rows[0]!.textContent).toContain('Embrapa');
      expect(rows[0]!.textContent).toContain(i18n.language === 'en' ? '6.1' : '6,1');
      expect(rows[0]!.textContent).toContain(v('growth_habit.indeterminate'));
      expect(rows[0]!.textContent).toContain(v('facts.yes'));
      const unknown = within(rows[1]!).getAllByText(v('facts.not_informed'));
      expect(unknown).toHaveLength(4);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(v('title'));
      expect(screen.getByTestId('varieties-season').textContent).toContain(
        v('filter.current', { name: '2025/2026' }),
      );
      expect(screen.getByTestId('varieties-count').textContent).toBe(v('count', { count: 2 }));
      const list = seen.find((request) => request.path === '/api/cultivares');
      expect(Object.fromEntries(list!.url.searchParams)).toEqual({
        fazenda_id: '1',
        season_crop_id: '11',
      });
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
      await changeLanguage('pt');
    },
  );

  it('shows cards on a phone', async () => {
    screenWidth(390);
    serveVarieties();
    await renderVarieties();
    const rows = await screen.findAllByTestId('variety-row');
    expect(rows).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(rows[0]!).getByRole('heading', { name: 'BRS 1010 IPRO' })).toBeTruthy();
    expect(within(rows[0]!).getByTestId('variety-remove')).toBeTruthy();
  });

  it('switches season and crop, asking for that season-crop, and keeps the crop chosen', async () => {
    screenWidth(1280);
    const seen = recordRequests();
    serveVarieties();
    await renderVarieties();
    await screen.findAllByTestId('variety-row');
    await chooseOption('varieties-season', '2024/2025');
    await waitFor(() =>
      expect(
        seen
          .filter((request) => request.path === '/api/cultivares')
          .map((request) => request.url.searchParams.get('season_crop_id')),
      ).toContain('10'),
    );
    await chooseOption('varieties-crop', i18n.t('crop.wheat', { ns: 'reference' }));
    await waitFor(() =>
      expect(
        seen
          .filter((request) => request.path === '/api/cultivares')
          .map((request) => request.url.searchParams.get('season_crop_id')),
      ).toContain('21'),
    );
    expect(window.localStorage.getItem('current_crop')).toBe('2');
  });

  it('says so when the farm’s country has no season of any crop', async () => {
    serveVarieties({ farms: [IOWA] });
    await renderVarieties();
    expect(await screen.findByTestId('varieties-no-season')).toBeTruthy();
    expect(screen.queryByTestId('variety-add')).toBeNull();
  });

  it('shows the empty season, with the add action', async () => {
    serveVarieties({ varieties: [] });
    await renderVarieties();
    const empty = await screen.findByTestId('varieties-empty');
    expect(within(empty).getByRole('button', { name: v('actions.add') })).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    let calls = 0;
    serveVarieties({
      varieties: () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'exception.unexpected_error') : jsonResponse([BRS]);
      },
    });
    await renderVarieties();
    expect(
      await screen.findByText(i18n.t('exception.unexpected_error', { ns: 'errors' })),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: v('retry') }));
    expect(await screen.findByTestId('variety-row')).toBeTruthy();
  });

  it('says a farm is needed when the account has none', async () => {
    serveVarieties({ farms: [] });
    renderArea('/cultivares');
    expect(
      await screen.findByTestId('varieties-no-farm', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('adds a variety from the data set: marks added and not indicated ones, sends the body', async () => {
    screenWidth(1280);
    let sent: unknown = null;
    let added = false;
    serveVarieties({
      varieties: (request) => {
        if (request.method === 'POST')
          return request.json().then((body) => {
            sent = body;
            added = true;
            return jsonResponse(variety({ id: 503, seed_id: 9002, name: 'NS 5959 IPRO' }), 201);
          });
        return jsonResponse(
          added ? [BRS, variety({ id: 503, seed_id: 9002, name: 'NS 5959 IPRO' })] : [BRS],
        );
      },
      seeds: () =>
        jsonResponse(
          SEEDS.map((row) => (added && row.seed_id === 9002 ? { ...row, added: 503 } : row)),
        ),
    });
    await renderVarieties();
    await screen.findByTestId('variety-row');
    fireEvent.click(screen.getByTestId('variety-add'));
    const dialog = await screen.findByTestId('variety-add-dialog');
    const rows = await within(dialog).findAllByTestId('seed-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('seed-added').textContent).toBe(v('add.added'));
    expect(within(rows[0]!).queryByTestId('seed-add')).toBeNull();
    expect(within(rows[2]!).getByTestId('seed-not-recommended')).toBeTruthy();
    expect((within(rows[2]!).getByTestId('seed-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('button', { name: v('add.add_named', { name: 'NS 5959 IPRO' }) }),
    );
    expect(await within(dialog).findByText(v('add.done', { name: 'NS 5959 IPRO' }))).toBeTruthy();
    expect(sent).toEqual({ fazenda_id: 1, season_crop_id: 11, seed_id: 9002 });
    await waitFor(() =>
      expect(
        within(within(dialog).getAllByTestId('seed-row')[1]!).getByTestId('seed-added'),
      ).toBeTruthy(),
    );
    fireEvent.click(within(dialog).getByTestId('variety-add-close'));
    await waitFor(() => expect(screen.getAllByTestId('variety-row')).toHaveLength(2));
  });

  it('searches the data set through the API', async () => {
    const seen = recordRequests();
    serveVarieties({
      seeds: (request) => {
        const search = new URL(request.url).searchParams.get('search');
        return jsonResponse(search ? SEEDS.filter((row) => row.name.includes('TMG')) : SEEDS);
      },
    });
    await renderVarieties();
    fireEvent.click(await screen.findByTestId('variety-add'));
    const dialog = await screen.findByTestId('variety-add-dialog');
    await within(dialog).findAllByTestId('seed-row');
    fireEvent.change(within(dialog).getByRole('searchbox', { name: v('add.search') }), {
      target: { value: 'tmg' },
    });
    await waitFor(() => expect(within(dialog).getAllByTestId('seed-row')).toHaveLength(1));
    const request = seen.find((row) => row.url.searchParams.get('search') === 'tmg');
    expect(request?.path).toBe('/api/sementes/fazenda/1');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      season_crop_id: '11',
      crop_id: '1',
      search: 'tmg',
    });
  });

  it('draws only the first varieties of a long list and says how to narrow it', async () => {
    const many = Array.from({ length: SHOWN_SEEDS + 20 }, (_, index) =>
      seed({ seed_id: 20_000 + index, name: `Cultivar ${index}` }),
    );
    serveVarieties({ seeds: many });
    await renderVarieties();
    fireEvent.click(await screen.findByTestId('variety-add'));
    const dialog = await screen.findByTestId('variety-add-dialog');
    expect(await within(dialog).findAllByTestId('seed-row')).toHaveLength(SHOWN_SEEDS);
    expect(
      within(dialog).getByText(v('add.more', { shown: SHOWN_SEEDS, total: many.length })),
    ).toBeTruthy();
  });

  it('shows the already-added refusal in the dialog', async () => {
    serveVarieties({
      varieties: (request) =>
        request.method === 'POST'
          ? apiError(409, 'exception.variety.already_added')
          : jsonResponse([BRS]),
    });
    await renderVarieties();
    fireEvent.click(await screen.findByTestId('variety-add'));
    const dialog = await screen.findByTestId('variety-add-dialog');
    await within(dialog).findAllByTestId('seed-row');
    fireEvent.click(
      within(dialog).getByRole('button', { name: v('add.add_named', { name: 'NS 5959 IPRO' }) }),
    );
    expect(
      await within(dialog).findByText(i18n.t('exception.variety.already_added', { ns: 'errors' })),
    ).toBeTruthy();
  });

  it('removes a variety after confirmation', async () => {
    let removed: string | null = null;
    serveVarieties({
      varieties: () => jsonResponse(removed ? [UNKNOWN] : [BRS, UNKNOWN]),
      extra: {
        '/api/cultivares/:id/fazenda/:farmId': (request) => {
          removed = `${request.method} ${new URL(request.url).pathname}`;
          return new Response(null, { status: 204 });
        },
      },
    });
    await renderVarieties();
    await waitFor(() => expect(screen.getAllByTestId('variety-row')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('variety-remove')[0]!);
    const confirm = await screen.findByTestId('variety-remove-dialog');
    expect(confirm.textContent).toContain('BRS 1010 IPRO');
    fireEvent.click(within(confirm).getByRole('button', { name: v('remove.confirm') }));
    await waitFor(() => expect(screen.queryByTestId('variety-remove-dialog')).toBeNull());
    expect(removed).toBe('DELETE /api/cultivares/501/fazenda/1');
    await waitFor(() => expect(screen.getAllByTestId('variety-row')).toHaveLength(1));
    expect(await screen.findByText(v('remove.done'))).toBeTruthy();
  });

  it('keeps the confirmation open with the in-use refusal', async () => {
    serveVarieties({
      extra: {
        '/api/cultivares/:id/fazenda/:farmId': () => apiError(409, 'exception.variety.in_use'),
      },
    });
    await renderVarieties();
    fireEvent.click((await screen.findAllByTestId('variety-remove'))[0]!);
    const confirm = await screen.findByTestId('variety-remove-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: v('remove.confirm') }));
    expect(
      await within(confirm).findByText(i18n.t('exception.variety.in_use', { ns: 'errors' })),
    ).toBeTruthy();
    expect(screen.getAllByTestId('variety-row')).toHaveLength(2);
  });

  it('copies a variety to the other farms chosen, saying how many got it', async () => {
    let sent: unknown = null;
    serveVarieties({
      farms: [BOA_VISTA, SANTA_RITA, SAN_PEDRO, DISABLED],
      extra: {
        '/api/cultivares/:id/clonar': (request) =>
          request.json().then((body) => {
            sent = body;
            return jsonResponse([variety({ id: 900, farm_id: 2 })]);
          }),
      },
    });
    await renderVarieties();
    fireEvent.click((await screen.findAllByTestId('variety-copy'))[0]!);
    const dialog = await screen.findByTestId('variety-copy-dialog');
    // Only the other enabled farms of the same country: a season-crop is a country's.
    const farms = within(dialog).getByTestId('variety-copy-farms');
    expect(within(farms).getAllByRole('checkbox')).toHaveLength(2);
    expect(farms.textContent).not.toContain('Estancia San Pedro');
    expect(farms.textContent).not.toContain('Fazenda Desativada');
    const confirm = within(dialog).getByTestId('variety-copy-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Fazenda Santa Rita' }));
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByTestId('variety-copy-dialog')).toBeNull());
    expect(sent).toEqual({ fazendas: [2] });
    expect(await screen.findByText(v('copy.done', { count: 1 }))).toBeTruthy();
  });

  it('shows a copy refusal in the copy dialog', async () => {
    serveVarieties({
      farms: [BOA_VISTA, SANTA_RITA],
      extra: {
        '/api/cultivares/:id/clonar': () =>
          apiError(409, 'exception.variety.not_indicated_for_region'),
      },
    });
    await renderVarieties();
    fireEvent.click((await screen.findAllByTestId('variety-copy'))[0]!);
    const dialog = await screen.findByTestId('variety-copy-dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: v('copy.all') }));
    fireEvent.click(within(dialog).getByTestId('variety-copy-confirm'));
    expect(
      await within(dialog).findByText(
        i18n.t('exception.variety.not_indicated_for_region', { ns: 'errors' }),
      ),
    ).toBeTruthy();
  });

  it('sends a variety request, refusing empty fields', async () => {
    let sent: unknown = null;
    serveVarieties({
      extra: {
        '/api/notification/variety-solicitation': (request) =>
          request.json().then((body) => {
            sent = body;
            return jsonResponse(true);
          }),
      },
    });
    await renderVarieties();
    fireEvent.click(await screen.findByTestId('variety-request'));
    const dialog = await screen.findByTestId('variety-request-dialog');
    fireEvent.click(within(dialog).getByTestId('variety-request-send'));
    expect(within(dialog).getAllByText(v('errors:field.required'))).toHaveLength(2);
    expect(sent).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(v('request.name')) }), {
      target: { value: ' BRS 2558 ' },
    });
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: new RegExp(v('request.details')) }),
      { target: { value: 'Embrapa, soja, Paraná' } },
    );
    fireEvent.click(within(dialog).getByTestId('variety-request-send'));
    await waitFor(() => expect(screen.queryByTestId('variety-request-dialog')).toBeNull());
    expect(sent).toEqual({
      suggestion_name: 'BRS 2558',
      suggestion_description: 'Embrapa, soja, Paraná',
    });
    expect(await screen.findByText(v('request.sent'))).toBeTruthy();
  });

  it('opens the request form from the add dialog', async () => {
    serveVarieties();
    await renderVarieties();
    fireEvent.click(await screen.findByTestId('variety-add'));
    const dialog = await screen.findByTestId('variety-add-dialog');
    fireEvent.click(within(dialog).getByTestId('variety-add-request'));
    expect(await screen.findByTestId('variety-request-dialog')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('variety-add-dialog')).toBeNull());
  });

  it('offers a member who may only read no add, copy or remove', async () => {
    screenWidth(1280);
    serveVarieties({ permissions: READ_ONLY, farms: [BOA_VISTA, SANTA_RITA] });
    await renderVarieties();
    await screen.findAllByTestId('variety-row');
    expect(screen.queryByTestId('variety-add')).toBeNull();
    expect(screen.queryByTestId('variety-remove')).toBeNull();
    expect(screen.queryByTestId('variety-copy')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: v('column.actions') })).toBeNull();
    // Asking for a variety is open to anyone who sees the list.
    expect(screen.getByTestId('variety-request')).toBeTruthy();
  });

  it('says the empty season is read-only for such a member', async () => {
    serveVarieties({ permissions: READ_ONLY, varieties: [] });
    await renderVarieties();
    const empty = await screen.findByTestId('varieties-empty');
    expect(empty.textContent).toContain(v('empty.description_readonly', { season: '2025/2026' }));
    expect(within(empty).queryByRole('button')).toBeNull();
  });
});
