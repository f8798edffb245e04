import { addDays, currentSeasonStartYear, seasonPeriod, todayIn } from '@lavoura/domain';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A program built by hand is checked as the suggestion is (issue 30 items 3–4): a save that breaks
 * the rotation rule or a safety interval succeeds, and its answer carries the warning with the
 * FRAC codes of the products, or the days missing before the harvest.
 */

let app: TestApp;
let accountId: number;
let token: string;
let farmVarietyId: number;
let sowingId: number;
let season: { start_period: string };
/** A single-site fungicide (no multisite active) and its FRAC codes. */
let single: { id: number; frac: string[] };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const day = (offset: number) => addDays(season.start_period, offset);
const spray = (offset: number) => ({
  data: day(offset),
  produtos: [{ defensivo_id: single.id, dose: 0.5, preco: 100 }],
});
type Warning = {
  code: string;
  defensivo_id: number | null;
  valor: number | null;
  limite: number | null;
  grupos?: string[];
  produtos?: { defensivo_id: number; nome: string; frac: string[]; anterior: boolean }[];
  colheita?: { data: string; origem: string };
  aplicacao?: number;
};
type Answer = {
  planejamentos: { avaliacao: { avisos: Warning[] } | null }[];
  avaliacao: { avisos: Warning[] } | null;
};
const ptDate = (value: string) => value.split('-').reverse().join('/');

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

async function sheetText(body: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    row.eachCell((cell) => cells.push(String(cell.value)));
  });
  return cells.join('\n');
}

const warningsOf = (answer: Answer, index: number, code: string) =>
  answer.planejamentos[index]!.avaliacao!.avisos.filter((warning) => warning.code === code);

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  const farmId = await makeFarm(app.db, accountId);
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
  // A shipped fungicide whose actives are all single-site (a QoI among them), none multisite.
  const [product] = await app.db
    .select({ id: t.pesticides.id, actives: t.pesticides.actives })
    .from(t.pesticides)
    .where(
      and(
        sql`${t.pesticides.accountId} is null`,
        sql`${t.pesticides.actives}::text like '%"FRAC 11"%'`,
        sql`${t.pesticides.actives}::text not like '%"FRAC M%'`,
      ),
    )
    .orderBy(t.pesticides.id)
    .limit(1);
  const frac = (product!.actives as { mode_of_action: string | null }[]).flatMap((active) =>
    active.mode_of_action ? [active.mode_of_action.replace(/^FRAC\s+/i, '').toUpperCase()] : [],
  );
  single = { id: product!.id, frac: [...new Set(frac)] };
});
afterAll(() => app.close());

describe('R1 on a program built by hand', () => {
  it('saves a repeat of the same single-site product and warns with its FRAC codes', async () => {
    const created = await call('POST', '/api/programas', {
      cultivar_id: farmVarietyId,
      doenca_principal_id: 1,
      data_prevista: day(70),
      ciclo_dias: 120,
    });
    expect(created.statusCode).toBe(201);
    const programId = created.json().id;
    expect(
      (await call('POST', `/api/programas/${programId}/planejamentos`, spray(110))).statusCode,
    ).toBe(201);
    const second = await call('POST', `/api/programas/${programId}/planejamentos`, spray(124));
    // A warning, never a refusal.
    expect(second.statusCode).toBe(201);
    const answer = second.json() as Answer;
    expect(answer.planejamentos).toHaveLength(2);
    expect(warningsOf(answer, 0, 'rotation')).toEqual([]);
    const [rotation] = warningsOf(answer, 1, 'rotation');
    expect(rotation!.grupos).toContain('11');
    expect(rotation!.produtos).toEqual([
      {
        defensivo_id: single.id,
        nome: expect.any(String),
        frac: expect.arrayContaining(single.frac),
        anterior: true,
      },
      {
        defensivo_id: single.id,
        nome: expect.any(String),
        frac: expect.arrayContaining(single.frac),
        anterior: false,
      },
    ]);
    // The same answer on a later read.
    const read = (await call('GET', `/api/programas/${programId}`)).json() as Answer;
    expect(warningsOf(read, 1, 'rotation')).toEqual([rotation]);
    // The second spraying's prescription carries the warning, with the FRAC codes.
    const sheet = await app.app.inject({
      method: 'GET',
      url: `/api/prescription/${programId}/export?format=xlsx&spraying=2`,
      headers: bearer(token),
    });
    expect(sheet.statusCode).toBe(200);
    const text = await sheetText(sheet.rawPayload);
    expect(text).toContain('Alertas de resistência e carência');
    expect(text).toContain(
      `FRAC ${rotation!.grupos!.join(', ')} da aplicação anterior se repete aqui sem um multissítio`,
    );
    expect(text).toContain(`(FRAC ${rotation!.produtos![0]!.frac.join(', ')}, aplicação anterior)`);
  });
});

