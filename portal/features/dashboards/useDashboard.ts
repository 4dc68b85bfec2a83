/**
 * A dashboard's filters kept in the URL, and its call's loading, error and answer. A period the server would refuse
 * (a start after the end, longer than two years: schema/rules/dashboards.ts) is not asked for: it is said at the From
 * field (`fieldErrors.from`), as the server's own refusal of a field is. A failure a new try may mend offers `retry`;
 * a refused request (400) does not, since it fails again until the filters change. A log (`zoned`) sends the reader's
 * zone as `timeZone`, so its days (the filters' and the default end's) are the reader's, as its times are shown.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { t } from '../../../i18n';
import { localToday, todayOf } from '../../../schema/rules/candidate';
import { rangeProblem } from '../../../schema/rules/dashboards';
import { readerZone } from '../../../schema/rules/timeZones';
import { useAddressParams, withQuery } from '../../components/useAddressState';
import { ApiError } from '../../../ui/api/client';
import { errorMessage, fieldMessages } from '../../../ui/api/errors';
import type { DashboardQuery } from '../../api/dashboards';

export const FILTER_KEYS = ['from', 'to', 'week', 'companyId', 'projectId', 'adminId', 'kind'] as const;

/**
 * The server's default end of a period: a log's (sent with the reader's zone) is the reader's today, the others'
 * (weekly, overview: declared in UTC days) the UTC day.
 */
const today = (zoned: boolean) => (zoned ? localToday() : todayOf()).date;

/** The period's refusal the server would answer, checked before asking (a week is always a valid period). */
function periodProblem(q: DashboardQuery): Record<string, string> {
  if (q.week || !q.from) return {};
  const problem = rangeProblem(String(q.from), String(q.to ?? today(Boolean(q.timeZone))));
  return problem ? { from: t(problem) } : {};
}

export function useDashboard<T>(load: (q: DashboardQuery) => Promise<T>, paged = false, zoned = false) {
  const [params, editParams] = useAddressParams();
  const [result, setResult] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [retryable, setRetryable] = useState(true);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const query = useMemo<DashboardQuery>(() => {
    const q: DashboardQuery = {};
    for (const key of FILTER_KEYS) if (params.get(key)) q[key] = params.get(key) as string;
    if (paged) {
      q.page = Math.max(1, Number(params.get('p')) || 1);
      q.perPage = [25, 50, 100].includes(Number(params.get('pp'))) ? Number(params.get('pp')) : 25;
    }
    if (zoned) q.timeZone = readerZone();
    return q;
  }, [params, paged, zoned]);

  useEffect(() => {
    let live = true;
    setFailure(null);
    const refused = periodProblem(query);
    setFieldErrors(refused);
    if (Object.keys(refused).length) {
      // Not asked for: the figures shown would be another period's.
      setResult(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    load(query)
      .then((res) => live && setResult(res))
      .catch((err: unknown) => {
        if (!live) return;
        const fields = fieldMessages(err);
        setRetryable(!(err instanceof ApiError && err.status === 400));
        if (fields.from) {
          setResult(null);
          setFieldErrors(fields);
        } else setFailure(errorMessage(err));
      })
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
  const retry = retryable ? () => setAttempt((n) => n + 1) : undefined;
  return { params, query, result, failure, fieldErrors, loading, set, clear, filtered, retry };
}
