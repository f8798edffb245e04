import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Language } from '@lavoura/domain';
import type {
  PesticideDetail,
  PesticideItem,
  VarietyDetail,
  VarietyItem,
} from '../../api/catalogue';
import { changeLanguage } from '../../lib/i18n';
import { farm } from '../../test/farm-fixtures';
import { recordRequests, serve, type SeenRequest } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

function pesticide(
  id: number,
  name: string,
  overrides: Partial<PesticideItem> = {},
): PesticideItem {
  return {
    id,
    pesticide_id: id,
    category: 'fungicide',
    origem: 'catalogue',
    country: 1,
    pesticide: name,
    agronomic_category: ['Fungicida'],
    asset_owner: 'Bayer S.A.',
    registration_number: '24117',
    formulation: 'SC - Suspensão Concentrada',
    chemical_group: 'carboxamida + estrobilurina',
    activeIngredients: [
      { active_ingredient: 'Bixafem', concentration: 125, unit: 'g/L', mode_of_action: 'FRAC 7' },
      {
        active_ingredient: 'Protioconazol',
        concentration: 175,
        unit: 'g/L',
        mode_of_action: 'FRAC 3',
      },
    ],
    crops: [1, 2],
    white_mold: false,
    informado_por: null,
    ...overrides,
  };
}

const FOX = pesticide(841, 'Fox Xpro', { white_mold: true });
const ORKESTRA = pesticide(12, 'Orkestra SC', {
  asset_owner: null,
  formulation: null,
  chemical_group: null,
});

const FOX_DETAIL: PesticideDetail = {
  ...FOX,
  classes: ['Fungicida'],
  pesticide_unit: 'L',
  use: null,
  product_action: null,
  risk_of_product: {
    toxicological_class: 'Categoria 5 – Produto Improvável de Causar Dano Agudo',
    environmental_class: null,
    is_corrosive: null,
    is_flammable: false,
  },
  package: null,
  instructions: { date: null, leaflet_link: null },
  targets: [{ scientific_name: 'Phakopsora pachyrhizi', common_names: ['Ferrugem da soja', '-'] }],
  doses_per_target: [
    {
      crop_id: 1,
      target_id: 1,
      target_code: 'FER',
      target_message_key: 'disease.asian_rust',
      has_register: true,
      doses_min: 0.4,
      doses_max: 0.5,
      doses_unit: 'L',
      safety_interval_days: 30,
    },
    {
      crop_id: 1,
      target_id: 7,
      target_code: 'MEL',
      target_message_key: 'disease.aerial_web_blight',
      has_register: false,
      doses_min: 999999,
      doses_max: 999999,
      doses_unit: null,
      safety_interval_days: null,
    },
    {
      crop_id: 1,
      target_id: 2,
      target_code: 'ANT',
      target_message_key: 'disease.anthracnose',
      has_register: null,
      doses_min: null,
      doses_max: null,
      doses_unit: null,
      safety_interval_days: null,
    },
  ],
  efficacies: [
    {
      country_id: 1,
      disease_id: 1,
      disease_message_key: 'disease.asian_rust',
      efficacy: 80,
      tag: 'A',
      source_id: 'assumption',
      note: null,
      not_counted_reason: null,
    },
    {
      country_id: 1,
      disease_id: 3,
      disease_message_key: 'disease.target_spot',
      efficacy: 62,
      tag: 'S',
      source_id: 'embrapa-2024',
      note: 'two_sprays',
      not_counted_reason: null,
    },
    {
      // Anthracnose: a value in the data set, its registration not informed (has_register null).
      country_id: 1,
      disease_id: 2,
      disease_message_key: 'disease.anthracnose',
      efficacy: 60,
      tag: 'S',
      source_id: 'embrapa-2024',
      note: null,
      not_counted_reason: 'registration_not_informed',
    },
  ],
  source_id: 'agrofit',
};

const VARIETY: VarietyItem = {
  id: 7,
  seed_id: 7,
  category: 'variety',
  origem: 'catalogue',
  name: 'BRS 1003IPRO',
  countries: [1],
  asset_owner: 'Embrapa',
  crop_id: 1,
  relative_maturity: 6.3,
  growth_habit: 'indeterminate',
  cycle_class: null,
  genetically_modified_organism: true,
  informado_por: null,
};

