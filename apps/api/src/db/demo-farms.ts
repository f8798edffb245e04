import {
  COUNTRY_IDS,
  CROP_IDS,
  CURRENCY_IDS,
  findCountry,
  type CountryId,
  type ProfileUid,
} from '@lavoura/domain';
import { checkPlotGeometry, type Position } from '@lavoura/domain/geo';
import tzLookup from '@photostructure/tz-lookup';
import { eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { nameKey } from './geography.ts';
import * as t from './schema.ts';

/**
 * The demo accounts' farms and plots (the embedded default's demo data, never production). The
 * outlines were drawn by us over farming country near each farm's town: fields between a road and
 * a stream, neighbours sharing their edges; no third-party data. Each is written as the plots API
 * would write it: checked, measured and made canonical by the domain's `checkPlotGeometry`.
 */

/** A demo user: the plan their e-mail is of (`<profile>@<plan>.demo.lavoura.app`) and profile. */
interface DemoUser {
  plan: string;
  profile: ProfileUid;
}

/** A membership the demo created: whose, in which account (a plan key), and its id. */
export interface DemoMembership {
  account: string;
  user: DemoUser;
  membershipId: number;
}

/** Metres east and north of the farmstead (sede), where the farm's own coordinates are. */
type Offset = readonly [east: number, north: number];

interface DemoPlot {
  name: string;
  /** Corner names of the outline, in order (the ring closes itself). */
  outline: readonly string[];
  enabled?: false;
  /** NDVI monitoring contracted when the farm was registered (its one-year area lock is over). */
  ndvi?: true;
}

export interface DemoFarm {
  /** The plan key of the account holding it. */
  account: string;
  name: string;
  countryId: CountryId;
  /** The state's code (states.code: the UF, the USPS code, the ISO 3166-2:PY number)... */
  stateCode: string;
  /** ...and its name, should the list in place key it otherwise. */
  stateName: string;
  /** The city (a US county, a Paraguayan district): the first of these names the state has. */
  cities: readonly string[];
  /** The farmstead. */
  latitude: number;
  longitude: number;
  /** Per 60 kg bag in the country's currency (see BAG_PRICES). */
  prices: { soybean: number; wheat: number };
  enabled?: false;
  createdAt: string;
  /** Non-administrator members who see the farm (administrators see every farm anyway). */
  seenBy: readonly DemoUser[];
  corners: Readonly<Record<string, Offset>>;
  plots: readonly DemoPlot[];
}

/**
 * Bag prices, per 60 kg bag: ILLUSTRATIVE DEMO VALUES at plausible 2026 levels, not market data.
 * The USA quotes per bushel (60 lb = 27.2155 kg for both soybeans and wheat): a bag is
 * 60 / 27.2155 bushels.
 */
const KG_PER_BUSHEL = 27.2155;
const usdPerBag = (usdPerBushel: number) =>
  Math.round((usdPerBushel * 60 * 100) / KG_PER_BUSHEL) / 100;
const BAG_PRICES = {
  /** BRL: soybeans about R$ 125–130 in Paraná and Rio Grande do Sul, less in Mato Grosso. */
  parana: { soybean: 128, wheat: 76 },
  matoGrosso: { soybean: 112, wheat: 70 },
  rioGrandeDoSul: { soybean: 126.5, wheat: 72 },
  /** PYG: about US$ 21 and US$ 12 a bag. */
  paraguay: { soybean: 160_000, wheat: 92_000 },
  /** USD: soybeans at US$ 10.60 a bushel, wheat at US$ 5.70. */
  iowa: { soybean: usdPerBag(10.6), wheat: usdPerBag(5.7) },
} as const;

const member = (plan: string, profile: ProfileUid): DemoUser => ({ plan, profile });

export const DEMO_FARMS: readonly DemoFarm[] = [
  {
    // Western Paraná, north of Cascavel: a road on the ridge, a stream at the bottom.
    account: 'full',
    name: 'Fazenda Santa Helena',
    countryId: COUNTRY_IDS.brazil,
    stateCode: 'PR',
    stateName: 'Paraná',
    cities: ['Cascavel'],
    latitude: -24.82,
    longitude: -53.47,
    prices: BAG_PRICES.parana,
    createdAt: '2025-11-04T12:30:00Z',
    seenBy: [member('full', 'FARM'), member('full', 'ASSISTENTE_TECNICO')],
    corners: {
      // the road
      r1: [-725, 90],
      r2: [-125, 120],
      rSede: [125, 135],
      r3: [475, 155],
      r4: [1075, 185],
      r5: [1625, 220],
      // around the farmstead
      sedeSw: [-125, -130],
      sedeSe: [125, -130],
      // the inner track
      m0: [-1475, -780],
      m1: [-725, -750],
      m2: [-125, -730],
      m3: [475, -770],
      m4: [1075, -810],
      m5: [1625, -830],
      // the stream's protected strip
      s0: [-1475, -1680],
      sa: [-1075, -1810],
      s1: [-725, -1880],
      sb: [-425, -1730],
      s2: [-125, -1630],
      sc: [175, -1690],
      s3: [475, -1780],
      sd: [775, -1910],
      s4: [1075, -1980],
      se: [1375, -1930],
      s5: [1625, -1830],
    },
    plots: [
      { name: 'Talhão 1 - Sede', outline: ['rSede', 'r3', 'm3', 'm2', 'sedeSw', 'sedeSe'] },
      { name: 'Talhão 2', outline: ['r1', 'r2', 'sedeSw', 'm2', 'm1'] },
      { name: 'Talhão 3', outline: ['r3', 'r4', 'm4', 'm3'] },
      { name: 'Talhão 4 - Divisa', outline: ['r4', 'r5', 'm5', 'm4'] },
      { name: 'Talhão 5 - Baixada', outline: ['m0', 'm1', 'm2', 's2', 'sb', 's1', 'sa', 's0'] },
      { name: 'Talhão 6', outline: ['m2', 'm3', 's3', 'sc', 's2'] },
      {
        name: 'Talhão da Represa',
        outline: ['m3', 'm4', 'm5', 's5', 'se', 's4', 'sd', 's3'],
        enabled: false,
      },
    ],
  },
  {
    // Mato Grosso, west of Sorriso: large fields between straight roads, the reserve to the south.
    account: 'full',
    name: 'Fazenda Três Irmãos',
    countryId: COUNTRY_IDS.brazil,
    stateCode: 'MT',
    stateName: 'Mato Grosso',
    cities: ['Sorriso'],
    latitude: -12.605,
    longitude: -55.93,
    prices: BAG_PRICES.matoGrosso,
    createdAt: '2025-09-15T14:00:00Z',
    seenBy: [member('full', 'FARM')],
    corners: {
      n0: [150, 1700],
      n1: [1770, 1735],
      n2: [3370, 1770],
      m0: [150, 0],
      m1: [1750, 30],
      m2: [3350, 60],
      s0: [150, -1500],
      sa: [900, -1580],
      s1: [1730, -1640],
      sb: [2500, -1520],
      s2: [3330, -1600],
    },
    plots: [
      { name: 'Talhão 01 - Sede', outline: ['n0', 'n1', 'm1', 'm0'], ndvi: true },
      { name: 'Talhão 02', outline: ['n1', 'n2', 'm2', 'm1'] },
      { name: 'Talhão 03 - Cabeceira', outline: ['m0', 'm1', 's1', 'sa', 's0'] },
      { name: 'Talhão 04 - Reserva', outline: ['m1', 'm2', 's2', 'sb', 's1'] },
    ],
  },
  {
    // Rio Grande do Sul, south-west of Cruz Alta: rolling ground, a road on the ridge (coxilha),
    // fields running down to the streams (sangas) on either side.
    account: 'full',
    name: 'Granja São Pedro',
    countryId: COUNTRY_IDS.brazil,
    stateCode: 'RS',
    stateName: 'Rio Grande do Sul',
    cities: ['Cruz Alta'],
    latitude: -28.71,
    longitude: -53.75,
    prices: BAG_PRICES.rioGrandeDoSul,
    createdAt: '2025-07-21T11:15:00Z',
    seenBy: [member('full', 'CON_REV')],
    corners: {
      a0: [150, 150],
      a1: [850, 270],
      a2: [1550, 210],
      a3: [2200, 330],
      a4: [2850, 250],
      bw: [60, 600],
      b0: [200, 1000],
      b1: [950, 900],
      bm: [1300, 1050],
      b2: [1600, 950],
      b3: [2250, 1100],
      b4: [2900, 850],
      c0: [100, -650],
      c1: [750, -800],
      c2: [1450, -550],
      c3: [2100, -750],
      c4: [2800, -450],
    },
    plots: [
      { name: 'Talhão da Coxilha', outline: ['a0', 'a1', 'b1', 'b0', 'bw'] },
      { name: 'Talhão do Açude', outline: ['a1', 'a2', 'b2', 'bm', 'b1'] },
      { name: 'Talhão 3', outline: ['a2', 'a3', 'a4', 'b4', 'b3', 'b2'] },
      { name: 'Talhão da Sanga', outline: ['a0', 'c0', 'c1', 'c2', 'a2', 'a1'] },
      { name: 'Talhão 5 - Fundos', outline: ['a2', 'c2', 'c3', 'c4', 'a4', 'a3'] },
    ],
  },
  {
    // Northern Paraná, south-east of Londrina: a small farm the group no longer works (disabled).
    account: 'full',
    name: 'Sítio Boa Esperança',
    countryId: COUNTRY_IDS.brazil,
    stateCode: 'PR',
    stateName: 'Paraná',
    cities: ['Londrina'],
    latitude: -23.42,
    longitude: -51.06,
    prices: BAG_PRICES.parana,
    enabled: false,
    createdAt: '2025-03-10T13:00:00Z',
    seenBy: [],
    corners: {
      p0: [100, 300],
      p1: [650, 330],
      p2: [1150, 310],
      p3: [1600, 280],
      q0: [150, -250],
      q1: [650, -350],
      q2: [1180, -300],
      q3: [1550, -200],
    },
    plots: [
      { name: 'Talhão 1', outline: ['p0', 'p1', 'q1', 'q0'] },
      { name: 'Talhão 2', outline: ['p1', 'p2', 'q2', 'q1'] },
      { name: 'Talhão 3', outline: ['p2', 'p3', 'q3', 'q2'] },
    ],
  },
  {
    // Itapúa, west of Hohenau: colonial lots (lotes) running from the road up to the stream.
    account: 'full',
    name: 'Estancia San Rafael',
    countryId: COUNTRY_IDS.paraguay,
    stateCode: '7',
    stateName: 'Itapúa',
    cities: ['Hohenau', 'Obligado', 'Bella Vista'],
    latitude: -27.04,
    longitude: -55.71,
    prices: BAG_PRICES.paraguay,
    createdAt: '2025-05-06T12:00:00Z',
    seenBy: [member('full', 'CON_REV')],
    corners: {
      l0: [-900, 160],
      l1: [-450, 130],
      lSede: [-150, 110],
      l2: [0, 100],
      l3: [450, 60],
      l4: [900, 20],
      k0: [-950, 1300],
      k1: [-500, 1400],
      k2: [-20, 1250],
      k3: [420, 1330],
      k4: [950, 1150],
      j0: [-850, -650],
      j1: [-150, -750],
    },
    plots: [
      { name: 'Lote 1', outline: ['l0', 'l1', 'k1', 'k0'] },
      { name: 'Lote 2', outline: ['l1', 'lSede', 'l2', 'k2', 'k1'] },
      { name: 'Lote 3 - Arroyo', outline: ['l2', 'l3', 'k3', 'k2'] },
      { name: 'Lote 4', outline: ['l3', 'l4', 'k4', 'k3'] },
      { name: 'Potrero Viejo', outline: ['l0', 'j0', 'j1', 'lSede', 'l1'] },
    ],
  },
  {
    // Story County, Iowa, north of Nevada (east of Ames): a section's fields along the survey
    // grid's roads, the farmstead in its north-east corner, a creek across the south-west quarter.
    account: 'full',
    name: 'Hansen Family Farm',
    countryId: COUNTRY_IDS.usa,
    stateCode: 'IA',
    stateName: 'Iowa',
    cities: ['Story County', 'Story'],
    latitude: 42.1,
    longitude: -93.39,
    prices: BAG_PRICES.iowa,
    createdAt: '2025-04-02T15:45:00Z',
    seenBy: [member('full', 'PESQUISA')],
    corners: {
      nw: [-1609, 0],
      nMid: [-805, 0],
      yardW: [-160, 0],
      yardSw: [-160, -160],
      yardS: [0, -160],
      wNorth80: [-1609, -402],
      mNorth80: [-805, -402],
      w: [-1609, -805],
      center: [-805, -805],
      e: [0, -805],
      creekW: [-1609, -1530],
      creekA: [-1300, -1420],
      creekB: [-1050, -1480],
      creekE: [-805, -1350],
    },
    plots: [
      { name: 'North 80', outline: ['nw', 'nMid', 'mNorth80', 'wNorth80'] },
      { name: 'South 80', outline: ['wNorth80', 'mNorth80', 'center', 'w'] },
      {
        name: 'Home Quarter',
        outline: ['nMid', 'yardW', 'yardSw', 'yardS', 'e', 'center', 'mNorth80'],
      },
      { name: 'Creek Field', outline: ['w', 'center', 'creekE', 'creekB', 'creekA', 'creekW'] },
    ],
  },
  {
    // The Pro account: north-west of Sorriso, its reserve to the south.
    account: 'pro',
    name: 'Fazenda Cerrado Verde',
    countryId: COUNTRY_IDS.brazil,
    stateCode: 'MT',
    stateName: 'Mato Grosso',
    cities: ['Sorriso'],
    latitude: -12.45,
    longitude: -55.86,
    prices: BAG_PRICES.matoGrosso,
    createdAt: '2025-10-01T12:00:00Z',
    seenBy: [
      member('full', 'CONTA'), // the Full administrator, a FARM member of the Pro account
      member('pro', 'FARM'),
      member('pro', 'ASSISTENTE_TECNICO'),
    ],
    corners: {
      n0: [150, 1700],
      n1: [1660, 1760],
      n2: [2950, 1810],
      s0: [150, 100],
      s1: [1680, 140],
      s2: [2950, 170],
      r0: [150, -700],
      ra: [700, -860],
      r1: [1550, -800],
      rb: [2200, -950],
      r2: [2950, -820],
    },
    plots: [
      { name: 'Talhão 01', outline: ['n0', 'n1', 's1', 's0'] },
      { name: 'Talhão 02', outline: ['n1', 'n2', 's2', 's1'] },
      { name: 'Talhão 03 - Reserva', outline: ['s0', 's1', 's2', 'r2', 'rb', 'r1', 'ra', 'r0'] },
    ],
  },
  {
    // The Pro account: south-west of Londrina, the road on its west side.
    account: 'pro',
    name: 'Sítio São José',
    countryId: COUNTRY_IDS.brazil,
    stateCode: 'PR',
    stateName: 'Paraná',
    cities: ['Londrina'],
    latitude: -23.5,
    longitude: -51.21,
    prices: BAG_PRICES.parana,
    createdAt: '2025-08-12T12:00:00Z',
    seenBy: [
      member('full', 'CONTA'),
      member('pro', 'FARM'),
      member('pro', 'CON_REV'),
      member('pro', 'PESQUISA'),
    ],
    corners: {
      w0: [60, -500],
      w1: [90, 0],
      w2: [120, 450],
      w3: [140, 850],
      e0: [760, -550],
      e1: [660, -20],
      e2: [710, 500],
      e3: [760, 900],
    },
    plots: [
      { name: 'Talhão 1', outline: ['w0', 'e0', 'e1', 'w1'] },
      { name: 'Talhão 2', outline: ['w1', 'e1', 'e2', 'w2'] },
      { name: 'Talhão 3 - Divisa', outline: ['w2', 'e2', 'e3', 'w3'] },
    ],
  },
];

/** A point `offset` metres from the farmstead, to the 6 decimals (≈0.1 m) a drawn outline has. */
function demoPosition(farm: Pick<DemoFarm, 'latitude' | 'longitude'>, offset: Offset): Position {
  const phi = (farm.latitude * Math.PI) / 180;
  const metresPerDegreeLat = 111_132.92 - 559.82 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi);
  const metresPerDegreeLng = 111_412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi);
  const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
  return [
    round(farm.longitude + offset[0] / metresPerDegreeLng),
    round(farm.latitude + offset[1] / metresPerDegreeLat),
  ];
}

