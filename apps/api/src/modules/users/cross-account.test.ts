import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import {
  accountSnapshot,
  accountWith,
  bearer,
  makeUser,
  tokenFor,
} from '../../test/identity-factory.ts';
import * as fixture from '../../test/attachment-fixtures.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Tenant isolation: account B's administrator, holding every user permission, reaches nothing of
 * account A through any route that takes an id. Each route is listed once below; a test reads the
 * OpenAPI document so that a new id-taking route without a case here fails.
 */
let app: TestApp;
let accountA: number;
let accountB: number;
let adminA: { id: number; email: string; token: string };
let adminB: { id: number; email: string; token: string };
/** A's people: its administrator, an agronomist with phone, job title and recovery, an inactive member. */
let targetsA: { label: string; id: number }[];
/** A's farms: the agronomist of A is assigned the first only. */
let farmA: number;
let otherFarmA: number;
/** A plot on each of A's farms. */
let plotA: number;
let otherPlotA: number;
let researcherToken: string;
/** A note with a photo on each of A's farms. */
let noteA: { id: number; fileId: number };
let otherNoteA: { id: number; fileId: number };
/** A soybean season-crop of Brazil, a catalogue variety, and A's farm variety on each farm. */
let seasonCropBR: number;
let seedId: number;
const farmVarietyOf = new Map<number, number>();
/** A sowing with a harvest on each of A's farms, and each sowing's harvest. */
let sowingA: number;
let otherSowingA: number;
/** A product and a variety account A entered itself (issue 28 item 5). */
let productA: number;
let varietyA: number;
const harvestOf = new Map<number, number>();
const irrigationOf = new Map<number, number>();
/** A spray program on each of A's sowings (by sowing), and its one planned application. */
const programOf = new Map<number, number>();
const sprayingOf = new Map<number, number>();

beforeAll(async () => {
  app = await createTestApp();
  const a = await accountWith(app, ['CONTA'], { planId: 4, name: 'A Fazenda Alfa' });
  const b = await accountWith(app, ['CONTA'], { planId: 4, name: 'B Fazenda Beta' });
  accountA = a.accountId;
  accountB = b.accountId;
  adminA = a.members.CONTA!;
  adminB = b.members.CONTA!;
  const agronomist = await makeUser(app.db, {
    accountId: accountA,
    profile: 'FARM',
    name: 'Agrônomo de A',
  });
  await app.db.insert(t.userPhones).values({ userId: agronomist.id, phone: '+5511987654321' });
  await app.db
    .update(t.users)
    .set({
      recoveryPasswordHash: 'pending',
      recoveryExpiresAt: new Date(Date.now() + 3_600_000),
      passwordType: 'recovery_temp_password',
    })
    .where(eq(t.users.id, agronomist.id));
  const inactive = await makeUser(app.db, {
    accountId: accountA,
    profile: 'PESQUISA',
    active: false,
  });
  farmA = await makeFarm(app.db, accountA, { name: 'Alfa Sede' });
  otherFarmA = await makeFarm(app.db, accountA, { name: 'Alfa Retiro' });
  plotA = await makePlot(app.db, accountA, farmA);
  otherPlotA = await makePlot(app.db, accountA, otherFarmA);
  // A researcher creates and edits farms, but only among the farms assigned to them.
  const researcher = await makeUser(app.db, { accountId: accountA, profile: 'PESQUISA' });
  await assignFarms(app.db, accountA, researcher.id, [farmA]);
  researcherToken = await tokenFor(app, researcher.email);
  noteA = await noteWithPhoto(adminA.token, farmA);
  otherNoteA = await noteWithPhoto(adminA.token, otherFarmA);
  const [seasonCrop] = await app.db
    .select({ id: t.seasonCrops.id })
    .from(t.seasonCrops)
    .where(and(eq(t.seasonCrops.countryId, 1), eq(t.seasonCrops.cropId, 1)))
    .limit(1);
  seasonCropBR = seasonCrop!.id;
  const [seed] = await app.db
    .select({ id: t.varieties.id })
    .from(t.varieties)
    .where(eq(t.varieties.cropId, 1))
    .limit(1);
  seedId = seed!.id;
  for (const farmId of [farmA, otherFarmA]) {
    const [row] = await app.db
      .insert(t.farmVarieties)
      .values({ accountId: accountA, farmId, seasonCropId: seasonCropBR, varietyId: seedId })
      .returning({ id: t.farmVarieties.id });
    farmVarietyOf.set(farmId, row!.id);
  }
  for (const [farmId, plotId] of [
    [farmA, plotA],
    [otherFarmA, otherPlotA],
  ] as const) {
    const [sowing] = await app.db
      .insert(t.sowings)
      .values({
        accountId: accountA,
        farmId,
        plotId,
        cropId: 1,
        seasonCropId: seasonCropBR,
        area: 5,
        sowingDate: '2025-10-10',
      })
      .returning({ id: t.sowings.id });
    const [harvest] = await app.db
      .insert(t.harvests)
      .values({
        accountId: accountA,
        sowingId: sowing!.id,
        harvestDate: '2026-02-20',
        productivity: 60,
      })
      .returning({ id: t.harvests.id });
    harvestOf.set(sowing!.id, harvest!.id);
    const [irrigation] = await app.db
      .insert(t.irrigations)
      .values({
        accountId: accountA,
        sowingId: sowing!.id,
        startAt: new Date('2025-12-01T11:00:00Z'),
        endAt: new Date('2025-12-01T13:00:00Z'),
        bladeMm: 10,
      })
      .returning({ id: t.irrigations.id });
    irrigationOf.set(sowing!.id, irrigation!.id);
    const [program] = await app.db
      .insert(t.programs)
      .values({
        accountId: accountA,
        farmId,
        sowingId: sowing!.id,
        seasonCropId: seasonCropBR,
        mainDiseaseId: 1,
      })
      .returning({ id: t.programs.id });
    programOf.set(sowing!.id, program!.id);
    const [spraying] = await app.db
      .insert(t.sprayings)
      .values({
        accountId: accountA,
        programId: program!.id,
        ordinal: 1,
        plannedDate: '2025-12-01',
      })
      .returning({ id: t.sprayings.id });
    sprayingOf.set(sowing!.id, spraying!.id);
    if (farmId === farmA) sowingA = sowing!.id;
    else otherSowingA = sowing!.id;
  }
  const [ownProduct] = await app.db
    .insert(t.pesticides)
    .values({
      key: `account:${accountA}-cross`,
      countryId: 1,
      name: 'Produto de A',
      categories: ['fungicide'],
      classes: [],
      formulation: 'SC',
      cropIds: [1],
      actives: [{ name: 'azoxistrobina' }],
      targets: [],
      whiteMold: false,
      searchText: 'produto de a',
      chemicalGroupKeys: [],
      activeKeys: ['azoxystrobin'],
      targetKeys: [],
      sourceId: 'account',
      accountId: accountA,
      informedAt: new Date(),
    })
    .returning({ id: t.pesticides.id });
  productA = ownProduct!.id;
  const [ownVariety] = await app.db
    .insert(t.varieties)
    .values({
      key: `account:${accountA}-cross`,
      cropId: 1,
      countryIds: [1],
      name: 'Cultivar de A',
      reactions: [],
      searchText: 'cultivar de a',
      targetKeys: [],
      sourceId: 'account',
      accountId: accountA,
      informedAt: new Date(),
    })
    .returning({ id: t.varieties.id });
  varietyA = ownVariety!.id;
  targetsA = [
    { label: 'A’s administrator', id: adminA.id },
    { label: 'A’s agronomist', id: agronomist.id },
    { label: 'A’s inactive member', id: inactive.id },
  ];
});
afterAll(() => app.close());

