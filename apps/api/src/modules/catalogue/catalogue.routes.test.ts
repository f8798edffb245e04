import { CATALOGUE_PAGE_SIZE, DISEASES, FREEMIUM_PLAN_ID, searchableText } from '@lavoura/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The catalogue over the bundled data set, as the start seeds it (issue 11, items 1, 3 and 4). */

let app: TestApp;
let token: string;

interface Item {
  id: number;
  pesticide: string;
  asset_owner: string | null;
  crops: number[];
  country: number;
  activeIngredients: { active_ingredient: string }[];
  chemical_group: string | null;
}
interface Page {
  total: number;
  list: Item[];
}

/** Varieties with the facts the bundled sources lack (maturity, sowing window, reactions). */
const TEST_VARIETIES = [
  {
    name: 'Teste Precoce',
    gmr: 6.5,
    startSowing: 1001,
    endSowing: 1130,
    reactions: [{ target: 'Phytophthora sojae', reaction: 'R' }],
  },
  {
    name: 'Teste Tardia',
    gmr: 8,
    startSowing: 1215,
    endSowing: 131,
    reactions: [{ target: 'Phytophthora sojae', reaction: 'S' }],
  },
  { name: 'Teste Sem Dados', gmr: null, startSowing: null, endSowing: null, reactions: [] },
];

beforeAll(async () => {
  app = await createTestApp();
  token = (await accountWith(app, ['CONTA'])).members.CONTA!.token;
  await app.db.insert(t.varieties).values(
    TEST_VARIETIES.map((variety) => ({
      ...variety,
      key: `test:${variety.name.replace(/ /g, '-')}`,
      cropId: 1,
      countryIds: [1],
      company: 'Sementes Teste',
      searchText: searchableText(`${variety.name} Sementes Teste`),
      targetKeys: variety.reactions.map((reaction) => searchableText(reaction.target)),
      sourceId: 'test',
      listed: true,
    })),
  );
});
afterAll(() => app.close());

