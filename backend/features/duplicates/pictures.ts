/**
 * The stored picture a merge leaves behind: of the two profiles' pictures the survivor keeps one (fields.ts), and the
 * other's file is held by no row once the merged profile is deleted. Nobody is served it meanwhile (a picture nobody
 * holds is 404, candidateGate `pictureShown`); its file is deleted by the delete_erased_files job, queued in the
 * merge's transaction to run once the undo window has closed (a day after `undo_until`, so a late undo never races
 * it), as the merge's journal keeps both profiles as they were and an undo puts the picture back with them (as the
 * CVs, jobs/tasks/purge_cv_uploads.ts). The undo takes the job away in its own transaction.
 */
import type { Knex } from 'knex';
import { keyOfPublicPath } from '../../adapters/storage/serve';
import { queueJob } from '../../services/queue';

type Json = Record<string, unknown>;

/** One pending deletion per merge, so the undo finds it. */
const jobKey = (mergeId: number) => `duplicates.mergePicture:${mergeId}`;

/** Queues the deletion of the pictures of `profiles` (both, as they were) that `next` (the survivor) does not hold. */
export async function queueDroppedPictures(
  trx: Knex.Transaction,
  mergeId: number,
  profiles: Json[],
  next: Json,
): Promise<void> {
  const keys = [
    ...new Set(
      profiles
        .map((p) => p.profile_pic)
        .filter((pic) => pic !== next.profile_pic)
        .map((pic) => keyOfPublicPath(typeof pic === 'string' ? pic : null))
        .filter((key): key is string => !!key),
    ),
  ];
  if (!keys.length) return;
  await queueJob(
    trx,
    'delete_erased_files',
    { keys },
    {
      jobKey: jobKey(mergeId),
      runAt: trx.raw(`(select undo_until + interval '1 day' from candidate_merges where id = ?)`, [mergeId]),
    },
  );
}

/** The merge `mergeId` is undone: its profiles hold their pictures again, which stay. */
export async function keepDroppedPictures(trx: Knex.Transaction, mergeId: number): Promise<void> {
  await trx.raw('select graphile_worker.remove_job(?)', [jobKey(mergeId)]);
}
