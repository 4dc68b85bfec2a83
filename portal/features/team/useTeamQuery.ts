/** The team list's query kept in the URL; changing search or status goes back to page 1. */
import { useCallback, useMemo } from 'react';
import { useAddressParams } from '../../components/useAddressState';
import { readTeamQuery, writeTeamQuery, type TeamQuery } from './teamQuery';

export function useTeamQuery() {
  const [params, editParams] = useAddressParams();
  const query = useMemo(() => readTeamQuery(params), [params]);
  const update = useCallback(
    (changes: Partial<TeamQuery>) => {
      editParams((current) => {
        const base = readTeamQuery(current);
        const resetsPage = 'search' in changes || 'status' in changes || 'perPage' in changes;
        return writeTeamQuery({ ...base, ...(resetsPage ? { page: 1 } : {}), ...changes });
      });
    },
    [editParams],
  );
  return { query, update };
}
