import { addDays, currentSeasonStartYear, seasonPeriod, todayIn } from '@lavoura/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSession } from '../../db/demo-programs.ts';
import * as t from '../../db/schema.ts';
import { assignFarms, currentSeasonCrop, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, versionsHeard, type TestApp } from '../../test/test-app.ts';
import { programServices } from './program-services.ts';

/**
 * The programs list keeps each program's entry as JSON under the program's stamp, which the
 * database moves on every write to what the entry shows (issue 29 item 10, migration 0025). Each
 * test reads the list first, so the entries are kept, then writes, by a route or in SQL, and
 * expects the next list to show the write: an entry left stale fails here.
 */

let app: TestApp;
let accountId: number;
let admin: { id: number; token: string };
let farmer: { id: number; token: string };
let farmId: number;
let seasonCropId: number;
let varietyId: number;
let farmVarietyId: number;
let fox: number;
let unizeb: number;
let season: { start_period: string };

const day = (offset: number) => addDays(season.start_period, offset);
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  as = admin.token,
) => app.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

interface Listed {
  id: number;
  nome: string;
  area: number | null;
  ciclo_dias: number | null;
  custo_ha: number;
  is_paused_by_climate: boolean;
  avaliacao: { program_score: number } | null;
  planejamentos: {
    id: number;
    data_aplicacao_planejada: string;
    data_realizada: string | null;
    custo_ha: number;
    produtos: { defensivo_id: number; nome: string; dose: number; preco: number }[];
    avaliacao: {
      spray_score: number;
      eficacias: {
        alvo_id: number;
        produtos: { eficacia_percentual: number | null; sem_registro: boolean }[];
      }[];
    } | null;
  }[];
}

async function list(query = `fazenda_id=${farmId}&basic_list=1`, as = admin.token) {
  const response = await call('GET', `/api/programas?${query}`, undefined, as);
  expect(response.statusCode).toBe(200);
  return response.json<Listed[]>();
}
const entry = async (id: number, query?: string, as?: string) =>
  (await list(query, as)).find((program) => program.id === id);

/** A plan of the farm's variety with one spray of Fox at DAE 38. */
async function plan(farmVariety = farmVarietyId) {
  const created = await call('POST', '/api/programas', {
    cultivar_id: farmVariety,
    nome: 'Plano',
    doenca_principal_id: 1,
    severidade: 1,
    data_prevista: day(67),
    ciclo_dias: 120,
  });
  expect(created.statusCode).toBe(201);
  const planned = await call('POST', `/api/programas/${created.json().id}/planejamentos`, {
    data: day(67 + 38),
    produtos: [{ defensivo_id: fox, dose: 0.4, preco: 100 }],
  });
  expect(planned.statusCode).toBe(201);
  return planned.json<Listed>();
}

/** A sowing of the farm's variety (emerged on day 67, 120 days), written as the data has it. */
async function sowing(values: { area?: number; estimatedCycle?: number | null } = {}) {
  const plotId = await makePlot(app.db, accountId, farmId, { area: 50 });
  const [row] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId,
      plotId,
      cropId: 1,
      seasonCropId,
      farmVarietyId,
      area: values.area ?? 20,
      sowingDate: day(60),
      emergenceDate: day(67),
      estimatedCycle: values.estimatedCycle === undefined ? 120 : values.estimatedCycle,
    })
    .returning({ id: t.sowings.id });
  await versionsHeard(app);
  return row!.id;
}

/** A sowing's program with one spray of Fox at DAE 38. */
async function execution(sowingId: number) {
  const created = await call('POST', '/api/programas', {
    semeadura_id: sowingId,
    doenca_principal_id: 1,
    severidade: 1,
  });
  expect(created.statusCode).toBe(201);
  const planned = await call('POST', `/api/programas/${created.json().id}/planejamentos`, {
    data: day(67 + 38),
    produtos: [{ defensivo_id: fox, dose: 0.4, preco: 100 }],
  });
  expect(planned.statusCode).toBe(201);
  return planned.json<Listed>();
}

/** The first catalogue product of Brazil whose name is like `pattern`. */
async function productNamed(pattern: string) {
  const [row] = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(and(sql`${t.pesticides.name} like ${pattern}`, eq(t.pesticides.countryId, 1)))
    .orderBy(t.pesticides.id)
    .limit(1);
  return row!.id;
}

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA', 'FARM'], { planId: 4 });
  accountId = account.accountId;
  admin = account.members.CONTA!;
  farmer = account.members.FARM!;
  farmId = await makeFarm(app.db, accountId, { name: 'Sede' });
  season = seasonPeriod(1, 1, currentSeasonStartYear(1, 1, todayIn('America/Sao_Paulo')));
  seasonCropId = await currentSeasonCrop(app.db);
  const [variety] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  varietyId = variety!.id;
  const [farmVariety] = await app.db
    .insert(t.farmVarieties)
    .values({ accountId, farmId, seasonCropId, varietyId })
    .returning({ id: t.farmVarieties.id });
  farmVarietyId = farmVariety!.id;
  fox = await productNamed('Fox');
  unizeb = await productNamed('Unizeb%');
});
afterAll(() => app.close());

