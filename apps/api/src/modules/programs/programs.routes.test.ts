import { addDays, currentSeasonStartYear, seasonPeriod, todayIn } from '@lavoura/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, makePlot, place } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, versionsHeard, type TestApp } from '../../test/test-app.ts';

/** Spray programs and their applications (issue 13 items 5–6): every rule and key, nothing written. */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;
let farmVarietyId: number;
let sowingId: number;
let season: { start_period: string };
let products: number[];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Everything a refusal must leave as it was. */
const snapshot = async () => ({
  programs: await app.db
    .select()
    .from(t.programs)
    .where(eq(t.programs.accountId, accountId))
    .orderBy(t.programs.id),
  sprayings: await app.db
    .select()
    .from(t.sprayings)
    .where(eq(t.sprayings.accountId, accountId))
    .orderBy(t.sprayings.id),
  products: await app.db
    .select()
    .from(t.sprayingProducts)
    .where(eq(t.sprayingProducts.accountId, accountId))
    .orderBy(t.sprayingProducts.id),
});

const day = (offset: number) => addDays(season.start_period, offset);
const application = (offset: number, extra: Record<string, unknown> = {}) => ({
  data: day(offset),
  produtos: [
    { defensivo_id: products[0], dose: 0.5, preco: 120 },
    { defensivo_id: products[1], dose: 1.5, preco: 30 },
  ],
  ...extra,
});

async function refused(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  status: number,
  key: string,
) {
  const before = await snapshot();
  const response = await call(method, url, payload);
  expect([response.statusCode, response.json().key]).toEqual([status, key]);
  expect(await snapshot()).toEqual(before);
  return response;
}

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId);
  const plotId = await makePlot(app.db, accountId, farmId, { area: 50 });
  season = seasonPeriod(1, 1, currentSeasonStartYear(1, 1, todayIn('America/Sao_Paulo')));
  const [seasonCrop] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(
      and(
        eq(t.seasonCrops.countryId, 1),
        eq(t.seasonCrops.cropId, 1),
        eq(t.seasonCrops.startPeriod, season.start_period),
      ),
    );
  const [variety] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  const [farmVariety] = await app.db
    .insert(t.farmVarieties)
    .values({ accountId, farmId, seasonCropId: seasonCrop!.id, varietyId: variety!.id })
    .returning({ id: t.farmVarieties.id });
  farmVarietyId = farmVariety!.id;
  const [sowing] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId,
      plotId,
      cropId: 1,
      seasonCropId: seasonCrop!.id,
      farmVarietyId,
      area: 40,
      sowingDate: day(60),
      emergenceDate: day(67),
      estimatedCycle: 120,
    })
    .returning({ id: t.sowings.id });
  sowingId = sowing!.id;
  const fungicides = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(sql`'fungicide' = any(${t.pesticides.categories})`)
    .orderBy(t.pesticides.id)
    .limit(3);
  products = fungicides.map((row) => row.id);
});
afterAll(() => app.close());

