import { CROP_IDS, DISEASES, SEVERITY_LEVELS, addDays } from '@lavoura/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { programServices } from '../modules/programs/program-services.ts';
import type { Database } from './client.ts';
import { applyDueSprays, demoSession, takeDemoSuggestion } from './demo-programs.ts';
import { demoBrsVarieties, demoSeason, sowWholePlot } from './demo-season.ts';
import * as t from './schema.ts';

/** The Full demo's farm in western Paraná (demo-farms.ts), where soybean follows wheat. */
const PARANA_FARM = 'Fazenda Santa Helena';
/**
 * Its wheat: a cultivar of the Brazilian FHB trials (delponte-wheat source), among the most sown
 * in Paraná's recent seasons.
 */
const DEMO_WHEAT_VARIETY = 'TBIO Toruk';
/** Western Paraná sows wheat from April to June (MAPA's ZARC windows): the demo sows on 20 May. */
const WHEAT_SOWING_DAY = '05-20';
const WHEAT_CYCLE_DAYS = 125;
const WHEAT_PRODUCTIVITY = 52;
const SOYBEAN_CYCLE_DAYS = 120;

const diseaseId = (code: string) => DISEASES.find((disease) => disease.code === code)!.id;
const severityId = (code: string) => SEVERITY_LEVELS.find((level) => level.code === code)!.id;

/**
 * The Full demo's Paraná programs (issue 28): on Fazenda Santa Helena, a soybean sowing of the
 * current season on its low, damp plot with a rust program that adds white-mold sprays, and a
 * wheat sowing of the latest wheat season with a fusarium-head-blight program. Both take the
 * engine's suggestion at the labels' doses (the grower has no dose of their own for these
 * products) and apply what was due before today, as the grower would have.
 */
export async function seedDemoParanaPrograms(
  db: Database,
  demo: { accountId: number; userId: number; membershipId: number; planLevel: number },
): Promise<void> {
  const who = 'Demo Paraná';
  const session = demoSession(demo);
  const programs = programServices({ db });

  const soybean = await demoSeason(
    db,
    demo,
    { farmName: PARANA_FARM, cropId: CROP_IDS.soybean, ago: 0 },
    who,
  );
  const { farm, today } = soybean;
  const back = (days: number) => {
    const day = addDays(today, -days);
    return day < soybean.season.start_period ? soybean.season.start_period : day;
  };
  const [soybeanVariety] = await demoBrsVarieties(db, demo, farm.id, soybean.seasonCrop.id, who);
  const soybeanSowing = await sowWholePlot(
    db,
    demo,
    {
      farmId: farm.id,
      plotName: 'Talhão 5 - Baixada',
      cropId: CROP_IDS.soybean,
      seasonCropId: soybean.seasonCrop.id,
      farmVarietyId: soybeanVariety,
      sowingDate: back(55),
      cycleDays: SOYBEAN_CYCLE_DAYS,
    },
    who,
  );
  const whiteMold = await programs.records.create(session, {
    semeadura_id: soybeanSowing,
    nome: 'Ferrugem e mofo-branco — Baixada',
    doenca_principal_id: diseaseId('FER'),
    doencas_secundarias_ids: [diseaseId('MAL')],
    severidade: severityId('high'),
    mofo_branco: true,
    white_mold_total_sprayings: 2,
  });
  await takeDemoSuggestion(programs, session, whiteMold.id);
  await applyDueSprays(programs, session, whiteMold.id, 1, today);

  // The latest wheat season sown by today: between January and May, last year's.
  const ago = today.slice(5) >= WHEAT_SOWING_DAY ? 0 : 1;
  const wheat = await demoSeason(
    db,
    demo,
    { farmName: PARANA_FARM, cropId: CROP_IDS.wheat, ago },
    who,
  );
  const [variety] = await db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(
      and(
        eq(t.varieties.cropId, CROP_IDS.wheat),
        eq(t.varieties.name, DEMO_WHEAT_VARIETY),
        eq(t.varieties.listed, true),
        isNull(t.varieties.accountId),
      ),
    );
  if (!variety) throw new Error(`${who}: no wheat variety ${DEMO_WHEAT_VARIETY}`);
  const [wheatVariety] = await db
    .insert(t.farmVarieties)
    .values({
      accountId: demo.accountId,
      farmId: farm.id,
      seasonCropId: wheat.seasonCrop.id,
      varietyId: variety.id,
    })
    .returning({ id: t.farmVarieties.id });
  const wheatSowingDate = `${wheat.season.start_year}-${WHEAT_SOWING_DAY}`;
  const wheatSowing = await sowWholePlot(
    db,
    demo,
    {
      farmId: farm.id,
      plotName: 'Talhão 3',
      cropId: CROP_IDS.wheat,
      seasonCropId: wheat.seasonCrop.id,
      farmVarietyId: wheatVariety!.id,
      sowingDate: wheatSowingDate,
      cycleDays: WHEAT_CYCLE_DAYS,
    },
    who,
  );
  const fhb = await programs.records.create(session, {
    semeadura_id: wheatSowing,
    nome: 'Giberela e ferrugem da folha — Talhão 3',
    doenca_principal_id: diseaseId('GIB'),
    doencas_secundarias_ids: [diseaseId('FFO')],
    severidade: severityId('medium'),
  });
  const planned = await takeDemoSuggestion(programs, session, fhb.id);
  await applyDueSprays(programs, session, fhb.id, planned.planejamentos.length, today);
  // A wheat whose cycle ended a week ago is harvested: 52 sc/ha (about 3.1 t/ha), the demo
  // grower's own entry, a typical western-Paraná yield, not measured data.
  const harvested = addDays(wheatSowingDate, 7 + WHEAT_CYCLE_DAYS + 7);
  if (harvested < today)
    await db.insert(t.harvests).values({
      accountId: demo.accountId,
      sowingId: wheatSowing,
      harvestDate: harvested,
      productivity: WHEAT_PRODUCTIVITY,
      desiccation: false,
    });
}
