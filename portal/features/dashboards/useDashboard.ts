/** A dashboard's filters kept in the URL, and its call's loading, error and answer. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAddressParams, withQuery } from '../../components/useAddressState';
import { errorMessage } from '../../../ui/api/errors';
import type { DashboardQuery } from '../../api/dashboards';

export const FILTER_KEYS = ['from', 'to', 'week', 'companyId', 'projectId', 'adminId', 'kind'] as const;

export function useDashboard<T>(load: (q: DashboardQuery) => Promise<T>, paged = false) {
  const [params, editParams] = useAddressParams();
  const [result, setResult] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const query = useMemo<DashboardQuery>(() => {
    const q: DashboardQuery = {};
    for (const key of FILTER_KEYS) if (params.get(key)) q[key] = params.get(key) as string;
    if (paged) {
      q.page = Math.max(1, Number(params.get('p')) || 1);
      q.perPage = [25, 50, 100].includes(Number(params.get('pp'))) ? Number(params.get('pp')) : 25;
    }
    return q;
  }, [params, paged]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailure(null);
    load(query)
      .then((res) => live && setResult(res))
      .catch((err) => live && setFailure(errorMessage(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, load, attempt]);

  const set = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      editParams(withQuery(changes), { replace: true });
    },
    [editParams],
  );
  const clear = () => editParams(() => new URLSearchParams(), { replace: true });
  const filtered = FILTER_KEYS.some((k) => params.get(k));
  return { params, query, result, failure, loading, set, clear, filtered, retry: () => setAttempt((n) => n + 1) };
}