const VARIETY_DETAIL: VarietyDetail = {
  ...VARIETY,
  min_cycle: 115,
  max_cycle: 125,
  rust_tolerant: null,
  min_population: 240,
  max_population: 300,
  start_sowing: { day: 1, month: 10 },
  end_sowing: { day: 30, month: 11 },
  region_states: null,
  registration_number: null,
  diseases: [{ target: 'Phytophthora sojae', resistance_plant: 'MR' }],
  source_id: 'embrapa',
};

const FILTERS = {
  sort_select: ['name_asc', 'name_desc', 'company_asc', 'company_desc'].map((value) => ({
    value,
    message_key: `catalog.sort.${value}`,
  })),
  extra_filter: {
    company: ['Bayer S.A.', 'Syngenta'],
    target: ['Phakopsora pachyrhizi'],
    chemical_group: ['estrobilurina'],
    active_ingredient: ['Bixafem', 'Protioconazol'],
  },
};

type ListAnswer = (url: URL) => Response | { total: number; list: unknown[] };

function catalogueHandlers(
  options: {
    list?: ListAnswer;
    detail?: (category: string, id: string) => Response;
    level?: number;
    /** The variety filters' maturity slider, as the API answers it for the account's country. */
    gmr?: { min: number; max: number; step: number };
  } = {},
) {
  const list: ListAnswer =
    options.list ??
    ((url) =>
      url.searchParams.get('category') === 'variety'
        ? { total: 1, list: [VARIETY] }
        : { total: 2, list: [FOX, ORKESTRA] });
  return sessionHandlers(
    { user: sessionUser({ level: options.level ?? 4 }) },
    http.get('/api/catalogs/:category/filters', ({ params }) =>
      HttpResponse.json(
        params.category === 'variety'
          ? {
              sort_select: [],
              extra_filter: {
                company: ['Embrapa'],
                crop: [1, 2],
                target: [],
                resistant_to: [],
                ...(options.gmr ? { gmr: options.gmr } : {}),
              },
            }
          : FILTERS,
      ),
    ),
    http.get('/api/catalogs/:category/:id', ({ params }) =>
      options.detail
        ? options.detail(String(params.category), String(params.id))
        : HttpResponse.json(params.category === 'variety' ? VARIETY_DETAIL : FOX_DETAIL),
    ),
    http.get('/api/catalogs', ({ request }) => {
      const answer = list(new URL(request.url));
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
}

const listCalls = (seen: SeenRequest[]) =>
  seen
    .filter((request) => request.path === '/api/catalogs')
    .map((request) => request.url.searchParams);

async function openCatalog(path = '/catalog?category=fungicide', language: Language = 'pt') {
  signIn();
  await changeLanguage(language);
  const rendered = renderArea(path);
  await screen.findByTestId('catalog-page');
  return rendered;
}

/** The current soybean season of Brazil, the one a variety is added for. */
const seasonCropsHandler = http.get('/api/season-crops', () =>
  HttpResponse.json([
    {
      id: 11,
      season_id: 3,
      season_name: '2026/2027',
      crop_id: 1,
      country_id: 1,
      start_period: '2026-08-01',
      end_period: '2027-05-31',
      season_active: true,
      status: 'current',
      message_key: 'season.2026_2027',
    },
  ]),
);

describe('the catalogue list', () => {
  const missingKeys = trackMissingKeys();

  it.each([
    ['pt', 'Catálogo de produtos', '2 produtos', 'Grupo químico', 'Não informado'],
    ['en', 'Product catalogue', '2 products', 'Chemical group', 'Not informed'],
    ['es', 'Catálogo de productos', '2 productos', 'Grupo químico', 'No informado'],
  ] as const)('shows the products in %s', async (language, title, count, column, notInformed) => {
    screenWidth(1366);
    serve(...catalogueHandlers());
    await openCatalog('/catalog?category=fungicide', language);
    const list = await screen.findByTestId('catalog-list');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByTestId('catalog-total').textContent).toBe(count);
    expect(within(list).getByRole('columnheader', { name: column })).toBeTruthy();
    const rows = within(list).getAllByTestId('catalog-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Fox Xpro');
    expect(rows[0]!.textContent).toContain('Bixafem 125 g/L');
    // Orkestra's missing company, group and formulation say so, never blank.
    expect(within(rows[1]!).getAllByText(notInformed)).toHaveLength(3);
    expectNoRawKeys(screen.getByTestId('catalog-page'));
    expect(missingKeys).toEqual([]);
  });

  it('shows cards on a phone', async () => {
    screenWidth(390);
    serve(...catalogueHandlers());
    await openCatalog();
    const cards = await screen.findAllByTestId('catalog-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('Fox Xpro');
    expect(screen.queryByRole('table')).toBeNull();
    expect(missingKeys).toEqual([]);
  });

  it('asks the API for the category, a page of 50 from page 1, and the chosen filter', async () => {
    screenWidth(1366);
    const seen = recordRequests();
    serve(...catalogueHandlers());
    const { router } = await openCatalog();
    await screen.findByTestId('catalog-list');
    const first = listCalls(seen)[0]!;
    expect(first.get('category')).toBe('fungicide');
    expect(first.get('limit')).toBe('50');
    expect(first.get('offset')).toBe('1');
    expect(first.has('company')).toBe(false);

    const company = screen.getByRole('combobox', { name: 'Empresa' });
    fireEvent.mouseDown(company);
    fireEvent.keyDown(company, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Syngenta' }));
    await waitFor(() => expect(listCalls(seen).at(-1)!.get('company')).toBe('Syngenta'));
    expect(listCalls(seen).at(-1)!.get('offset')).toBe('1');
    expect(router.state.location.search).toContain('company=Syngenta');
  });

  it('searches once typing pauses', async () => {
    screenWidth(1366);
    const seen = recordRequests();
    serve(...catalogueHandlers());
    await openCatalog();
    await screen.findByTestId('catalog-list');
    const box = screen.getByTestId('catalog-search');
    fireEvent.change(box, { target: { value: 'f' } });
    fireEvent.change(box, { target: { value: 'fox' } });
    await waitFor(() => expect(listCalls(seen).at(-1)!.get('search')).toBe('fox'));
    // One request for the paused text, none for the keystrokes before it.
    expect(listCalls(seen).filter((params) => params.has('search'))).toHaveLength(1);
  });

  it('pages by page number', async () => {
    screenWidth(1366);
    const seen = recordRequests();
    serve(
      ...catalogueHandlers({
        list: (url) => ({
          total: 120,
          list: [
            pesticide(
              Number(url.searchParams.get('offset')) * 100,
              `Page ${url.searchParams.get('offset')}`,
            ),
          ],
        }),
      }),
    );
    await openCatalog();
    await screen.findByText('Page 1');
    expect(screen.getByTestId('catalog-range').textContent).toBe('Mostrando 1–50 de 120');
    const pagination = screen.getByTestId('catalog-pagination');
    fireEvent.click(within(pagination).getByRole('button', { name: /2/ }));
    await screen.findByText('Page 2');
    expect(listCalls(seen).at(-1)!.get('offset')).toBe('2');
    expect(screen.getByTestId('catalog-range').textContent).toBe('Mostrando 51–100 de 120');
    fireEvent.click(within(pagination).getByRole('button', { name: /3/ }));
    await screen.findByText('Page 3');
    expect(screen.getByTestId('catalog-range').textContent).toBe('Mostrando 101–120 de 120');
  });

  it('says when nothing matches and clears the filters', async () => {
    screenWidth(1366);
    const seen = recordRequests();
    serve(
      ...catalogueHandlers({
        list: (url) =>
          url.searchParams.has('search')
            ? { total: 0, list: [] }
            : { total: 2, list: [FOX, ORKESTRA] },
      }),
    );
    const { router } = await openCatalog('/catalog?category=fungicide&search=zzz&company=Syngenta');
    const empty = await screen.findByTestId('catalog-empty');
    expect(empty.textContent).toContain('Nenhum produto encontrado');
    fireEvent.click(within(empty).getByRole('button', { name: 'Limpar filtros' }));
    await screen.findByTestId('catalog-list');
    expect(router.state.location.search).toBe('?category=fungicide');
    const last = listCalls(seen).at(-1)!;
    expect(last.has('search')).toBe(false);
    expect(last.has('company')).toBe(false);
    expect(missingKeys).toEqual([]);
  });

  it('shows a failure with a retry', async () => {
    screenWidth(1366);
    let fail = true;
    serve(
      ...catalogueHandlers({
        list: () =>
          fail ? apiError(500, 'exception.unexpected_error') : { total: 2, list: [FOX, ORKESTRA] },
      }),
    );
    await openCatalog('/catalog?category=fungicide', 'en');
    const error = await screen.findByTestId('catalog-error');
    expect(within(error).getByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('catalog-list');
    expect(screen.queryByTestId('catalog-error')).toBeNull();
  });

  it('switches to varieties through the tabs', async () => {
    screenWidth(1366);
    const seen = recordRequests();
    serve(...catalogueHandlers());
    const { router } = await openCatalog('/catalog?category=fungicide&company=Syngenta', 'es');
    await screen.findByTestId('catalog-list');
    fireEvent.click(screen.getByRole('tab', { name: 'Variedades' }));
    const row = await screen.findByText('BRS 1003IPRO');
    expect(router.state.location.search).toBe('?category=variety');
    expect(listCalls(seen).at(-1)!.get('category')).toBe('variety');
    expect(row.closest('tr')!.textContent).toContain('Indeterminado');
    expect(screen.getByTestId('catalog-total').textContent).toBe('1 variedad');
    expect(missingKeys).toEqual([]);
  });

  it('runs the maturity slider over the US groups on an Iowa farm, and filters on them', async () => {
    screenWidth(1366);
    const seen = recordRequests();
    serve(
      http.get('/api/farms', () =>
        HttpResponse.json([farm({ id: 1, nome: 'Ames', pais: { id: 3, nome: 'USA' } as never })]),
      ),
      ...catalogueHandlers({ gmr: { min: 0, max: 10, step: 0.1 } }),
    );
    await openCatalog('/catalog?category=variety&crop=1&gmr_min=2.5&gmr_max=3.5', 'en');
    // The slider is asked for the farm's country.
    await waitFor(() =>
      expect(
        seen
          .filter((request) => request.path === '/api/catalogs/variety/filters')
          .map((request) => request.url.searchParams.get('country')),
      ).toContain('3'),
    );
    await screen.findByTestId('catalog-list');
    const slider = await screen.findByTestId('catalog-filter-gmr');
    // Groups 2.5 to 3.5 (central Iowa), which the spec's 6.0 to 9.8 could not reach.
    await waitFor(() => expect(slider.textContent).toContain('Maturity group 2.5 to 3.5'));
    const low = within(slider).getByRole('slider', { name: 'Earliest maturity group' });
    expect(low.getAttribute('min')).toBe('0');
    expect(low.getAttribute('max')).toBe('10');
    const sent = listCalls(seen).at(-1)!;
    expect([sent.get('gmr_min'), sent.get('gmr_max')]).toEqual(['2.5', '3.5']);
    expect(missingKeys).toEqual([]);
  });
});

describe('the catalogue item detail', () => {
  const missingKeys = trackMissingKeys();

  it('shows registrations, "not registered", "not informed" and the efficacy bases', async () => {
    screenWidth(1366);
    serve(...catalogueHandlers());
    const { router } = await openCatalog();
    const list = await screen.findByTestId('catalog-list');
    fireEvent.click(within(list).getByRole('button', { name: 'Fox Xpro' }));
    const detail = await screen.findByTestId('catalog-detail');
    await within(detail).findByTestId('catalog-registrations');
    expect(router.state.location.search).toContain('item=841');

    const rows = within(detail).getAllByTestId('registration-row');
    expect(rows[0]!.textContent).toContain('Ferrugem-asiática');
    expect(within(rows[0]!).getByTestId('registration-dose').textContent).toBe(
      '0,4 a 0,5 L/ha · carência de 30 dias',
    );
    // 999999 is "no registration", null is "not informed".
    expect(within(rows[1]!).getByTestId('registration-dose').textContent).toBe('Sem registro');
    expect(within(rows[2]!).getByTestId('registration-dose').textContent).toBe('Não informado');
    expect(within(detail).getByTestId('detail-corrosive').textContent).toBe('Não informado');
    expect(within(detail).getByTestId('detail-leaflet').textContent).toBe('Não informado');

    const efficacies = within(detail).getAllByTestId('efficacy-row');
    expect(efficacies[0]!.textContent).toContain('80%');
    expect(within(efficacies[0]!).getByTestId('efficacy-tag-A').textContent).toBe('A · Suposição');
    expect(within(efficacies[0]!).getByTestId('efficacy-source').textContent).toBe(
      'Fonte: suposição (sem fonte)',
    );
    expect(efficacies[1]!.textContent).toContain('Observação: duas aplicações');
    expect(within(efficacies[1]!).getByTestId('efficacy-tag-S').textContent).toBe('S · Fonte');
    expect(within(detail).getByTestId('tag-legend').textContent).toContain('Uma suposição');
    expectNoRawKeys(detail);
    expect(missingKeys).toEqual([]);

    fireEvent.click(within(detail).getByTestId('catalog-detail-close'));
    await waitFor(() => expect(screen.queryByTestId('catalog-detail')).toBeNull());
    expect(router.state.location.search).not.toContain('item=');
  });

  it('shows an efficacy the spray programs do not count as "not counted", with the reason', async () => {
    screenWidth(1366);
    serve(...catalogueHandlers());
    await openCatalog('/catalog?category=fungicide&item=841');
    const detail = await screen.findByTestId('catalog-detail');
    const efficacies = await within(detail).findAllByTestId('efficacy-row');
    expect(efficacies[0]!.textContent).toContain('80%');
    // What the spray programs use: no percentage where the registration is not informed.
    expect(within(efficacies[0]!).queryByTestId('efficacy-not-counted')).toBeNull();
    const notCounted = within(efficacies[2]!).getByTestId('efficacy-not-counted');
    expect(efficacies[2]!.textContent).not.toMatch(/^.*Antracnose\s*60%/);
    expect(notCounted.textContent).toBe(
      'Não conta' +
        'Registro para este alvo não informado: os programas não contam esta eficácia (60% no conjunto de dados).',
    );
    expect(notCounted.getAttribute('data-reason')).toBe('registration_not_informed');
    expectNoRawKeys(detail);
    expect(missingKeys).toEqual([]);
  });

  // The data set's Portuguese (AGROFIT's formulation and chemical group, the efficacy's note and
  // source) reads in the page's language.
  it.each([
    [
      'en',
      'Not registered',
      'A · Assumption',
      'Not informed',
      'Not counted',
      ['Source: an assumption (no source)', 'Note: two sprays'],
      [
        'SC - Suspension concentrate',
        'carboxamide + strobilurin',
        'Fungicide',
        'Category 5 – Product unlikely to cause acute harm',
      ],
    ],
    [
      'es',
      'Sin registro',
      'A · Suposición',
      'No informado',
      'No cuenta',
      ['Fuente: supuesto (sin fuente)', 'Observación: dos aplicaciones'],
      [
        'SC - Suspensión concentrada',
        'carboxamida + estrobilurina',
        'Categoría 5 – Producto improbable de causar daño agudo',
      ],
    ],
  ] as const)(
    'reads in %s',
    async (language, notRegistered, assumption, notInformed, notCounted, efficacy, general) => {
      screenWidth(390);
      serve(...catalogueHandlers());
      await openCatalog('/catalog?category=fungicide&item=841', language);
      const detail = await screen.findByTestId('catalog-detail');
      const doses = await within(detail).findAllByTestId('registration-dose');
      // The product's unit per hectare, per acre in English (0.4 L/ha is 0.162 L/ac).
      expect(doses.map((dose) => dose.textContent)).toEqual([
        expect.stringContaining(language === 'en' ? '0.162 to 0.202 L/ac' : 'L/ha'),
        notRegistered,
        notInformed,
      ]);
      expect(within(detail).getByTestId('efficacy-tag-A').textContent).toBe(assumption);
      expect(within(detail).getByTestId('efficacy-not-counted').textContent).toContain(notCounted);
      const efficacies = within(detail).getAllByTestId('efficacy-row');
      expect(within(efficacies[0]!).getByTestId('efficacy-source').textContent).toBe(efficacy[0]);
      expect(efficacies[1]!.textContent).toContain(efficacy[1]);
      for (const fact of general) expect(detail.textContent).toContain(fact);
      expect(detail.textContent).not.toContain('Suspensão');
      expectNoRawKeys(detail);
      expect(missingKeys).toEqual([]);
    },
  );

  it('shows a variety, its missing facts as not informed', async () => {
    screenWidth(1366);
    serve(...catalogueHandlers());
    await openCatalog('/catalog?category=variety&item=7', 'en');
    const detail = await screen.findByTestId('catalog-detail');
    const general = await within(detail).findByTestId('detail-general');
    expect(general.textContent).toContain('115 to 125 days');
    expect(general.textContent).toContain('Oct 1 to Nov 30');
    expect(within(detail).getByTestId('detail-gmr').textContent).toBe('6.3');
    expect(general.textContent).toContain('Not informed');
    expect(detail.textContent).toContain('MR · Moderately resistant');
    expectNoRawKeys(detail);
    expect(missingKeys).toEqual([]);
  });

  it('adds a variety to the current farm for its season and removes it again', async () => {
    screenWidth(1366);
    const farmVarieties: { id: number; seed_id: number }[] = [];
    const posted: unknown[] = [];
    const seen = recordRequests();
    serve(
      http.get('/api/farms', () => HttpResponse.json([farm({ id: 1, nome: 'Fazenda Boa Vista' })])),
      seasonCropsHandler,
      http.get('/api/cultivares', () =>
        HttpResponse.json(
          farmVarieties.map((row) => ({
            ...row,
            farm_id: 1,
            season_crop_id: 11,
            name: VARIETY.name,
            asset_owner: VARIETY.asset_owner,
            crop_id: 1,
            relative_maturity: 6.3,
            growth_habit: 'indeterminate',
            genetically_modified_organism: true,
          })),
        ),
      ),
      http.post('/api/cultivares', async ({ request }) => {
        const body = (await request.json()) as { seed_id: number };
        posted.push(body);
        farmVarieties.push({ id: 501, seed_id: body.seed_id });
        return HttpResponse.json(
          {
            id: 501,
            seed_id: body.seed_id,
            farm_id: 1,
            season_crop_id: 11,
            name: VARIETY.name,
            asset_owner: VARIETY.asset_owner,
            crop_id: 1,
            relative_maturity: 6.3,
            growth_habit: 'indeterminate',
            genetically_modified_organism: true,
          },
          { status: 201 },
        );
      }),
      http.delete('/api/cultivares/:id/fazenda/:farmId', () => {
        farmVarieties.length = 0;
        return new HttpResponse(null, { status: 204 });
      }),
      ...catalogueHandlers(),
    );
    await openCatalog('/catalog?category=variety&item=7', 'pt');
    const onFarm = await screen.findByTestId('variety-on-farm');
    expect(onFarm.textContent).toContain('Ainda não está na Fazenda Boa Vista (safra 2026/2027)');
    fireEvent.click(within(onFarm).getByTestId('variety-on-farm-add'));
    await within(onFarm).findByTestId('variety-on-farm-added');
    expect(posted).toEqual([{ fazenda_id: 1, season_crop_id: 11, seed_id: 7 }]);
    fireEvent.click(within(onFarm).getByTestId('variety-on-farm-remove'));
    await waitFor(() => expect(within(onFarm).queryByTestId('variety-on-farm-added')).toBeNull());
    expect(
      seen.some(
        (request) =>
          request.method === 'DELETE' && request.path === '/api/cultivares/501/fazenda/1',
      ),
    ).toBe(true);
    expect(missingKeys).toEqual([]);
  });

  it('offers no farm action on a plan without farm varieties', async () => {
    screenWidth(1366);
    serve(
      http.get('/api/farms', () => HttpResponse.json([farm({ id: 1, nome: 'Fazenda Boa Vista' })])),
      seasonCropsHandler,
      http.get('/api/cultivares', () => HttpResponse.json([])),
      ...catalogueHandlers({ level: 1 }),
    );
    await openCatalog('/catalog?category=variety&item=7', 'pt');
    const detail = await screen.findByTestId('catalog-detail');
    await within(detail).findByTestId('detail-general');
    expect(within(detail).queryByTestId('variety-on-farm')).toBeNull();
  });

  it('tells a Freemium account at its daily limit, with a way to the plans', async () => {
    screenWidth(1366);
    serve(
      ...catalogueHandlers({
        level: 0,
        detail: () => apiError(403, 'exception.freemium.limit_exceeded'),
      }),
    );
    const { router } = await openCatalog();
    const list = await screen.findByTestId('catalog-list');
    fireEvent.click(within(list).getByRole('button', { name: 'Fox Xpro' }));
    const limit = await screen.findByTestId('catalog-freemium-limit');
    expect(limit.textContent).toContain('As consultas gratuitas de hoje acabaram');
    expect(limit.textContent).toContain('Você usou as consultas gratuitas de hoje');
    const link = within(limit).getByRole('link', { name: 'Ver os planos' });
    expect(link.getAttribute('href')).toBe('/plans');
    expect(missingKeys).toEqual([]);
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
  });
});

describe('the account’s own products (issue 28 item 5)', () => {
  it('enters a product in English, its dose typed per acre and sent per hectare, then labels it', async () => {
    screenWidth(1366);
    const posted: Record<string, unknown>[] = [];
    serve(
      http.get('/api/farms', () =>
        HttpResponse.json([farm({ id: 1, nome: 'Ames', pais: { id: 3, nome: 'USA' } as never })]),
      ),
      http.post('/api/account-products', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(
          {
            id: 9001,
            origem: 'account',
            nome: body.nome,
            crop_id: 1,
            country_id: 3,
            formulacao: 'SC',
            unidade: 'L',
            ativos: [{ nome: 'azoxystrobin', concentracao: 250, unidade: 'g/L' }],
            doses: [{ doenca_id: 1, dose_min: 0.4, dose_max: 0.4, unidade: 'L' }],
            intervalo_seguranca_dias: 14,
            registro: null,
            informado_por: { nome: 'Ana', data: '2026-11-28T12:00:00.000Z' },
          },
          { status: 201 },
        );
      }),
      ...catalogueHandlers({
        list: () => ({
          total: 1,
          list: [
            pesticide(9001, 'Quadris Farm Mix', {
              informado_por: { nome: 'Ana', data: '2026-11-28T12:00:00.000Z' },
            }),
          ],
        }),
      }),
    );
    await openCatalog('/catalog?category=fungicide', 'en');
    // The list labels the account's own row with who entered it and when.
    expect((await screen.findByTestId('informed-by')).textContent).toBe(
      'Informed by Ana on 11/28/26',
    );
    fireEvent.click(screen.getByTestId('account-product-add'));
    const dialog = await screen.findByTestId('account-product-dialog');
    // Nothing typed: the name is required, and nothing is sent.
    fireEvent.click(within(dialog).getByTestId('account-product-dialog-save'));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('account-product-name'), {
      target: { value: 'Quadris Farm Mix' },
    });
    fireEvent.change(within(dialog).getByTestId('account-product-active-0'), {
      target: { value: 'azoxystrobin' },
    });
    fireEvent.mouseDown(within(dialog).getByTestId('account-product-dose-disease-0'));
    fireEvent.click(await screen.findByRole('option', { name: 'Asian rust' }));
    // 0.162 L/ac is 0.4 L/ha.
    expect(within(dialog).getByLabelText('Lowest dose (L/ac)')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('account-product-dose-min-0'), {
      target: { value: '0.162' },
    });
    fireEvent.click(within(dialog).getByTestId('account-product-dialog-save'));
    await screen.findByTestId('account-entry-saved');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      nome: 'Quadris Farm Mix',
      crop_id: 1,
      country_id: 3,
      formulacao: 'SC',
      ativos: [{ nome: 'azoxystrobin', concentracao: null }],
      doses: [{ doenca_id: 1, unidade: 'L' }],
    });
    const dose = (posted[0]!.doses as { dose_min: number; dose_max: number }[])[0]!;
    expect(dose.dose_min).toBeCloseTo(0.4, 2);
    expect(dose.dose_max).toBeCloseTo(0.4, 2);
    expect(screen.getByTestId('account-entry-saved').textContent).toContain(
      'Product Quadris Farm Mix entered for the account.',
    );
  });
});
