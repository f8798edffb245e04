/**
 * `npm run data:agrofit [mirror-git-dir]`: builds the catalogue's Brazilian pesticides
 * (apps/api/src/db/reference-data/catalogue/agrofit/pesticides.json) from the AGROFIT extract of
 * gelsonmoraes/analise_agrofit (bring it here first with the `fetch` tool; docs/data-sources.md
 * names the commit). It keeps the fungicides, herbicides and nematicides registered for soybean or
 * wheat; a fact the extract does not carry (doses, packaging, leaflet, risk flags) stays null.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import {
  pesticideRowSchema,
  productUnitOf,
  searchableText,
  toProductUnit,
  type DoseUnit,
  type PesticideRow,
} from '../../packages/domain/src/index.ts';

const SOURCE = {
  id: 'agrofit',
  repository: 'https://github.com/gelsonmoraes/analise_agrofit',
  commit: '3f1835dbb5f5a31727f172442f93ca2b152c3d78',
  path: 'data/processed',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mirror = process.argv[2] ?? '/work/.mirror/gelsonmoraes+analise_agrofit/repo';
const out = path.join(root, 'apps/api/src/db/reference-data/catalogue/agrofit/pesticides.json');
const labelsFile = path.join(path.dirname(out), 'label-indications.csv');

/** The extract's text is decomposed (NFD) and carries C1 dashes (U+0096) where a dash was. */
const clean = (text: string) =>
  text.normalize('NFC').replace(/\u0096/g, '–').replace(/\s+/g, ' ').trim();