/** A field note with a PNG, made through the API so its file is really stored. */
async function noteWithPhoto(token: string, farmId: number) {
  const boundary = '----lavouraCrossAccount';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nNota\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="category_id"\r\n\r\n3\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n`,
    ),
    fixture.png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.app.inject({
    method: 'POST',
    url: `/api/farms/${farmId}/fields-notes`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const note = response.json<{ id: number; files: { id: number }[] }>();
  return { id: note.id, fileId: note.files[0]!.id };
}

interface Case {
  /** The route as the OpenAPI document names it. */
  route: string;
  request(id: number): {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: Record<string, unknown>;
  };
  status: number;
  key: string;
  /** The id is an account (else a user). */
  takesAccount?: true;
  /** The id is a farm. */
  takesFarm?: true;
  /** The id is a plot. */
  takesPlot?: true;
  /** The id is a field note. */
  takesNote?: true;
  /** The id is a sowing. */
  takesSowing?: true;
  /** No non-administrator profile may call it (spec 2 §6): 403 before any farm is looked for. */
  administratorsOnly?: true;
  /** The researcher (who reads notes only) is refused it with 403 before any farm is looked for. */
  researcherMayNot?: true;
}

const notFound = { status: 404, key: 'exception.not_found', takesFarm: true } as const;
const aFarm = {
  nome: 'Tomada',
  pais: 1,
  estado: 1,
  municipio: 1,
  bag_price: [
    { crop_id: 1, price: 100 },
    { crop_id: 2, price: 60 },
  ],
};
const longAgo = '2020-01-01T00:00:00.000Z';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-51.17, -23.32],
      [-51.16, -23.32],
      [-51.16, -23.31],
      [-51.17, -23.32],
    ],
  ],
};

const FARM_CASES: Case[] = [
  {
    route: 'GET /api/talhoes/{id}',
    request: (id) => ({ method: 'GET', url: `/api/talhoes/${id}` }),
    ...notFound,
  },
  {
    route: 'POST /api/talhoes',
    request: (id) => ({
      method: 'POST',
      url: '/api/talhoes',
      payload: { fazenda_id: id, nome: 'Intruso', geometry: square },
    }),
    status: 400,
    key: 'exception.farm_not_found',
    takesFarm: true,
  },
  {
    route: 'POST /api/plots/many',
    request: (id) => ({
      method: 'POST',
      url: '/api/plots/many',
      payload: { fazenda_id: id, plots: [{ nome: 'Intruso', geometry: square }] },
    }),
    status: 400,
    key: 'exception.farm_not_found',
    takesFarm: true,
  },
  {
    route: 'GET /api/farms/{id}',
    request: (id) => ({ method: 'GET', url: `/api/farms/${id}` }),
    ...notFound,
  },
  {
    route: 'GET /api/fazendas/{id}',
    request: (id) => ({ method: 'GET', url: `/api/fazendas/${id}` }),
    ...notFound,
  },
  {
    route: 'PUT /api/fazendas/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/fazendas/${id}`,
      payload: { ...aFarm, updated_at: longAgo },
    }),
    ...notFound,
  },
  {
    route: 'DELETE /api/fazendas/{id}',
    request: (id) => ({ method: 'DELETE', url: `/api/fazendas/${id}` }),
    ...notFound,
    administratorsOnly: true,
  },
  {
    route: 'PUT /api/farms/{id}/enable-disable',
    request: (id) => ({
      method: 'PUT',
      url: `/api/farms/${id}/enable-disable`,
      payload: { enabled: false, updated_at: longAgo },
    }),
    ...notFound,
  },
  {
    route: 'PUT /api/farms/{id}/bag-prices',
    request: (id) => ({
      method: 'PUT',
      url: `/api/farms/${id}/bag-prices`,
      payload: { bag_price: aFarm.bag_price, updated_at: longAgo },
    }),
    ...notFound,
  },
  {
    route: 'GET /api/farms/{id}/notifications',
    request: (id) => ({ method: 'GET', url: `/api/farms/${id}/notifications` }),
    ...notFound,
  },
  {
    route: 'PUT /api/farms/{id}/notifications',
    request: (id) => ({
      method: 'PUT',
      url: `/api/farms/${id}/notifications`,
      payload: { notification_type_ids: [], whatsapp_opt_in: false },
    }),
    ...notFound,
  },
  {
    route: 'GET /api/fazendas/{id}/stats',
    request: (id) => ({ method: 'GET', url: `/api/fazendas/${id}/stats` }),
    ...notFound,
  },
  {
    route: 'GET /api/farms/{id}/weather',
    request: (id) => ({ method: 'GET', url: `/api/farms/${id}/weather` }),
    ...notFound,
  },
  {
    route: 'GET /api/fazendas/{id}/clima',
    request: (id) => ({ method: 'GET', url: `/api/fazendas/${id}/clima` }),
    ...notFound,
  },
  {
    route: 'GET /api/farms/{id}/application-log',
    request: (id) => ({
      method: 'GET',
      url: `/api/farms/${id}/application-log?season_crop_id=1&format=csv`,
    }),
    ...notFound,
  },
  {
    route: 'GET /api/fazendas/{id}/precipitation',
    request: (id) => ({ method: 'GET', url: `/api/fazendas/${id}/precipitation` }),
    ...notFound,
  },
  {
    route: 'POST /api/fazendas/{id}/precipitation',
    request: (id) => ({
      method: 'POST',
      url: `/api/fazendas/${id}/precipitation`,
      payload: { date: '2026-01-10', observed: 12 },
    }),
    ...notFound,
  },
  {
    // The farm is looked for before the file is read: any body answers 404 here.
    route: 'POST /api/fazendas/{id}/field-import',
    request: (id) => ({
      method: 'POST',
      url: `/api/fazendas/${id}/field-import`,
      payload: { file: 'Intruso' },
    }),
    ...notFound,
  },
  {
    // As the field import: the farm before the file, so any body answers 404 here.
    route: 'POST /api/fazendas/{id}/kml-import',
    request: (id) => ({
      method: 'POST',
      url: `/api/fazendas/${id}/kml-import`,
      payload: { file: 'Intruso' },
    }),
    ...notFound,
  },
  {
    route: 'GET /api/farms/{id}/fields-notes',
    request: (id) => ({ method: 'GET', url: `/api/farms/${id}/fields-notes` }),
    ...notFound,
  },
  {
    route: 'POST /api/farms/{id}/fields-notes',
    request: (id) => ({
      method: 'POST',
      url: `/api/farms/${id}/fields-notes`,
      payload: { title: 'Intrusa', category_id: 1 },
    }),
    ...notFound,
    researcherMayNot: true,
  },
  {
    route: 'POST /api/farms/{id}/fields-notes/{noteId}',
    request: (id) => ({
      method: 'POST',
      url: `/api/farms/${id}/fields-notes/${id === otherFarmA ? otherNoteA.id : noteA.id}`,
      payload: { title: 'Tomada', category_id: 1 },
    }),
    ...notFound,
    researcherMayNot: true,
  },
  {
    // The farm is an id of the body: a bad body, as the farms' own routes answer.
    route: 'POST /api/semeaduras',
    request: (id) => ({ method: 'POST', url: '/api/semeaduras', payload: sowingBody(id) }),
    status: 400,
    key: 'exception.farm_not_found',
    takesFarm: true,
  },
  {
    // The farm variety of the farm given: A's, whose sowings B must not read.
    route: 'GET /api/sementes/data-emergencia/{id}',
    request: (id) => ({
      method: 'GET',
      url: `/api/sementes/data-emergencia/${farmVarietyOf.get(id)}?data_semeadura=2026-10-01`,
    }),
    ...notFound,
  },
  {
    route: 'GET /api/farms/{id}/sowingsReadyToHarvest',
    request: (id) => ({ method: 'GET', url: `/api/farms/${id}/sowingsReadyToHarvest` }),
    ...notFound,
  },
  {
    // The farm is a query parameter: A's farm, whose harvests B must not count.
    route: 'GET /api/performance',
    request: (id) => ({
      method: 'GET',
      url: `/api/performance?farm_id=${id}&season_crop_id=${seasonCropBR}`,
    }),
    ...notFound,
  },
  {
    // The reports' farm is a query parameter: A's farm, with its sowings and programs.
    route: 'GET /api/reports/programa',
    request: (id) => ({
      method: 'GET',
      url: `/api/reports/programa?farm_id=${id}&season_crop_id=${seasonCropBR}`,
    }),
    ...notFound,
  },
  {
    route: 'GET /api/reports/season-report',
    request: (id) => ({
      method: 'GET',
      url: `/api/reports/season-report?farm_id=${id}&season_crop_id=${seasonCropBR}&format=pdf`,
    }),
    ...notFound,
  },
  {
    route: 'GET /api/sementes/fazenda/{farm_id}',
    request: (id) => ({
      method: 'GET',
      url: `/api/sementes/fazenda/${id}?season_crop_id=${seasonCropBR}`,
    }),
    ...notFound,
  },
  {
    route: 'POST /api/cultivares',
    request: (id) => ({
      method: 'POST',
      url: '/api/cultivares',
      payload: { fazenda_id: id, season_crop_id: seasonCropBR, seed_id: seedId },
    }),
    ...notFound,
    researcherMayNot: true,
  },
  {
    route: 'POST /api/varieties',
    request: (id) => ({
      method: 'POST',
      url: '/api/varieties',
      payload: { seedId, fazenda_id: id, season_crop_id: seasonCropBR },
    }),
    ...notFound,
    researcherMayNot: true,
  },
  {
    // The farm's variety of the farm given: A's, which B must not remove.
    route: 'DELETE /api/cultivares/{id}/fazenda/{farm_id}',
    request: (id) => ({
      method: 'DELETE',
      url: `/api/cultivares/${farmVarietyOf.get(id)}/fazenda/${id}`,
    }),
    ...notFound,
    researcherMayNot: true,
  },
  {
    route: 'POST /api/cultivares/{id}/clonar',
    request: (id) => ({
      method: 'POST',
      url: `/api/cultivares/${farmVarietyOf.get(id)}/clonar`,
      payload: { fazendas: [id] },
    }),
    ...notFound,
    researcherMayNot: true,
  },
];

