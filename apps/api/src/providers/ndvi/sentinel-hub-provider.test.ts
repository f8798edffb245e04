import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import type { NdviPlot } from './ndvi-provider.ts';
import { sentinelHubNdviProvider } from './sentinel-hub-provider.ts';

/**
 * The Sentinel Hub adapter against a local fake serving the shapes Sentinel Hub documents:
 * - token: https://docs.sentinel-hub.com/api/latest/api/overview/authentication/ (POST
 *   x-www-form-urlencoded grant_type=client_credentials → {access_token, expires_in, token_type});
 * - scenes: https://docs.sentinel-hub.com/api/latest/api/catalog/ and its examples
 *   (https://docs.sentinel-hub.com/api/latest/api/catalog/examples/): POST
 *   /api/v1/catalog/1.0.0/search answering a STAC FeatureCollection whose features carry
 *   properties.datetime and properties["eo:cloud_cover"], paged by context.next (sent back as
 *   `next` in the body);
 * - images: https://docs.sentinel-hub.com/api/latest/api/process/ : POST /api/v1/process with
 *   {input: {bounds, data}, output: {width, height, responses}, evalscript}, answering the image
 *   bytes (image/png).
 */

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let tokensIssued = 0;
/** What the process API answers: a PNG, or a status. */
let processStatus = 200;

/** Two pages of the catalogue (the documented example's item, and its neighbours). */
const PAGES = [
  {
    type: 'FeatureCollection',
    features: [
      feature(
        'S2B_MSIL2A_20201229T101329_N0214_R022_T33TUK_20201229T115442',
        '2020-12-29T10:18:19Z',
        93.93,
      ),
      feature(
        'S2B_MSIL2A_20201229T101329_N0214_R022_T33TUL_20201229T115442',
        '2020-12-29T10:18:33Z',
        12.5,
      ),
      feature(
        'S2A_MSIL2A_20201224T101431_N0214_R022_T33TUK_20201224T115501',
        '2020-12-24T10:18:21Z',
        4.02,
      ),
    ],
    links: [
      {
        href: 'https://services.sentinel-hub.com/api/v1/catalog/1.0.0/search',
        rel: 'self',
        type: 'application/geo+json',
      },
      {
        href: 'https://services.sentinel-hub.com/api/v1/catalog/1.0.0/search',
        rel: 'next',
        type: 'application/geo+json',
        title: 'Next set of results',
        method: 'POST',
        body: { next: 3 },
        merge: true,
      },
    ],
    context: { next: 3, limit: 3, returned: 3 },
  },
  {
    type: 'FeatureCollection',
    features: [
      feature(
        'S2B_MSIL2A_20201219T101339_N0214_R022_T33TUK_20201219T115236',
        '2020-12-19T10:18:17Z',
        55,
      ),
    ],
    links: [
      {
        href: 'https://services.sentinel-hub.com/api/v1/catalog/1.0.0/search',
        rel: 'self',
        type: 'application/geo+json',
      },
    ],
    context: { limit: 3, returned: 1 },
  },
];

function feature(id: string, datetime: string, cloud: number) {
  return {
    stac_version: '1.0.0',
    stac_extensions: [],
    id,
    type: 'Feature',
    properties: { datetime, 'eo:cloud_cover': cloud },
  };
}

function tinyPng(): Buffer {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(0);
  png.data.set([26, 152, 80, 255], 0);
  return PNG.sync.write(png);
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === '/oauth/token') {
        tokensIssued += 1;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            access_token: `token-${tokensIssued}`,
            expires_in: 3599,
            token_type: 'Bearer',
            'not-before-policy': 0,
            scope: 'email profile',
          }),
        );
        return;
      }
      if (request.headers.authorization !== `Bearer token-${tokensIssued}`) {
        response.statusCode = 401;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            error: { status: 401, reason: 'Unauthorized', message: 'Token expired' },
          }),
        );
        return;
      }
      if (request.url === '/api/v1/catalog/1.0.0/search') {
        const search = JSON.parse(body) as { next?: number };
        response.setHeader('content-type', 'application/geo+json');
        response.end(JSON.stringify(search.next === 3 ? PAGES[1] : PAGES[0]));
        return;
      }
      if (request.url === '/api/v1/process') {
        if (processStatus !== 200) {
          response.statusCode = processStatus;
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({
              error: { status: processStatus, reason: 'Internal Server Error', message: 'Oops' },
            }),
          );
          return;
        }
        response.setHeader('content-type', 'image/png');
        response.end(tinyPng());
        return;
      }
      response.statusCode = 404;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  processStatus = 200;
});