/** A demo plot's outline as GeoJSON (open ring: the checker closes it). */
export function demoOutline(
  farm: DemoFarm,
  plot: DemoPlot,
): { type: 'Polygon'; coordinates: Position[][] } {
  const ring = plot.outline.map((corner) => {
    const offset = farm.corners[corner];
    if (!offset) throw new Error(`${farm.name}: no corner ${corner}`);
    return demoPosition(farm, offset);
  });
  return { type: 'Polygon', coordinates: [ring] };
}

/**
 * Of a state's cities, the first named in `names` (up to case, accents and punctuation: the old
 * and the official lists spell some differently), preferring listed rows; else the first listed
 * city by name, so that a list without any of them still gives the farm a place.
 */
export function pickCity<C extends { name: string; listed: boolean }>(
  cities: readonly C[],
  names: readonly string[],
): C | undefined {
  const ordered = [...cities].sort(
    (a, b) => Number(b.listed) - Number(a.listed) || a.name.localeCompare(b.name),
  );
  for (const name of names) {
    const found = ordered.find((city) => nameKey(city.name) === nameKey(name));
    if (found) return found;
  }
  return ordered[0];
}

async function demoPlace(
  db: Executor,
  farm: DemoFarm,
): Promise<{ stateId: number; cityId: number }> {
  const states = await db
    .select({ id: t.states.id, code: t.states.code, name: t.states.name })
    .from(t.states)
    .where(eq(t.states.countryId, farm.countryId));
  const state =
    states.find((s) => s.code === farm.stateCode) ??
    states.find((s) => nameKey(s.name).startsWith(nameKey(farm.stateName)));
  if (!state) throw new Error(`Demo farm ${farm.name}: no state ${farm.stateCode}`);
  const cities = await db
    .select({ id: t.cities.id, name: t.cities.name, listed: t.cities.listed })
    .from(t.cities)
    .where(eq(t.cities.stateId, state.id));
  const city = pickCity(cities, farm.cities);
  if (!city) throw new Error(`Demo farm ${farm.name}: no city in ${farm.stateCode}`);
  return { stateId: state.id, cityId: city.id };
}

