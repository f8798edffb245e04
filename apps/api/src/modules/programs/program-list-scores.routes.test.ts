import { addDays, currentSeasonStartYear, seasonPeriod, todayIn } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoSession } from '../../db/demo-programs.ts';
import * as t from '../../db/schema.ts';
import { currentSeasonCrop, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, versionsHeard, type TestApp } from '../../test/test-app.ts';
import { ProgramEvaluations } from './program-evaluations.ts';
import { programServices } from './program-services.ts';

/**
 * The programs list keeps each program's scores between answers (issue 29 item 10): a write shows
 * the new scores of the programs it touched, and the others are neither read nor computed again.
 */

let app: TestApp;
let accountId: number;
let token: string;
let farmId: number;
let farmVarietyId: number;
let seasonCropId: number;
let fox: number;
let season: { start_period: string };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const day = (offset: number) => addDays(season.start_period, offset);

interface Listed {
  id: number;
  avaliacao: { program_score: number; data_emergencia: string } | null;
  planejamentos: { id: number }[];
}
const listed = async () =>
  (await call('GET', `/api/programas?fazenda_id=${farmId}&basic_list=1`)).json() as Listed[];
const scoreOf = (programs: Listed[], id: number) =>
  programs.find((program) => program.id === id)!.avaliacao!.program_score;

/** A program with one rust spray of Fox at `dose` on DAE 38 (V7-V9), planned or of a sowing. */
async function programWith(target: { cultivar_id?: number; semeadura_id?: number }, dose: number) {
  const program = (
    await call('POST', '/api/programas', {
      ...target,
      doenca_principal_id: 1,
      severidade: 1,
      ...(target.cultivar_id ? { data_prevista: day(67), ciclo_dias: 120 } : {}),
    })
  ).json();
  const planned = await call('POST', `/api/programas/${program.id}/planejamentos`, {
    data: day(67 + 38),
    produtos: [{ defensivo_id: fox, dose, preco: 100 }],
  });
  expect(planned.statusCode).toBe(201);
  return planned.json() as Listed;
}

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  token = account.members.CONTA!.token;
  farmId = await makeFarm(app.db, accountId);
  season = seasonPeriod(1, 1, currentSeasonStartYear(1, 1, todayIn('America/Sao_Paulo')));
  seasonCropId = await currentSeasonCrop(app.db);
  const [variety] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  const [farmVariety] = await app.db
    .insert(t.farmVarieties)
    .values({ accountId, farmId, seasonCropId, varietyId: variety!.id })
    .returning({ id: t.farmVarieties.id });
  farmVarietyId = farmVariety!.id;
  const [product] = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
  fox = product!.id;
});
afterAll(() => app.close());

describe('the programs list after a write', () => {
  it('shows the new score of a program whose spray changed, and the others’ as they were', async () => {
    const changed = await programWith({ cultivar_id: farmVarietyId }, 0.4);
    const untouched = await programWith({ cultivar_id: farmVarietyId }, 0.4);
    const before = await listed();
    expect(scoreOf(before, changed.id)).toBeGreaterThan(0);
    expect(scoreOf(before, changed.id)).toBe(scoreOf(before, untouched.id));

    // A quarter of the dose: a lower dose factor, a lower score.
    const written = await call(
      'PUT',
      `/api/programas/${changed.id}/planejamentos/${changed.planejamentos[0]!.id}`,
      { data: day(67 + 38), produtos: [{ defensivo_id: fox, dose: 0.1, preco: 100 }] },
    );
    expect(written.statusCode).toBe(200);
    const after = await listed();
    expect(scoreOf(after, changed.id)).toBeLessThan(scoreOf(before, changed.id));
    expect(scoreOf(after, changed.id)).toBe(written.json().avaliacao.program_score);
    expect(scoreOf(after, untouched.id)).toBe(scoreOf(before, untouched.id));
    // The same inputs as a program never listed before: the kept score is the computed one.
    const fresh = await programWith({ cultivar_id: farmVarietyId }, 0.1);
    expect(scoreOf(await listed(), changed.id)).toBe(fresh.avaliacao!.program_score);
  });

  it('shows the new score when the sowing’s emergence changes, whoever wrote it', async () => {
    const plot = await makePlot(app.db, accountId, farmId, { area: 30 });
    const [sowing] = await app.db
      .insert(t.sowings)
      .values({
        accountId,
        farmId,
        plotId: plot,
        cropId: 1,
        seasonCropId,
        farmVarietyId,
        area: 30,
        sowingDate: day(60),
        emergenceDate: day(67),
        estimatedCycle: 120,
      })
      .returning({ id: t.sowings.id });
    await versionsHeard(app);
    const execution = await programWith({ semeadura_id: sowing!.id }, 0.4);
    const before = await listed();
    const shown = before.find((program) => program.id === execution.id)!;
    expect(shown.avaliacao!.data_emergencia).toBe(day(67));
    // Emerged 30 days later: the spray falls before rust's range.
    await app.db
      .update(t.sowings)
      .set({ emergenceDate: day(97) })
      .where(eq(t.sowings.id, sowing!.id));
    await versionsHeard(app);
    const after = (await listed()).find((program) => program.id === execution.id)!;
    expect(after.avaliacao!.data_emergencia).toBe(day(97));
    expect(after.avaliacao!.program_score).not.toBe(shown.avaliacao!.program_score);
  });

  it('reads and computes again only the programs a write touched', async () => {
    const { answers, sprayings } = programServices({ db: app.db });
    const session = demoSession({ accountId, userId: 0, membershipId: 0, planLevel: 4 });
    const changed = await programWith({ cultivar_id: farmVarietyId }, 0.4);
    const untouched = await programWith({ cultivar_id: farmVarietyId }, 0.4);
    const read = async () =>
      JSON.parse((await answers.listJson(session, { fazenda_id: farmId })).json) as Listed[];
    const first = await read();
    await sprayings.updateApplication(session, changed.id, changed.planejamentos[0]!.id, {
      data: day(67 + 38),
      produtos: [{ defensivo_id: fox, dose: 0.2, preco: 100 }],
    });
    const evaluated = vi.spyOn(ProgramEvaluations.prototype, 'evaluate');
    try {
      const second = await read();
      // The changed program alone was read and scored; the others' entries were copied.
      expect(evaluated.mock.calls.map(([row]) => row.id)).toEqual([changed.id]);
      expect(scoreOf(second, changed.id)).toBeLessThan(scoreOf(first, changed.id));
      expect(second.find((program) => program.id === untouched.id)).toEqual(
        first.find((program) => program.id === untouched.id),
      );
      expect(second.map((program) => program.id)).toEqual(first.map((program) => program.id));
    } finally {
      evaluated.mockRestore();
    }
  });
});
