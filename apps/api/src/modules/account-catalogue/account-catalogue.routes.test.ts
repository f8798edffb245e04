import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { currentSeasonCrop, makeFarm, makePlot, place } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, versionsHeard, type TestApp } from '../../test/test-app.ts';

/**
 * The account's own products and varieties (issue 28 item 5): entered, seen by the account alone,
 * used by the engine like catalogue rows, and kept while in use.
 */

let app: TestApp;
let token: string;
let accountId: number;
let viewerToken: string;
let farmId: number;
let usFarmId: number;
let stranger: { token: string; farmId: number };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  as = token,
) => app.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

const product = (over: Record<string, unknown> = {}) => ({
  nome: 'Trifloxi Prothio da Casa',
  crop_id: 1,
  country_id: 1,
  formulacao: 'SC',
  ativos: [
    { nome: 'Trifloxystrobin', concentracao: 150, unidade: 'g/L' },
    { nome: 'prothioconazole', concentracao: 175, unidade: 'g/L' },
  ],
  doses: [{ doenca_id: 1, dose_min: 400, dose_max: 500, unidade: 'mL' }],
  intervalo_seguranca_dias: 30,
  registro: '99999',
  ...over,
});

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA', 'ASSISTENTE_TECNICO'], { planId: 4 });
  token = account.members.CONTA!.token;
  accountId = account.accountId;
  viewerToken = account.members.ASSISTENTE_TECNICO!.token;
  farmId = await makeFarm(app.db, account.accountId, { name: 'Sede' });
  usFarmId = await makeFarm(app.db, account.accountId, {
    name: 'Ames',
    at: { place: await place(app.db, 'IA', 'Story County', 3), timeZone: 'America/Chicago' },
  });
  const other = await accountWith(app, ['CONTA'], { planId: 4 });
  stranger = {
    token: other.members.CONTA!.token,
    farmId: await makeFarm(app.db, other.accountId, { name: 'Alheia' }),
  };
});

afterAll(async () => {
  await app.close();
});