const noteNotFound = { status: 404, key: 'exception.not_found', takesNote: true } as const;
const NOTE_CASES: Case[] = [
  {
    route: 'DELETE /api/fields-notes/{id}',
    request: (id) => ({ method: 'DELETE', url: `/api/fields-notes/${id}` }),
    ...noteNotFound,
    researcherMayNot: true,
  },
  {
    route: 'GET /api/fields-notes/{note_id}/files/{file_id}',
    request: (id) => ({
      method: 'GET',
      url: `/api/fields-notes/${id}/files/${id === otherNoteA.id ? otherNoteA.fileId : noteA.fileId}`,
    }),
    ...noteNotFound,
  },
];

/** The body of a sowing on the farm given, with A's plot and variety there. */
const sowingBody = (farmId: number) => ({
  fazenda_id: farmId,
  talhao_id: farmId === otherFarmA ? otherPlotA : plotA,
  cultivar_id: farmVarietyOf.get(farmId),
  area: 1,
});
const sowingNotFound = { status: 404, key: 'exception.not_found', takesSowing: true } as const;
/** A sowing id of a body (not of the path) is a bad body: 400 with the sowing's key. */
const sowingNotFoundInBody = {
  status: 400,
  key: 'exception.sowing_not_found',
  takesSowing: true,
} as const;
const harvestBody = { data_colheita: '2026-02-21', produtividade: 61 };
const irrigationBody = (sowingId: number) => ({
  semeadura_id: sowingId,
  start: '2025-12-02T08:00:00-03:00',
  end: '2025-12-02T10:00:00-03:00',
  blade_mm: 12,
});
const SOWING_CASES: Case[] = [
  {
    route: 'GET /api/semeaduras/{id}/growth-stages',
    request: (id) => ({ method: 'GET', url: `/api/semeaduras/${id}/growth-stages` }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/semeaduras/{id}/estadio',
    request: (id) => ({ method: 'GET', url: `/api/semeaduras/${id}/estadio` }),
    ...sowingNotFound,
  },
  {
    route: 'POST /api/semeaduras/{id}/estadio',
    request: (id) => ({
      method: 'POST',
      url: `/api/semeaduras/${id}/estadio`,
      payload: { estadio_id: 10, observed_at: '2025-12-20T12:00:00-03:00' },
    }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/semeaduras/{id}',
    request: (id) => ({ method: 'GET', url: `/api/semeaduras/${id}` }),
    ...sowingNotFound,
  },
  {
    route: 'PUT /api/semeaduras/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/semeaduras/${id}`,
      payload: sowingBody(id === otherSowingA ? otherFarmA : farmA),
    }),
    ...sowingNotFound,
  },
  {
    route: 'DELETE /api/semeaduras/{id}',
    request: (id) => ({ method: 'DELETE', url: `/api/semeaduras/${id}` }),
    ...sowingNotFound,
    researcherMayNot: true,
  },
  {
    route: 'GET /api/semeaduras/{id}/colheita',
    request: (id) => ({ method: 'GET', url: `/api/semeaduras/${id}/colheita` }),
    ...sowingNotFound,
  },
  {
    route: 'POST /api/semeaduras/{id}/colheita',
    request: (id) => ({
      method: 'POST',
      url: `/api/semeaduras/${id}/colheita`,
      payload: harvestBody,
    }),
    ...sowingNotFound,
    researcherMayNot: true,
  },
  {
    route: 'PUT /api/semeaduras/{id}/colheita/{harvest_id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/semeaduras/${id}/colheita/${harvestOf.get(id)}`,
      payload: harvestBody,
    }),
    ...sowingNotFound,
    researcherMayNot: true,
  },
  {
    route: 'DELETE /api/semeaduras/{id}/colheita/{harvest_id}',
    request: (id) => ({
      method: 'DELETE',
      url: `/api/semeaduras/${id}/colheita/${harvestOf.get(id)}`,
    }),
    ...sowingNotFound,
    researcherMayNot: true,
  },
  {
    route: 'POST /api/irrigacoes',
    request: (id) => ({ method: 'POST', url: '/api/irrigacoes', payload: irrigationBody(id) }),
    ...sowingNotFoundInBody,
  },
  {
    route: 'POST /api/harvests/many',
    request: (id) => ({
      method: 'POST',
      url: '/api/harvests/many',
      payload: { harvests: [{ semeadura_id: id, ...harvestBody }] },
    }),
    ...sowingNotFoundInBody,
    researcherMayNot: true,
  },
  {
    // The irrigation of the sowing given: A's, which B must neither change nor remove.
    route: 'PUT /api/irrigacoes/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/irrigacoes/${irrigationOf.get(id)}`,
      payload: irrigationBody(id),
    }),
    ...sowingNotFound,
  },
  {
    route: 'DELETE /api/irrigacoes/{id}',
    request: (id) => ({ method: 'DELETE', url: `/api/irrigacoes/${irrigationOf.get(id)}` }),
    ...sowingNotFound,
  },
  // The program of the sowing given, and its application: A's, which B must not reach.
  {
    route: 'POST /api/programas',
    request: (id) => ({ method: 'POST', url: '/api/programas', payload: programBody(id) }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/programas/{id}',
    request: (id) => ({ method: 'GET', url: `/api/programas/${programOf.get(id)}` }),
    ...sowingNotFound,
  },
  {
    route: 'PUT /api/programas/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/programas/${programOf.get(id)}`,
      payload: programBody(id),
    }),
    ...sowingNotFound,
  },
  {
    route: 'DELETE /api/programas/{id}',
    request: (id) => ({ method: 'DELETE', url: `/api/programas/${programOf.get(id)}` }),
    ...sowingNotFound,
    researcherMayNot: true,
  },
  {
    route: 'POST /api/programas/{id}/planejamentos',
    request: (id) => ({
      method: 'POST',
      url: `/api/programas/${programOf.get(id)}/planejamentos`,
      payload: applicationBody,
    }),
    ...sowingNotFound,
  },
  {
    route: 'PUT /api/programas/{program_id}/planejamentos/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/programas/${programOf.get(id)}/planejamentos/${sprayingOf.get(id)}`,
      payload: applicationBody,
    }),
    ...sowingNotFound,
  },
  {
    route: 'DELETE /api/programas/{program_id}/planejamentos/{id}',
    request: (id) => ({
      method: 'DELETE',
      url: `/api/programas/${programOf.get(id)}/planejamentos/${sprayingOf.get(id)}`,
    }),
    ...sowingNotFound,
    researcherMayNot: true,
  },
  {
    route: 'POST /api/programas/{id}/execucoes',
    request: (id) => ({
      method: 'POST',
      url: `/api/programas/${programOf.get(id)}/execucoes`,
      payload: applicationBody,
    }),
    ...sowingNotFound,
  },
  {
    route: 'PUT /api/programas/{program_id}/execucoes/{execution_id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/programas/${programOf.get(id)}/execucoes/${sprayingOf.get(id)}`,
      payload: applicationBody,
    }),
    ...sowingNotFound,
  },
  {
    route: 'DELETE /api/programas/{program_id}/execucoes/{execution_id}',
    request: (id) => ({
      method: 'DELETE',
      url: `/api/programas/${programOf.get(id)}/execucoes/${sprayingOf.get(id)}`,
    }),
    ...sowingNotFound,
    researcherMayNot: true,
  },
  {
    route: 'POST /api/programs/{program_id}/sprayings/{ordinal}/apply',
    request: (id) => ({
      method: 'POST',
      url: `/api/programs/${programOf.get(id)}/sprayings/1/apply`,
      payload: {},
    }),
    ...sowingNotFound,
  },
  {
    route: 'POST /api/programs/{program_id}/sprayings/{ordinal}/unapply',
    request: (id) => ({
      method: 'POST',
      url: `/api/programs/${programOf.get(id)}/sprayings/1/unapply`,
    }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/programs/{id}/growth-stages',
    request: (id) => ({ method: 'GET', url: `/api/programs/${programOf.get(id)}/growth-stages` }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/programs/{id}/spray-windows',
    request: (id) => ({ method: 'GET', url: `/api/programs/${programOf.get(id)}/spray-windows` }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/programs/{program_id}/sprayings/{ordinal}/record',
    request: (id) => ({
      method: 'GET',
      url: `/api/programs/${programOf.get(id)}/sprayings/1/record`,
    }),
    ...sowingNotFound,
  },
  {
    route: 'PUT /api/programs/{program_id}/sprayings/{ordinal}/record',
    request: (id) => ({
      method: 'PUT',
      url: `/api/programs/${programOf.get(id)}/sprayings/1/record`,
      payload: { operator: 'B' },
    }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/prescription/{program_id}/export',
    request: (id) => ({
      method: 'GET',
      url: `/api/prescription/${programOf.get(id)}/export?format=pdf`,
    }),
    ...sowingNotFound,
  },
  {
    // A's program into A's sowing: B reaches neither.
    route: 'POST /api/programas/{id}/importar',
    request: (id) => ({
      method: 'POST',
      url: `/api/programas/${programOf.get(id)}/importar`,
      payload: { semeadura_id: id },
    }),
    ...sowingNotFound,
  },
  {
    route: 'POST /api/programas/{id}/clonar',
    request: (id) => ({
      method: 'POST',
      url: `/api/programas/${programOf.get(id)}/clonar`,
      payload: { cultivares: [farmVarietyOf.get(id === otherSowingA ? otherFarmA : farmA)] },
    }),
    ...sowingNotFound,
  },
  {
    route: 'GET /api/programas/{id}/planejamentos/sugerir',
    request: (id) => ({
      method: 'GET',
      url: `/api/programas/${programOf.get(id)}/planejamentos/sugerir`,
    }),
    ...sowingNotFound,
  },
  {
    route: 'POST /api/programs/{id}/pause',
    request: (id) => ({
      method: 'POST',
      url: `/api/programs/${programOf.get(id)}/pause`,
      payload: { reason_id: 1 },
    }),
    ...sowingNotFound,
  },
  {
    route: 'POST /api/programs/{id}/resume',
    request: (id) => ({
      method: 'POST',
      url: `/api/programs/${programOf.get(id)}/resume`,
      payload: {},
    }),
    ...sowingNotFound,
  },
];

/** A program body for the sowing given (A's), with soybean rust as its main disease. */
const programBody = (sowingId: number) => ({ semeadura_id: sowingId, doenca_principal_id: 1 });
/** An application of one catalogue product (any: the refusal comes before it is read). */
const applicationBody = {
  data: '2025-12-20',
  produtos: [{ defensivo_id: 1, dose: 0.5, preco: 100 }],
};

const plotNotFound = { status: 404, key: 'exception.not_found', takesPlot: true } as const;
const PLOT_CASES: Case[] = [
  {
    route: 'GET /api/talhoes/{field_id}/fazenda/{farm_id}',
    request: (id) => ({
      method: 'GET',
      url: `/api/talhoes/${id}/fazenda/${id === otherPlotA ? otherFarmA : farmA}`,
    }),
    ...plotNotFound,
  },
  {
    route: 'PUT /api/talhoes/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/talhoes/${id}`,
      payload: { nome: 'Tomado', updated_at: longAgo },
    }),
    ...plotNotFound,
  },
  {
    route: 'DELETE /api/talhoes/{id}',
    request: (id) => ({ method: 'DELETE', url: `/api/talhoes/${id}` }),
    ...plotNotFound,
    administratorsOnly: true,
  },
  {
    route: 'PUT /api/plots/{id}/enable-disable',
    request: (id) => ({
      method: 'PUT',
      url: `/api/plots/${id}/enable-disable`,
      payload: { enabled: false, updated_at: longAgo },
    }),
    ...plotNotFound,
  },
  {
    route: 'GET /api/talhoes/{id}/remaining-area',
    request: (id) => ({ method: 'GET', url: `/api/talhoes/${id}/remaining-area` }),
    ...plotNotFound,
  },
  {
    route: 'POST /api/ndvi',
    request: (id) => ({
      method: 'POST',
      url: '/api/ndvi',
      payload: { plot_id: id, dates: ['2026-01-01', '2026-02-01'] },
    }),
    status: 400,
    key: 'exception.plot_not_found',
    takesPlot: true,
  },
  // The contracted area's shares name plots in a list of the body: a bad body.
  ...(['POST /api/plots/manager-plot', 'PUT /api/accounts/area'] as const).map((route): Case => ({
    route,
    request: (id) => ({
      method: route.startsWith('POST') ? 'POST' : 'PUT',
      url: route.replace(/^\w+ /, ''),
      payload: { plots: [{ id, contracted_area: 1 }] },
    }),
    status: 400,
    key: 'exception.plot_not_found',
    takesPlot: true,
    administratorsOnly: true,
  })),
  {
    route: 'GET /api/ndvi/images/{plot_id}/{date}.png',
    request: (id) => ({ method: 'GET', url: `/api/ndvi/images/${id}/2026-01-01.png` }),
    ...plotNotFound,
  },
];

/** An account's own product or variety: another account's answers 404 (issue 28 item 5). */
const ownCatalogueCases: Case[] = (['account-products', 'account-varieties'] as const).flatMap(
  (path) => {
    const id = () => (path === 'account-products' ? productA : varietyA);
    const body = () =>
      path === 'account-products'
        ? {
            nome: 'Tomado',
            crop_id: 1,
            country_id: 1,
            formulacao: 'SC',
            ativos: [{ nome: 'azoxistrobina' }],
            doses: [],
          }
        : { nome: 'Tomada', crop_id: 1, country_id: 1 };
    return [
      {
        route: `GET /api/${path}/{id}`,
        request: () => ({ method: 'GET' as const, url: `/api/${path}/${id()}` }),
      },
      {
        route: `PUT /api/${path}/{id}`,
        request: () => ({ method: 'PUT' as const, url: `/api/${path}/${id()}`, payload: body() }),
      },
      {
        route: `DELETE /api/${path}/{id}`,
        request: () => ({ method: 'DELETE' as const, url: `/api/${path}/${id()}` }),
      },
    ].map((c) => ({ ...c, status: 404, key: 'exception.not_found', takesAccount: true as const }));
  },
);

const CASES: Case[] = [
  ...ownCatalogueCases,
  {
    route: 'PUT /api/users/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { name: 'Taken Over', profile_id: 4, language: 'en', phone: '+12015550123' },
    }),
    status: 404,
    key: 'exception.user_not_found',
  },
  {
    route: 'DELETE /api/users/{id}',
    request: (id) => ({ method: 'DELETE', url: `/api/users/${id}` }),
    status: 404,
    key: 'exception.user_not_found',
  },
  {
    route: 'PUT /api/users/{id}/active',
    request: (id) => ({
      method: 'PUT',
      url: `/api/users/${id}/active`,
      payload: { active: false },
    }),
    status: 404,
    key: 'exception.user_not_found',
  },
  {
    route: 'GET /api/users/{id}/phones',
    request: (id) => ({ method: 'GET', url: `/api/users/${id}/phones` }),
    status: 404,
    key: 'exception.user_not_found',
  },
  {
    route: 'POST /api/users/{id}/phones',
    request: (id) => ({
      method: 'POST',
      url: `/api/users/${id}/phones`,
      payload: { phone: '+595961456789' },
    }),
    status: 404,
    key: 'exception.user_not_found',
  },
  {
    route: 'DELETE /api/users/{id}/recovery-password',
    request: (id) => ({ method: 'DELETE', url: `/api/users/${id}/recovery-password` }),
    status: 404,
    key: 'exception.user_not_found',
  },
  {
    route: 'POST /api/job-titles',
    request: (id) => ({
      method: 'POST',
      url: '/api/job-titles',
      payload: { user_id: id, job_title_id: 9 },
    }),
    status: 404,
    key: 'exception.user_not_found',
  },
  {
    route: 'POST /admin-api/select-account',
    request: (id) => ({
      method: 'POST',
      url: '/admin-api/select-account',
      payload: { account_id: id },
    }),
    status: 404,
    key: 'exception.account_not_found',
    takesAccount: true,
  },
  {
    route: 'PUT /api/menu/alterar-conta',
    request: (id) => ({ method: 'PUT', url: '/api/menu/alterar-conta', payload: { id } }),
    status: 404,
    key: 'exception.account_not_found',
    takesAccount: true,
  },
  {
    // B's administrator has no invitation from A: answering "one" is not found.
    route: 'PUT /api/invitations/{account_id}',
    request: (id) => ({
      method: 'PUT',
      url: `/api/invitations/${id}`,
      payload: { accept: true },
    }),
    status: 404,
    key: 'exception.invitation_not_found',
    takesAccount: true,
  },
  ...FARM_CASES,
  ...PLOT_CASES,
  ...NOTE_CASES,
  ...SOWING_CASES,
  {
    route: 'GET /api/accounts/{id}/allPlots',
    request: (id) => ({ method: 'GET', url: `/api/accounts/${id}/allPlots` }),
    status: 404,
    key: 'exception.not_found',
    takesAccount: true,
  },
  {
    // The payment API is the account administrator's whatever the plan (a Full one too):
    // another account's plan is not found.
    route: 'PUT /api/plan/{plan_id}/account/{account_id}/interval/{interval}/update-plan',
    request: (id) => ({ method: 'PUT', url: `/api/plan/1/account/${id}/interval/12/update-plan` }),
    status: 404,
    key: 'exception.not_found',
    takesAccount: true,
  },
  {
    // The price list and bill settlement are the back office's: a customer is refused outright.
    route: 'PUT /admin-api/billing-plans/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/admin-api/billing-plans/${id}`,
      payload: {
        tier_id: 1,
        interval_count: 1,
        price: 1,
        status: 'active',
        names: { pt: 'x', en: 'x', es: 'x' },
      },
    }),
    status: 403,
    key: 'exception.action_unauthorized',
  },
  {
    route: 'PUT /admin-api/bills/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/admin-api/bills/${id}`,
      payload: { status: 'paid' },
    }),
    status: 403,
    key: 'exception.action_unauthorized',
  },
  {
    // Back office: platform administrators only, so a customer administrator is refused outright.
    route: 'PUT /admin-api/accounts/{id}',
    request: (id) => ({
      method: 'PUT',
      url: `/admin-api/accounts/${id}`,
      payload: { max_users: 10_000, plan_id: 4 },
    }),
    status: 403,
    key: 'exception.action_unauthorized',
    takesAccount: true,
  },
];

