import { SignJWT } from 'jose';
import type { SprayWindowDay, WeeklyDigest } from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DIGEST_NOW, digestScenario, type DigestScenario } from '../../test/digest-factory.ts';

/** The weekly digest: its signed link and the public page's answer (issue 14 item 6). */

let app: TestApp;
let scenario: DigestScenario;

beforeAll(async () => {
  app = await createTestApp();
  app.clock.now = DIGEST_NOW;
  scenario = await digestScenario(app);
});
afterAll(() => app.close());

const linkOf = async (token: string) => {
  const response = await app.app.inject({
    method: 'GET',
    url: '/api/report/weekly-digest/link',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ url: string; token: string; expires_at: string }>();
};
const digest = (token: string) =>
  app.app.inject({
    method: 'GET',
    url: `/api/report/weekly-digest?token=${encodeURIComponent(token)}`,
  });

describe('the digest link', () => {
  it('gives the signed-in member a link to the page, valid 14 days', async () => {
    const link = await linkOf(scenario.member.token);
    expect(link.url).toBe(
      `http://lavoura.test/v3/weekly-digest?token=${encodeURIComponent(link.token)}`,
    );
    expect(link.expires_at).toBe('2026-12-09T15:00:00.000Z');
  });

  it('needs a session', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/report/weekly-digest/link' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the digest answer', () => {
  it('opens without a sign-in and tells, per farm, the weeks’ sprays, harvest and what is due', async () => {
    const { token } = await linkOf(scenario.member.token);
    const response = await digest(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.week).toBe('2026-W48');
    expect(body.upcoming_days).toBe(15);
    expect(body.farms).toHaveLength(1);
    const farm = body.farms[0];
    expect(farm).toMatchObject({ id: scenario.farmId, name: 'Fazenda Digest' });
    // Last week: spray 1, planned the 17th, applied the 18th, with its product.
    expect(farm.fields.lastWeek).toHaveLength(1);
    expect(farm.fields.lastWeek[0]).toMatchObject({
      plot_name: 'Talhão Norte',
      ideal_date: '2026-11-17',
      realized_date: '2026-11-18',
      application: { number: 1, white_mold: false },
    });
    expect(farm.fields.lastWeek[0].application.products).toEqual([
      expect.objectContaining({ name: 'Fox', dose: 0.4 }),
    ]);
    // This week: spray 2, not applied yet.
    expect(farm.fields.thisWeek).toEqual([
      expect.objectContaining({ ideal_date: '2026-11-26', realized_date: null }),
    ]);
    // Due in the next 15 days: sprays 2 and 3, not spray 4 (20 Dec).
    expect(farm.upcoming.map((s: { ideal_date: string }) => s.ideal_date)).toEqual([
      '2026-11-26',
      '2026-12-05',
    ]);
    expect(farm.harvest).toEqual([
      expect.objectContaining({
        plot_name: 'Talhão Sul',
        harvest_date: '2026-11-24',
        productivity: 62.5,
      }),
    ]);
  });

  it('gives an upcoming spray of the coming week its spray window, as the program’s windows say (issue 30 item 2)', async () => {
    const { token } = await linkOf(scenario.member.token);
    const [tomorrow, later] = (await digest(token)).json<WeeklyDigest>().farms[0]!.upcoming;
    const windows = await app.app.inject({
      method: 'GET',
      url: `/api/programs/${tomorrow!.program_id}/spray-windows`,
      headers: bearer(scenario.member.token),
    });
    const day = windows
      .json<SprayWindowDay[]>()
      .find((row) => row.spraying_id === tomorrow!.spraying_id)!;
    expect(tomorrow!.spray_window).toEqual({
      best_window: day.best_window,
      nearest_good_day: day.nearest_good_day,
      simulated: true,
    });
    // Ten days ahead: past the forecast's week, no window.
    expect(later!.spray_window).toBeUndefined();
  });

  it('gives the weather of last week and this week by day, labelled simulated offline', async () => {
    const { token } = await linkOf(scenario.member.token);
    const { weather } = (await digest(token)).json().farms[0];
    expect(weather.available).toBe(true);
    expect(weather.simulated).toBe(true);
    expect(weather.lastWeek.map((d: { measurement_date: string }) => d.measurement_date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(weather.thisWeek).toHaveLength(7);
    expect(weather.thisWeek[0]).toMatchObject({
      week: 'this',
      measurement_date: '2026-11-23',
      day_week: 1,
    });
    for (const day of [...weather.lastWeek, ...weather.thisWeek]) {
      expect(day.rain_mm).toBeGreaterThanOrEqual(0);
      expect(['dry', 'light', 'moderate', 'heavy']).toContain(day.rain_status);
    }
    // The forecast days carry the day's extremes.
    expect(weather.thisWeek[6].temp_max_c).toBeGreaterThan(weather.thisWeek[6].temp_min_c);
  });

  it('answers 404 exception.digest.no_data when no farm has anything in the window', async () => {
    const empty = await accountWith(app, ['CONTA'], { planId: 4 });
    const { token } = await linkOf(empty.members.CONTA!.token);
    const response = await digest(token);
    expect(response.statusCode).toBe(404);
    expect(response.json().key).toBe('exception.digest.no_data');
  });
});

describe('the token states', () => {
  it('refuses a missing, malformed or forged token with 401 exception.digest.invalid_token', async () => {
    const forged = await new SignJWT({ purpose: 'weekly-digest', acc: scenario.accountId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(scenario.member.id))
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    const { token } = await linkOf(scenario.member.token);
    const tampered = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const url of [
      '/api/report/weekly-digest',
      '/api/report/weekly-digest?token=nonsense',
      `/api/report/weekly-digest?token=${forged}`,
      `/api/report/weekly-digest?token=${tampered}`,
      // A session token opens no digest: it has no digest purpose.
      `/api/report/weekly-digest?token=${scenario.member.token}`,
    ]) {
      const response = await app.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().key, url).toBe('exception.digest.invalid_token');
    }
  });

  it('is not a session: the digest token opens no signed-in route', async () => {
    const { token } = await linkOf(scenario.member.token);
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/report/weekly-digest/link',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(401);
  });

  it('expires 14 days after it was issued: 401 exception.digest.expired_token', async () => {
    const { token } = await linkOf(scenario.member.token);
    try {
      app.clock.now = new Date(DIGEST_NOW.getTime() + 14 * 86_400_000 - 60_000);
      expect((await digest(token)).statusCode).not.toBe(401);
      app.clock.now = new Date(DIGEST_NOW.getTime() + 14 * 86_400_000 + 60_000);
      const response = await digest(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().key).toBe('exception.digest.expired_token');
    } finally {
      app.clock.now = DIGEST_NOW;
    }
  });
});