describe('a planning program’s life', () => {
  let programId: number;

  it('is created for a farm variety with one main and two secondary diseases', async () => {
    const created = await call('POST', '/api/programas', {
      cultivar_id: farmVarietyId,
      nome: 'Ferrugem 3 aplicações',
      doenca_principal_id: 1,
      doencas_secundarias_ids: [3, 4],
      severidade: 1,
      racional: true,
      data_prevista: day(70),
      ciclo_dias: 118,
    });
    expect(created.statusCode).toBe(201);
    programId = created.json().id;
    expect(created.json()).toMatchObject({
      nome: 'Ferrugem 3 aplicações',
      fazenda_id: farmId,
      cultivar_id: farmVarietyId,
      semeadura_id: null,
      crop_id: 1,
      doenca_principal_id: 1,
      doencas_secundarias_ids: [3, 4],
      severidade: 1,
      racional: true,
      data_prevista: day(70),
      ciclo_dias: 118,
      is_paused_by_climate: false,
      planejamentos: [],
      custo_ha: 0,
    });
  });

  it('takes applications in order and answers their cost per hectare and over the variety’s sown area', async () => {
    const first = await call('POST', `/api/programas/${programId}/planejamentos`, application(100));
    expect(first.statusCode).toBe(201);
    const second = await call('POST', `/api/programas/${programId}/planejamentos`, {
      ...application(121),
      produtos: [{ defensivo_id: products[2], dose: 0.3, preco: 210.5 }],
    });
    const program = second.json();
    expect(program.planejamentos.map((a: { aplicacao: number }) => a.aplicacao)).toEqual([1, 2]);
    // 0.5 × 120 + 1.5 × 30 = 105; 0.3 × 210.5 = 63.15; the variety is sown on 40 ha.
    expect(program.planejamentos.map((a: { custo_ha: number }) => a.custo_ha)).toEqual([
      105, 63.15,
    ]);
    expect(program).toMatchObject({ custo_ha: 168.15, area: 40, custo_total: 6726 });
    const listed = (await call('GET', `/api/programas?cultivar_id=${farmVarietyId}`)).json();
    expect(listed.map((row: { id: number }) => row.id)).toContain(programId);
    // The product picker offers the last price and dose the account used.
    const last = (await call('GET', '/api/defensives/last-values')).json();
    expect(last).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ defensivo_id: products[2], preco: 210.5, dose: 0.3 }),
      ]),
    );
  });

  it('moves an application and removes one, closing the gap in the positions', async () => {
    const [firstId, secondId] = (await call('GET', `/api/programas/${programId}`))
      .json()
      .planejamentos.map((a: { id: number }) => a.id);
    const moved = await call(
      'PUT',
      `/api/programas/${programId}/planejamentos/${secondId}`,
      application(125),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().planejamentos[1].data_aplicacao_planejada).toBe(day(125));
    const removed = await call('DELETE', `/api/programas/${programId}/planejamentos/${firstId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().planejamentos).toEqual([
      expect.objectContaining({ id: secondId, aplicacao: 1 }),
    ]);
  });

  it('is changed and deleted', async () => {
    const changed = await call('PUT', `/api/programas/${programId}`, {
      cultivar_id: farmVarietyId,
      doenca_principal_id: 1,
      doencas_secundarias_ids: [],
      mofo_branco: true,
    });
    expect(changed.json()).toMatchObject({ doencas_secundarias_ids: [], mofo_branco: true });
    expect((await call('DELETE', `/api/programas/${programId}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/programas/${programId}`)).statusCode).toBe(404);
  });
});

describe('refusals of a program, each writing nothing', () => {
  it('more than two secondary diseases: 400 exception.program.too_many_diseases', async () => {
    await refused(
      'POST',
      '/api/programas',
      { cultivar_id: farmVarietyId, doenca_principal_id: 1, doencas_secundarias_ids: [2, 3, 4] },
      400,
      'exception.program.too_many_diseases',
    );
  });

  it('a disease of another crop, or neither or both of variety and sowing: 400 exception.validation_error', async () => {
    const wheatDisease = await refused(
      'POST',
      '/api/programas',
      { cultivar_id: farmVarietyId, doenca_principal_id: 11 },
      400,
      'exception.validation_error',
    );
    expect(wheatDisease.json().context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'body.doenca_principal_id' }),
    ]);
    await refused(
      'POST',
      '/api/programas',
      { doenca_principal_id: 1 },
      400,
      'exception.validation_error',
    );
    await refused(
      'POST',
      '/api/programas',
      { cultivar_id: farmVarietyId, semeadura_id: sowingId, doenca_principal_id: 1 },
      400,
      'exception.validation_error',
    );
  });
});

describe('refusals of an application, each writing nothing', () => {
  let execution: number;

  beforeAll(async () => {
    execution = (
      await call('POST', '/api/programas', { semeadura_id: sowingId, doenca_principal_id: 1 })
    ).json().id;
  });
  const url = () => `/api/programas/${execution}/planejamentos`;

  it('an execution is computed on its sowing’s emergence and cycle', async () => {
    expect((await call('GET', `/api/programas/${execution}`)).json()).toMatchObject({
      semeadura_id: sowingId,
      cultivar_id: farmVarietyId,
      data_prevista: day(67),
      ciclo_dias: 120,
      area: 40,
    });
    // A variety's list holds its plans; the sowing's program is the sowing's.
    const plans = (await call('GET', `/api/programas?cultivar_id=${farmVarietyId}`)).json();
    expect(plans.map((row: { id: number }) => row.id)).not.toContain(execution);
    const own = (await call('GET', `/api/programas?semeadura_id=${sowingId}`)).json();
    expect(own.map((row: { id: number }) => row.id)).toEqual([execution]);
  });

  it('a product twice: 400 exception.spray.duplicated_defensive', async () => {
    await refused(
      'POST',
      url(),
      application(100, {
        produtos: [
          { defensivo_id: products[0], dose: 0.5, preco: 120 },
          { defensivo_id: products[0], dose: 0.2, preco: 120 },
        ],
      }),
      400,
      'exception.spray.duplicated_defensive',
    );
  });

  it('a product without dose or price, or none: 400 exception.validation_error', async () => {
    await refused(
      'POST',
      url(),
      { data: day(100), produtos: [{ defensivo_id: products[0], dose: 0.5 }] },
      400,
      'exception.validation_error',
    );
    await refused(
      'POST',
      url(),
      { data: day(100), produtos: [] },
      400,
      'exception.validation_error',
    );
  });

  it('before the sowing: 400 exception.spray.date_before_sowing', async () => {
    await refused('POST', url(), application(59), 400, 'exception.spray.date_before_sowing');
  });

  it('not after the previous spray: 400 exception.spray.date_before_last', async () => {
    expect((await call('POST', url(), application(100))).statusCode).toBe(201);
    await refused('POST', url(), application(100), 400, 'exception.spray.date_before_last');
    await refused('POST', url(), application(90), 400, 'exception.spray.date_before_last');
  });

  it('takes a white-mold spray on the day of a regular one (the suggestion puts both at R1)', async () => {
    // The regular spray of day 100 is the previous test's.
    const whiteMold = await call('POST', url(), application(100, { mofo_branco: true }));
    expect(whiteMold.statusCode, whiteMold.body).toBe(201);
    // But not a second white-mold spray that day, nor a regular one before it.
    await refused(
      'POST',
      url(),
      application(100, { mofo_branco: true }),
      400,
      'exception.spray.date_before_last',
    );
    await refused('POST', url(), application(99), 400, 'exception.spray.date_before_last');
    // Removed again: the next tests count the program's sprays.
    const last = whiteMold.json().planejamentos.at(-1);
    expect(last.mofo_branco).toBe(true);
    expect((await call('DELETE', `${url()}/${last.id}`)).statusCode).toBeLessThan(300);
  });

  it('an eighth soybean spray in Brazil: 400 exception.program.max_sprays', async () => {
    for (let n = 1; n < 7; n += 1)
      expect((await call('POST', url(), application(100 + n * 10))).statusCode).toBe(201);
    await refused('POST', url(), application(200), 400, 'exception.program.max_sprays');
  });

  it('a fourth white-mold spray: 400 exception.spray.white_mold_limit', async () => {
    for (const offset of [201, 202, 203])
      expect(
        (await call('POST', url(), application(offset, { mofo_branco: true }))).statusCode,
      ).toBe(201);
    await refused(
      'POST',
      url(),
      application(204, { mofo_branco: true }),
      400,
      'exception.spray.white_mold_limit',
    );
  });

  it('an applied spray is not removed as a plan (409 only_last_removable), nor its program (409 has_sprays)', async () => {
    const [first] = (await call('GET', `/api/programas/${execution}`)).json().planejamentos;
    await app.db
      .update(t.sprayings)
      .set({ appliedAt: day(101) })
      .where(inArray(t.sprayings.id, [first.id]));
    await refused(
      'DELETE',
      `${url()}/${first.id}`,
      undefined,
      409,
      'exception.spray.only_last_removable',
    );
    await refused(
      'DELETE',
      `/api/programas/${execution}`,
      undefined,
      409,
      'exception.program.has_sprays',
    );
  });
});

describe('a program’s scores and their explanation (the engine on the shipped catalogue)', () => {
  it('scores an execution on its sowing’s emergence and cycle, each efficacy with its tag and source', async () => {
    const [fox] = await app.db
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
    const plot = await makePlot(app.db, accountId, farmId, { area: 30 });
    const [sowing] = await app.db
      .insert(t.sowings)
      .values({
        accountId,
        farmId,
        plotId: plot,
        cropId: 1,
        seasonCropId: (
          await app.db
            .select({ id: t.sowings.seasonCropId })
            .from(t.sowings)
            .where(eq(t.sowings.id, sowingId))
        )[0]!.id,
        farmVarietyId,
        area: 30,
        sowingDate: day(60),
        emergenceDate: day(67),
        estimatedCycle: 120,
      })
      .returning({ id: t.sowings.id });
    const program = (
      await call('POST', '/api/programas', {
        semeadura_id: sowing!.id,
        doenca_principal_id: 1,
        doencas_secundarias_ids: [3],
        severidade: 1,
      })
    ).json();
    // DAE 38: V7-V9, the start of rust's spray range, with no full-risk day before it.
    const planned = (
      await call('POST', `/api/programas/${program.id}/planejamentos`, {
        data: day(67 + 38),
        produtos: [{ defensivo_id: fox!.id, dose: 0.4, preco: 100 }],
      })
    ).json();
    expect(planned.avaliacao).toMatchObject({
      data_emergencia: day(67),
      ciclo_dias: 120,
      severidade: 'high',
      severidade_assumida: false,
      maximo_aplicacoes: 7,
    });
    expect(planned.avaliacao.program_score).toBeGreaterThan(0);
    const spray = planned.planejamentos[0].avaliacao;
    expect(spray).toMatchObject({ estadio: 'V7-V9', estadio_nao_recomendado: false });
    const rust = spray.eficacias.find((target: { alvo_id: number }) => target.alvo_id === 1);
    // E 75.5 derived from the S15 trials; 0.4 L/ha is the label's lowest dose on soybean rust
    // (0.4–0.5 L/ha): a full dose, f(ρ) = 1.
    expect(rust).toMatchObject({ dias_expostos: 0, fator_epoca: 1, sem_registro: false });
    expect(rust.eficacia_potencial).toBeCloseTo(0.755, 6);
    expect(rust.eficacia_ajustada).toBeCloseTo(0.755, 6);
    expect(rust.produtos).toEqual([
      expect.objectContaining({
        defensivo_id: fox!.id,
        eficacia_percentual: 75.5,
        tag: 'D',
        fonte: expect.stringContaining('S15'),
        dose_assumida: false,
        fator_dose: 1,
      }),
    ]);
    expect(spray.avisos).not.toContainEqual(
      expect.objectContaining({ code: 'registered_dose_not_informed', defensivo_id: fox!.id }),
    );

    // Half the label dose: AGRONOMY §5's f(0.5) = 0.6124, and the sub-dose warning.
    const half = (
      await call(
        'PUT',
        `/api/programas/${program.id}/planejamentos/${planned.planejamentos[0].id}`,
        {
          data: day(67 + 38),
          produtos: [{ defensivo_id: fox!.id, dose: 0.2, preco: 100 }],
        },
      )
    ).json();
    const halfSpray = half.planejamentos[0].avaliacao;
    const halfRust = halfSpray.eficacias.find(
      (target: { alvo_id: number }) => target.alvo_id === 1,
    );
    expect(halfRust.produtos[0].fator_dose).toBeCloseTo(0.6124, 4);
    expect(halfRust.eficacia_potencial).toBeCloseTo(0.755 * 0.612372, 5);
    expect(halfSpray.avisos).toContainEqual(
      expect.objectContaining({ code: 'sub_dose', defensivo_id: fox!.id }),
    );
    await call('PUT', `/api/programas/${program.id}/planejamentos/${planned.planejamentos[0].id}`, {
      data: day(67 + 38),
      produtos: [{ defensivo_id: fox!.id, dose: 0.4, preco: 100 }],
    });

    // The list page's basic list: the program's score, without each application's explanation.
    const basic = (
      await call('GET', `/api/programas?semeadura_id=${sowing!.id}&basic_list=1`)
    ).json();
    expect(basic[0].avaliacao.program_score).toBe(planned.avaliacao.program_score);
    expect(basic[0].planejamentos[0].avaliacao).toBeNull();
    // The cached list follows every write, a pause written straight to the database included.
    await app.db
      .insert(t.programPauses)
      .values({ accountId, programId: program.id, reasonId: 2, pausedAt: day(67 + 40) });
    await versionsHeard(app);
    const after = (
      await call('GET', `/api/programas?semeadura_id=${sowing!.id}&basic_list=1`)
    ).json();
    expect(after[0].is_paused_by_climate).toBe(true);
    // The chart's curves on request: risk and protection per day from emergence to the cycle's end.
    expect(planned.avaliacao).not.toHaveProperty('curvas');
    const charted = (await call('GET', `/api/programas/${program.id}?include=curvas`)).json();
    const rustCurve = charted.avaliacao.curvas.doencas.find(
      (disease: { doenca_id: number }) => disease.doenca_id === 1,
    );
    expect(rustCurve.risco).toHaveLength(121);
    expect(rustCurve.protecao[38]).toBeCloseTo(0.755, 6);
    expect(rustCurve.protecao[30]).toBe(0);
    expect(charted.avaliacao.curvas.estadios[0]).toEqual({ code: 'VE', date: day(67) });
  });

  it('says what a plan lacks to be scored: its expected emergence and cycle', async () => {
    const plan = (
      await call('POST', '/api/programas', { cultivar_id: farmVarietyId, doenca_principal_id: 1 })
    ).json();
    expect(plan).toMatchObject({ avaliacao: null, avaliacao_indisponivel: 'emergence_and_cycle' });
    const dated = (
      await call('PUT', `/api/programas/${plan.id}`, {
        cultivar_id: farmVarietyId,
        doenca_principal_id: 1,
        data_prevista: day(67),
        ciclo_dias: 120,
      })
    ).json();
    expect(dated).toMatchObject({ avaliacao_indisponivel: null, avaliacao: { program_score: 0 } });
    // Computed at medium severity when the program names none, and said so.
    expect(dated.avaliacao).toMatchObject({ severidade: 'medium', severidade_assumida: true });
  });

  it('a product not registered for the target adds nothing to it: sem_registro', async () => {
    const [unregistered] = await app.db
      .select({ id: t.pesticideDoses.pesticideId })
      .from(t.pesticideDoses)
      .innerJoin(t.pesticides, eq(t.pesticides.id, t.pesticideDoses.pesticideId))
      .where(
        and(
          eq(t.pesticideDoses.diseaseId, 1),
          eq(t.pesticideDoses.registered, false),
          sql`'fungicide' = any(${t.pesticides.categories})`,
        ),
      )
      .limit(1);
    const plan = (
      await call('POST', '/api/programas', {
        cultivar_id: farmVarietyId,
        doenca_principal_id: 1,
        data_prevista: day(67),
        ciclo_dias: 120,
      })
    ).json();
    const answer = (
      await call('POST', `/api/programas/${plan.id}/planejamentos`, {
        data: day(67 + 50),
        produtos: [{ defensivo_id: unregistered!.id, dose: 1, preco: 10 }],
      })
    ).json();
    const rust = answer.planejamentos[0].avaliacao.eficacias[0];
    expect(rust).toMatchObject({ alvo_id: 1, sem_registro: true, eficacia_potencial: 0 });
    expect(rust.produtos[0]).toMatchObject({ sem_registro: true, eficacia: 0 });
    expect(answer.avaliacao.program_score).toBe(0);
  });
});

describe('executions: apply, undo, pause and resume (AGRONOMY §8)', () => {
  let fox: number;

  /** A sowing emerged on day(67) with a 120-day cycle, its program with sprays at DAE 38, 59, 80. */
  async function plannedExecution(seasonCropId?: number) {
    const plot = await makePlot(app.db, accountId, farmId, { area: 20 });
    const [own] = await app.db
      .select({ seasonCropId: t.sowings.seasonCropId })
      .from(t.sowings)
      .where(eq(t.sowings.id, sowingId));
    const [sowing] = await app.db
      .insert(t.sowings)
      .values({
        accountId,
        farmId,
        plotId: plot,
        cropId: 1,
        seasonCropId: seasonCropId ?? own!.seasonCropId,
        farmVarietyId,
        area: 20,
        sowingDate: day(60),
        emergenceDate: day(67),
        estimatedCycle: 120,
      })
      .returning({ id: t.sowings.id });
    const [program] = await app.db
      .insert(t.programs)
      .values({
        accountId,
        farmId,
        sowingId: sowing!.id,
        seasonCropId: seasonCropId ?? own!.seasonCropId,
        mainDiseaseId: 1,
        secondaryDiseaseIds: [3],
        severityId: 1,
      })
      .returning({ id: t.programs.id });
    for (const [ordinal, dae] of [
      [1, 38],
      [2, 59],
      [3, 80],
    ] as const) {
      const [spraying] = await app.db
        .insert(t.sprayings)
        .values({
          accountId,
          programId: program!.id,
          ordinal,
          plannedDate: day(67 + dae),
          originalDate: day(67 + dae),
        })
        .returning({ id: t.sprayings.id });
      await app.db
        .insert(t.sprayingProducts)
        .values({ accountId, sprayingId: spraying!.id, pesticideId: fox, dose: 0.4, price: '100' });
    }
    return program!.id;
  }
  const dates = (answer: {
    planejamentos: { data_aplicacao_planejada: string; data_realizada: string | null }[];
  }) => answer.planejamentos.map((a) => [a.data_aplicacao_planejada, a.data_realizada]);
  const apply = (program: number, ordinal: number, dae: number) =>
    call('POST', `/api/programs/${program}/sprayings/${ordinal}/apply`, {
      applied_at: day(67 + dae),
    });

  beforeAll(async () => {
    const [row] = await app.db
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
    fox = row!.id;
  });

  it('applies on time (nothing moves), then 7 days late: the later plan moves by 7 (E2)', async () => {
    const program = await plannedExecution();
    const onTime = await apply(program, 1, 38);
    expect(onTime.statusCode).toBe(200);
    expect(dates(onTime.json())).toEqual([
      [day(67 + 38), day(67 + 38)],
      [day(67 + 59), null],
      [day(67 + 80), null],
    ]);
    const late = (await apply(program, 2, 66)).json();
    expect(dates(late)).toEqual([
      [day(67 + 38), day(67 + 38)],
      [day(67 + 59), day(67 + 66)],
      [day(67 + 87), null],
    ]);
    // The scores follow the real dates.
    expect(late.planejamentos[1].avaliacao.estadio).toBe('R3');
  });

  it('records one apply when two arrive together, tells the other day it came second, and undoes it: the plan comes back', async () => {
    const program = await plannedExecution();
    const [first, second] = await Promise.all([apply(program, 1, 40), apply(program, 1, 41)]);
    // One day is kept; the other is told so, with nothing changed (issue 30 item 7: a phone that
    // was without signal learns its day was not the one recorded).
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.statusCode === 409)!.json().key).toBe(
      'exception.spraying.already_applied',
    );
    const [applied] = await app.db
      .select({ appliedAt: t.sprayings.appliedAt })
      .from(t.sprayings)
      .where(and(eq(t.sprayings.programId, program), eq(t.sprayings.ordinal, 1)));
    expect([day(67 + 40), day(67 + 41)]).toContain(applied!.appliedAt);
    // The same day again is the same record: nothing to refuse.
    const again = await apply(program, 1, applied!.appliedAt === day(67 + 40) ? 40 : 41);
    expect(again.statusCode).toBe(200);
    const undone = await call('POST', `/api/programs/${program}/sprayings/1/unapply`);
    expect(undone.statusCode).toBe(200);
    expect(dates(undone.json())[0]).toEqual([day(67 + 38), null]);
  });

  it('pauses for drought and resumes 8 days later: the plan from the pause on moves by 8 (E7)', async () => {
    const program = await plannedExecution();
    await apply(program, 1, 38);
    const paused = await call('POST', `/api/programs/${program}/pause`, {
      reason_id: 1,
      paused_at: day(67 + 55),
    });
    expect(paused.json().is_paused_by_climate).toBe(true);
    expect(paused.json().pausa).toEqual({
      reason_id: 1,
      description: null,
      paused_at: day(67 + 55),
    });
    await refused(
      'POST',
      `/api/programs/${program}/sprayings/2/apply`,
      { applied_at: day(67 + 59) },
      409,
      'exception.program.paused',
    );
    await refused(
      'POST',
      `/api/programs/${program}/pause`,
      { reason_id: 1 },
      409,
      'exception.program.paused',
    );
    const resumed = (
      await call('POST', `/api/programs/${program}/resume`, { resumed_at: day(67 + 63) })
    ).json();
    expect([resumed.is_paused_by_climate, resumed.pausa]).toEqual([false, null]);
    expect(dates(resumed)).toEqual([
      [day(67 + 38), day(67 + 38)],
      [day(67 + 67), null],
      [day(67 + 88), null],
    ]);
    await refused(
      'POST',
      `/api/programs/${program}/resume`,
      {},
      409,
      'exception.program.not_paused',
    );
  });

  it('a sowing’s program changes its settings, named by its sowing alone', async () => {
    const program = await plannedExecution();
    const [row] = await app.db
      .select({ sowingId: t.programs.sowingId })
      .from(t.programs)
      .where(eq(t.programs.id, program));
    const changed = await call('PUT', `/api/programas/${program}`, {
      semeadura_id: row!.sowingId,
      nome: 'Ferrugem — talhão novo',
      doenca_principal_id: 1,
      severidade: 2,
    });
    expect(changed.statusCode).toBe(200);
    expect([changed.json().nome, changed.json().severidade]).toEqual(['Ferrugem — talhão novo', 2]);
    await refused(
      'PUT',
      `/api/programas/${program}`,
      { cultivar_id: farmVarietyId, doenca_principal_id: 1 },
      400,
      'exception.validation_error',
    );
  });

  it('“other” needs a description: 400 exception.validation_error', async () => {
    const program = await plannedExecution();
    const response = await refused(
      'POST',
      `/api/programs/${program}/pause`,
      { reason_id: 5 },
      400,
      'exception.validation_error',
    );
    expect(response.json().context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'body.description' }),
    ]);
    const other = await call('POST', `/api/programs/${program}/pause`, {
      reason_id: 5,
      description: 'Granizo e vento',
    });
    expect(other.statusCode).toBe(200);
  });

  it('a plan records no applied spray (409 not_execution), nor a sowing of another season (409 other_season)', async () => {
    const plan = (
      await call('POST', '/api/programas', { cultivar_id: farmVarietyId, doenca_principal_id: 1 })
    ).json();
    await call('POST', `/api/programas/${plan.id}/planejamentos`, application(100));
    await refused(
      'POST',
      `/api/programs/${plan.id}/sprayings/1/apply`,
      {},
      409,
      'exception.program.not_execution',
    );
    const previous = seasonPeriod(1, 1, Number(season.start_period.slice(0, 4)) - 1);
    const [old] = await app.db
      .select({ id: t.seasonCrops.id })
      .from(t.seasonCrops)
      .where(
        and(
          eq(t.seasonCrops.countryId, 1),
          eq(t.seasonCrops.cropId, 1),
          eq(t.seasonCrops.startPeriod, previous.start_period),
        ),
      );
    const program = await plannedExecution(old!.id);
    await refused(
      'POST',
      `/api/programs/${program}/sprayings/1/apply`,
      {},
      409,
      'exception.sowing.other_season',
    );
    // The program and spraying policies (issue 29 item 2): a past season's program is read, never
    // changed, paused or given an application, as the web app's permissions for it say.
    const read = await call('GET', `/api/programas/${program}`);
    expect(read.statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', `/api/programs/${program}/pause`, { reason_id: 1 }],
      ['POST', `/api/programas/${program}/planejamentos`, application(100)],
      [
        'PUT',
        `/api/programas/${program}`,
        { semeadura_id: read.json().semeadura_id, doenca_principal_id: 1 },
      ],
      ['DELETE', `/api/programas/${program}`, undefined],
    ] as const)
      await refused(method, url, body, 409, 'exception.sowing.other_season');
  });

  it('records a spraying already applied, changes its day and products, and removes only the last (execucoes)', async () => {
    const program = await plannedExecution();
    const recorded = await call('POST', `/api/programas/${program}/execucoes`, {
      ...application(67 + 95),
      data_realizada: day(67 + 96),
    });
    expect(recorded.statusCode).toBe(201);
    const fourth = recorded.json().planejamentos[3];
    expect([fourth.aplicacao, fourth.data_aplicacao_planejada, fourth.data_realizada]).toEqual([
      4,
      day(67 + 95),
      day(67 + 96),
    ]);
    expect(fourth.produtos.map((p: { dose: number }) => p.dose)).toEqual([0.5, 1.5]);

    const changed = await call('PUT', `/api/programas/${program}/execucoes/${fourth.id}`, {
      data: day(67 + 95),
      data_realizada: day(67 + 97),
      produtos: [{ defensivo_id: fox, dose: 0.4, preco: 100 }],
    });
    expect(changed.statusCode).toBe(200);
    const after = changed.json().planejamentos[3];
    expect([after.data_realizada, after.produtos.map((p: { nome: string }) => p.nome)]).toEqual([
      day(67 + 97),
      ['Fox'],
    ]);

    const first = recorded.json().planejamentos[0].id;
    await refused(
      'DELETE',
      `/api/programas/${program}/execucoes/${first}`,
      undefined,
      409,
      'exception.spray.only_last_removable',
    );
    // A pending spraying is applied with its own call.
    await refused(
      'PUT',
      `/api/programas/${program}/execucoes/${first}`,
      { ...application(67 + 38), data_realizada: day(67 + 38) },
      400,
      'exception.validation_error',
    );
    const removed = await call('DELETE', `/api/programas/${program}/execucoes/${fourth.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().planejamentos.map((a: { aplicacao: number }) => a.aplicacao)).toEqual([
      1, 2, 3,
    ]);
  });

  it('an execution’s refusals write nothing: a plan (409), paused (409), applied before the sowing (400), an unknown spraying (404)', async () => {
    const plan = (
      await call('POST', '/api/programas', { cultivar_id: farmVarietyId, doenca_principal_id: 1 })
    ).json();
    await refused(
      'POST',
      `/api/programas/${plan.id}/execucoes`,
      application(100),
      409,
      'exception.program.not_execution',
    );
    const program = await plannedExecution();
    await refused(
      'POST',
      `/api/programas/${program}/execucoes`,
      { ...application(67 + 95), data_realizada: day(10) },
      400,
      'exception.spray.date_before_sowing',
    );
    await refused(
      'POST',
      `/api/programs/${program}/sprayings/1/apply`,
      { applied_at: day(10) },
      400,
      'exception.spray.date_before_sowing',
    );
    await call('POST', `/api/programs/${program}/pause`, { reason_id: 2 });
    await refused(
      'POST',
      `/api/programas/${program}/execucoes`,
      { ...application(67 + 95), data_realizada: day(67 + 95) },
      409,
      'exception.program.paused',
    );
    await refused(
      'DELETE',
      `/api/programas/${program}/execucoes/999999`,
      undefined,
      404,
      'exception.not_found',
    );
  });
});

