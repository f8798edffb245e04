import { addDays, currentSeasonStartYear, seasonPeriod, todayIn } from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** GET /api/prescription/{program_id}/export (issue 13 item 9): the sprayer operator's sheet. */

let app: TestApp;
let accountId: number;
let token: string;
let farmVarietyId: number;
let varietyName: string;
let season: { start_period: string };
/** An execution program on a 12.5 ha sowing of "Talhão da Sede" with two applications. */
let programId: number;
const product = { fox: 0, wg: 0, ec: 0 };
const names = { fox: 'Fox', wg: 'Elatus Trio', ec: 'Orbis' };

const day = (offset: number) => addDays(season.start_period, offset);
const get = (url: string, as = token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(as) });
const exported = (query = '', id = programId, as = token) =>
  get(`/api/prescription/${id}/export${query}`, as);

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  // A cell's text may wrap: words are compared with single spaces.
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

/** The number formats of the spreadsheet's product rows: the unit written after each number. */
async function sheetFormats(body: Buffer, firstCell: unknown): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const formats: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    if (row.getCell(1).value === firstCell)
      formats.push(row.getCell(4).numFmt, row.getCell(5).numFmt);
  });
  return formats;
}

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const ptDate = (value: string) => value.split('-').reverse().join('/');
const enDate = (value: string) => {
  const [year, month, date] = value.split('-');
  return `${month}/${date}/${year}`;
};

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  const farmId = await makeFarm(app.db, accountId, { name: 'Fazenda Boa Vista' });
  const plotId = await makePlot(app.db, accountId, farmId, { name: 'Talhão da Sede', area: 30 });
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
    .select({ id: t.varieties.id, name: t.varieties.name })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  varietyName = variety!.name;
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
      area: 12.5,
      sowingDate: day(60),
      emergenceDate: day(67),
      estimatedCycle: 120,
    })
    .returning({ id: t.sowings.id });
  for (const key of ['fox', 'wg', 'ec'] as const) {
    const [row] = await app.db
      .select({ id: t.pesticides.id })
      .from(t.pesticides)
      .where(and(eq(t.pesticides.name, names[key]), eq(t.pesticides.countryId, 1)));
    product[key] = row!.id;
  }
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/programas',
    headers: bearer(token),
    payload: { semeadura_id: sowing!.id, nome: 'Ferrugem safra', doenca_principal_id: 1 },
  });
  programId = created.json().id;
  for (const payload of [
    {
      data: day(105),
      // Entered EC, SC, WG: the tank takes the granules first, the emulsion last.
      produtos: [
        { defensivo_id: product.ec, dose: 0.6, preco: 90 },
        { defensivo_id: product.fox, dose: 0.5, preco: 120 },
        { defensivo_id: product.wg, dose: 0.3, preco: 200 },
      ],
    },
    { data: day(126), produtos: [{ defensivo_id: product.fox, dose: 0.4, preco: 120 }] },
  ]) {
    const added = await app.app.inject({
      method: 'POST',
      url: `/api/programas/${programId}/planejamentos`,
      headers: bearer(token),
      payload,
    });
    expect(added.statusCode).toBe(201);
  }
});
afterAll(() => app.close());

