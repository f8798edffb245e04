import { describe, expect, it } from 'vitest';
import { activeKey, activeName, activeSetKey, isKnownActive } from './active-ingredients.ts';

describe('the dictionary of active-ingredient names', () => {
  it('reads the Portuguese, Spanish and ISO spellings as one active', () => {
    expect(activeKey('fluopiram')).toBe('fluopyram');
    expect(activeKey('Fluopyram')).toBe('fluopyram');
    expect(activeKey('dimoxistrobina')).toBe(activeKey('dimoxistrobin'));
    expect(activeKey('Tiofanato-metílico')).toBe('thiophanate-methyl');
    expect(activeKey('azufre')).toBe(activeKey('enxofre'));
  });

  it('keys a mixture whatever the order its label lists the actives in', () => {
    expect(activeSetKey(['boscalida', 'dimoxistrobina'])).toBe(
      activeSetKey(['dimoxystrobin', 'Boscalid']),
    );
  });

  it('keeps a name it does not know as written, without accents or case', () => {
    expect(isKnownActive('Ácido Tânico')).toBe(false);
    expect(activeKey('Ácido Tânico')).toBe('acido tanico');
  });

  it('names an active in each language', () => {
    expect(activeName('protioconazol', 'en')).toBe('prothioconazole');
    expect(activeName('prothioconazole', 'pt')).toBe('protioconazol');
    expect(activeName('oxicloreto de cobre', 'es')).toBe('oxicloruro de cobre');
  });
});
