/** Loads one page of the company's users (and the team counts) for the current query; `reload` after a change. */
import { useCallback, useEffect, useState } from 'react';
import { companyUsersApi, type CompanyUserRow, type TeamStats } from '../../api/companyUsers';
import { errorMessage } from '../../../ui/api/errors';
import { listParamsOf, type TeamQuery } from './teamQuery';

export function useTeamList(query: TeamQuery, withStats: boolean) {
  const [rows, setRows] = useState<CompanyUserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [stats, setStats] = useState<TeamStats>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const { page, perPage, search, status } = query;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    companyUsersApi
      .list(listParamsOf({ page, perPage, search, status }), controller.signal)
      .then((res) => {
        setRows(res.data);
        setTotal(res.total);
        setError(undefined);
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setError(errorMessage(err));
      })
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [page, perPage, search, status, version]);

  useEffect(() => {
    if (!withStats) return;
    companyUsersApi
      .stats()
      .then(setStats)
      .catch(() => setStats(undefined));
  }, [withStats, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, total, stats, loading, error, reload };
}
