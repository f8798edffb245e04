import { addDays, todayIn, type ApplicationRecord } from '@lavoura/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignFarms, currentSeasonCrop, makeFarm } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { fakeValues, testAppOnFakeOpenMeteo } from '../../test/open-meteo-fake.ts';
import { addSpraying, applySpraying, foxId, makeExecution } from '../../test/program-factory.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * The application record of an applied spraying (issue 30 item 5):
 * GET/PUT /api/programs/{program_id}/sprayings/{ordinal}/record, on Open-Meteo's documented
 * answer served by a local fake (its past week included).
 */

const ZONE = 'America/Sao_Paulo';
let app: TestApp;
let closeApp: () => Promise<void>;
let token: string;
let readerToken: string;
let strangerToken: string;
let programId: number;
let today: string;
let farmId: number;
let seasonCropId: number;

const url = (ordinal: number, id = programId) => `/api/programs/${id}/sprayings/${ordinal}/record`;
const get = (ordinal: number, as = token) =>
  app.app.inject({ method: 'GET', url: url(ordinal), headers: bearer(as) });
const put = (ordinal: number, payload: Record<string, unknown>, as = token) =>
  app.app.inject({ method: 'PUT', url: url(ordinal), headers: bearer(as), payload });

beforeAll(async () => {
  const started = await testAppOnFakeOpenMeteo();
  app = started.app;
  closeApp = started.close;
  today = todayIn(ZONE, app.clock.now);
  const account = await accountWith(app, ['CONTA', 'ASSISTENTE_TECNICO'], { planId: 4 });
  token = account.members.CONTA!.token;
  readerToken = account.members.ASSISTENTE_TECNICO!.token;
  strangerToken = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
  farmId = await makeFarm(app.db, account.accountId, { name: 'Fazenda Registro' });
  seasonCropId = await currentSeasonCrop(app.db);
  await assignFarms(app.db, account.accountId, account.members.ASSISTENTE_TECNICO!.id, [farmId]);
  programId = await makeExecution(app, token, { accountId: account.accountId, farmId, today });
  await addSpraying(app, token, programId, addDays(today, -2));
  await addSpraying(app, token, programId, addDays(today, 12));
  await applySpraying(app, token, programId, 1, addDays(today, -2));
});
afterAll(() => closeApp());

