import { describe, expect, it } from 'vitest';
import { EFFICACY_NOTES, LANGUAGES, type PesticideRow } from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import { readEfficacyRules } from './catalogue-files.ts';
import { efficacyRows } from './catalogue-efficacy.ts';

const product = (over: Partial<PesticideRow>): PesticideRow => ({
  key: 'test:1',
  country: 'BR',
  name: 'Fox',
  categories: ['fungicide'],
  classes: ['Fungicida'],
  company: null,
  registration_number: null,
  formulation: null,
  crops: ['soybean'],
  toxicological_class: null,
  environmental_class: null,
  actives: [
    {
      name: 'Trifloxistrobina',
      chemical_group: 'estrobilurina',
      concentration: 150,
      unit: 'g/L',
      mode_of_action: 'FRAC 11',
    },
    {
      name: 'Protioconazol',
      chemical_group: 'triazolintiona',
      concentration: 175,
      unit: 'g/L',
      mode_of_action: 'FRAC 3',
    },
  ],
  targets: [],
  diseases: [{ disease_id: 5, code: 'CER', crop: 'soybean' }],
  white_mold: false,
  ...over,
});

describe('the shipped efficacies (AGRONOMY.md §4b)', () => {
  const { efficacyRules, s15 } = readEfficacyRules();

  it('gives Fox the derived rust value over its assumption, and its assumptions elsewhere', () => {
    const rows = efficacyRows([product({})], efficacyRules, s15);
    const byDisease = Object.fromEntries(
      rows.map((row) => [row.diseaseId, [row.efficacy, row.tag, row.sourceId]]),
    );
    expect(byDisease[1]).toEqual([75.5, 'D', 'S15']);
    expect(byDisease[3]).toEqual([55, 'A', 'assumption']);
    // Other soybean diseases only where the product is registered: cercospora yes, anthracnose no.
    expect(byDisease[5]).toEqual([60, 'A', 'assumption']);
    expect(byDisease[2]).toBeUndefined();
  });

  it('applies a value by actives to every product of that crop and country, in English or Portuguese', () => {
    const us = product({
      key: 'test:2',
      country: 'US',
      name: 'Prosaro',
      crops: ['wheat'],
      actives: [
        {
          name: 'prothioconazole',
          chemical_group: null,
          concentration: null,
          unit: null,
          mode_of_action: null,
        },
        {
          name: 'tebuconazole',
          chemical_group: null,
          concentration: null,
          unit: null,
          mode_of_action: null,
        },
      ],
    });
    const rows = efficacyRows([us], efficacyRules, s15);
    expect(rows.map((row) => [row.diseaseId, row.efficacy, row.tag, row.sourceId])).toEqual([
      [14, 52, 'S', 'S9'],
    ]);
    // The same product in Brazil takes the assumptions of AGRONOMY §4, not S9's US trials.
    const brazil = efficacyRows([{ ...us, country: 'BR' }], efficacyRules, s15);
    expect(brazil.find((row) => row.diseaseId === 14)).toMatchObject({ efficacy: 52, tag: 'A' });
    expect(brazil.find((row) => row.diseaseId === 11)).toMatchObject({ efficacy: 80, tag: 'A' });
  });

  it('notes a value by the key of a text every language has, never by an English sentence', () => {
    const rows = efficacyRows(
      [
        product({}),
        product({ key: 'test:3', name: 'Stratego', actives: [product({}).actives[0]!] }),
      ],
      efficacyRules,
      s15,
    );
    const notes = rows.map((row) => row.note).filter((note) => note !== null);
    // Fox's rust value is derived from the S15 trials; trifloxystrobin alone has the QoI bound.
    expect(notes).toEqual(expect.arrayContaining(['s15_derived', 'qoi_alone_upper_limit']));
    for (const note of EFFICACY_NOTES) {
      for (const language of LANGUAGES) {
        const texts = (resources[language].catalog as { detail: { efficacy_note: object } }).detail
          .efficacy_note as Record<string, string>;
        expect(texts[note], `${language} ${note}`).toMatch(/\p{L}{3}/u);
      }
    }
  });
});
