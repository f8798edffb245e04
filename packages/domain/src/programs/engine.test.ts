import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar-days.ts';
import { COUNTRY_IDS, type CountryId } from '../reference/countries.ts';
import { CROP_IDS, type CropId } from '../reference/crops.ts';
import { evaluateProgram } from './engine.ts';
import { exampleCatalogue } from './example-catalogue.ts';
import { DEFAULT_ENGINE_PARAMETERS, engineParameters } from './parameters.ts';
import type { ProgramProduct } from './types.ts';

/** The explanation: warnings of §5–§8 and the parameters' provenance. */

const EMERGENCE = '2024-11-01';
function evaluate(
  cropId: CropId,
  sprays: { day: number; products: [number, number][]; whiteMold?: boolean }[],
  options: { countryId?: CountryId; diseases?: string[]; extra?: ProgramProduct[] } = {},
) {
  const countryId = options.countryId ?? COUNTRY_IDS.brazil;
  const diseases = options.diseases ?? (cropId === CROP_IDS.wheat ? ['GIB', 'FFO'] : ['FER']);
  return evaluateProgram({
    cropId,
    countryId,
    emergence: EMERGENCE,
    cycleDays: 120,
    severity: 'medium',
    diseases: diseases.map((code, i) => ({ code, role: i === 0 ? 'main' : 'secondary' })),
    sprays: sprays.map((s) => ({
      date: addDays(EMERGENCE, s.day),
      products: s.products.map(([productId, dose]) => ({ productId, dose })),
      ...(s.whiteMold ? { whiteMold: true } : {}),
    })),
    products: [...exampleCatalogue(cropId, countryId), ...(options.extra ?? [])],
  });
}
const codes = (warnings: { code: string }[]) => warnings.map((w) => w.code);

describe('a registration without a dose in the source', () => {
  it('counts the product at f(ρ) = 1 and warns that the dose is an assumption', () => {
    const known: ProgramProduct = {
      id: 900,
      name: 'Known dose',
      groups: ['11', '3'],
      perDisease: { FER: { efficacy: 60, registeredDose: 0.4 } },
    };
    const unknown: ProgramProduct = {
      id: 901,
      name: 'Dose not informed',
      groups: ['11', '3'],
      perDisease: { FER: { efficacy: 60, registeredDose: null, registeredDoseNotInformed: true } },
    };
    const atLabel = evaluate(CROP_IDS.soybean, [{ day: 50, products: [[900, 0.4]] }], {
      extra: [known],
    });
    const assumed = evaluate(CROP_IDS.soybean, [{ day: 50, products: [[901, 0.1]] }], {
      extra: [unknown],
    });
    const [contribution] = assumed.sprays[0]!.diseases[0]!.products;
    expect(contribution).toMatchObject({ semRegistro: false, doseFactor: 1, doseAssumed: true });
    expect(assumed.programScore).toBeCloseTo(atLabel.programScore, 10);
    expect(assumed.sprays[0]!.warnings).toContainEqual(
      expect.objectContaining({ code: 'registered_dose_not_informed', productId: 901 }),
    );
    // Without the flag, no dose means no registration: nothing counts.
    const none = evaluate(CROP_IDS.soybean, [{ day: 50, products: [[902, 0.1]] }], {
      extra: [{ ...unknown, id: 902, perDisease: { FER: { efficacy: 60, registeredDose: null } } }],
    });
    expect(none.programScore).toBe(0);
  });
});

describe('a dose below the registered one', () => {
  it('warns of a sub-dose only where the product has an efficacy against the target', () => {
    // Registered for rust (efficacy 60) and for target spot with no efficacy known, 0.4 L/ha both.
    const product: ProgramProduct = {
      id: 903,
      name: 'Half dose',
      groups: ['11', '3'],
      perDisease: {
        FER: { efficacy: 60, registeredDose: 0.4 },
        MAL: { efficacy: null, registeredDose: 0.4 },
      },
    };
    const half = evaluate(CROP_IDS.soybean, [{ day: 50, products: [[903, 0.2]] }], {
      extra: [product],
      diseases: ['FER', 'MAL'],
    });
    const subDose = half.sprays[0]!.warnings.filter((warning) => warning.code === 'sub_dose');
    expect(subDose).toEqual([expect.objectContaining({ productId: 903, disease: 'FER' })]);
  });
});

