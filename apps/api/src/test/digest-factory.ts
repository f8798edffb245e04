import { NOTIFICATION_TYPE_IDS } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import * as t from '../db/schema.ts';
import { makeFarm, makePlot, makeSowing } from './farm-factory.ts';
import { accountWith, bearer } from './identity-factory.ts';
import type { TestApp } from './test-app.ts';

/**
 * Test data of the weekly digest and the notifications (test helper): an account whose
 * administrator has a farm with an execution program. With today Wednesday 2026-11-25 (week
 * 2026-W48: last week 16–22 Nov, this week 23–29 Nov): spray 1 planned 17 Nov, applied 18 Nov;
 * spray 2 planned 26 Nov (this week, not applied); spray 3 planned 5 Dec (upcoming); spray 4
 * planned 20 Dec (outside every window); a harvest of another plot on 24 Nov, 62.5 sc/ha.
 */
export const DIGEST_NOW = new Date('2026-11-25T15:00:00Z');

export interface DigestScenario {
  accountId: number;
  farmId: number;
  member: { id: number; email: string; token: string };
  sprayIds: number[];
}

export async function digestScenario(
  app: TestApp,
  options: { farmName?: string; optIn?: number[]; whatsapp?: string } = {},
): Promise<DigestScenario> {
  const { accountId, members } = await accountWith(app, ['CONTA'], { planId: 4 });
  const member = members.CONTA!;
  const farmId = await makeFarm(app.db, accountId, { name: options.farmName ?? 'Fazenda Digest' });
  const plotId = await makePlot(app.db, accountId, farmId, { name: 'Talhão Norte' });
  const otherPlotId = await makePlot(app.db, accountId, farmId, { name: 'Talhão Sul' });
  const sowingId = await makeSowing(app.db, accountId, farmId, plotId);
  const harvestedId = await makeSowing(app.db, accountId, farmId, otherPlotId);
  const [sowing] = await app.db
    .select({ seasonCropId: t.sowings.seasonCropId })
    .from(t.sowings)
    .where(eq(t.sowings.id, sowingId));
  const [program] = await app.db
    .insert(t.programs)
    .values({ accountId, farmId, sowingId, seasonCropId: sowing!.seasonCropId, name: 'Execução' })
    .returning({ id: t.programs.id });
  const sprays = await app.db
    .insert(t.sprayings)
    .values(
      [
        { ordinal: 1, plannedDate: '2026-11-17', appliedAt: '2026-11-18' },
        { ordinal: 2, plannedDate: '2026-11-26', appliedAt: null },
        { ordinal: 3, plannedDate: '2026-12-05', appliedAt: null },
        { ordinal: 4, plannedDate: '2026-12-20', appliedAt: null },
      ].map((spray) => ({ ...spray, accountId, programId: program!.id })),
    )
    .returning({ id: t.sprayings.id });
  const [pesticide] = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)))
    .limit(1);
  if (pesticide)
    await app.db
      .insert(t.sprayingProducts)
      .values({
        accountId,
        sprayingId: sprays[0]!.id,
        pesticideId: pesticide.id,
        dose: 0.4,
        price: '185',
      });
  await app.db
    .insert(t.harvests)
    .values({ accountId, sowingId: harvestedId, harvestDate: '2026-11-24', productivity: 62.5 });
  const optIn = options.optIn ?? [NOTIFICATION_TYPE_IDS.weekly_applications];
  const saved = await app.app.inject({
    method: 'PUT',
    url: `/api/farms/${farmId}/notifications`,
    headers: bearer(member.token),
    payload: {
      notification_type_ids: optIn,
      whatsapp_opt_in: options.whatsapp !== undefined,
      phone: options.whatsapp ?? null,
    },
  });
  if (saved.statusCode !== 200) throw new Error(`notifications: ${saved.statusCode} ${saved.body}`);
  return { accountId, farmId, member, sprayIds: sprays.map((spray) => spray.id) };
}
