import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { GROWTH_STAGES, stageTimeline, type FarmVariety } from '@lavoura/domain';
import type { Sowing } from '../../api/sowings';
import { changeLanguage } from '../../lib/i18n';
import { farm, plot } from '../../test/farm-fixtures';
import { recordRequests, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import { apiError, sessionHandlers, sessionUser, signIn } from '../../test/session-fixtures';

const SANTA_HELENA = farm({ id: 7, nome: 'Fazenda Santa Helena', time_zone: 'America/Sao_Paulo' });
const SEDE = plot({
  id: 71,
  nome: 'Talhão da Sede',
  fazenda_id: 7,
  area: 60,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-53.45, -24.95],
        [-53.44, -24.95],
        [-53.44, -24.96],
        [-53.45, -24.95],
      ],
    ],
  },
});

const variety = (id: number, seasonCropId: number, name: string): FarmVariety => ({
  id,
  seed_id: id + 9000,
  farm_id: 7,
  season_crop_id: seasonCropId,
  name,
  asset_owner: 'Embrapa',
  crop_id: 1,
  relative_maturity: 6.1,
  growth_habit: 'indeterminate',
  genetically_modified_organism: true,
});
const VARIETIES = [variety(501, 1, 'BRS 284'), variety(502, 2, 'BRS 1010 IPRO')];

/** A soybean stage as `estadio_atual` names it. */
function stage(code: string) {
  const row = GROWTH_STAGES.find((item) => item.crop_id === 1 && item.code === code)!;
  return { id: row.id, code: row.code, name: row.code, message_key: row.message_key };
}

function sowing(overrides: Partial<Sowing> & Pick<Sowing, 'id'>): Sowing {
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
    estadio_atual: stage('R1'),
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

/** The season in the field: sown Oct 10, emerged Oct 17, 120 days: R1 from Dec 4, 2025. */
const CURRENT = sowing({ id: 802 });
/** Last season's, harvested. */
const HARVESTED = sowing({
  id: 801,
  cultivar_id: 501,
  season_crop_id: 1,
  area: 20,
  data_semeadura: '2024-10-01',
  data_emergencia: '2024-10-08',
  status: 'harvested',
  estadio_atual: stage('R9'),
  colheita: {
    id: 1,
    data_colheita: '2025-02-10',
    produtividade: 62,
    perda: false,
    dessecacao: false,
  },
  active: false,
});
/** Another plot's: never on this plot's tab. */
const ELSEWHERE = sowing({ id: 803, talhao_id: 72 });

/** The timeline the API answers for a sowing (AGRONOMY §2, as the server computes it). */
function timelineOf(row: Sowing) {
  return stageTimeline(1, row.data_emergencia!, row.estimated_cycle!).map((stage) => ({
    stage_id: stage.stage_id,
    code: stage.code,
    name: stage.code,
    message_key: GROWTH_STAGES.find((item) => item.id === stage.stage_id)!.message_key,
    start_date: stage.start_date,
  }));
}

type Answer = () => Response | Promise<Response>;

function servePlanting({
  sowings = () => HttpResponse.json([HARVESTED, CURRENT, ELSEWHERE]),
  stages = () => HttpResponse.json(timelineOf(CURRENT)),
  level = 4,
}: { sowings?: Answer; stages?: Answer; level?: number } = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      { farms: [SANTA_HELENA], user: sessionUser({ level }) },
      http.get('/api/talhoes/:plotId/fazenda/:farmId', () => HttpResponse.json(SEDE)),
      http.get('/api/talhoes/:farmId', () => HttpResponse.json([SEDE])),
      http.get('/api/semeaduras', () => sowings()),
      http.get('/api/semeaduras/:id/growth-stages', () => stages()),
      http.get('/api/cultivares', ({ request }) => {
        const seasonCrop = Number(new URL(request.url).searchParams.get('season_crop_id'));
        return HttpResponse.json(VARIETIES.filter((row) => row.season_crop_id === seasonCrop));
      }),
    ),
  );
}

async function plantingTab() {
  renderArea('/field?plot_id=71&fazenda_id=7');
  return screen.findByTestId('field-tabpanel-planting');
}