describe('the suggestion (AGRONOMY §7, GET /api/programas/{id}/planejamentos/sugerir)', () => {
  it('plans from the start of the risk, with products at the label’s dose, or the account’s last one where the label’s is not informed, writing nothing', async () => {
    const [fox] = await app.db
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
    // The account used Fox at 0.4 L/ha (an earlier test): its last dose.
    const [last] = await app.db
      .select()
      .from(t.accountPesticideValues)
      .where(
        and(
          eq(t.accountPesticideValues.accountId, accountId),
          eq(t.accountPesticideValues.pesticideId, fox!.id),
        ),
      );
    expect(last!.dose).toBe(0.4);
    const plan = (
      await call('POST', '/api/programas', {
        cultivar_id: farmVarietyId,
        doenca_principal_id: 1,
        doencas_secundarias_ids: [3],
        severidade: 1,
        data_prevista: day(67),
        ciclo_dias: 120,
      })
    ).json();
    const before = await snapshot();
    const response = await call('GET', `/api/programas/${plan.id}/planejamentos/sugerir`);
    expect(response.statusCode).toBe(200);
    const suggestion = response.json();
    expect(await snapshot()).toEqual(before);
    // E1's windows: the combined risk reaches 0.5 at DAE 38 (V7-V9).
    expect(suggestion.inicio_risco).toBe(day(67 + 38));
    expect(suggestion.aplicacoes[0]).toMatchObject({ aplicacao: 1, data: day(67 + 38) });
    const defensives = (await call('GET', `/api/defensives?farm_id=${farmId}&crop_id=1`)).json();
    const labelDose = new Map<number, number | null>(
      defensives.map(
        (product: {
          id: number;
          doses: { target_id: number; dose_recomendada: number | null }[];
        }) => [
          product.id,
          product.doses.find((dose) => dose.target_id === 1)?.dose_recomendada ?? null,
        ],
      ),
    );
    const lastDose = new Map(
      (
        await app.db
          .select({ id: t.accountPesticideValues.pesticideId, dose: t.accountPesticideValues.dose })
          .from(t.accountPesticideValues)
          .where(eq(t.accountPesticideValues.accountId, accountId))
      ).map((row) => [row.id, row.dose]),
    );
    // The label's dose for rust where it gives one; else the account's last dose; else a dose to
    // fill, and the score waits for it.
    let labelled = 0;
    for (const application of suggestion.aplicacoes)
      for (const product of application.produtos) {
        const label = labelDose.get(product.defensivo_id);
        if (label) labelled += 1;
        expect(product.dose).toBe(label ?? lastDose.get(product.defensivo_id) ?? null);
      }
    expect(labelled).toBeGreaterThan(0);
    expect(suggestion.program_score === null).toBe(suggestion.doses_a_preencher > 0);
  });

  it('proposes, for a new account, the registered products at their label dose, with a score', async () => {
    const fresh = await accountWith(app, ['CONTA'], { planId: 4 });
    const freshFarm = await makeFarm(app.db, fresh.accountId);
    const [own] = await app.db
      .select({ seasonCropId: t.farmVarieties.seasonCropId, varietyId: t.farmVarieties.varietyId })
      .from(t.farmVarieties)
      .where(eq(t.farmVarieties.id, farmVarietyId));
    const [freshVariety] = await app.db
      .insert(t.farmVarieties)
      .values({ accountId: fresh.accountId, farmId: freshFarm, ...own! })
      .returning({ id: t.farmVarieties.id });
    const asFresh = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.app.inject({
        method,
        url,
        headers: bearer(fresh.members.CONTA!.token),
        ...(payload ? { payload } : {}),
      });
    const plan = (
      await asFresh('POST', '/api/programas', {
        cultivar_id: freshVariety!.id,
        doenca_principal_id: 1,
        severidade: 1,
        data_prevista: day(67),
        ciclo_dias: 120,
      })
    ).json();
    const suggestion = (
      await asFresh('GET', `/api/programas/${plan.id}/planejamentos/sugerir`)
    ).json();
    expect(suggestion.aplicacoes.length).toBeGreaterThan(1);
    // Never the six empty sprays blamed on rotation: each has a product at a dose.
    for (const application of suggestion.aplicacoes) {
      expect(application.motivo_sem_produto).toBeNull();
      expect(application.produtos.length).toBeGreaterThan(0);
    }
    const doses = suggestion.aplicacoes.flatMap((a: { produtos: { dose: number | null }[] }) =>
      a.produtos.map((p) => p.dose),
    );
    expect(suggestion.doses_a_preencher).toBe(
      doses.filter((dose: unknown) => dose === null).length,
    );
    expect(suggestion.program_score === null).toBe(suggestion.doses_a_preencher > 0);
  });

  it('proposes, for a US wheat head blight program, a product registered for it at its EPA label dose (us-labels/)', async () => {
    const fresh = await accountWith(app, ['CONTA'], { planId: 4 });
    const iowa = await makeFarm(app.db, fresh.accountId, {
      name: 'Ames',
      at: { place: await place(app.db, 'IA', 'Story County', 3), timeZone: 'America/Chicago' },
    });
    const [usWheat] = await app.db
      .select({ id: t.seasonCrops.id, startPeriod: t.seasonCrops.startPeriod })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.countryId, 3), eq(t.seasonCrops.cropId, 2)))
      .orderBy(sql`${t.seasonCrops.startPeriod} desc`)
      .limit(1);
    const [variety] = await app.db
      .select({ id: t.varieties.id })
      .from(t.varieties)
      .where(and(eq(t.varieties.cropId, 2), sql`3 = any(${t.varieties.countryIds})`))
      .limit(1);
    const [farmVariety] = await app.db
      .insert(t.farmVarieties)
      .values({
        accountId: fresh.accountId,
        farmId: iowa,
        seasonCropId: usWheat!.id,
        varietyId: variety!.id,
      })
      .returning({ id: t.farmVarieties.id });
    const asFresh = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.app.inject({
        method,
        url,
        headers: bearer(fresh.members.CONTA!.token),
        ...(payload ? { payload } : {}),
      });
    const created = await asFresh('POST', '/api/programas', {
      cultivar_id: farmVariety!.id,
      doenca_principal_id: 14,
      severidade: 1,
      data_prevista: addDays(usWheat!.startPeriod, 30),
      ciclo_dias: 120,
    });
    expect(created.statusCode).toBe(201);
    const response = await asFresh(
      'GET',
      `/api/programas/${created.json().id}/planejamentos/sugerir`,
    );
    expect(response.statusCode).toBe(200);
    const products = response
      .json()
      .aplicacoes.flatMap(
        (a: { produtos: { defensivo_id: number; dose: number | null }[] }) => a.produtos,
      );
    const labelled = await app.db
      .select({ id: t.pesticideDoses.pesticideId, dose: t.pesticideDoses.doseMin })
      .from(t.pesticideDoses)
      .innerJoin(t.pesticides, eq(t.pesticides.id, t.pesticideDoses.pesticideId))
      .where(
        and(
          eq(t.pesticides.countryId, 3),
          eq(t.pesticideDoses.diseaseId, 14),
          eq(t.pesticideDoses.registered, true),
          sql`${t.pesticideDoses.doseMin} is not null`,
        ),
      );
    const labelDose = new Map(labelled.map((row) => [row.id, row.dose]));
    // Prosaro (0.475 L/ha) is the one dosed FHB product S9 measured: the engine proposes it.
    const dosed = products.filter((product: { defensivo_id: number }) =>
      labelDose.has(product.defensivo_id),
    );
    expect(dosed.length).toBeGreaterThan(0);
    for (const product of dosed) expect(product.dose).toBe(labelDose.get(product.defensivo_id));
    expect(dosed.map((product: { dose: number }) => product.dose)).toContain(0.475);
  });

  it('suggests the number of sprays the program asks for, and keeps its white-mold count', async () => {
    const settings = {
      cultivar_id: farmVarietyId,
      doenca_principal_id: 1,
      data_prevista: day(67),
      ciclo_dias: 120,
    };
    const open = (await call('POST', '/api/programas', settings)).json();
    expect([open.total_aplicacoes_sugeridas, open.white_mold_total_sprayings]).toEqual([
      null,
      null,
    ]);
    const free = (await call('GET', `/api/programas/${open.id}/planejamentos/sugerir`)).json();
    expect(free.aplicacoes.length).toBeGreaterThan(2);
    const asked = (
      await call('POST', '/api/programas', {
        ...settings,
        total_aplicacoes_sugeridas: 2,
        mofo_branco: true,
        white_mold_total_sprayings: 1,
      })
    ).json();
    expect([asked.total_aplicacoes_sugeridas, asked.white_mold_total_sprayings]).toEqual([2, 1]);
    const two = (await call('GET', `/api/programas/${asked.id}/planejamentos/sugerir`)).json();
    // Two regular sprays and the white-mold one, with a product the label registers for soybean
    // white mold (at its label dose) and its S16 efficacy.
    const regular = two.aplicacoes.filter((a: { mofo_branco: boolean }) => !a.mofo_branco);
    expect(regular).toHaveLength(2);
    const mold = two.aplicacoes.filter((a: { mofo_branco: boolean }) => a.mofo_branco);
    expect(mold).toHaveLength(1);
    expect(mold[0].produtos.length).toBeGreaterThan(0);
    expect(mold[0].produtos[0].dose).toBeGreaterThan(0);
    expect(two.avisos).not.toContainEqual(
      expect.objectContaining({ code: 'empty_spray', doenca_id: 8 }),
    );
    const refused = await call('POST', '/api/programas', {
      ...settings,
      total_aplicacoes_sugeridas: 8,
    });
    expect([refused.statusCode, refused.json().key]).toEqual([400, 'exception.validation_error']);
  });

  it('needs the expected emergence and cycle: 400 naming data_prevista', async () => {
    const plan = (
      await call('POST', '/api/programas', { cultivar_id: farmVarietyId, doenca_principal_id: 1 })
    ).json();
    const response = await call('GET', `/api/programas/${plan.id}/planejamentos/sugerir`);
    expect(response.statusCode).toBe(400);
    expect(response.json().context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'body.data_prevista' }),
    ]);
  });
});

