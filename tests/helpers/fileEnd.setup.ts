/**
 * Every file ends by stopping what its helpers started (tests/helpers/fileEnd.ts).
 *
 * It also fails when the product asked one PostgreSQL connection (a transaction, the import's own client) for a
 * statement while it was still answering others: `pg` queues them and warns, once per process, and its next major
 * version refuses them. A transaction's statements go one after another. Where it happened is printed by running the
 * file with NODE_OPTIONS='--trace-deprecation --stack-trace-limit=60'.
 */
import { afterAll, expect } from 'vitest';
import { runFileEnd } from './fileEnd';

const OVERLAP = /already executing a query/;
const state = globalThis as { overlappingQueries?: string[] };
if (!state.overlappingQueries) {
  const seen: string[] = (state.overlappingQueries = []);
  process.on('warning', (warning) => {
    if (OVERLAP.test(warning.message)) seen.push(warning.stack ?? warning.message);
  });
}
const overlapping = state.overlappingQueries;

afterAll(async () => {
  await runFileEnd();
  expect(overlapping.splice(0), 'statements sent to one connection while it answered another').toEqual([]);
});
