import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { APP_OBJECT_SCHEMA_ALLOWED } from '../../eslint.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root, ignore: false });

/** The rules the lint breaks on a file of that path holding that code. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const CONTRACT_REFUSAL =
  /no-restricted-syntax: Bodies, answers, params and query strings are contracts/;

describe('npm run check refuses an object schema defined by an app (issue 29 item 1)', () => {
  it('refuses an answer schema written in the routes of a new module', async () => {
    const rules = await brokenRules(
      'apps/api/src/modules/harvest-plans/harvest-plans.routes.ts',
      "import { z } from 'zod';\nexport const farmAnswer = z.object({ id: z.int(), nome: z.string() });\n",
    );
    expect(rules.join('\n')).toMatch(CONTRACT_REFUSAL);
  });

  it('refuses a strict body schema in an API module and a loose one in a presenter', async () => {
    for (const [file, call] of [
      ['apps/api/src/modules/programs/programs.routes.ts', 'strictObject'],
      ['apps/api/src/modules/programs/program.presenter.ts', 'looseObject'],
    ] as const) {
      const rules = await brokenRules(
        file,
        `import { z } from 'zod';\nexport const body = z.${call}({ title: z.string() });\n`,
      );
      expect(rules.join('\n')).toMatch(CONTRACT_REFUSAL);
    }
  });

  it('refuses an answer schema written again in the web client', async () => {
    const rules = await brokenRules(
      'apps/web/src/api/reports.ts',
      "import { z } from 'zod/mini';\nexport const report = z.object({ today: z.string() });\n",
    );
    expect(rules.join('\n')).toMatch(CONTRACT_REFUSAL);
  });

  it('takes the contract imported from packages/domain, and a test that builds a fixture', async () => {
    const route =
      "import { programaReportSchema } from '@lavoura/domain';\nexport const answer = programaReportSchema;\n";
    expect(await brokenRules('apps/api/src/modules/reports/reports.routes.ts', route)).toEqual([]);
    const test = "import { z } from 'zod';\nexport const probe = z.object({ id: z.int() });\n";
    expect(await brokenRules('apps/api/src/modules/reports/reports.routes.test.ts', test)).toEqual(
      [],
    );
    const contract =
      "import { z } from 'zod/mini';\nexport const fooSchema = z.object({ id: z.int() });\n";
    expect(await brokenRules('packages/domain/src/contracts/foo.ts', contract)).toEqual([]);
  });

  it('allows only files that exist and still define an object schema', () => {
    for (const file of APP_OBJECT_SCHEMA_ALLOWED) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(readFileSync(path.join(root, file), 'utf8'), file).toMatch(
        /z\.(object|strictObject|looseObject|interface)\(/,
      );
    }
  });
});