describe('the programs list after a write through the API', () => {
  it('shows a plan’s new dose, product, day and name, and drops it once deleted', async () => {
    const program = await plan();
    const sprayId = program.planejamentos[0]!.id;
    const change = (produtos: unknown[], offset = 38) =>
      call('PUT', `/api/programas/${program.id}/planejamentos/${sprayId}`, {
        data: day(67 + offset),
        produtos,
      });
    await list();

    expect((await change([{ defensivo_id: fox, dose: 0.2, preco: 100 }])).statusCode).toBe(200);
    const dosed = (await entry(program.id))!;
    expect(dosed.planejamentos[0]!.produtos[0]!.dose).toBe(0.2);
    expect(dosed.custo_ha).toBe(20);

    expect((await change([{ defensivo_id: unizeb, dose: 1.5, preco: 30 }])).statusCode).toBe(200);
    const [product] = (await entry(program.id))!.planejamentos[0]!.produtos;
    expect([product!.defensivo_id, product!.nome]).toEqual([
      unizeb,
      expect.stringMatching(/^Unizeb/),
    ]);

    expect((await change([{ defensivo_id: unizeb, dose: 1.5, preco: 30 }], 45)).statusCode).toBe(
      200,
    );
    expect((await entry(program.id))!.planejamentos[0]!.data_aplicacao_planejada).toBe(
      day(67 + 45),
    );

    const renamed = await call('PUT', `/api/programas/${program.id}`, {
      cultivar_id: farmVarietyId,
      nome: 'Plano renomeado',
      doenca_principal_id: 1,
      severidade: 1,
      data_prevista: day(67),
      ciclo_dias: 120,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await entry(program.id))!.nome).toBe('Plano renomeado');

    expect((await call('DELETE', `/api/programas/${program.id}`)).statusCode).toBe(204);
    expect(await entry(program.id)).toBeUndefined();
  });

  it('keeps the basic and the full list apart, each following a write', async () => {
    const program = await plan();
    const full = `fazenda_id=${farmId}`;
    expect((await entry(program.id))!.planejamentos[0]!.avaliacao).toBeNull();
    const explained = (await entry(program.id, full))!.planejamentos[0]!.avaliacao!;
    expect(explained.spray_score).toBeGreaterThan(0);
    expect((await entry(program.id))!.planejamentos[0]!.avaliacao).toBeNull();

    const written = await call(
      'PUT',
      `/api/programas/${program.id}/planejamentos/${program.planejamentos[0]!.id}`,
      { data: day(67 + 38), produtos: [{ defensivo_id: fox, dose: 0.1, preco: 100 }] },
    );
    expect(written.statusCode).toBe(200);
    const after = (await entry(program.id, full))!;
    expect(after.planejamentos[0]!.avaliacao!.spray_score).toBeLessThan(explained.spray_score);
    expect(after.planejamentos[0]!.avaliacao!.spray_score).toBe(
      written.json().planejamentos[0].avaliacao.spray_score,
    );
    expect((await entry(program.id))!.planejamentos[0]!.produtos[0]!.dose).toBe(0.1);
  });

  it('shows an execution applied, paused and resumed', async () => {
    const program = await execution(await sowing());
    await list();
    const applied = await call('POST', `/api/programs/${program.id}/sprayings/1/apply`, {
      applied_at: day(67 + 40),
    });
    expect(applied.statusCode).toBe(200);
    expect((await entry(program.id))!.planejamentos[0]!.data_realizada).toBe(day(67 + 40));

    const paused = await call('POST', `/api/programs/${program.id}/pause`, {
      reason_id: 1,
      paused_at: day(67 + 55),
    });
    expect(paused.statusCode).toBe(200);
    expect((await entry(program.id))!.is_paused_by_climate).toBe(true);

    const resumed = await call('POST', `/api/programs/${program.id}/resume`, {
      resumed_at: day(67 + 60),
    });
    expect(resumed.statusCode).toBe(200);
    expect((await entry(program.id))!.is_paused_by_climate).toBe(false);
  });

  it('shows an account product renamed and an account variety’s new cycle', async () => {
    const productBody = (nome: string) => ({
      nome,
      crop_id: 1,
      country_id: 1,
      formulacao: 'SC',
      ativos: [{ nome: 'Trifloxystrobin', concentracao: 150, unidade: 'g/L' }],
      doses: [{ doenca_id: 1, dose_min: 400, dose_max: 500, unidade: 'mL' }],
    });
    const product = await call('POST', '/api/account-products', productBody('Da Casa'));
    expect(product.statusCode).toBe(201);
    const program = await plan();
    const sprayed = await call(
      'PUT',
      `/api/programas/${program.id}/planejamentos/${program.planejamentos[0]!.id}`,
      {
        data: day(67 + 38),
        produtos: [{ defensivo_id: product.json().id, dose: 0.4, preco: 90 }],
      },
    );
    expect(sprayed.statusCode).toBe(200);
    await list();
    const renamed = await call(
      'PUT',
      `/api/account-products/${product.json().id}`,
      productBody('Da Casa Nova'),
    );
    expect(renamed.statusCode).toBe(200);
    expect((await entry(program.id))!.planejamentos[0]!.produtos[0]!.nome).toBe('Da Casa Nova');
    await app.db
      .update(t.pesticides)
      .set({ name: 'Da Casa, em SQL' })
      .where(eq(t.pesticides.id, product.json().id));
    await versionsHeard(app);
    expect((await entry(program.id))!.planejamentos[0]!.produtos[0]!.nome).toBe('Da Casa, em SQL');
    // Its efficacies gone in SQL, then its registration for rust withdrawn.
    const rust = async () =>
      (await entry(
        program.id,
        `fazenda_id=${farmId}`,
      ))!.planejamentos[0]!.avaliacao!.eficacias.find((target) => target.alvo_id === 1)!
        .produtos[0]!;
    expect((await rust()).eficacia_percentual).toBeGreaterThan(0);
    await app.db
      .delete(t.pesticideEfficacies)
      .where(eq(t.pesticideEfficacies.pesticideId, product.json().id));
    await versionsHeard(app);
    expect((await rust()).eficacia_percentual).toBeNull();
    expect((await rust()).sem_registro).toBe(false);
    await app.db
      .update(t.pesticideDoses)
      .set({ registered: false })
      .where(eq(t.pesticideDoses.pesticideId, product.json().id));
    await versionsHeard(app);
    expect((await rust()).sem_registro).toBe(true);

    // A plan brought into a sowing without a cycle is computed on its variety's.
    const variety = await call('POST', '/api/account-varieties', {
      nome: 'Cultivar da Casa',
      crop_id: 1,
      country_id: 1,
      ciclo_dias: 100,
    });
    expect(variety.statusCode).toBe(201);
    const [own] = await app.db
      .insert(t.farmVarieties)
      .values({ accountId, farmId, seasonCropId, varietyId: variety.json().id })
      .returning({ id: t.farmVarieties.id });
    await versionsHeard(app);
    const sowingId = await sowing({ estimatedCycle: null });
    await app.db
      .update(t.sowings)
      .set({ farmVarietyId: own!.id })
      .where(eq(t.sowings.id, sowingId));
    await versionsHeard(app);
    const imported = await call('POST', `/api/programas/${(await plan(own!.id)).id}/importar`, {
      semeadura_id: sowingId,
    });
    expect(imported.statusCode).toBe(201);
    expect((await entry(imported.json().id))!.ciclo_dias).toBe(100);
    const recycled = await call('PUT', `/api/account-varieties/${variety.json().id}`, {
      nome: 'Cultivar da Casa',
      crop_id: 1,
      country_id: 1,
      ciclo_dias: 130,
    });
    expect(recycled.statusCode).toBe(200);
    expect((await entry(imported.json().id))!.ciclo_dias).toBe(130);
    // The farm variety pointed at another variety, in SQL.
    const shorter = await call('POST', '/api/account-varieties', {
      nome: 'Cultivar precoce',
      crop_id: 1,
      country_id: 1,
      ciclo_dias: 90,
    });
    await app.db
      .update(t.farmVarieties)
      .set({ varietyId: shorter.json().id })
      .where(eq(t.farmVarieties.id, own!.id));
    await versionsHeard(app);
    expect((await entry(imported.json().id))!.ciclo_dias).toBe(90);
  });
});

