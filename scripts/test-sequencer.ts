import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (tiers by name, then the slowest or largest files first), with the browser files
 * moved to the front: they are the run's longest (a server and a chromium each), so the other
 * tiers' short files fill the second worker around them instead of leaving a browser file last.
 */
export default class BrowserFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (file: TestSpecification) => file.project.name === 'e2e';
    return [...sorted.filter(browser), ...sorted.filter((file) => !browser(file))];
  }
}