/**
 * Writes the demo farms (with their bag prices and plots) into the demo accounts and assigns them
 * to the non-administrator members named in each farm's `seenBy`. Part of seedDemoData's
 * transaction, which runs only on a database without customer accounts.
 */
export async function seedDemoFarms(
  db: Executor,
  demo: { accountIds: ReadonlyMap<string, number>; memberships: readonly DemoMembership[] },
): Promise<void> {
  for (const farm of DEMO_FARMS) {
    const accountId = demo.accountIds.get(farm.account);
    if (accountId === undefined)
      throw new Error(`Demo farm ${farm.name}: no ${farm.account} account`);
    const createdAt = new Date(farm.createdAt);
    const [row] = await db
      .insert(t.farms)
      .values({
        accountId,
        name: farm.name,
        enabled: farm.enabled ?? true,
        countryId: farm.countryId,
        ...(await demoPlace(db, farm)),
        latitude: farm.latitude,
        longitude: farm.longitude,
        timeZone: tzLookup(farm.latitude, farm.longitude),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: t.farms.id });
    const farmId = row!.id;
    const currencyId = CURRENCY_IDS[findCountry(farm.countryId)!.currency];
    await db.insert(t.farmBagPrices).values([
      {
        accountId,
        farmId,
        cropId: CROP_IDS.soybean,
        currencyId,
        price: farm.prices.soybean.toFixed(2),
      },
      {
        accountId,
        farmId,
        cropId: CROP_IDS.wheat,
        currencyId,
        price: farm.prices.wheat.toFixed(2),
      },
    ]);
    await db.insert(t.plots).values(
      farm.plots.map((plot, index) => {
        const checked = checkPlotGeometry(demoOutline(farm, plot));
        if (!checked.ok)
          throw new Error(`Demo plot ${farm.name} / ${plot.name}: ${checked.problem}`);
        // Listed newest first: the first plot drawn last, so that the list reads in order.
        const at = new Date(createdAt.getTime() + (farm.plots.length - index) * 60_000);
        return {
          accountId,
          farmId,
          name: plot.name,
          area: checked.area_ha,
          areaCalculated: checked.area_ha,
          geometry: checked.polygon,
          minLat: checked.bbox.min_lat,
          minLng: checked.bbox.min_lng,
          maxLat: checked.bbox.max_lat,
          maxLng: checked.bbox.max_lng,
          latitude: checked.inside.latitude,
          longitude: checked.inside.longitude,
          enabled: plot.enabled ?? true,
          ndviContractedAt: plot.ndvi ? createdAt : null,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    const assigned = farm.seenBy.map((user) => {
      const found = demo.memberships.find(
        (m) =>
          m.account === farm.account &&
          m.user.plan === user.plan &&
          m.user.profile === user.profile,
      );
      if (!found)
        throw new Error(`Demo farm ${farm.name}: ${user.profile}@${user.plan} is no member`);
      return { accountId, membershipId: found.membershipId, farmId };
    });
    if (assigned.length) await db.insert(t.membershipFarms).values(assigned);
  }
}
