import {
  COUNTRY_IDS,
  CROP_IDS,
  CURRENCY_IDS,
  PLANS,
  PROFILE_IDS,
  addDays,
  findCountry,
  todayIn,
  type ProfileUid,
} from '@lavoura/domain';
import { checkPlotGeometry } from '@lavoura/domain/geo';
import tzLookup from '@photostructure/tz-lookup';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, identityCounts, login, tokenFor } from '../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, demoEmail, ensurePlatformAdmin, seedDemoData } from './bootstrap.ts';
import { DEMO_FARMS, demoOutline, pickCity } from './demo-farms.ts';
import * as t from './schema.ts';

const PLAN_KEYS = [
  ['freemium', 5],
  ['light', 1],
  ['pro', 2],
  ['lavoura', 3],
  ['full', 4],
] as const;
const CUSTOMER_PROFILES: ProfileUid[] = [
  'CONTA',
  'FARM',
  'ASSISTENTE_TECNICO',
  'CON_REV',
  'PESQUISA',
];

let app: TestApp;
let firstRun: boolean;
beforeAll(async () => {
  app = await createTestApp();
  firstRun = await seedDemoData(app.db);
});
afterAll(() => app.close());

describe('seedDemoData', () => {
  it('creates one account per plan level, each with one user per customer profile', async () => {
    expect(firstRun).toBe(true);
    const accounts = await app.db.select().from(t.accounts).where(eq(t.accounts.internal, false));
    expect(accounts.map((a) => a.planId).sort()).toEqual(PLANS.map((p) => p.id).sort());
    for (const [plan, planId] of PLAN_KEYS) {
      const account = accounts.find((a) => a.planId === planId)!;
      const members = await app.db
        .select({ email: t.users.email, profileId: t.memberships.profileId })
        .from(t.memberships)
        .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
        .where(eq(t.memberships.accountId, account.id));
      const own = members.filter((m) => m.email.endsWith(`@${plan}.demo.lavoura.app`));
      expect(own.map((m) => m.profileId).sort()).toEqual(
        CUSTOMER_PROFILES.map((p) => PROFILE_IDS[p]).sort(),
      );
      expect(members.length - own.length).toBe(plan === 'pro' ? 1 : 0);
    }
  });

  it.each(
    PLAN_KEYS.flatMap(([plan, planId]) =>
      CUSTOMER_PROFILES.map((profile) => [plan, profile, planId] as const),
    ),
  )('lets the %s %s demo user log in with DEMO_PASSWORD', async (plan, profile, planId) => {
    const session = await login(app, demoEmail(plan, profile), DEMO_PASSWORD);
    expect(session.statusCode, session.body).toBe(200);
    // Each enters the account of their plan with their profile (the Full administrator included).
    expect(session.json().user).toMatchObject({
      plan: { id: planId },
      user_profile: { uid: profile },
    });
  });

  it('gives the Full account’s administrator two accounts, entering the Full one as CONTA', async () => {
    const session = (await login(app, demoEmail('full', 'CONTA'), DEMO_PASSWORD)).json();
    expect(session.accounts).toHaveLength(2);
    expect(session.user).toMatchObject({ plan: { id: 4 }, user_profile: { uid: 'CONTA' } });
    const pro = session.accounts.find((a: { current: boolean }) => !a.current);
    const switched = await app.app.inject({
      method: 'POST',
      url: '/admin-api/select-account',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { account_id: pro.id },
    });
    expect(switched.json().user).toMatchObject({ plan: { id: 2 }, user_profile: { uid: 'FARM' } });
  });

  it('creates the demo platform administrator', async () => {
    const session = await login(app, 'admin@demo.lavoura.app', DEMO_PASSWORD);
    expect(session.json().user.user_profile.uid).toBe('ADMIN');
  });

  it('creates nothing on a second call', async () => {
    const before = await identityCounts(app.db);
    expect(await seedDemoData(app.db)).toBe(false);
    expect(
      await ensurePlatformAdmin(app.db, {
        email: 'admin@demo.lavoura.app',
        password: DEMO_PASSWORD,
      }),
    ).toBe(false);
    expect(await identityCounts(app.db)).toEqual(before);
  });
});

