import {
  GROWTH_STAGES,
  HARVEST_STAGE,
  todayIn,
  type CropId,
  type HarvestFacts,
} from '@lavoura/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount } from '../../policies/tenancy.ts';
import type { ProgramRow } from './program-rows.ts';

/**
 * What a sowing's program checks safety intervals against (issue 30 item 4), by sowing id: the
 * days its harvests were recorded (a crop loss is no harvest) and the first day its harvest stage
 * (soybean R8, wheat Feekes 11.4) was observed, on the farm's calendar. A plan has no sowing: its
 * harvest is the estimated stage only.
 */
export async function harvestFactsOf(
  db: Executor,
  session: Session,
  rows: readonly ProgramRow[],
): Promise<Map<number, HarvestFacts>> {
  const sowings = [
    ...new Set(rows.flatMap((row) => (row.sowingId === null ? [] : [row.sowingId]))),
  ];
  const facts = new Map<number, { observed?: string; recorded: string[] }>();
  if (!sowings.length) return facts;
  const harvestStageIds = GROWTH_STAGES.filter(
    (stage) => HARVEST_STAGE[stage.crop_id as CropId] === stage.code,
  ).map((stage) => stage.id);
  const [harvests, observations] = await Promise.all([
    db
      .select({ sowingId: t.harvests.sowingId, date: t.harvests.harvestDate })
      .from(t.harvests)
      .where(
        and(
          ofAccount(t.harvests, session),
          inArray(t.harvests.sowingId, sowings),
          eq(t.harvests.lost, false),
        ),
      ),
    db
      .select({
        sowingId: t.sowingStageObservations.sowingId,
        observedAt: t.sowingStageObservations.observedAt,
      })
      .from(t.sowingStageObservations)
      .where(
        and(
          ofAccount(t.sowingStageObservations, session),
          inArray(t.sowingStageObservations.sowingId, sowings),
          inArray(t.sowingStageObservations.growthStageId, harvestStageIds),
        ),
      ),
  ]);
  const timeZoneOf = new Map(rows.map((row) => [row.sowingId, row.timeZone]));
  const of = (sowingId: number) => {
    let entry = facts.get(sowingId);
    if (!entry) facts.set(sowingId, (entry = { recorded: [] }));
    return entry;
  };
  for (const harvest of harvests) of(harvest.sowingId).recorded.push(harvest.date);
  for (const observation of observations) {
    const day = todayIn(timeZoneOf.get(observation.sowingId) ?? 'UTC', observation.observedAt);
    const entry = of(observation.sowingId);
    if (!entry.observed || day < entry.observed) entry.observed = day;
  }
  for (const entry of facts.values()) entry.recorded.sort();
  return facts;
}
