/**
 * The matching run: which candidates newly match which subscribers' projects. One transaction
 * takes the candidates marked changed since the last run (a trigger on the search documents marks
 * them, migrations/*_mark_candidates_changed_for_alerts.ts), copies their search documents into a
 * small indexed table under the same alias `d`, and asks every project's saved search of it at
 * once: each project's conditions are the suggested tab's own (pipeline's `savedSearch`, built by
 * search's `buildFilters`), written as branches of one statement per chunk of projects, so a run
 * costs a few statements over the changed set rather than one search of the whole pool per
 * project. A project whose filters changed since its last run is asked of the whole pool instead,
 * after the news of its old filters not yet looked at nor emailed is removed (what still matches is
 * found again; a cleared filter leaves no news).
 *
 * Per subscriber the rule of who reaches whom applies as the suggested tab applies it: the
 * statuses the viewer meets, a company's saved search without the admins' filters, and nobody
 * already in the project's pipeline, hidden or seen there (any project row). A candidate counts
 * once per subscriber (the unique row in alert_news). A changed candidate the viewer no longer
 * meets (paused, deactivated) drops out of every digest not yet sent.
 */
import type { Knex } from 'knex';
import { abilityFor } from '../../../schema/ability';
import { ALERT_NEWS_STATE, ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import { subRoleFromNumber, adminTypeFromNumber, type Actor } from '../../../schema/roles';
import { seenStatuses, viewerOf } from '../../../schema/rules/visibility';
import { savedSearch, type ProjectRow } from '../pipeline';
import { consentPredicates, searchContext, statusPredicate, whereOf } from '../search';
import { subscriberMeetsSql } from './news';
import { companyOnSql, mayReceiveSql, subscriberJoins } from './who';

/** Projects asked per statement: enough to share the scans, few enough to keep one plan small. */
const CHUNK = 200;
/** A project whose filters changed announces at most this many of the pool's matches, newest first. */
const FULL_POOL_LIMIT = 500;

interface SubscriptionRow {
  id: number;
  recipientKind: number;
  recipientId: number;
  subRole: number | null;
  adminType: number | null;
  userCompanyId: number | null;
  matchedUrl: string | null;
  project: ProjectRow;
}

/** One saved search asked on behalf of the subscribers who share a project and a kind of viewer. */
interface Group {
  projectId: number;
  subscriptionIds: number[];
  wholePool: boolean;
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

function actorOf(s: SubscriptionRow): Actor {
  if (s.recipientKind === ALERT_RECIPIENT_KIND.admin)
    return { role: 'admin', id: s.recipientId, adminType: adminTypeFromNumber(s.adminType) };
  return {
    role: 'company',
    id: s.recipientId,
    subRole: subRoleFromNumber(s.subRole),
    companyId: s.userCompanyId ?? undefined,
  };
}

/** The subscriptions the run serves: eligible people on active projects of companies with alerts on. */
async function subscriptions(trx: Knex.Transaction): Promise<SubscriptionRow[]> {
  const { rows } = await trx.raw(
    `select s.id, s.recipient_kind, s.recipient_id, s.matched_url, u.role as sub_role, a.role as admin_type,
            u.company_id as user_company_id,
            p.id as p_id, p.guid, p.title, p.company_id, p.owner_id, p.advocate_id, p.project_type, p.plan, p.status,
            p.current_url, p.is_admin_project, p.shared_user_ids, p.shared_with_company
       from alert_subscriptions s join projects p on p.id = s.project_id
       ${subscriberJoins}
      where ${mayReceiveSql} and ${companyOnSql}
      order by s.project_id, s.id`,
  );
  return (rows as Record<string, unknown>[]).map((r) => ({
    id: r.id as number,
    recipientKind: r.recipient_kind as number,
    recipientId: r.recipient_id as number,
    subRole: r.sub_role as number | null,
    adminType: r.admin_type as number | null,
    userCompanyId: r.user_company_id as number | null,
    matchedUrl: r.matched_url as string | null,
    project: {
      id: r.p_id as number,
      guid: r.guid as string,
      title: r.title as string,
      companyId: r.company_id as number | null,
      ownerId: r.owner_id as number | null,
      advocateId: r.advocate_id as number | null,
      projectType: r.project_type as number,
      plan: r.plan as number,
      status: r.status as number,
      currentUrl: r.current_url as string | null,
      isAdminProject: Boolean(r.is_admin_project),
      sharedUserIds: (r.shared_user_ids as number[] | null) ?? [],
      sharedWithCompany: Boolean(r.shared_with_company),
    },
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
    const wholePool = (s.matchedUrl ?? '') !== (s.project.currentUrl ?? '');
    const key = `${s.project.id}:${viewerOf(actorOf(s))}:${wholePool}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const groups: Group[] = [];
  for (const members of byKey.values()) {
    const first = members[0];
    const actor = actorOf(first);
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
      wholePool: (first.matchedUrl ?? '') !== (first.project.currentUrl ?? ''),
      sql: found.sql,
      bindings: found.bindings,
    });
  }
  return groups;
}

/** Inserts the news of a chunk of groups asked of `source` (aliased `d`); returns the subscriptions that gained news and how many rows. */
async function askChunk(
  trx: Knex.Transaction,
  chunk: Group[],
  source: string,
  limit?: number,
): Promise<{ subs: Set<number>; count: number }> {
  const branches: string[] = [];
  const bindings: unknown[] = [];
  chunk.forEach((g, i) => {
    const tail = limit ? ` order by d.created_at desc limit ${limit}` : '';
    branches.push(`(select ${i}::int as g, ?::int as project_id, d.id from ${source} d where ${g.sql}${tail})`);
    bindings.push(g.projectId, ...g.bindings);
  });
  const groupIds = chunk.flatMap((g, i) => g.subscriptionIds.map(() => i));
  const subIds = chunk.flatMap((g) => g.subscriptionIds);
  const { rows } = await trx.raw(
    `insert into alert_news (subscription_id, project_id, candidate_id, first_matched_at, state)
     select gs.sub, m.project_id, m.id, now(), ${ALERT_NEWS_STATE.new}
       from (${branches.join(' union all ')}) m
       join unnest(?::int[], ?::int[]) as gs(g, sub) on gs.g = m.g
      where not exists (select 1 from project_candidates pc where pc.project_id = m.project_id and pc.candidate_id = m.id)
     on conflict (subscription_id, candidate_id) do nothing
     returning subscription_id`,
    [...bindings, groupIds, subIds] as Knex.RawBinding[],
  );
  const out = rows as { subscription_id: number }[];
  return { subs: new Set(out.map((r) => r.subscription_id)), count: out.length };
}

/**
 * One run, in one transaction (safe to run twice: the changed marks it consumed return with a
 * rollback, and news rows are unique). `changedOnly` false asks every project of the whole pool
 * (what the benchmark compares against).
 */
export async function matchAlerts(knex: Knex): Promise<RunResult> {
  return knex.transaction(async (trx) => {
    const result: RunResult = { changed: 0, groups: 0, news: 0, dropped: 0, alerted: [] };
    const subs = await subscriptions(trx);
    await trx.raw(`create temp table alert_run_ids on commit drop as
      with taken as (delete from alert_changed_candidates returning candidate_id) select candidate_id as id from taken`);
    result.changed = Number((await trx.raw('select count(*)::int as n from alert_run_ids')).rows[0].n);
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
    // A subscription whose filters changed (or were cleared) since its last run: the news of the old filters that is
    // still new and not yet emailed goes; the whole pool is asked of the new filters below, which finds again those
    // that still match.
    const refiltered = subs.filter((s) => (s.matchedUrl ?? '') !== (s.project.currentUrl ?? '')).map((s) => s.id);
    if (refiltered.length)
      await trx('alert_news')
        .whereIn('subscription_id', refiltered)
        .where('state', ALERT_NEWS_STATE.new)
        .whereNull('emailed_at')
        .delete();
    const groups = await groupsOf(trx, subs);
    result.groups = groups.length;
    const alerted = new Set<number>();
    const changedGroups = groups.filter((g) => !g.wholePool);
    if (result.changed && changedGroups.length) {
      await trx.raw(`create temp table alert_run_docs on commit drop as
        select d.* from candidate_search_documents d join alert_run_ids x on x.id = d.id`);
      // The changed documents under the index kinds search's conditions are written for.
      await trx.raw('create index on alert_run_docs using gin (facet_values, vector)');
      await trx.raw('create index on alert_run_docs (salary_sgd)');
      await trx.raw('analyze alert_run_docs');
      for (let i = 0; i < changedGroups.length; i += CHUNK) {
        const { subs: got, count } = await askChunk(trx, changedGroups.slice(i, i + CHUNK), 'alert_run_docs');
        got.forEach((s) => alerted.add(s));
        result.news += count;
      }
    }
    for (const g of groups.filter((x) => x.wholePool)) {
      const { subs: got, count } = await askChunk(trx, [g], 'candidate_search_documents', FULL_POOL_LIMIT);
      got.forEach((s) => alerted.add(s));
      result.news += count;
    }
    // The filters each subscription was matched with: a later change of them asks the whole pool again.
    await trx.raw(
      `update alert_subscriptions s set matched_url = p.current_url from projects p
        where p.id = s.project_id and s.id = any(?::int[]) and s.matched_url is distinct from p.current_url`,
      [subs.map((s) => s.id)],
    );
    result.alerted = [...alerted];
    return result;
  });
}
