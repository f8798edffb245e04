import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, place } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The fungicides a spray program picks from (issue 11 item 2: defensives, last values, adjuvants). */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;

interface Defensive {
  id: number;
  nome: string;
  pais_id: number;
  is_white_mold: boolean;
  doses: { target_id: number; has_register: boolean | null; dose_recomendada: number | null }[];
  lastPrice: number | null;
  lastDose: number | null;
}

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 2 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId);
});
afterAll(() => app.close());

const get = (url: string, as = token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(as) });
const pesticide = async (name: string) =>
  (
    await app.db
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(and(eq(t.pesticides.name, name), eq(t.pesticides.countryId, 1)))
  )[0]!.id;

describe('GET /api/defensives', () => {
  it('lists the fungicides of the farm’s country and crop with their registrations and the account’s last values', async () => {
    const elatus = await pesticide('Elatus');
    await app.db
      .insert(t.accountPesticideValues)
      .values({ accountId, pesticideId: elatus, price: '310.50', dose: 0.2, uses: 3 });
    const soybean = (
      await get(`/api/defensives?farm_id=${farmId}&crop_id=1`)
    ).json() as Defensive[];
    expect(soybean.length).toBeGreaterThan(150);
    expect(soybean.every((item) => item.pais_id === 1)).toBe(true);
    expect(soybean.map((item) => item.nome)).not.toContain('Tilt'); // registered for wheat only
    const found = soybean.find((item) => item.id === elatus)!;
    expect(found).toMatchObject({ lastPrice: 310.5, lastDose: 0.2 });
    expect(found.doses.map((dose) => dose.target_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(found.doses.find((dose) => dose.target_id === 1)).toMatchObject({ has_register: true });
    expect(found.doses.find((dose) => dose.target_id === 8)).toMatchObject({
      has_register: false,
      dose_recomendada: 999999,
    });
    const frowncide = soybean.find((item) => item.nome === 'Frowncide 500 SC')!;
    expect(frowncide.is_white_mold).toBe(true);
    expect(soybean.find((item) => item.nome === 'Fox')!.lastPrice).toBeNull();

    const wheat = (await get(`/api/defensives?farm_id=${farmId}&crop_id=2`)).json() as Defensive[];
    expect(wheat.map((item) => item.nome)).toContain('Tilt');
    expect(wheat.find((item) => item.nome === 'Tilt')!.doses.map((d) => d.target_id)).toEqual([
      11, 12, 13, 14, 15,
    ]);
  });

  it('lists a US farm’s wheat fungicides with their EPA label’s head blight dose and interval (us-labels/)', async () => {
    const iowa = await makeFarm(app.db, accountId, {
      name: 'Ames',
      at: { place: await place(app.db, 'IA', 'Story County', 3), timeZone: 'America/Chicago' },
    });
    const wheat = (await get(`/api/defensives?farm_id=${iowa}&crop_id=2`)).json() as (Defensive & {
      unidade: string | null;
      doses: { dose_recomendada_max: number | null; intervalo_seguranca_dias: number | null }[];
    })[];
    expect(wheat.every((item) => item.pais_id === 3)).toBe(true);
    expect(wheat.map((item) => item.nome).sort()).toEqual([
      'Caramba',
      'Folicur',
      'Miravis Ace',
      'Prosaro',
      'Sphaerex',
      'Tilt',
    ]);
    const fhb = (name: string) => ({
      unidade: wheat.find((item) => item.nome === name)!.unidade,
      ...wheat.find((item) => item.nome === name)!.doses.find((dose) => dose.target_id === 14),
    });
    // Prosaro 421 SC, EPA 264-862: 6.5–8.2 fl oz/A is 0.475–0.599 L/ha; 30 days before harvest.
    expect(fhb('Prosaro')).toEqual({
      unidade: 'L',
      target_id: 14,
      has_register: true,
      dose_recomendada: 0.475,
      dose_recomendada_max: 0.599,
      intervalo_seguranca_dias: 30,
    });
    expect(fhb('Miravis Ace')).toMatchObject({
      unidade: 'L',
      has_register: true,
      dose_recomendada: 0.731,
      dose_recomendada_max: 1.001,
      intervalo_seguranca_dias: null,
    });
    // Caramba's file gives no formulation: registered, its dose not informed.
    expect(fhb('Caramba')).toMatchObject({
      unidade: null,
      has_register: true,
      dose_recomendada: null,
      intervalo_seguranca_dias: 30,
    });
    // Folicur has no label file: nothing informed.
    expect(fhb('Folicur')).toMatchObject({ has_register: null, dose_recomendada: null });
    // A leaf disease the label file names without a rate of its own: not informed, not "not registered".
    const prosaro = wheat.find((item) => item.nome === 'Prosaro')!;
    expect(prosaro.doses.find((dose) => dose.target_id === 11)).toMatchObject({
      has_register: null,
      dose_recomendada: null,
    });
    const detail = (await get(`/api/catalogs/fungicide/${prosaro.id}`)).json();
    expect(detail).toMatchObject({ registration_number: '264-862', asset_owner: 'Bayer' });
  });

  it('answers 404 for another account’s farm and 400 without a crop', async () => {
    const other = await accountWith(app, ['CONTA'], { planId: 2 });
    const theirs = await makeFarm(app.db, other.accountId);
    expect((await get(`/api/defensives?farm_id=${theirs}&crop_id=1`)).statusCode).toBe(404);
    expect((await get(`/api/defensives?farm_id=${farmId}`)).statusCode).toBe(400);
  });
});

describe('GET /api/defensives/last-values and /api/adjuvantes', () => {
  it('ranks the account’s products by use; adjuvants are none in the data set', async () => {
    const fox = await pesticide('Fox');
    await app.db
      .insert(t.accountPesticideValues)
      .values({ accountId, pesticideId: fox, price: '250.00', dose: 0.4, uses: 9 });
    const values = (await get('/api/defensives/last-values')).json();
    expect(values.slice(0, 2)).toEqual([
      { defensivo_id: fox, preco: 250, dose: 0.4, ranking: 1 },
      { defensivo_id: await pesticide('Elatus'), preco: 310.5, dose: 0.2, ranking: 2 },
    ]);
    const stranger = await accountWith(app, ['CONTA'], { planId: 2 });
    expect(
      (await get('/api/defensives/last-values', stranger.members.CONTA!.token)).json(),
    ).toEqual([]);
    expect((await get('/api/adjuvantes')).json()).toEqual([]);
  });
});
