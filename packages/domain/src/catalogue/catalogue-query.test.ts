import { describe, expect, it } from 'vitest';
import { catalogueQuerySchema, searchableText } from './catalogue-query.ts';

describe('the catalogue query', () => {
  it('compares text without accents or case', () => {
    expect(searchableText('PIRACLOSTROBINA')).toBe(searchableText('piraclostrobina'));
    expect(searchableText('Tiofanato-metílico  Ourofino')).toBe('tiofanato-metilico ourofino');
  });

  it('takes at most 50 a page, pages from 1, and GMR sorts for varieties only', () => {
    expect(catalogueQuerySchema.safeParse({ limit: '50', offset: '1' }).success).toBe(true);
    expect(catalogueQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(catalogueQuerySchema.safeParse({ offset: '0' }).success).toBe(false);
    expect(catalogueQuerySchema.safeParse({ category: 'variety', sort: 'gmr_desc' }).success).toBe(
      true,
    );
    expect(
      catalogueQuerySchema.safeParse({ category: 'fungicide', sort: 'gmr_desc' }).success,
    ).toBe(false);
    expect(catalogueQuerySchema.safeParse({ sort: 'price_asc' }).success).toBe(false);
    expect(catalogueQuerySchema.safeParse({ colour: 'green' }).success).toBe(false);
    expect(catalogueQuerySchema.safeParse({ gmr_min: '7.5', gmr_max: '6.5' }).success).toBe(false);
  });
});
