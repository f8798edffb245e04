import { describe, expect, it } from 'vitest';
import {
  dateInputOrder,
  formatDateInput,
  formatFarmInstant,
  maskDateInput,
  parseDateInput,
} from './date-format.ts';

describe('dates as each language types them', () => {
  it('writes day/month/year in pt and es and month/day/year in en', () => {
    expect(formatDateInput('2026-10-20', 'pt')).toBe('20/10/2026');
    expect(formatDateInput('2026-10-20', 'es')).toBe('20/10/2026');
    expect(formatDateInput('2026-10-20', 'en')).toBe('10/20/2026');
    expect(formatDateInput('2026-11-20T06:05', 'pt')).toBe('20/11/2026 06:05');
    expect(formatDateInput('', 'pt')).toBe('');
    expect(dateInputOrder('es')).toEqual(['day', 'month', 'year']);
  });

  it('reads what was typed in the language’s order', () => {
    expect(parseDateInput('20/10/2026', 'pt')).toBe('2026-10-20');
    expect(parseDateInput('20/10/2026', 'es')).toBe('2026-10-20');
    expect(parseDateInput('10/20/2026', 'en')).toBe('2026-10-20');
    // The same digits are another day in English: 2 March, not 3 February.
    expect(parseDateInput('03/02/2026', 'pt')).toBe('2026-02-03');
    expect(parseDateInput('03/02/2026', 'en')).toBe('2026-03-02');
    expect(parseDateInput('5.3.2026', 'es')).toBe('2026-03-05');
    expect(parseDateInput('20/11/2026 6:30', 'pt', true)).toBe('2026-11-20T06:30');
    expect(parseDateInput('11/20/2026 18:30', 'en', true)).toBe('2026-11-20T18:30');
  });

  it('reads a stored value pasted as it is', () => {
    expect(parseDateInput('2026-10-20', 'en')).toBe('2026-10-20');
    expect(parseDateInput('2026-11-20T06:00', 'pt', true)).toBe('2026-11-20T06:00');
  });

  it('refuses what is not a whole, real day or time', () => {
    expect(parseDateInput('20/10', 'pt')).toBeNull();
    expect(parseDateInput('20/10/26', 'pt')).toBeNull();
    expect(parseDateInput('31/02/2026', 'pt')).toBeNull();
    expect(parseDateInput('20/10/2026', 'en')).toBeNull();
    expect(parseDateInput('20/11/2026 24:10', 'pt', true)).toBeNull();
    expect(parseDateInput('20/11/2026', 'pt', true)).toBeNull();
    expect(parseDateInput('hoje', 'pt')).toBeNull();
  });

  it('puts the separators in while digits are typed', () => {
    expect(maskDateInput('2', 'pt')).toBe('2');
    expect(maskDateInput('201', 'pt')).toBe('20/1');
    expect(maskDateInput('20102026', 'pt')).toBe('20/10/2026');
    expect(maskDateInput('201020269', 'pt')).toBe('20/10/2026');
    expect(maskDateInput('201120260630', 'pt', true)).toBe('20/11/2026 06:30');
    expect(maskDateInput('2011202606', 'pt', true)).toBe('20/11/2026 06');
    expect(maskDateInput('20/10/2', 'pt')).toBe('20/10/2');
    expect(maskDateInput('20/102026', 'pt')).toBe('20/10/2026');
    expect(maskDateInput('20/10/2026 0630', 'pt', true)).toBe('20/10/2026 06:30');
    expect(maskDateInput('5/3/2026', 'es')).toBe('5/3/2026');
    expect(maskDateInput('2026-10-20', 'en')).toBe('2026-10-20');
    expect(maskDateInput('', 'en')).toBe('');
  });

  it('writes an instant on the farm’s clock, wherever the reader is', () => {
    // 09:30 UTC is 06:30 in São Paulo and 04:30 in New York (EST in November).
    expect(formatFarmInstant('2026-11-20T09:30:00Z', 'pt', 'America/Sao_Paulo')).toMatch(/06:30/);
    expect(formatFarmInstant('2026-11-20T09:30:00Z', 'en', 'America/New_York')).toMatch(/4:30/);
    expect(formatFarmInstant('2026-11-20T01:30:00Z', 'pt', 'America/Sao_Paulo')).toMatch(/19/);
    expect(formatFarmInstant('2026-11-20T09:30:00Z', 'pt', 'America/Sao_Paulo', 'short')).toBe(
      '20/11/2026, 06:30',
    );
  });
});
