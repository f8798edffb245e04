import { describe, expect, it } from 'vitest';
import { formulationCode, tankMixOrder } from './tank-mix.ts';

describe('the tank-mix order by formulation', () => {
  it('puts granules before suspensions before emulsions before solutions, unknown last, ties in order', () => {
    const products = [
      { name: 'Orbis', formulation: 'EC - Concentrado Emulsionável' },
      { name: 'Sem formulação', formulation: null },
      { name: 'Fox Xpro', formulation: 'SC - Suspensão Concentrada' },
      { name: 'Unizeb Gold', formulation: 'WG - Granulado Dispersível' },
      { name: 'Outro SC', formulation: 'SC - Suspensão Concentrada' },
      { name: 'Solução', formulation: 'SL - Concentrado Solúvel' },
    ];
    expect(tankMixOrder(products).map((p) => [p.name, p.code])).toEqual([
      ['Unizeb Gold', 'WG'],
      ['Fox Xpro', 'SC'],
      ['Outro SC', 'SC'],
      ['Orbis', 'EC'],
      ['Solução', 'SL'],
      ['Sem formulação', null],
    ]);
    expect(formulationCode('suspensão')).toBeNull();
  });
});
