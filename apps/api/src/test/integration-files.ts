import { zipSync } from 'fflate';

/**
 * Boundaries files written in the tests: a GeoJSON FeatureCollection as Climate FieldView's
 * boundary export gives it, and a zipped ESRI Shapefile written byte by byte after the "ESRI
 * Shapefile Technical Description" (ESRI white paper, July 1998): the main file (.shp), its index
 * (.shx), the attribute table (.dbf, dBASE III) and the projection (.prj, WKT).
 */
export type Ring = [number, number][];

/** A square ring near Londrina, `size` degrees wide, clockwise (the shapefile's outer rings). */
export function square(west: number, south: number, size = 0.01): Ring {
  return [
    [west, south],
    [west, south + size],
    [west + size, south + size],
    [west + size, south],
    [west, south],
  ];
}

export function geojsonFile(features: { name: string; geometry: unknown }[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: features.map((feature) => ({
        type: 'Feature',
        properties: { name: feature.name, farm: 'Export FieldView' },
        geometry: feature.geometry,
      })),
    }),
  );
}

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

function header(fileLengthWords: number, box: number[]): Buffer {
  const buffer = Buffer.alloc(100);
  buffer.writeInt32BE(9994, 0); // file code
  buffer.writeInt32BE(fileLengthWords, 24); // file length in 16-bit words
  buffer.writeInt32LE(1000, 28); // version
  buffer.writeInt32LE(5, 32); // shape type: Polygon
  box.forEach((value, index) => buffer.writeDoubleLE(value, 36 + index * 8));
  return buffer;
}

function bbox(rings: Ring[]): number[] {
  const xs = rings.flat().map(([x]) => x);
  const ys = rings.flat().map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** A polygon record's content (white paper, "Polygon": type, box, parts, points). */
function polygonContent(rings: Ring[]): Buffer {
  const points = rings.flat();
  const content = Buffer.alloc(44 + 4 * rings.length + 16 * points.length);
  content.writeInt32LE(5, 0);
  bbox(rings).forEach((value, index) => content.writeDoubleLE(value, 4 + index * 8));
  content.writeInt32LE(rings.length, 36);
  content.writeInt32LE(points.length, 40);
  let start = 0;
  rings.forEach((ring, index) => {
    content.writeInt32LE(start, 44 + index * 4);
    start += ring.length;
  });
  const pointsAt = 44 + 4 * rings.length;
  points.forEach(([x, y], index) => {
    content.writeDoubleLE(x, pointsAt + index * 16);
    content.writeDoubleLE(y, pointsAt + index * 16 + 8);
  });
  return content;
}

function dbf(names: string[]): Buffer {
  const width = 40;
  const headerLength = 32 + 32 + 1;
  const recordLength = 1 + width;
  const buffer = Buffer.alloc(headerLength + recordLength * names.length + 1, 0x20);
  buffer.fill(0, 0, headerLength);
  buffer.writeUInt8(0x03, 0);
  buffer.writeUInt8(126, 1); // 2026 - 1900
  buffer.writeUInt8(1, 2);
  buffer.writeUInt8(1, 3);
  buffer.writeUInt32LE(names.length, 4);
  buffer.writeUInt16LE(headerLength, 8);
  buffer.writeUInt16LE(recordLength, 10);
  buffer.write('NAME', 32, 'latin1'); // field name, null padded to 11 bytes
  buffer.write('C', 32 + 11, 'latin1');
  buffer.writeUInt8(width, 32 + 16);
  buffer.writeUInt8(0x0d, 64); // end of the field descriptors
  names.forEach((name, index) => {
    const at = headerLength + index * recordLength;
    buffer.write(' ', at, 'latin1'); // not deleted
    buffer.write(name.padEnd(width, ' '), at + 1, 'latin1');
  });
  buffer.writeUInt8(0x1a, buffer.length - 1);
  return buffer;
}

/** A zipped shapefile of polygons (one ring each), named in the .dbf's NAME column. */
export function shapefileZip(plots: { name: string; rings: Ring[] }[]): Buffer {
  const records = plots.map((plot) => polygonContent(plot.rings));
  const box = bbox(plots.flatMap((plot) => plot.rings));
  const shpBytes = 100 + records.reduce((total, content) => total + 8 + content.length, 0);
  const shp = Buffer.concat([
    header(shpBytes / 2, box),
    ...records.flatMap((content, index) => {
      const recordHeader = Buffer.alloc(8);
      recordHeader.writeInt32BE(index + 1, 0);
      recordHeader.writeInt32BE(content.length / 2, 4);
      return [recordHeader, content];
    }),
  ]);
  let offset = 100;
  const shx = Buffer.concat([
    header((100 + 8 * records.length) / 2, box),
    ...records.map((content) => {
      const entry = Buffer.alloc(8);
      entry.writeInt32BE(offset / 2, 0);
      entry.writeInt32BE(content.length / 2, 4);
      offset += 8 + content.length;
      return entry;
    }),
  ]);
  return Buffer.from(
    zipSync({
      'talhoes.shp': new Uint8Array(shp),
      'talhoes.shx': new Uint8Array(shx),
      'talhoes.dbf': new Uint8Array(dbf(plots.map((plot) => plot.name))),
      'talhoes.prj': new TextEncoder().encode(WGS84_PRJ),
    }),
  );
}

/** A multipart body with one file in the field `file`. */
export function multipart(
  file: Buffer,
  filename: string,
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----lavoura-field-import';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
