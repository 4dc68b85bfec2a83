/**
 * A search as the search page asks it (index.ts is its public face): the searcher's visibility and
 * the params' filters in; the total, the facets with their labels, and the page's documents out.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { countAndFacet } from './counts';
import { tableStats, type TableStats } from './estimate';
import { buildFilters, type Filters } from './filters';
import { KIND_OF, labelsFor } from './labels';
import { salarySliderMax, type SearchParams } from './params';
import { currencyRates } from './rates';
import { readResults } from './results';

export interface FacetOption {
  id: number | string;
  label: string;
  src: string | null;
  count: number;
  selected: boolean;
}

export interface SearchAnswer {
  total: number;
  totalIsEstimate: boolean;
  /** The page's documents as the searcher may see them, each with `matched` and highlights. */
  page: Record<string, unknown>[];
  /** The page's candidate ids, in order. */
  ids: number[];
  facets: Record<string, { options: FacetOption[]; distinct?: number; estimated: boolean }>;
  /** The salary slider's top ('N+', no upper bound) in the asked currency: 100,000 SGD at the database rate. */
  salaryMax: number;
}

/** The statistics and currency rates every search plans and converts with. */
export async function searchContext(knex: Knex): Promise<{ stats: TableStats; rates: Map<string, number> }> {
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  return { stats, rates };
}

/** A search as the search page asks it: the searcher's visibility, the params' filters, the total, the facets and the page. */
export async function searchCandidates(
  knex: Knex,
  request: { ability: AppAbility; actor: Actor; params: SearchParams },
): Promise<SearchAnswer> {
  const { ability, actor, params } = request;
  // The names of what the answer shows are read while the search runs.
  const labelsRead = labelsFor(knex, ability);
  labelsRead.catch(() => undefined);
  const { stats, rates } = await searchContext(knex);
  const filters: Filters = await buildFilters(knex, ability, actor, params, stats, rates);
  const counts = await countAndFacet(knex, filters, stats, { page: { filters, params } });
  const labels = await labelsRead;
  const ids = counts.pageIds;
  const results = await readResults(knex, ids, { actor, filters, labels, currency: params.currency, rates });
  const page = await results.docs;
  const facets = Object.fromEntries(
    counts.facets.map((f) => [
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
  const salaryMax = salarySliderMax(rates.get(params.currency) ?? 1);
  return { total: counts.total, totalIsEstimate: counts.totalIsEstimate, page, ids, facets, salaryMax };
}
