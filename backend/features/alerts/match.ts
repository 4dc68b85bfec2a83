/**
 * The matching run: which candidates newly match which subscribers' projects. One transaction
 * takes the candidates marked changed since the last run (a trigger on the search documents marks
 * them, migrations/*_mark_candidates_changed_for_alerts.ts), copies their search documents into a
 * small indexed table under the same alias `d`, and asks every project's saved search of it at
 * once: each project's conditions are the suggested tab's own (pipeline's `savedSearch`, built by
 * search's `buildFilters`), written as branches of one statement per chunk of projects, so a run
 * costs a few statements over the changed set rather than one search of the whole pool per
 * project. What each subscription's search finds lands in `alert_run_hits`; the rest is set
 * operations in PostgreSQL against `alert_matches`, what the search found at the last run:
 * - news is who is found now and was not then (a change that leaves a match matching, such as a
 *   currency rate rewriting every salary, a renamed skill or a re-import, announces nobody);
 * - news waiting to be looked at that the search no longer finds is dropped, and `alert_matches` becomes what was
 *   found. Found again later (a paused candidate back), it waits again; it is news again only if it was never
 *   emailed: a person is emailed of a candidate once per saved search, and while paused the candidate counts nowhere.
 * An alert's first run (`matched_at` null: a new alert, or one older than the record) asks the whole
 * pool and records it without news: only later matches are news. A project whose filters changed
 * since its last run is asked of the whole pool too, as a new starting point: what the new filters find is its record,
 * and news only of who changed after the edit (`alert_changed_candidates.changed_at` later than the project's
 * `updated_at`) so as to newly match; the long-standing pool the new filters happen to find is not news. The waiting
 * news they no longer find is dropped (a cleared filter finds nobody).
 *
 * Per subscriber the rule of who reaches whom applies as the suggested tab applies it: the
 * statuses the viewer meets, a company's saved search without the admins' filters, and nobody
 * already in the project's pipeline, hidden or seen there (any project row). A candidate counts
 * once per subscriber (the unique row in alert_news). A changed candidate the viewer no longer
 * meets (paused, deactivated) drops out of every digest not yet sent.
 * Only subscriptions a run serves (who.ts: active projects, companies with alerts on, people who still receive them)
 * are asked. A run that consumes changed marks without serving a subscription that has a record (its project paused
 * or closed, its company's alerts off) leaves that record behind (`leaveBehind`): it forgets the filters the record
 * was made with (`matched_url` null), so the run that serves it again asks the whole pool as after a change of
 * filters: who changed meanwhile so as to newly match is news once (at most FULL_POOL_LIMIT, newest first), a
 * long-standing match is not, and waiting news no longer found is dropped.
 */
import type { Knex } from 'knex';
import { abilityFor } from '../../../schema/ability';
import { ALERT_NEWS_STATE } from '../../../schema/entities/alert';
import type { Actor } from '../../../schema/roles';
import { seenStatuses, viewerOf } from '../../../schema/rules/visibility';
import { savedSearch, type ProjectRow } from '../pipeline';
import { consentPredicates, searchContext, statusPredicate, whereOf } from '../search';
import { subscriberMeetsSql } from './news';
import { PROJECT_COLUMNS, projectOfRow, SUBSCRIBER_COLUMNS, subscriberOfRow } from './reached';
import { companyOnSql, mayReceiveSql, subscriberJoins } from './who';

/** Projects asked per statement: enough to share the scans, few enough to keep one plan small. */
const CHUNK = 200;
/** A record left behind announces at most this many of the pool's new matches, newest first. */
const FULL_POOL_LIMIT = 500;

interface SubscriptionRow {
  id: number;
  /** The subscriber, as a viewer. */
  actor: Actor;
  matchedUrl: string | null;
  matchedAt: Date | null;
  project: ProjectRow;
}

/**
 * How a run asks a subscription's saved search: of the changed candidates; of the whole pool when its filters changed
 * since its last run (a new starting record; news only of who changed after the edit and newly matches); of the whole
 * pool when its record was left behind (`matched_url` null: news is what it finds that it did not); of the whole pool
 * without news at its first run (what it finds then is its starting record).
 */
