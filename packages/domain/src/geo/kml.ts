import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import { nameFromAttributes, tooManyPlots } from '../farms/plot-import.ts';
import { checkPlotGeometry, type GeometryProblem, type PlotPolygon } from './plot-geometry.ts';

/**
 * Plots from a KML or KMZ file as Google Earth and My Maps write them: Placemarks with a Polygon or
 * a MultiGeometry (one plot per polygon), with or without altitude, inside Folders or not. One
 * parser, used by the API's preview and import (farmOS's KML bugs taught us to keep it single and
 * to preview before saving). A file with any bad polygon gives no plots at all.
 *
 * The polygons are read from the XML here rather than through togeojson, which silently drops
 * what it cannot read: a tuple such as `-52.1,abc,0` becomes the point [-52.1, 0], and a ring of
 * fewer than three points disappears with its Placemark (a missing plot, or a hole that is gone
 * and a larger area), where the grower must be told.
 */
export interface KmlPlot {
  nome: string;
  /** The Placemark's ExtendedData (Data and SimpleData), when it has any. */
  atributos?: Record<string, string>;
  geometry: PlotPolygon;
  area_calculada: number;
}

/** A refused Placemark: its name and its place among the file's Placemarks (1 = the first). */
interface PlacemarkAt {
  placemark: string;
  position: number;
}

type KmlProblem =
  | { problem: 'invalid_format'; reason: string }
  | { problem: 'no_polygons' }
  | { problem: 'too_many_plots'; max_plots: number }
  | ({ problem: 'invalid_coordinates' } & PlacemarkAt)
  | ({ problem: 'too_few_points' } & PlacemarkAt)
  | ({ problem: 'invalid_geometry'; reason: GeometryProblem } & PlacemarkAt);

export type KmlResult = { ok: true; plots: KmlPlot[] } | ({ ok: false } & KmlProblem);

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A KMZ's KML files, uncompressed, may not be larger (a zip bomb stops here, before inflating). */
const MAX_KML_BYTES = 32 * 1024 * 1024;

function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** Text in the encoding its XML declaration names (UTF-8 unless it says otherwise). */
function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared =
    /^(?:\u00EF\u00BB\u00BF)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * The KML text of a file: itself, or the main document of a KMZ (doc.kml, else the first .kml at
 * the archive's root, else the first .kml).
 */
function kmlText(bytes: Uint8Array): string | { reason: string } {
  if (!isZip(bytes)) return decodeXml(bytes);
  let entries: Record<string, Uint8Array>;
  let declaredBytes = 0;
  try {
    // The sizes the archive declares bound what fflate inflates.
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.kml$/i.test(file.name)) return false;
        declaredBytes += file.originalSize;
        return declaredBytes <= MAX_KML_BYTES;
      },
    });
  } catch {
    return { reason: 'unreadable_kmz' };
  }
  if (declaredBytes > MAX_KML_BYTES) return { reason: 'kmz_too_large' };
  // In the archive's order, which is what the KMZ convention's "first" means.
  const names = Object.keys(entries);
  const main =
    names.find((name) => /^doc\.kml$/i.test(name)) ??
    names.find((name) => !name.includes('/')) ??
    names[0];
  if (!main) return { reason: 'kmz_without_kml' };
  return decodeXml(entries[main]!);
}

function parseXml(text: string): Document | undefined {
  let failed = false;
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') failed = true;
    },
  });
  try {
    const document = parser.parseFromString(text, 'text/xml');
    return failed ? undefined : document;
  } catch {
    return undefined;
  }
}

/** Elements by local name, so that a `kml:` prefix reads as the default namespace does. */
function descendants(element: Element | Document, localName: string): Element[] {
  return Array.from(element.getElementsByTagNameNS('*', localName));
}

function children(element: Element, localName: string): Element[] {
  return Array.from(element.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).localName === localName,
  );
}

/**
 * A Placemark's ExtendedData: `<Data name="…"><value>…</value></Data>` and, from a schema,
 * `<SimpleData name="…">…</SimpleData>` (what GIS tools and CAR's KML exports write).
 */
function extendedData(placemark: Element): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const data of children(placemark, 'ExtendedData')) {
    for (const field of descendants(data, 'Data')) {
      const name = field.getAttribute('name');
      const value = children(field, 'value')[0]?.textContent?.trim();
      if (name && value !== undefined) attributes[name] = value;
    }
    for (const field of descendants(data, 'SimpleData')) {
      const name = field.getAttribute('name');
      if (name) attributes[name] = field.textContent?.trim() ?? '';
    }
  }
  return attributes;
}