const send = (token: string, request: ReturnType<Case['request']>) =>
  app.app.inject({
    method: request.method,
    url: request.url,
    headers: bearer(token),
    ...(request.payload ? { payload: request.payload } : {}),
  });

async function snapshotA() {
  const [account] = await app.db.select().from(t.accounts).where(eq(t.accounts.id, accountA));
  const farms = await app.db
    .select()
    .from(t.farms)
    .where(eq(t.farms.accountId, accountA))
    .orderBy(t.farms.id);
  const bagPrices = await app.db
    .select()
    .from(t.farmBagPrices)
    .where(eq(t.farmBagPrices.accountId, accountA));
  const plots = await app.db
    .select()
    .from(t.plots)
    .where(eq(t.plots.accountId, accountA))
    .orderBy(t.plots.id);
  const notes = await app.db
    .select()
    .from(t.fieldNotes)
    .where(eq(t.fieldNotes.accountId, accountA))
    .orderBy(t.fieldNotes.id);
  const noteFiles = await app.db
    .select()
    .from(t.fieldNoteFiles)
    .where(eq(t.fieldNoteFiles.accountId, accountA))
    .orderBy(t.fieldNoteFiles.id);
  const sowings = await app.db
    .select()
    .from(t.sowings)
    .where(eq(t.sowings.accountId, accountA))
    .orderBy(t.sowings.id);
  const stageObservations = await app.db
    .select()
    .from(t.sowingStageObservations)
    .where(eq(t.sowingStageObservations.accountId, accountA))
    .orderBy(t.sowingStageObservations.id);
  const harvests = await app.db
    .select()
    .from(t.harvests)
    .where(eq(t.harvests.accountId, accountA))
    .orderBy(t.harvests.id);
  const irrigations = await app.db
    .select()
    .from(t.irrigations)
    .where(eq(t.irrigations.accountId, accountA))
    .orderBy(t.irrigations.id);
  const farmVarieties = await app.db
    .select()
    .from(t.farmVarieties)
    .where(eq(t.farmVarieties.accountId, accountA))
    .orderBy(t.farmVarieties.id);
  const programs = await app.db
    .select()
    .from(t.programs)
    .where(eq(t.programs.accountId, accountA))
    .orderBy(t.programs.id);
  const sprayings = await app.db
    .select()
    .from(t.sprayings)
    .where(eq(t.sprayings.accountId, accountA))
    .orderBy(t.sprayings.id);
  const sprayingProducts = await app.db
    .select()
    .from(t.sprayingProducts)
    .where(eq(t.sprayingProducts.accountId, accountA))
    .orderBy(t.sprayingProducts.id);
  const programPauses = await app.db
    .select()
    .from(t.programPauses)
    .where(eq(t.programPauses.accountId, accountA))
    .orderBy(t.programPauses.id);
  const storedFiles = fs.readdirSync(app.filesDir, { recursive: true }).map(String).sort();
  const ownProducts = await app.db
    .select()
    .from(t.pesticides)
    .where(eq(t.pesticides.accountId, accountA))
    .orderBy(t.pesticides.id);
  const ownVarieties = await app.db
    .select()
    .from(t.varieties)
    .where(eq(t.varieties.accountId, accountA))
    .orderBy(t.varieties.id);
  return {
    account,
    ownProducts,
    ownVarieties,
    programs,
    sprayings,
    sprayingProducts,
    programPauses,
    farmVarieties,
    sowings,
    stageObservations,
    harvests,
    irrigations,
    notes,
    noteFiles,
    storedFiles,
    farmRows: farms,
    bagPrices,
    plots,
    ...(await accountSnapshot(app.db, accountA)),
  };
}

