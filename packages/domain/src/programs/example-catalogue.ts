import { COUNTRY_IDS, type CountryId } from '../reference/countries.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';
import { NO_REGISTRATION_DOSE } from './parameters.ts';
import type { ProgramProduct, TargetEfficacy } from './types.ts';

/**
 * AGRONOMY.md §4: the example catalogue of the worked examples and property tests. NOT the values
 * the product ships (§4b). E values are [A] unless a source is named; registrations and doses [A].
 * Residuals are left to the group rule so it is exercised; `residualDays` lists §4's L column.
 */

export interface ExampleProduct {
  id: number;
  name: string;
  actives: string;
  groups: readonly string[];
  /** §4's L column (days), for checking the group rule. */
  tableResidualDays: number;
  dose: number;
  unit: 'L' | 'kg';
  /** Percent per disease code; null = "–" (no registration). */
  efficacy: Readonly<Record<string, number | null>>;
  /** Per-country overrides (wheat FHB: BR column vs US column). */
  byCountry?: Partial<Record<CountryId, Readonly<Record<string, number | null>>>>;
  /** The source of each sourced E value (others are 'assumption'). */
  sources?: Readonly<Record<string, string>>;
}

// Other soybean diseases [A] (§4): DMI+QoI 60, with an SDHI 65, multisite 40, where registered.
const OTHER_SOY = ['ANT', 'CER', 'SEP', 'MEL', 'OLR', 'DIA'] as const;
function others(value: number | null): Record<string, number | null> {
  return Object.fromEntries(OTHER_SOY.map((code) => [code, value]));
}

export const EXAMPLE_SOYBEAN_PRODUCTS: readonly ExampleProduct[] = [
  {
    id: 1,
    name: 'Fox Xpro',
    actives: 'bixafen+prothioconazole+trifloxystrobin',
    groups: ['7', '3', '11'],
    tableResidualDays: 21,
    dose: 0.5,
    unit: 'L',
    efficacy: { FER: 80, MAL: 70, OID: 75, MBR: null, ...others(65) },
  },
  {
    id: 2,
    name: 'Ativum',
    actives: 'epoxiconazole+fluxapyroxad+pyraclostrobin',
    groups: ['3', '7', '11'],
    tableResidualDays: 21,
    dose: 0.8,
    unit: 'L',
    efficacy: { FER: 80, MAL: 70, OID: 75, MBR: null, ...others(65) },
  },
  {
    id: 3,
    name: 'Elatus',
    actives: 'azoxystrobin+benzovindiflupyr',
    groups: ['11', '7'],
    tableResidualDays: 21,
    dose: 0.2,
    unit: 'kg',
    efficacy: { FER: 75, MAL: 55, OID: 70, MBR: null, ...others(65) },
  },
  {
    id: 4,
    name: 'Vessarya',
    actives: 'picoxystrobin+benzovindiflupyr',
    groups: ['11', '7'],
    tableResidualDays: 21,
    dose: 0.6,
    unit: 'L',
    efficacy: { FER: 75, MAL: 55, OID: 70, MBR: null, ...others(65) },
  },
  {
    id: 5,
    name: 'Orkestra SC',
    actives: 'fluxapyroxad+pyraclostrobin',
    groups: ['7', '11'],
    tableResidualDays: 21,
    dose: 0.3,
    unit: 'L',
    efficacy: { FER: 70, MAL: 65, OID: 70, MBR: null, ...others(65) },
  },
  {
    id: 6,
    name: 'Fox',
    actives: 'trifloxystrobin+prothioconazole',
    groups: ['11', '3'],
    tableResidualDays: 21,
    dose: 0.4,
    unit: 'L',
    efficacy: { FER: 70, MAL: 55, OID: 75, MBR: null, ...others(60) },
  },
  {
    id: 7,
    name: 'Aproach Prima',
    actives: 'picoxystrobin+cyproconazole',
    groups: ['11', '3'],
    tableResidualDays: 21,
    dose: 0.3,
    unit: 'L',
    efficacy: { FER: 65, MAL: 50, OID: 70, MBR: null, ...others(60) },
  },
  {
    id: 8,
    name: 'Priori Xtra',
    actives: 'azoxystrobin+cyproconazole',
    groups: ['11', '3'],
    tableResidualDays: 21,
    dose: 0.3,
    unit: 'L',
    efficacy: { FER: 45, MAL: 40, OID: 70, MBR: null, ...others(60) },
  },
  {
    id: 9,
    name: 'Sphere Max',
    actives: 'trifloxystrobin+cyproconazole',
    groups: ['11', '3'],
    tableResidualDays: 21,
    dose: 0.2,
    unit: 'L',
    efficacy: { FER: 55, MAL: 45, OID: 70, MBR: null, ...others(60) },
  },
  {
    id: 10,
    name: 'Unizeb Gold',
    actives: 'mancozeb',
    groups: ['M3'],
    tableResidualDays: 7,
    dose: 1.5,
    unit: 'kg',
    efficacy: { FER: 45, MAL: 35, OID: null, MBR: null, ...others(40) },
  },
  {
    id: 11,
    name: 'Bravonil 720',
    actives: 'chlorothalonil',
    groups: ['M5'],
    tableResidualDays: 7,
    dose: 1.5,
    unit: 'L',
    efficacy: { FER: 40, MAL: 35, OID: null, MBR: null, ...others(40) },
  },
  {
    id: 12,
    name: 'Frowncide 500 SC',
    actives: 'fluazinam',
    groups: ['29'],
    tableResidualDays: 14,
    dose: 1,
    unit: 'L',
    efficacy: { FER: null, MAL: null, OID: null, MBR: 60, ...others(null) },
  },
];

