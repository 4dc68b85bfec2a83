/**
 * One project's two interview requests (or two job descriptions) to one person after a merge: the project's card shows
 * one (the newest) and a new one is refused while one is live (interviews/send.ts), so only one stays live. The
 * answered one stays, else the newest open one; the other open ones are withdrawn as a move to rejected withdraws them
 * (interviews' withdrawOpenRequests), journaled so an undo puts them back. Two answered requests both stay: an answer
 * is the person's, never taken back.
 */
import type { Knex } from 'knex';
import { REQUEST_STATE } from '../../../schema/rules/pipeline';
import { withdrawOpenRequests } from '../interviews';

const S = REQUEST_STATE;

export async function oneRequestPerProject(
  trx: Knex.Transaction,
  ids: number[],
  change: (table: string, ids: number[]) => Promise<void>,
): Promise<void> {
  const { rows } = await trx.raw(
    `select id from (
       select r.id, r.state, row_number() over (partition by r.project_id, r.kind
                                                order by r.state <> ${S.sent} desc, r.created_at desc, r.id desc) as n
         from interview_requests r
        where r.candidate_id = any(?::int[]) and r.state in (${S.sent}, ${S.approved}, ${S.rejected})) x
      where n > 1 and state = ${S.sent}`,
    [ids],
  );
  const open = (rows as { id: number }[]).map((r) => r.id);
  await change('interview_requests', open);
  await withdrawOpenRequests(trx, open);
}
