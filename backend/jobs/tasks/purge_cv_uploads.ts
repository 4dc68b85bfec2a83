/**
 * purge_cv_uploads: deletes uploaded CV files nobody uses, so uploads cannot fill the disk:
 * drafts no profile took within CV_DRAFT_HOURS, and taken files no profile refers to any more
 * (replaced CVs, deleted candidates), unless a merge that may still be undone would put them back.
 * Rows are locked while their files go, so a profile taking a draft at that moment either waits and
 * finds it gone, or keeps it. Safe to run twice.
 */
import type { Task } from 'graphile-worker';
import type { PoolClient } from 'pg';
import { storageFor } from '../../adapters/storage/select';
import type { Config } from '../../config';
import { assertTaskPayload } from '../payload';

const BATCH = 200;

const UNTAKEN = `select id, key from cv_uploads
  where attached_at is null and created_at < now() - make_interval(hours => $1)
  order by id limit ${BATCH} for update skip locked`;
// Two NOT EXISTS (not one with OR) so each is one hash anti-join over candidates. A merge that may still be undone
// keeps the files of both profiles as they were (its journal), which an undo puts back.
const UNREFERENCED = `select u.id, u.key from cv_uploads u
  where u.attached_at is not null
    and not exists (select 1 from candidates c where c.resume_path = u.key)
    and not exists (select 1 from candidates c where c.blind_resume_path = u.key)
    and not exists (select 1 from candidate_merges m, jsonb_each(m.journal) side(name, profile)
                     where m.undone_at is null and m.undo_until > now() and side.name in ('merged', 'survivorBefore')
                       and u.key in (side.profile->>'resume_path', side.profile->>'blind_resume_path'))
  order by u.id limit ${BATCH} for update of u skip locked`;

async function purgeBatch(client: PoolClient, config: Config, sql: string, params: unknown[]): Promise<number> {
  await client.query('begin');
  try {
    const { rows } = await client.query<{ id: number; key: string }>(sql, params);
    const storage = storageFor(config);
    for (const row of rows) await storage.delete(row.key);
    if (rows.length) await client.query('delete from cv_uploads where id = any($1)', [rows.map((r) => r.id)]);
    await client.query('commit');
    return rows.length;
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

export function purgeCvUploadsTask(config: Config): Task {
  return async (payload, helpers) => {
    assertTaskPayload('purge_cv_uploads', payload);
    let drafts = 0;
    let released = 0;
    await helpers.withPgClient(async (client) => {
      for (let n = BATCH; n === BATCH; drafts += n)
        n = await purgeBatch(client, config, UNTAKEN, [config.cv.draftHours]);
      for (let n = BATCH; n === BATCH; released += n) n = await purgeBatch(client, config, UNREFERENCED, []);
    });
    helpers.logger.info(`purged ${drafts} CV drafts no profile took and ${released} CV files no profile uses`);
  };
}
