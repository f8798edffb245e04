import { describe, expect, it } from 'vitest';
import { CROPS } from './crops.ts';
import { DISEASES } from './diseases.ts';
import { GROWTH_STAGES, growthStagesOf } from './growth-stages.ts';
import {
  JOB_TITLES,
  PAUSED_CLIMATE_REASONS,
  SEED_CLASSES,
  SEEDER_SYSTEMS,
  SEVERITY_LEVELS,
} from './enumerations.ts';
import { FREEMIUM_PLAN_ID, PLANS, isFreemium } from './plans.ts';

describe('reference lists', () => {
  it('has soybean and wheat only as crops', () => {
    expect(CROPS.map((c) => [c.id, c.code])).toEqual([
      [1, 'soybean'],
      [2, 'wheat'],
    ]);
  });

  it('has ten soybean and five wheat diseases with unique ids and codes', () => {
    expect(DISEASES.filter((d) => d.crop_id === 1)).toHaveLength(10);
    expect(DISEASES.filter((d) => d.crop_id === 2)).toHaveLength(5);
    expect(new Set(DISEASES.map((d) => d.id)).size).toBe(15);
    expect(new Set(DISEASES.map((d) => d.code)).size).toBe(15);
  });

  it('orders soybean stages VE … R9 and wheat stages 0 … 11.4', () => {
    const soybean = growthStagesOf(1).map((s) => s.code);
    expect(soybean[0]).toBe('VE');
    expect(soybean).toContain('V7-V9');
    expect(soybean.slice(soybean.indexOf('R5'), soybean.indexOf('R6'))).toEqual([
      'R5',
      'R5.1',
      'R5.2',
      'R5.3',
      'R5.4',
      'R5.5',
    ]);
    expect(soybean.at(-1)).toBe('R9');
    const wheat = growthStagesOf(2).map((s) => s.code);
    expect(wheat[0]).toBe('0');
    expect(wheat.slice(-2)).toEqual(['11.4', 'end']);
    expect(new Set(GROWTH_STAGES.map((s) => s.id)).size).toBe(GROWTH_STAGES.length);
  });

  it('has the spec’s enumerations', () => {
    expect(SEED_CLASSES).toHaveLength(3);
    expect(SEEDER_SYSTEMS).toHaveLength(7);
    expect(SEVERITY_LEVELS.map((s) => s.code)).toEqual([
      'high',
      'medium_high',
      'medium',
      'medium_low',
      'low',
    ]);
    expect(PAUSED_CLIMATE_REASONS.filter((r) => r.requires_description).map((r) => r.code)).toEqual(
      ['other'],
    );
    expect(JOB_TITLES.filter((j) => j.internal)).toHaveLength(4);
  });

  it('recognises Freemium by level 0 or by id 5', () => {
    expect(PLANS.find((p) => p.id === FREEMIUM_PLAN_ID)?.priority_level).toBe(0);
    expect(isFreemium({ id: 5, priority_level: 9 })).toBe(true);
    expect(isFreemium({ id: 1, priority_level: 0 })).toBe(true);
    expect(isFreemium({ id: 1, priority_level: 1 })).toBe(false);
  });
});
