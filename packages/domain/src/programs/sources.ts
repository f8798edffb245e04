import type { SourceId } from './parameters.ts';

/**
 * Who says it, and when: each source of the engine's numbers (AGRONOMY.md §1, docs/data-sources.md)
 * as a short citation, its authors (or the body that publishes it) and its year. Names are not
 * translated; a source whose authors were not captured is cited by its journal.
 */
export const SOURCE_CITATIONS: Record<SourceId, { authors: string; year: number | null }> = {
  S1: { authors: 'Godoy et al., Embrapa Soja', year: 2021 },
  S2: { authors: 'Scherm, Christiano, Esker, Del Ponte & Godoy', year: 2009 },
  S3: { authors: 'Reis, Carregal & Zanatta', year: 2019 },
  S4: { authors: 'Summa Phytopathologica', year: 2020 },
  S5: { authors: 'Summa Phytopathologica', year: 2015 },
  S6: { authors: 'FRAC', year: 2021 },
  S7: { authors: 'Allen, Mississippi State University Extension', year: 2015 },
  S8: { authors: 'Michigan State University Extension', year: null },
  S9: { authors: 'Paul et al.', year: 2008 },
  S10: { authors: 'Machado, Santana, Lau & Del Ponte', year: 2017 },
  S11: { authors: 'Barro et al.', year: 2020 },
  S12: { authors: 'Pioneer; University of Minnesota Extension', year: null },
  S13: { authors: 'Feekes', year: null },
  S14: { authors: 'Madalosso, Cultivar', year: 2019 },
  S15: { authors: 'Dalla Lana et al.', year: 2018 },
  S16: { authors: 'Barro, Meyer, Godoy et al.', year: 2019 },
  S17: { authors: 'Paul et al.', year: 2010 },
  S18: { authors: 'NCERA-184', year: 2023 },
  S19: { authors: 'Tomáz, Godoy & Del Ponte', year: 2025 },
};

function isSourceId(value: string): value is SourceId {
  return Object.hasOwn(SOURCE_CITATIONS, value);
}

/** "Dalla Lana et al., 2018" for S15; null for an id that is not a source (an assumption). */
export function citeSource(id: string): string | null {
  if (!isSourceId(id)) return null;
  const { authors, year } = SOURCE_CITATIONS[id];
  return year === null ? authors : `${authors}, ${year}`;
}
