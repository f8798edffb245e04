/**
 * `npm run data:us-labels`: writes the US wheat fungicides' label facts into the catalogue's named
 * products (apps/api/src/db/reference-data/catalogue/named-products.json) from the EPA-label
 * extracts bundled in reference-data/catalogue/us-labels (mrpeanut01/crop-card, MIT; SOURCES.md
 * there names the commits). Prosaro and Caramba, rows of their own since AGRONOMY's S9, get their
 * EPA registration; Miravis Ace and Sphaerex are added. Each product gets its registered wheat
 * Fusarium head blight row: the label's rate in fl oz per acre as L/ha, and the pre-harvest
 * interval. A fact the file does not state stays null or absent; the other rows are kept as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONVERSION_FACTORS,
  pesticideRowSchema,
  productUnitOf,
  type PesticideRow,
} from '../../packages/domain/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalogue = path.join(root, 'apps/api/src/db/reference-data/catalogue');
const labelsDir = path.join(catalogue, 'us-labels');
const out = path.join(catalogue, 'named-products.json');

/** 1 US fluid ounce is 29.5735295625 mL (exact); acres to hectares by the app's own factor. */
const L_PER_FL_OZ = 0.0295735295625;
/** fl oz per acre as L per hectare, to the millilitre. */
export const flOzPerAcreToLPerHa = (flOz: number) =>
  Math.round(flOz * L_PER_FL_OZ * CONVERSION_FACTORS.haToAc * 1000) / 1000;

interface LabelFile {
  displayName: string;
  formulation?: string;
  defaultUnit: string;
  activeIngredients: { name: string; fracCode: string }[];
  preHarvestIntervalDays: number;
  preHarvestIntervalsByCrop?: { cropPluginId?: string; preHarvestIntervalDays: number }[];
  epaRegistrationNumber: string;
  targetDiseases: string[];
  labelClaims: { safeForCropPluginIds: string[] };
  notes: string;
}

/**
 * How each file is read. The rates and the interval are free text in `notes`: each is a quote the
 * file must still hold, so a changed file stops the build instead of feeding a wrong number.
 */
interface LabelSpec {
  file: string;
  key: string;
  name: string;
  /** The first word of `notes`. */
  company: string;
  /** The quote giving the head blight rate: "A to B fl oz per acre" or "A fl oz per acre". */
  headBlightRate: string;
  /** A quote giving a rate for leaf diseases of their own (Caramba): they are registered too. */
  leafRate?: string;
  /**
   * The wheat pre-harvest interval: `byCrop` reads the file's wheat entries; `quote` takes the
   * top-level days where the quote (which must say "<days> day PHI") applies them to wheat;
   * `none` quotes the file saying the label gives no day count for grain.
   */
  interval: { byCrop: true } | { quote: string } | { none: string };
}

const SPECS: LabelSpec[] = [
  {
    file: 'prosaro-421-sc.json',
    key: 'agronomy-us:prosaro',
    name: 'Prosaro',
    company: 'Bayer',
    headBlightRate: 'Wheat and barley: 6.5 to 8.2 fl oz per acre',
    interval: { byCrop: true },
  },
  {
    file: 'caramba-metconazole.json',
    key: 'agronomy-us:caramba',
    name: 'Caramba',
    company: 'BASF',
    headBlightRate: 'head blight (head scab) is suppression only at 13.5 to 17 fl oz per acre',
    leafRate: 'leaf diseases 10 to 14 fl oz per acre',
    interval: { quote: '30 day PHI. The 30 day PHI is also the longest on the label, so it applies to every crop' },
  },
  {
    file: 'miravis-ace.json',
    key: 'crop-card:miravis-ace',
    name: 'Miravis Ace',
    company: 'Syngenta',
    headBlightRate: '10.0 to 13.7 fl oz per acre for head blight',
    interval: { none: 'For grain the label gives no day count' },
  },
  {
    file: 'sphaerex.json',
    key: 'crop-card:sphaerex',
    name: 'Sphaerex',
    company: 'BASF',
    headBlightRate: 'Wheat, barley, oats, rye and triticale: 7.3 fl oz per acre for head scab',
    interval: { quote: '30 day PHI' },
  },
];

