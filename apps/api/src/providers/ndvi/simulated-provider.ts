import { ndviColor } from '@lavoura/domain';
import { PNG } from 'pngjs';
import {
  imageSize,
  metresPerDegree,
  type NdviPlot,
  type NdviProvider,
  type NdviScene,
} from './ndvi-provider.ts';

/**
 * The offline NDVI default: plausible, deterministic, and labelled simulated by every answer.
 *
 * - Scenes every 5 days (Sentinel-2's revisit with two satellites), on days that depend on the
 *   plot's place (neighbouring plots share their pass), each with a cloud cover drawn from the
 *   place and the day (mostly clear, sometimes overcast).
 * - The image: an index level from the crop on the plot (days since its sowing: emergence, canopy
 *   closing, plateau, senescence; bare soil after the harvest) or, without a crop, from the month
 *   (greener in the local summer); smooth patches of soil variation that stay in place from scene
 *   to scene; clouds (index near 0) over about the scene's cloud cover; transparent outside the
 *   plot's outline; painted with NDVI_SCALE.
 */
export function simulatedNdviProvider(): NdviProvider {
  return {
    kind: 'simulated',
    simulated: true,
    source: 'simulated-sentinel-2',
    async scenes(plot, from, to) {
      const [west, south, east, north] = plot.bbox;
      const place = placeSeed((west + east) / 2, (south + north) / 2);
      const pass = Math.floor(unit(place, 0, 0) * REVISIT_DAYS);
      const scenes: NdviScene[] = [];
      const first = dayNumber(from);
      for (let day = dayNumber(to); day >= first; day -= 1) {
        if ((((day - pass) % REVISIT_DAYS) + REVISIT_DAYS) % REVISIT_DAYS !== 0) continue;
        scenes.push({ date: dayString(day), cloudCover: cloudCover(place, day) });
      }
      return scenes;
    },
    async image(plot, date) {
      return renderNdvi(plot, date);
    },
  };
}

const REVISIT_DAYS = 5;

/** A scene's cloud cover, percent with one decimal: skewed to clear skies. */
function cloudCover(place: number, day: number): number {
  return Math.round(unit(place, day, 1) ** 2.2 * 1000) / 10;
}

/** The plot's NDVI on `date` as a PNG (see simulatedNdviProvider). */
function renderNdvi(plot: NdviPlot, date: string): Buffer {
  const [west, south, east, north] = plot.bbox;
  const { width, height } = imageSize(plot.bbox);
  const metres = metresPerDegree((south + north) / 2);
  const place = placeSeed((west + east) / 2, (south + north) / 2);
  const day = dayNumber(date);
  const clouds = cloudCover(place, day) / 100;
  const level = seasonalLevel(plot, date, (south + north) / 2);
  const png = new PNG({ width, height });
  const rings = plot.geometry.coordinates;
  for (let row = 0; row < height; row += 1) {
    const lat = north - ((row + 0.5) / height) * (north - south);
    for (let column = 0; column < width; column += 1) {
      const lng = west + ((column + 0.5) / width) * (east - west);
      const offset = (row * width + column) * 4;
      if (!insidePolygon(lng, lat, rings)) {
        png.data[offset + 3] = 0;
        continue;
      }
      // Metres from the plot's south-west corner: patches keep their size whatever the image's.
      const x = (lng - west) * metres.lng;
      const y = (lat - south) * metres.lat;
      const soil =
        0.55 * valueNoise(x / 90, y / 90, plot.id) +
        0.3 * valueNoise(x / 240, y / 240, plot.id + 1) +
        0.15 * valueNoise(x / 30, y / 30, plot.id * 31 + day);
      let value = level + (soil - 0.5) * 0.28 * Math.max(level, 0.3);
      // A cloud covers the pixels where the scene's cloud field passes its cover.
      if (clouds > 0 && valueNoise(x / 400, y / 400, place + day) > 1 - clouds) {
        value = 0.02 + valueNoise(x / 50, y / 50, day) * 0.06;
      }
      const [r, g, b] = ndviColor(Math.min(0.95, Math.max(0, value)));
      png.data[offset] = r;
      png.data[offset + 1] = g;
      png.data[offset + 2] = b;
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** The plot's mean index on `date`: the crop's stage when a crop is on it, else the month's. */
function seasonalLevel(plot: Pick<NdviPlot, 'crops'>, date: string, latitude: number) {
  const crop = plot.crops
    .filter((item) => item.sown <= date)
    .sort((a, b) => (a.sown < b.sown ? 1 : -1))[0];
  if (crop) {
    if (crop.closed !== null && crop.closed <= date) {
      if (dayNumber(date) - dayNumber(crop.closed) <= 45) return 0.22; // straw and bare soil
    } else {
      const days = dayNumber(date) - dayNumber(crop.sown);
      if (days <= 150) return cropCurve(days);
    }
  }
  // The local summer is greener: January in the south, July in the north.
  const yearDay = dayNumber(date) - dayNumber(`${date.slice(0, 4)}-01-01`);
  const peak = latitude < 0 ? 15 : 196;
  return 0.48 + 0.2 * Math.cos((2 * Math.PI * (yearDay - peak)) / 365);
}

/** A soybean-like canopy: bare until emergence, closing by day 65, plateau, senescence from 95. */
function cropCurve(days: number): number {
  if (days < 10) return 0.2;
  if (days < 65) return 0.2 + 0.65 * smooth((days - 10) / 55);
  if (days < 95) return 0.85;
  if (days < 130) return 0.85 - 0.5 * smooth((days - 95) / 35);
  return 0.35;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/** Even-odd rule over every ring: a point in a hole is outside. */
function insidePolygon(lng: number, lat: number, rings: [number, number][][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
  }
  return inside;
}

/** Smooth noise in [0, 1]: a random value per lattice point, blended with smoothstep. */
function valueNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const sx = smooth(x - x0);
  const sy = smooth(y - y0);
  const top = lerp(unit(seed, x0, y0), unit(seed, x0 + 1, y0), sx);
  const bottom = lerp(unit(seed, x0, y0 + 1), unit(seed, x0 + 1, y0 + 1), sx);
  return lerp(top, bottom, sy);
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** A number in [0, 1) from three integers, always the same for the same ones. */
function unit(seed: number, a: number, b: number): number {
  let h =
    Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(a | 0, 0x85ebca77) ^ Math.imul(b | 0, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** The place's seed: tenths of a degree, so neighbouring plots share their passes and clouds. */
function placeSeed(lng: number, lat: number): number {
  return Math.round((lng + 180) * 10) * 3_600 + Math.round((lat + 90) * 10);
}

/** Days since 1970-01-01 of a YYYY-MM-DD day, and back. */
function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}
function dayString(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