type Mode = 'changed' | 'refilter' | 'behind' | 'baseline';
const modeOf = (s: SubscriptionRow): Mode =>
  s.matchedAt === null
    ? 'baseline'
    : s.matchedUrl === null
      ? 'behind'
      : s.matchedUrl !== (s.project.currentUrl ?? '')
        ? 'refilter'
        : 'changed';

/** One saved search asked on behalf of the subscribers who share a project and a kind of viewer. */
interface Group {
  projectId: number;
  subscriptionIds: number[];
  mode: Mode;
  sql: string;
  bindings: unknown[];
}

export interface RunResult {
  changed: number;
  groups: number;
  news: number;
  dropped: number;
  /** Subscriptions that received news in this run. */
  alerted: number[];
}

/** The subscriptions the run serves: eligible people on active projects of companies with alerts on. */
async function subscriptions(trx: Knex.Transaction, only?: number): Promise<SubscriptionRow[]> {
  const { rows } = await trx.raw(
    `select s.id, s.matched_url, s.matched_at, ${SUBSCRIBER_COLUMNS}, ${PROJECT_COLUMNS}
       from alert_subscriptions s join projects p on p.id = s.project_id
       ${subscriberJoins}
      where ${mayReceiveSql} and ${companyOnSql} ${only === undefined ? '' : 'and s.id = ?'}
      order by s.project_id, s.id`,
    only === undefined ? [] : [only],
  );
  return (rows as Record<string, unknown>[]).map((r) => ({
    id: r.id as number,
    actor: subscriberOfRow(r),
    matchedUrl: r.matched_url as string | null,
    matchedAt: (r.matched_at as Date | null) ?? null,
    project: projectOfRow(r),
  }));
}

/**
 * The saved searches to ask: one per project and kind of viewer (admins may filter by the admins'
 * keys and meet semi-active candidates; companies not), each with the statuses its viewer meets.
 */