describe('warnings', () => {
  it('R1: a single-site group recurring without a multisite partner', () => {
    const evaluation = evaluate(CROP_IDS.soybean, [
      { day: 40, products: [[6, 0.4]] },
      { day: 55, products: [[7, 0.3]] },
      {
        day: 70,
        products: [
          [6, 0.4],
          [10, 1.5],
        ],
      },
    ]);
    expect(evaluation.sprays[1]!.warnings).toContainEqual(
      expect.objectContaining({ code: 'rotation', groups: ['11', '3'] }),
    );
    expect(codes(evaluation.sprays[2]!.warnings)).not.toContain('rotation');
  });

  it('R2: a third SDHI spray exceeds its season cap', () => {
    const evaluation = evaluate(CROP_IDS.soybean, [
      {
        day: 40,
        products: [
          [1, 0.5],
          [10, 1.5],
        ],
      },
      {
        day: 55,
        products: [
          [3, 0.2],
          [10, 1.5],
        ],
      },
      {
        day: 70,
        products: [
          [5, 0.3],
          [10, 1.5],
        ],
      },
    ]);
    expect(evaluation.sprays[2]!.warnings).toContainEqual(
      expect.objectContaining({ code: 'season_cap', groups: ['sdhi'], value: 3, limit: 2 }),
    );
  });

  it('over the spray limit (wheat 5) and more than 3 white-mold sprays', () => {
    const wheat = evaluate(
      CROP_IDS.wheat,
      [40, 50, 60, 70, 80, 90].map((day) => ({ day, products: [[101, 0.75]] })),
    );
    expect(codes(wheat.warnings)).toEqual(['spray_limit']);
    expect(codes(wheat.sprays[5]!.warnings)).toContain('spray_limit');
    expect(wheat.maxSprays).toBe(5);
    const soy = evaluate(
      CROP_IDS.soybean,
      [48, 52, 56, 60].map((day) => ({ day, products: [[12, 1]], whiteMold: true })),
    );
    expect(codes(soy.warnings)).toEqual(['white_mold_count']);
    expect(soy.whiteMoldProgramScore).not.toBeNull();
  });

  it('USA: QoI at or after Feekes 10 in wheat; QoI-only products count 0 on frogeye', () => {
    const wheat = evaluate(
      CROP_IDS.wheat,
      [
        { day: 66, products: [[104, 0.6]] },
        { day: 67, products: [[104, 0.6]] },
      ],
      { countryId: COUNTRY_IDS.usa },
    );
    expect(codes(wheat.sprays[0]!.warnings)).not.toContain('qoi_after_boot');
    expect(codes(wheat.sprays[1]!.warnings)).toContain('qoi_after_boot');
    const strobilurin: ProgramProduct = {
      id: 900,
      name: 'QoI alone',
      groups: ['11'],
      perDisease: { OLR: { efficacy: 60, registeredDose: 1 } },
    };
    const frogeye = evaluate(CROP_IDS.soybean, [{ day: 50, products: [[900, 1]] }], {
      countryId: COUNTRY_IDS.usa,
      diseases: ['OLR'],
      extra: [strobilurin],
    });
    const contribution = frogeye.sprays[0]!.diseases[0]!.products[0]!;
    expect(contribution.efficacy).toBe(0);
    expect(contribution.excluded).toEqual({ rule: 'qoi_resistant_frogeye', source: 'S7' });
  });

  it('an unknown product and an empty spray are reported, not thrown', () => {
    const evaluation = evaluate(CROP_IDS.soybean, [{ day: 50, products: [[999, 1]] }]);
    expect(codes(evaluation.sprays[0]!.warnings)).toEqual(
      expect.arrayContaining(['unknown_product', 'empty_spray']),
    );
    expect(evaluation.programScore).toBe(0);
  });
});

describe('parameters', () => {
  it('tag every value with a source or "assumption" and a section', () => {
    for (const [key, parameter] of Object.entries(DEFAULT_ENGINE_PARAMETERS)) {
      expect(parameter.source, key).toMatch(/^(S\d+|assumption)$/);
      expect(parameter.section, key).toBeTruthy();
    }
    expect(DEFAULT_ENGINE_PARAMETERS['residual.qoi'].source).toBe('S7');
  });

  it('label an override as a configured assumption and use it', () => {
    const parameters = engineParameters({ 'severity.medium.target': 0.9 });
    expect(parameters['severity.medium.target']).toMatchObject({
      value: 0.9,
      source: 'assumption',
      overridden: true,
    });
    const evaluation = evaluateProgram(
      {
        cropId: CROP_IDS.soybean,
        countryId: COUNTRY_IDS.brazil,
        emergence: EMERGENCE,
        cycleDays: 120,
        severity: 'medium',
        diseases: [{ code: 'FER', role: 'main' }],
        sprays: [],
        products: [],
      },
      { parameters },
    );
    expect(evaluation.diseases[0]!.target).toBe(0.9);
  });
});
