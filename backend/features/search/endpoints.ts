/**
 * The search routes: `GET /search` with every filter under its short key, answering `{docs,
 * totalResults, totalIsEstimate, facets, salaryMax, tookMs}` (searchCandidates in index.ts; salaryMax is the
 * salary slider's top, 100,000 SGD in the asked currency), and
 * `GET /search/candidates/:id`, the profile as the searcher may see it (profile.ts). The caller's
 * declared `search` permission on Candidate decides who may search at all and by which fields
 * (admin-only keys are refused with a field message). Reads go to the read replica when one is
 * configured; the search appearances they cause are written afterwards, in one statement, while the
 * searcher's allowance of logged search pages lasts (appearances.ts).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { readOn } from '../../db/replica';
import { defineEndpoint, type Endpoint } from '../../endpoints/define';
import { badRequest } from '../../errors';
import { analytics } from '../../adapters/analytics';
import { queueJob } from '../../services/queue';
import { logAfterResponse } from './appearances';
import { searchCandidates } from './searchCandidates';
import { ADMIN_KEYS, ParamError, parseSearchParams, type SearchParams } from './params';
import { profileEndpoint, type ProjectPlace } from './profile';

/** The query string through the spec's fallbacks; what cannot fall back is a field error. */
const searchQuery = z.unknown().transform((raw, ctx): SearchParams => {
  try {
    return parseSearchParams((raw ?? {}) as Record<string, unknown>);
  } catch (err) {
    if (!(err instanceof ParamError)) throw err;
    for (const [field, message] of Object.entries(err.fields)) ctx.addIssue({ code: 'custom', message, path: [field] });
    return z.NEVER;
  }
});

export const searchEndpoint = defineEndpoint({
  method: 'get',
  path: '/search',
  summary: 'Candidate search with filters, facets, ranking and explanations',
  access: { action: 'search', subject: 'Candidate' },
  input: { query: searchQuery },
  handler: async ({ query: params, ability, actor, ctx, req, res }) => {
    const started = performance.now();
    const refused = params.adminKeys.filter((key) => !ability.can('search', 'Candidate', ADMIN_KEYS[key]));
    if (refused.length) throw badRequest(Object.fromEntries(refused.map((key) => [key, `${key}.errors.adminOnly`])));
    const answer = await readOn(ctx, (knex) => searchCandidates(knex, { ability, actor, params }));
    logAfterResponse(res, ctx, actor, 'searchAppearance', answer.ids);
    // The filters' names and the number found, never who was found.
    analytics
      .record(ctx.knex, actor, 'search', {
        resultCount: answer.total ?? answer.ids.length,
        filters: Object.keys(req.query ?? {}).filter((k) => !['page', 'perPage'].includes(k)),
      })
      .catch(() => undefined);
    return {
      docs: answer.page,
      totalResults: answer.total,
      totalIsEstimate: answer.totalIsEstimate,
      facets: answer.facets,
      page: params.page,
      perPage: params.perPage,
      sort: params.sort,
      currency: params.currency,
      salaryMax: answer.salaryMax,
      tookMs: Math.round(performance.now() - started),
    };
  },
});

/** Queues the first count of search terms (typo tolerance) on a database that has none yet. */
export async function queueSearchTermsIfMissing(knex: Knex): Promise<void> {
  if (await knex('search_terms').first('id')) return;
  await queueJob(knex, 'refresh_search_terms', {}, { jobKey: 'refresh_search_terms' });
}

/** The search routes; `projectPlace` is the pipeline's answer for a profile opened from a project. */
export function searchEndpoints(projectPlace: ProjectPlace): Endpoint[] {
  return [searchEndpoint, profileEndpoint(projectPlace)];
}
