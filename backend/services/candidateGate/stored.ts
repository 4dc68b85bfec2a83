/**
 * Text stored about a project's candidate (a notification's title, written once when something
 * happened) read again later by one viewer: whether that viewer's board of the project still shows
 * the candidate, and the text with the candidate's name taken out when the viewer no longer sees it
 * (they turned anonymous). Both are SQL expressions over a project id and a candidate id given as SQL
 * (columns of the caller's row, say), so a list applies them to every row of a page in its one
 * statement. The stored name is read here only to be removed, never to be shown.
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

/** The full name as the gate shows it (present: first and last name, trimmed). */
const fullName = (c: string) => `trim(coalesce(${c}.first_name, '') || ' ' || coalesce(${c}.last_name, ''))`;

/**
 * SQL (a Raw with the label as its binding): the stored text `text` as the viewer may read it now, each
 * occurrence of the candidate's full name replaced by `label` when the viewer does not see their
 * identity in the project (identityWhen, with their row there, an unknown answer counting as not); the text
 * itself otherwise.
 */
export function hiddenNameRedaction(
  knex: Knex | Knex.Transaction,
  viewer: Viewer,
  text: string,
  s: StoredSubject,
  label: string,
): Knex.Raw {
  return knex.raw(
    `coalesce((select replace(${text}, ${fullName('rc')}, ?)
      from candidates rc left join project_candidates rpc on rpc.candidate_id = rc.id and rpc.project_id = ${s.project}
      where rc.id = ${s.candidate} and ${fullName('rc')} <> ''
        and not coalesce(${identityWhen(viewer, inProject('rpc'), 'rc')}, false)), ${text})`,
    [label],
  );
}
