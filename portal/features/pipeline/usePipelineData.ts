/**
 * Loading a project's candidates: one tab (the list view) or the first page of every visible stage
 * (the board), cancelling the earlier request when the tab, the filters or the view change.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { StageId } from '../../../schema/rules/pipeline';
import { ApiError } from '../../../ui/api/client';
import { pipelineApi, type PipelineDoc, type StageStats } from '../../api/pipeline';

/** How many candidates each board column loads (the list view pages through the rest). */
export const BOARD_COLUMN_SIZE = 50;

export interface PipelineData {
  docs: PipelineDoc[];
  /** Candidates per shown stage (the list: the tab's; the board: every column's). */
  totals: Partial<Record<StageId, number>>;
  stats?: StageStats;
}

const asApiError = (err: unknown) =>
  err instanceof ApiError ? err : new ApiError(0, 'errors.internalServerError', String(err));

async function loadList(
  projectId: string,
  tab: StageId,
  query: URLSearchParams,
  signal: AbortSignal,
): Promise<PipelineData> {
  const answer = await pipelineApi.tab(projectId, tab, query, signal);
  return { docs: answer.docs, totals: { [tab]: answer.totalResults }, stats: answer.stats };
}

async function loadBoard(
  projectId: string,
  stages: readonly StageId[],
  query: URLSearchParams,
  signal: AbortSignal,
): Promise<PipelineData> {
  const q = new URLSearchParams(query);
  q.delete('p');
  q.set('pp', String(BOARD_COLUMN_SIZE));
  const answers = await Promise.all(stages.map((s) => pipelineApi.tab(projectId, s, q, signal)));
  const seen = new Set<string>();
  const docs: PipelineDoc[] = [];
  for (const answer of answers)
    for (const doc of answer.docs) if (!seen.has(doc.id) && seen.add(doc.id)) docs.push(doc);
  return {
    docs,
    totals: Object.fromEntries(stages.map((s, i) => [s, answers[i].totalResults])),
    stats: answers[answers.length - 1]?.stats,
  };
}

/** `key` changes whenever what is shown must be asked again (tab, view, filters, a finished move). */
export function usePipelineData(
  projectId: string | undefined,
  view: 'list' | 'board',
  tab: StageId | undefined,
  stages: readonly StageId[],
  query: string,
) {
  const [data, setData] = useState<PipelineData>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError>();
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController>(undefined);
  const stagesKey = stages.join(',');

  useEffect(() => {
    if (!projectId || tab === undefined) return undefined;
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setLoading(true);
    const params = new URLSearchParams(query);
    const shown = stagesKey ? (stagesKey.split(',').map(Number) as StageId[]) : [];
    (view === 'board'
      ? loadBoard(projectId, shown, params, mine.signal)
      : loadList(projectId, tab, params, mine.signal)
    )
      .then((answer) => {
        if (mine.signal.aborted) return;
        // Drawn as a transition: a board of many cards renders in slices rather than in one long task.
        startTransition(() => {
          setData(answer);
          setError(undefined);
          setLoading(false);
        });
      })
      .catch((err: unknown) => {
        if (mine.signal.aborted || (err as Error).name === 'AbortError') return;
        setError(asApiError(err));
        setLoading(false);
      });
    return () => mine.abort();
  }, [projectId, view, tab, stagesKey, query, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, error, reload };
}
