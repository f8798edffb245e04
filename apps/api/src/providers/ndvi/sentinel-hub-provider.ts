import { ERRORS, NDVI_SCALE } from '@lavoura/domain';
import { AppError } from '../../http/app-error.ts';
import { imageSize, type NdviPlot, type NdviProvider, type NdviScene } from './ndvi-provider.ts';

export interface SentinelHubOptions {
  /** https://services.sentinel-hub.com, or the Copernicus Data Space's https://sh.dataspace.copernicus.eu. */
  baseUrl: string;
  /** The OAuth2 token endpoint (client credentials). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The collection searched and rendered (the record's `type`). */
  collection?: string;
  fetch?: typeof fetch;
  /** Milliseconds a call may take before the provider counts as unavailable. */
  timeoutMs?: number;
}

const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
/** The most catalogue pages read for one window (100 items each). */
const MAX_PAGES = 20;

/**
 * Sentinel-2 L2A NDVI through Sentinel Hub (docs.sentinel-hub.com/api/latest/):
 * - an OAuth2 client-credentials token (api/overview/authentication), kept until shortly before
 *   it expires;
 * - scenes: Catalog API `POST /api/v1/catalog/1.0.0/search` (STAC item search: collections, bbox,
 *   datetime; `context.next` pages), one scene per day with the least cloudy tile's
 *   `eo:cloud_cover`;
 * - images: Process API `POST /api/v1/process` with the plot's outline as bounds (pixels outside
 *   it are no data: transparent through `dataMask`), the day's least cloudy tile, and an
 *   evalscript that paints (B08 − B04) / (B08 + B04) with NDVI_SCALE as an RGBA PNG.
 * A failed or unreachable call answers 502 exception.provider_unavailable.
 */
export function sentinelHubNdviProvider(options: SentinelHubOptions): NdviProvider {
  const call = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const collection = options.collection ?? 'sentinel-2-l2a';
  const timeoutMs = options.timeoutMs ?? 20_000;
  let token: { value: string; until: number } | null = null;

  const unavailable = (what: string) =>
    new AppError(ERRORS.providerUnavailable, `Sentinel Hub: ${what}`);

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await call(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw unavailable(`${url} unreachable (${(error as Error).message})`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await send(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
    });
    if (!response.ok) throw unavailable(`token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw unavailable('token endpoint answered no access_token');
    // Renewed a minute early: a call started just before expiry must not be refused.
    const seconds = Math.max((body.expires_in ?? 3600) - 60, 0);
    token = { value: body.access_token, until: Date.now() + seconds * 1000 };
    return token.value;
  }

  /** A call with the token; a 401 (a token revoked early) fetches a new one once. */
  async function authorised(path: string, body: unknown, accept: string): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await send(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          accept,
        },
        body: JSON.stringify(body),
      });
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (!response.ok) throw unavailable(`${path} answered ${response.status}`);
      return response;
    }
  }

  return {
    kind: 'sentinel-hub',
    simulated: false,
    source: collection,
    async scenes(plot, from, to) {
      const search: Record<string, unknown> = {
        collections: [collection],
        bbox: plot.bbox,
        datetime: `${from}T00:00:00Z/${to}T23:59:59Z`,
        limit: 100,
        fields: {
          include: ['id', 'properties.datetime', 'properties.eo:cloud_cover'],
          exclude: ['geometry', 'assets', 'links'],
        },
      };
      const byDay = new Map<string, number>();
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const response = await authorised(
          '/api/v1/catalog/1.0.0/search',
          search,
          'application/geo+json',
        );
        const answer = (await response.json()) as CatalogAnswer;
        for (const feature of answer.features ?? []) {
          const datetime = feature.properties?.datetime;
          if (typeof datetime !== 'string') continue;
          const day = datetime.slice(0, 10);
          const cover = Number(feature.properties?.['eo:cloud_cover'] ?? 100);
          byDay.set(day, Math.min(byDay.get(day) ?? 100, cover));
        }
        const next = answer.context?.next;
        if (next === undefined || next === null) break;
        search.next = next;
      }
      return [...byDay.entries()]
        .map(([date, cloudCover]): NdviScene => ({
          date,
          cloudCover: Math.round(cloudCover * 10) / 10,
        }))
        .sort((a, b) => (a.date < b.date ? 1 : -1));
    },
    async image(plot, date) {
      const response = await authorised(
        '/api/v1/process',
        processRequest(plot, date, collection),
        'image/png',
      );
      if (!(response.headers.get('content-type') ?? '').startsWith('image/png'))
        throw unavailable('the process API answered no PNG');
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

interface CatalogAnswer {
  type?: string;
  features?: { id?: string; properties?: Record<string, unknown> }[];
  context?: { next?: number | string | null; limit?: number; returned?: number };
}

/** The Process API request of one day's NDVI image of the plot. */
function processRequest(plot: NdviPlot, date: string, collection: string) {
  const { width, height } = imageSize(plot.bbox);
  return {
    input: {
      bounds: { geometry: plot.geometry, properties: { crs: CRS84 } },
      data: [
        {
          type: collection,
          dataFilter: {
            timeRange: { from: `${date}T00:00:00Z`, to: `${date}T23:59:59Z` },
            mosaickingOrder: 'leastCC',
          },
        },
      ],
    },
    output: {
      width,
      height,
      responses: [{ identifier: 'default', format: { type: 'image/png' } }],
    },
    evalscript: NDVI_EVALSCRIPT,
  };
}

/** Evalscript V3: NDVI painted with NDVI_SCALE, transparent where there is no data. */
const NDVI_EVALSCRIPT = `//VERSION=3
function setup() {
  return {
    input: ["B04", "B08", "dataMask"],
    output: { bands: 4, sampleType: "AUTO" }
  };
}
const ramp = [${NDVI_SCALE.stops.map((stop) => `[${stop.value}, 0x${stop.color.slice(1)}]`).join(', ')}];
const visualizer = new ColorRampVisualizer(ramp);
function evaluatePixel(sample) {
  const ndvi = index(sample.B08, sample.B04);
  const rgb = visualizer.process(ndvi);
  return [rgb[0], rgb[1], rgb[2], sample.dataMask];
}
`;
