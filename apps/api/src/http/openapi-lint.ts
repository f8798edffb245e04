import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { outboxMailer } from '../providers/mail/mailer.ts';

const REPO_ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../../..');

/** The OpenAPI document of the whole app, built on a throw-away in-memory database. */
export async function generateOpenApiDocument(): Promise<unknown> {
  const database = await openDatabase({});
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-openapi-'));
  try {
    // Tables only: the document does not depend on reference rows (seeding cities takes long).
    await migrate(database);
    const app = await buildApp({
      db: database.db,
      maintenance: { enabled: false },
      jwtSecret: 'openapi-lint-secret-that-is-long-enough-for-hs256',
      mailer: outboxMailer(outboxDir, 'Lavoura <no-reply@lavoura.test>'),
      publicUrl: 'http://localhost:3000',
    });
    await app.ready();
    const document = app.swagger();
    await app.close();
    return document;
  } finally {
    await database.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  }
}

/**
 * Runs Redocly's linter (rules of redocly.yaml at the repository root) on a document file. Its
 * report goes to `output`; the result says whether it found no error (warnings do not fail).
 */
export function lintOpenApiFile(
  file: string,
  output: 'inherit' | 'pipe' = 'inherit',
): { ok: boolean; report: string } {
  const cli = path.join(REPO_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const result = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format', 'stylish'],
    {
      stdio: ['ignore', output, output],
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  return { ok: result.status === 0, report: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

interface LintedOperation {
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
}

/**
 * What a generated client needs beyond Redocly's rules: every operation says its security (`[]`
 * when public, so a client sends no token), every response is described, and no answer or body is
 * JSON of an unknown shape or of bytes (a file declares its media type, an upload its form).
 */
export function clientProblems(document: {
  paths?: Record<string, Record<string, LintedOperation>>;
}): string[] {
  const problems: string[] = [];
  for (const [url, operations] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${url}`;
      if (!Array.isArray(operation.security))
        problems.push(`${route}: no security ([] for a public operation)`);
      const json = [
        ['request body', operation.requestBody?.content?.['application/json']?.schema],
        ...Object.entries(operation.responses ?? {}).map(([status, response]) => {
          if (!response.description || response.description === 'Default Response')
            problems.push(`${route} ${status}: no description`);
          return [status, response.content?.['application/json']?.schema] as const;
        }),
      ] as const;
      for (const [part, schema] of json)
        if (schema && (Object.keys(schema).length === 0 || schema.format === 'binary'))
          problems.push(`${route} ${part}: JSON of no declared shape (a file or a form?)`);
    }
  return problems;
}

/** Redocly's lint and clientProblems on a document file; the problems go to stderr. */
function lintAll(file: string): boolean {
  const { ok } = lintOpenApiFile(file);
  const problems = clientProblems(JSON.parse(fs.readFileSync(file, 'utf8')));
  for (const problem of problems) console.error(`openapi: ${problem}`);
  return ok && problems.length === 0;
}

/**
 * `npm run lint:openapi [file]`: lints the given document, or generates the app's own and lints
 * it; exits 1 on any lint error, so `npm run check` fails.
 */
async function main(given: string | undefined): Promise<void> {
  if (given) {
    process.exitCode = lintAll(given) ? 0 : 1;
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(await generateOpenApiDocument(), null, 2));
  const ok = lintAll(file);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main(process.argv[2]);
}
