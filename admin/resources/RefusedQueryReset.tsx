/**
 * A list whose query the API refuses for its sort or its range (a sort the resource does not take,
 * a page larger than the API's largest) goes back to its default sort and page size, page 1,
 * instead of staying on an error react-admin would keep in its store for every later visit.
 */
import { useEffect } from 'react';
import { HttpError, useListContext, type SortPayload } from 'react-admin';

/** The fields the API named in a 400 answer (toHttpError puts them in `body.errors`). */
function refusedFields(error: unknown): string[] {
  if (!(error instanceof HttpError) || error.status !== 400) return [];
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
  return errors ? Object.keys(errors) : [];
}

export function RefusedQueryReset({ sort, perPage }: { sort: SortPayload; perPage: number }) {
  const list = useListContext();
  const { error, setSort, setPerPage } = list;
  const refused = refusedFields(error);
  const badSort = refused.includes('sort') && (list.sort.field !== sort.field || list.sort.order !== sort.order);
  const badRange = refused.includes('range') && (list.perPage !== perPage || list.page !== 1);
  useEffect(() => {
    // Both changes land in one navigation (react-admin gathers the list's changes of one tick).
    if (badSort) setSort(sort);
    if (badRange) setPerPage(perPage);
  }, [badSort, badRange, setSort, setPerPage, sort, perPage]);
  return null;
}
