import { describe, expect, it } from 'vitest';
import {
  checkPlotGeometry,
  pipeListsOf,
  polygonFromPipeLists,
  type CheckedGeometry,
  type PlotPolygon,
  type Position,
} from './plot-geometry.ts';
import { deviationPercent, independentArea, sphericalAreaHa } from './fixtures/independent-area.ts';

const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });

function accepted(geometry: unknown): CheckedGeometry {
  const checked = checkPlotGeometry(geometry);
  if (!checked.ok) throw new Error(`refused: ${JSON.stringify(checked)}`);
  return checked;
}

/** Strictly inside a ring (even-odd ray casting), written here rather than taken from the module. */
function inRing([x, y]: number[], ring: number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!)
      inside = !inside;
  }
  return inside;
}

// Field outlines as growers draw them (open rings, [longitude, latitude]), 30 to 240 ha.
const FIELDS: [string, number[][]][] = [
  [
    'Paraná (Cascavel), Talhão 2 - Sanga',
    [
      [-53.401297, -24.912468],
      [-53.392577, -24.912684],
      [-53.391259, -24.910069],
      [-53.39197, -24.90692],
      [-53.394321, -24.905287],
      [-53.397995, -24.904919],
      [-53.400862, -24.906656],
    ],
  ],
  [
    'Mato Grosso (Sorriso), Talhão 12',
    [
      [-55.79835, -12.49872],
      [-55.781716, -12.498615],
      [-55.781534, -12.484906],
      [-55.795968, -12.484725],
      [-55.798343, -12.487062],
    ],
  ],
  [
    'Rio Grande do Sul (Cruz Alta), Lavoura da Coxilha',
    [
      [-53.67221, -28.611926],
      [-53.66563, -28.612707],
      [-53.660756, -28.611554],
      [-53.660126, -28.607221],
      [-53.664406, -28.605553],
      [-53.670102, -28.606395],
      [-53.672792, -28.608923],
    ],
  ],
  [
    'Iowa (Ames), North 80',
    [
      [-93.684116, 42.084287],
      [-93.674326, 42.084339],
      [-93.674379, 42.087924],
      [-93.684059, 42.087955],
    ],
  ],
  [
    'Itapúa (Pirapó), Lote Norte',
    [
      [-55.53261, -26.853212],
      [-55.519291, -26.852574],
      [-55.519637, -26.845428],
      [-55.526137, -26.844795],
      [-55.533157, -26.845979],
    ],
  ],
];

const SANGA = FIELDS[0]![1];
const closed = (ring: number[][]) => [...ring, ring[0]!];

