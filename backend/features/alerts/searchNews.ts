/**
 * GET /alerts/mine: the caller's alerts with the candidates still new to them, for the search page,
 * which says "N new since <day>" when its filters are a subscribed project's saved filters (the
 * project page's "Open in search", or the same search typed again) and badges those candidates'
 * cards. Only subscriptions the caller may still receive (who.ts), of companies whose alerts are on; each one's count
 * and candidates are the news the caller still reaches in its project (reached.ts), as the project's alert panel
 * counts and lists them: one statement lists the alerts, and one more per alert with news waiting.
 */
import type { Knex } from 'knex';
import { textOrder } from '../../db/textOrder';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { defineEndpoint } from '../../endpoints/define';
import { pendingNewsSql } from './news';
import { newLink } from './notice';
import { personOf, type Person } from '../../../schema/rules/alerts';
import { PROJECT_COLUMNS, projectOfRow, reachedNews } from './reached';
import { companyOnSql, mayReceiveSql, subscriberJoins } from './who';

/** Subscriptions listed at most, and new candidates named per subscription. */
const MAX_ALERTS = 200;

const projectDef = entity('project');
const candidateDef = entity('candidate');

export interface SearchNews {
  projectId: string;
  title: string;
  /** The project's saved search, its query without the leading `?` (the suggested tab's filters). */
  filters: string;
  /** The project's suggested tab filtered to the new ones. */
  link: string;
  newCount: number;
  since: string;
  newCandidateIds: string[];
}

/**
 * The query of a project's saved search as the search page opens it, whichever shape is stored: the query alone
 * (`jt=12`, as the portal and the projects calls save it), or an address (`/search?jt=12`, `?jt=12`). An address
 * without a query (`/search`) has none.
 */
export function filtersOf(url: string | null | undefined): string {
  const text = url?.trim() ?? '';
  const at = text.indexOf('?');
  if (at >= 0) return text.slice(at + 1);
  return text.startsWith('/') ? '' : text;
}

async function searchNews(knex: Knex, ability: AppAbility, actor: Actor, person: Person): Promise<SearchNews[]> {
  const { rows } = await knex.raw(
    `select s.id as sub_id, ${PROJECT_COLUMNS}, coalesce(s.last_looked_at, s.created_at) as since,
            exists (select 1 from alert_news n join candidates c on c.id = n.candidate_id
                     where n.subscription_id = s.id and ${pendingNewsSql}) as waiting
       from alert_subscriptions s join projects p on p.id = s.project_id ${subscriberJoins}
      where s.recipient_kind = ? and s.recipient_id = ? and ${mayReceiveSql} and ${companyOnSql}
      order by ${textOrder('p.title')}, p.id limit ${MAX_ALERTS}`,
    [person.kind, person.id],
  );
  const found: SearchNews[] = [];
  for (const r of rows as Record<string, unknown>[]) {
    const project = projectOfRow(r);
    const ids = r.waiting ? await reachedNews(knex, ability, actor, project, r.sub_id as number) : [];
    found.push({
      projectId: String(formatId(projectDef, project.id)),
      title: project.title,
      filters: filtersOf(project.currentUrl),
      link: newLink(project.id),
      newCount: ids.length,
      since: new Date(r.since as Date).toISOString(),
      newCandidateIds: ids.map((c) => String(formatId(candidateDef, c))),
    });
  }
  return found;
}

export const searchNewsEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/alerts/mine',
    summary: "The caller's saved-search alerts and the candidates new to them, for the search page",
    access: 'signedIn',
    handler: async ({ actor, ability, ctx }) => {
      const person = personOf(actor);
      return { data: person ? await searchNews(ctx.knex, ability, actor, person) : [] };
    },
  }),
];