/** A property of a body's OpenAPI schema, as far as the test below reads it. */
interface BodySchema {
  items?: { properties?: Record<string, unknown> };
}

describe('every id-taking identity route is covered', () => {
  it('lists each path with an id parameter, and each body taking a user or account id', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string }[];
            requestBody?: {
              content?: Record<string, { schema?: { properties?: Record<string, BodySchema> } }>;
            };
          }
        >
      >;
    }>();
    const idRoutes: string[] = [];
    const queryIdRoutes: string[] = [];
    const idName =
      /^(id|user_id|account_id|membership_id|fazenda_id|farm_id|talhao_id|plot_id|semeadura_id)$/;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        // Every path taking an id, reference data (public, or the catalogue every account shares) aside.
        const idInPath =
          /\{[^}]*id\}/.test(path) &&
          !/^\/api\/(estados|municipios|states|cities|catalogs)\//.test(path);
        const properties =
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        // Ids in a list of the body count too (POST /api/harvests/many: harvests[].semeadura_id).
        const bodyProperties = Object.entries(properties).flatMap(([name, schema]) => [
          name,
          ...Object.keys(schema.items?.properties ?? {}),
        ]);
        const idInBody = bodyProperties.some((name) => idName.test(name));
        // A farm named in the query (the performance figures, the reports) is an id as well.
        const idInQuery = (operation.parameters ?? []).some(
          (parameter) => parameter.in === 'query' && idName.test(parameter.name),
        );
        if (idInPath || idInBody) idRoutes.push(route);
        else if (idInQuery) queryIdRoutes.push(route);
      }
    }
    // Every case names a real route taking an id (in its path, body or query)...
    const known = [...idRoutes, ...queryIdRoutes];
    expect(CASES.map((c) => c.route).filter((route) => !known.includes(route))).toEqual([]);
    // ...and every route with an id in its path or body has a case.
    const covered = CASES.map((c) => c.route);
    expect(idRoutes.filter((route) => !covered.includes(route))).toEqual([]);
  });
});