/** Its `<name>`, else a name its ExtendedData holds (or the one picked), else its place. */
function placemarkName(
  placemark: Element,
  index: number,
  attributes: Record<string, string>,
  nameAttribute: string | undefined,
): string {
  const picked = nameAttribute !== undefined && nameFromAttributes(attributes, nameAttribute);
  if (picked) return picked;
  const name = children(placemark, 'name')[0]?.textContent?.trim();
  return name || nameFromAttributes(attributes) || `#${index + 1}`;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A `<coordinates>` text (`lng,lat[,alt]` tuples separated by white space) as [lng, lat] points,
 * altitude dropped; undefined if any tuple is not two or three decimal numbers.
 */
function readCoordinates(element: Element | undefined): number[][] | undefined {
  const tuples = (element?.textContent ?? '').trim().split(/\s+/).filter(Boolean);
  const points: number[][] = [];
  for (const tuple of tuples) {
    const values = tuple.split(',');
    if (values.length < 2 || values.length > 3 || !values.every((value) => DECIMAL.test(value)))
      return undefined;
    points.push([Number(values[0]), Number(values[1])]);
  }
  return points;
}

/** A `<Polygon>`'s rings, outer first; undefined if a coordinate is unreadable. */
function polygonRings(polygon: Element): number[][][] | undefined {
  const rings: number[][][] = [];
  const outer = children(polygon, 'outerBoundaryIs').flatMap((b) => children(b, 'LinearRing'));
  const inner = children(polygon, 'innerBoundaryIs').flatMap((b) => children(b, 'LinearRing'));
  // No outer ring is a polygon without points (too few of them), not one to skip silently.
  for (const ring of [outer[0], ...inner]) {
    const points = readCoordinates(ring && children(ring, 'coordinates')[0]);
    if (!points) return undefined;
    rings.push(points);
  }
  return rings;
}

function refusal(at: PlacemarkAt, problem: GeometryProblem): { ok: false } & KmlProblem {
  switch (problem) {
    case 'too_few_points':
      return { ok: false, problem: 'too_few_points', ...at };
    case 'not_a_number':
    case 'latitude_out_of_range':
    case 'longitude_out_of_range':
      return { ok: false, problem: 'invalid_coordinates', ...at };
    default:
      return { ok: false, problem: 'invalid_geometry', ...at, reason: problem };
  }
}

/**
 * The plots of a KML or KMZ file, named by their Placemark (or by `nameAttribute` of their
 * ExtendedData when the user picked one), or the first problem found.
 */
export function parseKmlPlots(bytes: Uint8Array, nameAttribute?: string): KmlResult {
  const text = kmlText(bytes);
  if (typeof text !== 'string') return { ok: false, problem: 'invalid_format', ...text };
  const document = parseXml(text);
  const root = document?.documentElement;
  if (!document || !root || root.localName !== 'kml')
    return { ok: false, problem: 'invalid_format', reason: 'not_kml' };

  const plots: KmlPlot[] = [];
  for (const [index, placemark] of descendants(document, 'Placemark').entries()) {
    const attributes = extendedData(placemark);
    const name = placemarkName(placemark, index, attributes, nameAttribute);
    const atributos = Object.keys(attributes).length > 0 ? { atributos: attributes } : {};
    // Directly or inside a MultiGeometry (nested or not); points and lines are not plots.
    const polygons = descendants(placemark, 'Polygon');
    for (const [part, polygon] of polygons.entries()) {
      const nome = polygons.length > 1 ? `${name} (${part + 1})` : name;
      const at = { placemark: nome, position: index + 1 };
      const rings = polygonRings(polygon);
      if (!rings) return { ok: false, problem: 'invalid_coordinates', ...at };
      const checked = checkPlotGeometry({ type: 'Polygon', coordinates: rings });
      if (!checked.ok) return refusal(at, checked.problem);
      plots.push({
        nome,
        ...atributos,
        geometry: checked.polygon,
        area_calculada: checked.area_ha,
      });
    }
  }
  if (plots.length === 0) return { ok: false, problem: 'no_polygons' };
  const tooMany = tooManyPlots(plots.length);
  if (tooMany) return { ok: false, problem: 'too_many_plots', ...tooMany };
  return { ok: true, plots };
}
