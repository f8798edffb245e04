import {
  GROWTH_STAGES,
  addDays,
  currentSeasonStartYear,
  estimatedStage,
  seasonPeriod,
  todayIn,
} from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The reports (issue 14 item 5): GET /api/reports/programa and /api/reports/season-report, as
 * JSON and PDF, their error keys, plan and farm refusals.
 */

let app: TestApp;
let accountId: number;
let token: string;
let seasonCropId: number;
let varietyName: string;
let farmVarietyId: number;
const product = { fox: 0, wg: 0 };

/** The farm's today (São Paulo), and a day counted from it. */
const today = todayIn('America/Sao_Paulo');
const ago = (days: number) => addDays(today, -days);
const stageId = (code: string) =>
  GROWTH_STAGES.find((stage) => stage.crop_id === 1 && stage.code === code)!.id;

const get = (url: string, as = token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(as) });
const programa = (farmId: number, extra = '', as = token) =>
  get(`/api/reports/programa?farm_id=${farmId}&season_crop_id=${seasonCropId}${extra}`, as);
const seasonReport = (farmId: number, extra = '', as = token) =>
  get(`/api/reports/season-report?farm_id=${farmId}&season_crop_id=${seasonCropId}${extra}`, as);

async function pdfText(body: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

async function sowing(
  farmId: number,
  plotName: string,
  values: Partial<typeof t.sowings.$inferInsert> = {},
) {
  const plotId = await makePlot(app.db, accountId, farmId, { name: plotName, area: 30 });
  const [row] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId,
      plotId,
      cropId: 1,
      seasonCropId,
      farmVarietyId,
      area: 12.5,
      sowingDate: ago(100),
      emergenceDate: ago(93),
      estimatedCycle: 120,
      ...values,
    })
    .returning({ id: t.sowings.id });
  return row!.id;
}

const observe = (sowingId: number, code: string, day: string) =>
  app.db.insert(t.sowingStageObservations).values({
    accountId,
    sowingId,
    growthStageId: stageId(code),
    observedAt: new Date(`${day}T15:00:00Z`),
  });

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  const season = seasonPeriod(1, 1, currentSeasonStartYear(1, 1, today));
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
  seasonCropId = seasonCrop!.id;
  const [variety] = await app.db
    .select({ id: t.varieties.id, name: t.varieties.name })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  varietyName = variety!.name;
  const anyFarm = await makeFarm(app.db, accountId, { name: 'Variedades' });
  const [farmVariety] = await app.db
    .insert(t.farmVarieties)
    .values({ accountId, farmId: anyFarm, seasonCropId, varietyId: variety!.id })
    .returning({ id: t.farmVarieties.id });
  farmVarietyId = farmVariety!.id;
  for (const [key, name] of [
    ['fox', 'Fox'],
    ['wg', 'Elatus Trio'],
  ] as const) {
    const [row] = await app.db
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(and(eq(t.pesticides.name, name), eq(t.pesticides.countryId, 1)));
    product[key] = row!.id;
  }
});
afterAll(() => app.close());