describe('the application record', () => {
  it('starts empty, then keeps operator, equipment, volume, nozzle, times and batches, with the weather of the hour it started', async () => {
    const empty = await get(1);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      aplicacao: 1,
      applied_at: addDays(today, -2),
      operator: null,
      weather: null,
      products: [{ name: 'Fox', batch: null }],
      updated_at: null,
    });
    const fox = await foxId(app);
    const saved = await put(1, {
      operator: 'João Pereira',
      equipment: 'Jacto Uniport 3030',
      spray_volume_l_ha: 120,
      nozzle: 'TTI 110015',
      start_time: '08:00',
      end_time: '11:30',
      batches: [{ pesticide_id: fox, batch: 'L2025-118' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json<ApplicationRecord>();
    expect(record).toMatchObject({
      operator: 'João Pereira',
      equipment: 'Jacto Uniport 3030',
      spray_volume_l_ha: 120,
      nozzle: 'TTI 110015',
      start_time: '08:00',
      end_time: '11:30',
      products: [{ pesticide_id: fox, name: 'Fox', batch: 'L2025-118' }],
    });
    // The provider's values of 8 h that day (the fake: 22 °C, 80 %, 8 km/h).
    expect(record.weather).toEqual({
      wind_kmh: fakeValues.wind(8),
      temperature_c: fakeValues.temperature(8),
      humidity_pct: fakeValues.humidity(8),
      source: 'forecast',
    });
    expect(record.updated_at).not.toBeNull();
    // Read again, as saved; a reader sees it.
    expect((await get(1, readerToken)).json()).toEqual(record);
  });

  it('keeps what a change leaves out, clears a null, and keeps typed weather as typed', async () => {
    const changed = await put(1, {
      nozzle: null,
      weather: { wind_kmh: 6, temperature_c: 24.5, humidity_pct: 71, source: 'typed' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      operator: 'João Pereira',
      nozzle: null,
      start_time: '08:00',
      weather: { wind_kmh: 6, temperature_c: 24.5, humidity_pct: 71, source: 'typed' },
      products: [{ batch: 'L2025-118' }],
    });
  });

  it('refuses, changing nothing: an end before the start, a batch of a product not sprayed, a spraying not applied, a reader, another account', async () => {
    const before = (await get(1)).json();
    const backwards = await put(1, { start_time: '14:00', end_time: '09:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ key: 'exception.validation_error' });
    const laterEnd = await put(1, { start_time: '12:00' });
    expect(laterEnd.statusCode).toBe(400);
    const foreign = await put(1, { batches: [{ pesticide_id: 999_999, batch: 'X' }] });
    expect(foreign.statusCode).toBe(400);
    expect((await get(1)).json()).toEqual(before);
    const planned = await put(2, { operator: 'João' });
    expect(planned.statusCode).toBe(409);
    expect(planned.json()).toMatchObject({ key: 'exception.spraying.not_applied' });
    expect((await put(1, { operator: 'Outro' }, readerToken)).statusCode).toBe(403);
    expect((await get(1, strangerToken)).statusCode).toBe(404);
    expect((await put(1, { operator: 'Outro' }, strangerToken)).statusCode).toBe(404);
  });

  it('writes the farm’s application log for the season as CSV, a spreadsheet and a PDF, each opened by its parser', async () => {
    const log = (format: string, extra = '', as = token) =>
      app.app.inject({
        method: 'GET',
        url: `/api/farms/${farmId}/application-log?season_crop_id=${seasonCropId}&format=${format}${extra}`,
        headers: bearer(as),
      });
    const csv = await log('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('caderno-de-aplicacoes-fazenda-registro');
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Talhão',
      'Aplicação',
      'Data',
      'Horário',
      'Área tratada (ha)',
      'Produto',
      'Dose',
      'Lote',
      'Operador',
      'Equipamento',
      'Volume de calda',
      'Ponta',
      'Vento, temperatura, umidade',
    ]);
    // Only the applied spraying, one row per product, with the record (nozzle cleared above).
    const ptDate = addDays(today, -2).split('-').reverse().join('/');
    expect(rows.slice(1)).toEqual([
      [
        'Talhão Norte',
        '1',
        ptDate,
        '08:00–11:30',
        '40',
        'Fox',
        '0,4 L/ha',
        'L2025-118',
        'João Pereira',
        'Jacto Uniport 3030',
        '120 L/ha',
        '',
        '6 km/h, 25°C, 71 %',
      ],
    ]);
    // In English: acres, gallons per acre, mph and °F.
    const english = parse((await log('csv', '&language=en')).body, { bom: true }) as string[][];
    expect(english[0]![4]).toBe('Area treated (ac)');
    expect(english[1]!.slice(4, 7)).toEqual(['98.84', 'Fox', '0.162 L/ac']);
    expect(english[1]![10]).toBe('12.83 gal/ac');
    expect(english[1]![12]).toBe('4 mph, 76°F, 71 %');

    const xlsx = await log('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Caderno de aplicações');
    expect(sheet.getRow(4).getCell(6).value).toBe('Fox');
    expect(sheet.getRow(4).getCell(8).value).toBe('L2025-118');

    const pdf = await log('pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Caderno de aplicações');
    expect(text).toContain('Fazenda Registro');
    expect(text).toContain('João Pereira');
    expect(text).toContain('L2025-118');
    // Another account's farm is not found; a bad format is a validation error.
    expect((await log('csv', '', strangerToken)).statusCode).toBe(404);
    expect((await log('doc')).statusCode).toBe(400);
  });

  it('goes with the application when it is undone', async () => {
    const undone = await app.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/sprayings/1/unapply`,
      headers: bearer(token),
    });
    expect(undone.statusCode).toBe(200);
    expect((await get(1)).statusCode).toBe(409);
    const again = await app.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/sprayings/1/apply`,
      headers: bearer(token),
      payload: { applied_at: addDays(today, -2) },
    });
    expect(again.statusCode).toBe(200);
    expect((await get(1)).json()).toMatchObject({ operator: null, weather: null });
  });
});