/** The app's wheat diseases by the names the files' `targetDiseases` use. */
const WHEAT_DISEASES = [
  { id: 11, code: 'FFO', names: ['rust'] },
  { id: 12, code: 'OIT', names: ['powdery mildew'] },
  { id: 13, code: 'MAM', names: ['tan spot'] },
  { id: 14, code: 'GIB', names: ['fusarium head blight'] },
] as const;
/** Leaf diseases a leaf-disease rate covers by name (a "rust" does not say which rust). */
const LEAF_CODES = new Set(['OIT', 'MAM']);

const ABOUT =
  'Products ../shared/AGRONOMY.md §4 names that no bundled registration list holds. The US wheat fungicides whose FHB control S9 (Paul et al., Phytopathology 98:999, 2008, US trials) measured, two more US wheat head blight fungicides (Miravis Ace, Sphaerex), and two Brazilian products AGRONOMY §4 names that the AGROFIT extract (agrofit/pesticides.json) does not list: Aproach Prima and Prosaro. Their actives are AGRONOMY §4\'s (Miravis Ace\'s and Sphaerex\'s, the label extract\'s). Caramba, Prosaro, Miravis Ace and Sphaerex carry the EPA registration, company, formulation where stated, and wheat diseases of the EPA-label extracts in us-labels/ (npm run data:us-labels; doses in L/ha from fl oz per acre); everything else not informed.';

function rate(notes: string, quote: string, file: string): { min: number; max: number } {
  if (!notes.includes(quote)) throw new Error(`${file}: the notes no longer say "${quote}"`);
  const match = quote.match(/(\d+(?:\.\d+)?)(?: to (\d+(?:\.\d+)?))? fl oz per acre/);
  if (!match) throw new Error(`${file}: no fl oz per acre rate in "${quote}"`);
  const min = Number(match[1]);
  return { min, max: match[2] ? Number(match[2]) : min };
}

function wheatInterval(label: LabelFile, spec: LabelSpec): number | null {
  const { interval } = spec;
  if ('byCrop' in interval) {
    const days = new Set(
      (label.preHarvestIntervalsByCrop ?? [])
        .filter((entry) => entry.cropPluginId?.startsWith('wheat-'))
        .map((entry) => entry.preHarvestIntervalDays),
    );
    if (days.size !== 1) throw new Error(`${spec.file}: not one wheat interval by crop`);
    return [...days][0]!;
  }
  if ('none' in interval) {
    if (!label.notes.includes(interval.none))
      throw new Error(`${spec.file}: the notes no longer say "${interval.none}"`);
    return null;
  }
  if (!label.notes.includes(interval.quote) || !interval.quote.startsWith(`${label.preHarvestIntervalDays} day PHI`))
    throw new Error(`${spec.file}: the notes no longer give ${label.preHarvestIntervalDays} day PHI`);
  return label.preHarvestIntervalDays;
}