describe('the programs list after a write in SQL, outside every route', () => {
  it('shows a product’s new price and a spraying’s new day, and a spraying removed', async () => {
    const program = await plan();
    const sprayId = program.planejamentos[0]!.id;
    await list();
    await app.db
      .update(t.sprayingProducts)
      .set({ price: '150' })
      .where(eq(t.sprayingProducts.sprayingId, sprayId));
    await versionsHeard(app);
    expect((await entry(program.id))!.planejamentos[0]!.produtos[0]!.preco).toBe(150);

    await app.db
      .update(t.sprayings)
      .set({ plannedDate: day(67 + 41) })
      .where(eq(t.sprayings.id, sprayId));
    await versionsHeard(app);
    expect((await entry(program.id))!.planejamentos[0]!.data_aplicacao_planejada).toBe(
      day(67 + 41),
    );

    await app.db.delete(t.sprayings).where(eq(t.sprayings.id, sprayId));
    await versionsHeard(app);
    expect((await entry(program.id))!.planejamentos).toEqual([]);
  });

  it('shows a pause, a program renamed, and a sowing’s new area on its program and its variety’s plans', async () => {
    const sowingId = await sowing({ area: 20 });
    const program = await execution(sowingId);
    const planned = await plan();
    const planArea = (await entry(planned.id))!.area!;
    await list();

    await app.db.insert(t.programPauses).values({
      accountId,
      programId: program.id,
      reasonId: 1,
      pausedAt: day(67 + 50),
    });
    await versionsHeard(app);
    expect((await entry(program.id))!.is_paused_by_climate).toBe(true);

    await app.db
      .update(t.programs)
      .set({ name: 'Renomeado em SQL' })
      .where(eq(t.programs.id, program.id));
    await versionsHeard(app);
    expect((await entry(program.id))!.nome).toBe('Renomeado em SQL');

    await app.db.update(t.sowings).set({ area: 25 }).where(eq(t.sowings.id, sowingId));
    await versionsHeard(app);
    const listed = await list();
    expect(listed.find((row) => row.id === program.id)!.area).toBe(25);
    expect(listed.find((row) => row.id === planned.id)!.area).toBe(planArea + 5);

    // A new sowing of the variety adds to its plans' area.
    await sowing({ area: 7 });
    expect((await entry(planned.id))!.area).toBe(planArea + 12);
    // The sowing's emergence moves its program's timeline.
    await app.db
      .update(t.sowings)
      .set({ emergenceDate: day(97) })
      .where(eq(t.sowings.id, sowingId));
    await versionsHeard(app);
    expect((await entry(program.id))!.avaliacao).not.toEqual(
      listed.find((row) => row.id === program.id)!.avaliacao,
    );
  });

  it('shows a catalogue product’s new name once the catalogue has a new version', async () => {
    const { answers } = programServices({ db: app.db });
    const session = demoSession({ accountId, userId: admin.id, membershipId: 0, planLevel: 4 });
    const program = await plan();
    const read = async () =>
      (
        JSON.parse(
          (await answers.listJson(session, { fazenda_id: farmId, basic_list: '1' })).json,
        ) as Listed[]
      ).find((row) => row.id === program.id)!;
    const [loaded] = await app.db
      .select({ version: t.referenceVersions.version })
      .from(t.referenceVersions)
      .where(eq(t.referenceVersions.name, 'catalogue'));
    const setCatalogue = (name: string, version: string) =>
      Promise.all([
        app.db.update(t.pesticides).set({ name }).where(eq(t.pesticides.id, fox)),
        app.db
          .update(t.referenceVersions)
          .set({ version })
          .where(eq(t.referenceVersions.name, 'catalogue')),
      ]);
    expect((await read()).planejamentos[0]!.produtos[0]!.nome).toBe('Fox');
    try {
      await setCatalogue('Fox Xpro', `${loaded!.version}-next`);
      expect((await read()).planejamentos[0]!.produtos[0]!.nome).toBe('Fox Xpro');
    } finally {
      await setCatalogue('Fox', loaded!.version);
    }
  });
});

