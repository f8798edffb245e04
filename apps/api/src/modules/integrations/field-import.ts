import { ERRORS, PLOT_NAME_MAX, nameFromAttributes, tooManyPlots } from '@lavoura/domain';
import { unzipSync } from 'fflate';
import { parseZip } from 'shpjs';
import { AppError } from '../../http/app-error.ts';

/**
 * The field-data import (spec 3 Integrations: fieldview): a boundaries export read as plots, to
 * be saved through the same path as a KML import (PlotsService.createMany: one checker, one
 * transaction, a bad outline and nothing is saved). Two formats:
 * - GeoJSON (RFC 7946): a FeatureCollection, a Feature or a bare geometry of Polygons and
 *   MultiPolygons, as Climate FieldView's boundary export and most farm software write it;
 * - a zipped ESRI Shapefile (.shp + .dbf, optional .prj and .cpg), read by shpjs, which
 *   reprojects to WGS84 when the .prj names another system.
 * Each Polygon is a plot; a MultiPolygon gives one plot per part, "Name (1)", "Name (2)", as KML does.
 */
export interface ImportedPlot {
  nome: string;
  geometry: { type: 'Polygon'; coordinates: unknown };
  /** The feature's place in the file (1 = the first), which a refusal names. */
  position: number;
}

/** A zip's files, uncompressed, may not be larger (a zip bomb stops before inflating). */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

function invalid(reason: string): AppError {
  return new AppError(ERRORS.fieldImportInvalidFile, 'Not a boundaries file we can read', {
    reason,
  });
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * The sum of the uncompressed sizes a zip's central directory declares (PKWARE APPNOTE 4.3.12,
 * 4.3.16), or undefined when there is no readable directory.
 */
function declaredUnzippedBytes(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 + 65535 bytes.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let offset = view.getUint32(at + 16, true);
    let total = 0;
    for (let index = 0; index < entries; index += 1) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50)
        return undefined;
      total += view.getUint32(offset + 24, true);
      offset +=
        46 +
        view.getUint16(offset + 28, true) +
        view.getUint16(offset + 30, true) +
        view.getUint16(offset + 32, true);
    }
    return total;
  }
  return undefined;
}

function attributesOf(properties: unknown): Record<string, unknown> | undefined {
  return properties && typeof properties === 'object' && !Array.isArray(properties)
    ? (properties as Record<string, unknown>)
    : undefined;
}

/** The attribute picked (e.g. CAR's COD_IMOVEL), else a usual name attribute, else the place. */
function nameOf(properties: unknown, fallback: string, picked: string | undefined): string {
  const attributes = attributesOf(properties);
  return (
    (picked !== undefined ? nameFromAttributes(attributes, picked) : undefined) ??
    nameFromAttributes(attributes) ??
    fallback
  );
}

interface Feature {
  geometry: unknown;
  properties: unknown;
}

function featuresOf(value: unknown): Feature[] | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const object = value as { type?: unknown; features?: unknown; geometry?: unknown };
  if (object.type === 'FeatureCollection' && Array.isArray(object.features))
    return (object.features as { geometry?: unknown; properties?: unknown }[]).map((feature) => ({
      geometry: feature?.geometry,
      properties: feature?.properties,
    }));
  // A bare Feature keeps its properties (its name), as one of a collection does.
  if (object.type === 'Feature')
    return [
      { geometry: object.geometry, properties: (value as { properties?: unknown }).properties },
    ];
  if (object.type === 'Polygon' || object.type === 'MultiPolygon')
    return [{ geometry: value, properties: {} }];
  return undefined;
}

/** Polygons of the features, named; points and lines are skipped (they are not plots). */
function plotsOf(features: Feature[], picked: string | undefined): ImportedPlot[] {
  const plots: ImportedPlot[] = [];
  for (const [index, feature] of features.entries()) {
    const name = nameOf(feature.properties, `#${index + 1}`, picked);
    const position = index + 1;
    const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null;
    if (geometry?.type === 'Polygon') {
      plots.push({
        nome: name,
        geometry: { type: 'Polygon', coordinates: geometry.coordinates },
        position,
      });
    } else if (geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
      const parts = geometry.coordinates as unknown[];
      for (const [part, coordinates] of parts.entries())
        plots.push({
          nome: parts.length > 1 ? `${name} (${part + 1})`.slice(0, PLOT_NAME_MAX) : name,
          geometry: { type: 'Polygon', coordinates },
          position,
        });
    }
  }
  return plots;
}

/** The attribute names of the features, in the order they first appear. */
function attributeNames(features: Feature[]): string[] {
  const names = new Set<string>();
  for (const feature of features)
    for (const name of Object.keys(attributesOf(feature.properties) ?? {})) names.add(name);
  return [...names];
}

/** Whether a file is a boundaries file (GeoJSON, or a zip holding a .shp) rather than KML/KMZ. */
export function isBoundariesFile(bytes: Uint8Array): boolean {
  if (isZip(bytes)) {
    let shapefile = false;
    try {
      // Names only: the filter sees each entry and inflates none.
      unzipSync(bytes, {
        filter: (file) => {
          if (/\.shp$/i.test(file.name)) shapefile = true;
          return false;
        },
      });
    } catch {
      return false;
    }
    return shapefile;
  }
  const start = new TextDecoder('utf-8').decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, '');
  return start.trimStart().startsWith('{');
}

/** The plots of a boundaries file; 400 exception.field_import.invalid_file when there are none. */
export async function parseBoundaries(bytes: Uint8Array): Promise<ImportedPlot[]> {
  return (await readBoundaries(bytes)).plots;
}

/**
 * The plots of a boundaries file, named by `nameAttribute` when the user picked one, and the
 * attributes its features carry (a shapefile's table, GeoJSON properties).
 */
export async function readBoundaries(
  bytes: Uint8Array,
  nameAttribute?: string,
): Promise<{ plots: ImportedPlot[]; attributes: string[] }> {
  let features: Feature[] | undefined;
  if (isZip(bytes)) {
    const declared = declaredUnzippedBytes(bytes);
    if (declared === undefined) throw invalid('unreadable_zip');
    if (declared > MAX_UNZIPPED_BYTES) throw invalid('zip_too_large');
    let layers: Awaited<ReturnType<typeof parseZip>>;
    try {
      layers = await parseZip(bytes);
    } catch {
      throw invalid('unreadable_shapefile');
    }
    features = (Array.isArray(layers) ? layers : [layers]).flatMap(
      (layer) => featuresOf(layer) ?? [],
    );
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw invalid('not_geojson_or_zip');
    }
    features = featuresOf(parsed);
    if (!features) throw invalid('not_geojson');
  }
  const plots = plotsOf(features, nameAttribute);
  if (plots.length === 0) throw invalid('no_polygons');
  const tooMany = tooManyPlots(plots.length);
  if (tooMany)
    throw new AppError(ERRORS.plotImportTooManyPlots, 'Too many plots in one file', tooMany);
  return { plots, attributes: attributeNames(features) };
}
