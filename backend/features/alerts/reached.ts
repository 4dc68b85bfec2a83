/**
 * The news a person still reaches, one statement per alert: what the alert panel counts and lists (GET
 * /alerts/projects/:projectId and its /new, the cards' badges) and what the search page counts (GET /alerts/mine), so
 * a count never holds a candidate the list leaves out. It is the news still waiting (news.ts `pendingNewsSql`: new, met
 * by that kind of viewer, not moved on in the pipeline) that the person reaches in the project by the rule of
 * pipeline's `reachableIds`, written in SQL over the candidate `c`:
 * - the statuses the viewer meets and, for companies, the consent to be shown to them (`statusSql`);
 * - an admin reaches every such candidate; a company one on its board of the project (`onBoardSql` over their row,
 *   in a stage it sees, a row that holds them, pipeline's `heldSql`, among them one the company asked to interview,
 *   or one flagged hidden or favourite; a row written only by a seen mark or a whitelist request holds nobody) or
 *   found by the project's saved filters as its suggested tab reads them (pipeline's `savedSearch`, with the caller's
 *   own ability: a company's saved search leaves out the admins' keys).
 * A candidate who no longer matches the saved filters (their profile changed, the filters changed) leaves the count at
 * once, before the next matching run drops the news; one paused, deactivated or withdrawn from companies too.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import { ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import { adminTypeFromNumber, subRoleFromNumber, type Actor } from '../../../schema/roles';
import { onBoardSql, statusSql, viewerOf } from '../../../schema/rules/visibility';
import { heldSql, savedSearch, type ProjectRow } from '../pipeline';
import { searchContext, whereOf } from '../search';
import { pendingNewsSql } from './news';

/** News named per alert at most, newest first. */
export const MAX_NEWS = 1000;

/**
 * SQL over candidate `c`: the caller reaches them in project `?` (the project's id, then the saved filters' bindings);
 * also what the digest (digest.ts) carries, so its count and names are the list its link opens.
 */
export async function reachSql(knex: Knex, ability: AppAbility, actor: Actor, project: ProjectRow) {
  const viewer = viewerOf(actor);
  if (viewer === 'admin') return { sql: statusSql(viewer), bindings: [] as unknown[] };
  const board = `exists (select 1 from project_candidates pcr where pcr.project_id = ? and pcr.candidate_id = c.id
                          and ${onBoardSql(viewer, 'c', 'pcr')} and (${heldSql('pcr')} or pcr.is_hidden or pcr.is_favorited))`;
  const { stats, rates } = await searchContext(knex);
  const saved = viewer === 'raasCompany' ? null : await savedSearch(knex, ability, actor, project, stats, rates);
  if (!saved) return { sql: `(${statusSql(viewer)} and ${board})`, bindings: [project.id] as unknown[] };
  const found = whereOf(saved.predicates);
  return {
    sql: `(${statusSql(viewer)} and (${board}
           or exists (select 1 from candidate_search_documents d where d.id = c.id and (${found.sql}))))`,
    bindings: [project.id, ...found.bindings],
  };
}

/** SQL: the news of alert `?` waiting for its person that the caller reaches (`reach`), as `n` over `c` and `s`. */
const reachedFrom = (reach: { sql: string }) => `alert_news n join candidates c on c.id = n.candidate_id
       join alert_subscriptions s on s.id = n.subscription_id
      where n.subscription_id = ? and ${pendingNewsSql} and ${reach.sql}`;

/** The ids of the news of alert `subscriptionId` (on `project`) that the caller still reaches, newest first. */
export async function reachedNews(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  subscriptionId: number,
): Promise<number[]> {
  const reach = await reachSql(knex, ability, actor, project);
  const { rows } = await knex.raw(
    `select n.candidate_id from ${reachedFrom(reach)}
      order by n.first_matched_at desc, n.id desc limit ${MAX_NEWS}`,
    [subscriptionId, ...reach.bindings] as Knex.RawBinding[],
  );
  return (rows as { candidate_id: number }[]).map((r) => r.candidate_id);
}

/**
 * How many news of alert `subscriptionId` the caller still reaches: the length of `reachedNews` (at most MAX_NEWS), in
 * one statement without naming them; what the alert's in-app notification counts (notice.ts).
 */
export async function reachedCount(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  subscriptionId: number,
): Promise<number> {
  const reach = await reachSql(knex, ability, actor, project);
  const { rows } = await knex.raw(
    `select count(*)::int as n from (select 1 from ${reachedFrom(reach)} limit ${MAX_NEWS}) x`,
    [subscriptionId, ...reach.bindings] as Knex.RawBinding[],
  );
  return (rows as { n: number }[])[0].n;
}

/** The subscriber of a row selecting `SUBSCRIBER_COLUMNS` (after who.ts's `subscriberJoins`), as an actor. */
export function subscriberOfRow(r: Record<string, unknown>): Actor {
  if (r.recipient_kind === ALERT_RECIPIENT_KIND.admin)
    return {
      role: 'admin',
      id: r.recipient_id as number,
      adminType: adminTypeFromNumber(r.admin_type as number | null),
    };
  return {
    role: 'company',
    id: r.recipient_id as number,
    subRole: subRoleFromNumber(r.sub_role as number | null),
    companyId: (r.user_company_id as number | null) ?? undefined,
  };
}

/** The columns `subscriberOfRow` reads, over `alert_subscriptions s` and who.ts's `subscriberJoins`. */
export const SUBSCRIBER_COLUMNS = `s.recipient_kind, s.recipient_id, u.role as sub_role, a.role as admin_type,
  u.company_id as user_company_id`;

/** The project of a row selecting `projects p`'s columns under the names `p_id`, `guid`, `title`, `company_id`, …. */
export const projectOfRow = (r: Record<string, unknown>): ProjectRow => ({
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
});

/** The columns `projectOfRow` reads, over `projects p`. */
export const PROJECT_COLUMNS = `p.id as p_id, p.guid, p.title, p.company_id, p.owner_id, p.advocate_id, p.project_type,
  p.plan, p.status, p.current_url, p.is_admin_project, p.shared_user_ids, p.shared_with_company`;
