import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PLOT_IMPORT_LIMITS } from '../farms/plot-import.ts';
import { parseKmlPlots, type KmlPlot } from './kml.ts';
import { checkPlotGeometry } from './plot-geometry.ts';
import { deviationPercent, independentArea } from './fixtures/independent-area.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

function plotsOf(bytes: Uint8Array): KmlPlot[] {
  const result = parseKmlPlots(bytes);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.plots;
}

const kml = (body: string) =>
  strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`);

const placemark = (
  name: string,
  coordinates: string,
  inner = '',
) => `<Placemark><name>${name}</name>
  <Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></outerBoundaryIs>${inner}</Polygon>
</Placemark>`;

const SQUARE = '-53.40,-24.91,0 -53.39,-24.91,0 -53.39,-24.90,0 -53.40,-24.90,0 -53.40,-24.91,0';

/** Each plot's area against proj4 → UTM → shoelace: within 0.5 %, and within 0.01 % once UTM's scale is corrected. */
function expectIndependentAreas(plots: KmlPlot[], epsg: number) {
  for (const plot of plots) {
    const independent = independentArea(plot.geometry.coordinates);
    expect(independent.epsg).toBe(epsg);
    expect(deviationPercent(plot.area_calculada, independent.utm_ha)).toBeLessThan(0.5);
    expect(deviationPercent(plot.area_calculada, independent.corrected_ha)).toBeLessThan(0.01);
  }
}

describe('parseKmlPlots reads', () => {
  it('a Google Earth Pro export: one Folder, four plots, the farmhouse pin left out', () => {
    const plots = plotsOf(fixture('google-earth-cascavel.kml'));
    expect(plots.map((plot) => plot.nome)).toEqual([
      'Talhão 1 - Sede',
      'Talhão 2 - Sanga',
      'Talhão 3 - Estrada',
      'Talhão 4 - Fundos',
    ]);
    expect(plots.map((plot) => Math.round(plot.area_calculada))).toEqual([88, 55, 126, 29]);
    expectIndependentAreas(plots, 32722);
  });

  it('ignores altitude: 2-D positions, and the same plots with every altitude set to 0', () => {
    const bytes = fixture('google-earth-cascavel.kml');
    const text = new TextDecoder().decode(bytes);
    expect(text).toMatch(/,741\.2 /);
    const flattened = text.replace(/,(-?\d+\.\d+),\d+(\.\d+)?(?=\s)/g, ',$1,0');
    expect(flattened).not.toMatch(/,741\.2 /);
    const plots = plotsOf(bytes);
    for (const plot of plots)
      for (const ring of plot.geometry.coordinates)
        for (const position of ring) expect(position).toHaveLength(2);
    expect(plotsOf(new TextEncoder().encode(flattened))).toEqual(plots);
  });

  it('a My Maps export: two layers (Folders) flattened, in order', () => {
    const plots = plotsOf(fixture('my-maps-sorriso.kml'));
    expect(plots.map((plot) => plot.nome)).toEqual([
      'Talhão 01',
      'Talhão 02',
      'Talhão 03',
      'Gleba Arrendada A',
      'Gleba Arrendada B',
    ]);
    expect(plots.map((plot) => Math.round(plot.area_calculada))).toEqual([238, 242, 158, 201, 52]);
    expectIndependentAreas(plots, 32721);
  });

  it('a MultiGeometry as one plot per polygon, "Name (1)", "Name (2)", and a polygon with a hole', () => {
    const plots = plotsOf(fixture('multigeometry-hole-cruz-alta.kml'));
    expect(plots.map((plot) => plot.nome)).toEqual([
      'Lavoura do Arroio (1)',
      'Lavoura do Arroio (2)',
      'Talhão da Sanga',
      'Coxilha',
    ]);
    expectIndependentAreas(plots, 32722);
    const sanga = plots[2]!;
    expect(sanga.geometry.coordinates).toHaveLength(2);
    const [outer, hole] = sanga.geometry.coordinates;
    const outerArea = (
      checkPlotGeometry({ type: 'Polygon', coordinates: [outer] }) as { area_ha: number }
    ).area_ha;
    const holeArea = (
      checkPlotGeometry({ type: 'Polygon', coordinates: [hole] }) as { area_ha: number }
    ).area_ha;
    expect(holeArea).toBeGreaterThan(5);
    expect(sanga.area_calculada).toBeCloseTo(outerArea - holeArea, 6);
  });

  it('English names, Placemarks straight in the Document (Iowa, PLSS fields)', () => {
    const plots = plotsOf(fixture('google-earth-ames-iowa.kml'));
    expect(plots.map((plot) => plot.nome)).toEqual(['North 80', 'Home Quarter', 'Creek Field']);
    // 80 acres = 32.37 ha, as drawn by hand.
    expect(plots[0]!.area_calculada).toBeCloseTo(32.37, 0);
    expectIndependentAreas(plots, 32615);
  });

  it('a KMZ as the KML inside it', () => {
    const plots = plotsOf(fixture('itapua-lotes.kmz'));
    expect(plots.map((plot) => plot.nome)).toEqual([
      'Lote Norte',
      'Lote Sur',
      'Parcela 3 - Arroyo',
    ]);
    expect(plots).toEqual(plotsOf(fixture('itapua-lotes.kml')));
    expectIndependentAreas(plots, 32721);
  });

  it('a KMZ whose KML is not doc.kml, beside other files', () => {
    const inside = fixture('itapua-lotes.kml');
    const zip = zipSync({
      'files/icon.png': new Uint8Array([137, 80, 78, 71]),
      'Estancia.kml': inside,
    });
    expect(plotsOf(zip)).toEqual(plotsOf(inside));
  });

  it('names a Placemark without a name by its place in the file', () => {
    const plots = plotsOf(
      kml(
        `<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>${SQUARE}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
      ),
    );
    expect(plots.map((plot) => plot.nome)).toEqual(['#1']);
  });

  it('a file in Latin-1, as its XML declaration says', () => {
    const text = `<?xml version="1.0" encoding="ISO-8859-1"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemark('Talhão Açude', SQUARE)}</Document></kml>`;
    expect(plotsOf(new Uint8Array(Buffer.from(text, 'latin1')))[0]!.nome).toBe('Talhão Açude');
  });

  it('KML written with a kml: prefix', () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document><kml:Placemark><kml:name>Lote 4</kml:name>
<kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>${SQUARE}</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon>
</kml:Placemark></kml:Document></kml:kml>`;
    expect(plotsOf(strToU8(text)).map((plot) => plot.nome)).toEqual(['Lote 4']);
  });
});

describe('parseKmlPlots refuses the whole file', () => {
  it('with a bow tie among good plots: invalid_geometry, self_crossing, naming it', () => {
    expect(parseKmlPlots(fixture('bow-tie.kml'))).toEqual({
      ok: false,
      problem: 'invalid_geometry',
      placemark: 'Talhão 7 - Cruzado',
      position: 3,
      reason: 'self_crossing',
    });
  });

  it('with a tuple that is not numbers (-53.5022670,abc,0): invalid_coordinates, naming it', () => {
    expect(parseKmlPlots(fixture('bad-coordinate.kml'))).toEqual({
      ok: false,
      problem: 'invalid_coordinates',
      placemark: 'Talhão 2',
      position: 2,
    });
  });

  it('with a polygon of two points: too_few_points, naming it', () => {
    expect(parseKmlPlots(fixture('two-point-polygon.kml'))).toEqual({
      ok: false,
      problem: 'too_few_points',
      placemark: 'Talhão Novo',
      position: 2,
    });
  });

  it.each([
    [
      'a hole of two points',
      placemark(
        'Talhão 9',
        SQUARE,
        '<innerBoundaryIs><LinearRing><coordinates>-53.396,-24.906,0 -53.394,-24.905,0</coordinates></LinearRing></innerBoundaryIs>',
      ),
    ],
    ['empty coordinates', placemark('Talhão 9', '')],
    ['no outer ring', '<Placemark><name>Talhão 9</name><Polygon></Polygon></Placemark>'],
  ])('with %s: too_few_points', (_label, body) => {
    expect(parseKmlPlots(kml(placemark('Talhão 8', SQUARE) + body))).toEqual({
      ok: false,
      problem: 'too_few_points',
      placemark: 'Talhão 9',
      position: 2,
    });
  });

  it.each([
    ['a latitude beyond 90', '-53.40,-24.91,0 -53.39,-94.91,0 -53.39,-24.90,0'],
    ['four numbers', '-53.40,-24.91,0,1 -53.39,-24.91,0 -53.39,-24.90,0'],
    ['one number', '-53.40 -53.39,-24.91,0 -53.39,-24.90,0'],
    ['a hexadecimal number', '-53.40,-24.91,0 -53.39,0x10,0 -53.39,-24.90,0'],
  ])('with %s: invalid_coordinates', (_label, coordinates) => {
    expect(parseKmlPlots(kml(placemark('Lote 2', coordinates)))).toEqual({
      ok: false,
      problem: 'invalid_coordinates',
      placemark: 'Lote 2',
      position: 1,
    });
  });

  it('names the bad part of a MultiGeometry', () => {
    const bad = '-53.40,-24.91,0 -53.39,-24.90,0 -53.39,-24.91,0 -53.40,-24.90,0';
    const polygonOf = (coordinates: string) =>
      `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></outerBoundaryIs></Polygon>`;
    expect(
      parseKmlPlots(
        kml(
          `<Placemark><name>Lote 5</name><MultiGeometry>${polygonOf(SQUARE)}${polygonOf(bad)}</MultiGeometry></Placemark>`,
        ),
      ),
    ).toEqual({
      ok: false,
      problem: 'invalid_geometry',
      placemark: 'Lote 5 (2)',
      position: 1,
      reason: 'self_crossing',
    });
  });

  it.each([
    ['a GPX saved as .kml', 'gpx-saved-as.kml'],
    ['an HTML error page saved as .kml', 'html-error-page.kml'],
  ])('%s: invalid_format, not_kml', (_label, name) => {
    expect(parseKmlPlots(fixture(name))).toEqual({
      ok: false,
      problem: 'invalid_format',
      reason: 'not_kml',
    });
  });

  it('an empty file or text that is not XML: invalid_format, not_kml', () => {
    for (const text of ['', 'Talhão 1;-24.91;-53.40', '<kml><Document>'])
      expect(parseKmlPlots(strToU8(text))).toEqual({
        ok: false,
        problem: 'invalid_format',
        reason: 'not_kml',
      });
  });

  it('a KML without polygons (pins and a road only): no_polygons', () => {
    const body = `<Placemark><name>Sede</name><Point><coordinates>-53.36,-24.87,0</coordinates></Point></Placemark>
<Placemark><name>Estrada</name><LineString><coordinates>-53.40,-24.91,0 -53.39,-24.90,0</coordinates></LineString></Placemark>`;
    expect(parseKmlPlots(kml(body))).toEqual({ ok: false, problem: 'no_polygons' });
    expect(parseKmlPlots(kml(''))).toEqual({ ok: false, problem: 'no_polygons' });
  });

  it('a zip without KML, a broken zip, a KMZ declaring a huge KML: invalid_format', () => {
    const noKml = zipSync({ 'photo.jpg': new Uint8Array([255, 216, 255]) });
    expect(parseKmlPlots(noKml)).toEqual({
      ok: false,
      problem: 'invalid_format',
      reason: 'kmz_without_kml',
    });

    const broken = fixture('itapua-lotes.kmz').slice(0, 200);
    expect(parseKmlPlots(broken)).toEqual({
      ok: false,
      problem: 'invalid_format',
      reason: 'unreadable_kmz',
    });

    // A zip bomb's size shows in its central directory: say 1 GB there, nothing is inflated.
    const bomb = fixture('itapua-lotes.kmz');
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    const central = bomb.findIndex(
      (_byte, index) => index + 4 <= bomb.length && view.getUint32(index, true) === 0x02014b50,
    );
    expect(central).toBeGreaterThan(0);
    view.setUint32(central + 24, 1_000_000_000, true);
    expect(parseKmlPlots(bomb)).toEqual({
      ok: false,
      problem: 'invalid_format',
      reason: 'kmz_too_large',
    });
  });
});

describe('parseKmlPlots, files from the real world', () => {
  it('a KMZ whose polygon has a hole touching its outer ring at one corner (OGC-valid): read, the hole subtracted', () => {
    const hole =
      '<innerBoundaryIs><LinearRing><coordinates>-53.40,-24.91,0 -53.396,-24.908,0 -53.398,-24.906,0 -53.40,-24.91,0</coordinates></LinearRing></innerBoundaryIs>';
    const kmz = zipSync({
      'doc.kml': kml(placemark('Lote 1', SQUARE) + placemark('Lote 2 - Açude', SQUARE, hole)),
    });
    const [whole, holed] = plotsOf(kmz);
    expect(holed!.nome).toBe('Lote 2 - Açude');
    expect(holed!.geometry.coordinates).toHaveLength(2);
    expect(holed!.area_calculada).toBeLessThan(whole!.area_calculada - 1);
  });

  it('names a Placemark without <name> from its ExtendedData (Data or SimpleData), or from the attribute picked', () => {
    const ring = `<Polygon><outerBoundaryIs><LinearRing><coordinates>${SQUARE}</coordinates></LinearRing></outerBoundaryIs></Polygon>`;
    const body =
      `<Placemark><ExtendedData><SchemaData schemaUrl="#car"><SimpleData name="COD_IMOVEL">PR-4104808-1A2B</SimpleData><SimpleData name="NOME">Gleba Norte</SimpleData></SchemaData></ExtendedData>${ring}</Placemark>` +
      `<Placemark><ExtendedData><Data name="talhao"><value>T-12</value></Data></ExtendedData>${ring}</Placemark>` +
      `<Placemark>${ring}</Placemark>`;
    const plots = plotsOf(kml(body));
    expect(plots.map((plot) => plot.nome)).toEqual(['Gleba Norte', 'T-12', '#3']);
    expect(plots[0]!.atributos).toEqual({ COD_IMOVEL: 'PR-4104808-1A2B', NOME: 'Gleba Norte' });
    const picked = parseKmlPlots(kml(body), 'COD_IMOVEL');
    expect(picked.ok && picked.plots.map((plot) => plot.nome)).toEqual([
      'PR-4104808-1A2B',
      'T-12',
      '#3',
    ]);
  });

  it('takes as many plots as one import saves (PLOT_IMPORT_LIMITS), and refuses one more: too_many_plots', () => {
    const squares = (count: number) =>
      Array.from({ length: count }, (_, index) => {
        const lng = -53.4 + (index % 40) * 0.002;
        const lat = -24.9 + Math.floor(index / 40) * 0.002;
        const ring = [
          [lng, lat],
          [lng + 0.001, lat],
          [lng + 0.001, lat + 0.001],
          [lng, lat + 0.001],
          [lng, lat],
        ];
        return placemark(`T${index + 1}`, ring.map((point) => point.join(',')).join(' '));
      }).join('');
    const max = PLOT_IMPORT_LIMITS.maxPlots;
    expect(plotsOf(kml(squares(max)))).toHaveLength(max);
    expect(parseKmlPlots(kml(squares(max + 1)))).toEqual({
      ok: false,
      problem: 'too_many_plots',
      max_plots: max,
    });
  });
});