describe('the demo farms', () => {
  async function accountId(planId: number): Promise<number> {
    const [account] = await app.db
      .select({ id: t.accounts.id })
      .from(t.accounts)
      .where(and(eq(t.accounts.planId, planId), eq(t.accounts.internal, false)));
    return account!.id;
  }

  async function farmsOf(planId: number) {
    return app.db
      .select()
      .from(t.farms)
      .where(eq(t.farms.accountId, await accountId(planId)));
  }

  /** The farms `GET /api/farms` lists to a demo user in the account of the given plan. */
  async function farmNames(email: string, planId: number): Promise<string[]> {
    const session = await login(app, email, DEMO_PASSWORD);
    expect(session.statusCode, session.body).toBe(200);
    let { token } = session.json<{ token: string }>();
    // The Full administrator may last have entered the Pro account (see above).
    const account = await accountId(planId);
    const current = session.json<{ accounts: { id: number; current: boolean }[] }>().accounts;
    if (!current.some((entry) => entry.id === account && entry.current)) {
      const switched = await app.app.inject({
        method: 'POST',
        url: '/admin-api/select-account',
        headers: bearer(token),
        payload: { account_id: account },
      });
      token = switched.json<{ token: string }>().token;
    }
    const response = await app.app.inject({ url: '/api/farms', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ nome: string }[]>().map((farm) => farm.nome);
  }

  it('gives the Full account farms in Brazil, Paraguay and the USA, one disabled', async () => {
    const farms = await farmsOf(4);
    expect(new Set(farms.map((farm) => farm.countryId))).toEqual(
      new Set([COUNTRY_IDS.brazil, COUNTRY_IDS.paraguay, COUNTRY_IDS.usa]),
    );
    expect(farms.filter((farm) => !farm.enabled)).toHaveLength(1);
    const places = await app.db
      .select({ state: t.states.code, city: t.cities.name, countryId: t.states.countryId })
      .from(t.farms)
      .innerJoin(t.states, eq(t.states.id, t.farms.stateId))
      .innerJoin(t.cities, and(eq(t.cities.id, t.farms.cityId), eq(t.cities.stateId, t.states.id)))
      .where(eq(t.farms.accountId, await accountId(4)));
    expect(places).toEqual(
      expect.arrayContaining([
        { state: 'PR', city: 'Cascavel', countryId: COUNTRY_IDS.brazil },
        { state: 'MT', city: 'Sorriso', countryId: COUNTRY_IDS.brazil },
        { state: 'RS', city: 'Cruz Alta', countryId: COUNTRY_IDS.brazil },
        { state: 'IA', city: 'Story County', countryId: COUNTRY_IDS.usa },
      ]),
    );
    // Paraguay's list is either the package's or the tax authority's: a district of Itapúa.
    const paraguay = places.find((place) => place.countryId === COUNTRY_IDS.paraguay)!;
    expect(paraguay.state).toBe('7');
    expect((await farmsOf(2)).length).toBeGreaterThan(0);
  });

  it('prices the bags in the country’s currency and takes the coordinates’ time zone', async () => {
    const farms = [...(await farmsOf(4)), ...(await farmsOf(2))];
    const prices = await app.db
      .select()
      .from(t.farmBagPrices)
      .where(
        inArray(
          t.farmBagPrices.farmId,
          farms.map((farm) => farm.id),
        ),
      );
    for (const farm of farms) {
      const currencyId = CURRENCY_IDS[findCountry(farm.countryId)!.currency];
      const own = prices.filter((price) => price.farmId === farm.id);
      expect(own.map((price) => [price.cropId, price.currencyId]).sort()).toEqual([
        [CROP_IDS.soybean, currencyId],
        [CROP_IDS.wheat, currencyId],
      ]);
      expect(farm.timeZone).toBe(tzLookup(farm.latitude, farm.longitude));
    }
  });

  it('stores each plot as the plots API would: 3 to 8 a farm, measured geodesically', async () => {
    const farms = [...(await farmsOf(4)), ...(await farmsOf(2))];
    const plots = await app.db
      .select()
      .from(t.plots)
      .where(
        inArray(
          t.plots.farmId,
          farms.map((farm) => farm.id),
        ),
      );
    for (const farm of farms) {
      const count = plots.filter((plot) => plot.farmId === farm.id).length;
      expect(count, farm.name).toBeGreaterThanOrEqual(3);
      expect(count, farm.name).toBeLessThanOrEqual(8);
    }
    expect(plots.filter((plot) => !plot.enabled)).toHaveLength(1);
    for (const plot of plots) {
      const checked = checkPlotGeometry(plot.geometry);
      if (!checked.ok) throw new Error(`${plot.name}: ${checked.problem}`);
      expect(plot.geometry).toEqual(checked.polygon);
      expect(plot.areaCalculated).toBe(checked.area_ha);
      expect(plot.area).toBe(checked.area_ha);
      expect(plot.area).toBeGreaterThan(20);
      expect(plot.area).toBeLessThan(300);
      expect(plot).toMatchObject({
        minLat: checked.bbox.min_lat,
        maxLng: checked.bbox.max_lng,
        latitude: checked.inside.latitude,
        longitude: checked.inside.longitude,
      });
      // Near its farm: within about 5 km of the farmstead.
      const farm = farms.find((f) => f.id === plot.farmId)!;
      expect(Math.abs(plot.latitude - farm.latitude)).toBeLessThan(0.05);
      expect(Math.abs(plot.longitude - farm.longitude)).toBeLessThan(0.05);
    }
    // The Iowa fields, measured afresh from their drawing.
    const hansen = DEMO_FARMS.find((farm) => farm.name === 'Hansen Family Farm')!;
    const [hansenId] = farms.filter((farm) => farm.name === hansen.name).map((farm) => farm.id);
    for (const drawn of hansen.plots) {
      const checked = checkPlotGeometry(demoOutline(hansen, drawn));
      const stored = plots.find((plot) => plot.farmId === hansenId && plot.name === drawn.name)!;
      expect(checked.ok && checked.area_ha).toBe(stored.area);
    }
    const homeQuarter = plots.find((plot) => plot.name === 'Home Quarter')!;
    expect(homeQuarter.area).toBeCloseTo(62.24, 1); // 805 m square less the 160 m farmyard
  });

  it('shows the administrators every farm and the other members only those assigned', async () => {
    const names = (account: string, seenBy?: { plan: string; profile: ProfileUid }) =>
      DEMO_FARMS.filter(
        (farm) =>
          farm.account === account &&
          (!seenBy ||
            farm.seenBy.some((u) => u.plan === seenBy.plan && u.profile === seenBy.profile)),
      )
        .map((farm) => farm.name)
        .sort();
    expect((await farmNames(demoEmail('full', 'CONTA'), 4)).sort()).toEqual(names('full'));
    expect((await farmNames(demoEmail('pro', 'CONTA'), 2)).sort()).toEqual(names('pro'));
    expect(await farmNames(demoEmail('full', 'ASSISTENTE_TECNICO'), 4)).toEqual([
      'Fazenda Santa Helena',
    ]);
    expect((await farmNames(demoEmail('full', 'FARM'), 4)).sort()).toEqual([
      'Fazenda Santa Helena',
      'Fazenda Três Irmãos',
    ]);
    expect((await farmNames(demoEmail('full', 'CON_REV'), 4)).sort()).toEqual([
      'Estancia San Rafael',
      'Granja São Pedro',
    ]);
    expect(await farmNames(demoEmail('full', 'PESQUISA'), 4)).toEqual(['Hansen Family Farm']);
    for (const profile of ['FARM', 'ASSISTENTE_TECNICO', 'CON_REV', 'PESQUISA'] as const) {
      const seen = (await farmNames(demoEmail('pro', profile), 2)).sort();
      expect(seen).toEqual(names('pro', { plan: 'pro', profile }));
      expect(seen.length).toBeGreaterThan(0);
    }
    // The Full administrator is a FARM member of the Pro account: its assigned farms there.
    expect((await farmNames(demoEmail('full', 'CONTA'), 2)).sort()).toEqual(
      names('pro', { plan: 'full', profile: 'CONTA' }),
    );
    // A farm not assigned is not found.
    const hidden = (await farmsOf(4)).find((farm) => farm.name === 'Hansen Family Farm')!;
    const token = await tokenFor(app, demoEmail('full', 'ASSISTENTE_TECNICO'), DEMO_PASSWORD);
    const refused = await app.app.inject({
      url: `/api/farms/${hidden.id}`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('finds a city by name up to accents and case, else falls back to a listed one', () => {
    const cities = [
      { name: 'Obligado', listed: true },
      { name: 'ENCARNACIÓN', listed: false },
      { name: 'Encarnación', listed: true },
      { name: 'Bella Vista', listed: true },
    ];
    expect(pickCity(cities, ['Hohenau', 'Encarnacion'])).toBe(cities[2]);
    expect(pickCity(cities, ['Hohenau'])).toBe(cities[3]);
    expect(pickCity([], ['Hohenau'])).toBeUndefined();
  });
});

/** GET as the Full account's administrator, in the Full account. */
async function fullAdministrator() {
  const session = await login(app, demoEmail('full', 'CONTA'), DEMO_PASSWORD);
  // The administrator may last have entered the Pro account (see above): enter the Full one.
  const [full] = await app.db
    .select({ id: t.accounts.id })
    .from(t.accounts)
    .where(and(eq(t.accounts.planId, 4), eq(t.accounts.internal, false)));
  const switched = await app.app.inject({
    method: 'POST',
    url: '/admin-api/select-account',
    headers: bearer(session.json<{ token: string }>().token),
    payload: { account_id: full!.id },
  });
  const { token } = switched.json<{ token: string }>();
  return async <T>(url: string) =>
    (await app.app.inject({ url, headers: bearer(token) })).json<T>();
}

describe('the demo spray programs (issue 13 item 13)', () => {
  interface Program {
    nome: string;
    cultivar_id: number | null;
    semeadura_id: number | null;
    is_paused_by_climate: boolean;
    planejamentos: {
      data_realizada: string | null;
      produtos: { nome: string; preco: number }[];
    }[];
    avaliacao: { program_score: number } | null;
  }
  let programs: Program[];
  let sowings: { id: number; programa: { id: number } | null }[];
  let performance: {
    has_harvests: boolean;
    seasons_with_harvests: number[];
    summary: { harvested_sowings: number; average_productivity: number | null; sprays: number };
  };

  beforeAll(async () => {
    const get = await fullAdministrator();
    const farms = await get<{ id: number; nome: string }[]>('/api/farms');
    const farm = farms.find((row) => row.nome === 'Fazenda Três Irmãos')!;
    programs = await get<Program[]>(`/api/programas?fazenda_id=${farm.id}`);
    sowings = await get(`/api/semeaduras?fazenda_id=${farm.id}`);
    // The previous season's harvests (demo-harvests.ts): the season /performance opens on.
    const [soybean] = await app.db
      .select({ id: t.seasonCrops.id })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, COUNTRY_IDS.brazil), eq(t.seasonCrops.cropId, 1)))
      .limit(1);
    const { seasons_with_harvests: harvested } = await get<{ seasons_with_harvests: number[] }>(
      `/api/performance?farm_id=${farm.id}&season_crop_id=${soybean!.id}`,
    );
    performance = await get(`/api/performance?farm_id=${farm.id}&season_crop_id=${harvested[0]}`);
  });

  it('sows three plots of the current soybean season, one left for the grower to plan', () => {
    expect(sowings).toHaveLength(3);
    expect(sowings.filter((sowing) => sowing.programa === null)).toHaveLength(1);
  });

  it('gives two sowings the engine’s program, scored, one with sprays applied and one paused for drought', () => {
    // The current season's (the previous season's harvested sowings have theirs too).
    const executions = programs.filter((program) =>
      sowings.some((sowing) => sowing.id === program.semeadura_id),
    );
    expect(executions).toHaveLength(2);
    for (const program of executions) {
      expect(program.planejamentos.length).toBeGreaterThan(2);
      expect(program.avaliacao!.program_score).toBeGreaterThan(0);
    }
    const sede = executions.find((program) => program.nome.endsWith('Sede'))!;
    const applied = sede.planejamentos.filter((spray) => spray.data_realizada !== null);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.length).toBeLessThanOrEqual(2);
    expect(executions.filter((program) => program.is_paused_by_climate)).toHaveLength(1);
    expect(sede.is_paused_by_climate).toBe(false);
  });

  it('harvests the previous season’s four plots at the grower’s 55–70 sc/ha, sprays applied', () => {
    expect(performance.has_harvests).toBe(true);
    expect(performance.seasons_with_harvests).toHaveLength(1);
    expect(performance.summary.harvested_sowings).toBe(4);
    expect(performance.summary.average_productivity).toBeGreaterThan(55);
    expect(performance.summary.average_productivity).toBeLessThan(70);
    expect(performance.summary.sprays).toBe(12);
  });

  it('prices every product of every demo program: no spray costs nothing', () => {
    const unpriced = programs
      .flatMap((program) => program.planejamentos.flatMap((spray) => spray.produtos))
      .filter((product) => !(product.preco > 0))
      .map((product) => product.nome);
    expect(unpriced).toEqual([]);
  });

  it('plans a variety and copies the plan to the other one, with a weaker first spray to compare', () => {
    const plans = programs.filter((program) => program.semeadura_id === null);
    expect(plans).toHaveLength(2);
    const [plan, copy] = [...plans].sort((a, b) => a.cultivar_id! - b.cultivar_id!);
    expect([plan!.nome, copy!.nome]).toEqual([
      'Plano ferrugem — padrão',
      'Plano ferrugem — início com multissítio',
    ]);
    expect(copy!.planejamentos[0]!.produtos.map((product) => product.nome)).toEqual([
      'Bravonil 720',
    ]);
    expect(plan!.planejamentos[0]!.produtos.map((p) => p.nome)).not.toEqual(['Bravonil 720']);
    expect(copy!.avaliacao!.program_score).toBeLessThan(plan!.avaliacao!.program_score);
  });
});

describe('the demo Paraná programs (issue 28)', () => {
  interface Efficacy {
    alvo_id: number;
    eficacia_potencial: number;
    sem_registro: boolean;
  }
  interface Program {
    nome: string;
    crop_id: number;
    doenca_principal_id: number;
    mofo_branco: boolean;
    planejamentos: {
      mofo_branco: boolean;
      data_realizada: string | null;
      produtos: { nome: string; dose: number; preco: number; unidade: 'L' | 'kg' | null }[];
      avaliacao: { eficacias: Efficacy[] } | null;
    }[];
    avaliacao: { program_score: number; white_mold_program_score: number | null } | null;
  }
  let programs: Program[];
  const WHITE_MOLD = 8;
  const FHB = 14;

  beforeAll(async () => {
    const get = await fullAdministrator();
    const farms = await get<{ id: number; nome: string }[]>('/api/farms');
    const farm = farms.find((row) => row.nome === 'Fazenda Santa Helena')!;
    programs = await get<Program[]>(`/api/programas?fazenda_id=${farm.id}`);
    sowings = await get(`/api/semeaduras?fazenda_id=${farm.id}`);
  });
  let sowings: {
    crop_id: number;
    data_emergencia: string;
    estimated_cycle: number;
    status: string;
  }[];

  /** Every sprayed product has a label dose in its unit, and some efficacy against `target`. */
  function expectDosedAgainst(program: Program, target: number) {
    const sprays = program.planejamentos.filter((spray) => spray.produtos.length > 0);
    expect(sprays.length).toBeGreaterThan(0);
    for (const product of sprays.flatMap((spray) => spray.produtos)) {
      expect(product.dose).toBeGreaterThan(0);
      // The demo grower priced what the suggestions choose: no spray costs nothing.
      expect(product.preco, product.nome).toBeGreaterThan(0);
      expect(['L', 'kg']).toContain(product.unidade);
    }
    const against = sprays
      .flatMap((spray) => spray.avaliacao?.eficacias ?? [])
      .filter((efficacy) => efficacy.alvo_id === target);
    // A registered product with a known efficacy: no "not informed" answer for this target.
    expect(
      against.some((efficacy) => efficacy.eficacia_potencial > 0 && !efficacy.sem_registro),
    ).toBe(true);
  }

  it('plans soybean white-mold sprays with products registered and dosed for white mold', () => {
    const program = programs.find((row) => row.mofo_branco)!;
    expect(program.nome).toBe('Ferrugem e mofo-branco — Baixada');
    expect(program.planejamentos.filter((spray) => spray.mofo_branco)).toHaveLength(2);
    expectDosedAgainst(program, WHITE_MOLD);
    expect(program.avaliacao!.white_mold_program_score).toBeGreaterThan(0);
  });

  it('sows TBIO Toruk wheat with a fusarium-head-blight program of registered, dosed products', () => {
    const program = programs.find((row) => row.crop_id === CROP_IDS.wheat)!;
    expect(program.doenca_principal_id).toBe(FHB);
    expectDosedAgainst(program, FHB);
    expect(program.avaliacao!.program_score).toBeGreaterThan(0);
    // Once its cycle is a week past, the wheat is harvested.
    const wheat = sowings.find((sowing) => sowing.crop_id === CROP_IDS.wheat)!;
    const cycleEnd = addDays(wheat.data_emergencia, wheat.estimated_cycle + 7);
    if (cycleEnd < todayIn('America/Sao_Paulo')) expect(wheat.status).toBe('harvested');
  });
});
