import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A sowing's growth stages (issue 12 item 3): AGRONOMY §2's timeline and field observations. */

let app: TestApp;
let accountId: number;
let token: string;
let sowingId: number;
let farmId: number;
let plotId: number;
let seasonCropId: number;

beforeAll(async () => {
  app = await createTestApp();
  app.clock.now = new Date('2026-12-10T15:00:00Z');
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId);
  plotId = await makePlot(app.db, accountId, farmId);
  const [seasonCrop] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(
      and(
        eq(t.seasonCrops.countryId, 1),
        eq(t.seasonCrops.cropId, 1),
        eq(t.seasonCrops.startPeriod, '2026-08-01'),
      ),
    );
  seasonCropId = seasonCrop!.id;
  const [sowing] = await app.db
    .insert(t.sowings)
    .values({
      accountId,
      farmId,
      plotId,
      cropId: 1,
      seasonCropId,
      area: 10,
      sowingDate: '2026-10-25',
      emergenceDate: '2026-11-01',
      estimatedCycle: 120,
    })
    .returning({ id: t.sowings.id });
  sowingId = sowing!.id;
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, as = token) =>
  app.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

describe('growth stages', () => {
  it('answers the timeline of AGRONOMY §2 for a 120-day cycle', async () => {
    const timeline = (await call('GET', `/api/semeaduras/${sowingId}/growth-stages`)).json() as {
      code: string;
      start_date: string;
    }[];
    const start = (code: string) => timeline.find((stage) => stage.code === code)?.start_date;
    expect(start('VE')).toBe('2026-11-01');
    expect(start('R1')).toBe('2026-12-19'); // DAE 48
    expect(start('R5')).toBe('2027-01-17'); // DAE 77
    expect(start('R7')).toBe('2027-02-17'); // DAE 108
  });

  it('keeps observations as a history, and the latest one becomes the current stage', async () => {
    const stageOf = async () => {
      const sowings = (await call('GET', `/api/semeaduras?fazenda_id=${farmId}`)).json() as {
        id: number;
        estadio_atual: { code: string } | null;
      }[];
      return sowings.find((sowing) => sowing.id === sowingId)?.estadio_atual?.code;
    };
    expect(await stageOf()).toBe('V7-V9'); // DAE 39: the estimate
    const first = await call('POST', `/api/semeaduras/${sowingId}/estadio`, {
      estadio_id: 10, // R1
      observed_at: '2026-12-08T12:00:00-03:00',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ code: 'R1' });
    await call('POST', `/api/semeaduras/${sowingId}/estadio`, {
      estadio_id: 9, // V7-V9, seen earlier and entered late
      observed_at: '2026-12-05T12:00:00-03:00',
    });
    const history = (await call('GET', `/api/semeaduras/${sowingId}/estadio`)).json() as {
      code: string;
    }[];
    expect(history.map((row) => row.code)).toEqual(['V7-V9', 'R1']);
    expect(await stageOf()).toBe('R1');
  });

  it('refuses a stage of another crop, writing nothing', async () => {
    const stored = async () =>
      (
        await app.db
          .select({ n: count() })
          .from(t.sowingStageObservations)
          .where(eq(t.sowingStageObservations.accountId, accountId))
      )[0]!.n;
    const before = await stored();
    const refused = await call('POST', `/api/semeaduras/${sowingId}/estadio`, {
      estadio_id: 110, // a wheat stage
      observed_at: '2026-12-08T12:00:00-03:00',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().context.additionalInfo[0].field).toBe('body.estadio_id');
    expect(await stored()).toBe(before);
  });

  it('answers 404 to another account', async () => {
    const stranger = (await accountWith(app, ['CONTA'], { planId: 4 })).members.CONTA!.token;
    expect(
      (await call('GET', `/api/semeaduras/${sowingId}/growth-stages`, undefined, stranger))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/api/semeaduras/${sowingId}/estadio`,
          { estadio_id: 10, observed_at: '2026-12-08T12:00:00-03:00' },
          stranger,
        )
      ).statusCode,
    ).toBe(404);
  });
});