describe('checkPlotGeometry refuses', () => {
  it.each([
    ['nothing', null],
    ['a string', 'POLYGON((0 0, 1 0, 1 1, 0 0))'],
    ['a point', { type: 'Point', coordinates: [-53.4, -24.9] }],
    ['a multipolygon', { type: 'MultiPolygon', coordinates: [[SANGA]] }],
    ['a polygon without rings', { type: 'Polygon', coordinates: [] }],
    ['a polygon without coordinates', { type: 'Polygon' }],
  ])('%s: not_a_polygon', (_label, geometry) => {
    expect(checkPlotGeometry(geometry)).toEqual({ ok: false, problem: 'not_a_polygon' });
  });

  it('a ring or a point that is not a list: not_a_polygon, with where', () => {
    expect(checkPlotGeometry({ type: 'Polygon', coordinates: ['x'] })).toEqual({
      ok: false,
      problem: 'not_a_polygon',
      ring: 0,
    });
    expect(checkPlotGeometry(polygon(SANGA, [[-53.4, -24.9], [-53.39]]))).toEqual({
      ok: false,
      problem: 'not_a_polygon',
      ring: 1,
      point: 1,
    });
  });

  it.each([
    ['a text', ['-53.39', -24.91]],
    ['NaN', [Number.NaN, -24.91]],
    ['infinity', [-53.39, Number.POSITIVE_INFINITY]],
    ['null', [null, -24.91]],
  ])('%s for a coordinate: not_a_number, with the ring and the point', (_label, position) => {
    const ring = [...SANGA];
    ring[2] = position as number[];
    expect(checkPlotGeometry(polygon(ring))).toEqual({
      ok: false,
      problem: 'not_a_number',
      ring: 0,
      point: 2,
    });
  });

  it('a latitude beyond ±90 and a longitude beyond ±180', () => {
    expect(checkPlotGeometry(polygon([...SANGA.slice(0, 3), [-53.4, -90.5]]))).toEqual({
      ok: false,
      problem: 'latitude_out_of_range',
      ring: 0,
      point: 3,
    });
    // A digit typed twice.
    expect(
      checkPlotGeometry(
        polygon([
          [-53.4, -24.91],
          [-533.9, -24.9],
          [-53.38, -24.9],
        ]),
      ),
    ).toEqual({ ok: false, problem: 'longitude_out_of_range', ring: 0, point: 1 });
  });

  it.each([
    ['no point', []],
    ['one point', [[-53.4, -24.9]]],
    [
      'two points',
      [
        [-53.4, -24.9],
        [-53.39, -24.9],
      ],
    ],
    [
      'two points, closed',
      [
        [-53.4, -24.9],
        [-53.39, -24.9],
        [-53.4, -24.9],
      ],
    ],
    [
      'three points of which two are the same',
      [
        [-53.4, -24.9],
        [-53.39, -24.9],
        [-53.39, -24.9],
        [-53.4, -24.9, 0],
      ],
    ],
    [
      'one point four times',
      [
        [-53.4, -24.9],
        [-53.4, -24.9],
        [-53.4, -24.9],
        [-53.4, -24.9],
      ],
    ],
  ])('%s: too_few_points', (_label, ring) => {
    expect(checkPlotGeometry(polygon(ring))).toEqual({
      ok: false,
      problem: 'too_few_points',
      ring: 0,
    });
  });

  it('a hole of two points: too_few_points for that ring', () => {
    expect(
      checkPlotGeometry(
        polygon(SANGA, [
          [-53.396, -24.909],
          [-53.395, -24.908],
        ]),
      ),
    ).toEqual({ ok: false, problem: 'too_few_points', ring: 1 });
  });

  it('a bow tie, a ring through one of its points twice, points on one line: self_crossing', () => {
    const bowTie = [
      [-53.401, -24.912],
      [-53.392, -24.906],
      [-53.392, -24.912],
      [-53.401, -24.906],
    ];
    const figureEight = [
      [-53.401, -24.912],
      [-53.396, -24.909],
      [-53.392, -24.912],
      [-53.392, -24.906],
      [-53.396, -24.909],
      [-53.401, -24.906],
    ];
    const line = [
      [-53.401, -24.912],
      [-53.396, -24.909],
      [-53.391, -24.906],
    ];
    for (const ring of [bowTie, figureEight, line])
      expect(checkPlotGeometry(polygon(ring))).toEqual({
        ok: false,
        problem: 'self_crossing',
        ring: 0,
      });
  });

  it('a hole crossing the outer ring or another hole: self_crossing for the hole', () => {
    const acrossTheEdge = [
      [-53.3925, -24.9105],
      [-53.389, -24.9105],
      [-53.389, -24.9085],
      [-53.3925, -24.9085],
    ];
    expect(checkPlotGeometry(polygon(SANGA, acrossTheEdge))).toEqual({
      ok: false,
      problem: 'self_crossing',
      ring: 1,
    });
    const first = [
      [-53.399, -24.91],
      [-53.396, -24.91],
      [-53.396, -24.908],
      [-53.399, -24.908],
    ];
    const overlapping = first.map(([lng, lat]) => [lng! + 0.002, lat! + 0.001]);
    expect(checkPlotGeometry(polygon(SANGA, first, overlapping))).toEqual({
      ok: false,
      problem: 'self_crossing',
      ring: 2,
    });
  });

  it('a hole outside the outer ring or inside another hole: not_a_polygon for the hole', () => {
    const outside = [
      [-53.38, -24.91],
      [-53.379, -24.91],
      [-53.379, -24.909],
    ];
    expect(checkPlotGeometry(polygon(SANGA, outside))).toEqual({
      ok: false,
      problem: 'not_a_polygon',
      ring: 1,
    });
    const hole = [
      [-53.399, -24.91],
      [-53.394, -24.91],
      [-53.394, -24.907],
      [-53.399, -24.907],
    ];
    const inTheHole = [
      [-53.397, -24.909],
      [-53.396, -24.909],
      [-53.396, -24.908],
    ];
    expect(checkPlotGeometry(polygon(SANGA, hole, inTheHole))).toEqual({
      ok: false,
      problem: 'not_a_polygon',
      ring: 2,
    });
  });
});

