import { searchableText } from './catalogue-query.ts';

/**
 * One dictionary of active-ingredient names: the ISO common name (ISO 1750, as the Compendium of
 * Pesticide Common Names writes it, in English), the Portuguese name of Brazil's registrations
 * (AGROFIT, ANVISA's monographs) and the Spanish name of Paraguay's and Argentina's (SENAVE,
 * SENASA). Every rule that matches actives (the efficacy rules of AGRONOMY §4b, the catalogue's
 * active filter, the account's own products) reads a name through `activeKey`, so `fluopiram`,
 * `Fluopyram` and `fluopyram` are the same active. A name not listed here keys as itself, written
 * without accents or case.
 */
interface ActiveIngredientNames {
  /** ISO common name, the key every other spelling maps to. */
  iso: string;
  pt: string;
  es: string;
  /** Further spellings met in sources (older Portuguese forms, the registrations' own typos). */
  aliases?: readonly string[];
}

const ACTIVE_INGREDIENTS: readonly ActiveIngredientNames[] = [
  { iso: 'acibenzolar-S-methyl', pt: 'acibenzolar-S-metílico', es: 'acibenzolar-S-metil' },
  { iso: 'azoxystrobin', pt: 'azoxistrobina', es: 'azoxistrobina' },
  {
    iso: 'benzovindiflupyr',
    pt: 'benzovindiflupir',
    es: 'benzovindiflupir',
    aliases: ['benzovindiflupyr'],
  },
  { iso: 'bixafen', pt: 'bixafem', es: 'bixafen' },
  { iso: 'boscalid', pt: 'boscalida', es: 'boscalida' },
  { iso: 'bromuconazole', pt: 'bromuconazol', es: 'bromuconazol' },
  { iso: 'captan', pt: 'captana', es: 'captan' },
  { iso: 'carbendazim', pt: 'carbendazim', es: 'carbendazim', aliases: ['carbendazime'] },
  { iso: 'carboxin', pt: 'carboxina', es: 'carboxin' },
  { iso: 'chlorothalonil', pt: 'clorotalonil', es: 'clorotalonil' },
  { iso: 'copper hydroxide', pt: 'hidróxido de cobre', es: 'hidróxido de cobre' },
  { iso: 'copper oxychloride', pt: 'oxicloreto de cobre', es: 'oxicloruro de cobre' },
  { iso: 'cuprous oxide', pt: 'óxido cuproso', es: 'óxido cuproso' },
  { iso: 'cyclobutrifluram', pt: 'ciclobutrifluram', es: 'ciclobutrifluram' },
  { iso: 'cymoxanil', pt: 'cimoxanil', es: 'cimoxanil' },
  { iso: 'cyproconazole', pt: 'ciproconazol', es: 'ciproconazol' },
  { iso: 'cyprodinil', pt: 'ciprodinil', es: 'ciprodinil' },
  { iso: 'difenoconazole', pt: 'difenoconazol', es: 'difenoconazol' },
  { iso: 'dimethomorph', pt: 'dimetomorfe', es: 'dimetomorf' },
  { iso: 'dimoxystrobin', pt: 'dimoxistrobina', es: 'dimoxistrobin', aliases: ['dimoxistrobin'] },
  { iso: 'epoxiconazole', pt: 'epoxiconazol', es: 'epoxiconazol' },
  { iso: 'fenpropidin', pt: 'fenpropidina', es: 'fenpropidin' },
  { iso: 'fenpropimorph', pt: 'fenpropimorfe', es: 'fenpropimorf' },
  { iso: 'fluazinam', pt: 'fluazinam', es: 'fluazinam' },
  { iso: 'fludioxonil', pt: 'fludioxonil', es: 'fludioxonil' },
  { iso: 'fluindapyr', pt: 'fluindapir', es: 'fluindapir', aliases: ['fluindapyr'] },
  { iso: 'fluopyram', pt: 'fluopiram', es: 'fluopiram', aliases: ['fluopyram'] },
  { iso: 'fluoxastrobin', pt: 'fluoxastrobina', es: 'fluoxastrobin' },
  { iso: 'fluquinconazole', pt: 'fluquinconazol', es: 'fluquinconazol' },
  { iso: 'flutriafol', pt: 'flutriafol', es: 'flutriafol' },
  { iso: 'fluxapyroxad', pt: 'fluxapiroxade', es: 'fluxapiroxad' },
  { iso: 'impyrfluxam', pt: 'impirfluxam', es: 'impirfluxam' },
  { iso: 'ipconazole', pt: 'ipconazol', es: 'ipconazol' },
  { iso: 'iprodione', pt: 'iprodiona', es: 'iprodiona' },
  { iso: 'isofetamid', pt: 'isofetamida', es: 'isofetamid' },
  { iso: 'isopyrazam', pt: 'isopirazam', es: 'isopirazam' },
  { iso: 'kasugamycin', pt: 'casugamicina', es: 'kasugamicina' },
  { iso: 'kresoxim-methyl', pt: 'cresoxim-metílico', es: 'kresoxim-metil' },
  { iso: 'mancozeb', pt: 'mancozebe', es: 'mancozeb' },
  { iso: 'mandestrobin', pt: 'mandestrobina', es: 'mandestrobin' },
  { iso: 'mefentrifluconazole', pt: 'mefentrifluconazol', es: 'mefentrifluconazol' },
  { iso: 'metalaxyl-M', pt: 'metalaxil-M', es: 'metalaxil-M' },
  { iso: 'metconazole', pt: 'metconazol', es: 'metconazol' },
  { iso: 'metiram', pt: 'metiram', es: 'metiram' },
  {
    iso: 'metominostrobin',
    pt: 'metominostrobina',
    es: 'metominostrobin',
    aliases: ['metominostrobin'],
  },
  { iso: 'myclobutanil', pt: 'miclobutanil', es: 'miclobutanil' },
  { iso: 'natamycin', pt: 'natamicina', es: 'natamicina' },
  { iso: 'oxathiapiprolin', pt: 'oxatiapiprolim', es: 'oxatiapiprolin' },
  { iso: 'picoxystrobin', pt: 'picoxistrobina', es: 'picoxistrobina' },
  { iso: 'procymidone', pt: 'procimidona', es: 'procimidona' },
  { iso: 'propiconazole', pt: 'propiconazol', es: 'propiconazol' },
  { iso: 'prothioconazole', pt: 'protioconazol', es: 'protioconazol' },
  { iso: 'pydiflumetofen', pt: 'pidiflumetofen', es: 'pidiflumetofen' },
  { iso: 'pyraclostrobin', pt: 'piraclostrobina', es: 'piraclostrobina' },
  { iso: 'sulfur', pt: 'enxofre', es: 'azufre' },
  { iso: 'tebuconazole', pt: 'tebuconazol', es: 'tebuconazol' },
  { iso: 'tetraconazole', pt: 'tetraconazol', es: 'tetraconazol' },
  { iso: 'thiabendazole', pt: 'tiabendazol', es: 'tiabendazol' },
  { iso: 'thiophanate-methyl', pt: 'tiofanato-metílico', es: 'tiofanato-metil' },
  { iso: 'thiram', pt: 'tiram', es: 'tiram' },
  { iso: 'triadimenol', pt: 'triadimenol', es: 'triadimenol' },
  { iso: 'trifloxystrobin', pt: 'trifloxistrobina', es: 'trifloxistrobina' },
  { iso: 'triflumizole', pt: 'triflumizol', es: 'triflumizol' },
  { iso: 'triticonazole', pt: 'triticonazol', es: 'triticonazol' },
];

const isoByName = new Map<string, string>();
for (const entry of ACTIVE_INGREDIENTS) {
  for (const name of [entry.iso, entry.pt, entry.es, ...(entry.aliases ?? [])]) {
    isoByName.set(searchableText(name), searchableText(entry.iso));
  }
}

/** The key of an active ingredient in any of its spellings: its ISO common name, unaccented. */
export function activeKey(name: string): string {
  const key = searchableText(name);
  return isoByName.get(key) ?? key;
}

/** The key of a mixture: its actives' keys in order, so the order a label lists them in is moot. */
export const activeSetKey = (names: readonly string[]) => names.map(activeKey).sort().join('+');

/** Whether the dictionary knows the name (a test lists the rule actives it does not). */
export const isKnownActive = (name: string) => isoByName.has(searchableText(name));

/** The active's name in a language, or the name as given when the dictionary lacks it. */
export function activeName(name: string, language: 'pt' | 'en' | 'es'): string {
  const iso = activeKey(name);
  const entry = ACTIVE_INGREDIENTS.find((candidate) => searchableText(candidate.iso) === iso);
  if (!entry) return name;
  return language === 'en' ? entry.iso : entry[language];
}
