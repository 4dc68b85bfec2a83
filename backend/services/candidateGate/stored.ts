/**
 * Text stored about a project's candidate (a notification's title, written once when something
 * happened) read again later by one viewer: whether that viewer's board of the project still shows
 * the candidate, and the text, or its name-free form when the viewer does not see the candidate's name
 * now (they turned anonymous, whatever name they had then). Both are SQL expressions over a project id and
 * a candidate id given as SQL (columns of the caller's row, say), so a list applies them to every row of a
 * page in its one statement.
 */
import type { Knex } from 'knex';
import { onBoardSql, type Viewer } from '../../../schema/rules/visibility';
import { identityWhen, inProject } from './sql';

/** A project and a candidate as SQL expressions (e.g. parts of a subject key), each an integer or null. */
export interface StoredSubject {
  project: string;
  candidate: string;
}

/** SQL: the viewer's board of project `project` shows candidate `candidate` (onBoardSql, as `onBoard` asks it). */
export const onBoardOfSql = (viewer: Viewer, s: StoredSubject): string =>
  `exists (select 1 from candidates bc join project_candidates bpc on bpc.candidate_id = bc.id
    where bpc.project_id = ${s.project} and bc.id = ${s.candidate} and ${onBoardSql(viewer, 'bc', 'bpc')})`;

/**
 * SQL (a Raw with `nameFree` as its binding): the stored text `text` as the viewer may read it now: the text itself
 * when the subject names no candidate or the viewer sees the candidate's identity in the project (identityWhen, with
 * their row there); otherwise, an unknown answer or a candidate no longer there counting as not seen, `nameFree` (SQL
 * of the text written with no name). The stored text is not searched for a name: a name it was written with (one
 * since changed, say) is never shown to a viewer who may not see the candidate's name.
 */
export function hiddenNameText(
  knex: Knex | Knex.Transaction,
  viewer: Viewer,
  text: string,
  s: StoredSubject,
  nameFree: Knex.Raw,
): Knex.Raw {
  return knex.raw(
    `case when ${s.candidate} is not null and not coalesce((select ${identityWhen(viewer, inProject('rpc'), 'rc')}
      from candidates rc left join project_candidates rpc on rpc.candidate_id = rc.id and rpc.project_id = ${s.project}
      where rc.id = ${s.candidate}), false) then ? else ${text} end`,
    [nameFree],
  );
}
