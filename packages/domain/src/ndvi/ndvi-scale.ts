/**
 * NDVI (spec 3 §3 NDVI image record, §7 NDVI): the colour scale every NDVI image is painted with
 * (the API's simulated renderer and the Sentinel Hub evalscript) and the web legend draws, and the
 * rules of the date window a plot's scenes are listed for.
 */

/** One colour of the scale: an index value and its colour (`#rrggbb`). */
interface NdviScaleStop {
  value: number;
  color: string;
}

/** The scale an image is painted with: values below `min` take the first colour, above `max` the last. */
export interface NdviScale {
  min: number;
  max: number;
  stops: NdviScaleStop[];
}

/**
 * ColorBrewer's RdYlGn (11 classes) from bare soil (red, 0) to dense healthy canopy (green, 1): the
 * ramp NDVI maps are customarily drawn with. Water and clouds (NDVI ≤ 0) take the first colour.
 */
export const NDVI_SCALE: NdviScale = {
  min: 0,
  max: 1,
  stops: [
    { value: 0, color: '#a50026' },
    { value: 0.1, color: '#d73027' },
    { value: 0.2, color: '#f46d43' },
    { value: 0.3, color: '#fdae61' },
    { value: 0.4, color: '#fee08b' },
    { value: 0.5, color: '#ffffbf' },
    { value: 0.6, color: '#d9ef8b' },
    { value: 0.7, color: '#a6d96a' },
    { value: 0.8, color: '#66bd63' },
    { value: 0.9, color: '#1a9850' },
    { value: 1, color: '#006837' },
  ],
};

/** `#rrggbb` as [r, g, b] (0–255). */
export function hexToRgb(color: string): [number, number, number] {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The colour of an index value on the scale, interpolated between its two nearest stops. */
export function ndviColor(value: number, scale: NdviScale = NDVI_SCALE): [number, number, number] {
  const { stops } = scale;
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  if (!(value > first.value)) return hexToRgb(first.color);
  if (value >= last.value) return hexToRgb(last.color);
  let index = 1;
  while (stops[index]!.value < value) index += 1;
  const below = stops[index - 1]!;
  const above = stops[index]!;
  const share = (value - below.value) / (above.value - below.value);
  const from = hexToRgb(below.color);
  const to = hexToRgb(above.color);
  return [0, 1, 2].map((channel) =>
    Math.round(from[channel]! + (to[channel]! - from[channel]!) * share),
  ) as [number, number, number];
}

/** The longest window one NDVI listing covers, in days (inclusive): a year of scenes. */
const NDVI_MAX_WINDOW_DAYS = 366;

/** The window the plot screen opens with: the last 60 days up to today. */
export const NDVI_DEFAULT_WINDOW_DAYS = 60;

/** Days from `from` to `to` (YYYY-MM-DD), inclusive of both. */
function ndviWindowDays(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/** Whether [from, to] is a window the API lists: in order, at most NDVI_MAX_WINDOW_DAYS long. */
export function isNdviWindow(from: string, to: string): boolean {
  return from <= to && ndviWindowDays(from, to) <= NDVI_MAX_WINDOW_DAYS;
}
