import {
  PAUSED_CLIMATE_REASONS,
  addDays,
  deltaT,
  todayIn,
  type SprayWindowDay,
  type SprayWindowSettings,
} from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFarm } from '../../test/farm-factory.ts';
import { addSpraying, applySpraying, makeExecution } from '../../test/program-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { testAppOnFakeOpenMeteo } from '../../test/open-meteo-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * GET /api/programs/{id}/spray-windows (issue 30 item 1) on Open-Meteo's documented answer served
 * by a local fake (open-meteo-fake.ts): wind 2 km/h before 7 h, 8 by day, 14 from 17 h (gusts half
 * as much again); humidity 80 % before noon, 55 % after; 18 °C plus half a degree an hour; on odd
 * days of the month 2 mm in the hour to 15 h and 1 mm in the hour to 16 h.
 */

const ZONE = 'America/Sao_Paulo';
let app: TestApp;
let closeApp: () => Promise<void>;
let token: string;
let strangerToken: string;
let readerToken: string;
let programId: number;
let today: string;
/** A dry day and a day with the afternoon shower, both after today and within the week. */
let dryDay: string;
let showerDay: string;

const get = (url: string, as = token) =>
  app.app.inject({ method: 'GET', url, headers: bearer(as) });
const drought = PAUSED_CLIMATE_REASONS.find((reason) => !reason.requires_description)!;
const isShowerDay = (day: string) => Number(day.slice(8, 10)) % 2 === 1;

beforeAll(async () => {
  const started = await testAppOnFakeOpenMeteo();
  app = started.app;
  closeApp = started.close;
  today = todayIn(ZONE, app.clock.now);
  const account = await accountWith(app, ['CONTA', 'ASSISTENTE_TECNICO'], { planId: 4 });
  token = account.members.CONTA!.token;
  readerToken = account.members.ASSISTENTE_TECNICO!.token;
  strangerToken = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
  const farmId = await makeFarm(app.db, account.accountId, { name: 'Fazenda Horizonte' });
  programId = await makeExecution(app, token, { accountId: account.accountId, farmId, today });
  const ahead = [1, 2, 3].map((offset) => addDays(today, offset));
  dryDay = ahead.find((day) => !isShowerDay(day))!;
  showerDay = ahead.find(isShowerDay)!;
  // Planned in order: yesterday (applied), the two days, and one past the forecast's week.
  await addSpraying(app, token, programId, addDays(today, -1));
  for (const day of [dryDay, showerDay].sort()) await addSpraying(app, token, programId, day);
  await addSpraying(app, token, programId, addDays(today, 9));
  await applySpraying(app, token, programId, 1, addDays(today, -1));
});
afterAll(() => closeApp());

