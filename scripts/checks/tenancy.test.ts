import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root, ignore: false });

async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const TENANCY_REFUSAL = /no-restricted-syntax: Scope a query to its account with ofAccount/;
const SERVICE = 'apps/api/src/modules/harvest-plans/harvest-plans.service.ts';
const HEAD = [
  "import { and, eq, sql } from 'drizzle-orm';",
  "import * as t from '../../db/schema.ts';",
  "import type { Session } from '../auth/session.types.ts';",
  "import { ofAccount } from '../../policies/tenancy.ts';",
  'declare const session: Session;',
  'declare const accountId: number;',
].join('\n');

describe('npm run check refuses a hand-written tenancy filter (issue 29 item 2)', () => {
  it("refuses eq(table.accountId, the session's or an id) in a service", async () => {
    for (const filter of [
      'eq(t.farms.accountId, session.accountId)',
      'eq(t.sowings.accountId, accountId)',
    ]) {
      const rules = await brokenRules(SERVICE, `${HEAD}\nexport const where = ${filter};\n`);
      expect(rules.join('\n'), filter).toMatch(TENANCY_REFUSAL);
    }
  });

  it("takes ofAccount, a join between two tables' accounts and a prepared placeholder", async () => {
    const code = `${HEAD}
export const where = and(ofAccount(t.farms, session), ofAccount(t.sowings, accountId));
export const join = eq(t.farms.accountId, t.sowings.accountId);
export const prepared = eq(t.farms.accountId, sql.placeholder('accountId'));
`;
    expect(await brokenRules(SERVICE, code)).toEqual([]);
  });
});
