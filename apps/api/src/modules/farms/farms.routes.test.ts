import type { Farm } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makePlot, makeSowing, place } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
let accountId: number;
let admin: { id: number; token: string };
let londrina: { countryId: number; stateId: number; cityId: number };

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  admin = account.members.CONTA!;
  londrina = await place(app.db);
});
afterAll(() => app.close());

const prices = [
  { crop_id: 1, price: 128.5 },
  { crop_id: 2, price: 72 },
];

function newFarm(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Fazenda Santa Rita',
    pais: londrina.countryId,
    estado: londrina.stateId,
    municipio: londrina.cityId,
    bag_price: prices,
    ...overrides,
  };
}

async function send(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function farmRow(id: number) {
  const [row] = await app.db.select().from(t.farms).where(eq(t.farms.id, id));
  return row!;
}

describe('creating a farm', () => {
  it('answers 201 with the farm, its place, coordinates of the city and the bag prices', async () => {
    const response = await send(admin.token, 'POST', '/api/fazendas', newFarm());
    expect(response.statusCode).toBe(201);
    const farm = response.json<Farm>();
    const [city] = await app.db.select().from(t.cities).where(eq(t.cities.id, londrina.cityId));
    expect(farm).toMatchObject({
      nome: 'Fazenda Santa Rita',
      account_id: accountId,
      enabled: true,
      active_sowing: false,
      closets_applications: false,
      total_area: 0,
      total_talhoes: 0,
      total_plots: 0,
      pais: { id: 1, nome: 'Brasil' },
      estado: { id: londrina.stateId },
      municipio: { id: londrina.cityId, nome: 'Londrina' },
      latitude: city!.latitude,
      longitude: city!.longitude,
      time_zone: 'America/Sao_Paulo',
      bag_price: [
        { crop_id: 1, currency_id: 2, price: 128.5 },
        { crop_id: 2, currency_id: 2, price: 72 },
      ],
    });
    const read = await send(admin.token, 'GET', `/api/farms/${farm.id}`);
    expect(read.json()).toEqual(farm);
    expect((await send(admin.token, 'GET', `/api/fazendas/${farm.id}`)).json()).toEqual(farm);
  });

  it('takes given coordinates and finds their time zone (Mato Grosso is an hour behind)', async () => {
    const sorriso = await place(app.db, 'MT', 'Sorriso');
    const response = await send(
      admin.token,
      'POST',
      '/api/fazendas',
      newFarm({
        pais: 1,
        estado: sorriso.stateId,
        municipio: sorriso.cityId,
        latitude: -12.6,
        longitude: -55.8,
      }),
    );
    expect(response.json()).toMatchObject({
      latitude: -12.6,
      longitude: -55.8,
      time_zone: 'America/Cuiaba',
    });
  });

  it.each([
    ['a city of another state', 'campinas', 'body.municipio'],
    ['a state of another country', 'usa', 'body.estado'],
    ['no price for wheat', 'soy-only', 'body.bag_price'],
    ['a crop twice', 'twice', 'body.bag_price'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_, change, field) => {
    const before = await app.db.$count(t.farms);
    const override: Record<string, unknown> = {
      campinas: { municipio: (await place(app.db, 'SP', 'Campinas')).cityId },
      usa: { pais: 3 },
      'soy-only': { bag_price: [prices[0]] },
      twice: { bag_price: [...prices, prices[0]] },
    }[change]!;
    const response = await send(admin.token, 'POST', '/api/fazendas', newFarm(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('exception.validation_error');
    expect(response.json().context.additionalInfo).toEqual([expect.objectContaining({ field })]);
    expect(await app.db.$count(t.farms)).toBe(before);
  });

  it.each([
    [{ nome: '  ' }, 'body.nome'],
    [{ latitude: 91 }, 'body.latitude'],
    [{ bag_price: [{ crop_id: 1, price: 0 }, prices[1]] }, 'body.bag_price.0.price'],
  ])('refuses bad fields %j', async (override, field) => {
    const response = await send(admin.token, 'POST', '/api/fazendas', newFarm(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().context.additionalInfo).toEqual(
      expect.arrayContaining([expect.objectContaining({ field })]),
    );
  });
});

describe('the farm list', () => {
  it('shows enabled farms first, then the newest first, with the live plots’ area', async () => {
    const own = await accountWith(app, ['CONTA']);
    const old = await makeFarm(app.db, own.accountId, {
      name: 'Velha',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    const recent = await makeFarm(app.db, own.accountId, {
      name: 'Nova',
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
    const disabled = await makeFarm(app.db, own.accountId, {
      name: 'Parada',
      enabled: false,
      createdAt: new Date('2026-06-01T00:00:00Z'),
    });
    await makePlot(app.db, own.accountId, old, { area: 40.5 });
    await makePlot(app.db, own.accountId, old, { area: 9.5, east: 1 });
    const gone = await makePlot(app.db, own.accountId, old, { area: 1000 });
    await app.db.update(t.plots).set({ deletedAt: new Date() }).where(eq(t.plots.id, gone));

    const list = (await send(own.members.CONTA!.token, 'GET', '/api/farms')).json<Farm[]>();
    expect(list.map((farm) => farm.id)).toEqual([recent, old, disabled]);
    expect(list[1]).toMatchObject({ total_area: 50, total_plots: 2, total_talhoes: 2 });
    expect((await send(own.members.CONTA!.token, 'GET', '/api/fazendas')).json()).toEqual(list);
  });
});

describe('who sees and changes farms', () => {
  let farmA: number;
  let farmB: number;
  let members: Record<string, { id: number; token: string }>;
  let teamAccount: number;

  beforeAll(async () => {
    const team = await accountWith(app, [
      'CONTA',
      'FARM',
      'ASSISTENTE_TECNICO',
      'CON_REV',
      'PESQUISA',
    ]);
    teamAccount = team.accountId;
    members = team.members;
    farmA = await makeFarm(app.db, teamAccount, { name: 'A' });
    farmB = await makeFarm(app.db, teamAccount, { name: 'B' });
    for (const profile of ['FARM', 'ASSISTENTE_TECNICO', 'CON_REV', 'PESQUISA'])
      await assignFarms(app.db, teamAccount, members[profile]!.id, [farmA]);
  });

  it('gives non-administrators only their farms, and 404 on the others', async () => {
    for (const profile of ['FARM', 'ASSISTENTE_TECNICO', 'CON_REV', 'PESQUISA']) {
      const token = members[profile]!.token;
      const list = (await send(token, 'GET', '/api/farms')).json<Farm[]>();
      expect({ profile, farms: list.map((f) => f.id) }).toEqual({ profile, farms: [farmA] });
      const other = await send(token, 'GET', `/api/farms/${farmB}`);
      expect({ profile, status: other.statusCode, key: other.json().key }).toEqual({
        profile,
        status: 404,
        key: 'exception.not_found',
      });
    }
    const all = (await send(members.CONTA!.token, 'GET', '/api/farms')).json<Farm[]>();
    expect(all.map((f) => f.id).sort()).toEqual([farmA, farmB].sort());
  });

  it('lets the observer and the agronomist only read farms', async () => {
    for (const profile of ['ASSISTENTE_TECNICO', 'FARM']) {
      const token = members[profile]!.token;
      const farm = (await send(token, 'GET', `/api/farms/${farmA}`)).json<Farm>();
      const before = await farmRow(farmA);
      const attempts = [
        await send(token, 'POST', '/api/fazendas', newFarm()),
        await send(token, 'PUT', `/api/fazendas/${farmA}`, {
          ...newFarm({ nome: 'Tomada' }),
          updated_at: farm.updated_at,
        }),
        await send(token, 'PUT', `/api/farms/${farmA}/enable-disable`, {
          enabled: false,
          updated_at: farm.updated_at,
        }),
        await send(token, 'DELETE', `/api/fazendas/${farmA}`),
      ];
      expect(attempts.map((r) => [r.statusCode, r.json().key])).toEqual(
        attempts.map(() => [403, 'plan.exception.no_permission']),
      );
      expect(await farmRow(farmA)).toEqual(before);
    }
  });

  it('shows a farm a researcher creates to that researcher', async () => {
    const token = members.PESQUISA!.token;
    const created = await send(token, 'POST', '/api/fazendas', newFarm({ nome: 'Ensaio' }));
    expect(created.statusCode).toBe(201);
    const list = (await send(token, 'GET', '/api/farms')).json<Farm[]>();
    expect(list.map((f) => f.nome).sort()).toEqual(['A', 'Ensaio']);
  });

  it('lets administrators assign real farms of the account to members, and no other', async () => {
    const member = await makeUser(app.db, { accountId: teamAccount, profile: 'FARM' });
    const foreignFarm = await makeFarm(app.db, accountId);
    const assign = (farmIds: number[]) =>
      send(members.CONTA!.token, 'PUT', `/api/users/${member.id}`, {
        profile_id: 3,
        farm_ids: farmIds,
      });
    const refused = await assign([farmB, foreignFarm]);
    expect([refused.statusCode, refused.json().key]).toEqual([400, 'exception.farm_not_found']);
    expect((await assign([farmB])).statusCode).toBe(200);
    const token = await tokenFor(app, member.email);
    const list = (await send(token, 'GET', '/api/farms')).json<Farm[]>();
    expect(list.map((f) => f.id)).toEqual([farmB]);
  });
});

describe('editing a farm', () => {
  it('saves with the updated_at it read, and answers 409 to a write based on an older one', async () => {
    const farm = (await send(admin.token, 'POST', '/api/fazendas', newFarm())).json<Farm>();
    const first = await send(admin.token, 'PUT', `/api/fazendas/${farm.id}`, {
      ...newFarm({ nome: 'Santa Rita II' }),
      updated_at: farm.updated_at,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().nome).toBe('Santa Rita II');
    const stale = await send(admin.token, 'PUT', `/api/fazendas/${farm.id}`, {
      ...newFarm({ nome: 'Sobrescrita' }),
      updated_at: farm.updated_at,
    });
    expect([stale.statusCode, stale.json().key]).toEqual([409, 'exception.conflict']);
    expect((await farmRow(farm.id)).name).toBe('Santa Rita II');

    const prices2 = await send(admin.token, 'PUT', `/api/farms/${farm.id}/bag-prices`, {
      bag_price: [
        { crop_id: 1, price: 131.25 },
        { crop_id: 2, price: 70 },
      ],
      updated_at: first.json().updated_at,
    });
    expect(prices2.json().bag_price).toEqual([
      { crop_id: 1, currency_id: 2, price: 131.25 },
      { crop_id: 2, currency_id: 2, price: 70 },
    ]);
  });

  it('refuses edits of a disabled farm with 409 exception.farm.disabled', async () => {
    const id = await makeFarm(app.db, accountId, { enabled: false });
    const farm = (await send(admin.token, 'GET', `/api/farms/${id}`)).json<Farm>();
    const response = await send(admin.token, 'PUT', `/api/fazendas/${id}`, {
      ...newFarm({ nome: 'Mudou' }),
      updated_at: farm.updated_at,
    });
    expect([response.statusCode, response.json().key]).toEqual([409, 'exception.farm.disabled']);
    expect((await farmRow(id)).name).toBe('Fazenda Teste');
  });

  it('enables a farm again at most twice a season, then points to support', async () => {
    let farm = (await send(admin.token, 'POST', '/api/fazendas', newFarm())).json<Farm>();
    const toggle = async (enabled: boolean) => {
      const response = await send(admin.token, 'PUT', `/api/farms/${farm.id}/enable-disable`, {
        enabled,
        updated_at: farm.updated_at,
      });
      if (response.statusCode === 200) farm = response.json<Farm>();
      return response;
    };
    for (let i = 0; i < 2; i++) {
      expect((await toggle(false)).json().enabled).toBe(false);
      expect((await toggle(true)).json().enabled).toBe(true);
    }
    expect((await toggle(false)).statusCode).toBe(200);
    const third = await toggle(true);
    expect([third.statusCode, third.json().key]).toEqual([
      409,
      'exception.season.enable_limit_exceeded',
    ]);
    expect((await farmRow(farm.id)).enabled).toBe(false);
  });
});

describe('deleting a farm', () => {
  it('refuses while a sowing exists, then while varieties are planned, and hides it after', async () => {
    const id = await makeFarm(app.db, accountId);
    const plot = await makePlot(app.db, accountId, id);
    const sowing = await makeSowing(app.db, accountId, id, plot);
    const [seasonCrop] = await app.db.select().from(t.seasonCrops).limit(1);
    const [variety] = await app.db
      .insert(t.varieties)
      .values({
        key: 'test:farm-deletion',
        cropId: 1,
        countryIds: [1],
        name: 'A catalogue variety',
        reactions: [],
        searchText: 'a catalogue variety',
        targetKeys: [],
        sourceId: 'test',
      })
      .returning({ id: t.varieties.id });
    await app.db
      .insert(t.farmVarieties)
      .values({ accountId, farmId: id, seasonCropId: seasonCrop!.id, varietyId: variety!.id });

    const first = await send(admin.token, 'DELETE', `/api/fazendas/${id}`);
    expect([first.statusCode, first.json().key]).toEqual([409, 'exception.farm.used_in_sowing']);
    await app.db.update(t.sowings).set({ deletedAt: new Date() }).where(eq(t.sowings.id, sowing));
    const second = await send(admin.token, 'DELETE', `/api/fazendas/${id}`);
    expect([second.statusCode, second.json().key]).toEqual([
      409,
      'exception.farm.has_planned_varieties',
    ]);
    expect((await farmRow(id)).deletedAt).toBeNull();

    await app.db
      .delete(t.farmVarieties)
      .where(and(eq(t.farmVarieties.accountId, accountId), eq(t.farmVarieties.farmId, id)));
    expect((await send(admin.token, 'DELETE', `/api/fazendas/${id}`)).statusCode).toBe(204);
    expect((await send(admin.token, 'GET', `/api/farms/${id}`)).statusCode).toBe(404);
    const list = (await send(admin.token, 'GET', '/api/farms')).json<Farm[]>();
    expect(list.some((farm) => farm.id === id)).toBe(false);
  });
});

describe('farm stats', () => {
  it('counts area, plots, enabled plots and active sowings', async () => {
    const id = await makeFarm(app.db, accountId);
    const plot = await makePlot(app.db, accountId, id, { area: 30 });
    await makePlot(app.db, accountId, id, { area: 20, enabled: false, east: 1 });
    await makeSowing(app.db, accountId, id, plot);
    await makeSowing(app.db, accountId, id, plot, { closed: true });
    const response = await send(admin.token, 'GET', `/api/fazendas/${id}/stats`);
    expect(response.json()).toEqual({
      total_area: 50,
      total_plots: 2,
      enabled_plots: 1,
      active_sowings: 1,
      next_application: null,
    });
  });
});

describe('farm notifications', () => {
  it('keeps each member’s choice per farm, with the WhatsApp phone', async () => {
    const id = await makeFarm(app.db, accountId);
    const empty = await send(admin.token, 'GET', `/api/farms/${id}/notifications`);
    expect(empty.json()).toEqual({
      notification_type_ids: [],
      whatsapp_opt_in: false,
      phone: null,
    });
    const types = (await send(admin.token, 'GET', '/api/notification-types')).json<
      { id: number; code: string }[]
    >();
    expect(types.map((type) => type.code).sort()).toEqual([
      'commodity_quotations',
      'weather_forecast',
      'weekly_applications',
    ]);
    const chosen = types.filter((type) => type.code !== 'commodity_quotations').map((t) => t.id);
    const saved = await send(admin.token, 'PUT', `/api/farms/${id}/notifications`, {
      notification_type_ids: chosen,
      whatsapp_opt_in: true,
      phone: '+5543991234567',
    });
    expect(saved.json()).toEqual({
      notification_type_ids: [...chosen].sort((a, b) => a - b),
      whatsapp_opt_in: true,
      phone: '+5543991234567',
    });
    expect((await send(admin.token, 'GET', `/api/farms/${id}/notifications`)).json()).toEqual(
      saved.json(),
    );
  });

  it.each([
    ['the opt-in without a phone', { whatsapp_opt_in: true, phone: null }, 'body.phone'],
    ['an incomplete phone', { whatsapp_opt_in: true, phone: '+55 43 9912' }, 'body.phone'],
    ['an unknown type', { notification_type_ids: [999] }, 'body.notification_type_ids'],
  ])('refuses %s with 400 naming the field', async (_, change, field) => {
    const id = await makeFarm(app.db, accountId);
    const response = await send(admin.token, 'PUT', `/api/farms/${id}/notifications`, {
      notification_type_ids: [],
      whatsapp_opt_in: false,
      ...change,
    });
    expect([response.statusCode, response.json().key]).toEqual([400, 'exception.validation_error']);
    expect(response.json().context.additionalInfo).toEqual(
      expect.arrayContaining([expect.objectContaining({ field })]),
    );
    expect((await send(admin.token, 'GET', `/api/farms/${id}/notifications`)).json()).toEqual({
      notification_type_ids: [],
      whatsapp_opt_in: false,
      phone: null,
    });
  });
});

describe('season-crops of a farm', () => {
  it('answers the seasons of the farm’s country, for a session that sees the farm', async () => {
    const iowa = await place(app.db, 'IA', 'Story County', 3);
    const farm = (
      await send(admin.token, 'POST', '/api/fazendas', {
        ...newFarm(),
        pais: 3,
        estado: iowa.stateId,
        municipio: iowa.cityId,
      })
    ).json<Farm>();
    expect(farm.time_zone).toBe('America/Chicago');
    expect(farm.bag_price[0]!.currency_id).toBe(1);
    const seasons = await send(admin.token, 'GET', `/api/season-crops?farm_id=${farm.id}`);
    const countries = new Set(seasons.json<{ country_id: number }[]>().map((s) => s.country_id));
    expect([...countries]).toEqual([3]);

    const anonymous = await app.app.inject({
      method: 'GET',
      url: `/api/season-crops?farm_id=${farm.id}`,
    });
    expect([anonymous.statusCode, anonymous.json().key]).toEqual([
      401,
      'exception.token_not_provided',
    ]);
    const stranger = (await accountWith(app, ['CONTA'])).members.CONTA!;
    const foreign = await send(stranger.token, 'GET', `/api/season-crops?farm_id=${farm.id}`);
    expect([foreign.statusCode, foreign.json().key]).toEqual([404, 'exception.not_found']);
    // Without a farm the list stays public reference data.
    expect((await app.app.inject({ method: 'GET', url: '/api/season-crops' })).statusCode).toBe(
      200,
    );
  });
});
