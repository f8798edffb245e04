import { describe, expect, it } from 'vitest';
import { checkPlotGeometry, type PlotPolygon, type Position } from './plot-geometry.ts';
import {
  MIN_OVERLAP_HA,
  farmTotalAreaHa,
  overlapAreaHa,
  plotOverlaps,
  sharedGroundHa,
} from './plot-overlap.ts';

/** A rectangle near Cascavel (PR) as a checked, closed outline. */
function rectangle(west: number, south: number, east: number, north: number): PlotPolygon {
  const ring: Position[] = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ];
  const checked = checkPlotGeometry({ type: 'Polygon', coordinates: [ring] });
  if (!checked.ok) throw new Error('bad rectangle');
  return checked.polygon;
}

function areaOf(polygon: PlotPolygon): number {
  const checked = checkPlotGeometry(polygon);
  if (!checked.ok) throw new Error('bad outline');
  return checked.area_ha;
}

// About 1 km × 1.1 km (≈ 110 ha) at 25° S; 0.01° of longitude ≈ 1 009 m, of latitude ≈ 1 107 m.
const A = rectangle(-53.41, -24.92, -53.4, -24.91);
// Its eastern half moved half a width east: shares the strip -53.405 … -53.4 with A.
const B = rectangle(-53.405, -24.92, -53.395, -24.91);
// East of A, edge to edge.
const C = rectangle(-53.4, -24.92, -53.39, -24.91);
// Far away.
const D = rectangle(-53.3, -24.8, -53.29, -24.79);

describe('overlap of plot outlines', () => {
  it('measures the shared ground geodesically: half of A for B', () => {
    expect(overlapAreaHa(A, B)).toBeCloseTo(areaOf(A) / 2, 1);
    expect(overlapAreaHa(B, A)).toBeCloseTo(overlapAreaHa(A, B), 6);
  });

  it('is nothing for neighbours drawn edge to edge, and for plots apart', () => {
    expect(overlapAreaHa(A, C)).toBeLessThan(MIN_OVERLAP_HA);
    expect(overlapAreaHa(A, D)).toBe(0);
    expect(plotOverlaps(C, [{ id: 1, nome: 'A', geometry: A }])).toEqual([]);
  });

  it('names every plot an outline overlaps, largest first, with its area', () => {
    // Overlaps A by a quarter of its width and C by three quarters of C's.
    const drawn = rectangle(-53.4025, -24.92, -53.3925, -24.91);
    const found = plotOverlaps(drawn, [
      { id: 1, nome: 'Talhão A', geometry: A },
      { id: 3, nome: 'Talhão C', geometry: C },
      { id: 4, nome: 'Talhão D', geometry: D },
    ]);
    expect(found.map((plot) => plot.nome)).toEqual(['Talhão C', 'Talhão A']);
    expect(found[0]!.area_ha).toBeCloseTo((areaOf(C) * 3) / 4, 1);
    expect(found[1]!.area_ha).toBeCloseTo(areaOf(A) / 4, 1);
  });

  it('ignores a sliver under the least area shown (0.01 ha)', () => {
    // A 0.5 m strip (0.000005°) along A's 1.1 km eastern edge: about 0.055 ha → shown.
    const strip = rectangle(-53.400005, -24.92, -53.39, -24.91);
    expect(plotOverlaps(strip, [{ id: 1, nome: 'A', geometry: A }])).toHaveLength(1);
    // 0.05 m: about 0.0055 ha → drawing imprecision.
    const sliver = rectangle(-53.4000005, -24.92, -53.39, -24.91);
    expect(plotOverlaps(sliver, [{ id: 1, nome: 'A', geometry: A }])).toEqual([]);
  });

  it('counts a hole of the other plot as not shared', () => {
    const withHole = checkPlotGeometry({
      type: 'Polygon',
      coordinates: [
        A.coordinates[0],
        [
          [-53.408, -24.918],
          [-53.402, -24.918],
          [-53.402, -24.912],
          [-53.408, -24.912],
        ],
      ],
    });
    if (!withHole.ok) throw new Error('bad outline');
    const inHole = rectangle(-53.407, -24.917, -53.403, -24.913);
    expect(overlapAreaHa(withHole.polygon, inHole)).toBe(0);
    expect(overlapAreaHa(A, inHole)).toBeCloseTo(areaOf(inHole), 2);
  });
});

describe('a farm’s total area', () => {
  it('counts ground shared by confirmed overlaps once (the union)', () => {
    const plots = [A, B, D].map((geometry) => ({ area: areaOf(geometry), geometry }));
    const sum = plots.reduce((total, plot) => total + plot.area, 0);
    expect(sharedGroundHa([A, B, D])).toBeCloseTo(overlapAreaHa(A, B), 4);
    expect(farmTotalAreaHa(plots)).toBeCloseTo(sum - overlapAreaHa(A, B), 4);
    // A ∪ B is one and a half A.
    expect(farmTotalAreaHa(plots.slice(0, 2))).toBeCloseTo(areaOf(A) * 1.5, 1);
  });

  it('is the plain sum for plots that do not overlap, with stated areas kept', () => {
    expect(
      farmTotalAreaHa([
        { area: 100, geometry: A },
        { area: 42.5, geometry: C },
        { area: 7, geometry: D },
      ]),
    ).toBe(149.5);
  });

  it('counts ground under three plots once', () => {
    const plots = [A, A, A].map((geometry) => ({ area: areaOf(geometry), geometry }));
    expect(farmTotalAreaHa(plots)).toBeCloseTo(areaOf(A), 3);
  });
});
