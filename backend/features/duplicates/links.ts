/**
 * The ATS links of one project's two pipeline rows that a merge folds into one (merge.ts): the dropped row's link
 * names the kept row, unless the kept row has its own link on that integration. Then the dropped row's link goes
 * (journaled, an undo puts it back), and the application it named, left in the ATS with the person's data, is kept as
 * a former application of the survivor (integration_former_applications, as integrations/push.ts keeps one a relink
 * left behind), so the survivor's erasure lists and erases it and their copy of their data lists it
 * (dataRights/eraseAts.ts); an undo deletes it (the journal's `added`).
 */
import type { Knex } from 'knex';
import { LINK_KIND } from '../../../schema/rules/ats';
import { rowsOf, type Journal, type journalWriters } from './journal';

type Remove = ReturnType<typeof journalWriters>['remove'];

export async function foldLinks(
  trx: Knex.Transaction,
  survivorId: number,
  rows: { keep: number; drop: number },
  journal: Journal,
  remove: Remove,
): Promise<void> {
  const { keep, drop } = rows;
  const links = await rowsOf(
    trx,
    `update integration_links l set local_id = ? where local_kind = ${LINK_KIND.projectCandidate} and local_id = ?
        and not exists (select 1 from integration_links o where o.integration_id = l.integration_id
                          and o.local_kind = l.local_kind and o.local_id = ?)
     returning jsonb_build_object('id', l.id) as r`,
    [keep, drop, keep],
  );
  if (links.length)
    journal.moved.push({
      table: 'integration_links',
      column: 'local_id',
      ids: links.map((l) => l.id as number),
      from: drop,
    });
  // The links left are those the kept row's own links stand in for: their applications stay the survivor's.
  const kept = (
    await trx.raw(
      `insert into integration_former_applications
              (integration_id, candidate_id, remote_id, remote_job_id, remote_candidate_id, remote_person_created)
       select l.integration_id, ?, l.remote_id, l.remote_job_id, l.remote_candidate_id, l.remote_person_created
         from integration_links l
        where l.local_kind = ${LINK_KIND.projectCandidate} and l.local_id = ? and l.remote_id is not null
        order by l.id
       on conflict (integration_id, remote_id) do nothing
       returning id`,
      [survivorId, drop],
    )
  ).rows.map((r: { id: number }) => r.id) as number[];
  if (kept.length) (journal.added ??= []).push({ table: 'integration_former_applications', ids: kept });
  await remove('integration_links', `local_kind = ${LINK_KIND.projectCandidate} and local_id = ?`, [drop]);
}