describe('checkPlotGeometry accepts', () => {
  it('an open ring and the same ring closed alike, and returns it closed', () => {
    const open = accepted(polygon(SANGA));
    expect(accepted(polygon(closed(SANGA)))).toEqual(open);
    expect(open.polygon).toEqual({ type: 'Polygon', coordinates: [closed(SANGA)] });
  });

  it('drops altitudes', () => {
    const withAltitude = SANGA.map(([lng, lat], index) => [lng!, lat!, 712.4 + index]);
    const checked = accepted(polygon(withAltitude));
    expect(checked.polygon.coordinates[0]!.every((position) => position.length === 2)).toBe(true);
    expect(checked).toEqual(accepted(polygon(SANGA)));
  });

  it('drops repeated consecutive points (a GPS standing still, a double click)', () => {
    const repeated = [
      SANGA[0]!,
      SANGA[0]!,
      SANGA[1]!,
      SANGA[2]!,
      SANGA[2]!,
      SANGA[2]!,
      ...SANGA.slice(3),
      SANGA[0]!,
      SANGA[0]!,
    ];
    expect(accepted(polygon(repeated))).toEqual(accepted(polygon(SANGA)));
  });

  it('gives the same area whichever way the ring turns', () => {
    const clockwise = accepted(polygon([...SANGA].reverse()));
    expect(clockwise.area_ha).toBeCloseTo(accepted(polygon(SANGA)).area_ha, 9);
  });

  it('subtracts holes (a pond, a stand of trees)', () => {
    const pond = [
      [-53.3975, -24.9095],
      [-53.3955, -24.9095],
      [-53.395, -24.908],
      [-53.397, -24.9075],
    ];
    const wood = [
      [-53.3935, -24.9105],
      [-53.3925, -24.9105],
      [-53.3925, -24.9095],
      [-53.3935, -24.9095],
    ];
    const whole = accepted(polygon(SANGA)).area_ha;
    const pondArea = accepted(polygon(pond)).area_ha;
    const woodArea = accepted(polygon(wood)).area_ha;
    const checked = accepted(polygon(SANGA, pond, wood));
    expect(checked.area_ha).toBeCloseTo(whole - pondArea - woodArea, 6);
    expect(pondArea + woodArea).toBeGreaterThan(3);
    const independent = independentArea(checked.polygon.coordinates);
    expect(deviationPercent(checked.area_ha, independent.corrected_ha)).toBeLessThan(0.01);
    // The point inside avoids the holes.
    expect(inRing([checked.inside.longitude, checked.inside.latitude], SANGA)).toBe(true);
    for (const hole of [pond, wood])
      expect(inRing([checked.inside.longitude, checked.inside.latitude], hole)).toBe(false);
  });

  it("finds a point really inside a U-shaped plot, whose centre is in the U's gap", () => {
    // A field around a farmyard open to the road: the middle of the outline is not the plot's.
    const u = [
      [-55.8, -12.5],
      [-55.785, -12.5],
      [-55.785, -12.485],
      [-55.79, -12.485],
      [-55.79, -12.495],
      [-55.795, -12.495],
      [-55.795, -12.485],
      [-55.8, -12.485],
    ];
    expect(inRing([-55.7925, -12.4925], u)).toBe(false);
    const { inside } = accepted(polygon(u));
    expect(inRing([inside.longitude, inside.latitude], u)).toBe(true);
    // Strictly inside, not on an edge or a corner.
    expect(u.some(([lng]) => lng === inside.longitude)).toBe(false);
    expect(u.some(([, lat]) => lat === inside.latitude)).toBe(false);
  });

  it('gives the bounding box of the outer ring', () => {
    expect(accepted(polygon(SANGA)).bbox).toEqual({
      min_lat: -24.912684,
      min_lng: -53.401297,
      max_lat: -24.904919,
      max_lng: -53.391259,
    });
  });

  it.each(FIELDS)(
    '%s: the area agrees with proj4 to UTM and the shoelace formula',
    (_label, ring) => {
      const checked = accepted(polygon(ring));
      const independent = independentArea([ring]);
      expect(checked.area_ha).toBeGreaterThan(20);
      expect(checked.area_ha).toBeLessThan(300);
      // Within UTM's own scale error (≤ 0.2 %), and, corrected for it, a few parts per million.
      expect(deviationPercent(checked.area_ha, independent.utm_ha)).toBeLessThan(0.5);
      expect(deviationPercent(checked.area_ha, independent.corrected_ha)).toBeLessThan(0.01);
      expect(inRing([checked.inside.longitude, checked.inside.latitude], ring)).toBe(true);
    },
  );

  it('measures on the ellipsoid: a 1 km square on the equator is 100 ha, 0.45 % less than on a sphere', () => {
    const north = 1000 / 110_574; // degrees of latitude in 1 km at the equator
    const east = 1000 / 111_320; // degrees of longitude in 1 km at the equator
    const square = [
      [-51.05, 0.01],
      [-51.05 + east, 0.01],
      [-51.05 + east, 0.01 + north],
      [-51.05, 0.01 + north],
      [-51.05, 0.01],
    ];
    const checked = accepted(polygon(square));
    const independent = independentArea([square]);
    expect(independent.epsg).toBe(32622);
    expect(checked.area_ha).toBeCloseTo(100, 1);
    expect(deviationPercent(checked.area_ha, independent.corrected_ha)).toBeLessThan(0.01);
    // turf's sphere (radius 6,371,008.8 m) would be off by more than the tests' tolerance.
    expect(deviationPercent(sphericalAreaHa(square), independent.corrected_ha)).toBeGreaterThan(
      0.4,
    );
  });
});

