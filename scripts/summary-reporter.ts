import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "tests: N passed, N failed, N skipped", after Vitest's own summary,
 * so CI and people read the counts the same way.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // A file that fails outside its tests (a hook, an import) counts as one failure.
      if (failedHere === 0 && module.state() === 'failed') failedHere = 1;
      failed += failedHere;
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
