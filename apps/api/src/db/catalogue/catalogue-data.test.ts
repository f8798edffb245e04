import { activeSetKey, isKnownActive, searchableText } from '@lavoura/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogueData } from './catalogue-files.ts';
import { brandPrefixes, compactSearch, varietySearchText } from './variety-search.ts';

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
    }).toEqual({ fungicide: 654, herbicide: 839, nematicide: 35, soybean: 2352, wheat: 316 });
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

  it('never invents a registration: a product with none says so with null, AGROFIT’s have theirs, the US labels’ their EPA number', () => {
    const epa = new Set(['agronomy-us:prosaro', 'agronomy-us:caramba']);
    for (const row of data.pesticides) {
      if (row.key.startsWith('agrofit:')) expect(row.registration_number).toMatch(/^[0-9/R]+$/);
      else if (row.key.startsWith('crop-card:') || epa.has(row.key))
        expect(row.registration_number).toMatch(/^\d+-\d+$/);
      else expect(row.registration_number).toBeNull();
    }
  });

  it('gives the US wheat fungicides their EPA label’s head blight registration, dose in L/ha and interval (us-labels/)', () => {
    const us = (name: string) => {
      const row = data.pesticides.find((p) => p.name === name && p.country === 'US');
      expect(row, name).toBeDefined();
      const { registration_number, company, formulation, crops } = row!;
      const fhb = row!.diseases?.find((d) => d.code === 'GIB');
      return { registration_number, company, formulation, crops, fhb };
    };
    const fhb = { disease_id: 14, code: 'GIB', crop: 'wheat', inferred: false };
    // 6.5–8.2 fl oz/A × 29.5735 mL ÷ 0.404686 ha = 0.475–0.599 L/ha; wheat PHI 30 days.
    expect(us('Prosaro')).toEqual({
      registration_number: '264-862',
      company: 'Bayer',
      formulation: 'SC',
      crops: ['wheat'],
      fhb: { ...fhb, dose_min: 0.475, dose_max: 0.599, safety_interval_days: 30 },
    });
    // 10.0–13.7 fl oz/A; for grain the label gives no day count (not after Feekes 10.5.4).
    expect(us('Miravis Ace')).toEqual({
      registration_number: '100-1645',
      company: 'Syngenta',
      formulation: 'SE',
      crops: ['wheat'],
      fhb: { ...fhb, dose_min: 0.731, dose_max: 1.001 },
    });
    // No formulation in the file: no unit, so the dose is not informed; registered, 30 days.
    expect(us('Caramba')).toEqual({
      registration_number: '7969-246',
      company: 'BASF',
      formulation: null,
      crops: ['wheat'],
      fhb: { ...fhb, safety_interval_days: 30 },
    });
    expect(us('Sphaerex')).toEqual({
      registration_number: '7969-473',
      company: 'BASF',
      formulation: null,
      crops: ['wheat'],
      fhb: { ...fhb, safety_interval_days: 30 },
    });
    // Leaf diseases the file names for all its cereals, without a rate of their own: not informed.
    const prosaro = data.pesticides.find((p) => p.key === 'agronomy-us:prosaro')!;
    expect(prosaro.diseases!.filter((d) => d.inferred).map((d) => d.code)).toEqual([
      'FFO',
      'OIT',
      'MAM',
    ]);
    // Folicur and Tilt: no label file, nothing informed.
    for (const name of ['Folicur', 'Tilt'])
      expect(
        data.pesticides.find((p) => p.name === name && p.country === 'US')!.diseases,
      ).toBeNull();
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

describe('the bundled varieties (issue 28 item 7)', () => {
  const variety = (key: string) => {
    const row = data.varieties.find((v) => v.key === key);
    expect(row, key).toBeDefined();
    return row!;
  };
  const perSource = (has: (row: (typeof data.varieties)[number]) => boolean) =>
    Object.fromEntries(
      [...new Set(data.varieties.map((v) => v.source_id))]
        .sort()
        .map((source) => [
          source,
          data.varieties.filter((v) => v.source_id === source && has(v)).length,
        ]),
    );

  it('counts the rows, those with a maturity group and those with a cycle, per source', () => {
    expect(perSource(() => true)).toEqual({
      'costa-soy': 1587,
      'delponte-wheat': 45,
      'grin-soy': 557,
      'tcc-soy': 208,
      'uidaho-wheat': 271,
    });
    // tcc-soy gives three costa-soy rows their GMR and cycle; GRIN's "0" stays null.
    expect(perSource((v) => v.gmr !== null)).toEqual({
      'costa-soy': 3,
      'delponte-wheat': 0,
      'grin-soy': 510,
      'tcc-soy': 205,
      'uidaho-wheat': 0,
    });
    expect(perSource((v) => v.min_cycle !== null && v.max_cycle !== null)).toEqual({
      'costa-soy': 3,
      'delponte-wheat': 0,
      'grin-soy': 0,
      'tcc-soy': 208,
      'uidaho-wheat': 0,
    });
    const usSoybean = data.varieties.filter(
      (v) => v.crop === 'soybean' && v.countries.includes('US'),
    );
    expect(usSoybean.length).toBe(557);
    expect(usSoybean.every((v) => v.source_id === 'grin-soy')).toBe(true);
  });

  it('gives each named cultivar its source’s values', () => {
    const facts = (key: string) => {
      const { name, company, countries, gmr, min_cycle, max_cycle, gmo } = variety(key);
      return { name, company, countries, gmr, min_cycle, max_cycle, gmo };
    };
    // The trials: Brasmax declares GMR 8.0; season means of 130 (2020/21), 122, 112 and 118 days.
    expect(facts('tcc-soy:BMX-Olimpo-IPRO')).toEqual({
      name: 'BMX Olimpo IPRO',
      company: 'Brasmax',
      countries: ['BR'],
      gmr: 8,
      min_cycle: 112,
      max_cycle: 130,
      gmo: true,
    });
    // "M 8372 IPRO" of the trials is costa-soy's "M8372IPRO" (same name and event).
    expect(facts('costa-soy:M8372IPRO')).toEqual({
      name: 'M8372IPRO',
      company: 'D&PL BRASIL LTDA',
      countries: ['BR'],
      gmr: 8.3,
      min_cycle: 119,
      max_cycle: 121,
      gmo: true,
    });
    // Declared as 8.0 in 2022/23 and 7.9 in 2023/24: two values, so none.
    expect(variety('tcc-soy:PP-Peleia-IPRO').gmr).toBeNull();
    // "ST 700 i2x" of the trials is not costa-soy's "ST 700RR" (another event).
    expect(variety('costa-soy:ST700RR').gmr).toBeNull();
    expect(variety('tcc-soy:ST-700-i2x').gmr).toBe(7);
    // GRIN: Williams 82 (PI 518671) is maturity group III; Swift's "0" may be 0, 00 or 000.
    expect(facts('grin-soy:PI518671')).toEqual({
      name: 'Williams 82',
      company: null,
      countries: ['US'],
      gmr: 3,
      min_cycle: null,
      max_cycle: null,
      gmo: null,
    });
    expect(variety('grin-soy:PI548500')).toMatchObject({ name: 'Swift', gmr: null });
  });

  it('gives Brazil the wheat cultivars of the FHB trials (delponte-wheat), names only', () => {
    const brWheat = data.varieties.filter((v) => v.crop === 'wheat' && v.countries.includes('BR'));
    expect(brWheat.length).toBe(45);
    expect(brWheat.every((v) => v.source_id === 'delponte-wheat')).toBe(true);
    // The trials name no breeder, cycle or reaction: a "TBIO" or "BRS" prefix is not read as one.
    expect(
      brWheat.filter(
        (v) =>
          v.company !== null ||
          v.gmr !== null ||
          v.min_cycle !== null ||
          v.cycle_class !== null ||
          v.reactions.length > 0,
      ),
    ).toEqual([]);
    for (const [key, name] of [
      ['delponte-wheat:TBIO-Toruk', 'TBIO Toruk'],
      ['delponte-wheat:BRS-Parrudo', 'BRS Parrudo'],
      // A cell of several cultivars ("BR23, BRS119, CEP27") gives each its row.
      ['delponte-wheat:BRS119', 'BRS119'],
      ['delponte-wheat:CEP27', 'CEP27'],
      // The key drops the accent, the name keeps it.
      ['delponte-wheat:BRS-Grauna', 'BRS Graúna'],
    ]) {
      expect(variety(key!)).toMatchObject({
        name,
        crop: 'wheat',
        countries: ['BR'],
        company: null,
        gmr: null,
      });
    }
    // One trial writes "Sinuelo", four "TBIO Sinuelo": one cultivar, under the prefixed name.
    expect(brWheat.filter((v) => /sinuelo/i.test(v.name)).map((v) => v.name)).toEqual([
      'TBIO Sinuelo',
    ]);
    // The US wheat stays the US's.
    const usWheat = data.varieties.filter((v) => v.crop === 'wheat' && v.countries.includes('US'));
    expect(usWheat.length).toBe(271);
    expect(usWheat.every((v) => v.source_id === 'uidaho-wheat')).toBe(true);
  });

  it('splits the maintainers that costa-soy runs together into readable text', () => {
    expect(variety('costa-soy:TMG2158IPRO').company).toBe(
      'TMG TROPICAL MELHORAMENTO E GENETICA S/A; UNISOJA S/A',
    );
    const companies = new Set(data.varieties.map((v) => v.company));
    expect(companies).toContain('COODETEC; DUPONT DO BRASIL S/A');
    expect(companies).toContain('TROPICAL MELHORAMENTO E GENETICA S/A; UNISOJA S/A; FUNDACAO MT');
    expect(companies).toContain('EPAMIG; EMPRESA BRASILEIRA DE PESQUISA AGROPECUARIA');
    expect(companies).toContain('DUPONT DO BRASIL S/A');
    const glued = [...companies].filter(
      (company) => company && /\p{L}S\/A|S\/A\p{L}|COODETEC\p{L}|\bGOEMPRESA\b/u.test(company),
    );
    expect(glued).toEqual([]);
  });

  it('finds cultivars as growers write them, brand prefix and spaces or not', () => {
    const prefixes = brandPrefixes(data.varieties);
    expect(prefixes.get('brasmax')).toBe('BMX');
    expect(prefixes.get('monsoy')).toBe('M');
    const found = (search: string) =>
      data.varieties
        .filter((v) => {
          const text = varietySearchText(v, prefixes);
          return text.includes(searchableText(search)) || text.includes(compactSearch(search));
        })
        .map((v) => v.key);
    expect(found('BMX Olimpo')).toEqual(['tcc-soy:BMX-Olimpo-IPRO']);
    expect(found('M 6410')).toEqual(['costa-soy:M6410IPRO']);
    expect(found('cz 48b32')).toEqual(['tcc-soy:CZ-48B32-IPRO']);
    // In no source (SOURCES.md): nothing is made up for it.
    expect(found('BMX Zeus')).toEqual([]);
    // The maintainer "TMG TROPICAL…" is the brand TMG, whose cultivars the trials write "TMG …".
    expect(found('TMG 5400')).toEqual(['costa-soy:5400IPRO']);
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