describe('the plot page’s planting tab', { timeout: 20_000 }, () => {
  const missingKeys = trackMissingKeys();
  beforeEach(() => {
    // Only the clock's day: the farm's "today" is Dec 6, 2025 (R1 started on Dec 4).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-06T15:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the plot’s sowings on a timeline, the one in the field first, and its stages', async () => {
    servePlanting();
    await changeLanguage('en');
    const panel = await plantingTab();

    const list = await within(panel).findByTestId('planting-sowings');
    await waitFor(() =>
      expect(within(list).getAllByTestId('planting-sowing')[1]!.textContent).toContain('BRS 284'),
    );
    const [current, harvested] = within(list).getAllByTestId('planting-sowing');
    expect(within(list).getAllByTestId('planting-sowing')).toHaveLength(2);

    expect(current!.textContent).toContain('BRS 1010 IPRO');
    expect(within(current!).getByTestId('planting-status').textContent).toBe('Sown');
    expect(within(current!).getByTestId('planting-area').textContent).toBe('98.84 ac');
    // Emergence Oct 17 plus 120 days.
    expect(within(current!).getByTestId('planting-period').textContent).toBe(
      'Oct 10, 2025 to Feb 14, 2026 (expected)',
    );
    expect(
      within(current!)
        .getByRole('link', { name: 'Open the sowing of BRS 1010 IPRO' })
        .getAttribute('href'),
    ).toBe('/sowings/802');

    expect(harvested!.textContent).toContain('BRS 284');
    expect(within(harvested!).getByTestId('planting-status').textContent).toBe('Harvested');
    expect(within(harvested!).getByTestId('planting-area').textContent).toBe('49.42 ac');
    expect(within(harvested!).getByTestId('planting-period').textContent).toBe(
      'Oct 1, 2024 to Feb 10, 2025 (harvested)',
    );
    expect(within(harvested!).getByRole('link').getAttribute('href')).toBe('/sowings/801');
    expect(panel.textContent).toContain('2 sowings');

    // The stages of the sowing in the field, R1 current since Dec 4.
    const stages = await within(panel).findByRole('list', {
      name: 'Growth stages of BRS 1010 IPRO, each with its first day',
    });
    const items = within(stages).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(/[A-Z][a-z]{2} /)[0])).toContain('VE');
    const marked = items.filter((item) => item.getAttribute('aria-current') === 'step');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.textContent).toContain('R1');
    expect(marked[0]!.textContent).toContain('Dec 4, 2025');
    expect(within(panel).getByTestId('planting-current-stage').textContent).toBe(
      'Current stage: R1 – Beginning bloom since Dec 4, 2025',
    );
    // Today's mark on the timeline.
    expect(within(panel).getByText('Today, Dec 6, 2025')).toBeTruthy();
    expect(within(panel).getByTestId('planting-new').getAttribute('href')).toBe(
      '/sowings?plot_id=71&fazenda_id=7',
    );
    expect(missingKeys).toEqual([]);
  });

  it('writes it in Portuguese, in hectares', async () => {
    servePlanting();
    await changeLanguage('pt');
    const { container } = renderArea('/field?plot_id=71&fazenda_id=7');
    const list = await screen.findByTestId('planting-sowings');
    await waitFor(() => expect(list.textContent).toContain('BRS 284'));
    const [current, harvested] = within(list).getAllByTestId('planting-sowing');
    expect(within(current!).getByTestId('planting-status').textContent).toBe('Semeada');
    expect(within(current!).getByTestId('planting-area').textContent).toBe('40 ha');
    expect(within(harvested!).getByTestId('planting-status').textContent).toBe('Colhida');
    expect(within(harvested!).getByTestId('planting-period').textContent).toContain('(colhido)');
    expect((await screen.findByTestId('planting-current-stage')).textContent).toContain(
      'R1 – Início do florescimento',
    );
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('says when the plot has no sowings yet, and offers a new one', async () => {
    servePlanting({ sowings: () => HttpResponse.json([ELSEWHERE]) });
    await changeLanguage('en');
    const panel = await plantingTab();
    const empty = await within(panel).findByTestId('planting-empty');
    expect(empty.textContent).toContain('No sowings on this field yet');
    expect(within(empty).getByRole('link', { name: 'New sowing' }).getAttribute('href')).toBe(
      '/sowings?plot_id=71&fazenda_id=7',
    );
  });

  it('shows a failure to load the sowings, with a retry that loads them', async () => {
    let calls = 0;
    servePlanting({
      sowings: () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'exception.unexpected_error')
          : HttpResponse.json([CURRENT]);
      },
    });
    await changeLanguage('en');
    const panel = await plantingTab();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('planting-sowing')).toBeTruthy();
  });

  it('says when the stages cannot be estimated, and retries a failed timeline', async () => {
    let calls = 0;
    servePlanting({
      stages: () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'exception.unexpected_error') : HttpResponse.json([]);
      },
    });
    await changeLanguage('en');
    const panel = await plantingTab();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Try again' }));
    expect((await within(panel).findByTestId('planting-stages-empty')).textContent).toBe(
      'The growth stages are estimated once the sowing has an emergence date and an estimated cycle.',
    );
  });

  it('on the Freemium plan says sowings are on other plans, without asking for them', async () => {
    const requests = recordRequests();
    servePlanting({ level: 0 });
    await changeLanguage('en');
    const panel = await plantingTab();
    expect((await within(panel).findByTestId('planting-closed')).textContent).toContain(
      'Sowing records, with growth stages and harvests, are available on other plans.',
    );
    expect(requests.some((request) => request.path.startsWith('/api/semeaduras'))).toBe(false);
  });
});
