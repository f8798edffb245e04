import {
  COUNTRY_IDS,
  DISEASES,
  type CityAnswer,
  type SeasonCrop,
  type StateAnswer,
} from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as schema from '../../db/schema.ts';
import { seedReferenceData } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
}

describe('reference data, readable without a token', () => {
  it('lists soybean (1) and wheat (2) as the crops, corn excluded', async () => {
    const { status, body } = await get<{ id: number; message_key: string }[]>('/api/crops');
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: 1, code: 'soybean', message_key: 'crop.soybean' },
      { id: 2, code: 'wheat', message_key: 'crop.wheat' },
    ]);
  });

  it('gives every crop and country a previous, current and next season with the spec periods', async () => {
    const { body } = await get<SeasonCrop[]>('/api/season-crops');
    for (const countryId of Object.values(COUNTRY_IDS)) {
      for (const cropId of [1, 2]) {
        const seasons = body.filter((s) => s.country_id === countryId && s.crop_id === cropId);
        const current = seasons.filter((s) => s.status === 'current');
        expect(current).toHaveLength(1);
        expect(current[0]!.season_active).toBe(true);
        const startYear = Number(current[0]!.start_period.slice(0, 4));
        expect(seasons.find((s) => s.status === 'previous')?.start_period.slice(0, 4)).toBe(
          String(startYear - 1),
        );
        expect(seasons.some((s) => Number(s.start_period.slice(0, 4)) === startYear + 1)).toBe(
          true,
        );
      }
    }
    // Brazil and Paraguay on the spec's calendar; the USA on USDA NASS's windows (item 6).
    const periods = {
      spec: { 1: ['08-01', '05-31'], 2: ['01-01', '09-30'] },
      usa: { 1: ['03-01', '12-31'], 2: ['09-01', '08-31'] },
    } as const;
    for (const season of body) {
      const calendar = season.country_id === COUNTRY_IDS.usa ? periods.usa : periods.spec;
      const [start, end] = calendar[season.crop_id as 1 | 2];
      expect([season.start_period.slice(5), season.end_period.slice(5)]).toEqual([start, end]);
      expect(season.status === 'current').toBe(season.season_active);
    }
  });

  it('filters season-crops by country and crop, and refuses a bad filter', async () => {
    const { body } = await get<SeasonCrop[]>('/api/season-crops?country_id=3&crop_id=2');
    expect(body.length).toBeGreaterThan(0);
    // US winter wheat spans two years: sown in the fall, harvested the next summer.
    expect(
      body.every((s) => {
        const year = Number(s.start_period.slice(0, 4));
        return s.country_id === 3 && s.crop_id === 2 && s.season_name === `${year}/${year + 1}`;
      }),
    ).toBe(true);
    expect((await get('/api/season-crops?country_id=x')).status).toBe(400);
  });

  it('lists the diseases of a season-crop’s crop: 10 for soybean, 5 for wheat', async () => {
    const seasons = (await get<SeasonCrop[]>('/api/season-crops?country_id=1')).body;
    const soybean = seasons.find((s) => s.crop_id === 1)!;
    const wheat = seasons.find((s) => s.crop_id === 2)!;
    const soybeanDiseases = (
      await get<{ crop_id: number; code: string }[]>(`/api/diseases?seasonCrop=${soybean.id}`)
    ).body;
    const wheatDiseases = (
      await get<{ crop_id: number; code: string }[]>(`/api/diseases?seasonCrop=${wheat.id}`)
    ).body;
    expect(soybeanDiseases).toHaveLength(10);
    expect(wheatDiseases).toHaveLength(5);
    expect(soybeanDiseases.every((d) => d.crop_id === 1 && d.code)).toBe(true);
    expect(wheatDiseases.map((d) => d.code)).toEqual(
      DISEASES.filter((d) => d.crop_id === 2).map((d) => d.code),
    );
    const unknown = await get<{ key: string }>('/api/diseases?seasonCrop=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.key).toBe('exception.season_crop_not_found');
  });

  it.each([
    ['/api/seed-class', 3],
    ['/api/seeder-system', 7],
    ['/api/paused-climate-reasons', 5],
    ['/api/severity-levels', 5],
    ['/api/notification-types', 3],
    ['/api/notes-categories', 8],
    ['/api/job-titles', 14],
    ['/api/countries', 3],
  ])('%s answers its %i items, each with an id and a message key', async (url, count) => {
    const { status, body } = await get<{ id: number; message_key: string }[]>(url);
    expect(status).toBe(200);
    expect(body).toHaveLength(count);
    expect(
      body.every(
        (item) => Number.isInteger(item.id) && /^[a-z_]+\.[a-z_]+$/.test(item.message_key),
      ),
    ).toBe(true);
  });

  it('lists the profiles with the spec’s ids', async () => {
    const { body } = await get<{ id: number; uid: string }[]>('/api/profiles');
    const byUid = Object.fromEntries(body.map((p) => [p.uid, p.id]));
    expect(byUid).toMatchObject({
      CONTA: 2,
      FARM: 3,
      ASSISTENTE_TECNICO: 4,
      CON_REV: 14,
      PESQUISA: 15,
    });
    expect(body.map((p) => p.uid)).toEqual(
      expect.arrayContaining([
        'ADMIN',
        'FINANCEIRO',
        'COMERCIAL',
        'ADM_CORP',
        'VEND_CORP',
        'VEND_DGF',
        'TEC_DGF',
      ]),
    );
  });

  it('lists the plans by level: Freemium 0 (id 5), Light 1, Pro 2, Lavoura 3, Full 4', async () => {
    const { body } =
      await get<{ id: number; name: string; priority_level: number }[]>('/api/plans');
    expect(body.map((p) => [p.name, p.priority_level])).toEqual([
      ['Freemium', 0],
      ['Light', 1],
      ['Pro', 2],
      ['Lavoura', 3],
      ['Full', 4],
    ]);
    expect(body[0]!.id).toBe(5);
  });

  it('lists Brazil’s 27 federative units, each with its 2-digit IBGE code', async () => {
    const states = await get<StateAnswer[]>('/api/estados/1');
    expect(states.status).toBe(200);
    expect(states.body).toHaveLength(27);
    expect(states.body.every((s) => /^\d{2}$/.test(s.official_code ?? ''))).toBe(true);
    const byCode = Object.fromEntries(states.body.map((s) => [s.code, s]));
    expect(byCode.SP).toMatchObject({ name: 'São Paulo', official_code: '35' });
    expect(byCode.PR).toMatchObject({ name: 'Paraná', official_code: '41' });
    expect(byCode.MT).toMatchObject({ name: 'Mato Grosso', official_code: '51' });
    expect(states.body.map((s) => s.name)).toEqual(
      [...states.body.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    );
  });

  it('lists the municipalities of a UF by name, each with its 7-digit IBGE code', async () => {
    const states = (await get<StateAnswer[]>('/api/estados/1')).body;
    const parana = states.find((s) => s.code === 'PR')!;
    const cities = await get<CityAnswer[]>(`/api/municipios/${parana.id}`);
    expect(cities.status).toBe(200);
    expect(cities.body).toHaveLength(399);
    expect(cities.body.every((c) => c.state_id === parana.id && /^41\d{5}$/.test(c.code!))).toBe(
      true,
    );
    expect(cities.body.find((c) => c.name === 'Londrina')).toMatchObject({
      code: '4113700',
      latitude: expect.closeTo(-23.3, 1),
      longitude: expect.closeTo(-51.17, 1),
    });
    expect(cities.body.find((c) => c.name === 'Cascavel')?.code).toBe('4104808');
    const names = cities.body.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));

    const matoGrosso = states.find((s) => s.code === 'MT')!;
    const mt = (await get<CityAnswer[]>(`/api/municipios/${matoGrosso.id}`)).body;
    expect(mt.find((c) => c.name === 'Sorriso')?.code).toBe('5107925');
    const saoPaulo = states.find((s) => s.code === 'SP')!;
    const sp = (await get<CityAnswer[]>(`/api/municipios/${saoPaulo.id}`)).body;
    expect(sp).toHaveLength(645);
    expect(sp.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Campinas', 'Mogi Mirim', "Santa Bárbara d'Oeste", 'São Paulo']),
    );
  });

  it('lists the 5,571 municipalities of the IBGE list across Brazil, no code twice', async () => {
    const states = (await get<StateAnswer[]>('/api/estados/1')).body;
    const all = (
      await Promise.all(states.map((s) => get<CityAnswer[]>(`/api/municipios/${s.id}`)))
    ).flatMap((answer) => answer.body);
    expect(all).toHaveLength(5571);
    expect(new Set(all.map((c) => c.code)).size).toBe(5571);
  });

  it('lists the 50 US states and DC with FIPS codes, and a state’s counties as its cities', async () => {
    const usa = await get<StateAnswer[]>('/api/estados/3');
    expect(usa.body).toHaveLength(51);
    expect(usa.body.every((s) => /^\d{2}$/.test(s.official_code ?? ''))).toBe(true);
    const iowa = usa.body.find((s) => s.code === 'IA')!;
    expect(iowa).toMatchObject({ name: 'Iowa', official_code: '19' });
    expect(usa.body.find((s) => s.code === 'DC')?.official_code).toBe('11');
    const counties = (await get<CityAnswer[]>(`/api/municipios/${iowa.id}`)).body;
    expect(counties).toHaveLength(99);
    expect(counties.every((c) => /^19\d{3}$/.test(c.code!) && c.latitude && c.longitude)).toBe(
      true,
    );
    expect(counties.find((c) => c.name === 'Story County')).toMatchObject({
      code: '19169',
      latitude: expect.closeTo(42.04, 1),
      longitude: expect.closeTo(-93.47, 1),
    });
    const louisiana = usa.body.find((s) => s.code === 'LA')!;
    const parishes = (await get<CityAnswer[]>(`/api/municipios/${louisiana.id}`)).body;
    expect(parishes.map((c) => c.name)).toContain('Orleans Parish');
    const all = (
      await Promise.all(usa.body.map((s) => get<CityAnswer[]>(`/api/municipios/${s.id}`)))
    ).flatMap((answer) => answer.body);
    expect(all).toHaveLength(3142);
  });

  it('lists Paraguay’s 17 departments and the capital, and their districts, with SIFEN codes', async () => {
    // The tax authority's (DNIT) SIFEN catalogue, not INE codes (docs/data-sources.md).
    const paraguay = await get<StateAnswer[]>('/api/estados/2');
    expect(paraguay.body).toHaveLength(18);
    expect(paraguay.body.every((s) => /^\d{1,2}$/.test(s.official_code ?? ''))).toBe(true);
    expect(new Set(paraguay.body.map((s) => s.official_code)).size).toBe(18);
    const byCode = Object.fromEntries(paraguay.body.map((s) => [s.code, s]));
    expect(byCode.ASU).toMatchObject({ name: 'Asunción', official_code: '1' });
    expect(byCode['7']).toMatchObject({ name: 'Itapúa', official_code: '8' });
    expect(byCode['10']).toMatchObject({ name: 'Alto Paraná', official_code: '11' });
    expect(byCode['19']).toMatchObject({ name: 'Boquerón', official_code: '16' });
    expect(byCode['16']).toMatchObject({ name: 'Alto Paraguay', official_code: '17' });
    // The package's coordinates, where they are in Paraguay: none for Asunción, none for Central.
    expect(byCode['7']).toMatchObject({
      latitude: expect.closeTo(-26.79, 1),
      longitude: expect.closeTo(-55.67, 1),
    });
    expect(byCode.ASU).toMatchObject({ latitude: null, longitude: null });
    expect(byCode['11']).toMatchObject({ name: 'Central', latitude: null, longitude: null });

    const districts = (
      await Promise.all(paraguay.body.map((s) => get<CityAnswer[]>(`/api/municipios/${s.id}`)))
    ).flatMap((answer) => answer.body);
    expect(districts).toHaveLength(268);
    expect(districts.every((c) => /^\d{1,3}$/.test(c.code ?? ''))).toBe(true);
    expect(new Set(districts.map((c) => c.code)).size).toBe(268);
    expect(districts.filter((c) => c.latitude !== null)).toHaveLength(115);

    const itapua = (await get<CityAnswer[]>(`/api/municipios/${byCode['7']!.id}`)).body;
    expect(itapua).toHaveLength(32);
    expect(itapua.find((c) => c.name === 'Encarnación')).toMatchObject({
      code: '87',
      latitude: expect.closeTo(-27.33, 1),
      longitude: expect.closeTo(-55.87, 1),
    });
    const names = itapua.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    const altoParana = (await get<CityAnswer[]>(`/api/municipios/${byCode['10']!.id}`)).body;
    expect(altoParana.find((c) => c.name === 'Ciudad del Este')?.code).toBe('145');
    const asuncion = (await get<CityAnswer[]>(`/api/municipios/${byCode.ASU!.id}`)).body;
    expect(asuncion).toEqual([
      expect.objectContaining({ name: 'Asunción', code: '1', latitude: null, longitude: null }),
    ]);
  });

  it.each([
    ['/api/estados/abc', 400, 'exception.validation_error'],
    ['/api/estados/1.5', 400, 'exception.validation_error'],
    ['/api/estados/99999999999', 400, 'exception.validation_error'],
    ['/api/estados/9', 404, 'exception.country_not_found'],
    ['/api/municipios/abc', 400, 'exception.validation_error'],
    ['/api/municipios/999999', 404, 'exception.state_not_found'],
  ])('%s answers %i %s in the error shape', async (url, status, key) => {
    const response = await get<{
      code: number;
      key: string;
      context: { message: string; additionalInfo?: unknown };
    }>(url);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(status);
    expect(response.body.key).toBe(key);
    expect(typeof response.body.context.message).toBe('string');
  });

  it('names the failing field of a bad id', async () => {
    const { body } = await get<{ context: { additionalInfo: { field: string; key: string }[] } }>(
      '/api/estados/abc',
    );
    expect(body.context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'params.country_id', key: 'field.not_a_number' }),
    ]);
  });
});