describe('the safety interval of a sowing’s program', () => {
  let programId: number;

  beforeAll(async () => {
    // The label's interval for Asian rust (disease 1): 30 days.
    await app.db
      .insert(t.pesticideDoses)
      .values({ pesticideId: single.id, diseaseId: 1, registered: true, safetyIntervalDays: 30 })
      .onConflictDoUpdate({
        target: [t.pesticideDoses.pesticideId, t.pesticideDoses.diseaseId],
        set: { safetyIntervalDays: 30 },
      });
    const created = await call('POST', '/api/programas', {
      semeadura_id: sowingId,
      doenca_principal_id: 1,
    });
    expect(created.statusCode).toBe(201);
    programId = created.json().id;
  });

  it('warns when a spraying’s interval reaches past the estimated R8, with the days missing', async () => {
    // Emergence day 67, C = 120: R8 on day 67 + 115 = 182. A spray on day 170 needs day 200.
    const saved = await call('POST', `/api/programas/${programId}/execucoes`, spray(170));
    expect(saved.statusCode).toBe(201);
    expect(warningsOf(saved.json(), 0, 'safety_interval')).toEqual([
      expect.objectContaining({
        defensivo_id: single.id,
        valor: 18,
        limite: 30,
        colheita: { data: day(182), origem: 'estimated' },
      }),
    ]);
  });

  it('warns of a harvest recorded inside the interval of an applied spraying', async () => {
    // The list keeps each program's entry: read it before the harvest is written.
    const before = (
      await call('GET', `/api/programas?semeadura_id=${sowingId}`)
    ).json() as Answer[];
    expect(before[0]!.avaliacao!.avisos.map((w) => w.code)).not.toContain(
      'harvest_in_safety_interval',
    );
    await app.db
      .update(t.sprayings)
      .set({ appliedAt: day(170) })
      .where(and(eq(t.sprayings.accountId, accountId), eq(t.sprayings.programId, programId)));
    await app.db.insert(t.harvests).values({
      accountId,
      sowingId,
      harvestDate: day(180),
      productivity: 60,
    });
    const answer = (await call('GET', `/api/programas/${programId}`)).json() as Answer;
    expect(warningsOf(answer, 0, 'safety_interval')).toEqual([
      expect.objectContaining({ valor: 20, colheita: { data: day(180), origem: 'recorded' } }),
    ]);
    expect(answer.avaliacao!.avisos.filter((w) => w.code === 'harvest_in_safety_interval')).toEqual(
      [expect.objectContaining({ defensivo_id: single.id, valor: 20, limite: 30, aplicacao: 1 })],
    );
    // The prescription says both, in the user's language.
    const pdf = await app.app.inject({
      method: 'GET',
      url: `/api/prescription/${programId}/export?format=pdf&spraying=1`,
      headers: bearer(token),
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(
      `tem carência de 30 dias antes da colheita: aplicado neste dia, faltam 20 dias até a colheita registrada em ${ptDate(day(180))}.`,
    );
    expect(text).toContain(
      `A colheita de ${ptDate(day(180))} caiu dentro da carência de 30 dias de`,
    );
    // The sowing's program list says so too (its kept entry moved with the harvest).
    const listed = (
      await call('GET', `/api/programas?semeadura_id=${sowingId}`)
    ).json() as Answer[];
    expect(listed[0]!.avaliacao!.avisos.map((w) => w.code)).toContain('harvest_in_safety_interval');
  });
});