describe('the farm spraying report', () => {
  let farmId: number;
  let programId: number;
  let sowingId: number;

  beforeAll(async () => {
    farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Boa Vista' });
    sowingId = await sowing(farmId, 'Talhão da Sede');
    // A sowing without a program is left out of the spraying report.
    await sowing(farmId, 'Talhão sem programa');
    const created = await app.app.inject({
      method: 'POST',
      url: '/api/programas',
      headers: bearer(token),
      payload: { semeadura_id: sowingId, nome: 'Ferrugem safra', doenca_principal_id: 1 },
    });
    expect(created.statusCode).toBe(201);
    programId = created.json().id;
    for (const payload of [
      {
        data: ago(50),
        produtos: [
          { defensivo_id: product.fox, dose: 0.5, preco: 120 },
          { defensivo_id: product.wg, dose: 0.3, preco: 200 },
        ],
      },
      { data: ago(30), produtos: [{ defensivo_id: product.fox, dose: 0.4, preco: 120 }] },
    ]) {
      const added = await app.app.inject({
        method: 'POST',
        url: `/api/programas/${programId}/planejamentos`,
        headers: bearer(token),
        payload,
      });
      expect(added.statusCode).toBe(201);
    }
    // The first spray was applied two days late; R3 had been seen in the field the day before.
    await app.db
      .update(t.sprayings)
      .set({ appliedAt: ago(48) })
      .where(and(eq(t.sprayings.programId, programId), eq(t.sprayings.ordinal, 1)));
    await observe(sowingId, 'R3', ago(49));
  });

  it('lists each sowing with a program: sprays planned and applied with dates, stages, products, costs and scores', async () => {
    const response = await programa(farmId);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.farm).toMatchObject({ id: farmId, name: 'Fazenda Boa Vista' });
    expect(report.season_crop).toMatchObject({ id: seasonCropId, crop_id: 1 });
    expect(report.currency).toBe('BRL');
    expect(report.sowings).toHaveLength(1);
    const [row] = report.sowings;
    expect(row).toMatchObject({
      sowing_id: sowingId,
      plot: { name: 'Talhão da Sede' },
      area: 12.5,
      variety: varietyName,
      sprays_planned: 2,
      sprays_applied: 1,
    });
    const planned = estimatedStage(1, ago(93), 120, ago(50))!;
    expect(row.sprays[0]).toMatchObject({
      ordinal: 1,
      planned_date: ago(50),
      applied_date: ago(48),
      delay_days: 2,
      planned_stage: { code: planned.code },
      // The observation before the day sprayed wins over the estimate.
      applied_stage: { code: 'R3' },
      products: [
        { pesticide_id: product.fox, name: 'Fox', dose: 0.5, price: 120 },
        { pesticide_id: product.wg, name: 'Elatus Trio', dose: 0.3, price: 200 },
      ],
      cost_per_ha: 120,
      cost_total: 1500,
    });
    expect(row.sprays[1]).toMatchObject({
      ordinal: 2,
      applied_date: null,
      applied_stage: null,
      delay_days: null,
      cost_per_ha: 48,
      cost_total: 600,
    });
    // The scores are the programs page's.
    const shown = (await get(`/api/programas/${programId}`)).json();
    expect(row.program).toMatchObject({
      id: programId,
      name: 'Ferrugem safra',
      program_score: shown.avaliacao?.program_score ?? null,
      cost_per_ha: 168,
      cost_total: 2100,
    });
    expect(row.sprays[0].spray_score).toBe(shown.planejamentos[0].avaliacao?.spray_score ?? null);
    expect(report.totals).toMatchObject({
      sowings: 1,
      area: 12.5,
      sprays_planned: 2,
      sprays_applied: 1,
      cost_total: 2100,
      cost_per_ha: 168,
    });
    // Pesticides used: dose × area, applied and planned.
    expect(report.pesticides).toEqual([
      {
        pesticide_id: product.wg,
        name: 'Elatus Trio',
        sprays_planned: 1,
        sprays_applied: 1,
        quantity_planned: 3.75,
        quantity_applied: 3.75,
        cost_applied: 750,
      },
      {
        pesticide_id: product.fox,
        name: 'Fox',
        sprays_planned: 2,
        sprays_applied: 1,
        quantity_planned: 11.25,
        quantity_applied: 6.25,
        cost_applied: 750,
      },
    ]);
  });

  it('is a PDF in the user’s language with the farm, season, tables and page numbers', async () => {
    const response = await programa(farmId, '&format=pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="relatorio-pulverizacao-fazenda-boa-vista-/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.toString('latin1')).toContain('/Lang (pt-BR)');
    const { text, pages } = await pdfText(response.rawPayload);
    expect(text).toContain('Relatório de pulverização da fazenda');
    expect(text).toContain('Fazenda Boa Vista');
    expect(text).toContain('Talhão da Sede');
    expect(text).toContain('Ferrugem safra');
    expect(text).toContain(ago(48).split('-').reverse().join('/'));
    expect(text).toContain('Estádio previsto');
    expect(text).toContain('Fox 0,5');
    expect(text).toContain('R$ 1.500,00');
    expect(text).toContain('Defensivos utilizados');
    expect(text).toContain(`Página 1 de ${pages}`);
    expect(text).not.toContain('Talhão sem programa');
  });

  it('prints a plot name in Cyrillic, Greek and Vietnamese as written, in an embedded font subset (issue 29 item 5)', async () => {
    const foreign = 'Поле 3 — Ελιά — Cánh đồng';
    const [plot] = await app.db
      .update(t.plots)
      .set({ name: foreign })
      .where(
        and(
          eq(t.plots.accountId, accountId),
          eq(t.plots.farmId, farmId),
          eq(t.plots.name, 'Talhão da Sede'),
        ),
      )
      .returning({ id: t.plots.id });
    try {
      const response = await programa(farmId, '&format=pdf');
      expect(response.statusCode).toBe(200);
      const raw = response.rawPayload.toString('latin1');
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
      expect(raw).toContain('/ToUnicode');
      expect(raw).not.toContain('/Helvetica');
      const { text } = await pdfText(response.rawPayload);
      expect(text).toContain(foreign);
      expect(text).not.toContain('????');
    } finally {
      await app.db.update(t.plots).set({ name: 'Talhão da Sede' }).where(eq(t.plots.id, plot!.id));
    }
  });

  it('is in English with acres and US dates when asked', async () => {
    const response = await programa(farmId, '&format=pdf&language=en');
    expect(response.headers['content-disposition']).toMatch(/filename="spraying-report-/);
    const { text } = await pdfText(response.rawPayload);
    expect(text).toContain('Farm spraying report');
    expect(text).toContain('Area (ac)');
    // 12.5 ha = 30.89 ac; R$ 120/ha = R$ 48.56/ac.
    expect(text).toContain('30.89');
    expect(text).toContain('R$48.56');
    const [year, month, date] = ago(48).split('-');
    expect(text).toContain(`${month}/${date}/${year}`);
    expect(text).toContain('Page 1 of');
  });

  it('answers no_plots for a farm without plots, no_sowings without sowings or programs', async () => {
    const empty = await makeFarm(app.db, accountId, { name: 'Vazia' });
    const noPlots = await programa(empty);
    expect([noPlots.statusCode, noPlots.json().key]).toEqual([404, 'exception.report.no_plots']);
    await makePlot(app.db, accountId, empty, { name: 'Sem semeadura' });
    const noSowings = await programa(empty);
    expect([noSowings.statusCode, noSowings.json().key]).toEqual([
      404,
      'exception.report.no_sowings',
    ]);
    await sowing(empty, 'Semeado sem programa');
    const noProgram = await programa(empty);
    expect([noProgram.statusCode, noProgram.json().key]).toEqual([
      404,
      'exception.report.no_sowings',
    ]);
    // The PDF answers the same errors as JSON.
    const pdf = await programa(empty, '&format=pdf');
    expect([pdf.statusCode, pdf.json().key]).toEqual([404, 'exception.report.no_sowings']);
  });
});

describe('the season report', () => {
  let farmId: number;
  let harvestedId: number;
  let openId: number;

  beforeAll(async () => {
    farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Colheita' });
    harvestedId = await sowing(farmId, 'Talhão Norte', {
      sowingDate: ago(150),
      emergenceDate: ago(143),
      area: 20,
    });
    openId = await sowing(farmId, 'Talhão Sul', { area: 10 });
    await app.db.insert(t.harvests).values([
      { accountId, sowingId: harvestedId, harvestDate: ago(10), productivity: 60 },
      {
        accountId,
        sowingId: harvestedId,
        harvestDate: ago(8),
        productivity: 66,
        desiccation: true,
      },
    ]);
    await app.db.insert(t.irrigations).values({
      accountId,
      sowingId: harvestedId,
      startAt: new Date(`${ago(60)}T11:00:00Z`),
      endAt: new Date(`${ago(60)}T13:00:00Z`),
      bladeMm: 12.5,
    });
    await observe(harvestedId, 'R1', ago(80));
    await observe(harvestedId, 'R8', ago(20));
    await app.db.insert(t.observedPrecipitations).values([
      { accountId, farmId, day: ago(40), observedMm: 22 },
      { accountId, farmId, day: ago(39), observedMm: 8.5 },
    ]);
  });

  it('shows each sowing’s harvests, irrigation and stage observations, and the season’s rain', async () => {
    const response = await seasonReport(farmId);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.sowings.map((row: { plot: { name: string } }) => row.plot.name)).toEqual([
      'Talhão Norte',
      'Talhão Sul',
    ]);
    const [north, south] = report.sowings;
    expect(north).toMatchObject({
      sowing_id: harvestedId,
      status: 'harvested',
      reached_harvest_stage: true,
      harvests: [
        { date: ago(10), productivity: 60, lost: false, desiccation: false },
        { date: ago(8), productivity: 66, lost: false, desiccation: true },
      ],
      productivity: 63,
      irrigations: [{ blade_mm: 12.5 }],
      irrigation_mm: 12.5,
      stage_observations: [
        { date: ago(80), stage: { code: 'R1' } },
        { date: ago(20), stage: { code: 'R8' } },
      ],
      current_stage: { code: 'R8' },
    });
    expect(south).toMatchObject({
      sowing_id: openId,
      status: 'sown',
      reached_harvest_stage: false,
      harvests: [],
      productivity: null,
    });
    expect(report.totals).toMatchObject({
      sowings: 2,
      area: 30,
      harvested: 1,
      lost: 0,
      harvested_area: 20,
      average_productivity: 63,
      best_productivity: 63,
      worst_productivity: 63,
      irrigation_mm: 12.5,
      stage_observations: 2,
    });
    // The weather runs from the first sowing to today (a sowing is still open).
    const { weather } = report;
    expect(weather).toMatchObject({ from: ago(150), to: today, observed_mm: 30.5 });
    // The app's weather is the simulated offline default: said so.
    expect(weather.source).toBe('weather');
    expect(weather.simulated).toBe(true);
    const observedByMonth = weather.by_month.reduce(
      (sum: number, period: { observed_mm: number | null }) => sum + (period.observed_mm ?? 0),
      0,
    );
    expect(observedByMonth).toBe(30.5);
    expect(weather.by_week[0].start).toBe(ago(150));
    expect(weather.by_week.at(-1).end).toBe(today);
    const week = weather.by_week.find(
      (period: { start: string; end: string }) => period.start <= ago(40) && period.end >= ago(40),
    );
    expect(week.observed_mm).toBeGreaterThanOrEqual(22);
  });

  it('is a PDF; in English productivity is in bu/ac and rain in inches', async () => {
    const pt = await seasonReport(farmId, '&format=pdf');
    expect(pt.headers['content-type']).toBe('application/pdf');
    expect(pt.headers['content-disposition']).toMatch(
      /filename="relatorio-safra-fazenda-colheita-/,
    );
    const { text } = await pdfText(pt.rawPayload);
    expect(text).toContain('Relatório da safra');
    expect(text).toContain('Fazenda Colheita');
    expect(text).toContain('Produtividade (sc/ha)');
    expect(text).toContain('Talhão Norte');
    expect(text).toContain('Chuva por mês');
    expect(text).toContain('simulados');
    expect(text).toMatch(/Página 1 de \d/);
    const en = await pdfText((await seasonReport(farmId, '&format=pdf&language=en')).rawPayload);
    expect(en.text).toContain('Season report');
    expect(en.text).toContain('Productivity (bu/ac)');
    // 66 sc/ha = 58.9 bu/ac.
    expect(en.text).toContain('58.9');
    expect(en.text).toContain('Blade (in)');
  });

  it('answers no_harvest_stage before any sowing reaches R8, no_harvested_sowings after', async () => {
    const young = await makeFarm(app.db, accountId, { name: 'Nova' });
    const sowingId = await sowing(young, 'Recém semeado', {
      sowingDate: ago(40),
      emergenceDate: ago(33),
    });
    const early = await seasonReport(young);
    expect([early.statusCode, early.json().key]).toEqual([
      404,
      'exception.report.no_harvest_stage',
    ]);
    // Seen at R8 in the field: ready, but nothing harvested.
    await observe(sowingId, 'R8', ago(1));
    const ready = await seasonReport(young);
    expect([ready.statusCode, ready.json().key]).toEqual([
      404,
      'exception.report.no_harvested_sowings',
    ]);
    // A crop loss closes the season: the report shows it.
    await app.db
      .insert(t.harvests)
      .values({ accountId, sowingId, harvestDate: today, productivity: null, lost: true });
    const lost = (await seasonReport(young)).json();
    expect(lost.sowings[0]).toMatchObject({ status: 'lost', harvests: [{ lost: true }] });
    expect(lost.totals).toMatchObject({ lost: 1, harvested: 0, average_productivity: null });
  });

  it('answers no_plots and no_sowings', async () => {
    const empty = await makeFarm(app.db, accountId, { name: 'Vazia 2' });
    expect((await seasonReport(empty)).json().key).toBe('exception.report.no_plots');
    await makePlot(app.db, accountId, empty);
    expect((await seasonReport(empty)).json().key).toBe('exception.report.no_sowings');
  });
});