describe('the programs list of each member', () => {
  it('answers each member the programs of the farms they see, and another account none', async () => {
    const other = await makeFarm(app.db, accountId, { name: 'Boa Vista' });
    const [otherVariety] = await app.db
      .insert(t.farmVarieties)
      .values({ accountId, farmId: other, seasonCropId, varietyId })
      .returning({ id: t.farmVarieties.id });
    const theirs = await plan(otherVariety!.id);
    const ours = await plan();
    // A second member of the farm profile who sees both farms (the first sees the Sede alone).
    const both = await makeUser(app.db, { accountId, profile: 'FARM' });
    await assignFarms(app.db, accountId, farmer.id, [farmId]);
    await assignFarms(app.db, accountId, both.id, [farmId, other]);
    const bothToken = await tokenFor(app, both.email);
    const ids = async (farm: number, as: string) =>
      (await list(`fazenda_id=${farm}&basic_list=1`, as)).map((row) => row.id);

    expect(await ids(other, admin.token)).toContain(theirs.id);
    expect(await ids(other, bothToken)).toEqual([theirs.id]);
    expect(await ids(other, farmer.token)).toEqual([]);
    expect(await ids(farmId, farmer.token)).toContain(ours.id);
    expect(await ids(farmId, bothToken)).toContain(ours.id);

    const stranger = await accountWith(app, ['CONTA'], { planId: 4 });
    expect(await ids(farmId, stranger.members.CONTA!.token)).toEqual([]);
    expect(await ids(other, stranger.members.CONTA!.token)).toEqual([]);
  });
});
