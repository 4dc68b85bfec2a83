/**
 * The order test files start in: vitest's own (its cache of the last durations on this checkout, else the largest
 * file first), with the files known to take longest moved to the front of their project. Two workers then finish
 * together: a long file started last would keep one worker busy while the other has nothing left to run. A clean
 * clone has no cache, so the list below carries the last full run's slowest files, slowest first.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST_FIRST = [
  'tests/e2e/accessibility-console.test.ts',
  'tests/e2e/accessibility-portal.test.ts',
  'tests/e2e/portal-menus-titles.test.ts',
  'tests/e2e/portal-shell.test.ts',
  'tests/e2e/walk.test.ts',
  'tests/e2e/projects-portal.test.ts',
  'tests/api/talent-import.test.ts',
  'tests/api/leak-matrix.test.ts',
  'tests/api/canary-crawl.test.ts',
  'tests/api/fuzz.test.ts',
];

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOWEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at < 0 ? SLOWEST_FIRST.length : at;
    };
    // The projects in vitest's order; Array.prototype.sort is stable, so within a project vitest's order stays for the rest.
    const projects = [...new Set(sorted.map((spec) => spec.project))];
    const project = (spec: TestSpecification) => projects.indexOf(spec.project);
    return [...sorted].sort((a, b) => project(a) - project(b) || rank(a) - rank(b));
  }
}
