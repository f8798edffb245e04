import { describe, expect, it } from 'vitest';
import { day, slug } from './pdf.ts';

/** The helpers the prescription and the report PDFs share (issue 29 item 5). */
describe('the PDFs’ shared helpers', () => {
  it('writes a day in full digits in the language’s order, from a stored day or a moment', () => {
    expect(day('2026-01-05', 'pt')).toBe('05/01/2026');
    expect(day('2026-01-05', 'es')).toBe('05/01/2026');
    expect(day('2026-01-05', 'en')).toBe('01/05/2026');
    // A value with a time is its day as stored (the prescription's own copy threw on it).
    expect(day('2026-01-05T23:30:00.000Z', 'pt')).toBe('05/01/2026');
  });

  it('makes an ASCII file name part of any name', () => {
    expect(slug('Fazenda São João — Talhão 3')).toBe('fazenda-sao-joao-talhao-3');
    expect(slug('Поле 3')).toBe('3');
  });
});
