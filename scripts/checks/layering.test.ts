import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { CHECKED_KEYS, missingErrorTexts, shippedErrorTexts } from './error-texts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root, ignore: false });

/** The rules the lint breaks on a file of that path holding that code. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// CI turns colours on: compare the text, not its escape codes.
// eslint-disable-next-line no-control-regex
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** `npm run lint:deps` (dependency-cruiser with the project's rules) over a fixture folder. */
function cruise(folder: string): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      folder,
      '--config',
      '.dependency-cruiser.cjs',
      // The project's config skips the fixtures; here they are the point.
      '--exclude',
      'node_modules',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  return { status: result.status, output: withoutColours(`${result.stdout}${result.stderr}`) };
}

describe('npm run check refuses code that breaks the layering', () => {
  it('refuses an import cycle', () => {
    const { status, output } = cruise('scripts/checks/fixtures/cycle');
    expect(status).not.toBe(0);
    expect(output).toMatch(/error no-circular: scripts\/checks\/fixtures\/cycle\/first\.ts/);
  });

  it('refuses a package importing an app', () => {
    const { status, output } = cruise('scripts/checks/fixtures/layers');
    expect(status).not.toBe(0);
    expect(output).toMatch(/error packages-never-import-apps: .*packages\/shared\.ts/);
  });

  describe("refuses an import up the web app's layers", () => {
    // One fixture folder breaks each web rule once (scripts/checks/fixtures/web/apps/web/src).
    const { status, output } = cruise('scripts/checks/fixtures/web');
    const web = 'scripts/checks/fixtures/web/apps/web/src';

    it('fails the check', () => {
      expect(status).not.toBe(0);
    });

    it('refuses an area importing another area, and allows areas/shared/', () => {
      expect(output).toContain(
        `error web-areas-meet-in-shared: ${web}/areas/sowing/page.ts → ${web}/areas/planning/editor.ts`,
      );
      expect(output).not.toContain(`${web}/areas/sowing/page.ts → ${web}/areas/shared/format.ts`);
    });

    it('refuses areas/shared/ importing an area', () => {
      expect(output).toContain(
        `error web-shared-never-imports-areas: ${web}/areas/shared/format.ts → ${web}/areas/planning/editor.ts`,
      );
    });

    it('refuses the shell importing an area', () => {
      expect(output).toContain(
        `error web-shell-never-imports-areas: ${web}/shell/menu.ts → ${web}/areas/sowing/page.ts`,
      );
    });

    it('refuses lib/ importing the shell', () => {
      expect(output).toContain(
        `error web-lib-stays-below: ${web}/lib/field.ts → ${web}/shell/menu.ts`,
      );
    });

    it('refuses api/ importing app state', () => {
      expect(output).toContain(
        `error web-api-at-the-bottom: ${web}/api/http.ts → ${web}/app/session.ts`,
      );
    });
  });

  it('finds nothing to refuse in our own code', () => {
    const result = spawnSync('npm', ['run', '--silent', 'lint:deps'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(`${result.stdout}${result.stderr}`).toMatch(/no dependency violations found/);
  });

  it('refuses a query outside a service, and allows it in one', async () => {
    const query =
      "import { eq } from 'drizzle-orm';\nimport * as t from '../../db/schema.ts';\nexport const byId = (id: number) => eq(t.users.id, id);\n";
    const inRoute = await brokenRules('apps/api/src/modules/users/users.routes.ts', query);
    expect(inRoute.filter((rule) => rule.startsWith('no-restricted-imports'))).toHaveLength(2);
    const inService = await brokenRules('apps/api/src/modules/users/users.service.ts', query);
    expect(inService).toEqual([]);
  });

  it("refuses a module's routes importing another module's routes", async () => {
    const rules = await brokenRules(
      'apps/api/src/modules/auth/auth.routes.ts',
      "import { usersRoutes } from '../users/users.routes.ts';\nexport const routes = usersRoutes;\n",
    );
    expect(rules.join('\n')).toMatch(/another module's routes/);
  });

  it('refuses an error key written as a literal outside the registry', async () => {
    const rules = await brokenRules(
      'apps/api/src/modules/users/users.service.ts',
      "export const key = 'exception.something_new';\n",
    );
    expect(rules.join('\n')).toMatch(/no-restricted-syntax: Error keys live in the registry/);
  });
});

describe('every error key has its three texts', () => {
  it('finds a key without its text in one language', () => {
    const texts = { pt: { exception: { a: 'A' } }, en: { exception: { a: 'A' } }, es: {} };
    expect(missingErrorTexts(['exception.a'], texts)).toEqual(['es: exception.a']);
  });

  it('holds for the registry and the field keys as shipped', () => {
    expect(missingErrorTexts(CHECKED_KEYS, shippedErrorTexts(root))).toEqual([]);
  });
});