/**
 * Routes that take a farm id, each with a case proving that a non-administrator member (who sees
 * only the farms assigned to them) gets 404 for a farm of their own account that is not theirs.
 * Empty until the farms area lands; the test below then fails for each farm route without a case.
 */
const FARM_VISIBILITY_CASES: string[] = [
  ...FARM_CASES.map((c) => c.route),
  'GET /api/talhoes/{field_id}/fazenda/{farm_id}',
  // A sowing's body names its farm: the sowing cases prove the rule.
  'PUT /api/semeaduras/{id}',
  // The program's and the varieties' farms are checked as the sowing cases prove; a farm_id not
  // seen answers 404 before anything is read (programs.routes.test.ts).
  'POST /api/programas/{id}/clonar',
];

describe('every farm-taking route is covered by the farm-visibility rule', () => {
  it('lists each path or body with a farm id', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    const farmRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) =>
            /\{(farm_id|fazenda_id)\}|\/(farms|fazendas)\/\{id\}/.test(path) ||
            /"(farm_id|fazenda_id)"/.test(JSON.stringify(operation.requestBody ?? {})),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(farmRoutes.filter((route) => !FARM_VISIBILITY_CASES.includes(route))).toEqual([]);
  });
});

describe('a member who sees only some farms of the account', () => {
  it.each(
    [...FARM_CASES, ...PLOT_CASES, ...NOTE_CASES, ...SOWING_CASES].map(
      (c) => [c.route, c] as const,
    ),
  )(
    '%s answers as unknown for a farm of the account not assigned to them, and changes nothing',
    async (_, c) => {
      const before = await snapshotA();
      const response = await send(
        researcherToken,
        c.request(
          c.takesPlot
            ? otherPlotA
            : c.takesNote
              ? otherNoteA.id
              : c.takesSowing
                ? otherSowingA
                : otherFarmA,
        ),
      );
      expect([response.statusCode, response.json().key]).toEqual(
        c.administratorsOnly || c.researcherMayNot
          ? [403, 'plan.exception.no_permission']
          : [c.status, c.key],
      );
      expect(await snapshotA()).toEqual(before);
    },
  );

  it('reaches the farm assigned to them', async () => {
    const own = await send(researcherToken, { method: 'GET', url: `/api/farms/${farmA}` });
    expect(own.json()).toMatchObject({ id: farmA, nome: 'Alfa Sede' });
    const list = await send(researcherToken, { method: 'GET', url: '/api/farms' });
    expect(list.json<{ id: number }[]>().map((farm) => farm.id)).toEqual([farmA]);
  });
});

