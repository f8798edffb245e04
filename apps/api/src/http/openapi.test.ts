import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { clientProblems, lintOpenApiFile } from './openapi-lint.ts';

interface Content {
  [mediaType: string]: { schema?: Record<string, unknown> };
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Content };
  responses: Record<string, { description?: string; content?: Content }>;
}
interface Document {
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: Document;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-openapi-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const operation = (route: string) => {
  const [method, url] = route.split(' ') as [string, string];
  const found = document.paths[url]?.[method];
  if (!found) throw new Error(`no operation ${route}`);
  return found;
};
const BINARY = { schema: { type: 'string', format: 'binary' } };

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method} ${url}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('declares the bearer and cookie schemes and the server', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
    });
    expect(document.servers).toHaveLength(1);
  });

  it('gives every operation a unique id, a summary and its area', () => {
    const ids = operations().map(({ route, operation }) => {
      expect(operation.summary, route).toBeTruthy();
      expect(operation.tags, route).toHaveLength(1);
      expect(operation.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(40);
  });

  it('says which operations need a session, from each route’s access rule', () => {
    const security = (route: string) =>
      operations().find((entry) => entry.route === route)?.operation.security;
    expect(security('post /admin-api/login')).toEqual([]);
    expect(security('get /api/crops')).toEqual([]);
    const session = [{ bearer: [] }, { cookie: [] }];
    expect(security('get /api/menu/dados-usuario')).toEqual(session);
    expect(security('get /admin-api/accounts')).toEqual(session);
    for (const { route, operation } of operations())
      expect(operation.security, route).toBeDefined();
    // The two public reads a client calls without a token: no bearer requirement.
    expect(security('get /api/plans')).toEqual([]);
    expect(security('get /api/calendar/{secret}.ics')).toEqual([]);
  });

  it('declares file answers under their media types, not as JSON', () => {
    const answer = (route: string) => operation(route).responses['200']!.content;
    expect(answer('get /api/prescription/{program_id}/export')).toEqual({
      'application/pdf': BINARY,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': BINARY,
    });
    expect(answer('get /api/ndvi/images/{plot_id}/{date}.png')).toEqual({ 'image/png': BINARY });
    expect(answer('get /api/calendar/{secret}.ics')).toEqual({ 'text/calendar': BINARY });
    const attachment = answer('get /api/fields-notes/{note_id}/files/{file_id}')!;
    expect(Object.keys(attachment)).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'application/pdf']),
    );
    expect(attachment['application/json']).toBeUndefined();
    // A report is JSON for its page and, with format=pdf, the PDF.
    for (const report of ['programa', 'season-report'])
      expect(answer(`get /api/reports/${report}`)).toEqual({
        'application/json': { schema: { $ref: expect.stringMatching(/Report$/) } },
        'application/pdf': BINARY,
      });
  });

  it('declares the two uploads as multipart forms with a binary field `file`', () => {
    for (const route of ['post /api/plots/kml-preview', 'post /api/fazendas/{id}/field-import']) {
      const form = operation(route).requestBody?.content?.['multipart/form-data']?.schema;
      expect(form, route).toMatchObject({
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
      });
    }
  });

  it("declares a note's attachments in its multipart form, beside its JSON fields", () => {
    for (const route of [
      'post /api/farms/{id}/fields-notes',
      'post /api/farms/{id}/fields-notes/{noteId}',
    ]) {
      const content = operation(route).requestBody?.content;
      expect(content?.['multipart/form-data']?.schema, route).toEqual({
        allOf: [
          content?.['application/json']?.schema,
          expect.objectContaining({
            properties: {
              files: expect.objectContaining({
                type: 'array',
                items: { type: 'string', format: 'binary' },
              }),
            },
          }),
        ],
      });
    }
  });

  it('names the shared records as components and describes every response', () => {
    const json = (route: string, status: string) =>
      operation(route).responses[status]!.content?.['application/json']?.schema;
    expect(json('get /api/farms', '200')).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Farm' },
    });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'Farm', 'Plot', 'Sowing', 'Program', 'Note', 'Member']),
    );
    for (const { route, operation } of operations())
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${route} ${status}`).not.toBe('Default Response');
        // A refusal is the JSON error, but for the unsubscribe link's pages, which a person's
        // browser shows (text/html).
        if (Number(status) >= 400 && !response.content?.['text/html'])
          expect(response.content?.['application/json']?.schema, `${route} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
      }
    expect(operation('get /api/farms').responses['404']!.description).toMatch(/not found/i);
    // 950 KB with every record inline (issue 29).
    expect(JSON.stringify(document).length).toBeLessThan(600_000);
    expect(clientProblems(document)).toEqual([]);
  });

  it('passes the OpenAPI lint of npm run check', () => {
    const file = path.join(dir, 'app.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const result = lintOpenApiFile(file, 'pipe');
    expect(result.report).toMatch(/valid/);
    expect(result.ok).toBe(true);
  });

  it('fails npm run lint:openapi on a document with lint errors', () => {
    // An operation without summary and a security scheme nobody declared.
    const broken = structuredClone(document);
    const login = broken.paths['/admin-api/login']!.post!;
    delete login.summary;
    login.security = [{ undeclared: [] }];
    // An answer left undescribed and a file declared as JSON.
    const farms = broken.paths['/api/farms']!.get!;
    farms.responses['200']!.description = 'Default Response';
    broken.paths['/api/prescription/{program_id}/export']!.get!.responses['200']!.content = {
      'application/json': { schema: {} },
    };
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, JSON.stringify(broken));

    const script = fileURLToPath(new URL('./openapi-lint.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, file], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('operation-summary');
    expect(run.stdout + run.stderr).toContain('security-defined');
    expect(run.stdout + run.stderr).toContain('GET /api/farms 200: no description');
    expect(run.stdout + run.stderr).toContain(
      'GET /api/prescription/{program_id}/export 200: JSON of no declared shape',
    );
    // Starts tsx and Redocly in a process of its own: slow on a busy machine.
  }, 90_000);
});