describe('spray windows', () => {
  it('rates each hour of the sprayings planned this week and names the best window', async () => {
    const response = await get(`/api/programs/${programId}/spray-windows?days=7`);
    expect(response.statusCode).toBe(200);
    const days = response.json<SprayWindowDay[]>();
    // The applied spraying and the one past the week are left out.
    expect(days.map((day) => day.date)).toEqual([dryDay, showerDay].sort());
    const dry = days.find((day) => day.date === dryDay)!;
    expect(dry.provider).toBe('open-meteo');
    expect(dry.simulated).toBeUndefined();
    expect(dry.hours).toHaveLength(24);
    // Calm before 7 h: bad (inversion); from 17 h the wind of 14 km/h and its gusts: marginal.
    expect(dry.hours[3]).toMatchObject({
      start: `${dryDay}T03:00`,
      quality: 'bad',
      reasons: [{ code: 'wind_calm', quality: 'bad' }],
      wind_kmh: 2,
      past: false,
    });
    expect(dry.hours[18]!.quality).toBe('marginal');
    expect(dry.hours[18]!.reasons.map((reason) => reason.code)).toEqual(['wind_strong', 'gusts']);
    expect(dry.hours[8]).toMatchObject({
      quality: 'good',
      reasons: [],
      temperature_c: 22,
      humidity_pct: 80,
      delta_t: deltaT(22, 80),
      rain_mm: 0,
    });
    expect(dry.best_window).toEqual({
      start: `${dryDay}T07:00`,
      end: `${dryDay}T17:00`,
      hours: 10,
    });
    expect(dry.nearest_good_day).toBeNull();
  });

  it('calls bad the shower’s hours and the two before it, whose product would not be rain-fast', async () => {
    const days = (await get(`/api/programs/${programId}/spray-windows`)).json<SprayWindowDay[]>();
    const shower = days.find((day) => day.date === showerDay)!;
    // Open-Meteo's rain at 15:00 fell from 14:00.
    expect(shower.hours[14]).toMatchObject({ quality: 'bad', rain_mm: 2 });
    expect(shower.hours[14]!.reasons).toContainEqual({ code: 'rain', quality: 'bad' });
    expect(shower.hours[15]).toMatchObject({ quality: 'bad', rain_mm: 1 });
    expect(shower.hours[12]!.reasons).toEqual([{ code: 'rain_before_rainfast', quality: 'bad' }]);
    expect(shower.hours[11]!.quality).toBe('good');
    expect(shower.best_window).toEqual({
      start: `${showerDay}T07:00`,
      end: `${showerDay}T12:00`,
      hours: 5,
    });
  });

  it('rates by the account’s own thresholds once set, and back by the defaults when reset', async () => {
    const settings = await get('/api/spray-window-settings');
    expect(settings.statusCode).toBe(200);
    const wind = settings
      .json<SprayWindowSettings>()
      .thresholds.find((row) => row.key === 'wind_good_max_kmh')!;
    expect(wind).toMatchObject({ value: 10, default: 10, source: 'W3', overridden: false });
    const put = (payload: Record<string, unknown>, as = token) =>
      app.app.inject({
        method: 'PUT',
        url: '/api/spray-window-settings',
        headers: bearer(as),
        payload,
      });
    // This account sprays in 14 km/h with gusts to 25: the evening turns good.
    const changed = await put({ wind_good_max_kmh: 14, gust_max_kmh: 25 });
    expect(changed.statusCode).toBe(200);
    expect(
      changed.json<SprayWindowSettings>().thresholds.find((row) => row.key === 'gust_max_kmh'),
    ).toMatchObject({ value: 25, default: 20, overridden: true });
    const windy = (await get(`/api/programs/${programId}/spray-windows`)).json<SprayWindowDay[]>();
    expect(windy.find((day) => day.date === dryDay)!.best_window).toEqual({
      start: `${dryDay}T07:00`,
      end: `${addDays(dryDay, 1)}T00:00`,
      hours: 17,
    });
    // A lower limit above the one over it: refused with the key, nothing written.
    const refused = await put({ wind_min_kmh: 15 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      key: 'exception.spray_windows.thresholds_inconsistent',
    });
    const kept = (await get('/api/spray-window-settings')).json<SprayWindowSettings>();
    expect(kept.thresholds.find((row) => row.key === 'wind_min_kmh')!.value).toBe(3);
    // Out of bounds is a validation error; a reader may look but not change.
    expect((await put({ rainfast_hours: 48 })).statusCode).toBe(400);
    expect((await put({ rainfast_hours: 4 }, readerToken)).statusCode).toBe(403);
    expect((await get('/api/spray-window-settings', readerToken)).statusCode).toBe(200);
    // Back to the defaults.
    expect((await put({ wind_good_max_kmh: null, gust_max_kmh: null })).statusCode).toBe(200);
    const again = (await get(`/api/programs/${programId}/spray-windows`)).json<SprayWindowDay[]>();
    expect(again.find((day) => day.date === dryDay)!.best_window!.hours).toBe(10);
  });

  it('answers only the days asked for, and nothing for a paused program', async () => {
    expect((await get(`/api/programs/${programId}/spray-windows?days=1`)).json()).toEqual([]);
    const twoDays = await get(`/api/programs/${programId}/spray-windows?days=2`);
    expect(twoDays.json<SprayWindowDay[]>().map((day) => day.date)).toEqual([addDays(today, 1)]);
    const paused = await app.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/pause`,
      headers: bearer(token),
      payload: { reason_id: drought.id, paused_at: today },
    });
    expect(paused.statusCode).toBe(200);
    expect((await get(`/api/programs/${programId}/spray-windows`)).json()).toEqual([]);
  });

  it('refuses a week longer than the forecast with the validation key, and another account’s program with 404', async () => {
    const long = await get(`/api/programs/${programId}/spray-windows?days=9`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ key: 'exception.validation_error' });
    const stranger = await get(`/api/programs/${programId}/spray-windows`, strangerToken);
    expect(stranger.statusCode).toBe(404);
  });
});

describe('spray windows offline', () => {
  it('are labelled simulated on the offline provider', async () => {
    const offline = await createTestApp();
    try {
      const account = await accountWith(offline, ['CONTA'], { planId: 4 });
      const farmId = await makeFarm(offline.db, account.accountId, { name: 'Fazenda Offline' });
      const offlineToken = account.members.CONTA!.token;
      const offlineToday = todayIn(ZONE, offline.clock.now);
      const id = await makeExecution(offline, offlineToken, {
        accountId: account.accountId,
        farmId,
        today: offlineToday,
      });
      await addSpraying(offline, offlineToken, id, addDays(offlineToday, 2));
      const answer = await offline.app.inject({
        method: 'GET',
        url: `/api/programs/${id}/spray-windows`,
        headers: bearer(offlineToken),
      });
      const days = answer.json<SprayWindowDay[]>();
      expect(days).toHaveLength(1);
      expect(days[0]).toMatchObject({ provider: 'simulated', simulated: true });
      expect(days[0]!.hours).toHaveLength(24);
    } finally {
      await offline.close();
    }
  });
});
