import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Steps `npm test` ran before Vitest (scripts/test.mjs), as `[{ name, seconds }]` JSON. */
export const PHASES_ENV = 'LAVOURA_TEST_PHASES';

interface Phase {
  name: string;
  seconds: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints, after Vitest's own summary: each tier's wall time and test count (with the steps
 * `npm test` ran before Vitest), the ten slowest files, and one plain closing line,
 * "tests: N passed, N failed, N skipped", so CI and people read the counts the same way.
 */
export default class SummaryReporter implements Reporter {
  private readonly queuedAt = new Map<string, number>();
  private readonly endedAt = new Map<string, number>();
  private readonly startedAt = Date.now();

  onTestModuleQueued(module: TestModule): void {
    this.queuedAt.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.endedAt.set(module.id, Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const tiers = new Map<string, { first: number; last: number; tests: number; files: number }>();
    for (const module of testModules) {
      let failedHere = 0;
      let tests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        tests += 1;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // A file that fails outside its tests (a hook, an import) counts as one failure.
      if (failedHere === 0 && module.state() === 'failed') failedHere = 1;
      failed += failedHere;

      const name = module.project.name || 'default';
      const first = this.queuedAt.get(module.id) ?? this.startedAt;
      const last = this.endedAt.get(module.id) ?? Date.now();
      const tier = tiers.get(name) ?? { first, last, tests: 0, files: 0 };
      tier.first = Math.min(tier.first, first);
      tier.last = Math.max(tier.last, last);
      tier.tests += tests;
      tier.files += 1;
      tiers.set(name, tier);
    }

    const lines: string[] = [
      '',
      'Time per tier (wall, from its first file queued to its last done):',
    ];
    const phases = JSON.parse(process.env[PHASES_ENV] ?? '[]') as Phase[];
    for (const phase of phases)
      lines.push(`  ${phase.name.padEnd(14)} ${seconds(phase.seconds * 1000).padStart(9)}`);
    for (const [name, tier] of [...tiers].sort((a, b) => a[1].first - b[1].first)) {
      lines.push(
        `  ${name.padEnd(14)} ${seconds(tier.last - tier.first).padStart(9)}   ${tier.tests} tests in ${tier.files} files`,
      );
    }
    lines.push(`  ${'vitest'.padEnd(14)} ${seconds(Date.now() - this.startedAt).padStart(9)}`);

    const slowest = [...testModules]
      .map((module) => {
        const d = module.diagnostic();
        const total =
          d.environmentSetupDuration +
          d.prepareDuration +
          d.collectDuration +
          d.setupDuration +
          d.duration;
        return { module, total };
      })
      .sort((a, b) => b.total - a.total)
      .slice(0, 10);
    lines.push('', 'Ten slowest files (setup, import and tests):');
    for (const { module, total } of slowest) {
      const file = path.relative(process.cwd(), module.moduleId);
      lines.push(`  ${seconds(total).padStart(9)}  ${module.project.name.padEnd(12)} ${file}`);
    }
    lines.push('', `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`, '');
    process.stdout.write(lines.join('\n'));
  }
}
