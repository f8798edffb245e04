import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run lint:unused` (knip with the project's knip.config.ts) over a folder. */
function knip(directory: string): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/knip/bin/knip.js'),
      '--config',
      path.join(root, 'knip.config.ts'),
      '--directory',
      directory,
      '--no-progress',
      // The fixture lacks most of the config's workspaces and patterns: knip would say so.
      '--no-config-hints',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run check refuses code that nothing uses (issue 29 item 6)', () => {
  // The fixture is the monorepo's layout in small; its domain package is linked into node_modules
  // as npm links a workspace, in a copy, so the repository holds no node_modules of its own.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-unused-'));
  fs.cpSync(path.join(root, 'scripts/checks/fixtures/unused'), copy, { recursive: true });
  fs.mkdirSync(path.join(copy, 'node_modules/@lavoura'), { recursive: true });
  fs.symlinkSync('../../packages/domain', path.join(copy, 'node_modules/@lavoura/domain'));
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
  const { status, output } = knip(copy);

  it('fails the check', () => {
    expect(status).not.toBe(0);
  });

  it('refuses a domain export that only the package index re-exports', () => {
    expect(output).toMatch(/^unusedRule +packages\/domain\/src\/rules\.ts/m);
    expect(output).not.toMatch(/^usedRule /m);
  });

  it("refuses an app's export that no file imports", () => {
    expect(output).toMatch(/^unusedHelper +function +apps\/api\/src\/helpers\.ts/m);
    expect(output).not.toMatch(/^usedHelper /m);
  });

  it('refuses a file that nothing imports', () => {
    expect(output).toMatch(/^Unused files \(1\)\napps\/api\/src\/forgotten\.ts/m);
  });

  it('finds nothing to refuse in our own code', () => {
    const result = spawnSync('npm', ['run', '--silent', 'lint:unused'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });
});