async function groupsOf(trx: Knex.Transaction, subs: SubscriptionRow[]): Promise<Group[]> {
  const { stats, rates } = await searchContext(trx as Knex);
  const byKey = new Map<string, SubscriptionRow[]>();
  for (const s of subs) {
    const key = `${s.project.id}:${viewerOf(s.actor)}:${modeOf(s)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const groups: Group[] = [];
  for (const members of byKey.values()) {
    const first = members[0];
    const actor = first.actor;
    const saved = await savedSearch(trx as Knex, abilityFor(actor), actor, first.project, stats, rates);
    if (!saved) continue;
    const found = whereOf([
      statusPredicate(stats, seenStatuses(viewerOf(actor))),
      ...consentPredicates(actor),
      ...saved.predicates,
    ]);
    groups.push({
      projectId: first.project.id,
      subscriptionIds: members.map((m) => m.id),
      mode: modeOf(first),
      sql: found.sql,
      bindings: found.bindings,
    });
  }
  return groups;
}

/** Records what a chunk of groups' saved searches find of `source` (aliased `d`) in `alert_run_hits`, per subscription. */
async function collectHits(trx: Knex.Transaction, chunk: Group[], source: string): Promise<void> {
  const branches: string[] = [];
  const bindings: unknown[] = [];
  chunk.forEach((g, i) => {
    branches.push(`(select ${i}::int as g, ?::int as project_id, d.id from ${source} d where ${g.sql})`);
    bindings.push(g.projectId, ...g.bindings);
  });
  await trx.raw(
    `insert into alert_run_hits (sub, project_id, id)
     select gs.sub, m.project_id, m.id
       from (${branches.join(' union all ')}) m
       join unnest(?::int[], ?::int[]) as gs(g, sub) on gs.g = m.g
     on conflict do nothing`,
    [
      ...bindings,
      chunk.flatMap((g, i) => g.subscriptionIds.map(() => i)),
      chunk.flatMap((g) => g.subscriptionIds),
    ] as Knex.RawBinding[],
  );
}

/** SQL over `alert_news n` or `alert_matches am` (`col`): limited to the run's changed candidates, or not. */
const scopeSql = (col: string, changedOnly: boolean) =>
  changedOnly ? `and ${col} in (select id from alert_run_ids)` : '';

/**
 * The news of `subs`: who their saved search finds now (`alert_run_hits`) and did not find at their last run
 * (`alert_matches`), nobody already in the pipeline; at most `limit` per subscription, newest first. News dropped
 * earlier (the candidate had stopped matching, or paused) waits again, but only news never emailed is news again: one
 * already emailed comes back as it was (counted in the app, its first match and its email kept), never announced nor
 * emailed twice. `afterEdit` keeps only candidates changed after the project's last edit (an edited search's news).
 * Returns the subscriptions of the news announced.
 */
async function announce(trx: Knex.Transaction, subs: number[], limit?: number, afterEdit = false) {
  if (!subs.length) return [];
  const edited = afterEdit
    ? `and exists (select 1 from alert_run_ids x join projects p on p.id = h.project_id
                    where x.id = h.id and x.changed_at > p.updated_at)`
    : '';
  const { rows } = await trx.raw(
    `insert into alert_news (subscription_id, project_id, candidate_id, first_matched_at, state)
     select sub, project_id, id, now(), ${ALERT_NEWS_STATE.new} from (
       select h.sub, h.project_id, h.id, row_number() over (partition by h.sub order by d.created_at desc, h.id desc) as rn
         from alert_run_hits h join candidate_search_documents d on d.id = h.id
        where h.sub = any(?::int[])
          and not exists (select 1 from alert_matches am where am.subscription_id = h.sub and am.candidate_id = h.id)
          and not exists (select 1 from project_candidates pc where pc.project_id = h.project_id and pc.candidate_id = h.id)
          ${edited}
     ) m where ${limit ? `m.rn <= ${limit}` : 'true'}
     on conflict (subscription_id, candidate_id) do update
       set state = excluded.state,
           first_matched_at = case when alert_news.emailed_at is null then excluded.first_matched_at
                                   else alert_news.first_matched_at end
       where alert_news.state = ${ALERT_NEWS_STATE.dropped}
     returning subscription_id, emailed_at is null as fresh`,
    [subs],
  );
  return (rows as { subscription_id: number; fresh: boolean }[]).filter((r) => r.fresh).map((r) => r.subscription_id);
}

/**
 * Brings `subs`' record of what their saved search finds up to this run (of the changed candidates, or of the whole
 * pool), and drops their news waiting to be looked at that it no longer finds; returns how many news rows dropped.
 */
async function remember(trx: Knex.Transaction, subs: number[], changedOnly: boolean): Promise<number> {
  if (!subs.length) return 0;
  const missing = (alias: string, col: string) =>
    `not exists (select 1 from alert_run_hits h where h.sub = ${alias}.subscription_id and h.id = ${alias}.${col})`;
  const dropped = await trx.raw(
    `update alert_news n set state = ${ALERT_NEWS_STATE.dropped}
      where n.subscription_id = any(?::int[]) and n.state = ${ALERT_NEWS_STATE.new}
        ${scopeSql('n.candidate_id', changedOnly)} and ${missing('n', 'candidate_id')}`,
    [subs],
  );
  await trx.raw(
    `delete from alert_matches am where am.subscription_id = any(?::int[])
        ${scopeSql('am.candidate_id', changedOnly)} and ${missing('am', 'candidate_id')}`,
    [subs],
  );
  await trx.raw(
    `insert into alert_matches (subscription_id, candidate_id)
     select sub, id from alert_run_hits where sub = any(?::int[]) on conflict do nothing`,
    [subs],
  );
  return dropped.rowCount ?? 0;
}

/** Copies the changed candidates' search documents into a small table with the index kinds search's conditions use. */
async function changedDocs(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`create temp table alert_run_docs on commit drop as
    select d.* from candidate_search_documents d join alert_run_ids x on x.id = d.id`);
  await trx.raw('create index on alert_run_docs using gin (facet_values, vector)');
  await trx.raw('create index on alert_run_docs (salary_sgd)');
  await trx.raw('analyze alert_run_docs');
}

const hitsTable = (trx: Knex.Transaction) =>
  trx.raw('create temp table alert_run_hits (sub int, project_id int, id int, primary key (sub, id)) on commit drop');

/** The filters each subscription was matched with, and when: a later change of them asks the whole pool again. */
const markMatched = (trx: Knex.Transaction, subs: number[]) =>
  trx.raw(
    `update alert_subscriptions s set matched_url = coalesce(p.current_url, ''), matched_at = now() from projects p
      where p.id = s.project_id and s.id = any(?::int[])
        and (s.matched_at is null or s.matched_url is distinct from coalesce(p.current_url, ''))`,
    [subs],
  );

/**
 * The subscriptions with a record that this run does not serve (not in `served`) miss the changed candidates it
 * consumes: their record is marked behind, so their next served run asks the whole pool (mode 'refilter').
 */
const leaveBehind = (trx: Knex.Transaction, served: number[]) =>
  trx.raw(
    `update alert_subscriptions set matched_url = null
      where matched_at is not null and matched_url is not null and not (id = any(?::int[]))`,
    [served],
  );

/**
 * Records what a new alert's saved search finds today, announcing nobody: only later matches are news (the PUT that
 * turns it on). An alert the run would not serve yet (its company's alerts off) is recorded at its first run.
 */
export async function startRecord(knex: Knex, subscriptionId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    const subs = (await subscriptions(trx, subscriptionId)).filter((s) => s.matchedAt === null);
    if (!subs.length) return;
    await hitsTable(trx);
    for (const g of await groupsOf(trx, subs)) await collectHits(trx, [g], 'candidate_search_documents');
    await remember(
      trx,
      subs.map((s) => s.id),
      false,
    );
    await markMatched(
      trx,
      subs.map((s) => s.id),
    );
  });
}

/**
 * One run, in one transaction (safe to run twice: the changed marks it consumed return with a rollback, and news and
 * match rows are unique).
 */
export async function matchAlerts(knex: Knex): Promise<RunResult> {
  return knex.transaction(async (trx) => {
    const result: RunResult = { changed: 0, groups: 0, news: 0, dropped: 0, alerted: [] };
    const subs = await subscriptions(trx);
    await trx.raw(`create temp table alert_run_ids on commit drop as
      with taken as (delete from alert_changed_candidates returning candidate_id, changed_at)
      select candidate_id as id, changed_at from taken`);
    result.changed = Number((await trx.raw('select count(*)::int as n from alert_run_ids')).rows[0].n);
    if (result.changed)
      await leaveBehind(
        trx,
        subs.map((s) => s.id),
      );
    // A changed candidate a subscriber no longer meets leaves the news not yet emailed (paused, deactivated, or no
    // longer shown to companies).
    const dropped = await trx.raw(
      `update alert_news n set state = ${ALERT_NEWS_STATE.dropped}
         from alert_run_ids x, candidates c, alert_subscriptions s
        where n.candidate_id = x.id and c.id = x.id and s.id = n.subscription_id
          and n.state = ${ALERT_NEWS_STATE.new} and n.emailed_at is null
          and not ${subscriberMeetsSql}`,
    );
    result.dropped = dropped.rowCount ?? 0;
    if (!subs.length) return result;
    await hitsTable(trx);
    const groups = await groupsOf(trx, subs);
    result.groups = groups.length;
    const changedGroups = groups.filter((g) => g.mode === 'changed');
    if (result.changed && changedGroups.length) {
      await changedDocs(trx);
      for (let i = 0; i < changedGroups.length; i += CHUNK)
        await collectHits(trx, changedGroups.slice(i, i + CHUNK), 'alert_run_docs');
    }
    for (const g of groups.filter((x) => x.mode !== 'changed'))
      await collectHits(trx, [g], 'candidate_search_documents');
    const ids = (mode: Mode) => subs.filter((s) => modeOf(s) === mode).map((s) => s.id);
    const alerted = [
      ...(result.changed ? await announce(trx, ids('changed')) : []),
      ...(result.changed ? await announce(trx, ids('refilter'), undefined, true) : []),
      ...(await announce(trx, ids('behind'), FULL_POOL_LIMIT)),
    ];
    result.news = alerted.length;
    if (result.changed) result.dropped += await remember(trx, ids('changed'), true);
    result.dropped += await remember(trx, [...ids('refilter'), ...ids('behind'), ...ids('baseline')], false);
    await markMatched(
      trx,
      subs.map((s) => s.id),
    );
    result.alerted = [...new Set(alerted)];
    return result;
  });
}