describe('an account product', () => {
  let id: number;

  it('is entered with its actives and label doses, in the product’s unit, by its informer', async () => {
    const created = await call('POST', '/api/account-products', product());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    id = body.id;
    expect(body).toMatchObject({
      origem: 'account',
      unidade: 'L',
      // 400–500 mL/ha of an SC product is 0.4–0.5 L/ha.
      doses: [{ doenca_id: 1, dose_min: 0.4, dose_max: 0.5, unidade: 'L' }],
      intervalo_seguranca_dias: 30,
      registro: '99999',
      informado_por: { nome: expect.any(String), data: expect.any(String) },
    });
    expect(
      (await call('GET', '/api/account-products')).json().map((p: { id: number }) => p.id),
    ).toEqual([id]);
  });

  it('appears in the farm’s fungicides and the catalogue of its account alone', async () => {
    const mine = (await call('GET', `/api/defensives?farm_id=${farmId}&crop_id=1`)).json();
    const row = mine.find((p: { id: number }) => p.id === id);
    expect(row).toMatchObject({ origem: 'account', unidade: 'L' });
    expect(row.doses.find((d: { target_id: number }) => d.target_id === 1)).toMatchObject({
      has_register: true,
      dose_recomendada: 0.4,
      intervalo_seguranca_dias: 30,
    });
    // Fox is the catalogue's.
    expect(mine.find((p: { nome: string }) => p.nome === 'Fox').origem).toBe('catalogue');
    const theirs = (
      await call(
        'GET',
        `/api/defensives?farm_id=${stranger.farmId}&crop_id=1`,
        undefined,
        stranger.token,
      )
    ).json();
    expect(theirs.some((p: { id: number }) => p.id === id)).toBe(false);
    const search = (
      await call('GET', '/api/catalogs?category=fungicide&search=trifloxi%20prothio%20da%20casa')
    ).json();
    expect(search.list).toEqual([expect.objectContaining({ id, origem: 'account' })]);
    const hidden = (
      await call(
        'GET',
        '/api/catalogs?category=fungicide&search=trifloxi%20prothio%20da%20casa',
        undefined,
        stranger.token,
      )
    ).json();
    expect(hidden.total).toBe(0);
    for (const [method, payload] of [['GET'], ['PUT', product()], ['DELETE']] as const)
      expect(
        (await call(method, `/api/account-products/${id}`, payload, stranger.token)).statusCode,
      ).toBe(404);
    expect(
      (await call('GET', `/api/catalogs/fungicide/${id}`, undefined, stranger.token)).statusCode,
    ).toBe(404);
  });

  it('a kept catalogue page follows its rows and its informer’s name, even written elsewhere', async () => {
    const page = async () =>
      (
        await call('GET', '/api/catalogs?category=fungicide&search=trifloxi%20prothio%20da%20casa')
      ).json<{
        total: number;
        list: { id: number; nome: string; informado_por: { nome: string } }[];
      }>();
    const before = await page();
    expect((await page()).list).toEqual(before.list); // kept
    expect(before.list).toEqual([expect.objectContaining({ id })]);

    // Straight to the database, as another process would: the account's data version moves.
    const [row] = await app.db
      .select({ informedBy: t.pesticides.informedBy })
      .from(t.pesticides)
      .where(eq(t.pesticides.id, id));
    await app.db
      .update(t.users)
      .set({ name: 'Renamed Informer' })
      .where(eq(t.users.id, row!.informedBy!));
    await versionsHeard(app);
    expect((await page()).list[0]!.informado_por.nome).toBe('Renamed Informer');

    await app.db.update(t.pesticides).set({ listed: false }).where(eq(t.pesticides.id, id));
    await versionsHeard(app);
    expect((await page()).total).toBe(0);
    await app.db.update(t.pesticides).set({ listed: true }).where(eq(t.pesticides.id, id));
    await versionsHeard(app);
    expect((await page()).list).toEqual([expect.objectContaining({ id })]);
  });

  it('takes its efficacy from the rules of its actives, in any spelling (AGRONOMY §4b)', async () => {
    const detail = (await call('GET', `/api/catalogs/fungicide/${id}`)).json();
    const rust = detail.efficacies.find((e: { disease_id: number }) => e.disease_id === 1);
    // Trifloxystrobin + prothioconazole: S15's derived 75.5 on rust.
    expect(rust).toMatchObject({ efficacy: 75.5, tag: 'D', not_counted_reason: null });
    // Target spot: no dose listed, so its registration is not informed.
    const spot = detail.doses_per_target.find(
      (d: { target_code: string }) => d.target_code === 'MAL',
    );
    expect(spot).toMatchObject({ has_register: null, doses_min: null });
    expect(detail.informado_por).toMatchObject({ nome: expect.any(String) });
  });

  it('is sprayed at half its dose with f(ρ) = 0.6124 and the sub-dose warning, then kept while used', async () => {
    // Plans are written in the current season: another one is read-only.
    const seasonCrop = { id: await currentSeasonCrop(app.db) };
    const [seed] = await app.db
      .select({ id: t.varieties.id })
      .from(t.varieties)
      .where(and(eq(t.varieties.cropId, 1), eq(t.varieties.sourceId, 'costa-soy')))
      .limit(1);
    const farmVariety = await call('POST', '/api/cultivares', {
      fazenda_id: farmId,
      season_crop_id: seasonCrop!.id,
      seed_id: seed!.id,
    });
    expect(farmVariety.statusCode).toBe(201);
    const program = (
      await call('POST', '/api/programas', {
        cultivar_id: farmVariety.json().id,
        doenca_principal_id: 1,
        severidade: 1,
        data_prevista: '2026-11-01',
        ciclo_dias: 120,
      })
    ).json();
    const planned = await call('POST', `/api/programas/${program.id}/planejamentos`, {
      data: '2026-12-09',
      produtos: [{ defensivo_id: id, dose: 0.2, preco: 100 }],
    });
    expect(planned.statusCode).toBe(201);
    const spray = planned.json().planejamentos[0].avaliacao;
    const rust = spray.eficacias.find((e: { alvo_id: number }) => e.alvo_id === 1);
    expect(rust.produtos[0]).toMatchObject({ eficacia_percentual: 75.5, dose_assumida: false });
    expect(rust.produtos[0].fator_dose).toBeCloseTo(0.6124, 4);
    expect(spray.avisos).toContainEqual(
      expect.objectContaining({ code: 'sub_dose', defensivo_id: id }),
    );
    const refused = await call('DELETE', `/api/account-products/${id}`);
    expect([refused.statusCode, refused.json().key]).toEqual([409, 'exception.product.in_use']);
    expect((await call('GET', `/api/account-products/${id}`)).statusCode).toBe(200);
  });

  it('refuses a dose unit the formulation contradicts, naming the field, writing nothing', async () => {
    const before = (await call('GET', '/api/account-products')).json().length;
    const refused = await call(
      'POST',
      '/api/account-products',
      product({
        formulacao: 'WG',
        doses: [{ doenca_id: 1, dose_min: 200, dose_max: 300, unidade: 'mL' }],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'body.doses.0.unidade' }),
    ]);
    expect((await call('GET', '/api/account-products')).json()).toHaveLength(before);
  });

  it('is the administrator’s and agronomist’s to enter: a viewer is refused', async () => {
    const refused = await call('POST', '/api/account-products', product(), viewerToken);
    expect(refused.statusCode).toBe(403);
  });
});

