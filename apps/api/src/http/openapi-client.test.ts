import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { makeFarm, makePlot, makeSowing } from '../test/farm-factory.ts';
import { accountWith, bearer, PASSWORD } from '../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 29 item 7: a client generated from /api/openapi.json by openapi-typescript, called with
 * openapi-fetch (../../openapi-client/tour.ts), type-checks and works against the app.
 */
const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOUR = path.join(API_ROOT, 'openapi-client', 'tour.ts');
const KML = path.resolve(
  API_ROOT,
  '../../packages/domain/src/geo/fixtures/google-earth-cascavel.kml',
);

let app: TestApp;
let dir: string;
let email: string;
let programId: number;

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  email = account.members.CONTA!.email;
  const token = account.members.CONTA!.token;
  const farmId = await makeFarm(app.db, account.accountId, { name: 'Fazenda Boa Vista' });
  const plotId = await makePlot(app.db, account.accountId, farmId, { name: 'Sede', area: 30 });
  const sowingId = await makeSowing(app.db, account.accountId, farmId, plotId, { area: 12.5 });
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/programas',
    headers: bearer(token),
    payload: { semeadura_id: sowingId, nome: 'Ferrugem', doenca_principal_id: 1 },
  });
  programId = created.json<{ id: number }>().id;
  const [fox] = await app.db
    .select({ id: t.pesticides.id })
    .from(t.pesticides)
    .where(and(eq(t.pesticides.name, 'Fox'), eq(t.pesticides.countryId, 1)));
  const today = new Date().toISOString().slice(0, 10);
  const planned = await app.app.inject({
    method: 'POST',
    url: `/api/programas/${programId}/planejamentos`,
    headers: bearer(token),
    payload: { data: today, produtos: [{ defensivo_id: fox!.id, dose: 0.5, preco: 120 }] },
  });
  expect(planned.statusCode, planned.body).toBe(201);
  // Inside the API's folder, so that the tour's `openapi-fetch` import resolves; git and the
  // tools ignore node_modules.
  fs.mkdirSync(path.join(API_ROOT, 'node_modules', '.cache'), { recursive: true });
  dir = fs.mkdtempSync(path.join(API_ROOT, 'node_modules', '.cache', 'openapi-client-'));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The client's fetch, answered by the app in-process (the same request a server would get). */
async function injectFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const answer = await app.app.inject({
    method: request.method as 'GET' | 'POST',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(request.headers),
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    for (const one of [value ?? []].flat()) headers.append(name, String(one));
  return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
    status: answer.statusCode,
    headers,
  });
}

describe('a client generated from the OpenAPI document', () => {
  it('type-checks a script that signs in, lists farms, downloads a PDF and uploads a KML', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const types = await openapiTS(document, {
      // A file is a Blob for a client: what fetch answers and FormData takes.
      transform: (schema) =>
        schema.format === 'binary'
          ? ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'))
          : undefined,
    });
    fs.writeFileSync(path.join(dir, 'lavoura-api.d.ts'), astToString(types));
    fs.copyFileSync(TOUR, path.join(dir, 'tour.ts'));

    const tsc = path.resolve(API_ROOT, '../../node_modules/typescript/bin/tsc');
    const run = spawnSync(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--noUncheckedIndexedAccess',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--allowImportingTsExtensions',
        // The generated declarations are used, not checked: that is the script's part.
        '--skipLibCheck',
        '--types',
        'node',
        'tour.ts',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Generating and type-checking take ~5 s alone, several times that on a busy machine.
  }, 120_000);

  it('runs that script against the app', async () => {
    // The tour's own types need the generated file: the test names what it reads of it.
    const { tour } = (await import(path.join(dir, 'tour.ts'))) as {
      tour: (options: {
        baseUrl: string;
        fetch: typeof injectFetch;
        email: string;
        password: string;
        programId: number;
        kml: Blob;
      }) => Promise<{
        farmNames: string[];
        prescription: { type: string; bytes: ArrayBuffer };
        previewedPlots: string[];
      }>;
    };
    const result = await tour({
      baseUrl: 'http://lavoura.test',
      fetch: injectFetch,
      email,
      password: PASSWORD,
      programId,
      kml: new Blob([fs.readFileSync(KML)], { type: 'application/vnd.google-earth.kml+xml' }),
    });
    expect(result.farmNames).toEqual(['Fazenda Boa Vista']);
    expect(result.prescription.type).toBe('application/pdf');
    expect(Buffer.from(result.prescription.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(result.previewedPlots).toHaveLength(4);
  });
});
