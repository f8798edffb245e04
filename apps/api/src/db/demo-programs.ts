import {
  CROP_IDS,
  COUNTRY_IDS,
  addDays,
  permissionsFor,
  type ApplicationBody,
} from '@lavoura/domain';
import type { Session } from '../modules/auth/session.types.ts';
import type { TokenClaims } from '../modules/auth/tokens.ts';
import { programServices, type ProgramServices } from '../modules/programs/program-services.ts';
import type { Database } from './client.ts';
import { demoBrsVarieties, demoProducts, demoSoybeanSeason, sowWholePlot } from './demo-season.ts';
import * as t from './schema.ts';

/**
 * The Full demo account's spray programs (issue 13 item 13; the embedded default's demo data, never
 * production), on one farm so the others stay as a new grower finds them: three sowings of the
 * current soybean season on Fazenda Três Irmãos, two with programs the engine suggested (one with
 * two sprays applied, one paused for drought), one left to plan; and a plan for a variety with a
 * copy for the other, to compare. Written through the programs service, as the API would write
 * them. Dates are counted back from the day the demo is made, so the season is always the current
 * one.
 *
 * The doses and prices are the demo grower's own entries (the account's last values), not label
 * doses: the catalogue's data set gives none for these products, and shows "not informed" for them
 * (docs/data-sources.md, "Demo data").
 */

/** What the demo grower paid (R$ per L or kg) and sprayed per hectare, product by product. */
const GROWER_VALUES: readonly { name: string; dose: number; price: number }[] = [
  { name: 'Fox', dose: 0.4, price: 185 },
  { name: 'Ativum', dose: 0.8, price: 160 },
  { name: 'Elatus', dose: 0.2, price: 640 },
  { name: 'Unizeb Gold', dose: 2, price: 38 },
  { name: 'Bravonil 720', dose: 2, price: 36 },
];

/**
 * What the demo grower paid (R$ per L or kg) for the other products the demo's suggestions choose
 * at their labels' doses (here and in demo-parana.ts): prices only, the doses are the labels'.
 */
const GROWER_PRICES: Readonly<Record<string, number>> = {
  'Fox Xpro': 230,
  'Spot SC': 95,
  'Winout Xtra': 140,
  Vessarya: 260,
  'Folicur 200 EC': 48,
  'Orkestra SC': 210,
  Wonder: 120,
  Bandolim: 110,
};

/** Asian rust (FER) first, target spot (MAL) second: the diseases of a Mato Grosso season. */
const RUST = 1;
const TARGET_SPOT = 3;
const MEDIUM_SEVERITY = 3;
const DROUGHT = 1;

