import { describe, expect, it } from 'vitest';
import { readEfficacyRules } from './catalogue-files.ts';
import { efficacyRows } from './catalogue-efficacy.ts';
import type { PesticideRow } from '@lavoura/domain';

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
});
