import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Crop, FarmVariety, SeasonCrop } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import type { Program } from '../../api/programs';
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
const SAO_JOSE = farm({ id: 2, nome: 'Sítio São José', created_at: '2025-01-10T12:00:00.000Z' });
/** Another country: its season-crops are others, so a copy cannot go there. */
const IOWA = farm({ id: 5, nome: 'Iowa Farm', pais: { id: 3, nome: 'USA' } });

const CROPS: Crop[] = [{ id: 1, code: 'soybean', message_key: 'crop.soybean' }];
const SEASON: SeasonCrop = {
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
};

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
const NS = variety({ id: 503, seed_id: 9003, name: 'NS 5959' });
const SAO_JOSE_BRS = variety({ id: 601, farm_id: 2 });

const PROGRAM: Program = {
  id: 900,
  nome: 'Ferrugem 2 aplicações',
  fazenda_id: 1,
  cultivar_id: 501,
  semeadura_id: null,
  season_crop_id: 11,
  crop_id: 1,
  doenca_principal_id: 1,
  doencas_secundarias_ids: [],
  severidade: null,
  mofo_branco: false,
  racional: false,
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
  planejamentos: [],
  custo_ha: 0,
  custo_total: null,
  area: null,
  created_at: '2025-09-15T12:00:00.000Z',
  updated_at: '2025-09-15T12:00:00.000Z',
};

type Answer = (request: Request) => Response | Promise<Response>;

function serveCopy({ clone }: { clone: Answer }) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions: ALL_PERMISSIONS, farms: [BOA_VISTA, SAO_JOSE, IOWA] },
      ...byPath({
        '/api/crops': () => jsonResponse(CROPS),
        '/api/season-crops': () => jsonResponse([SEASON]),
        '/api/cultivares': (request) =>
          jsonResponse(
            new URL(request.url).searchParams.get('fazenda_id') === '2'
              ? [SAO_JOSE_BRS]
              : [BRS, TMG, NS],
          ),
        '/api/programas': (request) =>
          jsonResponse(
            new URL(request.url).searchParams.get('cultivar_id') === '501' ? [PROGRAM] : [],
          ),
        '/api/programas/:id/clonar': clone,
      }),
    ),
  );
}

const p = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'programs', ...values });

async function openCopy() {
  renderArea('/programas');
  const row = await screen.findByTestId('program-row', undefined, { timeout: 15_000 });
  fireEvent.click(within(row).getByTestId('program-more'));
  fireEvent.click(await screen.findByRole('menuitem', { name: p('list.copy') }));
  return screen.findByTestId('program-copy-dialog');
}

describe('program copy dialog (/programas)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  beforeEach(() => {
    screenWidth(1280);
    return changeLanguage('pt');
  });

  it('copies to the varieties chosen of the current farm and says how many copies were made', async () => {
    let body: unknown = null;
    serveCopy({
      clone: async (request) => {
        body = await request.json();
        return jsonResponse([PROGRAM, PROGRAM], 201);
      },
    });
    const dialog = await openCopy();
    // The program's own variety is not offered: its copy would be a duplicate.
    const list = await within(dialog).findByTestId('program-copy-varieties');
    expect(within(list).queryByRole('checkbox', { name: 'BRS 1010 IPRO' })).toBeNull();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'TMG 7063' }));
    fireEvent.click(within(list).getByRole('checkbox', { name: 'NS 5959' }));
    fireEvent.click(within(dialog).getByTestId('program-copy-confirm'));
    await waitFor(() => expect(body).toEqual({ cultivares: [502, 503], farm_id: 1 }));
    expect(await screen.findByText(p('copy.done', { count: 2 }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('program-copy-dialog')).toBeNull());
    expectNoRawKeys(document.body);
    expect(missingKeys).toEqual([]);
  });

  it('sends nothing until a variety is chosen', async () => {
    const seen = recordRequests();
    serveCopy({ clone: () => jsonResponse([PROGRAM], 201) });
    const dialog = await openCopy();
    await within(dialog).findByTestId('program-copy-varieties');
    const confirm = within(dialog).getByTestId('program-copy-confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('program-copy-choose').textContent).toBe(p('copy.choose'));
    fireEvent.click(confirm);
    // "All" chooses every variety offered; choosing none again disables Copy again.
    const all = within(dialog).getByRole('checkbox', { name: p('copy.all') });
    fireEvent.click(all);
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(all);
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(seen.filter((request) => request.path.endsWith('/clonar'))).toEqual([]);
  });

  it('copies to a variety of another farm of the same country', async () => {
    let body: unknown = null;
    serveCopy({
      clone: async (request) => {
        body = await request.json();
        return jsonResponse([PROGRAM], 201);
      },
    });
    const dialog = await openCopy();
    await within(dialog).findByTestId('program-copy-varieties');
    fireEvent.mouseDown(
      within(within(dialog).getByTestId('program-copy-farm')).getByRole('combobox'),
    );
    // A farm of another country has other seasons: not offered.
    expect(screen.queryByRole('option', { name: 'Iowa Farm' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Sítio São José' }));
    // There the program's variety is another farm variety, so it is offered.
    const list = await within(dialog).findByTestId('program-copy-varieties');
    await waitFor(() =>
      expect(within(list).getByRole('checkbox', { name: 'BRS 1010 IPRO' })).toBeTruthy(),
    );
    fireEvent.click(within(list).getByRole('checkbox', { name: 'BRS 1010 IPRO' }));
    fireEvent.click(within(dialog).getByTestId('program-copy-confirm'));
    await waitFor(() => expect(body).toEqual({ cultivares: [601], farm_id: 2 }));
    expect(await screen.findByText(p('copy.done', { count: 1 }))).toBeTruthy();
  });

  it('shows the API’s refusal in words and keeps the dialog open', async () => {
    serveCopy({ clone: () => apiError(400, 'exception.validation_error') });
    const dialog = await openCopy();
    const list = await within(dialog).findByTestId('program-copy-varieties');
    fireEvent.click(within(list).getByRole('checkbox', { name: 'TMG 7063' }));
    fireEvent.click(within(dialog).getByTestId('program-copy-confirm'));
    const error = await within(dialog).findByTestId('program-copy-error');
    expect(error.textContent).toBe(i18n.t('exception.validation_error', { ns: 'errors' }));
    expect(screen.getByTestId('program-copy-dialog')).toBeTruthy();
  });

  it('links each program to the comparison', async () => {
    serveCopy({ clone: () => jsonResponse([], 201) });
    renderArea('/programas');
    const row = await screen.findByTestId('program-row', undefined, { timeout: 15_000 });
    fireEvent.click(within(row).getByTestId('program-more'));
    const compare = await screen.findByRole('menuitem', { name: p('list.compare') });
    expect(compare.getAttribute('href')).toBe('/comparacao?programas=900');
  });
});