describe('account B’s administrator against account A', () => {
  it.each(CASES.map((c) => [c.route, c] as const))(
    '%s answers as unknown and changes nothing in A',
    async (_, c) => {
      const before = await snapshotA();
      const ids = c.takesAccount
        ? [{ label: 'account A', id: accountA }]
        : c.takesFarm
          ? [{ label: 'A’s farm', id: farmA }]
          : c.takesPlot
            ? [{ label: 'A’s plot', id: plotA }]
            : c.takesNote
              ? [{ label: 'A’s note', id: noteA.id }]
              : c.takesSowing
                ? [{ label: 'A’s sowing', id: sowingA }]
                : targetsA;
      for (const target of ids) {
        const response = await send(adminB.token, c.request(target.id));
        expect({
          target: target.label,
          status: response.statusCode,
          key: response.json().key,
        }).toEqual({
          target: target.label,
          status: c.status,
          key: c.key,
        });
      }
      expect(await snapshotA()).toEqual(before);
      // B's administrator is still signed in to B (a refused switch does not revoke the token).
      expect(
        (await send(adminB.token, { method: 'GET', url: '/api/menu/dados-usuario' })).json().account
          .id,
      ).toBe(accountB);
    },
  );

  it('GET /api/users with B’s token never lists A’s users', async () => {
    const listed = (await send(adminB.token, { method: 'GET', url: '/api/users' })).json<
      { id: number }[]
    >();
    expect(listed.map((m) => m.id)).toEqual([adminB.id]);
    for (const target of targetsA) expect(listed.map((m) => m.id)).not.toContain(target.id);
  });

  it('a customer administrator gets 403 from every back-office route under /admin-api/accounts', async () => {
    const before = await snapshotA();
    for (const request of [
      { method: 'GET' as const, url: '/admin-api/accounts' },
      {
        method: 'POST' as const,
        url: '/admin-api/accounts',
        payload: {
          name: 'Intruder',
          country_id: 1,
          plan_id: 4,
          max_users: 5,
          admin: { name: 'Intruder', email: adminA.email, language: 'pt' },
        },
      },
      {
        method: 'PUT' as const,
        url: `/admin-api/accounts/${accountB}`,
        payload: { max_users: 10_000 },
      },
    ]) {
      const response = await send(adminB.token, request);
      expect(response.json()).toMatchObject({ code: 403, key: 'exception.action_unauthorized' });
    }
    expect(await snapshotA()).toEqual(before);
  });
});