describe('a plan brought into a sowing, copied to varieties, and its stages', () => {
  let plan: number;

  beforeAll(async () => {
    plan = (
      await call('POST', '/api/programas', {
        cultivar_id: farmVarietyId,
        nome: 'Plano base',
        doenca_principal_id: 1,
        doencas_secundarias_ids: [3],
        data_prevista: day(70),
        ciclo_dias: 120,
      })
    ).json().id;
    await call('POST', `/api/programas/${plan}/planejamentos`, application(70 + 40));
    await call('POST', `/api/programas/${plan}/planejamentos`, application(70 + 61));
  });

  it('answers the timeline the plan is computed on', async () => {
    const stages = (await call('GET', `/api/programs/${plan}/growth-stages`)).json();
    expect(stages[0]).toMatchObject({ code: 'VE', start_date: day(70) });
    expect(stages.find((stage: { code: string }) => stage.code === 'R1').start_date).toBe(
      day(70 + 48),
    );
  });

  it('imports into the sowing, moving the applications by the real emergence (3 days earlier)', async () => {
    const imported = await call('POST', `/api/programas/${plan}/importar`, {
      semeadura_id: sowingId,
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({
      semeadura_id: sowingId,
      imported_from_planning_id: plan,
      nome: 'Plano base',
      doencas_secundarias_ids: [3],
      data_prevista: day(67),
      // The sowing's own cycle comes first.
      ciclo_dias: 120,
      ciclo_origem: 'sowing',
    });
    expect(
      imported
        .json()
        .planejamentos.map((a: { data_aplicacao_planejada: string }) => a.data_aplicacao_planejada),
    ).toEqual([day(67 + 40), day(67 + 61)]);
    expect(imported.json().planejamentos[0].produtos).toHaveLength(2);
  });

  it('computes a plan imported into a sowing without a cycle on the variety’s, else the reference 120 days, saying which', async () => {
    const [farmVariety] = await app.db
      .select({ seasonCropId: t.farmVarieties.seasonCropId, varietyId: t.farmVarieties.varietyId })
      .from(t.farmVarieties)
      .where(eq(t.farmVarieties.id, farmVarietyId));
    const [range] = await app.db
      .select({ min: t.varieties.minCycle, max: t.varieties.maxCycle })
      .from(t.varieties)
      .where(eq(t.varieties.id, farmVariety!.varietyId));
    const setRange = (minCycle: number | null, maxCycle: number | null) =>
      app.db
        .update(t.varieties)
        .set({ minCycle, maxCycle })
        .where(eq(t.varieties.id, farmVariety!.varietyId));
    const [{ plotId }] = (await app.db
      .select({ plotId: t.sowings.plotId })
      .from(t.sowings)
      .where(eq(t.sowings.id, sowingId))) as [{ plotId: number }];
    // Sowings without an estimated cycle, written as the data has them.
    const withoutCycle = async () => {
      const [row] = await app.db
        .insert(t.sowings)
        .values({
          accountId,
          farmId,
          plotId,
          cropId: 1,
          seasonCropId: farmVariety!.seasonCropId,
          farmVarietyId,
          area: 1,
          sowingDate: day(60),
          emergenceDate: day(67),
          estimatedCycle: null,
        })
        .returning({ id: t.sowings.id });
      return row!.id;
    };
    try {
      await setRange(100, 110);
      const fromVariety = (
        await call('POST', `/api/programas/${plan}/importar`, {
          semeadura_id: await withoutCycle(),
        })
      ).json();
      expect([fromVariety.ciclo_dias, fromVariety.ciclo_origem]).toEqual([105, 'variety']);
      expect(fromVariety.avaliacao_indisponivel).not.toBe('emergence_and_cycle');

      await setRange(null, null);
      const fromReference = (
        await call('POST', `/api/programas/${plan}/importar`, {
          semeadura_id: await withoutCycle(),
        })
      ).json();
      expect([fromReference.ciclo_dias, fromReference.ciclo_origem]).toEqual([120, 'reference']);
      expect(fromReference.avaliacao_indisponivel).not.toBe('emergence_and_cycle');
    } finally {
      await setRange(range!.min, range!.max);
    }
  });

  it('copies to another variety of the farm, all or nothing', async () => {
    const [other] = await app.db
      .select({ id: t.varieties.id })
      .from(t.varieties)
      .where(
        and(
          eq(t.varieties.cropId, 1),
          sql`${t.varieties.id} <> (select variety_id from farm_varieties where id = ${farmVarietyId})`,
        ),
      )
      .limit(1);
    const [seasonCrop] = await app.db
      .select({ id: t.farmVarieties.seasonCropId })
      .from(t.farmVarieties)
      .where(eq(t.farmVarieties.id, farmVarietyId));
    const [target] = await app.db
      .insert(t.farmVarieties)
      .values({ accountId, farmId, seasonCropId: seasonCrop!.id, varietyId: other!.id })
      .returning({ id: t.farmVarieties.id });
    const before = await snapshot();
    const refusedCopy = await call('POST', `/api/programas/${plan}/clonar`, {
      cultivares: [target!.id, 2_000_000],
    });
    expect(refusedCopy.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    // A farm the account does not have is not found.
    const elsewhere = await call('POST', `/api/programas/${plan}/clonar`, {
      cultivares: [target!.id],
      farm_id: 2_000_000,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    const copied = await call('POST', `/api/programas/${plan}/clonar`, {
      cultivares: [target!.id],
      farm_id: farmId,
    });
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toEqual([
      expect.objectContaining({
        cultivar_id: target!.id,
        semeadura_id: null,
        nome: 'Plano base',
        data_prevista: day(70),
        ciclo_dias: 120,
      }),
    ]);
    expect(copied.json()[0].planejamentos).toHaveLength(2);
  });
});

describe('POST /api/defensives/suggest: the engine’s products for sprays 1..N of a program not yet written', () => {
  const suggest = (body: Record<string, unknown>) =>
    call('POST', '/api/defensives/suggest', {
      country_id: 1,
      crop_id: 1,
      major_disease_id: 1,
      ...body,
    });

  // The shipped catalogue gives no label dose for most products: the suggestion doses them at the
  // grower's last dose, so this grower has used every rust fungicide before.
  beforeAll(async () => {
    const rust = await app.db
      .selectDistinct({ id: t.pesticideEfficacies.pesticideId })
      .from(t.pesticideEfficacies)
      .where(and(eq(t.pesticideEfficacies.countryId, 1), eq(t.pesticideEfficacies.diseaseId, 1)));
    await app.db
      .insert(t.accountPesticideValues)
      .values(rust.map(({ id }) => ({ accountId, pesticideId: id, dose: 0.5, price: '90' })))
      .onConflictDoNothing();
  });

  it('answers each position with its products, their efficacy per disease and the diseases', async () => {
    const response = await suggest({ spraying_number: 3, second_major_disease_id: 3 });
    expect(response.statusCode).toBe(200);
    const { positions } = response.json();
    expect(positions.map((p: { position: number }) => p.position)).toEqual([1, 2, 3]);
    for (const position of positions) {
      expect(position.diseases).toEqual([1, 3]);
      expect(position.defensives.length).toBeGreaterThan(0);
      expect(position.defensives[0].name).not.toBe('');
      const rust = position.efficacies.find((e: { disease_id: number }) => e.disease_id === 1);
      expect(rust.efficacy).toBeGreaterThan(0);
    }
  });

  it('puts the grower’s product first and rotates away from it (R1)', async () => {
    const [fox] = await app.db
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
    const { positions } = (
      await suggest({ spraying_number: 2, main_defensive_id: fox!.id })
    ).json();
    expect(positions[0].defensives.map((d: { name: string }) => d.name)).toEqual(['Fox']);
    expect(positions[1].defensives.map((d: { name: string }) => d.name)).not.toEqual(['Fox']);
  });

  it('refuses a sixth wheat spray (400 max_sprays), a disease of another crop and a product without efficacy (400 validation)', async () => {
    const wheat = await suggest({ crop_id: 2, major_disease_id: 1, spraying_number: 6 });
    expect([wheat.statusCode, wheat.json().key]).toEqual([400, 'exception.program.max_sprays']);
    const otherCrop = await suggest({ crop_id: 2, spraying_number: 2 });
    expect([otherCrop.statusCode, otherCrop.json().key]).toEqual([
      400,
      'exception.validation_error',
    ]);
    const noEfficacy = await suggest({ spraying_number: 1, main_defensive_id: 2_000_000 });
    expect([noEfficacy.statusCode, noEfficacy.json().key]).toEqual([
      400,
      'exception.validation_error',
    ]);
  });
});

describe('the programs of a period (start_period, end_period)', () => {
  it('answers the programs of the seasons touching the period, and none of a period long gone', async () => {
    const ids = async (query: string) =>
      (await call('GET', `/api/programas?fazenda_id=${farmId}&basic_list=1${query}`))
        .json()
        .map((program: { id: number }) => program.id);
    const all = await ids('');
    const current = await ids(`&start_period=${season.start_period}&updated_score=1`);
    // The one program of last season's sowing (“another season” above) ended before.
    const previous = await ids(`&end_period=${addDays(season.start_period, -1)}`);
    expect(previous).toHaveLength(1);
    expect(current.length).toBeGreaterThan(0);
    expect([...current, ...previous].sort()).toEqual([...all].sort());
    expect(await ids('&start_period=2001-01-01&end_period=2001-12-31')).toEqual([]);
  });
});