describe('a database that loaded the old country-state-city list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const city = async (id: number) =>
    (await app.db.select().from(schema.cities).where(eq(schema.cities.id, id)))[0];
  const list = async (stateId: number) =>
    (await app.app.inject({ method: 'GET', url: `/api/municipios/${stateId}` })).json<
      CityAnswer[]
    >();

  it('keeps every stored id: old names take the official row, the rest stay unlisted', async () => {
    const [saoPaulo] = await app.db
      .select()
      .from(schema.states)
      .where(and(eq(schema.states.countryId, COUNTRY_IDS.brazil), eq(schema.states.code, 'SP')));
    const [iowa] = await app.db
      .select()
      .from(schema.states)
      .where(and(eq(schema.states.countryId, COUNTRY_IDS.usa), eq(schema.states.code, 'IA')));
    // As the old seed left them: the package's spelling, no code, and places the list lacks.
    const [mogiMirim] = await app.db
      .update(schema.cities)
      .set({ name: 'Mogi-Mirim', officialCode: null })
      .where(and(eq(schema.cities.stateId, saoPaulo!.id), eq(schema.cities.name, 'Mogi Mirim')))
      .returning();
    const [santaBarbara] = await app.db
      .update(schema.cities)
      .set({ name: 'Santa Barbara D Oeste', officialCode: null, latitude: null })
      .where(eq(schema.cities.officialCode, '3545803'))
      .returning();
    const [ghost] = await app.db
      .insert(schema.cities)
      .values({ stateId: saoPaulo!.id, name: 'Vila Inexistente', latitude: -22, longitude: -47 })
      .returning();
    const [ames] = await app.db
      .insert(schema.cities)
      .values({ stateId: iowa!.id, name: 'Ames', latitude: 42.03, longitude: -93.62 })
      .returning();
    // Paraguay as the package left it: its department names, its spelling, no codes, and its
    // "cities" that are not districts.
    const paraguayState = async (code: string) =>
      (
        await app.db
          .select()
          .from(schema.states)
          .where(
            and(eq(schema.states.countryId, COUNTRY_IDS.paraguay), eq(schema.states.code, code)),
          )
      )[0]!;
    const boqueron = await paraguayState('19');
    const central = await paraguayState('11');
    await app.db
      .update(schema.states)
      .set({ name: 'Central Department', officialCode: null, latitude: 36.16, longitude: -95.97 })
      .where(eq(schema.states.id, central.id));
    const [nemby] = await app.db
      .update(schema.cities)
      .set({ name: 'Nemby', officialCode: null })
      .where(and(eq(schema.cities.stateId, central.id), eq(schema.cities.officialCode, '161')))
      .returning();
    const [menno] = await app.db
      .insert(schema.cities)
      .values({ stateId: boqueron.id, name: 'Colonia Menno', latitude: -22.37, longitude: -59.82 })
      .returning();
    await app.db
      .update(schema.referenceVersions)
      .set({ version: 'country-state-city@3.2.1/1' })
      .where(eq(schema.referenceVersions.name, 'geography'));

    await seedReferenceData(app.db);

    expect(await city(mogiMirim!.id)).toMatchObject({
      name: 'Mogi Mirim',
      officialCode: '3530805',
      listed: true,
    });
    expect(await city(santaBarbara!.id)).toMatchObject({
      name: "Santa Bárbara d'Oeste",
      officialCode: '3545803',
      latitude: expect.closeTo(-22.75, 1),
      listed: true,
    });
    expect(await city(nemby!.id)).toMatchObject({
      name: 'Ñemby',
      officialCode: '161',
      latitude: expect.closeTo(-25.39, 1),
      listed: true,
    });
    const [centralAfter] = await app.db
      .select()
      .from(schema.states)
      .where(eq(schema.states.id, central.id));
    expect(centralAfter).toMatchObject({
      name: 'Central',
      officialCode: '12',
      latitude: null,
      longitude: null,
      listed: true,
    });
    for (const old of [ghost!, ames!, menno!]) {
      expect(await city(old.id)).toMatchObject({
        name: old.name,
        officialCode: null,
        listed: false,
      });
    }
    const spList = await list(saoPaulo!.id);
    expect(spList).toHaveLength(645);
    expect(spList.map((c) => c.id)).toEqual(
      expect.arrayContaining([mogiMirim!.id, santaBarbara!.id]),
    );
    expect(spList.map((c) => c.id)).not.toContain(ghost!.id);
    const iaList = await list(iowa!.id);
    expect(iaList).toHaveLength(99);
    expect(iaList.map((c) => c.id)).not.toContain(ames!.id);
    const boqueronList = await list(boqueron.id);
    expect(boqueronList).toHaveLength(6);
    expect(boqueronList.map((c) => c.id)).not.toContain(menno!.id);
    expect((await list(central.id)).map((c) => c.id)).toContain(nemby!.id);

    // Loading again changes nothing.
    await app.db
      .update(schema.referenceVersions)
      .set({ version: 'country-state-city@3.2.1/1' })
      .where(eq(schema.referenceVersions.name, 'geography'));
    const before = await app.db.select().from(schema.cities);
    await seedReferenceData(app.db);
    const after = await app.db.select().from(schema.cities);
    expect(after).toHaveLength(before.length);
    expect(new Map(after.map((c) => [c.id, c]))).toEqual(new Map(before.map((c) => [c.id, c])));
  });
});