describe('a person who belongs to both accounts', () => {
  it('is managed in B through B’s membership only: A’s membership keeps its profile and state', async () => {
    const shared = await makeUser(app.db, {
      accountId: accountA,
      profile: 'FARM',
      name: 'Shared Person',
    });
    await app.db
      .insert(t.memberships)
      .values({ accountId: accountB, userId: shared.id, profileId: 4 });
    const membershipIn = async (accountId: number) =>
      (
        await app.db
          .select()
          .from(t.memberships)
          .where(and(eq(t.memberships.accountId, accountId), eq(t.memberships.userId, shared.id)))
      )[0];
    const inA = await membershipIn(accountA);

    const listed = (await send(adminB.token, { method: 'GET', url: '/api/users' })).json<
      { id: number; profile: { uid: string } }[]
    >();
    expect(listed.find((m) => m.id === shared.id)?.profile.uid).toBe('ASSISTENTE_TECNICO');

    // B's administrator changes B's membership; the person's name stays theirs.
    const renamed = await send(adminB.token, {
      method: 'PUT',
      url: `/api/users/${shared.id}`,
      payload: { name: 'Renamed by B', profile_id: 15, language: 'en' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Shared Person', language: 'pt' });
    expect((await app.db.select().from(t.users).where(eq(t.users.id, shared.id)))[0]).toMatchObject(
      { name: 'Shared Person', language: 'pt' },
    );
    expect(
      (
        await send(adminB.token, {
          method: 'PUT',
          url: `/api/users/${shared.id}/active`,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(200);
    expect(await membershipIn(accountA)).toEqual(inA);

    expect(
      (await send(adminB.token, { method: 'DELETE', url: `/api/users/${shared.id}` })).statusCode,
    ).toBe(204);
    expect(await membershipIn(accountB)).toBeUndefined();
    expect(await membershipIn(accountA)).toEqual(inA);
    const token = await tokenFor(app, shared.email);
    expect(
      (await send(token, { method: 'GET', url: '/api/menu/dados-usuario' })).json(),
    ).toMatchObject({
      account: { id: accountA },
      user_profile: { uid: 'FARM' },
    });
  });
});