export async function seedDemoPrograms(
  db: Database,
  demo: { accountId: number; userId: number; membershipId: number; planLevel: number },
): Promise<void> {
  const { farm, today, season, seasonCrop } = await demoSoybeanSeason(db, demo, 0, 'Demo programs');
  // The season must have begun far enough back for sprays to have been applied in it.
  const back = (days: number) => {
    const day = addDays(today, -days);
    return day < season.start_period ? season.start_period : day;
  };

  const [mainVariety, otherVariety] = await demoBrsVarieties(
    db,
    demo,
    farm.id,
    seasonCrop.id,
    'Demo programs',
  );

  const sow = (plotName: string, daysAgo: number, farmVarietyId: number) =>
    sowWholePlot(
      db,
      demo,
      {
        farmId: farm.id,
        plotName,
        cropId: CROP_IDS.soybean,
        seasonCropId: seasonCrop.id,
        farmVarietyId,
        sowingDate: back(daysAgo),
        cycleDays: 120,
      },
      'Demo programs',
    );
  const sede = await sow('Talhão 01 - Sede', 75, mainVariety);
  const second = await sow('Talhão 02', 62, mainVariety);
  await sow('Talhão 03 - Cabeceira', 40, otherVariety);

  const { idOf: productId } = await demoProducts(
    db,
    GROWER_VALUES.map((value) => value.name),
    'Demo programs',
  );
  await db.insert(t.accountPesticideValues).values(
    GROWER_VALUES.map((value) => ({
      accountId: demo.accountId,
      pesticideId: productId(value.name),
      dose: value.dose,
      price: value.price.toFixed(2),
      uses: 1,
    })),
  );
  const { rows: priced } = await demoProducts(db, Object.keys(GROWER_PRICES), 'Demo programs');
  if (priced.length)
    await db.insert(t.accountPesticideValues).values(
      priced.map((product) => ({
        accountId: demo.accountId,
        pesticideId: product.id,
        price: GROWER_PRICES[product.name]!.toFixed(2),
        uses: 1,
      })),
    );

  const session = demoSession(demo);
  const programs = programServices({ db });
  const diseases = {
    doenca_principal_id: RUST,
    doencas_secundarias_ids: [TARGET_SPOT],
    severidade: MEDIUM_SEVERITY,
  };
  const takeSuggestion = (programId: number) => takeDemoSuggestion(programs, session, programId);
  const applyDue = (programId: number, count: number) =>
    applyDueSprays(programs, session, programId, count, today);

  const executed = await programs.records.create(session, {
    semeadura_id: sede,
    nome: 'Ferrugem e mancha-alvo — Sede',
    ...diseases,
  });
  await takeSuggestion(executed.id);
  await applyDue(executed.id, 2);

  const paused = await programs.records.create(session, {
    semeadura_id: second,
    nome: 'Ferrugem e mancha-alvo — Talhão 02',
    ...diseases,
  });
  await takeSuggestion(paused.id);
  await applyDue(paused.id, 1);
  await programs.schedule.pause(session, paused.id, {
    reason_id: DROUGHT,
    description: 'Veranico: 18 dias sem chuva',
    paused_at: addDays(today, -3),
  });

  const planSettings = { data_prevista: back(68), ciclo_dias: 120, ...diseases };
  const plan = await programs.records.create(session, {
    cultivar_id: mainVariety,
    nome: 'Plano ferrugem — padrão',
    ...planSettings,
  });
  const planned = await takeSuggestion(plan.id);
  // The copy for the other variety starts its first spray with a multisite alone, cheaper and
  // weaker: the comparison shows what that costs in protection.
  const [copy] = await programs.copies.cloneTo(session, plan.id, [otherVariety], farm.id);
  const first = planned.planejamentos[0];
  if (copy && first) {
    await programs.records.update(session, copy.id, {
      cultivar_id: otherVariety,
      nome: 'Plano ferrugem — início com multissítio',
      ...planSettings,
    });
    await programs.sprayings.updateApplication(session, copy.id, copy.planejamentos[0]!.id, {
      data: first.data_aplicacao_planejada,
      produtos: [{ defensivo_id: productId('Bravonil 720'), dose: 2, preco: 36 }],
    });
  }
}

/** The demo account's administrator as the programs service sees a signed-in one. */
export function demoSession(demo: {
  accountId: number;
  userId: number;
  membershipId: number;
  planLevel: number;
}): Session {
  return {
    userId: demo.userId,
    accountId: demo.accountId,
    accountCountryId: COUNTRY_IDS.brazil,
    membershipId: demo.membershipId,
    profile: 'CONTA',
    planLevel: demo.planLevel,
    allFarms: true,
    farms: { all: true },
    token: {} as TokenClaims,
    permissions: new Set(permissionsFor({ profile: 'CONTA', planLevel: demo.planLevel })),
  };
}

/**
 * Writes the engine's suggestion into the program, as the grower taking it on /programas: only
 * among the products with a dose (the label's or the grower's last) and a price the grower gave,
 * since no one is there to fill either.
 */
export async function takeDemoSuggestion(
  programs: ProgramServices,
  session: Session,
  programId: number,
) {
  const suggestion = await programs.suggestions.suggest(session, programId, {
    dosedOnly: true,
    pricedOnly: true,
  });
  for (const application of suggestion.aplicacoes) {
    if (!application.produtos.length) continue;
    const body: ApplicationBody = {
      data: application.data,
      mofo_branco: application.mofo_branco,
      produtos: application.produtos.map((product) => {
        if (product.dose === null) throw new Error('Demo programs: a dose to fill');
        return {
          defensivo_id: product.defensivo_id,
          dose: product.dose,
          preco: product.preco!,
        };
      }),
    };
    await programs.sprayings.addApplication(session, programId, body);
  }
  return programs.answers.get(session, programId);
}

/** Applies the first `count` sprays that were due before today, a day late from the second. */
export async function applyDueSprays(
  programs: ProgramServices,
  session: Session,
  programId: number,
  count: number,
  today: string,
) {
  let program = await programs.answers.get(session, programId);
  for (let ordinal = 1; ordinal <= count; ordinal++) {
    const spray = program.planejamentos[ordinal - 1];
    const day = spray && addDays(spray.data_aplicacao_planejada, ordinal - 1);
    if (!spray || !day || day >= today) break;
    program = await programs.schedule.apply(session, programId, ordinal, day);
  }
  return program;
}