describe('an account variety', () => {
  it('is entered for a US farm, offered there alone, and kept once sown', async () => {
    const created = await call('POST', '/api/account-varieties', {
      nome: 'Asgrow AG24XF2',
      crop_id: 1,
      country_id: 3,
      gmr: 2.4,
      ciclo_dias: 125,
    });
    expect(created.statusCode).toBe(201);
    const variety = created.json();
    expect(variety).toMatchObject({ origem: 'account', gmr: 2.4, ciclo_dias: 125 });
    const [usSeason] = await app.db
      .select({ id: t.seasonCrops.id })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, 3), eq(t.seasonCrops.cropId, 1)))
      .limit(1);
    const seeds = (
      await call('GET', `/api/sementes/fazenda/${usFarmId}?season_crop_id=${usSeason!.id}`)
    ).json();
    expect(seeds.some((seed: { seed_id: number }) => seed.seed_id === variety.id)).toBe(true);
    const listed = (await call('GET', '/api/catalogs?category=variety&search=AG24XF2')).json();
    expect(listed.list).toEqual([expect.objectContaining({ id: variety.id, origem: 'account' })]);
    expect(
      (
        await call(
          'GET',
          '/api/catalogs?category=variety&search=AG24XF2',
          undefined,
          stranger.token,
        )
      ).json().total,
    ).toBe(0);
    expect(
      (await call('GET', `/api/account-varieties/${variety.id}`, undefined, stranger.token))
        .statusCode,
    ).toBe(404);

    const added = await call('POST', '/api/cultivares', {
      fazenda_id: usFarmId,
      season_crop_id: usSeason!.id,
      seed_id: variety.id,
    });
    expect(added.statusCode).toBe(201);
    await app.db.insert(t.sowings).values({
      accountId: accountId,
      farmId: usFarmId,
      plotId: await makePlot(app.db, accountId, usFarmId, { area: 40 }),
      cropId: 1,
      seasonCropId: usSeason!.id,
      farmVarietyId: added.json().id,
      area: 40,
      sowingDate: '2026-05-10',
    });
    const refused = await call('DELETE', `/api/account-varieties/${variety.id}`);
    expect([refused.statusCode, refused.json().key]).toEqual([409, 'exception.variety.in_use']);

    const unused = (
      await call('POST', '/api/account-varieties', {
        nome: 'Nunca semeada',
        crop_id: 1,
        country_id: 3,
      })
    ).json();
    expect((await call('DELETE', `/api/account-varieties/${unused.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/account-varieties/${unused.id}`)).statusCode).toBe(404);
  });
});
