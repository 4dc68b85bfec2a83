/**
 * GET /alerts/mine: the caller's alerts with the candidates still new to them, for the search page,
 * which says "N new since <day>" when its filters are a subscribed project's saved filters (the
 * project page's "Open in search", or the same search typed again) and badges those candidates'
 * cards. Only subscriptions the caller may still receive (who.ts), of companies whose alerts are on.
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { defineEndpoint } from '../../endpoints/define';
import { pendingNewsSql } from './news';
import { newLink } from './notice';
import { personOf } from '../../../schema/rules/alerts';
import { companyOnSql, mayReceiveSql, subscriberJoins } from './who';

/** Subscriptions listed at most, and new candidates named per subscription. */
const MAX_ALERTS = 200;
const MAX_IDS = 1000;

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

/** The query of a saved search address such as `/search?jt=12`. */
export const filtersOf = (url: string | null | undefined) =>
  url && url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';

async function searchNews(knex: Knex, kind: number, id: number): Promise<SearchNews[]> {
  const { rows } = await knex.raw(
    `select p.id as project_id, p.title, p.current_url, coalesce(s.last_looked_at, s.created_at) as since,
            array(select n.candidate_id from alert_news n join candidates c on c.id = n.candidate_id
                   where n.subscription_id = s.id and ${pendingNewsSql}
                   order by n.first_matched_at desc, n.id desc limit ${MAX_IDS}) as ids
       from alert_subscriptions s join projects p on p.id = s.project_id ${subscriberJoins}
      where s.recipient_kind = ? and s.recipient_id = ? and ${mayReceiveSql} and ${companyOnSql}
      order by p.title, p.id limit ${MAX_ALERTS}`,
    [kind, id],
  );
  return (rows as { project_id: number; title: string; current_url: string | null; since: Date; ids: number[] }[]).map(
    (r) => ({
      projectId: String(formatId(projectDef, r.project_id)),
      title: r.title,
      filters: filtersOf(r.current_url),
      link: newLink(r.project_id),
      newCount: r.ids.length,
      since: new Date(r.since).toISOString(),
      newCandidateIds: r.ids.map((c) => String(formatId(candidateDef, c))),
    }),
  );
}

export const searchNewsEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/alerts/mine',
    summary: "The caller's saved-search alerts and the candidates new to them, for the search page",
    access: 'signedIn',
    handler: async ({ actor, ctx }) => {
      const person = personOf(actor);
      return { data: person ? await searchNews(ctx.knex, person.kind, person.id) : [] };
    },
  }),
];
