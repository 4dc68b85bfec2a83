/**
 * The inbox as its reader may read it now. A thread's title is written once, when its event happens,
 * with the candidate named as the recipient could see them then; a company user's threads about a
 * project's candidate (`projectCandidate:P:C`) follow what they may see at the time they read:
 *   - a thread whose candidate their board of the project no longer shows (consent to be shown to
 *     companies withdrawn, paused, a stage they do not see) or whose project they may no longer open
 *     (unshared from a Member) is left out of every list, count and change, as if it did not exist;
 *   - a title naming a candidate whose name they no longer see (turned anonymous, not revealed to the
 *     project) reads "A candidate" in its place.
 * Both are conditions of the one statement that reads a page or a count (the candidate gate's
 * `onBoardOfSql` and `hiddenNameRedaction`), so a withdrawal takes effect at once, by whatever route it
 * came, and pages and counts agree. Admins read their threads as written.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { permissionSql } from '../../permissions/sql';
import { hiddenNameRedaction, onBoardOfSql, viewerOf, type StoredSubject } from '../../services/candidateGate';
import { recipientOf } from './recipients';

const PROJECT_CANDIDATE = '^projectCandidate:[0-9]{1,9}:[0-9]{1,9}$';
/** Part `n` of a `projectCandidate:P:C` subject key as an integer, null for any other subject. */
const part = (n: 2 | 3) =>
  `(case when notifications.subject_key ~ '${PROJECT_CANDIDATE}' then split_part(notifications.subject_key, ':', ${n})::int end)`;
const SUBJECT: StoredSubject = { project: part(2), candidate: part(3) };

/** The viewer whose threads follow their board: company and RaaS users (admins read theirs as written). */
function boardViewer(actor: Actor): 'company' | 'raasCompany' | null {
  const viewer = viewerOf(actor);
  return viewer === 'company' || viewer === 'raasCompany' ? viewer : null;
}

/** SQL with its bindings: the thread is not about a project's candidate, or the reader may open the project and its board shows the candidate. */
function stillShownSql(actor: Actor, viewer: 'company' | 'raasCompany'): [string, unknown[]] {
  const rule = permissionSql(abilityFor(actor), 'read', 'Project', 'p');
  const [opens, bindings] = rule === null ? ['true', []] : rule === false ? ['false', []] : rule;
  return [
    `(notifications.subject_key not like 'projectCandidate:%' or (
      exists (select 1 from projects p where p.id = ${SUBJECT.project} and (${opens}))
      and ${onBoardOfSql(viewer, SUBJECT)}))`,
    bindings,
  ];
}

/** The reader's own threads (the declared rule `ownNotification`) that they may still read. */
export function readable(knex: Knex, actor: Actor): Knex.QueryBuilder {
  const me = recipientOf(actor);
  const q = knex('notifications').where({ recipient_kind: me.kind, recipient_id: me.id });
  const viewer = boardViewer(actor);
  if (viewer) q.whereRaw(...(stillShownSql(actor, viewer) as [string, Knex.RawBinding[]]));
  return q;
}

/** The columns of a thread as the reader reads it: the title with a name they no longer see taken out. */
export function threadColumns(knex: Knex, actor: Actor): (string | Knex.Raw)[] {
  const viewer = boardViewer(actor);
  const title = viewer
    ? knex.raw('? as title', [
        hiddenNameRedaction(knex, viewer, 'notifications.title', SUBJECT, t('notifications.aCandidate')),
      ])
    : 'title';
  return ['id', 'kind', title, 'body', 'link', 'unread', 'archived', 'events', 'subject_key', 'updated_at'];
}