describe('the PDF', () => {
  it('prints a plot name in Cyrillic, Greek and Vietnamese as written, in an embedded font subset (issue 29 item 5)', async () => {
    const foreign = 'Поле 3 — Ελιά — Cánh đồng';
    const [plot] = await app.db
      .update(t.plots)
      .set({ name: foreign })
      .where(and(eq(t.plots.accountId, accountId), eq(t.plots.name, 'Talhão da Sede')))
      .returning({ id: t.plots.id });
    try {
      const response = await exported('?format=pdf&spraying=1');
      expect(response.statusCode).toBe(200);
      const raw = response.rawPayload.toString('latin1');
      // Noto Sans, only the glyphs used (a six-letter subset tag), with the map back to Unicode.
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
      expect(raw).toContain('/ToUnicode');
      expect(raw).not.toContain('/Helvetica');
      const text = await pdfText(response.rawPayload);
      expect(text).toContain(foreign);
      expect(text).not.toContain('????');
    } finally {
      await app.db.update(t.plots).set({ name: 'Talhão da Sede' }).where(eq(t.plots.id, plot!.id));
    }
  });

  it('is the spraying’s prescription in Portuguese: place, sowing, stage, window, products in tank-mix order and totals for the area', async () => {
    const response = await exported('?format=pdf&spraying=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="prescricao-fazenda-boa-vista-talhao-da-sede-aplicacao-1\.pdf"/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The document says its language, for screen readers.
    expect(response.rawPayload.toString('latin1')).toContain('/Lang (pt-BR)');
    const text = await pdfText(response.rawPayload);
    const stages = (await get(`/api/programs/${programId}/growth-stages`)).json<
      { message_key: string; start_date: string }[]
    >();
    const stage = stages.filter((row) => row.start_date <= day(105)).at(-1)!;
    for (const expected of [
      // A technical recommendation, with a place for the responsible professional (issue 30 item 6).
      'RECOMENDAÇÃO TÉCNICA',
      'Profissional responsável',
      'Registro profissional (CREA/CFTA)',
      'Prescrição de pulverização',
      'Aplicação 1 de 2 · Ferrugem safra',
      'Planejada',
      'Fazenda Boa Vista (Londrina – PR)',
      'Talhão da Sede',
      '12,5 ha',
      'Soja',
      varietyName,
      'Ferrugem-asiática',
      ptDate(day(60)),
      ptDate(day(67)),
      translate('pt', 'reference', stage.message_key),
      ptDate(day(105)),
      `${ptDate(day(103))} a ${ptDate(day(107))} (tolerância de ±2 dias)`,
      'Total para 12,5 ha',
      // 0.6 × 12.5, 0.5 × 12.5 and 0.3 × 12.5 of each product, in its unit (by formulation).
      '7,5 L',
      '6,25 L',
      '3,75 kg',
      'Gerado em',
      'Lavoura',
    ])
      expect(text).toContain(expected);
    // WG, then SC, then EC; the order numbers 1-3 go with them.
    const at = (name: string) => text.indexOf(name);
    expect(at(names.wg)).toBeLessThan(at(`${names.fox} `));
    expect(at(`${names.fox} `)).toBeLessThan(at(names.ec));
    // Every dose says its unit: "0,3 kg/ha", never "0,3 por ha".
    expect(text).toMatch(new RegExp(`1\\s+${names.wg}\\s+WG\\s+0,3 kg/ha\\s+3,75 kg`));
    expect(text).toMatch(new RegExp(`3\\s+${names.ec}\\s+EC\\s+0,6 L/ha\\s+7,5 L`));
    expect(text).not.toContain('por ha');
  });

  it('without a spraying is the next one to apply, and the last once all are applied', async () => {
    const next = await exported();
    expect(next.headers['content-disposition']).toContain('aplicacao-1.pdf');
    const applied = await app.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/sprayings/1/apply`,
      headers: bearer(token),
      payload: { applied_at: day(105) },
    });
    expect(applied.statusCode).toBe(200);
    const second = await exported('?format=pdf');
    expect(second.headers['content-disposition']).toContain('aplicacao-2.pdf');
    expect(await pdfText(second.rawPayload)).toContain('Aplicação 2 de 2');
    const first = await pdfText((await exported('?spraying=1')).rawPayload);
    expect(first).toContain(`Aplicada em ${ptDate(day(105))}`);
    await app.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/sprayings/2/apply`,
      headers: bearer(token),
      payload: { applied_at: day(126) },
    });
    const last = await exported();
    expect(last.headers['content-disposition']).toContain('aplicacao-2.pdf');
    expect(await pdfText(last.rawPayload)).toContain(`Aplicada em ${ptDate(day(126))}`);
  });
});

