/**
 * The inbox as its reader may read it now. A thread's title is written once, when its event happens,
 * with the candidate named as the recipient could see them then; a company user's threads about a
 * project's candidate (`projectCandidate:P:C`) follow what they may see at the time they read:
 *   - a thread whose candidate their board of the project no longer shows (consent to be shown to
 *     companies withdrawn, paused, a stage they do not see) or whose project they may no longer open
 *     (unshared from a Member) is left out of every list, count and change, as if it did not exist;
 *     so is a thread of a project's chat (`conversation:N`) or of its alert subscription (`alerts:N`)
 *     once they may no longer open that project;
 *   - the title of a thread about a candidate whose name they do not see now (turned anonymous, not
 *     revealed to the project) is the kind's name-free title ("A candidate was added to <project>"), not
 *     the stored one, so no name it was written with (one changed since, say) is read.
 * Both are conditions of the one statement that reads a page or a count (the candidate gate's
 * `onBoardOfSql` and `hiddenNameText`), so a withdrawal takes effect at once, by whatever route it
 * came, and pages and counts agree. So is the reader's role: a thread of a kind whose audience is the readers of a
 * subject (syncFailed, for those who manage integrations) is read only while the reader's role would receive it now
 * (`kindsWithheld`, schema/entities/live/notification.ts): an Admin demoted to Member no longer reads, counts or marks
 * their failed-sync threads, nor hears of them live (live/events.ts); promoted back, they read them again, as they
 * stood. Admins read their threads as written.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { permissionSql } from '../../permissions/sql';
import { hiddenNameText, onBoardOfSql, viewerOf, type StoredSubject } from '../../services/candidateGate';
import { kindsWithheld, NOTIFICATION_KIND } from '../../../schema/entities/live/notification';
import { REQUEST_KIND, REQUEST_STATE } from '../../../schema/rules/pipeline';
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

/** The id in a `conversation:N` or `alerts:N` subject key. */
const ownId = `split_part(notifications.subject_key, ':', 2)::int`;
/** The project of a thread tied to one through its subject: a project's chat, or one of its alert subscriptions. */
const PROJECT_OF = {
  conversation: `(select cv.project_id from conversations cv where cv.id = ${ownId})`,
  alerts: `(select al.project_id from alert_subscriptions al where al.id = ${ownId})`,
};

/**
 * SQL with its bindings: the thread is tied to no project, or the reader may open its project, and for a thread
 * about a project's candidate the reader's board shows the candidate. Every subject tied to a project counts: a
 * project's candidate (`projectCandidate:P:C`), its chat (`conversation:N`), its alert subscription (`alerts:N`).
 */
function stillShownSql(actor: Actor, viewer: 'company' | 'raasCompany'): [string, unknown[]] {
  const rule = permissionSql(abilityFor(actor), 'read', 'Project', 'p');
  const [opens, bindings] = rule === null ? ['true', []] : rule === false ? ['false', []] : rule;
  const opensProject = (id: string) => `exists (select 1 from projects p where p.id = ${id} and (${opens}))`;
  return [
    `(case
      when notifications.subject_key ~ '${PROJECT_CANDIDATE}'
        then ${opensProject(SUBJECT.project)} and ${onBoardOfSql(viewer, SUBJECT)}
      when notifications.subject_key ~ '^conversation:[0-9]{1,9}$' then ${opensProject(PROJECT_OF.conversation)}
      when notifications.subject_key ~ '^alerts:[0-9]{1,9}$' then ${opensProject(PROJECT_OF.alerts)}
      else true end)`,
    [...bindings, ...bindings, ...bindings],
  ];
}

/** The reader's own threads (the declared rule `ownNotification`) that they may still read. */
export function readable(knex: Knex, actor: Actor): Knex.QueryBuilder {
  const me = recipientOf(actor);
  const q = knex('notifications').where({ recipient_kind: me.kind, recipient_id: me.id });
  const withheld = kindsWithheld(me.kind, abilityFor(actor));
  if (withheld.length)
    q.whereNotIn(
      'notifications.kind',
      withheld.map((kind) => NOTIFICATION_KIND[kind]),
    );
  const viewer = boardViewer(actor);
  if (viewer) q.whereRaw(...(stillShownSql(actor, viewer) as [string, Knex.RawBinding[]]));
  return q;
}

/** The kind's title with no name in it, of a `projectCandidate:P:C` thread: its project's title, an answer's word. */
function nameFreeTitle(knex: Knex): Knex.Raw {
  const template = (key: string) =>
    t(`notifications.nameFreeTitles.${key}`, { project: '{project}', answer: '{answer}' });
  const answer = `(select case ir.state when ${REQUEST_STATE.approved} then ? when ${REQUEST_STATE.rejected} then ? end
    from interview_requests ir where ir.project_id = ${SUBJECT.project} and ir.candidate_id = ${SUBJECT.candidate}
      and ir.kind = ${REQUEST_KIND.interview} and ir.answered_at is not null
    order by ir.answered_at desc, ir.id desc limit 1)`;
  return knex.raw(
    `replace(replace(case notifications.kind when ? then ? when ? then ? else ? end, '{answer}', coalesce(${answer}, ?)),
      '{project}', coalesce((select tp.title from projects tp where tp.id = ${SUBJECT.project}), ''))`,
    [
      NOTIFICATION_KIND.candidateCurated,
      template('candidateCurated'),
      NOTIFICATION_KIND.interviewAnswered,
      template('interviewAnswered'),
      template('other'),
      t('notifications.answers.accepted'),
      t('notifications.answers.declined'),
      t('notifications.answers.answered'),
    ],
  );
}

/**
 * The columns of a thread as the reader reads it: a company user who may not see the candidate's name now reads
 * the kind's name-free title (nameFreeTitle), never the stored one, whatever name that was written with.
 */
export function threadColumns(knex: Knex, actor: Actor): (string | Knex.Raw)[] {
  const viewer = boardViewer(actor);
  const title = viewer
    ? knex.raw('? as title', [hiddenNameText(knex, viewer, 'notifications.title', SUBJECT, nameFreeTitle(knex))])
    : 'title';
  return ['id', 'kind', title, 'body', 'link', 'unread', 'archived', 'events', 'subject_key', 'updated_at'];
}