/**
 * Rings that meet at points (OGC simple features: a hole may touch the outer ring, or another
 * hole, at one point; touching twice, along an edge, or in a chain cuts the inside in two).
 * A 1 km square near Cascavel; `at(x, y)` is a point of it in tenths of its side.
 */
describe('holes touching the outer ring or each other', () => {
  const at = (x: number, y: number) => [-53.4 + x * 0.001, -24.91 + y * 0.001];
  const square = [at(0, 0), at(10, 0), at(10, 10), at(0, 10)];
  const areaOf = (ring: number[][]) => accepted(polygon(ring)).area_ha;

  it('accepts a hole touching the outer ring at one of its corners, its area subtracted', () => {
    const hole = [at(0, 0), at(4, 2), at(2, 4)];
    const checked = accepted(polygon(square, hole));
    expect(checked.area_ha).toBeCloseTo(areaOf(square) - areaOf(hole), 6);
    expect(checked.polygon.coordinates).toHaveLength(2);
  });

  it('accepts a hole whose corner lies on an edge of the outer ring, and two holes touching at a point', () => {
    const onEdge = [at(5, 0), at(7, 3), at(3, 3)];
    expect(accepted(polygon(square, onEdge)).area_ha).toBeCloseTo(
      areaOf(square) - areaOf(onEdge),
      6,
    );
    const left = [at(2, 5), at(5, 4), at(5, 6)];
    const right = [at(5, 6), at(8, 5), at(8, 7)];
    expect(accepted(polygon(square, left, right)).polygon.coordinates).toHaveLength(3);
  });

  it('accepts three holes meeting at one same point (the inside stays in one piece)', () => {
    const centre = at(5, 5);
    const holes = [
      [centre, at(8, 5), at(8, 7)],
      [centre, at(3, 8), at(2, 7)],
      [centre, at(3, 2), at(5, 2)],
    ];
    expect(accepted(polygon(square, ...holes)).polygon.coordinates).toHaveLength(4);
  });

  it.each([
    ['touching the outer ring at two points', [[at(0, 0), at(5, 3), at(10, 0)]], 1],
    ['along a stretch of the outer ring’s edge', [[at(2, 0), at(6, 0), at(4, 3)]], 1],
    [
      'touching each other and the outer ring at both ends (a chain across the plot)',
      [
        [at(0, 5), at(5, 4), at(5, 6)],
        [at(5, 4), at(10, 5), at(5, 6)],
      ],
      2,
    ],
    ['crossing the outer ring', [[at(8, 4), at(12, 5), at(8, 6)]], 1],
  ])('refuses a hole %s: self_crossing', (_, holes, ring) => {
    expect(checkPlotGeometry(polygon(square, ...holes))).toEqual({
      ok: false,
      problem: 'self_crossing',
      ring,
    });
  });

  it('refuses a hole touching the outer ring at one point from outside: not_a_polygon', () => {
    expect(checkPlotGeometry(polygon(square, [at(10, 10), at(12, 11), at(11, 12)]))).toEqual({
      ok: false,
      problem: 'not_a_polygon',
      ring: 1,
    });
  });
});

