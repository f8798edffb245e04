import { activeSetKey, isKnownActive, searchableText } from '@lavoura/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogueData } from './catalogue-files.ts';

/**
 * The bundled data set itself (issue 11's data test): every row met its zod contract when read
 * (readCatalogueData parses each one and names the file and row that does not), the counts the
 * issue asks for, and every fungicide AGRONOMY.md §4 names, with its active ingredients.
 */
const data = readCatalogueData();

/** AGRONOMY §4's products and their actives, spelled as AGROFIT spells them (Brazil). */
const AGRONOMY_FUNGICIDES: Record<string, { crop: 'soybean' | 'wheat'; actives: string[] }> = {
  'Fox Xpro': { crop: 'soybean', actives: ['bixafem', 'protioconazol', 'trifloxistrobina'] },
  Ativum: { crop: 'soybean', actives: ['epoxiconazol', 'fluxapiroxade', 'piraclostrobina'] },
  Elatus: { crop: 'soybean', actives: ['azoxistrobina', 'benzovindiflupyr'] },
  Vessarya: { crop: 'soybean', actives: ['benzovindiflupyr', 'picoxistrobina'] },
  'Orkestra SC': { crop: 'soybean', actives: ['fluxapiroxade', 'piraclostrobina'] },
  Fox: { crop: 'soybean', actives: ['protioconazol', 'trifloxistrobina'] },
  'Aproach Prima': { crop: 'soybean', actives: ['ciproconazol', 'picoxistrobina'] },
  'Priori Xtra': { crop: 'soybean', actives: ['azoxistrobina', 'ciproconazol'] },
  'Sphere Max': { crop: 'soybean', actives: ['ciproconazol', 'trifloxistrobina'] },
  'Unizeb Gold': { crop: 'soybean', actives: ['mancozebe'] },
  'Bravonil 720': { crop: 'soybean', actives: ['clorotalonil'] },
  'Frowncide 500 SC': { crop: 'soybean', actives: ['fluazinam'] },
  'Folicur 200 EC': { crop: 'wheat', actives: ['tebuconazol'] },
  'Caramba 90': { crop: 'wheat', actives: ['metconazol'] },
  Prosaro: { crop: 'wheat', actives: ['protioconazol', 'tebuconazol'] },
  'Opera Ultra': { crop: 'wheat', actives: ['metconazol', 'piraclostrobina'] },
  Nativo: { crop: 'wheat', actives: ['tebuconazol', 'trifloxistrobina'] },
  Tilt: { crop: 'wheat', actives: ['propiconazol'] },
};

describe('the bundled catalogue data set', () => {
  it('holds at least 150 pesticides and 150 varieties, counted per category and crop', () => {
    const category = (name: string) =>
      data.pesticides.filter((row) => row.categories.includes(name as never)).length;
    const crop = (name: string) => data.varieties.filter((row) => row.crop === name).length;
    expect(data.pesticides.length).toBeGreaterThanOrEqual(150);
    expect(data.varieties.length).toBeGreaterThanOrEqual(150);
    expect({
      fungicide: category('fungicide'),
      herbicide: category('herbicide'),
      nematicide: category('nematicide'),
      soybean: crop('soybean'),
      wheat: crop('wheat'),
    }).toEqual({ fungicide: 652, herbicide: 839, nematicide: 35, soybean: 1587, wheat: 271 });
  });

  it('has unique keys', () => {
    for (const rows of [data.pesticides, data.varieties]) {
      const keys = rows.map((row) => row.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it.each(Object.entries(AGRONOMY_FUNGICIDES))(
    'holds %s, a Brazilian fungicide for its crop, with AGRONOMY’s actives',
    (name, expected) => {
      const product = data.pesticides.find((row) => row.name === name && row.country === 'BR');
      expect(product, name).toBeDefined();
      expect(product!.categories).toContain('fungicide');
      expect(product!.crops).toContain(expected.crop);
      expect(product!.actives.map((active) => searchableText(active.name)).sort()).toEqual(
        expected.actives,
      );
    },
  );

  it('never invents a registration: a product with none says so with null, AGROFIT’s have theirs', () => {
    for (const row of data.pesticides) {
      if (row.key.startsWith('agrofit:')) expect(row.registration_number).toMatch(/^[0-9/R]+$/);
      else expect(row.registration_number).toBeNull();
    }
  });

  it('spells every active of the efficacy rules as the dictionary knows it', () => {
    const rules = data.efficacyRules.by_actives;
    const unknown = rules.flatMap((rule) => rule.actives.filter((name) => !isKnownActive(name)));
    expect(unknown).toEqual([]);
  });

  it('lists every efficacy rule that reaches no shipped product, each for a reason other than spelling', () => {
    const unmatched = data.efficacyRules.by_actives.flatMap((rule) =>
      rule.countries
        .filter(
          (country) =>
            !data.pesticides.some(
              (product) =>
                product.country === country &&
                product.crops.includes(rule.crop) &&
                activeSetKey(product.actives.map((active) => active.name)) ===
                  activeSetKey(rule.actives),
            ),
        )
        .map((country) => `${rule.actives.join('+')} ${rule.disease} ${country}`),
    );
    expect(unmatched).toEqual(Object.keys(UNMATCHED_RULES));
  });
});

/**
 * The efficacy rules no shipped product matches, and why (none for spelling: the dictionary of
 * active names covers every name the rules use).
 */
const UNMATCHED_RULES: Record<string, string> = {
  // No Paraguayan registration list could be reached (docs/data-sources.md).
  'trifloxistrobina+protioconazol FER PY': 'no Paraguayan product',
  'picoxistrobina+ciproconazol FER PY': 'no Paraguayan product',
  'azoxistrobina+ciproconazol FER PY': 'no Paraguayan product',
  'piraclostrobina+epoxiconazol FER PY': 'no Paraguayan product',
  'piraclostrobina+metconazol FER PY': 'no Paraguayan product',
  'tebuconazol FER PY': 'no Paraguayan product',
  'ciproconazol FER PY': 'no Paraguayan product',
  'azoxistrobina FER PY': 'no Paraguayan product',
  'piraclostrobina FER PY': 'no Paraguayan product',
  'picoxistrobina FER PY': 'no Paraguayan product',
  'trifloxistrobina FER PY': 'no Paraguayan product',
  // Carbendazim lost its Brazilian registration (ANVISA, RDC 739/2022): AGROFIT lists no product.
  'carbendazim+procimidona MBR BR': 'carbendazim no longer registered in Brazil',
  // S9's prothioconazole alone (Proline) is not among the US products any list here holds.
  'protioconazol GIB US': 'no US registration list: only the four S9 products are shipped',
};