describe('who may see a report', () => {
  it('refuses plans below Full (upsell), as the route table says', async () => {
    for (const planId of [3, 2, 1]) {
      const other = await accountWith(app, ['CONTA'], { planId });
      const farm = await makeFarm(app.db, other.accountId);
      for (const call of [programa, seasonReport]) {
        const response = await call(farm, '', other.members.CONTA!.token);
        expect([planId, response.statusCode, response.json().key]).toEqual([
          planId,
          403,
          'exception.action_unauthorized',
        ]);
      }
    }
  });

  it('answers 404 for another account’s farm and for a farm not assigned to the member', async () => {
    const farmId = await makeFarm(app.db, accountId, { name: 'Só do dono' });
    await makePlot(app.db, accountId, farmId);
    const stranger = await accountWith(app, ['CONTA'], { planId: 4 });
    const observer = await makeUser(app.db, { accountId, profile: 'ASSISTENTE_TECNICO' });
    const assigned = await makeFarm(app.db, accountId, { name: 'Do observador' });
    await assignFarms(app.db, accountId, observer.id, [assigned]);
    const observerToken = await tokenFor(app, observer.email);
    for (const as of [stranger.members.CONTA!.token, observerToken])
      for (const call of [programa, seasonReport]) {
        const response = await call(farmId, '', as);
        expect([response.statusCode, response.json().key]).toEqual([404, 'exception.not_found']);
      }
    // The observer reads the reports of the farm assigned to them (read-only profile).
    expect((await programa(assigned, '', observerToken)).json().key).toBe(
      'exception.report.no_plots',
    );
  });

  it('answers 404 for an unknown season-crop and 400 without the farm', async () => {
    const farmId = await makeFarm(app.db, accountId);
    const unknown = await get(`/api/reports/programa?farm_id=${farmId}&season_crop_id=999999`);
    expect([unknown.statusCode, unknown.json().key]).toEqual([
      404,
      'exception.season_crop_not_found',
    ]);
    const missing = await get(`/api/reports/season-report?season_crop_id=${seasonCropId}`);
    expect([missing.statusCode, missing.json().key]).toEqual([400, 'exception.validation_error']);
  });
});
