/**
 * The order files start in: longest first, whatever their project, so that the minutes-long files
 * (the accessibility audit, the fuzz suite) start at once and the short ones fill the workers at the
 * end, instead of a long file starting last and leaving one worker alone with it. Durations are the
 * last run's (vitest's results cache); a file never run here is estimated: the files named in
 * `LONG_FILES` first, then browser files before the others (each takes tens of seconds, an API
 * file a few), larger before smaller. Failed files still run first.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files known to take minutes, for a run without a results cache (a clean clone in CI). */
export const LONG_FILES = ['tests/e2e/accessibility.test.ts', 'tests/api/fuzz.test.ts', 'tests/api/leak-matrix.test.ts'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
    /** The last run's milliseconds, or a guess: a long file's minutes, a browser file's minute, an API file's seconds. */
    const weight = (spec: TestSpecification): number => {
      const last = cache.getFileTestResults(key(spec));
      if (last) return last.duration ?? 0;
      if (LONG_FILES.includes(path.relative(this.ctx.config.root, spec.moduleId))) return 600_000;
      const size = cache.getFileStats(key(spec))?.size ?? 0;
      return (spec.project.name === 'e2e' ? 60_000 : 5_000) + size;
    };
    const failed = (spec: TestSpecification) => (cache.getFileTestResults(key(spec))?.failed ? 1 : 0);
    return [...files].sort((a, b) => failed(b) - failed(a) || weight(b) - weight(a));
  }
}
