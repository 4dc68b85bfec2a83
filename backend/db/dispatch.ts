/**
 * Starting a statement so that work done after it overlaps it. A Knex statement is handed to the
 * database only once its connection is acquired, a few promise steps after it is started; work
 * that runs in the same turn (counting facets in memory, say) would run first and the statement
 * would wait for it. `dispatched` resolves once the statement has been sent, with its result still
 * to come.
 */
import type { Knex } from 'knex';

export async function dispatched<T>(statement: Knex.Raw<T>): Promise<{ result: Promise<T> }> {
  const sent = new Promise<void>((resolve) => statement.once('query', () => resolve()));
  const result = Promise.resolve(statement as unknown as PromiseLike<T>);
  // A statement that fails before it is sent (no connection) settles `result` instead; its error is the caller's.
  await Promise.race([sent, result.then(undefined, () => undefined)]);
  return { result };
}