// Wheat: FFO leaf rust, OIT powdery mildew, MAM yellow leaf spot, GIB FHB, BRU blast.
export const EXAMPLE_WHEAT_PRODUCTS: readonly ExampleProduct[] = [
  {
    id: 101,
    name: 'Folicur 200 EC',
    actives: 'tebuconazole',
    groups: ['3'],
    tableResidualDays: 14,
    dose: 0.75,
    unit: 'L',
    efficacy: { FFO: 75, OIT: 70, MAM: 60, GIB: 59, BRU: 30 },
    byCountry: { [COUNTRY_IDS.usa]: { GIB: 40 } },
    sources: { 'GIB.BR': 'S10', 'GIB.US': 'S9' },
  },
  {
    id: 102,
    name: 'Caramba',
    actives: 'metconazole',
    groups: ['3'],
    tableResidualDays: 14,
    dose: 1,
    unit: 'L',
    efficacy: { FFO: 75, OIT: 70, MAM: 60, GIB: 50, BRU: 30 },
    byCountry: { [COUNTRY_IDS.usa]: { GIB: 50 } },
    sources: { 'GIB.US': 'S9' },
  },
  {
    id: 103,
    name: 'Prosaro',
    actives: 'prothioconazole+tebuconazole',
    groups: ['3', '3'],
    tableResidualDays: 14,
    dose: 0.5,
    unit: 'L',
    efficacy: { FFO: 80, OIT: 75, MAM: 65, GIB: 52, BRU: 30 },
    byCountry: { [COUNTRY_IDS.usa]: { GIB: 52 } },
    sources: { 'GIB.US': 'S9' },
  },
  {
    id: 104,
    name: 'Opera Ultra',
    actives: 'pyraclostrobin+metconazole',
    groups: ['11', '3'],
    tableResidualDays: 21,
    dose: 0.6,
    unit: 'L',
    efficacy: { FFO: 75, OIT: 75, MAM: 70, GIB: 44.1, BRU: 40 },
    byCountry: { [COUNTRY_IDS.usa]: { GIB: null } },
    sources: { 'GIB.BR': 'S11' },
  },
  {
    id: 105,
    name: 'Nativo',
    actives: 'trifloxystrobin+tebuconazole',
    groups: ['11', '3'],
    tableResidualDays: 21,
    dose: 0.75,
    unit: 'L',
    efficacy: { FFO: 75, OIT: 75, MAM: 70, GIB: 50, BRU: 40 },
    byCountry: { [COUNTRY_IDS.usa]: { GIB: null } },
  },
  {
    id: 106,
    name: 'Tilt',
    actives: 'propiconazole',
    groups: ['3'],
    tableResidualDays: 14,
    dose: 0.5,
    unit: 'L',
    efficacy: { FFO: 65, OIT: 65, MAM: 50, GIB: 47, BRU: null },
    byCountry: { [COUNTRY_IDS.usa]: { GIB: 32 } },
    sources: { 'GIB.BR': 'S10', 'GIB.US': 'S9' },
  },
];

function toProgramProduct(example: ExampleProduct, countryId: CountryId): ProgramProduct {
  const values = { ...example.efficacy, ...example.byCountry?.[countryId] };
  const perDisease: Record<string, TargetEfficacy> = {};
  for (const [code, efficacy] of Object.entries(values))
    perDisease[code] =
      efficacy === null
        ? { efficacy: null, registeredDose: NO_REGISTRATION_DOSE }
        : { efficacy, registeredDose: example.dose };
  return { id: example.id, name: example.name, groups: example.groups, perDisease };
}

/**
 * The §4 catalogue for a crop and country as engine input. Soybean values are Brazil's (§4 gives
 * only BR); wheat FHB takes the US column in the USA and the BR column elsewhere.
 */
export function exampleCatalogue(cropId: CropId, countryId: CountryId): ProgramProduct[] {
  const table = cropId === CROP_IDS.wheat ? EXAMPLE_WHEAT_PRODUCTS : EXAMPLE_SOYBEAN_PRODUCTS;
  return table.map((example) => toProgramProduct(example, countryId));
}
