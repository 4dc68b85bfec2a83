/**
 * Candidate search, its public face: what the search page, the pipeline's tabs, interviews, exports
 * and AI match call. Filters in (a checked SearchParams, or conditions of one's own over the search
 * documents `d`), `{ total, totalIsEstimate, page, facets }` out, each page document with `matched`
 * (why it matched) and its highlights. Other capabilities import search through this file alone.
 *
 * Everything is answered by PostgreSQL over `candidate_search_documents`, one row per candidate
 * kept true by statements in the writing transaction (migrations maintain_candidate_search_documents
 * and keep_search_documents_by_statements); API processes hold no candidate data. The folder, by
 * what each part does:
 * - params and filters: params.ts (the query string and its fallbacks), filters.ts (the request as
 *   conditions), conditions.ts (how each condition is written so only selective ones drive an index),
 *   text.ts (full text, prefixes, aliases, typos), estimate.ts (expected shares from pg_stats),
 *   labels.ts, rates.ts;
 * - the plan and its statements: passes.ts (the sets a search reads and their SQL), page.ts (ranking
 *   and paging), sample.ts (the repeatable sample estimates read);
 * - counts and facets: counts.ts;
 * - results and highlights: results.ts, profile.ts (the profile panel), appearances.ts;
 * - visibility: visibility.ts (who finds whom, and what of them);
 * - the routes: endpoints.ts (`GET /search`, the profile), adminList.ts (the console's talent list).
 * docs/search.md explains the choices and how search scales past one machine.
 */
export { searchEndpoints, queueSearchTermsIfMissing } from './endpoints';
export { searchCandidates, searchContext, type FacetOption, type SearchAnswer } from './searchCandidates';
export { ADMIN_KEYS, ParamError, parseSearchParams, TAB_SORTS, type Query, type SearchParams } from './params';
export {
  consentPredicates,
  experiencePredicate,
  facetCodes,
  statusPredicate,
  whereOf,
  type Predicate,
} from './conditions';
export { buildFilters, type Filters } from './filters';
export { countAndFacet } from './counts';
export { tableStats, type TableStats } from './estimate';
export { currencyRates } from './rates';
export { labelsFor } from './labels';
export { experienceYears, loadResults } from './results';
export { openProfile } from './profile';
export { searchLogLimit } from './appearances';
export { textQuery } from './text';
export { adminAnonymous, identityPublic, seesIdentity } from './visibility';
export { candidateList } from './adminList';
export { NOTICE_BUCKET_SQL } from './conditions';
export { DIMENSION_KEYS } from './params';
