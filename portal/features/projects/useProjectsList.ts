/** Loads one page of projects and the status counts for the view and query; `reload` after a change. */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../ui/api/errors';
import { projectsApi, type Pagination, type ProjectListItem, type StatusStats } from '../../api/projects';
import { listParamsOf, type ProjectsQuery } from './projectsQuery';
import type { ProjectsView } from './projectViews';

export function useProjectsList(view: ProjectsView, query: ProjectsQuery) {
  const [rows, setRows] = useState<ProjectListItem[]>([]);
  const [pagination, setPagination] = useState<Pagination>();
  const [stats, setStats] = useState<StatusStats>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const { page, perPage, q, status, sort } = query;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    projectsApi
      .list(listParamsOf(view, { page, perPage, q, status, sort }), controller.signal)
      .then((res) => {
        setRows(res.data);
        setPagination(res.pagination);
        setError(undefined);
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setError(errorMessage(err));
      })
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [view, page, perPage, q, status, sort, version]);

  useEffect(() => {
    const controller = new AbortController();
    projectsApi.statusStats(view, controller.signal).then(setStats, (err: unknown) => {
      if ((err as Error).name !== 'AbortError') setStats(undefined);
    });
    return () => controller.abort();
  }, [view, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, pagination, stats, loading, error, reload };
}
