/**
 * Rows about the merged profile that name it other than by a foreign key, or that clash with the survivor's and say
 * more than it does, made the survivor's as if the two profiles had always been one person (merge.ts), each journaled
 * so an undo puts them back (undo.ts):
 *   - inbox threads about a project's candidate (`projectCandidate:P:<merged>`) become the survivor's
 *     (`projectCandidate:P:<survivor>`), so no company, admin or advocate loses a thread or an unread count; one
 *     reader's two threads of one project become one: the survivor's, with both threads' events, unread while either
 *     was, archived only when both were, and the later thread's title, body and time;
 *   - one saved-search alert's two news rows (alert_news, one per subscription and candidate) become the survivor's,
 *     matched at the earlier of the two and emailed at the earlier (so the person's copy of their data keeps both),
 *     still news while either was.
 */
import type { Knex } from 'knex';
import { ALERT_NEWS_STATE } from '../../../schema/entities/alert';

type Change = (table: string, ids: number[]) => Promise<void>;
type Remove = (table: string, where: string, bindings: readonly Knex.RawBinding[]) => Promise<unknown>;

const THREAD = (candidate: number) => `^projectCandidate:[0-9]{1,9}:${candidate}$`;
/** SQL: the subject key `key` naming the survivor `?` instead of its candidate. */
const renamed = `regexp_replace(m.subject_key, ':[0-9]+$', ':' || ?::text)`;

/** The merged profile's inbox threads made the survivor's (see the module's docblock). */
export async function carryThreads(
  trx: Knex.Transaction,
  s: number,
  m: number,
  change: Change,
  remove: Remove,
): Promise<void> {
  const pairs = (
    await trx.raw(
      `select ns.id as keep, m.id as drop from notifications m join notifications ns
          on ns.recipient_kind = m.recipient_kind and ns.recipient_id = m.recipient_id and ns.subject_key = ${renamed}
        where m.subject_key ~ ?`,
      [s, THREAD(m)],
    )
  ).rows as { keep: number; drop: number }[];
  await change(
    'notifications',
    pairs.map((p) => p.keep),
  );
  for (const p of pairs)
    await trx.raw(
      `update notifications ns set events = ns.events + m.events, unread = ns.unread or m.unread,
              archived = ns.archived and m.archived,
              title = case when m.updated_at > ns.updated_at then m.title else ns.title end,
              body = case when m.updated_at > ns.updated_at then m.body else ns.body end,
              link = case when m.updated_at > ns.updated_at then m.link else ns.link end,
              created_at = least(ns.created_at, m.created_at), updated_at = greatest(ns.updated_at, m.updated_at)
         from notifications m where ns.id = ? and m.id = ?`,
      [p.keep, p.drop],
    );
  if (pairs.length) await remove('notifications', 'id = any(?::int[])', [pairs.map((p) => p.drop)]);
  const rest = (await trx.raw('select id from notifications where subject_key ~ ? order by id', [THREAD(m)])).rows.map(
    (r: { id: number }) => r.id,
  ) as number[];
  await change('notifications', rest);
  if (rest.length)
    await trx.raw(`update notifications m set subject_key = ${renamed} where m.id = any(?::int[])`, [s, rest]);
}

/** One alert's two news rows: the survivor's keeps the earlier match and email (see the module's docblock). */
export async function combineAlertNews(trx: Knex.Transaction, s: number, m: number, change: Change): Promise<void> {
  const pairs = (
    await trx.raw(
      `select ns.id as keep, nm.id as drop from alert_news ns
         join alert_news nm on nm.subscription_id = ns.subscription_id
        where ns.candidate_id = ? and nm.candidate_id = ?`,
      [s, m],
    )
  ).rows as { keep: number; drop: number }[];
  await change(
    'alert_news',
    pairs.map((p) => p.keep),
  );
  for (const p of pairs)
    await trx.raw(
      `update alert_news ns set first_matched_at = least(ns.first_matched_at, nm.first_matched_at),
              emailed_at = least(ns.emailed_at, nm.emailed_at),
              state = case when ns.state = ${ALERT_NEWS_STATE.dropped} then nm.state
                           when nm.state = ${ALERT_NEWS_STATE.dropped} then ns.state else least(ns.state, nm.state) end
         from alert_news nm where ns.id = ? and nm.id = ?`,
      [p.keep, p.drop],
    );
  // The merged row, now saying nothing the survivor's does not, is removed (journaled) by the merge's clash rule.
}
