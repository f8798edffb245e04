import { CROP_IDS, addDays } from '@lavoura/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { demoBrsVarieties, demoProducts, demoSoybeanSeason } from './demo-season.ts';
import * as t from './schema.ts';
import { ofAccount } from '../policies/tenancy.ts';

/**
 * The Full demo account's previous soybean season on Fazenda Três Irmãos (issue 14 item 4; the
 * embedded default's demo data, never production), so /performance has harvests to show: its four
 * plots sown in October with two varieties, each with a spray program whose sprays were applied,
 * and harvested in February. Written straight to the tables: a past season is read-only through the
 * API. Dates are counted from the previous season's start, so the season is always the one before
 * the current; every date lies months before today.
 *
 * The productivities are the demo grower's own entries (typical Mato Grosso soybean, 55–70
 * sc/ha), and the doses and prices the same grower values as the current season's programs
 * (demo-programs.ts): illustrative, not measured data (docs/data-sources.md, "Demo data").
 */

/** What the demo grower paid (R$ per L or kg) and sprayed per hectare (as demo-programs.ts). */
const SPRAYS: readonly (readonly { name: string; dose: number; price: number }[])[] = [
  [
    { name: 'Fox', dose: 0.4, price: 185 },
    { name: 'Unizeb Gold', dose: 2, price: 38 },
  ],
  [
    { name: 'Ativum', dose: 0.8, price: 160 },
    { name: 'Bravonil 720', dose: 2, price: 36 },
  ],
  [{ name: 'Elatus', dose: 0.2, price: 640 }],
  [{ name: 'Bravonil 720', dose: 2, price: 36 }],
];

/**
 * Each plot's sowing: days after the season's start it was sown (1 Aug + 70 = 10 Oct), which of the
 * two varieties, the days to harvest, the grower's sc/ha and how many of the sprays above it got.
 */
const FIELDS: readonly {
  plot: string;
  sownAfter: number;
  variety: 0 | 1;
  cycle: number;
  productivity: number;
  sprays: number;
}[] = [
  {
    plot: 'Talhão 01 - Sede',
    sownAfter: 70,
    variety: 0,
    cycle: 118,
    productivity: 66.4,
    sprays: 3,
  },
  { plot: 'Talhão 02', sownAfter: 72, variety: 0, cycle: 121, productivity: 62.8, sprays: 3 },
  {
    plot: 'Talhão 03 - Cabeceira',
    sownAfter: 78,
    variety: 1,
    cycle: 128,
    productivity: 57.5,
    sprays: 4,
  },
  {
    plot: 'Talhão 04 - Reserva',
    sownAfter: 81,
    variety: 1,
    cycle: 126,
    productivity: 59.9,
    sprays: 2,
  },
];

const RUST = 1;
const TARGET_SPOT = 3;
const MEDIUM_SEVERITY = 3;

export async function seedDemoHarvests(db: Database, demo: { accountId: number }): Promise<void> {
  const { farm, season, seasonCrop } = await demoSoybeanSeason(db, demo, 1, 'Demo harvests');

  return db.transaction(async (run) => {
    const farmVarieties = await demoBrsVarieties(
      run,
      demo,
      farm.id,
      seasonCrop.id,
      'Demo harvests',
    );

    const plots = await run
      .select({ id: t.plots.id, name: t.plots.name, area: t.plots.area })
      .from(t.plots)
      .where(and(ofAccount(t.plots, demo), eq(t.plots.farmId, farm.id)));
    const names = [...new Set(SPRAYS.flat().map((product) => product.name))];
    const { idOf: productId } = await demoProducts(run, names, 'Demo harvests');

    for (const field of FIELDS) {
      const plot = plots.find((row) => row.name === field.plot);
      if (!plot) throw new Error(`Demo harvests: no plot ${field.plot}`);
      const sown = addDays(season.start_period, field.sownAfter);
      const harvested = addDays(sown, field.cycle);
      const [sowing] = await run
        .insert(t.sowings)
        .values({
          accountId: demo.accountId,
          farmId: farm.id,
          plotId: plot.id,
          cropId: CROP_IDS.soybean,
          seasonCropId: seasonCrop.id,
          farmVarietyId: farmVarieties[field.variety],
          area: plot.area,
          sowingDate: sown,
          emergenceDate: addDays(sown, 7),
          estimatedCycle: field.cycle,
          closedAt: new Date(`${harvested}T18:00:00Z`),
        })
        .returning({ id: t.sowings.id });
      await run.insert(t.harvests).values({
        accountId: demo.accountId,
        sowingId: sowing!.id,
        harvestDate: harvested,
        productivity: field.productivity,
        desiccation: field.variety === 1,
      });
      const [program] = await run
        .insert(t.programs)
        .values({
          accountId: demo.accountId,
          farmId: farm.id,
          sowingId: sowing!.id,
          seasonCropId: seasonCrop.id,
          name: `Ferrugem e mancha-alvo — ${field.plot}`,
          mainDiseaseId: RUST,
          secondaryDiseaseIds: [TARGET_SPOT],
          severityId: MEDIUM_SEVERITY,
        })
        .returning({ id: t.programs.id });
      for (const [index, spray] of SPRAYS.slice(0, field.sprays).entries()) {
        // From R3 on (about 45 days after emergence), every 16 days.
        const day = addDays(sown, 52 + index * 16);
        const [spraying] = await run
          .insert(t.sprayings)
          .values({
            accountId: demo.accountId,
            programId: program!.id,
            ordinal: index + 1,
            plannedDate: day,
            originalDate: day,
            appliedAt: day,
          })
          .returning({ id: t.sprayings.id });
        await run.insert(t.sprayingProducts).values(
          spray.map((product) => ({
            accountId: demo.accountId,
            sprayingId: spraying!.id,
            pesticideId: productId(product.name),
            dose: product.dose,
            price: product.price.toFixed(2),
          })),
        );
      }
    }
  });
}
