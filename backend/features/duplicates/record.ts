/**
 * What a candidate write does for duplicates, inside its own transaction: the written profiles'
 * match keys kept as they now are (so a form checked a second later finds them), and a find_twins
 * job queued to store their pairs once the write commits (never inside it: two import batches side
 * by side would wait on each other's pairs). A writer that finds the twins itself once its write
 * has committed (the bulk import, which reports them per row) passes `queue: false`.
 */
import type { Knex } from 'knex';
import { queueJob } from '../../services/queue';
import { refreshKeys } from './keys';

export async function recordKeys(
  trx: Knex.Transaction,
  ids: number[],
  { queue = true }: { queue?: boolean } = {},
): Promise<void> {
  if (!ids.length) return;
  await refreshKeys(trx, ids);
  if (!queue) return;
  for (let at = 0; at < ids.length; at += 10_000)
    await queueJob(trx, 'find_twins', { candidateIds: ids.slice(at, at + 10_000) });
}