const get = (url: string, as = token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(as) });
const page = async (query: string): Promise<Page> => {
  const answer = await get(`/api/catalogs?version=v2&${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const idOf = async (name: string) => {
  const [row] = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(and(eq(t.pesticides.name, name), eq(t.pesticides.countryId, 1)));
  return row!.id;
};

describe('the bundled data set', () => {
  it('holds at least 150 products and 150 varieties, and every fungicide AGRONOMY names', async () => {
    const [pesticides] = await app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(t.pesticides);
    const [varieties] = await app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(t.varieties);
    expect(pesticides!.n).toBeGreaterThanOrEqual(150);
    expect(varieties!.n).toBeGreaterThanOrEqual(150);
    const names = [
      'Fox Xpro',
      'Ativum',
      'Elatus',
      'Vessarya',
      'Orkestra SC',
      'Fox',
      'Aproach Prima',
      'Priori Xtra',
      'Sphere Max',
      'Unizeb Gold',
      'Bravonil 720',
      'Frowncide 500 SC',
      'Folicur 200 EC',
      'Caramba 90',
      'Prosaro',
      'Opera Ultra',
      'Nativo',
      'Tilt',
    ];
    const found = await app.db
      .select({ name: t.pesticides.name })
      .from(t.pesticides)
      .where(
        and(inArray(t.pesticides.name, names), sql`'fungicide' = any(${t.pesticides.categories})`),
      );
    expect(new Set(found.map((row) => row.name))).toEqual(new Set(names));
  });
});

describe('GET /api/catalogs', () => {
  it('pages fungicides 50 at a time from page 1, without repeats, to a short last page', async () => {
    const first = await page('category=fungicide');
    expect(first.list).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(2 * CATALOGUE_PAGE_SIZE);
    const second = await page('category=fungicide&offset=2');
    const firstIds = new Set(first.list.map((item) => item.id));
    expect(second.list.some((item) => firstIds.has(item.id))).toBe(false);
    const last = Math.ceil(first.total / CATALOGUE_PAGE_SIZE);
    const tail = await page(`category=fungicide&offset=${last}`);
    expect(tail.list).toHaveLength(first.total - (last - 1) * CATALOGUE_PAGE_SIZE);
    const beyond = await page(`category=fungicide&offset=${last + 1}`);
    expect(beyond).toEqual({ total: first.total, list: [] });
    expect((await page('category=fungicide&limit=7')).list).toHaveLength(7);
  });

  it('finds a product by any spelling of an active, with or without accents and case', async () => {
    const plain = await page('category=fungicide&search=piraclostrobina&limit=50');
    const accented = await page(
      `category=fungicide&search=${encodeURIComponent('PIRACLOSTRÓBINA')}`,
    );
    expect(plain.total).toBeGreaterThan(5);
    expect(accented.total).toBe(plain.total);
    for (const item of plain.list)
      expect(item.activeIngredients.map((a) => searchableText(a.active_ingredient))).toContain(
        'piraclostrobina',
      );
    const byName = await page(`category=fungicide&search=${encodeURIComponent('fox xpro')}`);
    expect(byName.list.map((item) => item.pesticide)).toContain('Fox Xpro');
  });

  it('filters by company, chemical group, active, target, crop and country', async () => {
    const filters = (await get('/api/catalogs/fungicide/filters')).json();
    const company = filters.extra_filter.company.find((name: string) => name.startsWith('Bayer'));
    const byCompany = await page(`category=fungicide&company=${encodeURIComponent(company)}`);
    expect(byCompany.total).toBeGreaterThan(0);
    expect(byCompany.list.every((item) => item.asset_owner === company)).toBe(true);

    const byGroup = await page('category=fungicide&chemical_group=estrobilurina');
    expect(byGroup.list.every((item) => item.chemical_group?.includes('estrobilurina'))).toBe(true);

    const byActive = await page('category=fungicide&active_ingredient=fluazinam');
    expect(byActive.total).toBeGreaterThan(0);
    expect(byActive.list.map((item) => item.pesticide)).toContain('Frowncide 500 SC');

    const target = `category=fungicide&target=${encodeURIComponent('phakopsora PACHYRHIZI')}`;
    const rust = await page(`${target}&search=elatus`);
    expect(rust.list.map((item) => item.pesticide)).toContain('Elatus');
    expect((await page(`${target}&search=tilt`)).list.map((item) => item.pesticide)).not.toContain(
      'Tilt',
    );

    const wheat = await page('category=fungicide&crop=2');
    expect(wheat.total).toBeGreaterThan(0);
    expect(wheat.list.every((item) => item.crops.includes(2))).toBe(true);
    const everywhere = await page('category=fungicide');
    expect(wheat.total).toBeLessThan(everywhere.total);

    const us = await page('category=fungicide&country=3');
    expect(us.list.map((item) => item.pesticide).sort()).toEqual([
      'Caramba',
      'Folicur',
      'Miravis Ace',
      'Prosaro',
      'Sphaerex',
      'Tilt',
    ]);
  });

  it('sorts by name and company both ways', async () => {
    const names = (await page('category=herbicide&sort=name_asc')).list.map((item) =>
      item.pesticide.toLowerCase(),
    );
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const reversed = (await page('category=herbicide&sort=name_desc')).list.map((item) =>
      item.pesticide.toLowerCase(),
    );
    expect(reversed).toEqual([...reversed].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const companies = (await page('category=nematicide&sort=company_desc')).list
      .map((item) => item.asset_owner?.toLowerCase())
      .filter(Boolean) as string[];
    expect(companies).toEqual([...companies].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('lists varieties by crop, search and company', async () => {
    const soybean = await page('category=variety&crop=1');
    const wheat = await page('category=variety&crop=2');
    expect(soybean.total).toBeGreaterThan(150);
    expect(wheat.total).toBeGreaterThan(0);
    const search = (await get('/api/catalogs?category=variety&search=brs')).json() as {
      list: { name: string }[];
    };
    expect(search.list.length).toBeGreaterThan(0);
    expect(search.list.every((item) => searchableText(item.name).includes('brs'))).toBe(true);
    const gmr = await get('/api/catalogs?category=variety&sort=gmr_desc');
    expect(gmr.statusCode).toBe(200);
  });

  it('finds bundled varieties as growers write them, and by the maturity the sources give', async () => {
    const list = async (query: string) =>
      (await get(`/api/catalogs?category=variety&${query}`)).json() as {
        total: number;
        list: { name: string; asset_owner: string | null; relative_maturity: number | null }[];
      };
    const names = async (query: string) => (await list(query)).list.map((item) => item.name);
    // The trials write "BMX Olimpo IPRO"; costa-soy writes Monsoy's "M6410IPRO" without spaces.
    expect(await names('search=BMX%20Olimpo')).toEqual(['BMX Olimpo IPRO']);
    expect(await names('search=bmx%20olimpo&crop=1&country=1')).toEqual(['BMX Olimpo IPRO']);
    expect(await names('search=M%206410')).toEqual(['M6410IPRO']);
    expect(await names('search=BMX%20Zeus')).toEqual([]);
    // The maturity range finds bundled rows now: Brasmax's 8.0 among them.
    const late = await list('gmr_min=8&gmr_max=8&search=olimpo');
    expect(late.list).toMatchObject([
      { name: 'BMX Olimpo IPRO', asset_owner: 'Brasmax', relative_maturity: 8 },
    ]);
    const ranged = await list('gmr_min=7.5&gmr_max=7.6&crop=1');
    expect(ranged.total).toBeGreaterThan(20);
    expect(
      ranged.list.every(
        (item) =>
          item.relative_maturity !== null &&
          item.relative_maturity >= 7.5 &&
          item.relative_maturity <= 7.6,
      ),
    ).toBe(true);
    // US soybean cultivars (GRIN) for a US grower, with their maturity group.
    const us = await list('crop=1&country=3&search=williams%2082');
    expect(us.list).toMatchObject([{ name: 'Williams 82', relative_maturity: 3 }]);
    // Brazilian wheat (the FHB trials of delponte-wheat) for a Brazilian grower: names only.
    const toruk = await list('crop=2&country=1&search=toruk');
    expect(toruk.list).toMatchObject([
      { name: 'TBIO Toruk', asset_owner: null, relative_maturity: null },
    ]);
    expect(await names('crop=2&country=1&search=brs%20parrudo')).toEqual(['BRS Parrudo']);
    expect((await list('crop=2&country=1')).total).toBe(45);
    expect(await names('crop=2&country=3&search=toruk')).toEqual([]);
  });

  it('filters varieties by maturity range, sowing month and resistance, and sorts by maturity', async () => {
    const names = async (query: string) =>
      (
        (await get(`/api/catalogs?category=variety&company=Sementes%20Teste&${query}`)).json() as {
          list: { name: string }[];
        }
      ).list.map((item) => item.name);
    expect(await names('gmr_min=6&gmr_max=7')).toEqual(['Teste Precoce']);
    expect(await names('gmr_min=7.5')).toEqual(['Teste Tardia']);
    expect(await names('sort=gmr_desc')).toEqual([
      'Teste Tardia',
      'Teste Precoce',
      'Teste Sem Dados',
    ]);
    expect(await names('sort=gmr_asc')).toEqual([
      'Teste Precoce',
      'Teste Tardia',
      'Teste Sem Dados',
    ]);
    // A window across the new year (15 Dec to 31 Jan) sows in January and December.
    expect(await names('sowing_month=1')).toEqual(['Teste Tardia']);
    expect(await names('sowing_month=11')).toEqual(['Teste Precoce']);
    expect(await names('sowing_month=12')).toEqual(['Teste Tardia']);
    expect(await names('resistant_to=phytophthora%20SOJAE')).toEqual(['Teste Precoce']);
  });

  it.each([
    ['limit=51', 'querystring.limit'],
    ['offset=0', 'querystring.offset'],
    ['sort=gmr_asc&category=fungicide', 'querystring.sort'],
    ['company=No%20Such%20Company', 'querystring.company'],
    ['active_ingredient=unobtainium', 'querystring.active_ingredient'],
    ['category=fungicide&sowing_month=3', 'querystring.category'],
    ['gmr_min=9&gmr_max=7&category=variety', 'querystring.gmr_max'],
    ['colour=green', 'querystring'],
  ])('refuses %s with a field error, listing nothing', async (query, field) => {
    const answer = await get(`/api/catalogs?${query}`);
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.key).toBe('exception.validation_error');
    expect(
      body.context.additionalInfo.map((error: { field: string }) => error.field).join(' '),
    ).toContain(field);
    expect(body).not.toHaveProperty('list');
  });

  it('answers 401 without a session', async () => {
    expect((await app.app.inject({ method: 'GET', url: '/api/catalogs' })).statusCode).toBe(401);
  });
});

describe('GET /api/catalogs/{category}/filters', () => {
  it('offers the category’s sorts and choices; varieties add maturity and sowing month', async () => {
    const fungicide = (await get('/api/catalogs/fungicide/filters')).json();
    expect(fungicide.sort_select.map((sort: { value: string }) => sort.value)).toEqual([
      'name_asc',
      'name_desc',
      'company_asc',
      'company_desc',
    ]);
    expect(fungicide.extra_filter.chemical_group).toContain('estrobilurina');
    expect(fungicide.extra_filter).not.toHaveProperty('gmr');
    const variety = (await get('/api/catalogs/variety/filters')).json();
    expect(variety.sort_select.map((sort: { value: string }) => sort.value)).toContain('gmr_asc');
    // A Brazilian account: the spec's 6.0 to 9.8.
    expect(variety.extra_filter.gmr).toEqual({ min: 6, max: 9.8, step: 0.1 });
    expect((await get('/api/catalogs/insecticide/filters')).statusCode).toBe(400);
  });

  it('runs the maturity slider 0 to 10 for the USA, where the Corn Belt sows groups 1 to 3', async () => {
    const us = (await get('/api/catalogs/variety/filters?country=3')).json();
    expect(us.extra_filter.gmr).toEqual({ min: 0, max: 10, step: 0.1 });
    // And the list filters on such a range: Williams 82 is a group 3.
    const early = (
      await get(
        '/api/catalogs?category=variety&crop=1&country=3&gmr_min=2.5&gmr_max=3.5&search=williams',
      )
    ).json() as { list: { name: string; relative_maturity: number }[] };
    expect(early.list.map((item) => item.name)).toContain('Williams 82');
    expect(early.list.every((item) => item.relative_maturity >= 2.5)).toBe(true);
  });
});

describe('GET /api/catalogs/{category}/{id}', () => {
  it('shows a product’s registrations per disease and its efficacies with tag and source', async () => {
    const fox = (await get(`/api/catalogs/fungicide/${await idOf('Fox')}`)).json();
    expect(fox.registration_number).toBe('13509');
    const rust = fox.efficacies.find((e: { disease_id: number }) => e.disease_id === 1);
    expect(rust.tag).toBe('D');
    expect(rust.source_id).not.toBe('assumption');
    // Registered against rust (the label's soybean indications): the efficacy counts. Target
    // spot has an efficacy but Fox's soybean label does not name it: not counted, and says why.
    expect(rust.not_counted_reason).toBeNull();
    const reasonOf = (code: string) =>
      fox.efficacies.find(
        (e: { disease_id: number }) => e.disease_id === DISEASES.find((d) => d.code === code)!.id,
      )?.not_counted_reason;
    expect(reasonOf('MAL')).toBe('not_registered');
    expect(reasonOf('ANT')).toBeNull();
    expect(fox.pesticide_unit).toBe('L');
    const doses = new Map(
      fox.doses_per_target.map((dose: { target_code: string }) => [dose.target_code, dose]),
    );
    // The label's dose range per crop and target, in the product's unit (SC: litres).
    expect(doses.get('FER')).toMatchObject({
      has_register: true,
      doses_min: 0.4,
      doses_max: 0.5,
      doses_unit: 'L',
    });
    expect(doses.get('ANT')).toMatchObject({ has_register: true, doses_min: 0.3, doses_max: 0.4 });
    // AGROFIT registers Fox against no Diaporthe: the spec's 999999.
    expect(doses.get('DIA')).toMatchObject({
      has_register: false,
      doses_min: 999999,
      doses_max: 999999,
    });
    expect(doses.get('MBR')).toMatchObject({ has_register: false });

    // A label with a safety interval: Artea on soybean rust, 0.3 L/ha, 30 days before harvest.
    const artea = (await get(`/api/catalogs/fungicide/${await idOf('Artea')}`)).json();
    const arteaRust = artea.doses_per_target.find(
      (dose: { target_code: string }) => dose.target_code === 'FER',
    );
    expect(arteaRust).toMatchObject({ doses_min: 0.3, safety_interval_days: 30 });

    // A label sold under two names ("Bandolim/Pilarzinam"): Bandolim's white-mold dose is its.
    const bandolim = (await get(`/api/catalogs/fungicide/${await idOf('Bandolim')}`)).json();
    expect(
      bandolim.doses_per_target.find((dose: { target_code: string }) => dose.target_code === 'MBR'),
    ).toMatchObject({ has_register: true, doses_min: 0.75, doses_max: 1, doses_unit: 'L' });

    // A pathogen of other crops too, on a product the label data does not hold: not informed.
    const torino = (await get(`/api/catalogs/fungicide/${await idOf('Torino')}`)).json();
    const torinoMold = torino.doses_per_target.find(
      (dose: { target_code: string }) => dose.target_code === 'MBR',
    );
    expect(torinoMold).toMatchObject({ has_register: null, doses_min: null });

    const foxXpro = (await get(`/api/catalogs/fungicide/${await idOf('Fox Xpro')}`)).json();
    const assumed = foxXpro.efficacies.find((e: { disease_id: number }) => e.disease_id === 1);
    expect(assumed).toMatchObject({ tag: 'A', source_id: 'assumption' });
  });

  it('answers 404 for an id that is not an item of the category', async () => {
    const tilt = await idOf('Tilt');
    expect((await get(`/api/catalogs/herbicide/${tilt}`)).statusCode).toBe(404);
    expect((await get('/api/catalogs/fungicide/999999999')).statusCode).toBe(404);
  });
});

describe('the Freemium view limit', () => {
  it('spends a use per new item a day; reopening is free; the sixth new item is refused until midnight', async () => {
    app.clock.now = new Date('2026-11-23T15:00:00Z');
    const free = await accountWith(app, ['CONTA'], { planId: FREEMIUM_PLAN_ID });
    const freeToken = free.members.CONTA!.token;
    const items = (
      (await get('/api/catalogs?category=fungicide&limit=6', freeToken)).json() as Page
    ).list.map((item) => item.id);
    for (const id of items.slice(0, 5))
      expect((await get(`/api/catalogs/fungicide/${id}`, freeToken)).statusCode).toBe(200);
    expect((await get(`/api/catalogs/fungicide/${items[0]}`, freeToken)).statusCode).toBe(200);
    const usage = (await get('/api/freemium', freeToken)).json();
    expect(usage).toMatchObject({ limit: 5, used: 5 });

    const refused = await get(`/api/catalogs/fungicide/${items[5]}`, freeToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('exception.freemium.limit_exceeded');
    const views = await app.db
      .select()
      .from(t.catalogueViews)
      .where(eq(t.catalogueViews.accountId, free.accountId));
    expect(views).toHaveLength(5);

    app.clock.now = new Date('2026-11-24T03:00:00Z'); // midnight in São Paulo
    expect((await get(`/api/catalogs/fungicide/${items[5]}`, freeToken)).statusCode).toBe(200);
    expect((await get('/api/freemium', freeToken)).json()).toMatchObject({ used: 1 });
  });

  it('counts nothing for a paying plan', async () => {
    const id = await idOf('Elatus');
    for (let view = 0; view < 7; view += 1)
      expect((await get(`/api/catalogs/fungicide/${id}`)).statusCode).toBe(200);
    const [views] = await app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(t.catalogueViews)
      .where(sql`${t.catalogueViews.itemId} = ${id}`);
    expect(views!.n).toBe(0);
  });
});