const PLOT: NdviPlot = {
  id: 7,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [13.1, 45.1],
        [13.11, 45.1],
        [13.11, 45.11],
        [13.1, 45.1],
      ],
    ],
  },
  bbox: [13.1, 45.1, 13.11, 45.11],
  crops: [],
};

const provider = () =>
  sentinelHubNdviProvider({
    baseUrl,
    tokenUrl: `${baseUrl}/oauth/token`,
    clientId: 'client-id',
    clientSecret: 'client secret&=',
  });

describe('the Sentinel Hub NDVI provider', () => {
  it('lists one scene per day, newest first, with the least cloudy tile’s cover, across pages', async () => {
    const ndvi = provider();
    expect(ndvi.simulated).toBe(false);
    expect(ndvi.source).toBe('sentinel-2-l2a');
    const scenes = await ndvi.scenes(PLOT, '2020-12-10', '2020-12-30');
    expect(scenes).toEqual([
      { date: '2020-12-29', cloudCover: 12.5 },
      { date: '2020-12-24', cloudCover: 4 },
      { date: '2020-12-19', cloudCover: 55 },
    ]);
    const [token, first, second] = seen;
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-id',
      client_secret: 'client secret&=',
    });
    expect(first!.headers.authorization).toBe('Bearer token-1');
    expect(JSON.parse(first!.body)).toMatchObject({
      collections: ['sentinel-2-l2a'],
      bbox: [13.1, 45.1, 13.11, 45.11],
      datetime: '2020-12-10T00:00:00Z/2020-12-30T23:59:59Z',
    });
    expect(JSON.parse(second!.body)).toMatchObject({ next: 3 });
    expect(seen).toHaveLength(3);
  });

  it('renders the day’s image through the process API with the plot as bounds', async () => {
    const ndvi = provider();
    const bytes = await ndvi.image(PLOT, '2020-12-24');
    expect(PNG.sync.read(bytes).width).toBe(2);
    const call = seen.find((item) => item.url === '/api/v1/process')!;
    expect(call.headers.accept).toBe('image/png');
    const request = JSON.parse(call.body) as {
      input: { bounds: unknown; data: { type: string; dataFilter: unknown }[] };
      output: { width: number; height: number; responses: unknown[] };
      evalscript: string;
    };
    expect(request.input.bounds).toEqual({
      geometry: PLOT.geometry,
      properties: { crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' },
    });
    expect(request.input.data[0]).toEqual({
      type: 'sentinel-2-l2a',
      dataFilter: {
        timeRange: { from: '2020-12-24T00:00:00Z', to: '2020-12-24T23:59:59Z' },
        mosaickingOrder: 'leastCC',
      },
    });
    expect(request.output.responses).toEqual([
      { identifier: 'default', format: { type: 'image/png' } },
    ]);
    expect(request.output.width).toBeGreaterThan(0);
    expect(request.evalscript).toMatch(/^\/\/VERSION=3/);
    expect(request.evalscript).toContain('dataMask');
    expect(request.evalscript).toContain('0xa50026');
  });

  it('keeps its token, and fetches a new one once when the API refuses it', async () => {
    const ndvi = provider();
    await ndvi.scenes(PLOT, '2020-12-10', '2020-12-30');
    await ndvi.image(PLOT, '2020-12-24');
    expect(seen.filter((item) => item.url === '/oauth/token')).toHaveLength(1);
    // Another client took a new token: ours is now refused (401), renewed once, and the call goes on.
    const ours = tokensIssued;
    await fetch(`${baseUrl}/oauth/token`, { method: 'POST' });
    seen = [];
    await ndvi.image(PLOT, '2020-12-24');
    expect(seen.map((item) => [item.url, item.headers.authorization ?? null])).toEqual([
      ['/api/v1/process', `Bearer token-${ours}`],
      ['/oauth/token', null],
      ['/api/v1/process', `Bearer token-${ours + 2}`],
    ]);
  });

  it('answers 502 exception.provider_unavailable when the provider fails or is unreachable', async () => {
    processStatus = 500;
    await expect(provider().image(PLOT, '2020-12-24')).rejects.toMatchObject({
      key: 'exception.provider_unavailable',
      status: 502,
    });
    const unreachable = sentinelHubNdviProvider({
      baseUrl: 'http://127.0.0.1:1',
      tokenUrl: 'http://127.0.0.1:1/oauth/token',
      clientId: 'x',
      clientSecret: 'y',
    });
    const error = await unreachable
      .scenes(PLOT, '2020-12-10', '2020-12-30')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('exception.provider_unavailable');
  });
});