describe('pipe lists', () => {
  const lists = (ring: number[][]) => ({
    lat: ring.map(([, lat]) => lat).join('|'),
    lng: ring.map(([lng]) => lng).join('|'),
  });

  it('read open and closed lists as the same polygon', () => {
    const open = lists(SANGA);
    const closedLists = lists(closed(SANGA));
    expect(polygonFromPipeLists(open.lat, open.lng)).toEqual({
      type: 'Polygon',
      coordinates: [SANGA],
    });
    expect(accepted(polygonFromPipeLists(closedLists.lat, closedLists.lng))).toEqual(
      accepted(polygonFromPipeLists(open.lat, open.lng)),
    );
  });

  it('round-trip: lists → polygon → lists → the same polygon', () => {
    for (const [, ring] of FIELDS) {
      const { lat, lng } = lists(ring);
      const checked = accepted(polygonFromPipeLists(lat, lng));
      const back = pipeListsOf(checked.polygon);
      expect(back).toEqual({ coordenadas_lat: lat, coordenadas_lng: lng });
      const again = polygonFromPipeLists(back.coordenadas_lat, back.coordenadas_lng) as PlotPolygon;
      expect(accepted(again)).toEqual(checked);
    }
  });

  it('take spaces around the values', () => {
    expect(polygonFromPipeLists(' -24.9 | -24.9|-24.89 ', '-53.4| -53.39 |-53.39')).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-53.4, -24.9],
          [-53.39, -24.9],
          [-53.39, -24.89],
        ] satisfies Position[],
      ],
    });
  });

  it('refuse lists of different lengths: pipe_lists_differ', () => {
    expect(polygonFromPipeLists('-24.9|-24.9|-24.89', '-53.4|-53.39')).toEqual({
      ok: false,
      problem: 'pipe_lists_differ',
    });
  });

  it.each([
    ['a word', '-24.9|abc|-24.89', 1],
    ['a decimal comma', '-24.9|-24.9|-24,89', 2],
    ['an empty value', '-24.9||-24.89', 1],
    ['a hexadecimal number', '0x10|-24.9|-24.89', 0],
    ['Infinity', '-24.9|Infinity|-24.89', 1],
  ])('refuse %s: not_a_number with the point', (_label, lat, point) => {
    expect(polygonFromPipeLists(lat, '-53.4|-53.39|-53.39')).toEqual({
      ok: false,
      problem: 'not_a_number',
      ring: 0,
      point,
    });
  });

  it('read empty lists as no point, which the checker refuses as too_few_points', () => {
    expect(checkPlotGeometry(polygonFromPipeLists('', ''))).toEqual({
      ok: false,
      problem: 'too_few_points',
      ring: 0,
    });
  });
});