describe('the spreadsheet', () => {
  it('has the PDF’s rows, with doses and totals as numbers', async () => {
    const response = await exported('?format=xlsx&spraying=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /filename="prescricao-fazenda-boa-vista-talhao-da-sede-aplicacao-1\.xlsx"/,
    );
    const rows = await sheetRows(response.rawPayload);
    const labelled = (label: string) => rows.find((row) => row[0] === label)?.[2];
    expect(rows[0]![0]).toBe('RECOMENDAÇÃO TÉCNICA');
    expect(rows[1]![0]).toBe('Prescrição de pulverização');
    expect(rows.some((row) => row[0] === 'Registro profissional (CREA/CFTA)')).toBe(true);
    expect(labelled('Fazenda')).toBe('Fazenda Boa Vista (Londrina – PR)');
    expect(labelled('Talhão')).toBe('Talhão da Sede');
    expect(labelled('Área')).toBe('12,5 ha');
    expect(labelled('Cultivar')).toBe(varietyName);
    expect(labelled('Janela de aplicação')).toBe(
      `${ptDate(day(103))} a ${ptDate(day(107))} (tolerância de ±2 dias)`,
    );
    const header = rows.findIndex((row) => row[0] === 'Ordem');
    expect(rows[header]).toEqual(['Ordem', 'Produto', 'Formulação', 'Dose', 'Total para 12,5 ha']);
    expect(rows.slice(header + 1, header + 4)).toEqual([
      [1, names.wg, 'WG', 0.3, 3.75],
      [2, names.fox, 'SC', 0.5, 6.25],
      [3, names.ec, 'EC', 0.6, 7.5],
    ]);
    // The numbers stay numbers; their format shows the unit beside them.
    expect(await sheetFormats(response.rawPayload, 1)).toEqual([
      '#,##0.### "kg/ha"',
      '#,##0.## "kg"',
    ]);
    expect(await sheetFormats(response.rawPayload, 2)).toEqual([
      '#,##0.### "L/ha"',
      '#,##0.## "L"',
    ]);
  });
});

describe('in English', () => {
  it('writes acres, doses per acre, US dates and an English file name; another language may be asked for', async () => {
    const english = await app.app.inject({
      method: 'POST',
      url: '/api/usuarios/idioma/en',
      headers: bearer(token),
    });
    expect(english.statusCode).toBe(204);
    try {
      const response = await exported('?format=pdf&spraying=1');
      expect(response.headers['content-disposition']).toContain(
        'filename="prescription-fazenda-boa-vista-talhao-da-sede-application-1.pdf"',
      );
      const text = await pdfText(response.rawPayload);
      // 12.5 ha = 30.89 ac; 0.6 per ha = 0.243 per ac; the totals for the area stay the same.
      for (const expected of [
        'Spray prescription',
        '30.89 ac',
        'Total for 30.89 ac',
        `${enDate(day(103))} to ${enDate(day(107))} (tolerance of ±2 days)`,
        'Asian rust',
      ])
        expect(text).toContain(expected);
      expect(text).toMatch(new RegExp(`3\\s+${names.ec}\\s+EC\\s+0\\.243 L/ac\\s+7\\.5 L`));
      const rows = await sheetRows((await exported('?format=xlsx&spraying=1')).rawPayload);
      const header = rows.findIndex((row) => row[0] === 'Order');
      expect(rows[header]).toEqual([
        'Order',
        'Product',
        'Formulation',
        'Dose',
        'Total for 30.89 ac',
      ]);
      expect(rows[header + 3]).toEqual([3, names.ec, 'EC', 0.243, 7.5]);
      const spanish = await exported('?format=xlsx&spraying=1&language=es');
      expect(spanish.headers['content-disposition']).toContain('prescripcion-');
      expect((await sheetRows(spanish.rawPayload)).find((row) => row[0] === 'Lote')?.[2]).toBe(
        'Talhão da Sede',
      );
    } finally {
      await app.app.inject({
        method: 'POST',
        url: '/api/usuarios/idioma/pt',
        headers: bearer(token),
      });
    }
  });
});

