import { COUNTRY_IDS, DISEASES, type SeasonCrop, type StateAnswer } from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    for (const season of body) {
      if (season.crop_id === 1) {
        expect(season.start_period.slice(5)).toBe('08-01');
        expect(season.end_period.slice(5)).toBe('05-31');
      } else {
        expect(season.start_period.slice(5)).toBe('01-01');
        expect(season.end_period.slice(5)).toBe('09-30');
      }
      expect(season.status === 'current').toBe(season.season_active);
    }
  });

  it('filters season-crops by country and crop, and refuses a bad filter', async () => {
    const { body } = await get<SeasonCrop[]>('/api/season-crops?country_id=3&crop_id=2');
    expect(body.length).toBeGreaterThan(0);
    expect(
      body.every(
        (s) =>
          s.country_id === 3 && s.crop_id === 2 && s.season_name === s.start_period.slice(0, 4),
      ),
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

  it('lists Brazil’s 27 federative units and São Paulo’s municipalities', async () => {
    const states = await get<StateAnswer[]>('/api/estados/1');
    expect(states.status).toBe(200);
    expect(states.body).toHaveLength(27);
    const saoPaulo = states.body.find((s) => s.code === 'SP')!;
    expect(saoPaulo.name).toBe('São Paulo');
    const cities = await get<{ name: string; state_id: number }[]>(
      `/api/municipios/${saoPaulo.id}`,
    );
    expect(cities.status).toBe(200);
    expect(cities.body.length).toBeGreaterThan(600);
    expect(cities.body.length).toBeLessThan(700);
    expect(cities.body.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Campinas', 'Ribeirão Preto', 'São Paulo']),
    );
    expect(cities.body.every((c) => c.state_id === saoPaulo.id)).toBe(true);
  });

  it('lists the states of the USA and the departments of Paraguay', async () => {
    const usa = await get<StateAnswer[]>('/api/estados/3');
    expect(usa.body).toHaveLength(51);
    expect(usa.body.map((s) => s.code)).toEqual(expect.arrayContaining(['IA', 'IL', 'DC']));
    const paraguay = await get<StateAnswer[]>('/api/estados/2');
    expect(paraguay.body.length).toBeGreaterThanOrEqual(17);
    const itapua = paraguay.body.find((s) => s.name === 'Itapúa')!;
    expect((await get<unknown[]>(`/api/municipios/${itapua.id}`)).body.length).toBeGreaterThan(5);
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
