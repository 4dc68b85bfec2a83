/**
 * Candidate search (spec section 2's search page): `GET /search` with every filter under its
 * short key, answering `{docs, totalResults, totalIsEstimate, facets, tookMs}`, and
 * `GET /search/candidates/:id`, the profile as the searcher may see it. Companies find active
 * candidates, admins active and semi-active ones (visibility.ts); the caller's declared `search`
 * permission on Candidate decides who may search at all and by which fields (admin-only keys are
 * refused with a field message). Reads go to the read replica when one is configured; the search
 * appearances and profile views they cause are written afterwards, in one statement each.
 *
 * The pieces: params.ts (query string and fallbacks), filters.ts (conditions), estimate.ts
 * (statistics), counts.ts (total and facets), page.ts (ranking), results.ts (what each result
 * shows and why it matched), profile.ts (the profile panel).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { readKnex } from '../../db/replica';
import { defineEndpoint, type Endpoint } from '../../endpoints/define';
import { badRequest } from '../../errors';
import { logAfterResponse } from './appearances';
import { countAndFacet } from './counts';
import { tableStats } from './estimate';
import { buildFilters } from './filters';
import { KIND_OF, labelsFor } from './labels';
import { ADMIN_KEYS, ParamError, parseSearchParams, type SearchParams } from './params';
import { profileEndpoint } from './profile';
import { currencyRates } from './rates';
import { readResults } from './results';
import { memorySearch, searchDocuments } from './memorySearch';
import { analytics } from '../../adapters/analytics';

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
    const knex = readKnex(ctx);
    // The documents held in memory are caught up (from the request's arrival on) while the conditions are read.
    const held = ctx.config.searchInMemory ? searchDocuments(knex, req) : Promise.resolve(undefined);
    // The names of what the answer shows are read while the search runs.
    const labelsRead = labelsFor(knex, ability);
    labelsRead.catch(() => undefined);
    const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
    const filters = await buildFilters(knex, ability, actor, params, stats, rates);
    // A search whose every condition has an in-memory form is answered from the documents held in memory; another reads PostgreSQL.
    const counts = (await memorySearch(knex, filters, stats, params, held)) ?? (await countAndFacet(knex, filters, stats, { page: { filters, params } }));
    const labels = await labelsRead;
    const ids = counts.pageIds;
    // The page's rows are read while the facets of a search held in memory are counted.
    const results = await readResults(knex, ids, { actor, filters, labels, currency: params.currency, rates });
    const rawFacets = typeof counts.facets === 'function' ? counts.facets() : counts.facets;
    const docs = await results.docs;
    logAfterResponse(res, ctx.knex, actor, 'searchAppearance', ids);
    // The filters' names and the number found, never who was found.
    analytics
      .record(ctx.knex, actor, 'search', {
        resultCount: counts.total ?? ids.length,
        filters: Object.keys(req.query ?? {}).filter((k) => !['page', 'perPage'].includes(k)),
      })
      .catch(() => undefined);
    const facets = Object.fromEntries(
      rawFacets.map((f) => [
        f.key,
        {
          options: f.values.flatMap(({ id, count }) => {
            const option = labels.of(KIND_OF[f.key], id);
            return option ? [{ ...option, count, selected: Boolean(filters.selected[f.key]?.includes(id)) }] : [];
          }),
          distinct: f.distinct,
          estimated: f.estimated,
        },
      ]),
    );
    return {
      docs,
      totalResults: counts.total,
      totalIsEstimate: counts.totalIsEstimate,
      facets,
      page: params.page,
      perPage: params.perPage,
      sort: params.sort,
      currency: params.currency,
      tookMs: Math.round(performance.now() - started),
    };
  },
});

/** Queues the first count of search terms (typo tolerance) on a database that has none yet. */
export async function queueSearchTermsIfMissing(knex: Knex): Promise<void> {
  if (await knex('search_terms').first('id')) return;
  await knex.raw("select graphile_worker.add_job('refresh_search_terms', '{}'::json, job_key := 'refresh_search_terms')");
}

export function searchEndpoints(): Endpoint[] {
  return [searchEndpoint, profileEndpoint];
}