function table(file: string): Record<string, string>[] {
  const text = execFileSync('git', ['-C', mirror, 'show', `HEAD:${SOURCE.path}/${file}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, clean(value)])),
  );
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

// AGROFIT crop ids: Soja, Soja OGM, Trigo.
const SOYBEAN_CROPS = new Set(['12', '20']);
const WHEAT_CROPS = new Set(['14']);

/**
 * Our diseases by the pathogen AGROFIT registers against. `hosts: 'many'` marks a pathogen of
 * other crops too: the extract lost which crop each target is registered for, so on a product
 * that is also registered for other crops the pair is only inferred (not informed).
 */
const PATHOGENS: { names: string[]; id: number; code: string; crop: 'soybean' | 'wheat'; many: boolean }[] = [
  { id: 1, code: 'FER', crop: 'soybean', many: false, names: ['phakopsora pachyrhizi'] },
  {
    id: 2,
    code: 'ANT',
    crop: 'soybean',
    many: true,
    names: [
      'colletotrichum truncatum',
      'colletotrichum dematium var. truncata',
      'colletotrichum dematium truncata',
      // Soybean labels also name the anthracnose fungus by its older name alone.
      'colletotrichum dematium',
    ],
  },
  { id: 3, code: 'MAL', crop: 'soybean', many: true, names: ['corynespora cassiicola'] },
  { id: 4, code: 'OID', crop: 'soybean', many: false, names: ['microsphaera diffusa', 'erysiphe diffusa'] },
  { id: 5, code: 'CER', crop: 'soybean', many: false, names: ['cercospora kikuchii'] },
  { id: 6, code: 'SEP', crop: 'soybean', many: false, names: ['septoria glycines'] },
  { id: 7, code: 'MEL', crop: 'soybean', many: true, names: ['rhizoctonia solani', 'thanatephorus cucumeris'] },
  { id: 8, code: 'MBR', crop: 'soybean', many: true, names: ['sclerotinia sclerotiorum'] },
  { id: 9, code: 'OLR', crop: 'soybean', many: false, names: ['cercospora sojina'] },
  {
    id: 10,
    code: 'DIA',
    crop: 'soybean',
    many: false,
    names: [
      'phomopsis sojae',
      'diaporthe phaseolorum var. sojae',
      'diaporthe phaseolorum f.sp. meridionalis',
      'phomopsis phaseoli f.sp. meridionalis',
      'diaporthe aspalathi',
      'diaporthe longicolla',
      'phomopsis longicolla',
    ],
  },
  {
    id: 11,
    code: 'FFO',
    crop: 'wheat',
    many: false,
    names: ['puccinia triticina', 'puccinia recondita f.sp. tritici'],
  },
  { id: 12, code: 'OIT', crop: 'wheat', many: false, names: ['blumeria graminis f.sp. tritici'] },
  { id: 12, code: 'OIT', crop: 'wheat', many: true, names: ['blumeria graminis', 'erysiphe graminis'] },
  {
    id: 13,
    code: 'MAM',
    crop: 'wheat',
    many: false,
    names: ['drechslera tritici-repentis', 'pyrenophora tritici-repentis'],
  },
  { id: 14, code: 'GIB', crop: 'wheat', many: true, names: ['fusarium graminearum', 'gibberella zeae'] },
  {
    id: 15,
    code: 'BRU',
    crop: 'wheat',
    many: true,
    names: ['pyricularia grisea', 'pyricularia oryzae', 'magnaporthe grisea', 'magnaporthe oryzae'],
  },
];

/**
 * Mode of action by AGROFIT's chemical group, from the FRAC Code List 2024, the HRAC Mode of
 * Action Classification 2024 and the IRAC MoA Classification 11: only groups that name one class.
 */
const MODE_OF_ACTION: Record<string, string> = {
  triazol: 'FRAC 3',
  triazolinthione: 'FRAC 3',
  estrobilurina: 'FRAC 11',
  isoftalonitrila: 'FRAC M05',
  carboxamida: 'FRAC 7',
  'pirazol carboxamida': 'FRAC 7',
  fenilpiridinilamina: 'FRAC 29',
  dicarboximida: 'FRAC 2',
  'alquilenobis(ditiocarbamato)': 'FRAC M03',
  dimetilditiocarbamato: 'FRAC M03',
  'benzimidazol (precursor de)': 'FRAC 1',
  benzimidazol: 'FRAC 1',
  fenilpirrol: 'FRAC 12',
  anilinopirimidina: 'FRAC 9',
  morfolina: 'FRAC 5',
  'glicina substituída': 'HRAC 9',
  'homoalanina substituída': 'HRAC 10',
  'ácido ariloxialcanóico': 'HRAC 4',
  'ácido piridiniloxialcanóico': 'HRAC 4',
  'ácido benzóico': 'HRAC 4',
  'oxima ciclohexanodiona': 'HRAC 1',
  'ácido ariloxifenoxipropiônico': 'HRAC 1',
  cloroacetanilida: 'HRAC 15',
  bipiridílio: 'HRAC 22',
  sulfoniluréia: 'HRAC 2',
  imidazolinona: 'HRAC 2',
  'sulfonanilida triazolopirimidina': 'HRAC 2',
  isoxazolidinona: 'HRAC 13',
  'éter difenílico': 'HRAC 14',
  ciclohexenodicarboximida: 'HRAC 14',
  triazolona: 'HRAC 14',
  triazinona: 'HRAC 5',
  triazina: 'HRAC 5',
  dinitroanilina: 'HRAC 3',
  avermectina: 'IRAC 6',
};

/** Splits "A (group) (conc unit) + B (group) (conc unit)" at the top-level plus signs. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** The name and the top-level parenthesised groups of one active: "mancozebe", ["alquilenobis(…)", "750 g/kg"]. */
function parseActive(text: string): PesticideRow['actives'][number] {
  const groups: string[] = [];
  let depth = 0;
  let open = -1;
  let nameEnd = text.length;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') {
      if (depth === 0) {
        open = i;
        nameEnd = Math.min(nameEnd, i);
      }
      depth++;
    } else if (text[i] === ')') {
      depth--;
      if (depth === 0) groups.push(text.slice(open + 1, i).trim());
    }
  }
  const name = text.slice(0, nameEnd).trim();
  const amount = groups.length >= 2 ? groups.at(-1)!.match(/^([\d.,]+)\s*(.*)$/) : null;
  const group = groups.length >= 2 ? groups.at(-2)! : (groups[0] ?? null);
  const chemicalGroup = group && !/^[\d.,]+\s/.test(group) ? group : null;
  const concentration = amount ? Number(amount[1]!.replace(/\./g, '').replace(',', '.')) : null;
  return {
    name,
    chemical_group: chemicalGroup,
    concentration: concentration && concentration > 0 ? concentration : null,
    unit: amount && amount[2] ? amount[2] : null,
    mode_of_action: (chemicalGroup && MODE_OF_ACTION[chemicalGroup.toLowerCase()]) ?? null,
  };
}

interface LabelIndication {
  registration_number: string;
  brand: string;
  crop: 'soybean' | 'wheat';
  pathogen: string;
  dose_min: string;
  dose_max: string;
  dose_unit: string;
  safety_interval_days: string;
}

/**
 * The label indications (`npm run data:agrofit-labels`), by registration number without leading
 * zeros. A row counts for a product only when its brand (or one of the names its brand joins with
 * "/") is one of the product's trade names: the label data reuses a few numbers for other products.
 */
function labelIndications(): Map<string, LabelIndication[]> {
  const rows = parse(fs.readFileSync(labelsFile, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as LabelIndication[];
  return groupBy(rows, (row) => row.registration_number.replace(/^0+/, ''));
}

const MAX_DOSE_PER_HA = 10;

/** What the label says of one of our diseases on a crop: registered, with its dose and interval. */
function labelFacts(
  indications: LabelIndication[],
  pathogen: (typeof PATHOGENS)[number],
  formulation: string | null,
): Omit<NonNullable<PesticideRow['diseases']>[number], 'disease_id' | 'code' | 'crop'> | null {
  const found = indications.filter(
    (row) =>
      row.crop === pathogen.crop &&
      pathogen.names.includes(row.pathogen.toLowerCase().replace(/f\. sp\./g, 'f.sp.').trim()),
  );
  if (found.length === 0) return null;
  const unit = productUnitOf(formulation);
  const doses = found.flatMap((row) => {
    if (!unit || !row.dose_unit) return [];
    const doseUnit = row.dose_unit.split('/')[0] as DoseUnit;
    const min = toProductUnit(Number(row.dose_min), doseUnit, unit);
    const max = toProductUnit(Number(row.dose_max), doseUnit, unit);
    // A foliar fungicide is sprayed at a few L or kg per hectare: more than 10 is a unit the
    // label data mistyped (Verdadero 600 WG reads "100 to 200 Kg/ha", its label 100–200 g/ha).
    return min !== null && max !== null && max <= MAX_DOSE_PER_HA ? [{ min, max }] : [];
  });
  const days = found.flatMap((row) =>
    row.safety_interval_days ? [Number(row.safety_interval_days)] : [],
  );
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    inferred: false,
    // Two label rows for the pair (one per synonym of the pathogen): the widest range.
    ...(doses.length
      ? {
          dose_min: round(Math.min(...doses.map((dose) => dose.min))),
          dose_max: round(Math.max(...doses.map((dose) => dose.max))),
        }
      : {}),
    // The longest interval any of them names is the one a grower must keep.
    ...(days.length ? { safety_interval_days: Math.max(...days) } : {}),
  };
}

const CATEGORIES = { fungicida: 'fungicide', herbicida: 'herbicide', nematicida: 'nematicide' } as const;

function build(): PesticideRow[] {
  const products = table('fato_produto.csv');
  const companies = new Map(table('dim_empresa.csv').map((row) => [row.id_empresa, row.titular_de_registro]));
  const ingredients = new Map(table('dim_ingrediente.csv').map((row) => [row.id_ingrediente, row.ingrediente_ativo]));
  const pests = new Map(table('dim_praga.csv').map((row) => [row.id_praga, row.praga_nome_cientifico]));
  const pestNames = groupBy(table('dim_praga_nome.csv'), (row) => row.id_praga!);
  const cropsOf = groupBy(table('bridge_produto_cultura.csv'), (row) => row.nr_registro!);
  const activesOf = groupBy(table('bridge_produto_ingrediente.csv'), (row) => row.nr_registro!);
  const pestsOf = groupBy(table('bridge_produto_praga.csv'), (row) => row.nr_registro!);

  const labels = labelIndications();
  const rows: PesticideRow[] = [];
  for (const product of products) {
    const registration = product.nr_registro!;
    const crops = new Set((cropsOf.get(registration) ?? []).map((row) => row.id_cultura!));
    const soybean = [...crops].some((crop) => SOYBEAN_CROPS.has(crop));
    const wheat = [...crops].some((crop) => WHEAT_CROPS.has(crop));
    if (!soybean && !wheat) continue;
    const classes = product.classe!.split('/').map((name) => name.trim()).filter(Boolean);
    const categories = [
      ...new Set(
        classes.flatMap((name) => {
          const key = Object.keys(CATEGORIES).find((word) => name.toLowerCase().startsWith(word));
          return key ? [CATEGORIES[key as keyof typeof CATEGORIES]] : [];
        }),
      ),
    ];
    if (categories.length === 0) continue;
    const actives = (activesOf.get(registration) ?? []).flatMap((row) =>
      splitTopLevel(ingredients.get(row.id_ingrediente!) ?? '', ' + ').map(parseActive),
    );
    if (actives.length === 0) continue;
    const targetIds = [...new Set((pestsOf.get(registration) ?? []).map((row) => row.id_praga!))];
    const targets = targetIds
      .map((id) => ({
        scientific_name: pests.get(id)!,
        common_names: [
          ...new Set((pestNames.get(id) ?? []).map((row) => row.praga_nome_comum!).filter(Boolean)),
        ].slice(0, 2),
      }))
      .filter((target) => target.scientific_name)
      .sort((a, b) => a.scientific_name.localeCompare(b.scientific_name));
    const otherCrops = [...crops].some((crop) => !SOYBEAN_CROPS.has(crop) && !WHEAT_CROPS.has(crop));
    const targetNames = new Set(targets.map((target) => target.scientific_name.toLowerCase()));
    const names = product.marca_comercial!.split(';').map((name) => name.trim()).filter(Boolean);
    const brands = new Set(names.map(searchableText));
    // The label data writes a product sold under two names as one brand "Bandolim/Pilarzinam".
    const indications = (labels.get(registration.replace(/\D/g, '').replace(/^0+/, '')) ?? []).filter(
      (row) => row.brand.split('/').some((brand) => brands.has(searchableText(brand))),
    );
    const diseases = new Map<number, NonNullable<PesticideRow['diseases']>[number]>();
    for (const pathogen of PATHOGENS) {
      if (pathogen.crop === 'soybean' ? !soybean : !wheat) continue;
      // The label data keeps the crop of each target: where it names the pair, it is registered.
      const label = labelFacts(indications, pathogen, product.formulacao || null);
      if (!label && !pathogen.names.some((name) => targetNames.has(name))) continue;
      // A pathogen of other hosts too, that the product's label for this crop does not name: the
      // label registers it elsewhere, not here (e.g. Sclerotinia on cotton and beans, not soybean).
      const labelledCrop = indications.some((row) => row.crop === pathogen.crop);
      if (!label && pathogen.many && labelledCrop) continue;
      const inferred = label ? false : pathogen.many && otherCrops;
      const held = diseases.get(pathogen.id);
      if (held && !held.inferred && (held.dose_min !== undefined || !label)) continue;
      diseases.set(pathogen.id, {
        disease_id: pathogen.id,
        code: pathogen.code,
        crop: pathogen.crop,
        inferred,
        ...label,
      });
    }
    rows.push(
      pesticideRowSchema.parse({
        key: `agrofit:${registration.replace(/[^A-Za-z0-9._-]/g, "-")}`,
        country: 'BR',
        name: names[0]!,
        other_names: names.slice(1),
        categories,
        classes,
        company: companies.get(product.id_empresa!) ?? null,
        registration_number: registration,
        formulation: product.formulacao || null,
        crops: [...(soybean ? ['soybean' as const] : []), ...(wheat ? ['wheat' as const] : [])],
        toxicological_class: product.classe_toxicologica || null,
        environmental_class: product.classe_ambiental || null,
        actives,
        targets,
        diseases: [...diseases.values()].sort((a, b) => a.disease_id - b.disease_id),
        white_mold: soybean && (targetNames.has('sclerotinia sclerotiorum') || diseases.has(8)),
      }),
    );
  }
  return rows.sort((a, b) => a.key.localeCompare(b.key));
}

const rows = build();
fs.mkdirSync(path.dirname(out), { recursive: true });
// One product a line: small, and a new extract reads as a diff of products.
fs.writeFileSync(
  out,
  `{"source":${JSON.stringify(SOURCE)},\n"products":[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]}\n`,
);
const count = (category: string) => rows.filter((row) => row.categories.includes(category as never)).length;
console.log(
  `wrote ${path.relative(root, out)}: ${rows.length} products (${count('fungicide')} fungicides, ${count('herbicide')} herbicides, ${count('nematicide')} nematicides)`,
);
