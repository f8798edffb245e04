import { describe, expect, it } from 'vitest';
import { SOURCE_CITATIONS, citeSource } from './sources.ts';

describe('source citations', () => {
  it('cites a source by its authors and year, and no citation for an assumption', () => {
    expect(citeSource('S15')).toBe('Dalla Lana et al., 2018');
    expect(citeSource('S1')).toBe('Godoy et al., Embrapa Soja, 2021');
    expect(citeSource('S8')).toBe('Michigan State University Extension');
    expect(citeSource('assumption')).toBeNull();
    expect(citeSource('S20')).toBeNull();
  });

  it('cites every source the engine names', () => {
    expect(Object.keys(SOURCE_CITATIONS)).toEqual(
      Array.from({ length: 19 }, (_, index) => `S${index + 1}`),
    );
  });
});
