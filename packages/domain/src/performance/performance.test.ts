import { describe, expect, it } from 'vitest';
import {
  performanceFigures,
  seasonPerformance,
  sowingCycle,
  sowingProductivity,
  type PerformanceSowing,
} from './performance.ts';

const plotA = { id: 1, name: 'Talhão 01' };
const plotB = { id: 2, name: 'Talhão 02' };
const intacta = { id: 10, name: 'BRS 1003IPRO' };
const conventional = { id: 11, name: 'BRS 284' };

function sowing(values: Partial<PerformanceSowing> & { id: number }): PerformanceSowing {
  return {
    plot: plotA,
    variety: intacta,
    area: 10,
    sowingDate: '2025-10-10',
    harvests: [],
    sprays: [],
    ...values,
  };
}

const harvest = (date: string, productivity: number) => ({ date, productivity, lost: false });
const applied = (costPerHa: number) => ({ appliedAt: '2025-12-01', costPerHa });

describe('a sowing’s productivity and cycle', () => {
  it('is the mean of its harvests, a crop loss counting zero; none while unharvested', () => {
    expect(sowingProductivity({ harvests: [] })).toBeNull();
    expect(sowingProductivity({ harvests: [harvest('2026-02-10', 60)] })).toBe(60);
    expect(
      sowingProductivity({
        harvests: [
          harvest('2026-02-10', 60),
          { date: '2026-02-12', productivity: null, lost: true },
        ],
      }),
    ).toBe(30);
  });

  it('counts days from sowing to the last harvest that is not a loss', () => {
    expect(
      sowingCycle({
        sowingDate: '2025-10-10',
        harvests: [harvest('2026-02-07', 60), harvest('2026-02-10', 58)],
      }),
    ).toBe(123);
    expect(sowingCycle({ sowingDate: null, harvests: [harvest('2026-02-07', 60)] })).toBeNull();
    expect(
      sowingCycle({
        sowingDate: '2025-10-10',
        harvests: [{ date: '2026-01-05', productivity: null, lost: true }],
      }),
    ).toBeNull();
  });
});

describe('the figures of a season', () => {
  it('weights the average productivity and the cost per ha by area', () => {
    const figures = performanceFigures([
      sowing({ id: 1, area: 100, harvests: [harvest('2026-02-10', 60)], sprays: [applied(100)] }),
      sowing({ id: 2, area: 10, harvests: [harvest('2026-02-15', 40)], sprays: [applied(210)] }),
    ]);
    // (60 × 100 + 40 × 10) / 110 = 58.18…, not the plain mean 50.
    expect(figures.averageProductivity).toBe(58.18);
    expect(figures.production).toBe(6400);
    expect(figures.harvestedArea).toBe(110);
    // (100 × 100 + 210 × 10) / 110 = 110
    expect(figures.productCostPerHa).toBe(110);
  });

  it('counts only applied sprays, per sowing, and every sowing of the season', () => {
    const figures = performanceFigures([
      sowing({
        id: 1,
        harvests: [harvest('2026-02-10', 60)],
        sprays: [applied(80), applied(120), { appliedAt: null, costPerHa: 500 }],
      }),
      sowing({ id: 2, sprays: [applied(100)] }),
    ]);
    expect(figures.sowings).toBe(2);
    expect(figures.harvestedSowings).toBe(1);
    expect(figures.sprays).toBe(3);
    expect(figures.spraysPerSowing).toBe(1.5);
    // (200 × 10 + 100 × 10) / 20: the planned 500 is no expense.
    expect(figures.productCostPerHa).toBe(150);
    // The unharvested sowing is not an average of zero.
    expect(figures.averageProductivity).toBe(60);
    expect(figures.production).toBe(600);
  });

  it('answers nulls and zeros for a season without harvests or sowings', () => {
    expect(performanceFigures([sowing({ id: 1 })])).toMatchObject({
      sowings: 1,
      harvestedSowings: 0,
      averageProductivity: null,
      production: 0,
      averageCycle: null,
      productCostPerHa: 0,
    });
    expect(performanceFigures([])).toMatchObject({
      sowings: 0,
      averageProductivity: null,
      spraysPerSowing: null,
      productCostPerHa: null,
    });
  });

  it('averages the cycle over the sowings with both dates', () => {
    const figures = performanceFigures([
      sowing({ id: 1, sowingDate: '2025-10-01', harvests: [harvest('2026-02-01', 60)] }), // 123
      sowing({ id: 2, sowingDate: '2025-10-01', harvests: [harvest('2026-02-08', 60)] }), // 130
      sowing({ id: 3, sowingDate: null, harvests: [harvest('2026-02-08', 60)] }),
    ]);
    expect(figures.averageCycle).toBe(126.5);
  });
});

describe('the season by plot and by variety', () => {
  const season = seasonPerformance([
    sowing({
      id: 1,
      plot: plotA,
      variety: intacta,
      area: 50,
      harvests: [harvest('2026-02-10', 66)],
    }),
    sowing({
      id: 2,
      plot: plotB,
      variety: intacta,
      area: 30,
      harvests: [harvest('2026-02-12', 58)],
    }),
    sowing({
      id: 3,
      plot: plotB,
      variety: conventional,
      area: 10,
      harvests: [harvest('2026-02-20', 50)],
      sprays: [applied(90), applied(90)],
    }),
    sowing({ id: 4, plot: plotA, variety: null, area: 5 }),
  ]);

  it('ranks plots and varieties by their area-weighted average', () => {
    // Plot B: (58 × 30 + 50 × 10) / 40 = 56
    expect(season.summary.highestPlot).toEqual({ ...plotA, productivity: 66 });
    expect(season.summary.lowestPlot).toEqual({ ...plotB, productivity: 56 });
    // Intacta: (66 × 50 + 58 × 30) / 80 = 63
    expect(season.summary.highestVariety).toEqual({ ...intacta, productivity: 63 });
    expect(season.summary.lowestVariety).toEqual({ ...conventional, productivity: 50 });
  });

  it('counts sowings, varieties and sprays', () => {
    expect(season.summary.sowings).toBe(4);
    expect(season.summary.varieties).toBe(2);
    expect(season.summary.sprays).toBe(2);
    expect(season.summary.spraysPerSowing).toBe(0.5);
  });

  it('gives the charts one row per plot and per variety, the sowings without a variety last', () => {
    expect(season.byPlot.map((row) => [row.name, row.sowings, row.averageProductivity])).toEqual([
      ['Talhão 01', 2, 66],
      ['Talhão 02', 2, 56],
    ]);
    expect(season.byVariety.map((row) => [row.id, row.sprays, row.productCostPerHa])).toEqual([
      [11, 2, 180],
      [10, 0, 0],
      [null, 0, 0],
    ]);
  });
});