function labelRow(spec: LabelSpec, held: PesticideRow | undefined): PesticideRow {
  const label = JSON.parse(fs.readFileSync(path.join(labelsDir, spec.file), 'utf8')) as LabelFile;
  if (!label.labelClaims.safeForCropPluginIds.some((crop) => crop.startsWith('wheat-')))
    throw new Error(`${spec.file}: not labelled for wheat`);
  if (!label.notes.startsWith(`${spec.company} `))
    throw new Error(`${spec.file}: the notes no longer name ${spec.company} first`);
  const tradeName = label.displayName.replace(/\s*\(.*\)$/, '');
  if (!tradeName.startsWith(spec.name)) throw new Error(`${spec.file}: is ${tradeName}`);
  const formulation = label.formulation ?? null;
  // A rate in fluid ounces is a liquid's: a solid formulation would contradict it. Without a
  // formulation the product's unit is not informed, and so is its dose (docs: "Dose units").
  const unit = productUnitOf(formulation);
  if (label.defaultUnit !== 'fl-oz' || unit === 'kg')
    throw new Error(`${spec.file}: not dosed in fl oz of a liquid`);
  const dose = (range: { min: number; max: number }) =>
    unit === 'L'
      ? { dose_min: flOzPerAcreToLPerHa(range.min), dose_max: flOzPerAcreToLPerHa(range.max) }
      : {};
  const days = wheatInterval(label, spec);
  const interval = days === null ? {} : { safety_interval_days: days };
  const named = new Set(label.targetDiseases.map((name) => name.toLowerCase()));
  const diseases: NonNullable<PesticideRow['diseases']> = [];
  for (const disease of WHEAT_DISEASES) {
    if (!disease.names.some((name) => named.has(name))) continue;
    const base = { disease_id: disease.id, code: disease.code, crop: 'wheat' as const };
    if (disease.code === 'GIB')
      diseases.push({ ...base, inferred: false, ...dose(rate(label.notes, spec.headBlightRate, spec.file)), ...interval });
    else if (spec.leafRate && LEAF_CODES.has(disease.code))
      diseases.push({ ...base, inferred: false, ...dose(rate(label.notes, spec.leafRate, spec.file)), ...interval });
    // Named among the targets of all the cereals the file covers, with no rate or crop of its
    // own: the wheat registration is not informed (rather than "not registered").
    else diseases.push({ ...base, inferred: true });
  }
  if (!diseases.some((disease) => disease.code === 'GIB' && !disease.inferred))
    throw new Error(`${spec.file}: no wheat head blight row`);
  const fileActives = label.activeIngredients.map((active) => active.name).sort();
  if (held && JSON.stringify(held.actives.map((active) => active.name).sort()) !== JSON.stringify(fileActives))
    throw new Error(`${spec.file}: actives ${fileActives.join('+')} are not ${spec.key}'s`);
  return pesticideRowSchema.parse({
    key: spec.key,
    country: 'US',
    name: spec.name,
    ...(tradeName !== spec.name ? { other_names: [tradeName] } : {}),
    categories: ['fungicide'],
    classes: [],
    company: spec.company,
    registration_number: label.epaRegistrationNumber,
    formulation,
    crops: ['wheat'],
    toxicological_class: null,
    environmental_class: null,
    // The rows of AGRONOMY's products keep AGRONOMY's actives (the same names, checked above).
    actives:
      held?.actives ??
      label.activeIngredients.map((active) => ({
        name: active.name,
        chemical_group: null,
        concentration: null,
        unit: null,
        mode_of_action: `FRAC ${active.fracCode}`,
      })),
    targets: [],
    diseases,
    white_mold: false,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = JSON.parse(fs.readFileSync(out, 'utf8')) as { about: string; products: PesticideRow[] };
  const labelled = new Set(SPECS.map((spec) => spec.key));
  const kept = file.products.filter((row) => !row.key.startsWith('crop-card:'));
  const byKey = new Map(kept.map((row) => [row.key, row]));
  const rows = kept.map((row) => {
    const spec = SPECS.find((candidate) => candidate.key === row.key);
    return spec ? labelRow(spec, row) : row;
  });
  const added = SPECS.filter((spec) => !byKey.has(spec.key)).map((spec) => labelRow(spec, undefined));
  // The new US products after the last US row.
  const lastUs = rows.findLastIndex((row) => row.country === 'US');
  rows.splice(lastUs + 1, 0, ...added);
  fs.writeFileSync(out, `${JSON.stringify({ about: ABOUT, products: rows }, null, 2)}\n`);
  const dosed = rows.filter((row) => labelled.has(row.key) && row.diseases?.some((d) => d.dose_min !== undefined));
  console.log(
    `wrote ${path.relative(root, out)}: ${SPECS.length} US label products (${added.length} added), ${dosed.length} with a head blight dose in L/ha: ${dosed.map((row) => row.name).join(', ')}`,
  );
}