describe('a plan (no sowing)', () => {
  it('covers the plots its variety is sown on, with their area', async () => {
    const plan = await app.app.inject({
      method: 'POST',
      url: '/api/programas',
      headers: bearer(token),
      payload: {
        cultivar_id: farmVarietyId,
        nome: 'Plano',
        doenca_principal_id: 1,
        data_prevista: day(70),
        ciclo_dias: 118,
      },
    });
    const planId = plan.json().id;
    const added = await app.app.inject({
      method: 'POST',
      url: `/api/programas/${planId}/planejamentos`,
      headers: bearer(token),
      payload: { data: day(110), produtos: [{ defensivo_id: product.fox, dose: 0.4, preco: 120 }] },
    });
    expect(added.statusCode).toBe(201);
    const rows = await sheetRows((await exported('?format=xlsx', planId)).rawPayload);
    const labelled = (label: string) => rows.find((row) => row[0] === label)?.[2];
    expect(labelled('Talhão')).toBe('Talhão da Sede');
    expect(labelled('Semeadura')).toBe('Planejamento (sem semeadura)');
    expect(labelled('Emergência prevista')).toBe(ptDate(day(70)));
    // 0.4 × 12.5 ha of the variety's one sowing.
    expect(rows.find((row) => row[1] === names.fox)).toEqual([1, names.fox, 'SC', 0.4, 5]);
  });

  it('prints the responsible professional the account entered, on the PDF and the spreadsheet (issue 30 item 6)', async () => {
    const other = await accountWith(app, ['CONTA', 'ASSISTENTE_TECNICO'], { planId: 4 });
    const put = (payload: Record<string, unknown>, as = token) =>
      app.app.inject({
        method: 'PUT',
        url: '/api/responsible-professional',
        headers: bearer(as),
        payload,
      });
    expect((await get('/api/responsible-professional')).json()).toEqual({
      name: null,
      registration: null,
    });
    const saved = await put({ name: '  Ana Beatriz Lima ', registration: 'CREA-PR 1234567/D' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ name: 'Ana Beatriz Lima', registration: 'CREA-PR 1234567/D' });
    // Another account sees its own (none), and its reader may look but not change.
    expect((await get('/api/responsible-professional', other.members.CONTA!.token)).json()).toEqual(
      { name: null, registration: null },
    );
    const refused = await put(
      { name: 'X', registration: '' },
      other.members.ASSISTENTE_TECNICO!.token,
    );
    expect(refused.statusCode).toBe(403);
    // Too long a registration is refused with the validation key, nothing written.
    const long = await put({ name: 'Ana', registration: 'C'.repeat(61) });
    expect([long.statusCode, long.json().key]).toEqual([400, 'exception.validation_error']);
    expect((await get('/api/responsible-professional')).json()).toMatchObject({
      name: 'Ana Beatriz Lima',
    });

    const text = await pdfText((await exported('?format=pdf&spraying=1')).rawPayload);
    expect(text).toContain('Ana Beatriz Lima');
    expect(text).toContain('CREA-PR 1234567/D');
    const rows = await sheetRows((await exported('?format=xlsx&spraying=1')).rawPayload);
    // A merged row repeats its value in each cell: the label's first, the value's first.
    const line = (label: string) => rows.find((row) => row[0] === label)?.[2];
    expect(line('Profissional responsável')).toBe('Ana Beatriz Lima');
    expect(line('Registro profissional (CREA/CFTA)')).toBe('CREA-PR 1234567/D');

    // Cleared, the prescription's lines are blank again.
    expect((await put({ name: '', registration: '   ' })).json()).toEqual({
      name: null,
      registration: null,
    });
    expect(await pdfText((await exported('?format=pdf&spraying=1')).rawPayload)).not.toContain(
      'Ana Beatriz Lima',
    );
  });
});

describe('refusals', () => {
  it('another account’s program is not found', async () => {
    const other = await accountWith(app, ['CONTA'], { planId: 4 });
    const response = await exported('?format=pdf', programId, other.members.CONTA!.token);
    expect([response.statusCode, response.json().key]).toEqual([404, 'exception.not_found']);
  });

  it('a spraying the program does not have is not found', async () => {
    const response = await exported('?format=pdf&spraying=5');
    expect([response.statusCode, response.json().key]).toEqual([404, 'exception.not_found']);
  });

  it('a format other than pdf or xlsx is a validation error', async () => {
    const response = await exported('?format=csv');
    expect([response.statusCode, response.json().key]).toEqual([400, 'exception.validation_error']);
  });

  it('a program without sprayings has no prescription', async () => {
    const empty = await app.app.inject({
      method: 'POST',
      url: '/api/programas',
      headers: bearer(token),
      payload: { cultivar_id: farmVarietyId, nome: 'Vazio', doenca_principal_id: 1 },
    });
    const response = await exported('?format=xlsx', empty.json().id);
    expect([response.statusCode, response.json().key]).toEqual([
      409,
      'exception.prescription.no_sprayings',
    ]);
  });
});
